"""The strudel-jupyter tools in a registry: ``make_registry`` (any index) and the shared ``default_registry``."""

from __future__ import annotations

import threading
from typing import Any

from ..ask.knowledge import strudel_knowledge as _knowledge
from ..data.index import StrudelIndex
from ..validator.validation import strudel_validate as _validate
from .calllog import CallLog
from .registry import ToolRegistry
from .schemas import (
    STRUDEL_EVENTS_SCHEMA,
    STRUDEL_KNOWLEDGE_SCHEMA,
    STRUDEL_VALIDATE_SCHEMA,
    TOOL_DESCRIPTIONS,
    search_tools_schema,
)

__all__ = ["default_registry", "events_result", "make_registry"]


def events_result(
    code: str, cycles: int | None = None, begin: int | None = None, picture: bool | None = None
) -> dict[str, Any]:
    """What ``code`` plays, as the ``strudel_events`` tool answers it; never raises."""
    from ..engine.pictures import played

    result = played(code, cycles=cycles or 1, begin=begin or 0)
    if result.frame is None:
        where = f" at line {result.line}, column {result.column}" if result.line else ""
        return {
            "ok": False,
            "error": result.error_dict(),
            "summary": f"The code does not play: {result.error}{where}",
        }
    summary = result.summary()
    assert summary is not None  # the frame is there
    answer: dict[str, Any] = {
        "ok": True,
        "events": summary["events"],
        "begin": summary["begin"],
        "cycles": summary["cycles"],
        "summary": summary["text"],
        "timeline": summary["timeline"],
        "per_cycle": summary["per_cycle"],
        "ranges": summary["ranges"],
    }
    if picture:
        answer["picture"] = result.picture()
    return answer


def _search_schema(registry: ToolRegistry) -> dict[str, Any]:
    return search_tools_schema(registry.names, sorted(registry.categories))


def make_registry(*, index: StrudelIndex | None = None, log_size: int = 1000) -> ToolRegistry:
    """A registry with the strudel-jupyter tools (bound to ``index``, default: the shared one)."""
    registry = ToolRegistry(log=CallLog(log_size))

    def strudel_knowledge(
        query: Any, domain: str | None = None, mode: str | None = None, limit: int | None = None
    ) -> dict[str, Any]:
        return dict(_knowledge(query, domain=domain, mode=mode, limit=limit, index=index))

    def strudel_validate(code: str) -> dict[str, Any]:
        return dict(_validate(code, index=index))

    def strudel_events(
        code: str, cycles: int | None = None, begin: int | None = None, picture: bool | None = None
    ) -> dict[str, Any]:
        return events_result(code, cycles, begin, picture)

    def search_tools(
        query: str = "", category: str | None = None, names: list[str] | None = None, limit: int = 5
    ) -> dict[str, Any]:
        return registry.find_tools(query, category=category, names=names, limit=limit)

    registry.register(
        "strudel_knowledge",
        strudel_knowledge,
        STRUDEL_KNOWLEDGE_SCHEMA,
        "reference",
        description=TOOL_DESCRIPTIONS["strudel_knowledge"],
        keywords=(
            "lookup",
            "docs",
            "reference",
            "function",
            "sound",
            "sample",
            "bank",
            "synth",
            "params",
            "examples",
            "exist",
            "available",
        ),
        core=True,
    )
    registry.register(
        "strudel_validate",
        strudel_validate,
        STRUDEL_VALIDATE_SCHEMA,
        "validation",
        description=TOOL_DESCRIPTIONS["strudel_validate"],
        keywords=("validate", "check", "lint", "verify", "code", "errors", "syntax", "unknown", "mini-notation"),
    )
    registry.register(
        "strudel_events",
        strudel_events,
        STRUDEL_EVENTS_SCHEMA,
        "events",
        description=TOOL_DESCRIPTIONS["strudel_events"],
        keywords=("events", "plays", "run", "play", "hear", "pattern", "notes", "rhythm", "picture", "pianoroll"),
    )
    registry.register(
        "search_tools",
        search_tools,
        _search_schema,
        "discovery",
        description=TOOL_DESCRIPTIONS["search_tools"],
        keywords=("discover", "find", "tools", "list", "schema", "more"),
        core=True,
    )
    return registry


_DEFAULT: ToolRegistry | None = None
_DEFAULT_LOCK = threading.Lock()


def default_registry() -> ToolRegistry:
    """The shared registry (default index), created on first use."""
    global _DEFAULT
    if _DEFAULT is None:
        with _DEFAULT_LOCK:
            if _DEFAULT is None:
                _DEFAULT = make_registry()
    return _DEFAULT
