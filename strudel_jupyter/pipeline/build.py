"""Build a Strudel snapshot from the npm registry, the way Strudel builds its own data.

Steps: gather the prebake's sample maps (CDN or a local folder), install the pinned
Strudel packages with ``npm ci`` into a cache directory, run jsdoc over their sources
(``doc.json``), read the General MIDI program names of ``@strudel/soundfonts``
(``soundfont-programs.json``), run Strudel's sound registration (``soundmap.json``),
read the REPL scope (``symbols.json``) and the tonal names (``tonal.json``) in Node, then
install the result atomically.

Standard library only: the build hook runs this before pandas is installed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..data.snapshot import (
    PACKAGED_SNAPSHOT_DIR,
    PROGRAMS_FILE,
    TONAL_FILE,
    SnapshotError,
    file_sha256,
    install_snapshot,
)
from .soundfont_programs import GM_MODULE, write_programs

__all__ = [
    "HELPER_DIR",
    "SAMPLE_MAPS_ENV",
    "BuildResult",
    "PipelineError",
    "build_snapshot",
    "default_work_dir",
    "load_pipeline_config",
]

HELPER_DIR = Path(__file__).resolve().parent / "node"
SAMPLE_MAPS_ENV = "STRUDEL_SAMPLE_MAPS"
MIN_NODE = (18, 19)  # module.register() with initialize(data): the hooks need it
STAMP_FILE = ".strudel-jupyter-lock.sha256"
STEP_TIMEOUT = 900  # seconds; npm ci on a cold cache takes about a minute
CDN_TIMEOUT = 30
LOCK_TIMEOUT = 1800  # seconds to wait for another build using the same work directory

Progress = Callable[[str], None]


class PipelineError(Exception):
    """The pipeline cannot build a snapshot; the message is one line for people."""


@dataclass(frozen=True)
class BuildResult:
    """What ``build_snapshot`` installed."""

    directory: Path
    manifest: dict[str, Any]
    seconds: float
    sample_maps: str


def _quiet(_: str) -> None:
    pass


def load_pipeline_config() -> dict[str, Any]:
    """The pipeline's own configuration (``node/pipeline.json``)."""
    return json.loads((HELPER_DIR / "pipeline.json").read_text(encoding="utf-8"))


def default_work_dir() -> Path:
    """Where node_modules lives: the package directory may be read-only once installed."""
    cache = os.environ.get("XDG_CACHE_HOME", "").strip()
    base = Path(cache).expanduser() if cache else Path.home() / ".cache"
    return base / "strudel-jupyter" / "node"


# ---------------------------------------------------------------- tool checks
def _find_node() -> tuple[str, str, str]:
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node:
        raise PipelineError(
            f"Node.js is not installed (no `node` on PATH); the snapshot build needs Node >= {MIN_NODE[0]}.{MIN_NODE[1]}"
        )
    if not npm:
        raise PipelineError("npm is not installed (no `npm` on PATH); the snapshot build installs Strudel with npm ci")
    try:
        version = subprocess.run(
            [node, "--version"], check=False, capture_output=True, text=True, timeout=30
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError) as exc:
        raise PipelineError(f"cannot run {node}: {exc}") from None
    match = re.match(r"v(\d+)\.(\d+)", version)
    if not match or (int(match[1]), int(match[2])) < MIN_NODE:
        raise PipelineError(
            f"Node {version or '(unknown version)'} is too old; the snapshot build needs Node >= {MIN_NODE[0]}.{MIN_NODE[1]}"
        )
    return node, npm, version


# ----------------------------------------------------------------- sample maps
def _check_sample_map(name: str, raw: bytes, where: str, *, alias: bool = False) -> None:
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PipelineError(f"sample map {name}.json from {where} is malformed: not JSON ({exc})") from None
    if not isinstance(data, dict) or not data:
        raise PipelineError(f"sample map {name}.json from {where} is malformed: expected a non-empty JSON object")
    for key, value in data.items():
        ok = isinstance(value, (str, list)) if alias else isinstance(value, (str, list, dict))
        if not ok:
            raise PipelineError(
                f"sample map {name}.json from {where} is malformed: entry {key!r} is {type(value).__name__}"
            )


def _fetch(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "strudel-jupyter snapshot pipeline"})
    try:
        with urllib.request.urlopen(request, timeout=CDN_TIMEOUT) as response:
            return response.read()
    except urllib.error.HTTPError as exc:
        raise PipelineError(f"sample map {url} is missing on the CDN (HTTP {exc.code})") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise PipelineError(
            f"cannot download sample map {url} ({reason}); use --sample-maps DIR or ${SAMPLE_MAPS_ENV} for offline builds"
        ) from None


def _gather_sample_maps(config: Mapping[str, Any], folder: Path | None, out: Path, progress: Progress) -> str:
    """Copy (or download) every sample map into ``out`` byte for byte; return where they came from."""
    prebake = config["prebake"]
    cdn = prebake["cdn"].rstrip("/")
    out.mkdir(parents=True, exist_ok=True)
    if folder is not None and not folder.is_dir():
        raise PipelineError(f"sample map folder {folder} does not exist")
    entries = [(m["name"], False) for m in prebake["maps"]] + [(prebake["alias"]["name"], True)]
    where = str(folder) if folder is not None else cdn
    progress(f"sample maps from {where}")
    index = []
    for name, alias in entries:
        if folder is not None:
            path = folder / f"{name}.json"
            if not path.is_file():
                raise PipelineError(f"sample map {name}.json is missing from {folder}")
            raw, origin = path.read_bytes(), str(path)
        else:
            origin = f"{cdn}/{name}.json"
            raw = _fetch(origin)
        _check_sample_map(name, raw, where, alias=alias)
        (out / f"{name}.json").write_bytes(raw)
        index.append((name, origin))

    # prebake passes Dirt-Samples as an object literal in website code, which is neither on
    # npm nor on the CDN. We never ship a copy of Strudel's data: a local sample-map folder
    # may carry it (as the shared snapshot's does); without one these 10 sounds are skipped.
    inline = prebake["inline"]
    local = folder / f"{inline['name']}.json" if folder is not None else None
    inline_source: str | None = None
    if local is not None and local.is_file():
        raw = local.read_bytes()
        _check_sample_map(inline["name"], raw, str(folder))
        (out / f"{inline['name']}.json").write_bytes(raw)
        inline_source = str(local)
    else:
        progress(
            f"warning: no {inline['name']}.json in the sample maps: the REPL's inline Dirt-Samples subset "
            "(website code, not published) is left out"
        )

    by_name = dict(index)
    maps = [
        {
            "file": f"{m['name']}.json",
            "loadedBy": "samples()",
            "url": f"{cdn}/{m['name']}.json",
            "from": by_name[m["name"]],
            "baseUrl": m["baseUrl"],
            "options": m["options"],
        }
        for m in prebake["maps"]
    ]
    if inline_source is not None:
        maps.append(
            {
                "file": f"{inline['name']}.json",
                "loadedBy": "samples() (inline map)",
                "url": None,
                "from": inline_source,
                "baseUrl": inline["baseUrl"],
                "options": inline["options"],
            }
        )
    alias_name = prebake["alias"]["name"]
    maps.append(
        {
            "file": f"{alias_name}.json",
            "loadedBy": "aliasBank()",
            "url": f"{cdn}/{alias_name}.json",
            "from": by_name[alias_name],
        }
    )
    index_doc = {
        "description": "Sample maps registered by the snapshot pipeline, in the REPL prebake's call order.",
        "maps": maps,
    }
    (out / "index.json").write_text(json.dumps(index_doc, indent=2) + "\n", encoding="utf-8")
    return where


# ----------------------------------------------------------------- node helper
def _copy_helper(work_dir: Path) -> None:
    """Put our package.json, lock file, config and scripts next to node_modules."""
    work_dir.mkdir(parents=True, exist_ok=True)
    if work_dir.resolve() == HELPER_DIR.resolve():
        return
    for item in HELPER_DIR.iterdir():
        if item.name == "node_modules":
            continue
        target = work_dir / item.name
        if item.is_dir():
            shutil.copytree(item, target, dirs_exist_ok=True)
        else:
            shutil.copy2(item, target)


@contextmanager
def _locked(work_dir: Path, progress: Progress) -> Iterator[None]:
    """One build per work directory at a time (npm ci deletes node_modules first)."""
    work_dir.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks; concurrent builds are the user's call
        yield
        return
    with (work_dir / ".lock").open("w") as handle:
        deadline = time.monotonic() + LOCK_TIMEOUT
        waiting = False
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise PipelineError(f"another snapshot build is still using {work_dir}") from None
                if not waiting:
                    progress(f"waiting for another snapshot build using {work_dir}")
                    waiting = True
                time.sleep(1)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


_NETWORK_ERRORS = ("ENOTFOUND", "ECONNREFUSED", "ETIMEDOUT", "EAI_AGAIN", "ECONNRESET", "network")


def _npm_ci(npm: str, work_dir: Path, *, reinstall: bool, progress: Progress) -> None:
    stamp = work_dir / "node_modules" / STAMP_FILE
    lock_hash = file_sha256(work_dir / "package-lock.json")
    if not reinstall and stamp.is_file() and stamp.read_text().strip() == lock_hash:
        progress(f"npm packages already installed in {work_dir}")
        return
    output = _run(
        [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=work_dir,
        label="npm ci",
        progress=progress,
        relay=False,
    )
    if output.returncode != 0:
        lines = [ln for ln in output.stderr.splitlines() if "Unknown user config" not in ln and ln.strip()]
        text = " ".join(lines)
        if any(marker in text for marker in _NETWORK_ERRORS):
            raise PipelineError(f"npm registry unreachable during npm ci: {_first_npm_error(lines)}")
        raise PipelineError(f"npm ci failed (exit {output.returncode}): {_first_npm_error(lines)}")
    stamp.write_text(lock_hash + "\n")


def _first_npm_error(lines: list[str]) -> str:
    """The most telling line of npm's error report (the request that failed, if any)."""
    errors = [ln.removeprefix("npm error").strip() for ln in lines if ln.startswith("npm error")]
    errors = [e for e in errors if e and not e.startswith(("A complete log", "at "))]
    telling = [e for e in errors if "request to" in e or "reason:" in e or e.startswith("404")]
    return (telling or errors or lines or ["no output"])[0]


@dataclass
class _Outcome:
    returncode: int
    stderr: str


def _run(
    cmd: list[str],
    *,
    cwd: Path,
    label: str,
    progress: Progress,
    env: Mapping[str, str] | None = None,
    relay: bool = True,
) -> _Outcome:
    """Run one slow step, relaying its ``progress:`` lines and a heartbeat every 15 s."""
    started = time.monotonic()
    progress(f"{label}: started")
    try:
        proc = subprocess.Popen(
            cmd,
            cwd=cwd,
            env={**os.environ, **(env or {})},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
        )
    except OSError as exc:
        raise PipelineError(f"cannot start {label}: {exc}") from None
    lines: list[str] = []

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            line = line.rstrip("\n")
            lines.append(line)
            if relay and line.startswith("progress: "):
                progress(f"{label}: {line.removeprefix('progress: ')}")

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        while True:
            try:
                proc.wait(timeout=15)
                break
            except subprocess.TimeoutExpired:
                elapsed = time.monotonic() - started
                if elapsed > STEP_TIMEOUT:
                    proc.kill()
                    proc.wait()
                    raise PipelineError(f"{label} took longer than {STEP_TIMEOUT} s and was stopped") from None
                progress(f"{label}: still running ({elapsed:.0f} s)")
    except BaseException:
        if proc.poll() is None:  # interrupted (Ctrl-C): do not leave Node running
            proc.kill()
            proc.wait()
        raise
    reader.join(timeout=10)
    progress(f"{label}: done in {time.monotonic() - started:.1f} s")
    return _Outcome(proc.returncode, "\n".join(lines))


def _node_step(
    node: str,
    script: str,
    args: list[str],
    *,
    work_dir: Path,
    label: str,
    progress: Progress,
    hooks: bool,
    env: Mapping[str, str] | None = None,
) -> None:
    cmd = [node, *(["--import", "./lib/register.mjs"] if hooks else []), script, *args]
    outcome = _run(cmd, cwd=work_dir, label=label, progress=progress, env=env)
    if outcome.returncode != 0:
        errors = [ln.removeprefix("error: ") for ln in outcome.stderr.splitlines() if ln.startswith("error: ")]
        other = [ln for ln in outcome.stderr.splitlines() if ln.strip() and not ln.startswith("progress: ")]
        raise PipelineError(f"{label} failed: {(errors or other or [f'exit {outcome.returncode}'])[0]}")


def _versions(work_dir: Path, config: Mapping[str, Any], node_version: str) -> dict[str, str]:
    """The installed version of every package the manifest records (read from node_modules)."""
    versions: dict[str, str] = {}
    for name in [p["name"] for p in config["packages"]] + ["jsdoc", "jsdoc-json"]:
        manifest = work_dir / "node_modules" / name / "package.json"
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
        except FileNotFoundError:
            why = f"{manifest} is missing; run the build again with --reinstall"
        except OSError as exc:
            why = f"cannot read {manifest} ({exc.strerror or exc})"
        except ValueError as exc:  # also UnicodeDecodeError
            why = f"{manifest} is not JSON ({exc})"
        else:
            version = data.get("version") if isinstance(data, dict) else None
            if isinstance(version, str) and version:
                versions[name] = version
                continue
            why = f"{manifest} has no version"
        raise PipelineError(f"cannot read the version of {name}: {why}")
    versions["node"] = node_version
    return versions


def _soundfont_programs(work_dir: Path, snapshot_dir: Path, progress: Progress) -> None:
    """``soundfont-programs.json`` from the installed ``@strudel/soundfonts`` (its ``gm.mjs``)."""
    gm_module = work_dir / "node_modules" / GM_MODULE
    try:
        count = write_programs(gm_module, snapshot_dir / PROGRAMS_FILE)
    except (OSError, ValueError) as exc:
        raise PipelineError(f"cannot read the General MIDI programs from {gm_module}: {exc}") from None
    progress(f"soundfont programs: {PROGRAMS_FILE}: {count} sounds")


# ----------------------------------------------------------------------- build
def build_snapshot(
    dest: os.PathLike[str] | str = PACKAGED_SNAPSHOT_DIR,
    *,
    sample_maps: os.PathLike[str] | str | None = None,
    work_dir: os.PathLike[str] | str | None = None,
    reinstall: bool = False,
    progress: Progress | None = None,
) -> BuildResult:
    """Build a snapshot from npm and install it at ``dest``; raise ``PipelineError`` on failure.

    ``sample_maps`` (or ``$STRUDEL_SAMPLE_MAPS``) is a local folder of the prebake's
    sample maps; without it they are downloaded from Strudel's CDN. Everything is built
    in a temporary directory and swapped in only when complete, so a failed or
    interrupted build leaves an existing snapshot at ``dest`` untouched.
    """
    progress = progress or _quiet
    started = time.monotonic()
    dest = Path(dest).expanduser()
    work = Path(work_dir).expanduser() if work_dir is not None else default_work_dir()
    if sample_maps is None and os.environ.get(SAMPLE_MAPS_ENV, "").strip():
        sample_maps = os.environ[SAMPLE_MAPS_ENV].strip()
    folder = Path(sample_maps).expanduser().resolve() if sample_maps is not None else None

    config = load_pipeline_config()
    node, npm, node_version = _find_node()
    try:
        work.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PipelineError(f"cannot create the work directory {work}: {exc.strerror or exc}") from None
    with _locked(work, progress):
        scratch = Path(tempfile.mkdtemp(prefix="scratch-", dir=work))
        progress(f"building in {scratch}")
        try:
            snapshot_dir = scratch / "snapshot"
            where = _gather_sample_maps(config, folder, snapshot_dir / "sample-maps", progress)
            _copy_helper(work)
            _npm_ci(npm, work, reinstall=reinstall, progress=progress)
            _node_step(
                node,
                "build-doc.mjs",
                ["--out", str(snapshot_dir / "doc.json"), "--tree", str(scratch / "tree")],
                work_dir=work,
                label="jsdoc",
                progress=progress,
                hooks=False,
            )
            shutil.rmtree(scratch / "tree", ignore_errors=True)
            _soundfont_programs(work, snapshot_dir, progress)
            _node_step(
                node,
                "build-soundmap.mjs",
                ["--maps", str(snapshot_dir / "sample-maps"), "--out", str(snapshot_dir)],
                work_dir=work,
                label="sound registry",
                progress=progress,
                hooks=True,
            )
            _node_step(
                node,
                "build-symbols.mjs",
                ["--out", str(snapshot_dir / "symbols.json")],
                work_dir=work,
                label="REPL scope",
                progress=progress,
                hooks=True,
                env={"STRUDEL_PIPELINE_DOC_JSON": str(snapshot_dir / "doc.json")},
            )
            _node_step(
                node,
                "build-tonal.mjs",
                ["--out", str(snapshot_dir / TONAL_FILE)],
                work_dir=work,
                label="tonal names",
                progress=progress,
                hooks=True,
            )
            _node_step(
                node,
                "build-engine.mjs",
                ["--out", str(snapshot_dir / "engine" / "strudel-engine.js")],
                work_dir=work,
                label="engine bundle (esbuild)",
                progress=progress,
                hooks=False,
            )
            versions = _versions(work, config, node_version)
            label = f"strudel-jupyter snapshot build (npm registry; sample maps: {where})"
            try:
                manifest = install_snapshot(snapshot_dir, dest, source_label=label, versions=versions)
            except SnapshotError as exc:
                raise PipelineError(f"the built snapshot is unusable: {exc}") from None
            except OSError as exc:
                raise PipelineError(f"cannot install the snapshot at {dest}: {exc.strerror or exc}") from None
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    seconds = time.monotonic() - started
    progress(f"snapshot installed at {dest} in {seconds:.1f} s")
    return BuildResult(dest, manifest, seconds, where)
