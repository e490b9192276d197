"""Your own sounds, one store per user that every kernel and the Jupyter server share.

``register_sounds`` in a kernel writes the sample map here; the server (the sidebar) and
other kernels read it and show the sounds in the ``user`` category. The file lives in
Jupyter's data directory (``$STRUDEL_USER_SOUNDS`` overrides the path). Writers take an
exclusive lock and replace the file atomically, so two kernels writing at once both land.
The content is checked on every read: a corrupt or hostile store is reported as problems
and its bad parts are left out, never trusted.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .sounds import process_sample_map

__all__ = [
    "MAX_STORE_BYTES",
    "UserSounds",
    "add_user_sounds",
    "read_user_sounds",
    "remove_user_sounds",
    "store_path",
    "store_signature",
]

#: A store larger than this is refused (a sample map names files; it does not hold them).
MAX_STORE_BYTES = 2 * 1024 * 1024
#: At most this many sample maps are kept (one per register_sounds call).
MAX_MAPS = 500
_FORMAT = 1


def store_path() -> Path:
    """Where the store lives: ``$STRUDEL_USER_SOUNDS``, else ``<jupyter data dir>/strudel-jupyter/user-sounds.json``."""
    override = os.environ.get("STRUDEL_USER_SOUNDS")
    if override:
        return Path(override).expanduser()
    # every answer asks (one stat); jupyter_core resolves the data dir anew each time (~0.15 ms),
    # so it is kept per the environment variables it reads
    key = tuple(os.environ.get(name) for name in _DATA_DIR_VARIABLES)
    found = _DATA_PATHS.get(key)
    if found is None:
        from jupyter_core.paths import jupyter_data_dir

        found = _DATA_PATHS[key] = Path(jupyter_data_dir()) / "strudel-jupyter" / "user-sounds.json"
    return found


#: What ``jupyter_core.paths.jupyter_data_dir`` reads from the environment.
_DATA_DIR_VARIABLES = (
    "JUPYTER_DATA_DIR",
    "JUPYTER_PLATFORM_DIRS",
    "JUPYTER_CONFIG_DIR",
    "XDG_DATA_HOME",
    "HOME",
    "APPDATA",
    "USERPROFILE",
)
_DATA_PATHS: dict[tuple[str | None, ...], Path] = {}


def store_signature(path: Path | None = None) -> tuple[int, int, int] | None:
    """A cheap fingerprint (inode, mtime in ns, size) that changes with every write; None without a store."""
    try:
        stat = (path or store_path()).stat()
    except OSError:
        return None
    return (stat.st_ino, stat.st_mtime_ns, stat.st_size)  # a replace makes a new inode


@dataclass(frozen=True)
class UserSounds:
    """What the store holds: registry entries by name, the maps they came from, and any problems."""

    entries: dict[str, dict[str, Any]] = field(default_factory=dict)
    maps: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    signature: tuple[int, int, int] | None = None


def read_user_sounds(path: Path | None = None) -> UserSounds:
    """Read and check the store; never raises for its content (problems are listed instead)."""
    path = path or store_path()
    signature = store_signature(path)
    if signature is None:
        return UserSounds()
    if signature[2] > MAX_STORE_BYTES:
        return UserSounds(problems=[f"{path}: {signature[2]} bytes, more than {MAX_STORE_BYTES}; ignored"])
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        return UserSounds(problems=[f"{path} could not be read as JSON ({type(exc).__name__}); ignored"])
    if not isinstance(raw, dict) or not isinstance(raw.get("maps"), list):
        return UserSounds(problems=[f'{path} is not a user-sounds store ({{"maps": [...]}}); ignored'])
    entries: dict[str, dict[str, Any]] = {}
    maps: list[dict[str, Any]] = []
    problems: list[str] = []
    for i, record in enumerate(raw["maps"][:MAX_MAPS]):
        try:
            sample_map, base_url = _record(record)
            found = process_sample_map(sample_map, base_url)
        except (ValueError, TypeError) as exc:
            problems.append(f"{path}: map {i + 1} left out: {exc}")
            continue
        for data in found.values():
            data.pop("prebake", None)  # a stored sound is a user sound, whatever the file says
        entries.update(found)
        maps.append({"sample_map": sample_map, "base_url": base_url})
    if len(raw["maps"]) > MAX_MAPS:
        problems.append(f"{path}: only the first {MAX_MAPS} maps are used")
    return UserSounds(entries, maps, problems, signature)


def _record(record: Any) -> tuple[dict[str, Any], str | None]:
    if not isinstance(record, dict) or not isinstance(record.get("sample_map"), dict):
        raise ValueError('expected {"sample_map": {...}, "base_url": "..."}')
    base_url = record.get("base_url")
    if base_url is not None and not isinstance(base_url, str):
        raise ValueError("base_url must be a string")
    return record["sample_map"], base_url


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``<store>.lock`` for a read-modify-write (other writers wait)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_suffix(".lock"), "a+") as lock:
        try:
            import fcntl
        except ImportError:  # Windows: no advisory locks; the atomic replace still keeps the file whole
            yield
            return
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _write(path: Path, maps: list[dict[str, Any]]) -> None:
    text = json.dumps({"format": _FORMAT, "maps": maps}, ensure_ascii=False, indent=1)
    if len(text.encode()) > MAX_STORE_BYTES:
        raise ValueError(f"the user sounds would take more than {MAX_STORE_BYTES} bytes; remove some first")
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".user-sounds-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def add_user_sounds(sample_map: Mapping[str, Any], base_url: str | None = None, *, path: Path | None = None) -> None:
    """Append one sample map to the store (checked first: a bad map raises ``ValueError``)."""
    process_sample_map(sample_map, base_url)
    path = path or store_path()
    with _locked(path):
        current = read_user_sounds(path)
        _write(path, [*current.maps, {"sample_map": json.loads(json.dumps(sample_map)), "base_url": base_url}])


def remove_user_sounds(names: list[str] | None = None, *, path: Path | None = None) -> list[str]:
    """Remove the named sounds (all of them with ``names=None``); returns the names removed."""
    path = path or store_path()
    with _locked(path):
        current = read_user_sounds(path)
        if names is None:
            removed = sorted(current.entries)
            _write(path, [])
            return removed
        wanted = {n.lower() for n in names}
        maps, removed = [], []
        for record in current.maps:
            kept = {}
            for key, value in record["sample_map"].items():
                if key.lower().replace(" ", "_") in wanted:
                    removed.append(key.lower())
                else:
                    kept[key] = value
            if any(not k.startswith("_") for k in kept):
                maps.append({**record, "sample_map": kept})
        _write(path, maps)
        return removed
