"""The index's costly parts, built once per snapshot and per version of the code that builds them.

Building the reference's and the sounds' entries and text indexes from a snapshot's JSON
takes ~150 ms, most of a first answer; loading them as plain data (``marshal`` of dicts,
lists, tuples, strings and numbers: standard library only, nothing pickled) takes a few
milliseconds. Where they are kept:

* ``strudel_jupyter/_data/index.marshal``, beside the packaged snapshot: written by the
  package build (``hatch_build.py``) like the snapshot copy, git-ignored, never committed;
* the user's cache (``$STRUDEL_CACHE_DIR``, else ``$XDG_CACHE_HOME/strudel-jupyter``): any
  other snapshot (``$STRUDEL_SNAPSHOT``, a test's), or a packaged file gone stale, is built
  at run time once and kept there.

A file is used only when its key matches: the snapshot's bytes (``Snapshot.digest``), the
code that builds the parts (every ``data/*.py``, the phrasebook's ``.txt`` files and the package version), this cache's
format and the Python that reads it. A stale, foreign, truncated or corrupt file is ignored
and the parts are built again, never an error; built or loaded, the parts become the index
through the same code (``StrudelIndex``), so both answer alike. Standard library only: the
build hook runs this before the package's dependencies are installed.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import marshal
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from .phrasebook import PHRASEBOOK_DIR
from .reference import ReferenceIndex, reference_parts
from .snapshot import Snapshot, load_snapshot
from .sounds import sounds_parts

__all__ = [
    "CACHE_ENV",
    "INDEX_FILE",
    "PACKAGED_INDEX_PATH",
    "IndexParts",
    "build_parts",
    "cache_key",
    "load_index",
    "user_cache_dir",
    "write_index",
]

#: Where what is derived from a snapshot is kept between processes (the index's parts, the
#: tutorial pages' parse): $STRUDEL_CACHE_DIR, else the user's cache directory.
CACHE_ENV = "STRUDEL_CACHE_DIR"
INDEX_FILE = "index.marshal"
#: The parts of the packaged snapshot's index, written by the package build beside it.
PACKAGED_INDEX_PATH = Path(__file__).resolve().parents[1] / "_data" / INDEX_FILE
_DATA_DIR = Path(__file__).resolve().parent
_FORMAT = 1  # raise when what is kept (or how it is read) changes without a data/*.py change
_CACHE_FILES = 4  # index files kept in the user's cache, the most recent ones

#: ``{"reference": ReferenceParts, "noises": frozenset, "sounds": SoundsParts}``
IndexParts = dict[str, Any]
T = TypeVar("T")


def user_cache_dir() -> Path:
    """$STRUDEL_CACHE_DIR, else ``$XDG_CACHE_HOME/strudel-jupyter`` (``~/.cache`` by default)."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "strudel-jupyter"


@functools.cache
def _code_digest() -> str:
    """The code and data that build the parts: every module of data/, the phrasebook's files
    (the ``phrases`` text fields are built from them) and the package version."""
    digest = hashlib.sha256()
    sources = (*sorted(_DATA_DIR.glob("*.py")), *sorted(PHRASEBOOK_DIR.glob("*.txt")), _DATA_DIR.parent / "_version.py")
    for path in sources:
        try:
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        except OSError:
            digest.update(path.name.encode() + b"\1")
    return digest.hexdigest()


def cache_key(snapshot: Snapshot) -> str | None:
    """The key of ``snapshot``'s index parts; None when it was not read from files (nothing is kept)."""
    if not snapshot.digest:
        return None
    tag = sys.implementation.cache_tag or sys.implementation.name
    text = f"{_FORMAT}|{marshal.version}|{tag}|{_code_digest()}|{snapshot.digest}"
    return hashlib.sha256(text.encode()).hexdigest()


def build_parts(snapshot: Snapshot) -> IndexParts:
    """Build the index's costly parts from the snapshot's JSON (~150 ms)."""
    from .noise import noise_sounds  # needs the reference's entries

    reference = reference_parts(snapshot.docs)
    synths = {k for k, v in snapshot.soundmap.items() if v.get("data", {}).get("type") == "synth"}
    noises = noise_sounds(ReferenceIndex(parts=reference).entries, synths)
    registry = {k: dict(v.get("data", {})) for k, v in snapshot.soundmap.items()}
    return {
        "reference": reference,
        "noises": noises,
        "sounds": sounds_parts(registry, snapshot.programs, noises),
    }


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """No garbage collection while ~100,000 objects are made at once and none is garbage:
    the collector would walk them again and again (it doubles the load, ~10 ms)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _read(path: Path, key: str) -> IndexParts | None:
    try:
        kept = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError, MemoryError):
        return None  # missing, truncated, not marshal data (a damaged length may ask for any size): built again
    if not (isinstance(kept, tuple) and len(kept) == 2 and kept[0] == key and isinstance(kept[1], dict)):
        return None  # another snapshot's, older code's, or not ours
    return kept[1]


def _write(path: Path, key: str, parts: IndexParts) -> bool:
    """Keep ``parts`` under ``key`` in ``path``, atomically; False when it cannot be written."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        data = marshal.dumps((key, parts))
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        tmp.replace(path)
    except (OSError, ValueError):
        try:
            tmp.unlink(missing_ok=True)  # a full disk leaves no half-written file behind
        except OSError:
            pass
        return False  # a read-only home or package: built again next time
    return True


def load_index(snapshot: Snapshot, adopt: Callable[[IndexParts], T], *, cache: bool = True) -> T:
    """``adopt(parts)`` with the parts kept for ``snapshot``, else with parts built now (then kept).

    A kept file whose parts ``adopt`` rejects (any exception) is passed over like a stale one.
    ``cache=False`` builds the parts and neither reads nor writes any file.
    """
    key = cache_key(snapshot) if cache else None
    if key is None:
        return adopt(build_parts(snapshot))
    user_path = user_cache_dir() / f"index-{key[:32]}.marshal"
    for path in (PACKAGED_INDEX_PATH, user_path):
        with _collector_paused():
            parts = _read(path, key)
            if parts is None:
                continue
            try:
                return adopt(parts)
            except Exception:  # noqa: BLE001 - the right key but the wrong shape: built again below
                continue
    parts = build_parts(snapshot)
    adopted = adopt(parts)
    if _write(user_path, key, parts):
        _prune(user_path.parent)
    return adopted


def _prune(directory: Path) -> None:
    """Older snapshots' or code's index files: the few most recent are kept."""
    try:
        kept = sorted(directory.glob("index-*.marshal"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in kept[_CACHE_FILES:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass


def write_index(snapshot_dir: os.PathLike[str] | str, path: os.PathLike[str] | str = PACKAGED_INDEX_PATH) -> str:
    """Build the index parts of the snapshot in ``snapshot_dir`` and keep them in ``path``.

    The package build's step (``hatch_build.py``): returns the key; raises ``OSError`` when
    ``path`` cannot be written and ``SnapshotError`` for an unusable snapshot.
    """
    snapshot = load_snapshot(snapshot_dir)
    key = cache_key(snapshot)
    assert key is not None  # read from files, so it has a digest
    if not _write(Path(path), key, build_parts(snapshot)):
        raise OSError(f"cannot write the index parts to {path}")
    return key
