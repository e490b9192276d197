"""The strudel-jupyter tools in a registry: ``make_registry`` (any index) and the shared ``default_registry``."""

from __future__ import annotations

import threading
from typing import Any

from ..ask.knowledge import strudel_knowledge as _knowledge
from ..data.index import StrudelIndex
from ..validator.validation import strudel_validate as _validate
from .calllog import CallLog
from .registry import ToolRegistry
from .schemas import STRUDEL_KNOWLEDGE_SCHEMA, STRUDEL_VALIDATE_SCHEMA, TOOL_DESCRIPTIONS, search_tools_schema

__all__ = ["default_registry", "make_registry"]


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
        keywords=("lookup", "docs", "reference", "function", "sound", "sample", "bank", "synth", "params", "examples"),
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
