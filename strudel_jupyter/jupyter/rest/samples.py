"""Strudel's sample packs through the Jupyter server: ``samples/<path>`` and ``samples-status``.

The cache itself (what is listed, fetching, eviction) is ``data/sample_cache.py``, shared
with the CLI. Here: the settings as traits (``c.StrudelSamples.mirror`` and so on, read from
the server's config, defaulting to the environment), a pool of its own for fetches and
file reads (a slow CDN must not hold up lookups), and one fetch per file however many
requests ask for it at once.
"""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tornado.web
from tornado.iostream import StreamClosedError
from traitlets import Int, Unicode, default, validate
from traitlets.config import LoggingConfigurable

from ...data.sample_cache import (
    CDN_URL,
    CachedSample,
    SampleCache,
    SampleFetchError,
    SampleNotListed,
    SamplePathEscapes,
    default_cache_dir,
    default_max_bytes,
    default_mirror,
    normalise_mirror,
)
from ...limits import SAMPLE_CACHE_MAX_BYTES, SAMPLE_WORKERS
from .base import ApiError, StrudelHandler

if TYPE_CHECKING:
    from .payloads import SampleCacheStatus

__all__ = ["SAMPLES_SETTING", "SampleHandler", "SampleStatusHandler", "SampleService", "StrudelSamples"]

#: ``web_app.settings`` key holding the :class:`SampleService`.
SAMPLES_SETTING = "strudel_jupyter_samples"
_READ_CHUNK = 256 * 1024


class StrudelSamples(LoggingConfigurable):
    """Where the server caches Strudel's samples and where it fetches them (``jupyter_server_config.py``)."""

    mirror = Unicode(
        help="Base URL of Strudel's sample CDN or a mirror of it (default: $STRUDEL_SAMPLE_MIRROR, "
        "else https://strudel.b-cdn.net/)."
    ).tag(config=True)
    cache_dir = Unicode(
        help="Directory of the sample cache (default: $STRUDEL_SAMPLE_CACHE, "
        "else <jupyter data dir>/strudel-jupyter/samples)."
    ).tag(config=True)
    max_bytes = Int(
        help="Bytes the cache keeps before the least recently used files go "
        "(default: $STRUDEL_SAMPLE_CACHE_MAX_BYTES, else SAMPLE_CACHE_MAX_BYTES in limits.py)."
    ).tag(config=True)

    # A bad environment variable is logged and the built-in default used: the rest of the
    # API must not go down for it (a bad value in the config itself is refused, as traits are).
    @default("mirror")
    def _default_mirror(self) -> str:
        try:
            return default_mirror()
        except ValueError as exc:
            self.log.warning("strudel-jupyter: STRUDEL_SAMPLE_MIRROR: %s; using %s", exc, CDN_URL)
            return CDN_URL

    @default("cache_dir")
    def _default_cache_dir(self) -> str:
        return str(default_cache_dir())

    @default("max_bytes")
    def _default_max_bytes(self) -> int:
        try:
            return default_max_bytes()
        except ValueError as exc:
            self.log.warning(
                "strudel-jupyter: STRUDEL_SAMPLE_CACHE_MAX_BYTES: %s; using %d", exc, SAMPLE_CACHE_MAX_BYTES
            )
            return SAMPLE_CACHE_MAX_BYTES

    @validate("mirror")
    def _check_mirror(self, proposal: Any) -> str:
        return normalise_mirror(proposal["value"])

    @validate("max_bytes")
    def _check_max_bytes(self, proposal: Any) -> int:
        if proposal["value"] <= 0:
            raise ValueError("max_bytes must be positive")
        return int(proposal["value"])

    def cache(self) -> SampleCache:
        return SampleCache(self.cache_dir, mirror=self.mirror, max_bytes=self.max_bytes)


class SampleService:
    """The cache, its pool, and the fetches in flight (read and written on the event loop only)."""

    def __init__(self, cache: SampleCache, *, workers: int = SAMPLE_WORKERS) -> None:
        self.cache = cache
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="strudel-samples")
        self.inflight: dict[str, asyncio.Future[CachedSample]] = {}

    async def run(self, work: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.executor, work, *args)

    async def get(self, path: str) -> CachedSample:
        """The file at ``path``; requests for one path at once share one worker and one fetch."""
        pending = self.inflight.get(path)
        if pending is None:
            pending = asyncio.ensure_future(self.run(self.cache.get, path))
            self.inflight[path] = pending
            pending.add_done_callback(lambda _f: self.inflight.pop(path, None))
        return await asyncio.shield(pending)


def _service(handler: StrudelHandler) -> SampleService:
    service: SampleService | None = handler.settings.get(SAMPLES_SETTING)
    if service is None:
        service = handler.settings[SAMPLES_SETTING] = SampleService(StrudelSamples().cache())
    return service


class SampleHandler(StrudelHandler):
    """``GET samples/<path>``: what Strudel's CDN has at ``<path>``, for listed maps and their files only."""

    @tornado.web.authenticated
    async def get(self, path: str) -> None:
        service = _service(self)
        try:
            sample = await service.get(path)
        except SamplePathEscapes as exc:
            raise ApiError(400, "invalid_parameter", str(exc)) from None
        except SampleNotListed as exc:
            raise ApiError(404, "not_found", str(exc)) from None
        except SampleFetchError as exc:
            if exc.reason == "unreachable":
                raise ApiError(502, "upstream_unreachable", exc.message) from None
            raise ApiError(502, "upstream_error", exc.message) from None
        try:
            file = await service.run(open, sample.file, "rb")
        except OSError:  # evicted or cleared between the lookup and the read: fetched again next time
            raise ApiError(502, "upstream_error", f"{path!r} left the cache while being read; retry") from None
        try:
            # the size of the file opened (another process may have replaced the one looked up)
            self.set_header("Content-Length", str(os.fstat(file.fileno()).st_size))
            self.set_header("Cache-Control", "private, max-age=86400")
            self.set_header("X-Strudel-Sample-Source", sample.source)
            self.set_header("Content-Type", sample.content_type)
            while chunk := await service.run(file.read, _READ_CHUNK):
                self.write(chunk)
                await self.flush()
        except StreamClosedError:  # the browser went away (a new sound cut this one): nothing to answer
            return
        finally:
            await service.run(file.close)
        self.finish(set_content_type=sample.content_type)


class SampleStatusHandler(StrudelHandler):
    """``GET samples-status``: is upstream reachable, and what the cache holds (``?check=1`` asks upstream now)."""

    @tornado.web.authenticated
    async def get(self) -> None:
        service = _service(self)
        check = self.get_argument("check", "") in ("1", "true", "yes")
        self.reply(await service.run(sample_status, service.cache, check))


def sample_status(cache: SampleCache, check: bool = False) -> SampleCacheStatus:
    """The cache's status as the sidebar reads it (blocking: run it in the pool)."""
    if check:
        cache.probe()
    packs, files, size = cache.status()
    sounds = sum(p.sounds for p in packs)
    message = f"{sounds} sound{'s' if sounds != 1 else ''} cached ({files} files, {size / 1e6:.1f} MB)"
    if cache.reachable is False:
        message = f"Strudel's sample server cannot be reached: synths still play; {message}"
    return {
        "mirror": cache.mirror,
        "reachable": cache.reachable,
        "error": cache.last_error,
        "message": message,
        "cache_dir": str(Path(cache.directory)),
        "files": files,
        "bytes": size,
        "sounds": sounds,
        "max_bytes": cache.max_bytes,
        "packs": [
            {
                "name": p.name,
                "files": p.files,
                "total_files": p.total_files,
                "sounds": p.sounds,
                "bytes": p.bytes,
                "map_cached": p.map_cached,
            }
            for p in packs
        ],
    }
