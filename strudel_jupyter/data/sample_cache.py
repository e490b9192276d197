"""A disk cache of Strudel's sample packs: the prebake's sample maps and the files they name.

The Jupyter server (``GET /strudel-jupyter/samples/<path>``) and the CLI
(``strudel-jupyter samples status | fetch | clear``) share it. What may be cached is read at
run time from the snapshot's ``sample-maps/``: the maps listed in ``index.json`` whose URL is
on Strudel's sample CDN, and the files those maps name under their CDN base URL; any other
path is not listed (the cache is not an open proxy) and a path that would leave the cache
directory is refused before anything else.

A file is fetched from upstream once (the CDN, or ``$STRUDEL_SAMPLE_MIRROR``), bounded in size
and time, its content type checked, written atomically, and then read from disk. Reading a
file makes it the most recently used (its mtime); past the size cap the least recently used
files go. Everything here blocks: the server calls it from a worker pool, never its event loop.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ..limits import (
    SAMPLE_CACHE_MAX_BYTES,
    SAMPLE_CONNECT_SECONDS,
    SAMPLE_FETCH_SECONDS,
    SAMPLE_MAX_FILE_BYTES,
    SAMPLE_MAX_MAP_BYTES,
    SAMPLE_RETRY_SECONDS,
)
from .snapshot import SnapshotError

__all__ = [
    "CDN_URL",
    "CachedSample",
    "PackStatus",
    "SampleCache",
    "SampleCatalog",
    "SampleFetchError",
    "SampleNotListed",
    "SamplePathEscapes",
    "SamplePack",
    "default_cache_dir",
    "default_max_bytes",
    "default_mirror",
    "parse_size",
    "sample_catalog",
]

#: Strudel's sample CDN, as the snapshot's sample-maps/index.json names it.
CDN_URL = "https://strudel.b-cdn.net/"

_CHUNK = 64 * 1024
_PART_SUFFIX = ".part"
#: Content types a sample may come with (a captive portal's HTML page is not a sample).
_AUDIO_TYPES = ("audio/", "application/octet-stream", "application/ogg", "video/ogg", "binary/octet-stream")
_JSON_TYPES = ("application/json", "text/plain", "text/json", "application/octet-stream")
_CONTENT_TYPES = {
    ".wav": "audio/wav",
    ".mp3": "audio/mpeg",
    ".ogg": "audio/ogg",
    ".flac": "audio/flac",
    ".m4a": "audio/mp4",
    ".aif": "audio/aiff",
    ".aiff": "audio/aiff",
    ".json": "application/json",
}

Source = Literal["cache", "upstream", "snapshot"]


class SamplePathEscapes(ValueError):
    """A requested path that would leave the cache directory (``..``, absolute, NUL, backslash)."""


class SampleNotListed(LookupError):
    """A path that is neither a listed sample map nor a file one of them names."""


class SampleFetchError(Exception):
    """Upstream could not give a listed file: ``reason`` says why in one word."""

    def __init__(self, reason: Literal["unreachable", "upstream_error", "invalid_upstream"], message: str) -> None:
        super().__init__(message)
        self.reason, self.message = reason, message


# --------------------------------------------------------------- configuration
def default_mirror() -> str:
    """``$STRUDEL_SAMPLE_MIRROR`` or Strudel's CDN, always ending in ``/``."""
    return normalise_mirror(os.environ.get("STRUDEL_SAMPLE_MIRROR") or CDN_URL)


def normalise_mirror(url: str) -> str:
    parsed = urllib.parse.urlsplit(url.strip())
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise ValueError(f"a sample mirror must be an http(s) URL, got {url!r}")
    return url.strip().rstrip("/") + "/"


def default_cache_dir() -> Path:
    """``$STRUDEL_SAMPLE_CACHE``, else ``<jupyter data dir>/strudel-jupyter/samples``."""
    override = os.environ.get("STRUDEL_SAMPLE_CACHE")
    if override:
        return Path(override).expanduser()
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "strudel-jupyter" / "samples"


def parse_size(text: str) -> int:
    """``"500M"``, ``"2G"``, ``"1048576"`` -> bytes (K, M, G are powers of 1024)."""
    raw = text.strip().upper().removesuffix("B").removesuffix("I")
    factor = {"K": 1024, "M": 1024**2, "G": 1024**3}.get(raw[-1:], 1)
    number = raw[:-1] if factor > 1 else raw
    try:
        value = int(float(number) * factor)
    except ValueError:
        raise ValueError(f"not a size: {text!r} (e.g. 500M, 2G or a number of bytes)") from None
    if value <= 0:
        raise ValueError(f"a cache size must be positive, got {text!r}")
    return value


def default_max_bytes() -> int:
    """``$STRUDEL_SAMPLE_CACHE_MAX_BYTES`` (``500M``, ``2G`` or bytes), else ``SAMPLE_CACHE_MAX_BYTES``."""
    raw = os.environ.get("STRUDEL_SAMPLE_CACHE_MAX_BYTES")
    return parse_size(raw) if raw else SAMPLE_CACHE_MAX_BYTES


# --------------------------------------------------------------- the catalog
@dataclass(frozen=True)
class SamplePack:
    """One sample map of the prebake: where its JSON and its files live, relative to the CDN."""

    name: str
    #: The map's JSON on the CDN (``piano.json``); None for a map the REPL passes inline.
    map_path: str | None
    #: The snapshot's copy of the map (served when upstream cannot be reached).
    snapshot_file: Path | None
    #: The files it names, as cache keys (decoded paths relative to the CDN root).
    files: tuple[str, ...] = ()
    #: Each file's sound name (``bd``), in the order of ``files``.
    sounds: tuple[str, ...] = ()


@dataclass(frozen=True)
class SampleCatalog:
    """Every path the cache may hold: the listed maps and their files, decoded, with the upstream spelling."""

    packs: tuple[SamplePack, ...]
    #: decoded path -> (the path as upstream spells it, the pack's name)
    paths: dict[str, tuple[str, str]] = field(repr=False)

    def pack(self, name: str) -> SamplePack | None:
        wanted = name.removesuffix(".json").lower()
        return next((p for p in self.packs if p.name.lower() == wanted), None)

    def sound_of(self, path: str) -> tuple[str, str] | None:
        """(pack, sound) of a listed sample file."""
        return self._sounds.get(path)

    @property
    def _sounds(self) -> dict[str, tuple[str, str]]:
        cached: dict[str, tuple[str, str]] | None = self.__dict__.get("_sound_table")
        if cached is None:
            cached = {f: (p.name, s) for p in self.packs for f, s in zip(p.files, p.sounds, strict=True)}
            object.__setattr__(self, "_sound_table", cached)
        return cached


def _cdn_relative(url: Any) -> str | None:
    if isinstance(url, str) and url.startswith(CDN_URL):
        return url[len(CDN_URL) :]
    return None


def _map_files(sample_map: dict[str, Any], base: str) -> Iterator[tuple[str, str]]:
    """(sound, file as written in the map) for every file the map names under ``base``.

    As superdough reads a map: ``_base`` is metadata, an entry's own ``_base`` moves the base
    from then on (files after it are not under the CDN base, so they are not listed), and a
    note-keyed object names one path or a list per note.
    """
    own_base = True
    for key, value in sample_map.items():
        if key == "_base":
            continue
        if isinstance(value, dict) and isinstance(value.get("_base"), str) and value["_base"]:
            own_base = value["_base"] == base
        if not own_base:
            continue
        if isinstance(value, str):
            paths: list[Any] = [value]
        elif isinstance(value, list):
            paths = value
        elif isinstance(value, dict):
            paths = []
            for note, files in value.items():
                if note != "_base":
                    paths.extend([files] if isinstance(files, str) else files if isinstance(files, list) else [])
        else:
            continue
        for path in paths:
            if isinstance(path, str) and path and "://" not in path:
                yield key, path


def sample_catalog(snapshot_dir: os.PathLike[str] | str) -> SampleCatalog:
    """What may be cached, read from ``<snapshot>/sample-maps/``; an older snapshot without it lists nothing."""
    folder = Path(snapshot_dir) / "sample-maps"
    try:
        listed = json.loads((folder / "index.json").read_text(encoding="utf-8")).get("maps", [])
    except FileNotFoundError:
        return SampleCatalog((), {})
    except (OSError, ValueError, AttributeError) as exc:
        raise SnapshotError(folder / "index.json", f"unreadable sample map list: {exc}") from exc
    packs: list[SamplePack] = []
    paths: dict[str, tuple[str, str]] = {}
    for entry in listed:
        file_name = str(entry.get("file", ""))
        name = file_name.removesuffix(".json")
        map_path = _cdn_relative(entry.get("url"))
        snapshot_file = folder / file_name if file_name and (folder / file_name).is_file() else None
        if map_path is not None:
            paths[urllib.parse.unquote(map_path)] = (map_path, name)
        files: list[str] = []
        sounds: list[str] = []
        base_path = _cdn_relative(entry.get("baseUrl"))
        if base_path is not None and snapshot_file is not None:
            try:
                sample_map = json.loads(snapshot_file.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise SnapshotError(snapshot_file, f"unreadable sample map: {exc}") from exc
            for sound, raw in _map_files(sample_map if isinstance(sample_map, dict) else {}, entry["baseUrl"]):
                key = urllib.parse.unquote(base_path + raw)
                if key not in paths and _inside(key):
                    paths[key] = (base_path + raw, name)
                    files.append(key)
                    sounds.append(sound)
        packs.append(SamplePack(name, map_path, snapshot_file, tuple(files), tuple(sounds)))
    return SampleCatalog(tuple(packs), paths)


def _inside(path: str) -> bool:
    try:
        check_path(path)
    except SamplePathEscapes:
        return False
    return True


def check_path(path: str) -> str:
    """The request path as a cache key; :class:`SamplePathEscapes` if it would leave the cache."""
    if not path or "\x00" in path or "\\" in path or path.startswith("/"):
        raise SamplePathEscapes(f"{path!r} is not a path inside the sample cache")
    if any(part in ("..", ".") for part in path.split("/")) or path.endswith(_PART_SUFFIX):
        raise SamplePathEscapes(f"{path!r} is not a path inside the sample cache")
    return path


# --------------------------------------------------------------- the cache
@dataclass(frozen=True)
class CachedSample:
    """A file ready to serve: where it is on disk, what it is, and where it came from."""

    file: Path
    size: int
    content_type: str
    source: Source


@dataclass
class PackStatus:
    """What the cache holds of one pack."""

    name: str
    files: int = 0
    bytes: int = 0
    total_files: int = 0
    sounds: int = 0
    total_sounds: int = 0
    map_cached: bool = False


class SampleCache:
    """The cache directory, its catalog and its upstream; thread-safe, every method blocks."""

    def __init__(
        self,
        directory: os.PathLike[str] | str | None = None,
        *,
        snapshot_dir: os.PathLike[str] | str | None = None,
        mirror: str | None = None,
        max_bytes: int | None = None,
    ) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.mirror = normalise_mirror(mirror) if mirror else default_mirror()
        self.max_bytes = max_bytes if max_bytes is not None else default_max_bytes()
        self._snapshot_dir = Path(snapshot_dir) if snapshot_dir is not None else None
        self._catalog: SampleCatalog | None = None
        self._lock = threading.Lock()
        self._inflight: dict[str, Future[CachedSample]] = {}
        self._total: int | None = None  # bytes on disk, counted once, then kept up to date
        #: Upstream's state as last seen: True, False (with ``last_error``) or None (never tried).
        self.reachable: bool | None = None
        self.last_error: str | None = None
        self._down_until = 0.0
        self.fetches = 0  # upstream requests made (tests and the status read it)

    # ------------------------------------------------------------- catalog
    @property
    def catalog(self) -> SampleCatalog:
        if self._catalog is None:
            from .snapshot import resolve_snapshot_dir

            directory = self._snapshot_dir or resolve_snapshot_dir()[0]
            self._catalog = sample_catalog(directory)
        return self._catalog

    def lookup(self, path: str) -> tuple[str, str]:
        """(upstream spelling, pack) of a listed path; raises SamplePathEscapes or SampleNotListed."""
        key = check_path(path)
        found = self.catalog.paths.get(key)
        if found is None:
            raise SampleNotListed(f"{path!r} is not a sample map or a file that one names")
        return found

    def _file(self, key: str) -> Path:
        return self.directory / key

    # ------------------------------------------------------------- serving
    def get(self, path: str) -> CachedSample:
        """The file at ``path``, from the cache or fetched once from upstream (concurrent callers share one fetch).

        A map that upstream cannot give comes from the snapshot's copy (``source="snapshot"``,
        not cached). Raises SamplePathEscapes, SampleNotListed or SampleFetchError.
        """
        upstream_path, pack = self.lookup(path)
        cached = self._hit(path)
        if cached is not None:
            return cached
        with self._lock:
            future = self._inflight.get(path)
            owner = future is None
            if future is None:
                future = self._inflight[path] = Future()
        if not owner:
            return future.result(timeout=SAMPLE_FETCH_SECONDS + SAMPLE_CONNECT_SECONDS)
        try:
            result = self._hit(path) or self._fetch(path, upstream_path)
        except SampleFetchError as exc:
            fallback = self._snapshot_map(path, pack)
            if fallback is None:
                future.set_exception(exc)
                raise
            result = fallback
        except BaseException as exc:
            future.set_exception(exc)
            raise
        finally:
            with self._lock:
                self._inflight.pop(path, None)
        future.set_result(result)
        return result

    def _hit(self, key: str) -> CachedSample | None:
        file = self._file(key)
        try:
            size = file.stat().st_size
        except OSError:
            return None
        with contextlib.suppress(OSError):  # a read-only cache still serves, it just ages by fetch time
            os.utime(file)  # most recently used now
        return CachedSample(file, size, _content_type(key), "cache")

    def _snapshot_map(self, key: str, pack: str) -> CachedSample | None:
        found = self.catalog.pack(pack)
        if found is None or found.snapshot_file is None or found.map_path is None:
            return None
        if urllib.parse.unquote(found.map_path) != key:
            return None
        return CachedSample(found.snapshot_file, found.snapshot_file.stat().st_size, "application/json", "snapshot")

    # ------------------------------------------------------------- upstream
    def _fetch(self, key: str, upstream_path: str) -> CachedSample:
        now = time.monotonic()
        if now < self._down_until:
            raise SampleFetchError("unreachable", self.unreachable_message())
        is_map = key.endswith(".json")
        limit = SAMPLE_MAX_MAP_BYTES if is_map else SAMPLE_MAX_FILE_BYTES
        url = self.mirror + upstream_path
        self.fetches += 1
        try:
            data = _download(url, limit=limit, is_map=is_map)
        except SampleFetchError as exc:
            if exc.reason == "unreachable":
                self.reachable, self.last_error = False, exc.message
                self._down_until = time.monotonic() + SAMPLE_RETRY_SECONDS
            else:
                self.reachable = True
            raise
        self.reachable, self.last_error = True, None
        file = self._write(key, data)
        return CachedSample(file, len(data), _content_type(key), "upstream")

    def unreachable_message(self) -> str:
        detail = f" ({self.last_error})" if self.last_error else ""
        return f"Strudel's sample server {self.mirror} cannot be reached{detail}"

    def probe(self) -> bool:
        """Ask upstream for the first listed map (no caching): is it reachable now?"""
        first = next((p.map_path for p in self.catalog.packs if p.map_path), None)
        if first is None:
            return False
        try:
            _download(self.mirror + first, limit=SAMPLE_MAX_MAP_BYTES, is_map=True)
        except SampleFetchError as exc:
            self.reachable = exc.reason != "unreachable"
            self.last_error = exc.message if not self.reachable else None
            return self.reachable
        self.reachable, self.last_error, self._down_until = True, None, 0.0
        return True

    # ------------------------------------------------------------- disk
    def _write(self, key: str, data: bytes) -> Path:
        file = self._file(key)
        file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=file.parent, prefix=".", suffix=_PART_SUFFIX)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, file)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        with self._lock:
            if self._total is not None:
                self._total += len(data)
            over = self._total is None or self._total > self.max_bytes
        if over:
            self.evict(keep=file)
        return file

    def _walk(self) -> list[tuple[float, int, Path]]:
        """(mtime, size, path) of every cached file (never a half-written ``.part``)."""
        found = []
        for root, _dirs, names in os.walk(self.directory):
            for name in names:
                if name.endswith(_PART_SUFFIX):
                    continue
                path = Path(root, name)
                with contextlib.suppress(OSError):
                    stat = path.stat()
                    found.append((stat.st_mtime, stat.st_size, path))
        return found

    def evict(self, *, keep: Path | None = None) -> list[Path]:
        """Remove the least recently used files until the cache is within ``max_bytes``."""
        files = sorted(self._walk())
        total = sum(size for _, size, _ in files)
        removed = []
        for _mtime, size, path in files:
            if total <= self.max_bytes:
                break
            if path == keep:
                continue
            with contextlib.suppress(OSError):
                path.unlink()
                total -= size
                removed.append(path)
        with self._lock:
            self._total = total
        return removed

    def clear(self) -> tuple[int, int]:
        """Delete every cached file (and half-written ones); (files, bytes) removed."""
        count = size = 0
        for root, _dirs, names in os.walk(self.directory, topdown=False):
            for name in names:
                path = Path(root, name)
                with contextlib.suppress(OSError):
                    size += path.stat().st_size
                    path.unlink()
                    count += 1
            if Path(root) != self.directory:
                with contextlib.suppress(OSError):
                    Path(root).rmdir()
        with self._lock:
            self._total = 0
        return count, size

    def status(self) -> tuple[list[PackStatus], int, int]:
        """Per pack what is cached, then all cached files and bytes."""
        catalog = self.catalog
        packs = {
            p.name: PackStatus(p.name, total_files=len(p.files), total_sounds=len(set(p.sounds))) for p in catalog.packs
        }
        sounds: dict[str, set[str]] = {name: set() for name in packs}
        files = size = 0
        for _mtime, file_size, path in self._walk():
            files += 1
            size += file_size
            key = path.relative_to(self.directory).as_posix()
            listed = catalog.paths.get(key)
            if listed is None:
                continue
            pack = packs[listed[1]]
            pack.bytes += file_size
            owner = catalog.sound_of(key)
            if owner is None:
                pack.map_cached = True
            else:
                pack.files += 1
                sounds[listed[1]].add(owner[1])
        for name, pack in packs.items():
            pack.sounds = len(sounds[name])
        with self._lock:
            self._total = size
        return list(packs.values()), files, size

    def fetch_pack(
        self, name: str, *, progress: Callable[[int, int, int], None] | None = None, workers: int = 4
    ) -> tuple[int, int, list[str]]:
        """Fetch a pack's map and every file it names: (files fetched or already cached, bytes, failures).

        Raises SampleNotListed for an unknown pack and SampleFetchError("unreachable") as soon
        as upstream cannot be reached; a file upstream refuses is listed in the failures.
        """
        from concurrent.futures import ThreadPoolExecutor

        pack = self.catalog.pack(name)
        if pack is None:
            raise SampleNotListed(f"{name!r} is not a sample pack; the packs: {', '.join(self.pack_names())}")
        keys = ([urllib.parse.unquote(pack.map_path)] if pack.map_path else []) + list(pack.files)
        done = size = 0
        failures: list[str] = []
        if keys:  # the first file alone: an unreachable upstream stops here, in one line
            first = self.get(keys[0])
            if first.source == "snapshot":
                raise SampleFetchError("unreachable", self.unreachable_message())
            done, size = 1, first.size
            if progress:
                progress(done, len(keys), size)
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="strudel-samples") as pool:
            for key, outcome in zip(keys[1:], pool.map(self._get_quietly, keys[1:]), strict=True):
                if isinstance(outcome, SampleFetchError):
                    if outcome.reason == "unreachable":
                        raise outcome
                    failures.append(f"{key}: {outcome.message}")
                else:
                    done += 1
                    size += outcome.size
                if progress:
                    progress(done + len(failures), len(keys), size)
        return done, size, failures

    def _get_quietly(self, key: str) -> CachedSample | SampleFetchError:
        try:
            return self.get(key)
        except SampleFetchError as exc:
            return exc

    def pack_names(self) -> list[str]:
        return [p.name for p in self.catalog.packs]


def _content_type(key: str) -> str:
    return _CONTENT_TYPES.get(Path(key).suffix.lower(), "application/octet-stream")


def _download(url: str, *, limit: int, is_map: bool) -> bytes:
    """The body at ``url``, whole: bounded in bytes and seconds, its content type checked."""
    deadline = time.monotonic() + SAMPLE_FETCH_SECONDS
    request = urllib.request.Request(url, headers={"User-Agent": "strudel-jupyter sample cache"})
    try:
        response = urllib.request.urlopen(request, timeout=SAMPLE_CONNECT_SECONDS)
    except urllib.error.HTTPError as exc:
        raise SampleFetchError("upstream_error", f"{url} answered {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        raise SampleFetchError("unreachable", f"{urllib.parse.urlsplit(url).netloc}: {reason}") from None
    with response:
        kind = (response.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        allowed = _JSON_TYPES if is_map else _AUDIO_TYPES
        if kind and not kind.startswith(allowed):
            raise SampleFetchError("invalid_upstream", f"{url} answered {kind!r}, not a sample")
        declared = response.headers.get("Content-Length")
        expected = int(declared) if declared and declared.isdigit() else None
        if expected is not None and expected > limit:
            raise SampleFetchError("invalid_upstream", f"{url} has {expected} bytes; at most {limit}")
        chunks: list[bytes] = []
        received = 0
        try:
            while True:
                if time.monotonic() > deadline:
                    raise SampleFetchError("invalid_upstream", f"{url} took more than {SAMPLE_FETCH_SECONDS:g} s")
                chunk = response.read1(_CHUNK) if hasattr(response, "read1") else response.read(_CHUNK)
                if not chunk:
                    break
                received += len(chunk)
                if received > limit:
                    raise SampleFetchError("invalid_upstream", f"{url} sent more than {limit} bytes")
                chunks.append(chunk)
        except (OSError, ValueError, http.client.HTTPException) as exc:  # a reset, a timeout, IncompleteRead
            raise SampleFetchError("invalid_upstream", f"{url} broke off: {exc!r}") from None
    if expected is not None and received != expected:
        raise SampleFetchError("invalid_upstream", f"{url} sent {received} of {expected} bytes; not cached")
    data = b"".join(chunks)
    if is_map:
        try:
            parsed = json.loads(data)
        except (ValueError, RecursionError):
            raise SampleFetchError("invalid_upstream", f"{url} is not JSON") from None
        if not isinstance(parsed, dict):
            raise SampleFetchError("invalid_upstream", f"{url} is not a sample map (a JSON object)")
    return data
