"""The REST API behind the JupyterLab sidebar: thin, authenticated handlers over the core.

Every route lives under ``<base_url>/strudel-jupyter/`` (see :func:`setup_handlers`); the
contract is written down in ``docs/rest-api.md``. Handlers only read parameters, ask
``strudel_knowledge`` or ``browse`` and write JSON. Errors are values here: one base class
turns them into a status code plus ``{"code", "message"}``, so user input never yields a 500.

Jupyter Server runs every handler on its one event-loop thread, which also serves the
user's notebooks, file saves and terminals. So the loop only reads parameters and
answers from the response cache; every lookup runs in :class:`WorkerPool`, a small
bounded pool with a per-request deadline: a full pool answers 503 with ``Retry-After``,
a request past its deadline answers 504, and the loop never waits on us.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar, get_args

import tornado.web
from jupyter_server.base.handlers import APIHandler
from jupyter_server.utils import url_path_join

from ..data.index import StrudelIndex, get_index, settle_for_server
from ..data.snapshot import SnapshotError
from ..data.sound_sources import sound_sources
from ..data.sounds import process_sample_map
from ..data.sounds_tab import SOUND_CATEGORIES
from ..data.user_sounds import add_user_sounds, remove_user_sounds
from ..limits import REST_DEADLINE_SECONDS, REST_QUEUE, REST_WORKERS
from ..lookup.browse import (
    browse_reference,
    browse_sounds,
    reference_detail,
    reference_status,
    sound_detail,
    sound_label,
    sounds_status,
)
from ..lookup.completion import DEFAULT_COMPLETIONS, complete, inspect_at
from ..lookup.knowledge import strudel_knowledge
from ..lookup.ranking import suggest
from ..vocabulary import DOMAINS, MAX_LIMIT, MAX_QUERY_CHARS, MODES

if TYPE_CHECKING:
    from ..code.report import ValidationResult

__all__ = [
    "API_ERROR_CODES",
    "API_PREFIX",
    "INDEX_SETTING",
    "POOL_SETTING",
    "ApiError",
    "ApiErrorCode",
    "WorkerPool",
    "api_routes",
    "setup_handlers",
]

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


class KnowledgeHandler(StrudelHandler):
    """``strudel_knowledge`` over HTTP: GET with query parameters or POST with a JSON object."""

    @tornado.web.authenticated
    async def get(self) -> None:
        q = self.get_argument("q", None, strip=False)
        limit = self.int_param("limit", default=None, low=1, high=MAX_LIMIT)
        await self._answer(q, self.get_argument("domain", None), self.get_argument("mode", None), limit)

    @tornado.web.authenticated
    async def post(self) -> None:
        if len(self.request.body) > MAX_BODY_BYTES:
            raise ApiError(400, "invalid_json", f"the request body has more than {MAX_BODY_BYTES} bytes")
        try:
            body = json.loads(self.request.body or b"null")
        except (ValueError, RecursionError):
            raise ApiError(400, "invalid_json", "the request body is not valid JSON") from None
        if not isinstance(body, dict):
            raise ApiError(400, "invalid_json", 'the body must be an object {"q", "domain", "mode", "limit"}')
        unknown = sorted(str(k) for k in body if k not in ("q", "domain", "mode", "limit"))
        if unknown:
            raise ApiError(400, "invalid_parameter", f"unknown field(s): {', '.join(unknown)}")
        limit = body.get("limit")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT):
            raise ApiError(400, "invalid_parameter", f"limit must be a whole number from 1 to {MAX_LIMIT}")
        await self._answer(body.get("q"), body.get("domain"), body.get("mode"), limit)

    async def _answer(self, q: Any, domain: Any, mode: Any, limit: int | None) -> None:
        if q is None:
            raise ApiError(400, "missing_parameter", "q is required, e.g. ?q=what+does+room+do")
        if not isinstance(q, str):
            raise ApiError(400, "invalid_parameter", "q must be a string")
        if len(q) > MAX_QUERY_CHARS:
            raise ApiError(400, "query_too_long", f"q has {len(q)} characters; at most {MAX_QUERY_CHARS}")
        request = {
            "q": q,
            "domain": _choice(domain, "domain", DOMAINS),
            "mode": _choice(mode, "mode", MODES),
            "limit": limit,
        }
        await self.reply_cached(("knowledge", *request.values()), lambda index: knowledge_payload(index, request))


def knowledge_payload(index: StrudelIndex, request: dict[str, Any]) -> dict[str, Any]:
    response: dict[str, Any] = dict(
        strudel_knowledge(
            request["q"], domain=request["domain"], mode=request["mode"], limit=request["limit"], index=index
        )
    )
    refusal = _REFUSALS.get(response.get("reason", ""))
    if not response["ok"] and refusal:
        status, code = refusal
        raise ApiError(status, code, response["answer"])
    # ok: false with reason not_found is an answer (with real suggestions), not an error
    return response


class ReferenceListHandler(StrudelHandler):
    """The reference tab's list: search box + tag filter, names and synonyms only."""

    @tornado.web.authenticated
    async def get(self) -> None:
        search = self.text_param("search")
        tag = self.text_param("tag", default="all") or "all"
        offset, limit = self.paging()
        await self.reply_cached(
            ("reference", search, tag, offset, limit), lambda index: reference_page(index, search, tag, offset, limit)
        )


def reference_page(index: StrudelIndex, search: str, tag: str, offset: int, limit: int) -> dict[str, Any]:
    try:
        found = browse_reference(search, tag, index=index)
    except ValueError as exc:
        raise ApiError(400, "invalid_parameter", str(exc), allowed=["all", *index.reference.tag_counts]) from None
    return {
        "search": found.search,
        "tag": found.tag,
        "total": found.total,
        "offset": offset,
        "limit": limit,
        "items": [
            {"name": e.name, "synonyms": list(e.synonyms), "tags": list(e.filter_tags)}
            for e in found.entries[offset : offset + limit]
        ],
        "tags": found.tag_counts,
        "suggestions": found.suggestions,
        "status": reference_status(found),
        "details": [d for d in (reference_detail(n, index=index) for n in found.details) if d] if offset == 0 else [],
    }


class ReferenceEntryHandler(StrudelHandler):
    """One reference entry (by name or shown synonym) with description HTML, params, examples."""

    @tornado.web.authenticated
    async def get(self, name: str) -> None:
        await self.reply_cached(("reference-entry", name), lambda index: reference_entry(index, name))


def reference_entry(index: StrudelIndex, name: str) -> dict[str, Any]:
    item = reference_detail(name, index=index)
    if item is None:
        raise ApiError(
            404,
            "not_found",
            f"{name!r} is not in the Strudel reference",
            suggestions=suggest(index, name, domain="reference"),
        )
    return dict(item)


class SoundListHandler(StrudelHandler):
    """The sounds tab's list: search box + category buttons, names with sample counts."""

    @tornado.web.authenticated
    async def get(self) -> None:
        search = self.text_param("search")
        category = self.text_param("category", default="all") or "all"
        offset, limit = self.paging()
        await self.reply_cached(
            ("sounds", search, category, offset, limit),
            lambda index: sounds_page(index, search, category, offset, limit),
        )


def sounds_page(index: StrudelIndex, search: str, category: str, offset: int, limit: int) -> dict[str, Any]:
    try:
        found = browse_sounds(search, category, index=index)
    except ValueError as exc:
        raise ApiError(400, "invalid_parameter", str(exc), allowed=list(SOUND_CATEGORIES)) from None
    page = found.entries[offset : offset + limit]
    return {
        "search": found.search,
        "category": found.category,
        "total": found.total,
        "offset": offset,
        "limit": limit,
        "items": [
            {
                "name": e.name,
                "label": sound_label(e),
                "count": e.count,
                "type": e.type,
                "categories": list(e.categories),
            }
            for e in page
        ],
        "categories": found.category_counts,
        "matching": found.matching_counts,
        "suggestions": found.suggestions,
        "status": sounds_status(found),
        "version": index.version,
        "details": [d for d in (sound_detail(n, index=index) for n in found.details) if d] if offset == 0 else [],
    }


class SoundEntryHandler(StrudelHandler):
    """One sound (``bd``) or, failing that, one bank (``tr909``)."""

    @tornado.web.authenticated
    async def get(self, name: str) -> None:
        await self.reply_cached(("sound-entry", name), lambda index: sound_entry(index, name))


def sound_entry(index: StrudelIndex, name: str) -> dict[str, Any]:
    item = sound_detail(name, index=index)
    if item is None:
        raise ApiError(
            404,
            "not_found",
            f"{name!r} is not a sound or bank in the registry",
            suggestions=suggest(index, name, domain="sounds"),
        )
    return dict(item)


class CategoriesHandler(StrudelHandler):
    """The sounds tab's category buttons with their counts over the whole registry."""

    @tornado.web.authenticated
    async def get(self) -> None:  # a copy of a small dict: cheap enough for the loop
        index = await self.index()
        self.reply({"categories": dict(index.sounds.category_counts)})


class TagsHandler(StrudelHandler):
    """The reference tab's tag row with counts."""

    @tornado.web.authenticated
    async def get(self) -> None:  # a copy of a small dict: cheap enough for the loop
        ref = (await self.index()).reference
        self.reply({"tags": dict(ref.tag_counts), "total": len(ref)})


class SoundSourcesHandler(StrudelHandler):
    """What the browser's audio engine registers: the prebake's sample maps, aliases, user sounds."""

    @tornado.web.authenticated
    async def get(self) -> None:
        # Read from disk once per registry version (user sounds change it), in the pool.
        await self.reply_cached(("sound-sources",), sound_sources)


class CodeHandler(StrudelHandler):
    """Base of the editor routes: a POST body ``{"code", ...}`` read and bounded, the work done in the pool.

    Their answers depend on code being typed, so they are not cached: each keystroke differs.
    """

    def code_body(self, fields: tuple[str, ...]) -> dict[str, Any]:
        if len(self.request.body) > MAX_BODY_BYTES:
            raise ApiError(400, "invalid_json", f"the request body has more than {MAX_BODY_BYTES} bytes")
        try:
            body = json.loads(self.request.body or b"null")
        except (ValueError, RecursionError):
            raise ApiError(400, "invalid_json", "the request body is not valid JSON") from None
        if not isinstance(body, dict):
            raise ApiError(400, "invalid_json", f"the body must be an object with {', '.join(fields)}")
        unknown = sorted(str(k) for k in body if k not in fields)
        if unknown:
            raise ApiError(400, "invalid_parameter", f"unknown field(s): {', '.join(unknown)}")
        if "code" not in body:
            raise ApiError(400, "missing_parameter", "code is required: the Strudel code, as a string")
        if not isinstance(body["code"], str):
            raise ApiError(400, "invalid_parameter", "code must be a string")
        cursor = body.get("cursor")
        if "cursor" in fields and cursor is not None:
            if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor <= len(body["code"]):
                raise ApiError(400, "invalid_parameter", f"cursor must be a whole number from 0 to {len(body['code'])}")
        return body

    async def reply_from_pool(self, answer: Callable[[StrudelIndex], Any]) -> None:
        index = await self.index()
        self.finish(await self.pool.run(lambda: json.dumps(answer(index), ensure_ascii=False).encode()))


class CompleteHandler(CodeHandler):
    """Completions at a cursor in Strudel code (the editor's Tab), from the core's one engine."""

    @tornado.web.authenticated
    async def post(self) -> None:
        body = self.code_body(("code", "cursor", "limit"))
        limit = body.get("limit", DEFAULT_COMPLETIONS)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise ApiError(400, "invalid_parameter", f"limit must be a whole number from 1 to {MAX_LIMIT}")
        code, cursor = body["code"], body.get("cursor")
        await self.reply_from_pool(lambda index: complete(code, cursor, index=index, limit=limit).to_dict())


class InspectHandler(CodeHandler):
    """The docs of the name under a cursor in Strudel code (Shift+Tab), or ``item: null``."""

    @tornado.web.authenticated
    async def post(self) -> None:
        body = self.code_body(("code", "cursor"))
        code, cursor = body["code"], body.get("cursor")
        await self.reply_from_pool(lambda index: {"item": inspect_at(code, cursor, index=index)})


class ValidateHandler(CodeHandler):
    """``strudel_validate`` on Strudel code (the editor's findings as you type); nothing is evaluated."""

    @tornado.web.authenticated
    async def post(self) -> None:
        code = self.code_body(("code",))["code"]
        await self.reply_from_pool(lambda index: validation_payload(index, code))


def validation_payload(index: StrudelIndex, code: str) -> ValidationResult:
    from ..code.validation import strudel_validate  # the parser loads on the first validation only

    result = strudel_validate(code, index=index)
    if any(f["kind"] == "internal_error" for f in result["findings"]):
        raise ApiError(500, "internal_error", result["summary"])
    return result


class UserSoundsHandler(StrudelHandler):
    """Your own sounds (the per-user store kernels share): list, import a sample map or a folder, remove."""

    @tornado.web.authenticated
    async def get(self) -> None:
        index = await self.index()
        self.reply(user_sounds_reply(index))

    @tornado.web.authenticated
    async def post(self) -> None:
        if len(self.request.body) > MAX_BODY_BYTES * 8:
            raise ApiError(400, "invalid_json", f"the request body has more than {MAX_BODY_BYTES * 8} bytes")
        try:
            body = json.loads(self.request.body or b"null")
        except (ValueError, RecursionError):
            raise ApiError(400, "invalid_json", "the request body is not valid JSON") from None
        if not isinstance(body, dict) or not (("sample_map" in body) ^ ("folder" in body)):
            raise ApiError(
                400, "invalid_json", 'send {"sample_map": {...}, "base_url": "..."} or {"folder": "path/in/jupyter"}'
            )
        root = Path(self.settings.get("server_root_dir", ".")).expanduser().resolve()
        base = self.settings.get("base_url", "/")
        index = await self.index()

        def work() -> list[str]:
            base_url: str | None
            try:
                if "folder" in body:
                    sample_map, base_url = folder_sample_map(root, body["folder"], base)
                else:
                    sample_map, base_url = body["sample_map"], body.get("base_url")
                    if not isinstance(sample_map, dict) or not (base_url is None or isinstance(base_url, str)):
                        raise ValueError("sample_map must be an object and base_url a string")
                add_user_sounds(sample_map, base_url)
            except ValueError as exc:
                raise ApiError(400, "invalid_parameter", str(exc)) from None
            index.sync_user_sounds()
            return sorted(process_sample_map(sample_map, base_url))

        added = await self.pool.run(work)
        self.reply({**user_sounds_reply(index), "added": added})

    @tornado.web.authenticated
    async def delete(self) -> None:
        names = self.get_arguments("name")
        index = await self.index()

        def work() -> list[str]:
            removed = remove_user_sounds(names or None)
            index.sync_user_sounds()
            return removed

        removed = await self.pool.run(work)
        self.reply({**user_sounds_reply(index), "removed": removed})


def user_sounds_reply(index: StrudelIndex) -> dict[str, Any]:
    """The store as the index shows it now: names, problems found in it, and a version to poll."""
    return {
        "names": [e.name for e in index.sounds.in_category("user")],
        "problems": list(index.user_problems),
        "version": index.version,
    }


#: The audio files a folder import takes (what browsers play).
AUDIO_SUFFIXES = (".wav", ".mp3", ".ogg", ".flac", ".m4a", ".aac", ".opus", ".webm")
MAX_FOLDER_FILES = 5000


def folder_sample_map(root: Path, folder: Any, base_url: str) -> tuple[dict[str, list[str]], str]:
    """A folder under the server root as the REPL imports one: each subfolder is a sound.

    The files are served by Jupyter Server's ``/files/`` route. Raises ``ValueError`` for a
    path outside the root, a missing folder, or one without audio files.
    """
    if not isinstance(folder, str) or not folder.strip():
        raise ValueError("folder must be a path inside the Jupyter root")
    target = (root / folder.strip().strip("/")).resolve()
    if target != root and root not in target.parents:
        raise ValueError(f"{folder!r} is outside the Jupyter root")
    if not target.is_dir():
        raise ValueError(f"no folder {folder!r} in the Jupyter root")
    sample_map: dict[str, list[str]] = {}
    seen = 0
    for path in sorted(target.rglob("*")):
        if path.suffix.lower() not in AUDIO_SUFFIXES or not path.is_file():
            continue
        seen += 1
        if seen > MAX_FOLDER_FILES:
            raise ValueError(f"more than {MAX_FOLDER_FILES} audio files in {folder!r}")
        relative = path.relative_to(target)
        sound = relative.parts[0] if len(relative.parts) > 1 else path.stem
        sample_map.setdefault(sound, []).append(relative.as_posix())
    if not sample_map:
        raise ValueError(f"no audio files ({', '.join(AUDIO_SUFFIXES)}) in {folder!r}")
    files = url_path_join(base_url, "files", *target.relative_to(root).parts)
    return sample_map, files.rstrip("/") + "/"


def api_routes(base_url: str = "/") -> list[tuple[str, type[StrudelHandler]]]:
    """The whole route table: every URL pattern under ``<base_url>/strudel-jupyter/`` and its handler."""
    base = url_path_join(base_url, API_PREFIX)
    name = r"(?P<name>[^/]+)"
    return [
        (url_path_join(base, "knowledge"), KnowledgeHandler),
        (url_path_join(base, "reference"), ReferenceListHandler),
        (url_path_join(base, "reference", name), ReferenceEntryHandler),
        (url_path_join(base, "sounds"), SoundListHandler),
        (url_path_join(base, "sounds", name), SoundEntryHandler),
        (url_path_join(base, "categories"), CategoriesHandler),
        (url_path_join(base, "tags"), TagsHandler),
        (url_path_join(base, "user-sounds"), UserSoundsHandler),
        (url_path_join(base, "sound-sources"), SoundSourcesHandler),
        (url_path_join(base, "complete"), CompleteHandler),
        (url_path_join(base, "inspect"), InspectHandler),
        (url_path_join(base, "validate"), ValidateHandler),
    ]


def setup_handlers(web_app: Any, *, index: StrudelIndex | None = None, pool: WorkerPool | None = None) -> None:
    """Register :func:`api_routes` on the server's web app (``index=``/``pool=`` for tests)."""
    if index is not None:
        web_app.settings[INDEX_SETTING] = index
    web_app.settings[POOL_SETTING] = pool if pool is not None else WorkerPool()
    web_app.add_handlers(".*$", api_routes(web_app.settings.get("base_url", "/")))
