"""The REST API behind the JupyterLab sidebar: thin, authenticated handlers over the core.

Every route lives under ``<base_url>/strudel-jupyter/`` (see :func:`setup_handlers`); the
contract is written down in ``docs/rest-api.md``. Handlers only read parameters, ask
``strudel_knowledge`` or ``browse`` and write JSON. Errors are values here: one base class
turns them into a status code plus ``{"code", "message"}``, so user input never yields a 500.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Literal, get_args

import tornado.web
from jupyter_server.base.handlers import APIHandler
from jupyter_server.utils import url_path_join

from ..data.index import StrudelIndex, get_index, settle_for_server
from ..data.snapshot import SnapshotError
from ..data.sounds_tab import SOUND_CATEGORIES
from ..lookup.browse import browse_reference, browse_sounds, reference_detail, sound_detail, sound_label
from ..lookup.knowledge import strudel_knowledge
from ..lookup.ranking import suggest
from ..vocabulary import DOMAINS, MAX_LIMIT, MAX_QUERY_CHARS, MODES

__all__ = ["API_ERROR_CODES", "API_PREFIX", "ApiError", "ApiErrorCode", "INDEX_SETTING", "api_routes", "setup_handlers"]

API_PREFIX = "strudel-jupyter"
#: ``web_app.settings`` key holding an index to serve instead of the shared default (tests).
INDEX_SETTING = "strudel_jupyter_index"

#: Paging of the list routes: a page is small enough that a keystroke stays cheap.
DEFAULT_PAGE = 100
MAX_PAGE = 2000
MAX_SEARCH_CHARS = 200

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
#: Handlers run on the server's one event-loop thread, so the cache needs no lock.
CACHE_SIZE = 1024
_CACHE_KEY = "rest_responses"


class ApiError(tornado.web.HTTPError):
    """A request the API answers with an error body ``{"code", "message", **extra}``."""

    def __init__(self, status: int, code: ApiErrorCode, message: str, **extra: Any) -> None:
        super().__init__(status, log_message=message.replace("%", "%%"))
        self.code, self.message, self.extra = code, message, extra


class StrudelHandler(APIHandler):
    """Base class: the index to ask, parameter parsing, and errors as JSON values."""

    @property
    def index(self) -> StrudelIndex:
        index = self.settings.get(INDEX_SETTING)
        if index is None:
            try:
                index = get_index()
            except SnapshotError as exc:
                raise ApiError(
                    503, "snapshot_unavailable", f"The Strudel snapshot could not be loaded: {exc}"
                ) from None
            # kept for the server's lifetime: resolving the snapshot path costs more than a lookup
            self.settings[INDEX_SETTING] = index
            settle_for_server(index)
        return index

    def reply_cached(self, key: tuple[Any, ...], answer: Callable[[], Any]) -> None:
        """Write ``answer()`` as JSON, reusing the encoded body for a request seen before.

        Lookups are pure functions of the index, and typing in the sidebar repeats the same
        requests, so bodies are kept per index version (registering sounds changes it).
        """
        index = self.index
        cache = index.derived.get(_CACHE_KEY)
        if cache is None:
            cache = index.derived[_CACHE_KEY] = _LRU(CACHE_SIZE)
        full_key = (index.version, *key)
        body = cache.get(full_key)
        if body is None:
            body = json.dumps(answer(), ensure_ascii=False).encode()
            cache.put(full_key, body)
        self.finish(body)

    def reply(self, payload: Any) -> None:
        self.finish(json.dumps(payload, ensure_ascii=False))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        body: dict[str, Any]
        if isinstance(exc, ApiError):
            body = {"code": exc.code, "message": exc.message, **exc.extra}
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
    def get(self) -> None:
        q = self.get_argument("q", None, strip=False)
        limit = self.int_param("limit", default=None, low=1, high=MAX_LIMIT)
        self._answer(q, self.get_argument("domain", None), self.get_argument("mode", None), limit)

    @tornado.web.authenticated
    def post(self) -> None:
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
        self._answer(body.get("q"), body.get("domain"), body.get("mode"), limit)

    def _answer(self, q: Any, domain: Any, mode: Any, limit: int | None) -> None:
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
        index = self.index
        self.reply_cached(("knowledge", *request.values()), lambda: knowledge_payload(index, request))


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
    def get(self) -> None:
        search = self.text_param("search")
        tag = self.text_param("tag", default="all") or "all"
        offset, limit = self.paging()
        index = self.index
        self.reply_cached(
            ("reference", search, tag, offset, limit), lambda: reference_page(index, search, tag, offset, limit)
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
        "items": [{"name": e.name, "synonyms": list(e.synonyms)} for e in found.entries[offset : offset + limit]],
        "tags": found.tag_counts,
        "suggestions": found.suggestions,
    }


class ReferenceEntryHandler(StrudelHandler):
    """One reference entry (by name or shown synonym) with description HTML, params, examples."""

    @tornado.web.authenticated
    def get(self, name: str) -> None:
        index = self.index
        self.reply_cached(("reference-entry", name), lambda: reference_entry(index, name))


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
    def get(self) -> None:
        search = self.text_param("search")
        category = self.text_param("category", default="all") or "all"
        offset, limit = self.paging()
        index = self.index
        self.reply_cached(
            ("sounds", search, category, offset, limit), lambda: sounds_page(index, search, category, offset, limit)
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
        "items": [{"name": e.name, "label": sound_label(e), "count": e.count, "type": e.type} for e in page],
        "categories": found.category_counts,
        "matching": found.matching_counts,
        "suggestions": found.suggestions,
    }


class SoundEntryHandler(StrudelHandler):
    """One sound (``bd``) or, failing that, one bank (``tr909``)."""

    @tornado.web.authenticated
    def get(self, name: str) -> None:
        index = self.index
        self.reply_cached(("sound-entry", name), lambda: sound_entry(index, name))


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
    def get(self) -> None:
        self.reply({"categories": dict(self.index.sounds.category_counts)})


class TagsHandler(StrudelHandler):
    """The reference tab's tag row with counts."""

    @tornado.web.authenticated
    def get(self) -> None:
        ref = self.index.reference
        self.reply({"tags": dict(ref.tag_counts), "total": len(ref)})


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
    ]


def setup_handlers(web_app: Any, *, index: StrudelIndex | None = None) -> None:
    """Register :func:`api_routes` on the server's web app (``index=`` serves that index, for tests)."""
    if index is not None:
        web_app.settings[INDEX_SETTING] = index
    web_app.add_handlers(".*$", api_routes(web_app.settings.get("base_url", "/")))
