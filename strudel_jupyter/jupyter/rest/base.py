"""The REST API's foundation: error bodies, parameters, the response cache and the worker pool.

Jupyter Server runs every handler on its one event-loop thread, which also serves the
user's notebooks, file saves and terminals. So the loop only reads parameters and
answers from the response cache; every lookup runs in :class:`WorkerPool`, a small
bounded pool with a per-request deadline: a full pool answers 503 with ``Retry-After``,
a request past its deadline answers 504, and the loop never waits on us. One base class,
:class:`StrudelHandler`, turns every error into a status plus ``{"code", "message"}``.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Literal, TypeVar, get_args

import tornado.web
from jupyter_server.base.handlers import APIHandler

from ...data.index import StrudelIndex, get_index, settle_for_server
from ...data.snapshot import SnapshotError
from ...limits import REST_DEADLINE_SECONDS, REST_QUEUE, REST_WORKERS

if TYPE_CHECKING:
    pass


API_PREFIX = "strudel-jupyter"
#: ``web_app.settings`` key holding an index to serve instead of the shared default (tests).
INDEX_SETTING = "strudel_jupyter_index"
#: ``web_app.settings`` key holding the :class:`WorkerPool` the lookups run in.
POOL_SETTING = "strudel_jupyter_pool"

#: Paging of the list routes: a page is small enough that a keystroke stays cheap.
DEFAULT_PAGE = 100
MAX_PAGE = 2000
MAX_SEARCH_CHARS = 200
#: A knowledge POST body holds one question: far below Jupyter Server's own body limit.
MAX_BODY_BYTES = 64 * 1024

#: The ``code`` of every error body (docs/errors.md and docs/rest-api.md: when, and what to do).
ApiErrorCode = Literal[
    "missing_parameter",
    "invalid_parameter",
    "invalid_json",
    "invalid_query",
    "empty_query",
    "query_too_long",
    "bad_request",
    "forbidden",
    "not_found",
    "method_not_allowed",
    "http_error",
    "snapshot_unavailable",
    "busy",
    "timeout",
    "upstream_unreachable",
    "upstream_error",
    "internal_error",
]
API_ERROR_CODES: tuple[str, ...] = get_args(ApiErrorCode)

#: ``strudel_knowledge`` reasons (``vocabulary.Reason``) that refuse the request: status and code.
#: The other reasons (``not_found``, ...) are answers about Strudel names: 200 with ``ok: false``.
_REFUSALS: dict[str, tuple[int, ApiErrorCode]] = {
    "invalid_query": (400, "invalid_query"),
    "empty_query": (400, "empty_query"),
    "query_too_long": (400, "query_too_long"),
    "snapshot_unavailable": (503, "snapshot_unavailable"),
    "internal_error": (500, "internal_error"),
}
#: Errors tornado raises itself (no token, a verb the route lacks, a malformed request).
_HTTP_CODES: dict[int, ApiErrorCode] = {
    400: "bad_request",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
}


class _LRU:
    """A small least-recently-used map of encoded response bodies."""

    def __init__(self, size: int) -> None:
        self.size, self.items = size, OrderedDict[tuple[Any, ...], bytes]()

    def get(self, key: tuple[Any, ...]) -> bytes | None:
        body = self.items.get(key)
        if body is not None:
            self.items.move_to_end(key)
        return body

    def put(self, key: tuple[Any, ...], body: bytes) -> None:
        self.items[key] = body
        if len(self.items) > self.size:
            self.items.popitem(last=False)


#: Encoded bodies kept per index (in ``index.derived``, so they go when the index goes).
#: Only the event-loop thread reads and writes it (workers hand bodies back), so no lock.
CACHE_SIZE = 1024
_CACHE_KEY = "rest_responses"

_T = TypeVar("_T")


class WorkerPool:
    """A bounded thread pool with admission control and a per-request deadline.

    At most ``workers`` lookups run at once and ``queue`` more wait; the next request is
    refused at once (503) instead of queueing without end. A request that outlives
    ``deadline`` seconds answers 504; its worker finishes in the background (the core
    bounds its own calls) and keeps its admission slot until then, so slow requests can
    never pile up more threads than the pool has.
    """

    def __init__(
        self,
        *,
        workers: int = REST_WORKERS,
        queue: int = REST_QUEUE,
        deadline: float = REST_DEADLINE_SECONDS,
    ) -> None:
        self.workers, self.queue, self.deadline = workers, queue, deadline
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="strudel-rest")
        self._admitted = 0
        self._lock = threading.Lock()

    @property
    def admitted(self) -> int:
        """Requests running or waiting now."""
        return self._admitted

    def _release(self, _future: Future[Any]) -> None:
        with self._lock:
            self._admitted -= 1

    async def run(self, work: Callable[[], _T]) -> _T:
        """Run ``work()`` in the pool; ApiError 503 when full, 504 past the deadline."""
        with self._lock:
            if self._admitted >= self.workers + self.queue:
                raise ApiError(
                    503,
                    "busy",
                    f"the Strudel lookup is busy ({self._admitted} requests in progress); retry in a moment",
                    retry_after=1,
                )
            self._admitted += 1
        future = self._executor.submit(work)
        future.add_done_callback(self._release)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), timeout=self.deadline)
        except TimeoutError:
            raise ApiError(
                504, "timeout", f"the lookup did not finish within {self.deadline:g} s; simplify the request"
            ) from None

    def shutdown(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


class ApiError(tornado.web.HTTPError):
    """A request the API answers with an error body ``{"code", "message", **extra}``."""

    def __init__(self, status: int, code: ApiErrorCode, message: str, **extra: Any) -> None:
        super().__init__(status, log_message=message.replace("%", "%%"))
        self.code, self.message, self.extra = code, message, extra


class StrudelHandler(APIHandler):
    """Base class: the index to ask, parameter parsing, and errors as JSON values."""

    @property
    def pool(self) -> WorkerPool:
        pool: WorkerPool | None = self.settings.get(POOL_SETTING)
        if pool is None:
            pool = self.settings[POOL_SETTING] = WorkerPool()
        return pool

    async def index(self) -> StrudelIndex:
        """The index to ask; the first request loads the snapshot in the pool, off the loop."""
        index: StrudelIndex | None = self.settings.get(INDEX_SETTING)
        if index is None:
            index = await self.pool.run(_load_index)
            # kept for the server's lifetime: resolving the snapshot path costs more than a lookup
            self.settings[INDEX_SETTING] = index
        if index.user_sounds_changed():  # a kernel registered sounds: one stat here, the read in the pool
            await self.pool.run(index.sync_user_sounds)
        return index

    async def reply_cached(self, key: tuple[Any, ...], answer: Callable[[StrudelIndex], Any]) -> None:
        """Write ``answer(index)`` as JSON, computed in the pool, reusing a body seen before.

        Lookups are pure functions of the index, and typing in the sidebar repeats the same
        requests, so bodies are kept per index version (registering sounds changes it).
        """
        index = await self.index()
        cache = index.derived.get(_CACHE_KEY)
        if cache is None:
            cache = index.derived[_CACHE_KEY] = _LRU(CACHE_SIZE)
        full_key = (index.version, *key)
        body = cache.get(full_key)
        if body is None:
            body = await self.pool.run(lambda: json.dumps(answer(index), ensure_ascii=False).encode())
            cache.put(full_key, body)
        self.finish(body)

    def reply(self, payload: Any) -> None:
        self.finish(json.dumps(payload, ensure_ascii=False))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        body: dict[str, Any]
        if isinstance(exc, ApiError):
            extra = dict(exc.extra)
            retry_after = extra.pop("retry_after", None)
            if retry_after is not None:
                self.set_header("Retry-After", str(retry_after))
            body = {"code": exc.code, "message": exc.message, **extra}
        elif isinstance(exc, tornado.web.HTTPError):
            code: ApiErrorCode = _HTTP_CODES.get(status_code, "http_error")
            body = {"code": code, "message": exc.log_message or exc.reason or self._reason}
        else:  # a bug, not the user's input: logged with its traceback by tornado, none in the reply
            body = {"code": "internal_error", "message": "The Strudel lookup failed unexpectedly."}
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(body, ensure_ascii=False))

    # ----------------------------------------------------------- parameters
    def text_param(self, name: str, *, default: str = "", max_chars: int = MAX_SEARCH_CHARS) -> str:
        value = self.get_argument(name, default, strip=True)
        if len(value) > max_chars:
            raise ApiError(400, "invalid_parameter", f"{name} has {len(value)} characters; at most {max_chars}")
        return value

    def int_param(self, name: str, *, default: int | None, low: int, high: int) -> int | None:
        raw = self.get_argument(name, None, strip=True)
        if raw is None or raw == "":
            return default
        try:
            value = int(raw)
        except ValueError:
            raise ApiError(400, "invalid_parameter", f"{name} must be a whole number, got {raw!r}") from None
        if not low <= value <= high:
            raise ApiError(400, "invalid_parameter", f"{name} must be between {low} and {high}, got {value}")
        return value

    def json_body(self, *, max_bytes: int = MAX_BODY_BYTES) -> Any:
        """The POST body as JSON, bounded in size; a 400 ``invalid_json`` otherwise."""
        if len(self.request.body) > max_bytes:
            raise ApiError(400, "invalid_json", f"the request body has more than {max_bytes} bytes")
        try:
            return json.loads(self.request.body or b"null")
        except (ValueError, RecursionError):
            raise ApiError(400, "invalid_json", "the request body is not valid JSON") from None

    def object_body(self, fields: tuple[str, ...], shape: str) -> dict[str, Any]:
        """A JSON object body with only ``fields`` (``shape`` says what to send instead)."""
        body = self.json_body()
        if not isinstance(body, dict):
            raise ApiError(400, "invalid_json", f"the body must be an object {shape}")
        unknown = sorted(str(k) for k in body if k not in fields)
        if unknown:
            raise ApiError(400, "invalid_parameter", f"unknown field(s): {', '.join(unknown)}")
        return body

    def paging(self) -> tuple[int, int]:
        offset = self.int_param("offset", default=0, low=0, high=10**6)
        limit = self.int_param("limit", default=DEFAULT_PAGE, low=1, high=MAX_PAGE)
        return offset or 0, limit or DEFAULT_PAGE


def _load_index() -> StrudelIndex:
    try:
        index = get_index()
    except SnapshotError as exc:
        raise ApiError(503, "snapshot_unavailable", f"The Strudel snapshot could not be loaded: {exc}") from None
    settle_for_server(index)
    return index


def _choice(value: Any, name: str, allowed: tuple[str, ...]) -> str:
    if value is None or value == "":
        return "auto"
    text = value.strip().lower() if isinstance(value, str) else value
    if text not in allowed:
        raise ApiError(400, "invalid_parameter", f"{name} must be one of {', '.join(allowed)}, got {value!r}")
    return text
