"""The agent tools as plain, typed Python functions, for frameworks that build tools from signatures.

jupyter-server-mcp, the MCP SDK's ``MCPServer.add_tool``, LangChain, pydantic-ai, smolagents
and litellm read a function's signature and docstring. Here both come from the registry's
JSON Schemas (``schemas.py``, the one source): each parameter is ``Annotated`` with its
description and its exact schema (enums, bounds), the docstring's ``Args:`` are written from
the same descriptions, and the annotations are real objects (no ``from __future__ import
annotations``), so tools that inspect them need not resolve strings.

Each call goes through the registry like any tool call: the same argument checks (a bad
``mode`` or ``limit: 500`` is dropped with a warning, the call still runs), the same
``{success, result | error}`` envelope, the same call log. Frameworks check types with
pydantic first; the registry checks the values.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from ..data.index import StrudelIndex
from .registry import ToolRegistry
from .schemas import (
    SEARCH_TOOLS_SCHEMA,
    STRUDEL_EVENTS_SCHEMA,
    STRUDEL_KNOWLEDGE_SCHEMA,
    STRUDEL_VALIDATE_SCHEMA,
)

__all__ = [
    "JUPYTER_SERVER_MCP_TOOLS",
    "ParameterSchema",
    "bound_tools",
    "search_tools",
    "strudel_events",
    "strudel_knowledge",
    "strudel_validate",
]

_SEARCH_SCHEMA = SEARCH_TOOLS_SCHEMA


@dataclass(frozen=True, slots=True)
class ParameterSchema:
    """A parameter's description and JSON Schema, where pydantic is not installed (no framework is)."""

    description: str
    json_schema: dict[str, Any]


def _param(schema: dict[str, Any], name: str) -> tuple[Any, ...]:
    """The annotation metadata of one parameter: its description and its exact JSON Schema."""
    spec = schema["properties"][name]
    try:  # every framework that reads signatures (MCP SDK, LangChain, pydantic-ai, ...) brings pydantic
        from pydantic import Field, WithJsonSchema
    except ImportError:
        return (ParameterSchema(spec["description"], spec),)
    return Field(description=spec["description"]), WithJsonSchema(spec)


_Q, _D, _M, _L = (_param(STRUDEL_KNOWLEDGE_SCHEMA, n) for n in ("query", "domain", "mode", "limit"))
_C = _param(STRUDEL_VALIDATE_SCHEMA, "code")
_EC, _EN, _EB, _EP = (_param(STRUDEL_EVENTS_SCHEMA, n) for n in ("code", "cycles", "begin", "picture"))
_SQ, _SC, _SN, _SL = (_param(_SEARCH_SCHEMA, n) for n in ("query", "category", "names", "limit"))

Envelope = dict[str, Any]


def _docstring(summary: str, schema: dict[str, Any], returns: str) -> str:
    """A Google-style docstring whose ``Args:`` are the schema's descriptions (enums as choices)."""
    lines = [summary, "", "Args:"]
    for name, spec in schema["properties"].items():
        text = " ".join(spec["description"].split())
        choices = [v for v in spec.get("enum", ()) if v is not None]
        lines.append(f"    {name}: {text}" + (f" (choices: {json.dumps(choices)})" if choices else ""))
    lines += ["", "Returns:", f"    {returns}"]
    return "\n".join(lines)


_ENVELOPE_TEXT = (
    '{"success": true, "tool", "result": the tool\'s JSON, "warnings"?: ignored arguments} or '
    '{"success": false, "error_type", "error"}. Never raises.'
)
_KNOWLEDGE_DOC = _docstring(
    "Look up Strudel functions (the REPL's reference tab) and sounds (its sounds tab). Use it when unsure "
    "whether a function, parameter, sound or bank exists, or after strudel_validate reports an unknown name.",
    STRUDEL_KNOWLEDGE_SCHEMA,
    "The envelope " + _ENVELOPE_TEXT + " The result is the knowledge spec's JSON: ok, answer, items, notes; "
    "on ok=false a reason and suggestions that are real names.",
)
_VALIDATE_DOC = _docstring(
    "Check Strudel code before running it; findings come with line, column and suggestions. Fix every error "
    "and warning; leave findings of severity info alone (valid code).",
    STRUDEL_VALIDATE_SCHEMA,
    "The envelope " + _ENVELOPE_TEXT + ' The result is {"ok", "errors", "warnings", "info", "findings", "summary"}.',
)
_EVENTS_DOC = _docstring(
    "Run Strudel code in Strudel's engine and say what it plays (per cycle: sounds and notes at their "
    "positions; events per cycle per sound; control ranges), to check it against what was asked.",
    STRUDEL_EVENTS_SCHEMA,
    "The envelope " + _ENVELOPE_TEXT + ' The result is {"ok", "events", "begin", "cycles", "summary", "timeline", '
    '"per_cycle", "ranges", "picture"?}; when the code does not run, {"ok": false, "error": {"message", "line", '
    '"column"}, "summary"}.',
)
_SEARCH_DOC = _docstring(
    "Find more strudel-jupyter tools by keyword, category or name and get their full JSON Schemas.",
    _SEARCH_SCHEMA,
    "The envelope " + _ENVELOPE_TEXT + ' The result is {"query", "category", "tools": [{"name", "category", '
    '"description", "parameters", "score"}], "categories", "notes"}.',
)


def _plain_tools(registry: Callable[[], ToolRegistry]) -> dict[str, Callable[..., Envelope]]:
    """The four functions, each calling ``registry()``'s tool of the same name."""

    def strudel_knowledge(
        query: Annotated[str | dict[str, Any], *_Q],
        domain: Annotated[str | None, *_D] = None,
        mode: Annotated[str | None, *_M] = None,
        limit: Annotated[int | None, *_L] = None,
    ) -> Envelope:
        return registry().call("strudel_knowledge", query=query, domain=domain, mode=mode, limit=limit)

    def strudel_validate(code: Annotated[str, *_C]) -> Envelope:
        return registry().call("strudel_validate", code=code)

    def strudel_events(
        code: Annotated[str, *_EC],
        cycles: Annotated[int | None, *_EN] = None,
        begin: Annotated[int | None, *_EB] = None,
        picture: Annotated[bool | None, *_EP] = None,
    ) -> Envelope:
        return registry().call("strudel_events", code=code, cycles=cycles, begin=begin, picture=picture)

    def search_tools(
        query: Annotated[str | None, *_SQ] = None,
        category: Annotated[str | None, *_SC] = None,
        names: Annotated[list[str] | None, *_SN] = None,
        limit: Annotated[int | None, *_SL] = None,
    ) -> Envelope:
        return registry().call("search_tools", query=query, category=category, names=names, limit=limit)

    strudel_knowledge.__doc__, strudel_validate.__doc__, strudel_events.__doc__, search_tools.__doc__ = (
        _KNOWLEDGE_DOC,
        _VALIDATE_DOC,
        _EVENTS_DOC,
        _SEARCH_DOC,
    )
    return {
        "strudel_knowledge": strudel_knowledge,
        "strudel_validate": strudel_validate,
        "strudel_events": strudel_events,
        "search_tools": search_tools,
    }


def _default() -> ToolRegistry:
    from .defaults import default_registry

    return default_registry()


_DEFAULT_TOOLS = _plain_tools(_default)
strudel_knowledge = _DEFAULT_TOOLS["strudel_knowledge"]
strudel_validate = _DEFAULT_TOOLS["strudel_validate"]
strudel_events = _DEFAULT_TOOLS["strudel_events"]
search_tools = _DEFAULT_TOOLS["search_tools"]
for _fn in _DEFAULT_TOOLS.values():
    _fn.__module__ = __name__
    _fn.__qualname__ = _fn.__name__


def bound_tools(index: StrudelIndex | None = None, *, registry: ToolRegistry | None = None) -> dict[str, Any]:
    """The four functions over one registry (``make_registry(index=index)`` when not given)."""
    if registry is None and index is None:
        return dict(_DEFAULT_TOOLS)
    if registry is None:
        from .defaults import make_registry

        registry = make_registry(index=index)
    own = registry
    return dict(_plain_tools(lambda: own))


#: What jupyter-server-mcp loads from the ``jupyter_server_mcp.tools`` entry point.
JUPYTER_SERVER_MCP_TOOLS: list[str] = [
    "strudel_jupyter.agent.tools:strudel_knowledge",
    "strudel_jupyter.agent.tools:strudel_validate",
    "strudel_jupyter.agent.tools:strudel_events",
    "strudel_jupyter.agent.tools:search_tools",
]
