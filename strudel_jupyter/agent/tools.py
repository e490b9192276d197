"""The agent tools as plain, typed Python functions.

Frameworks that build tools from a function's signature and docstring (jupyter-server-mcp,
the MCP SDK's ``MCPServer.add_tool``, LangChain, pydantic-ai, ...) can use these as they
are. They return the tool's own JSON (the knowledge spec's response, the validator's
report); :class:`~strudel_jupyter.agent.registry.ToolRegistry` adds argument checking,
the ``{success, result | error}`` envelope and the call log around the same functions.
"""

from __future__ import annotations

from typing import Any

from ..code.validation import strudel_validate as _validate
from ..data.index import StrudelIndex
from ..lookup.knowledge import strudel_knowledge as _knowledge
from ..vocabulary import DEFAULT_LIMIT, MAX_LIMIT, Domain, Mode

__all__ = [
    "JUPYTER_SERVER_MCP_TOOLS",
    "bound_tools",
    "search_tools",
    "strudel_knowledge",
    "strudel_validate",
]


def strudel_knowledge(
    query: str | dict[str, Any],
    domain: Domain | None = None,
    mode: Mode | None = None,
    limit: int | None = None,
) -> dict[str, Any]:
    """Look up Strudel functions (the REPL's reference tab) and sounds (its sounds tab).

    Use it when unsure whether a function, parameter, sound or bank exists, after
    strudel_validate reports an unknown name, or for questions about Strudel's docs.

    Args:
        query: a free-form question or name, e.g. "what does fast do", "how to make
            reverb", "is trancegate valid", "list drum-machine sounds", "symbol:room",
            or the object form {"q": ..., "domain": ..., "mode": ..., "limit": ...}.
        domain: "reference" (functions), "sounds" (sound registry) or "auto".
        mode: "detail", "search", "list" or "auto".
        limit: number of items to return (1-MAX_LIMIT, default DEFAULT_LIMIT).

    Returns:
        The knowledge spec's JSON: ok, query, domain, mode, answer, items (kind
        function | sound | bank), sources, notes; on ok=false a reason and suggestions
        that are real names. Never raises.
    """
    return dict(_knowledge(query, domain=domain, mode=mode, limit=limit))


# The bounds are the core's (query.py); the docstring is what frameworks show the model.
strudel_knowledge.__doc__ = (
    (strudel_knowledge.__doc__ or "").replace("MAX_LIMIT", str(MAX_LIMIT)).replace("DEFAULT_LIMIT", str(DEFAULT_LIMIT))
)


def strudel_validate(code: str) -> dict[str, Any]:
    """Check Strudel code before running it; findings come with line, column and suggestions.

    Reports JavaScript and mini-notation syntax errors, functions and methods that do
    not exist in Strudel, sounds and .bank() names missing from the sound registry, and
    sample indices past a sound's last sample. Names the code defines itself are fine.

    Args:
        code: Strudel code (JavaScript with mini-notation strings), as it would be run.

    Returns:
        {"ok": no errors, "errors": n, "warnings": n, "findings": [{"severity",
        "kind", "name", "message", "line", "column", "suggestions"}], "summary"}.
        Never raises.
    """
    return dict(_validate(code))


def search_tools(query: str = "", category: str | None = None, limit: int = 5) -> dict[str, Any]:
    """Find more strudel-jupyter tools by keyword or category and get their full JSON Schemas.

    Args:
        query: what you need a tool for, e.g. "validate code"; empty lists every tool.
        category: only tools of this category (e.g. "validation", "reference").
        limit: number of tools to return (1-20, default 5).

    Returns:
        {"query", "category", "tools": [{"name", "category", "description",
        "parameters", "score"}], "categories": {category: count}, "notes": [...]}.
    """
    from .registry import default_registry

    return default_registry().find_tools(query, category=category, limit=limit)


def bound_tools(index: StrudelIndex | None = None) -> dict[str, Any]:
    """The two lookup tools bound to one index (tests and custom snapshots use this)."""
    if index is None:
        return {"strudel_knowledge": strudel_knowledge, "strudel_validate": strudel_validate}
    idx = index

    def knowledge(
        query: str | dict[str, Any], domain: Domain | None = None, mode: Mode | None = None, limit: int | None = None
    ) -> dict[str, Any]:
        return dict(_knowledge(query, domain=domain, mode=mode, limit=limit, index=idx))

    def validate(code: str) -> dict[str, Any]:
        return dict(_validate(code, index=idx))

    knowledge.__doc__, validate.__doc__ = strudel_knowledge.__doc__, strudel_validate.__doc__
    return {"strudel_knowledge": knowledge, "strudel_validate": validate}


#: What jupyter-server-mcp loads from the ``jupyter_server_mcp.tools`` entry point.
JUPYTER_SERVER_MCP_TOOLS: list[str] = [
    "strudel_jupyter.agent.tools:strudel_knowledge",
    "strudel_jupyter.agent.tools:strudel_validate",
    "strudel_jupyter.agent.tools:search_tools",
]
