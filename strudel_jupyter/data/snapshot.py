"""Find, load, validate and install a Strudel data snapshot.

A snapshot is a directory holding ``doc.json`` (jsdoc output), ``soundmap.json``
(the sound registry after the REPL's prebake) and optionally ``symbols.json``
(every callable name in the REPL scope), ``soundfont-programs.json`` (the General MIDI
program names behind each ``gm_*`` sound), ``tonal.json`` (the scale, chord and voicing
names ``scale()``/``chord()``/``voicing()`` accept), ``sample-maps/`` and ``manifest.json``.

Resolution, in one place: explicit ``path=`` > ``$STRUDEL_SNAPSHOT`` > the snapshot
packaged inside ``strudel_jupyter`` at build time.

Standard library only: the build hook uses this module before pandas is installed.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .reference_tab import reference_entries
from .sounds_tab import category_counts
from .tonal import check_tonal

__all__ = [
    "MANIFEST_FILE",
    "PAGES_DIR",
    "PROGRAMS_FILE",
    "PACKAGED_SNAPSHOT_DIR",
    "SNAPSHOT_ENV",
    "TONAL_FILE",
    "Snapshot",
    "SnapshotError",
    "count_pages",
    "ENGINE_SCRIPT",
    "engine_script_path",
    "file_sha256",
    "install_snapshot",
    "load_snapshot",
    "resolve_snapshot_dir",
    "snapshot_counts",
    "write_manifest",
]

SNAPSHOT_ENV = "STRUDEL_SNAPSHOT"
# Where the build hook (hatch_build.py) embeds the snapshot: the package root, not this folder.
PACKAGED_SNAPSHOT_DIR = Path(__file__).resolve().parents[1] / "_data" / "snapshot"
MANIFEST_FILE = "manifest.json"
MANIFEST_SCHEMA = 1

REQUIRED_FILES = ("doc.json", "soundmap.json")
#: Strudel's engine modules as one script (see ``engine/``), inside the snapshot directory.
ENGINE_SCRIPT = "engine/strudel-engine.js"
PROGRAMS_FILE = "soundfont-programs.json"
TONAL_FILE = "tonal.json"
OPTIONAL_FILES = ("symbols.json", "soundmap-aliases.json", PROGRAMS_FILE, TONAL_FILE)
#: Strudel's tutorial pages (optional: the npm pipeline cannot build them; data/pages.py reads them).
PAGES_DIR = "pages"


class SnapshotError(Exception):
    """A snapshot is missing, unreadable, truncated or not shaped like Strudel's data."""

    def __init__(self, path: os.PathLike[str] | str, problem: str) -> None:
        self.path = Path(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


@dataclass(frozen=True)
class Snapshot:
    """The raw data of one snapshot, validated; indexes are built from this."""

    path: Path
    origin: str  # "path", "env" or "packaged"
    docs: list[dict[str, Any]]
    soundmap: dict[str, dict[str, Any]]
    symbols: dict[str, Any] | None = None
    manifest: dict[str, Any] | None = None
    files: tuple[str, ...] = field(default_factory=tuple)
    # {gm sound key: [{"program", "family"}, ...]}; empty when the snapshot has no such file
    programs: dict[str, list[dict[str, str]]] = field(default_factory=dict)
    # tonal.json as read (scales, chords, voicings); None when the snapshot has no such file
    tonal: dict[str, Any] | None = None
    # sha256 of the bytes ``docs``, ``soundmap`` and ``programs`` were read from (load_snapshot
    # sets it): the key of the index built from them (data/index_cache.py). None when they were
    # not read from files; whoever replaces one of the three must set it to None too.
    digest: str | None = None


# ------------------------------------------------------------------ resolving
def resolve_snapshot_dir(path: os.PathLike[str] | str | None = None) -> tuple[Path, str]:
    """Return ``(directory, origin)`` by the resolution order; raise ``SnapshotError`` if none."""
    if path is not None:
        return Path(path).expanduser(), "path"
    env = os.environ.get(SNAPSHOT_ENV, "").strip()
    if env:
        return Path(env).expanduser(), "env"
    if (PACKAGED_SNAPSHOT_DIR / "doc.json").exists():
        return PACKAGED_SNAPSHOT_DIR, "packaged"
    raise SnapshotError(
        PACKAGED_SNAPSHOT_DIR,
        "no snapshot found: pass path=, set $STRUDEL_SNAPSHOT to a snapshot directory, "
        "or reinstall with STRUDEL_SNAPSHOT_SOURCE=<snapshot dir> pip install -e .",
    )


def engine_script_path(path: os.PathLike[str] | str | None = None) -> Path:
    """The snapshot's engine script, resolved like the snapshot; ``SnapshotError`` when missing."""
    directory, _ = resolve_snapshot_dir(path)
    script = directory / ENGINE_SCRIPT
    if not script.is_file():
        raise SnapshotError(
            script,
            "Strudel's engine script is missing from the snapshot: rebuild the snapshot "
            "(`strudel-jupyter snapshot build`) or point $STRUDEL_SNAPSHOT at one that has engine/",
        )
    return script


# -------------------------------------------------------------------- loading
def _read_json(path: Path, digest: Any = None) -> Any:
    """The JSON in ``path``; its name and bytes also go into ``digest`` (a hashlib object) if given."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SnapshotError(path, "file is missing") from None
    except OSError as exc:
        raise SnapshotError(path, f"cannot read file ({exc.strerror or exc})") from None
    if not raw.strip():
        raise SnapshotError(path, "file is empty")
    if digest is not None:
        digest.update(f"{path.name}\0{len(raw)}\0".encode())
        digest.update(raw)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SnapshotError(path, "file is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        cut = exc.msg.startswith("Unterminated string") or exc.pos >= len(text.rstrip()) - 1
        hint = "truncated" if cut else "invalid"
        raise SnapshotError(path, f"{hint} JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise SnapshotError(path, "JSON nested too deeply") from None


def _check_docs(path: Path, doc: Any) -> list[dict[str, Any]]:
    if not isinstance(doc, dict) or not isinstance(doc.get("docs"), list):
        raise SnapshotError(path, 'expected a JSON object with a "docs" array (jsdoc-json output)')
    docs = doc["docs"]
    for i, entry in enumerate(docs):
        if not isinstance(entry, dict):
            raise SnapshotError(path, f"docs[{i}] is {type(entry).__name__}, expected an object")
        for key, kind in (("name", str), ("description", str), ("examples", list), ("params", list)):
            if key in entry and entry[key] is not None and not isinstance(entry[key], kind):
                raise SnapshotError(path, f"docs[{i}].{key} is {type(entry[key]).__name__}, expected {kind.__name__}")
    if not any(True for _ in reference_entries(docs)):
        raise SnapshotError(path, "no documented entries (no doclet has a name and a description)")
    return docs


def _check_soundmap(path: Path, soundmap: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(soundmap, dict) or not soundmap:
        raise SnapshotError(path, 'expected a non-empty JSON object {name: {"data": {...}}}')
    for name, entry in soundmap.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("data"), dict):
            raise SnapshotError(path, f'entry {name!r} has no "data" object')
        if not isinstance(entry["data"].get("type"), str):
            raise SnapshotError(path, f'entry {name!r} has no string "data.type"')
    return soundmap


def _check_symbols(path: Path, symbols: Any) -> dict[str, Any]:
    if not isinstance(symbols, dict):
        raise SnapshotError(path, "expected a JSON object with globals, methods and controls")
    if not isinstance(symbols.get("globals"), dict) or not isinstance(symbols.get("methods"), list):
        raise SnapshotError(path, 'expected "globals" (object) and "methods" (array)')
    if "controls" in symbols and not isinstance(symbols["controls"], list):
        raise SnapshotError(path, '"controls" must be an array')
    return symbols


def _check_programs(path: Path, programs: Any) -> dict[str, list[dict[str, str]]]:
    if not isinstance(programs, dict):
        raise SnapshotError(path, 'expected a JSON object {sound key: [{"program", "family"}, ...]}')
    for key, entries in programs.items():
        if not isinstance(entries, list) or not all(
            isinstance(e, dict) and isinstance(e.get("program"), str) and isinstance(e.get("family"), str)
            for e in entries
        ):
            raise SnapshotError(path, f'entry {key!r} must be a list of {{"program", "family"}} strings')
    return programs


def load_snapshot(path: os.PathLike[str] | str | None = None) -> Snapshot:
    """Load and validate a snapshot directory; nothing is returned half-loaded."""
    directory, origin = resolve_snapshot_dir(path)
    if not directory.is_dir():
        raise SnapshotError(
            directory, "snapshot directory does not exist" if not directory.exists() else "not a directory"
        )
    digest = hashlib.sha256()
    docs = _check_docs(directory / "doc.json", _read_json(directory / "doc.json", digest))
    soundmap = _check_soundmap(directory / "soundmap.json", _read_json(directory / "soundmap.json", digest))
    symbols = None
    if (directory / "symbols.json").exists():
        symbols = _check_symbols(directory / "symbols.json", _read_json(directory / "symbols.json"))
    programs = {}
    if (directory / PROGRAMS_FILE).exists():
        programs = _check_programs(directory / PROGRAMS_FILE, _read_json(directory / PROGRAMS_FILE, digest))
    tonal = None
    if (directory / TONAL_FILE).exists():
        tonal = _read_json(directory / TONAL_FILE)
        problem = check_tonal(tonal)
        if problem is not None:
            raise SnapshotError(directory / TONAL_FILE, problem)
    manifest = None
    if (directory / MANIFEST_FILE).exists():
        manifest = _read_json(directory / MANIFEST_FILE)
        if not isinstance(manifest, dict):
            raise SnapshotError(directory / MANIFEST_FILE, "expected a JSON object")
    files = tuple(f for f in (*REQUIRED_FILES, *OPTIONAL_FILES, MANIFEST_FILE) if (directory / f).exists())
    return Snapshot(directory, origin, docs, soundmap, symbols, manifest, files, programs, tonal, digest.hexdigest())


# ------------------------------------------------------------------- manifest
def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def count_pages(directory: os.PathLike[str] | str) -> int:
    """How many tutorial pages (``pages/**/*.mdx``) a snapshot holds: 0 without ``pages/``."""
    root = Path(directory) / PAGES_DIR
    return sum(1 for _ in root.rglob("*.mdx")) if root.is_dir() else 0


def snapshot_counts(
    docs: Sequence[Mapping[str, Any]], soundmap: Mapping[str, Mapping[str, Any]], *, pages: int = 0
) -> dict[str, Any]:
    """Counts as the REPL shows them: reference entries and each sounds category (and tutorial pages, if any)."""
    counts: dict[str, Any] = {"reference": sum(1 for _ in reference_entries(docs)), "sounds": category_counts(soundmap)}
    if pages:
        counts["pages"] = pages
    return counts


def write_manifest(
    directory: os.PathLike[str] | str,
    *,
    source: str,
    versions: Mapping[str, str] | None = None,
    extra: Mapping[str, Any] | None = None,
    built: str | None = None,
) -> dict[str, Any]:
    """Validate ``directory`` and write its ``manifest.json`` (sha256 per file, counts, source)."""
    from datetime import UTC, datetime  # here: loading a snapshot (every first answer) never needs it

    directory = Path(directory)
    snap = load_snapshot(directory)
    files = sorted(
        p.relative_to(directory).as_posix() for p in directory.rglob("*") if p.is_file() and p.name != MANIFEST_FILE
    )
    manifest: dict[str, Any] = {
        "schema": MANIFEST_SCHEMA,
        "source": source,
        "built": built or datetime.now(UTC).replace(microsecond=0).isoformat(),
        "versions": dict(versions or {}),
        "counts": snapshot_counts(snap.docs, snap.soundmap, pages=count_pages(directory)),
        "files": {f: {"sha256": file_sha256(directory / f), "bytes": (directory / f).stat().st_size} for f in files},
    }
    if extra:
        manifest.update(extra)
    tmp = directory / (MANIFEST_FILE + ".tmp")
    tmp.write_text(json.dumps(manifest, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    tmp.replace(directory / MANIFEST_FILE)
    return manifest


def verify_manifest(directory: os.PathLike[str] | str) -> list[str]:
    """Return a list of problems where files differ from the manifest's sha256 (empty = intact)."""
    directory = Path(directory)
    manifest = _read_json(directory / MANIFEST_FILE)
    problems = []
    for name, meta in (manifest.get("files") or {}).items():
        path = directory / name
        if not path.exists():
            problems.append(f"{name}: missing")
        elif file_sha256(path) != meta.get("sha256"):
            problems.append(f"{name}: sha256 differs from manifest")
    return problems


# ----------------------------------------------------------------- installing
def install_snapshot(
    source: os.PathLike[str] | str,
    dest: os.PathLike[str] | str = PACKAGED_SNAPSHOT_DIR,
    *,
    source_label: str | None = None,
    versions: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Copy a snapshot directory to ``dest`` with a fresh manifest, atomically.

    The copy is validated in a temporary sibling directory and only then swapped in,
    so a bad source or an interrupted copy leaves any existing snapshot at ``dest``
    untouched. Returns the manifest.
    """
    source, dest = Path(source).expanduser().resolve(), Path(dest)
    load_snapshot(source)  # fail early, before touching dest
    dest.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".snapshot-", dir=dest.parent))
    try:
        tree = staging / "snapshot"
        shutil.copytree(source, tree, ignore=shutil.ignore_patterns(MANIFEST_FILE, "*.tmp", "README*"))
        old = None
        if (source / MANIFEST_FILE).exists():
            old = _read_json(source / MANIFEST_FILE)
        manifest = write_manifest(
            tree,
            source=source_label or str(source),
            versions=versions or (old.get("versions") if isinstance(old, dict) else None),
            built=(old.get("built") if isinstance(old, dict) else None),
        )
        backup = staging / "previous"
        had_previous = dest.exists()
        if had_previous:
            dest.replace(backup)
        try:
            tree.replace(dest)
        except BaseException:
            if had_previous:
                backup.replace(dest)
            raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return manifest
