"""The REST API behind the JupyterLab sidebar: the route table and the lookup routes.

Every route lives under ``<base_url>/strudel-jupyter/`` (see :func:`api_routes`); the
contract is written down in ``docs/rest-api.md``. Handlers only read parameters, ask the
core and write JSON, in the worker pool (``base.py``: errors as values, the pool, the
cache); the editor's routes are in ``editor.py``, your sounds in ``user_sounds.py``.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import tornado.web
from jupyter_server.utils import url_path_join

from ...ask.knowledge import strudel_knowledge
from ...data.index import StrudelIndex
from ...data.sample_cache import SampleCache
from ...data.sound_sources import sound_sources
from ...data.sounds_tab import SOUND_CATEGORIES
from ...limits import SERVER_SWITCH_INTERVAL_SECONDS
from ...lookup.browse import (
    browse_reference,
    browse_sounds,
    reference_detail,
    reference_status,
    sound_detail,
    sound_label,
    sounds_status,
)
from ...lookup.ranking import suggest
from ...render.picture import PICTURE_CYCLES
from ...vocabulary import DOMAINS, MAX_LIMIT, MAX_QUERY_CHARS, MODES

if TYPE_CHECKING:
    from .payloads import (
        CategoriesReply,
        FunctionDetail,
        KnowledgeReply,
        ReferencePage,
        SoundEntryReply,
        SoundsPage,
        TagsReply,
    )
from .base import (
    _REFUSALS,
    API_ERROR_CODES,
    API_PREFIX,
    INDEX_SETTING,
    POOL_SETTING,
    ApiError,
    ApiErrorCode,
    StrudelHandler,
    WorkerPool,
    _choice,
)
from .editor import CompleteHandler, InspectHandler, ValidateHandler
from .samples import SAMPLES_SETTING, SampleHandler, SampleService, SampleStatusHandler
from .user_sounds import UserSoundsHandler

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


class KnowledgeHandler(StrudelHandler):
    """``strudel_knowledge`` over HTTP: GET with query parameters or POST with a JSON object."""

    @tornado.web.authenticated
    async def get(self) -> None:
        q = self.get_argument("q", None, strip=False)
        limit = self.int_param("limit", default=None, low=1, high=MAX_LIMIT)
        await self._answer(q, self.get_argument("domain", None), self.get_argument("mode", None), limit)

    @tornado.web.authenticated
    async def post(self) -> None:
        body = self.object_body(("q", "domain", "mode", "limit"), '{"q", "domain", "mode", "limit"}')
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


def knowledge_payload(index: StrudelIndex, request: dict[str, Any]) -> KnowledgeReply:
    response = strudel_knowledge(
        request["q"], domain=request["domain"], mode=request["mode"], limit=request["limit"], index=index
    )
    refusal = None if response["ok"] else _REFUSALS.get(response["reason"])
    if refusal:
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


def reference_page(index: StrudelIndex, search: str, tag: str, offset: int, limit: int) -> ReferencePage:
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


def reference_entry(index: StrudelIndex, name: str) -> FunctionDetail:
    item = reference_detail(name, index=index)
    if item is None:
        raise ApiError(
            404,
            "not_found",
            f"{name!r} is not in the Strudel reference",
            suggestions=suggest(index, name, domain="reference"),
        )
    return item


class ExamplePicturesHandler(StrudelHandler):
    """What each example of a reference entry plays, as SVG: the sidebar draws them under the examples."""

    @tornado.web.authenticated
    async def get(self, name: str) -> None:
        await self.reply_cached(("example-pictures", name), lambda index: example_pictures_of(index, name))


def example_pictures_of(index: StrudelIndex, name: str) -> dict[str, Any]:
    """The pictures of an entry's examples (the first ``MAX_DETAIL_PICTURES``); runs the engine, so in the pool."""
    from ...engine.pictures import example_pictures  # the engine loads here, in the pool, on first use

    item = reference_entry(index, name)
    return {"name": item["name"], "cycles": PICTURE_CYCLES, "pictures": example_pictures([list(item["examples"])])[0]}


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


def sounds_page(index: StrudelIndex, search: str, category: str, offset: int, limit: int) -> SoundsPage:
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


def sound_entry(index: StrudelIndex, name: str) -> SoundEntryReply:
    item = sound_detail(name, index=index)
    if item is None:
        raise ApiError(
            404,
            "not_found",
            f"{name!r} is not a sound or bank in the registry",
            suggestions=suggest(index, name, domain="sounds"),
        )
    return item


class CategoriesHandler(StrudelHandler):
    """The sounds tab's category buttons with their counts over the whole registry."""

    @tornado.web.authenticated
    async def get(self) -> None:  # a copy of a small dict: cheap enough for the loop
        index = await self.index()
        reply: CategoriesReply = {"categories": dict(index.sounds.category_counts)}
        self.reply(reply)


class TagsHandler(StrudelHandler):
    """The reference tab's tag row with counts."""

    @tornado.web.authenticated
    async def get(self) -> None:  # a copy of a small dict: cheap enough for the loop
        ref = (await self.index()).reference
        reply: TagsReply = {"tags": dict(ref.tag_counts), "total": len(ref)}
        self.reply(reply)


class SoundSourcesHandler(StrudelHandler):
    """What the browser's audio engine registers: the prebake's sample maps, aliases, user sounds."""

    @tornado.web.authenticated
    async def get(self) -> None:
        # Read from disk once per registry version (user sounds change it), in the pool.
        await self.reply_cached(("sound-sources",), sound_sources)


def api_routes(base_url: str = "/") -> list[tuple[str, type[StrudelHandler]]]:
    """The whole route table: every URL pattern under ``<base_url>/strudel-jupyter/`` and its handler."""
    base = url_path_join(base_url, API_PREFIX)
    name = r"(?P<name>[^/]+)"
    return [
        (url_path_join(base, "knowledge"), KnowledgeHandler),
        (url_path_join(base, "reference"), ReferenceListHandler),
        (url_path_join(base, "reference", name), ReferenceEntryHandler),
        (url_path_join(base, "reference", name, "pictures"), ExamplePicturesHandler),
        (url_path_join(base, "sounds"), SoundListHandler),
        (url_path_join(base, "sounds", name), SoundEntryHandler),
        (url_path_join(base, "categories"), CategoriesHandler),
        (url_path_join(base, "tags"), TagsHandler),
        (url_path_join(base, "user-sounds"), UserSoundsHandler),
        (url_path_join(base, "sound-sources"), SoundSourcesHandler),
        (url_path_join(base, "complete"), CompleteHandler),
        (url_path_join(base, "inspect"), InspectHandler),
        (url_path_join(base, "validate"), ValidateHandler),
        (url_path_join(base, "samples", r"(?P<path>.+)"), SampleHandler),
        (url_path_join(base, "samples-status"), SampleStatusHandler),
    ]


def setup_handlers(
    web_app: Any,
    *,
    index: StrudelIndex | None = None,
    pool: WorkerPool | None = None,
    samples: SampleCache | None = None,
) -> None:
    """Register :func:`api_routes` on the server's web app (``index=``/``pool=``/``samples=`` for tests).

    ``samples`` is the sample cache to serve (the extension builds it from the
    ``StrudelSamples`` traits); without it, one is built from the environment on first use.
    """
    if index is not None:
        web_app.settings[INDEX_SETTING] = index
    web_app.settings[POOL_SETTING] = pool if pool is not None else WorkerPool()
    # the workers compute in pure Python beside the event loop: hand the GIL back to it sooner
    sys.setswitchinterval(min(sys.getswitchinterval(), SERVER_SWITCH_INTERVAL_SECONDS))
    if samples is not None:
        web_app.settings[SAMPLES_SETTING] = SampleService(samples)
    web_app.add_handlers(".*$", api_routes(web_app.settings.get("base_url", "/")))
