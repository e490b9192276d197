"""A tool registry for LLM agents: definitions per provider, safe execution, discovery, a call log.

    registry = default_registry()
    tools = registry.definitions("openai")        # the compact core set
    envelope = registry.execute(tool_call)        # any provider's tool-call shape
    replies = registry.run_message(model_message) # every call of one model message, answered
    chat = registry.conversation()                # a tool set that grows with discovery

``execute`` never raises. It returns the envelope

* ``{"success": true, "tool": name, "result": <the tool's JSON>}``, plus ``"warnings"``
  when invalid optional arguments were dropped and the call still ran;
* ``{"success": false, "tool": name | null, "error": "<message for the model>",
  "error_type": "invalid_call" | "unknown_tool" | "invalid_json" | "invalid_arguments"
  | "tool_error"}`` (``schemas.ToolErrorType``; docs/errors.md), plus ``"violations"``
  (every schema violation) or ``"available_tools"`` where they help.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError
from rapidfuzz import fuzz

from ..lookup.closest import closest
from .arguments import check_arguments, example, quote, signature
from .calllog import CallLog
from .calls import (
    SEARCH_TOOL,
    TOO_DEEP,
    ToolCall,
    anthropic_tool_result,
    calls_in_message,
    openai_tool_message,
    read_call,
    replies,
    responses_output,
    tool_search_output,
)
from .definitions import FORMATS, render
from .discovery import ToolFinder
from .schemas import ToolErrorType

if TYPE_CHECKING:
    from .conversation import Conversation, ToolSearch

__all__ = ["SchemaSource", "Tool", "ToolRegistry"]

#: A tool's argument schema: fixed, or built from the registry (enums of what it holds now).
SchemaSource = Mapping[str, Any] | Callable[["ToolRegistry"], Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class Tool:
    name: str
    handler: Callable[..., Any]
    schema_source: SchemaSource
    category: str
    description: str
    keywords: tuple[str, ...] = ()
    core: bool = False  # listed up front; the rest is found through search_tools


def _check_name(name: str) -> None:
    if not isinstance(name, str) or not name or not all(c.isalnum() or c in "_-" for c in name) or len(name) > 64:
        raise ValueError(f"tool names are 1-64 characters of letters, digits, _ and -; got {name!r}")


def _checked_schema(name: str, source: Mapping[str, Any]) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(json.dumps(source))
    if schema.get("type") != "object":
        raise ValueError(f"the schema of {name!r} must describe an object (type: object)")
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        raise ValueError(f"the schema of {name!r} is not a valid JSON Schema: {exc.message}") from None
    return schema


@dataclass
class ToolRegistry:
    """Tools for LLM agents, with one set of schemas rendered for each provider."""

    log: CallLog = field(default_factory=CallLog)

    def __post_init__(self) -> None:
        self._tools: dict[str, Tool] = {}
        self._lock = threading.RLock()
        self._version = 0
        self._schemas: tuple[int, dict[str, dict[str, Any]], dict[str, Draft202012Validator]] | None = None
        self._finder = ToolFinder()

    # ---------------------------------------------------------- registering
    def register(
        self,
        name: str,
        handler: Callable[..., Any],
        schema: SchemaSource,
        category: str,
        *,
        description: str | None = None,
        keywords: Iterable[str] = (),
        core: bool = False,
    ) -> Tool:
        """Add a tool. ``schema`` is the JSON Schema of its arguments (an object schema), or a
        function of the registry that builds it (enums of the registry's current names).

        Raises ``ValueError`` for a bad name or an invalid schema: registering is
        programmer input, checked loudly (only ``execute`` answers with values).
        """
        _check_name(name)
        if not callable(handler):
            raise ValueError(f"the handler of {name!r} is not callable")
        doc = description or (handler.__doc__ or "").strip().split("\n\n")[0].strip() or name
        tool = Tool(name, handler, schema, category, doc, tuple(keywords), core)
        with self._lock:
            previous = self._tools.get(name)
            self._tools[name] = tool
            self._version += 1
            try:
                self._resolved()  # every schema, this one's included, must still be valid
            except ValueError:
                if previous is None:
                    del self._tools[name]
                else:
                    self._tools[name] = previous
                self._version += 1
                raise
        return tool

    def unregister(self, name: str) -> None:
        with self._lock:
            self._tools.pop(name, None)
            self._version += 1

    @property
    def version(self) -> int:
        """Changes whenever a tool is registered or removed (schemas with enums change with it)."""
        return self._version

    @property
    def names(self) -> list[str]:
        return list(self._tools)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __len__(self) -> int:
        return len(self._tools)

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name)

    @property
    def categories(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for tool in self._tools.values():
            counts[tool.category] = counts.get(tool.category, 0) + 1
        return counts

    @property
    def core_names(self) -> list[str]:
        return [t.name for t in self._tools.values() if t.core]

    def _resolved(self) -> tuple[dict[str, dict[str, Any]], dict[str, Draft202012Validator]]:
        with self._lock:
            if self._schemas is None or self._schemas[0] != self._version:
                schemas = {}
                for tool in self._tools.values():
                    source = tool.schema_source
                    schemas[tool.name] = _checked_schema(tool.name, source(self) if callable(source) else source)
                validators = {name: Draft202012Validator(schema) for name, schema in schemas.items()}
                self._schemas = (self._version, schemas, validators)
            return self._schemas[1], self._schemas[2]

    def schema(self, name: str) -> dict[str, Any]:
        """The JSON Schema of ``name``'s arguments, as it is now (a copy)."""
        return json.loads(json.dumps(self._resolved()[0][name]))

    # ---------------------------------------------------------- definitions
    def definitions(
        self,
        format: str = "openai",
        *,
        names: Sequence[str] | None = None,
        all: bool = False,
        deferred: Sequence[str] = (),
    ) -> list[dict[str, Any]]:
        """Tool definitions for a provider.

        ``format``: ``openai`` (chat completions ``tools=``), ``openai_responses``,
        ``anthropic`` (``tools=``), ``json_schema`` (one JSON Schema document per tool)
        or ``mcp`` (``{name, description, inputSchema}``). By default only the core
        tools (``core=True``); pass ``names=`` or ``all=True`` for others. Tools named in
        ``deferred`` carry ``defer_loading: true`` (OpenAI Responses, Anthropic).
        """
        if format not in FORMATS:
            raise ValueError(f"unknown format {format!r}; expected one of {', '.join(FORMATS)}")
        if names is not None:
            missing = [n for n in names if n not in self._tools]
            if missing:
                raise KeyError(f"no such tool(s): {', '.join(missing)}; registered: {', '.join(self._tools)}")
            tools = [self._tools[n] for n in names]
        else:
            tools = [t for t in self._tools.values() if all or t.core]
        schemas = self._resolved()[0]
        later = set(deferred)
        return [render(t.name, t.description, schemas[t.name], format, defer=t.name in later) for t in tools]

    # ------------------------------------------------------------ discovery
    def find_tools(
        self,
        query: str | None = "",
        *,
        category: str | None = None,
        names: Sequence[str] | None = None,
        limit: int | None = 5,
    ) -> dict[str, Any]:
        """Tools matching ``query`` (name, keywords, category, description), best first, with full schemas.

        What the ``search_tools`` tool answers.
        """
        tools = list(self._tools.values())
        return self._finder.find(tools, self._version, self.schema, query, category=category, names=names, limit=limit)

    def conversation(
        self, *, deferred: bool = False, tools: Iterable[str] | None = None, tool_search: ToolSearch = "hosted"
    ) -> Conversation:
        """A conversation's own tool set: the core tools, then each tool it discovers or calls.

        ``deferred=True`` uses the providers' native deferred loading instead: every tool is
        listed, the ones not yet found with ``defer_loading: true``; ``tool_search`` says who
        runs OpenAI's tool search then (see ``Conversation``).
        """
        from .conversation import Conversation

        return Conversation(self, deferred=deferred, tools=tools, tool_search=tool_search)

    # ------------------------------------------------------------ execution
    def execute(self, call: Any) -> dict[str, Any]:
        """Run a tool call; always returns the envelope (see the module docstring), never raises."""
        return self.execute_in(call, conversation=None, active=None)

    def execute_in(self, call: Any, *, conversation: str | None, active: bool | None) -> dict[str, Any]:
        """``execute`` on behalf of a conversation: its id and whether the tool was in its set are logged."""
        return self._execute(read_call(call), conversation, active)

    def _execute(self, parsed: ToolCall, conversation: str | None, active: bool | None) -> dict[str, Any]:
        started = time.perf_counter()
        timestamp = datetime.now(UTC)
        arguments: Any = parsed.arguments
        try:
            envelope, arguments = self._run(parsed)
        except Exception as exc:  # noqa: BLE001 - the contract: errors are values
            envelope = _failure(parsed.name, "tool_error", f"internal error while running the tool: {exc}"[:500])
        self.log.append(
            {
                "timestamp": timestamp,
                "tool": parsed.name if isinstance(parsed.name, str) else None,
                "call_id": parsed.call_id,
                "arguments": arguments,
                "duration_ms": round((time.perf_counter() - started) * 1000.0, 3),
                "success": envelope["success"],
                "error_type": envelope.get("error_type"),
                "error": envelope.get("error"),
                "result_chars": _result_size(envelope["result"]) if envelope["success"] else 0,
                "conversation": conversation,
                "active": active,
            }
        )
        return envelope

    def __call__(self, call: Any) -> dict[str, Any]:
        return self.execute(call)

    def call(self, name: str, /, **arguments: Any) -> dict[str, Any]:
        """``execute({"name": name, "arguments": arguments})``: the plain Python functions use this."""
        return self.execute({"name": name, "arguments": arguments})

    def _run(self, call: ToolCall) -> tuple[dict[str, Any], Any]:
        if call.problem:
            return _failure(None, "invalid_call", call.problem), None
        name = call.name
        if not isinstance(name, str) or not name:
            return _failure(None, "invalid_call", "the tool call has no tool name"), call.arguments
        tool = self._tools.get(name)
        if tool is None:
            return self._unknown(name), call.arguments
        arguments = call.arguments
        if arguments is None or arguments == "":
            arguments = {}
        if isinstance(arguments, (bytes, bytearray)):
            arguments = arguments.decode("utf-8", "replace")
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments)
            except (ValueError, RecursionError) as exc:
                why = TOO_DEEP if isinstance(exc, RecursionError) else exc.args[0] if exc.args else exc
                schema = self._resolved()[0][name]
                text = (
                    f"The arguments for {name} are not valid JSON ({why}). Send a JSON object, e.g. {example(schema)}."
                )
                return _failure(name, "invalid_json", text), call.arguments
        schemas, validators = self._resolved()
        if not isinstance(arguments, Mapping):
            text = (
                f"The arguments for {name} must be a JSON object, got {type(arguments).__name__}. "
                f"Example: {example(schemas[name])}."
            )
            return _failure(name, "invalid_arguments", text), arguments
        arguments = dict(arguments)
        usable, violations, fatal = check_arguments(validators[name], arguments)
        if fatal:
            text = f"Invalid arguments for {name}: {'; '.join(violations)}. Expected: {signature(schemas[name])}."
            return _failure(name, "invalid_arguments", text, violations=violations), arguments
        try:
            result = tool.handler(**{k: v for k, v in usable.items() if v is not None})
        except Exception as exc:  # noqa: BLE001 - a tool's failure is the envelope's error
            return _failure(name, "tool_error", f"{name} failed: {type(exc).__name__}: {str(exc)[:300]}"), arguments
        envelope: dict[str, Any] = {"success": True, "tool": name, "result": result}
        if violations:
            envelope["warnings"] = [f"ignored invalid argument: {v}" for v in violations]
        return envelope, arguments

    def _unknown(self, name: str) -> dict[str, Any]:
        shown = quote(name, 40)
        close = [hit.choice for hit in closest(name[:100], list(self._tools), scorer=fuzz.WRatio, cutoff=60, limit=3)]
        hint = f" Did you mean {', '.join(close)}?" if close else ""
        text = (
            f"There is no tool named {shown}.{hint} Available tools: {', '.join(self._tools)} "
            "(search_tools finds tools by keyword)."
        )
        return _failure(name[:64], "unknown_tool", text, available_tools=list(self._tools))

    # -------------------------------------------------------- result messages
    def result_message(
        self, call: Any, envelope: Mapping[str, Any], format: str | None = None, *, tool_references: Sequence[str] = ()
    ) -> dict[str, Any]:
        """The provider's tool-result message for ``envelope``, answering ``call``.

        ``format`` defaults to the call's own shape: ``openai`` -> ``{"role": "tool", ...}``,
        ``openai_responses`` -> ``{"type": "function_call_output", ...}``, ``anthropic`` ->
        ``{"type": "tool_result", ...}`` (put it in a user message's content list).
        """
        parsed = read_call(call)
        style = format or (parsed.style if parsed.style != "plain" else "openai")
        call_id = parsed.call_id or ""
        if style == "anthropic":
            return anthropic_tool_result(call_id, envelope, list(tool_references))
        if style == "openai_responses":
            return responses_output(call_id, envelope)
        if style == "openai_tool_search":  # the tools found, as definitions to load (none on failure)
            found = [t["name"] for t in envelope["result"]["tools"]] if envelope["success"] else []
            found = [name for name in found if name != SEARCH_TOOL]  # the tool_search tool is search_tools
            return tool_search_output(call_id, self.definitions("openai_responses", names=found))
        if style == "openai":
            return openai_tool_message(call_id, envelope)
        raise ValueError(f"unknown format {style!r}; expected openai, openai_responses or anthropic")

    def run(self, call: Any, format: str | None = None) -> dict[str, Any]:
        """``execute`` + ``result_message`` in one step: the message to send back to the model."""
        return self.result_message(call, self.execute(call), format)

    def run_message(self, message: Any) -> list[dict[str, Any]]:
        """Run every tool call of one model message; the replies to append, in the provider's shape.

        OpenAI chat: one ``{"role": "tool"}`` message per call; Responses: one
        ``function_call_output`` item per call; Anthropic: one user message holding a
        ``tool_result`` block per call. A message without tool calls gives ``[]``.
        """
        style, calls = calls_in_message(message)
        return replies(style, [self.run(call) for call in calls])


def _failure(tool: Any, error_type: ToolErrorType, error: str, **extra: Any) -> dict[str, Any]:
    envelope: dict[str, Any] = {
        "success": False,
        "tool": tool if isinstance(tool, str) else None,
        "error": error,
        "error_type": error_type,
    }
    envelope.update(extra)
    return envelope


def _result_size(value: Any) -> int:
    try:
        return len(json.dumps(value, ensure_ascii=False, default=str))
    except (TypeError, ValueError):
        return len(str(value))
