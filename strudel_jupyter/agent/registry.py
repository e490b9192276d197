"""A tool registry for LLM agents: definitions per provider, safe execution, discovery, a call log.

    registry = default_registry()
    tools = registry.definitions("openai")        # the compact core set
    envelope = registry.execute(tool_call)        # any provider's tool-call shape
    message = registry.result_message(tool_call, envelope)

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
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError
from rapidfuzz import fuzz

from ..data.index import StrudelIndex
from ..data.textindex import TextIndex, tokenize
from ..lookup.closest import closest
from .schemas import (
    SEARCH_TOOLS_SCHEMA,
    STRUDEL_KNOWLEDGE_SCHEMA,
    STRUDEL_VALIDATE_SCHEMA,
    TOOL_DESCRIPTIONS,
    ToolErrorType,
)
from .tools import bound_tools

if TYPE_CHECKING:  # pandas loads only when a DataFrame is asked for
    import pandas as pd

__all__ = [
    "FORMATS",
    "CallLog",
    "Tool",
    "ToolRegistry",
    "anthropic_tool_result",
    "default_registry",
    "make_registry",
    "openai_tool_message",
]

FORMATS = ("openai", "openai_responses", "anthropic", "json_schema", "mcp")
JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
LOG_COLUMNS = [
    "timestamp",
    "tool",
    "call_id",
    "arguments",
    "duration_ms",
    "success",
    "error_type",
    "error",
    "result_chars",
]


@dataclass(frozen=True, slots=True)
class Tool:
    name: str
    handler: Callable[..., Any]
    schema: dict[str, Any]  # JSON Schema of the arguments object
    category: str
    description: str
    keywords: tuple[str, ...] = ()
    core: bool = False  # listed up front; the rest is found through search_tools

    def json_schema(self) -> dict[str, Any]:
        return {"$schema": JSON_SCHEMA_DIALECT, "title": self.name, "description": self.description, **self.schema}


# ------------------------------------------------------------------ call log
class CallLog:
    """Every ``execute`` call: bounded (oldest dropped first), thread-safe, clearable."""

    def __init__(self, maxlen: int = 1000) -> None:
        self._records: deque[dict[str, Any]] = deque(maxlen=maxlen)
        self._lock = threading.Lock()

    def append(self, record: Mapping[str, Any]) -> None:
        with self._lock:
            self._records.append(dict(record))

    def records(self) -> list[dict[str, Any]]:
        with self._lock:
            return [dict(r) for r in self._records]

    def clear(self) -> None:
        with self._lock:
            self._records.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._records)

    @property
    def maxlen(self) -> int:
        return self._records.maxlen or 0

    def frame(self) -> pd.DataFrame:
        """One row per call, oldest first (``timestamp`` is timezone-aware UTC)."""
        import pandas as pd

        frame = pd.DataFrame(self.records(), columns=LOG_COLUMNS)
        frame["timestamp"] = pd.to_datetime(frame["timestamp"], utc=True)
        return frame


# -------------------------------------------------------------- call shapes
@dataclass(slots=True)
class _Call:
    name: Any = None
    arguments: Any = None
    call_id: str | None = None
    style: str = "plain"  # plain | openai | openai_responses | anthropic
    problem: str = ""


def _get(obj: Any, key: str) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(key)
    return getattr(obj, key, None)


def _has(obj: Any, key: str) -> bool:
    return key in obj if isinstance(obj, Mapping) else hasattr(obj, key)


_TOO_DEEP = "nested too deeply to read"


def _read_call(call: Any) -> _Call:
    """``_normalise`` that never raises: a call that breaks the reader is itself the problem."""
    try:
        return _normalise(call)
    except RecursionError:
        return _Call(problem=f"a tool call must be a JSON object with a name and arguments; this one is {_TOO_DEEP}")
    except Exception as exc:  # noqa: BLE001 - SDK objects whose attribute access raises
        return _Call(problem=f"the tool call could not be read ({type(exc).__name__}: {exc})")


def _normalise(call: Any) -> _Call:
    """Read a tool call in any of the shapes providers use (dicts or SDK objects)."""
    if call is None or isinstance(call, (str, bytes, int, float, bool, list, tuple)):
        if isinstance(call, (str, bytes)):
            try:
                parsed = json.loads(call)
            except (ValueError, TypeError):
                parsed = None
            if isinstance(parsed, Mapping):
                return _normalise(parsed)
        return _Call(problem=f"a tool call must be an object with a name and arguments, got {type(call).__name__}")
    function = _get(call, "function")
    kind = _get(call, "type")
    if function is not None and not isinstance(function, str):  # OpenAI chat completions
        return _Call(_get(function, "name"), _get(function, "arguments"), _get(call, "id"), "openai")
    if kind == "tool_use" or (_has(call, "input") and not _has(call, "arguments")):  # Anthropic
        return _Call(_get(call, "name"), _get(call, "input"), _get(call, "id"), "anthropic")
    if kind == "function_call":  # OpenAI Responses API
        return _Call(
            _get(call, "name"), _get(call, "arguments"), _get(call, "call_id") or _get(call, "id"), "openai_responses"
        )
    if _has(call, "name"):
        return _Call(_get(call, "name"), _get(call, "arguments"), _get(call, "id") or _get(call, "call_id"))
    return _Call(problem="a tool call needs a 'name' (and 'arguments'); none was found")


def _violation_text(error: Any) -> str:
    where = "/".join(str(p) for p in error.absolute_path)
    return f"{where}: {error.message}" if where else error.message


def _result_size(value: Any) -> int:
    try:
        return len(json.dumps(value, ensure_ascii=False, default=str))
    except (TypeError, ValueError):
        return len(str(value))


# ------------------------------------------------------------------ registry
@dataclass
class ToolRegistry:
    """Tools for LLM agents, with one set of schemas rendered for each provider."""

    log: CallLog = field(default_factory=CallLog)

    def __post_init__(self) -> None:
        self._tools: dict[str, Tool] = {}
        self._validators: dict[str, Draft202012Validator] = {}
        self._lock = threading.Lock()
        self._version = 0
        self._text: tuple[int, TextIndex] | None = None

    # ---------------------------------------------------------- registering
    def register(
        self,
        name: str,
        handler: Callable[..., Any],
        schema: Mapping[str, Any],
        category: str,
        *,
        description: str | None = None,
        keywords: Iterable[str] = (),
        core: bool = False,
    ) -> Tool:
        """Add a tool. ``schema`` is the JSON Schema of its arguments (an object schema).

        Raises ``ValueError`` for a bad name or an invalid schema: registering is
        programmer input, checked loudly (only ``execute`` answers with values).
        """
        if not isinstance(name, str) or not name or not all(c.isalnum() or c in "_-" for c in name) or len(name) > 64:
            raise ValueError(f"tool names are 1-64 characters of letters, digits, _ and -; got {name!r}")
        if not callable(handler):
            raise ValueError(f"the handler of {name!r} is not callable")
        schema = dict(schema)
        if schema.get("type") != "object":
            raise ValueError(f"the schema of {name!r} must describe an object (type: object)")
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as exc:
            raise ValueError(f"the schema of {name!r} is not a valid JSON Schema: {exc.message}") from None
        doc = description or (handler.__doc__ or "").strip().split("\n\n")[0].strip() or name
        tool = Tool(name, handler, schema, category, doc, tuple(keywords), core)
        with self._lock:
            self._tools[name] = tool
            self._validators[name] = Draft202012Validator(schema)
            self._version += 1
        return tool

    def unregister(self, name: str) -> None:
        with self._lock:
            self._tools.pop(name, None)
            self._validators.pop(name, None)
            self._version += 1

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

    # ---------------------------------------------------------- definitions
    def definitions(
        self, format: str = "openai", *, names: Sequence[str] | None = None, all: bool = False
    ) -> list[dict[str, Any]]:
        """Tool definitions for a provider.

        ``format``: ``openai`` (chat completions ``tools=``), ``openai_responses``,
        ``anthropic`` (``tools=``), ``json_schema`` (one JSON Schema document per tool)
        or ``mcp`` (``{name, description, inputSchema}``). By default only the core
        tools (``core=True``); pass ``names=`` or ``all=True`` for others.
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
        return [self._definition(t, format) for t in tools]

    @staticmethod
    def _definition(tool: Tool, format: str) -> dict[str, Any]:
        schema = json.loads(json.dumps(tool.schema))  # a copy callers may change
        if format == "openai":
            return {
                "type": "function",
                "function": {"name": tool.name, "description": tool.description, "parameters": schema},
            }
        if format == "openai_responses":
            return {"type": "function", "name": tool.name, "description": tool.description, "parameters": schema}
        if format == "anthropic":
            return {"name": tool.name, "description": tool.description, "input_schema": schema}
        if format == "mcp":
            return {"name": tool.name, "description": tool.description, "inputSchema": schema}
        return tool.json_schema()

    # ------------------------------------------------------------ discovery
    def _text_index(self) -> TextIndex:
        with self._lock:
            cached = self._text
            if cached is not None and cached[0] == self._version:
                return cached[1]
            docs = {
                t.name: {
                    "name": t.name,
                    "keywords": " ".join(t.keywords),
                    "category": t.category,
                    "description": t.description,
                }
                for t in self._tools.values()
            }
            text = TextIndex(docs, {"name": 4.0, "keywords": 3.0, "category": 2.0, "description": 1.0})
            self._text = (self._version, text)
            return text

    def find_tools(self, query: str = "", *, category: str | None = None, limit: int = 5) -> dict[str, Any]:
        """Tools matching ``query`` (name, keywords, category, description), best first, with full schemas.

        What the ``search_tools`` tool answers. Ranked like the core's lookups: BM25F over
        the tools' own words (same tokenizer and stemming as the reference search), plus a
        fuzzy match on names.
        """
        tools = list(self._tools.values())
        notes: list[str] = []
        if category:
            wanted = category.strip().lower()
            tools = [t for t in tools if t.category.lower() == wanted]
            if not tools:
                notes.append(f"no category {category!r}; categories: {', '.join(sorted(self.categories))}")
        scores: dict[str, float] = {}
        terms = tokenize(query or "")
        if terms:
            allowed = {t.name for t in tools}
            for name, (score, matched) in self._text_index().score(terms).items():
                if name in allowed:
                    scores[name] = score * (matched / len(terms))
            names = [t.name for t in tools]
            for hit in closest(query.strip(), names, scorer=fuzz.WRatio, cutoff=80, limit=5):
                scores[hit.choice] = scores.get(hit.choice, 0.0) + hit.score / 20.0
            ranked = sorted((t for t in tools if t.name in scores), key=lambda t: (-scores[t.name], t.name))
            if not ranked:
                notes.append("no tool matches; all tools are listed")
                ranked = sorted(tools, key=lambda t: (not t.core, t.category, t.name))
        else:
            ranked = sorted(tools, key=lambda t: (not t.core, t.category, t.name))
        limit = max(1, min(int(limit), 20))
        return {
            "query": query,
            "category": category,
            "tools": [
                {
                    "name": t.name,
                    "category": t.category,
                    "description": t.description,
                    "parameters": json.loads(json.dumps(t.schema)),
                    "score": round(scores.get(t.name, 0.0), 3),
                }
                for t in ranked[:limit]
            ],
            "categories": dict(sorted(self.categories.items())),
            "notes": notes,
        }

    # ------------------------------------------------------------ execution
    def execute(self, call: Any) -> dict[str, Any]:
        """Run a tool call; always returns the envelope (see the module docstring), never raises."""
        started = time.perf_counter()
        timestamp = datetime.now(UTC)
        parsed = _read_call(call)
        arguments: Any = parsed.arguments
        try:
            envelope, arguments = self._run(parsed)
        except Exception as exc:  # noqa: BLE001 - the contract: errors are values
            envelope = self._failure(parsed.name, "tool_error", f"internal error while running the tool: {exc}")
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
            }
        )
        return envelope

    def __call__(self, call: Any) -> dict[str, Any]:
        return self.execute(call)

    def _failure(self, tool: Any, error_type: ToolErrorType, error: str, **extra: Any) -> dict[str, Any]:
        envelope: dict[str, Any] = {
            "success": False,
            "tool": tool if isinstance(tool, str) else None,
            "error": error,
            "error_type": error_type,
        }
        envelope.update(extra)
        return envelope

    def _run(self, call: _Call) -> tuple[dict[str, Any], Any]:
        if call.problem:
            return self._failure(None, "invalid_call", call.problem), None
        name = call.name
        if not isinstance(name, str) or not name:
            return self._failure(None, "invalid_call", "the tool call has no tool name"), call.arguments
        tool = self._tools.get(name)
        if tool is None:
            close = [hit.choice for hit in closest(name, list(self._tools), scorer=fuzz.WRatio, cutoff=60, limit=3)]
            hint = f" Did you mean {', '.join(close)}?" if close else ""
            return (
                self._failure(
                    name,
                    "unknown_tool",
                    f"There is no tool named {name!r}.{hint} Available tools: {', '.join(self._tools)} "
                    "(search_tools finds tools by keyword).",
                    available_tools=list(self._tools),
                ),
                call.arguments,
            )
        arguments = call.arguments
        if arguments is None or arguments == "":
            arguments = {}
        if isinstance(arguments, (bytes, bytearray)):
            arguments = arguments.decode("utf-8", "replace")
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments)
            except (ValueError, RecursionError) as exc:
                why = _TOO_DEEP if isinstance(exc, RecursionError) else exc.args[0] if exc.args else exc
                return (
                    self._failure(
                        name,
                        "invalid_json",
                        f"The arguments for {name} are not valid JSON ({why}). "
                        f"Send a JSON object, e.g. {self._example(tool)}.",
                    ),
                    call.arguments,
                )
        if not isinstance(arguments, Mapping):
            return (
                self._failure(
                    name,
                    "invalid_arguments",
                    f"The arguments for {name} must be a JSON object, got {type(arguments).__name__}. "
                    f"Example: {self._example(tool)}.",
                ),
                arguments,
            )
        arguments = dict(arguments)
        usable, violations, fatal = self._check_arguments(tool, arguments)
        if fatal:
            listed = "; ".join(violations)
            return (
                self._failure(
                    name,
                    "invalid_arguments",
                    f"Invalid arguments for {name}: {listed}. Expected: {self._signature(tool)}.",
                    violations=violations,
                ),
                arguments,
            )
        try:
            result = tool.handler(**usable)
        except Exception as exc:  # noqa: BLE001 - a tool's failure is the envelope's error
            return (
                self._failure(name, "tool_error", f"{name} failed: {type(exc).__name__}: {exc}"),
                arguments,
            )
        envelope: dict[str, Any] = {"success": True, "tool": name, "result": result}
        if violations:
            envelope["warnings"] = [f"ignored invalid argument: {v}" for v in violations]
        return envelope, arguments

    def _check_arguments(self, tool: Tool, arguments: dict[str, Any]) -> tuple[dict[str, Any], list[str], bool]:
        """All violations; the arguments that are still safe to use; whether the call cannot run."""
        validator = self._validators[tool.name]
        errors = sorted(validator.iter_errors(arguments), key=lambda e: (list(e.absolute_path), e.message))
        if not errors:
            return arguments, [], False
        required = set(tool.schema.get("required", ()))
        properties = tool.schema.get("properties", {})
        usable = dict(arguments)
        violations, fatal = [], False
        for error in errors:
            path = list(error.absolute_path)
            violations.append(_violation_text(error))
            if not path:
                if error.validator == "additionalProperties":
                    for extra in [k for k in arguments if k not in properties]:
                        usable.pop(extra, None)  # unknown extras are dropped, the call still runs
                else:
                    fatal = True
            elif path[0] in required:
                fatal = True
            else:
                usable.pop(path[0], None)  # an invalid optional argument is dropped
        if not fatal:
            fatal = any(True for _ in validator.iter_errors(usable))
        return usable, violations, fatal

    @staticmethod
    def _signature(tool: Tool) -> str:
        required = set(tool.schema.get("required", ()))
        parts = []
        for prop, spec in tool.schema.get("properties", {}).items():
            kind = spec.get("type") or "|".join(s.get("type", "?") for s in spec.get("anyOf", ())) or "any"
            if "enum" in spec:
                kind = "|".join(map(str, spec["enum"]))
            parts.append(f"{prop}: {kind}{' (required)' if prop in required else ''}")
        return "{" + ", ".join(parts) + "}"

    @staticmethod
    def _example(tool: Tool) -> str:
        required = tool.schema.get("required", ())
        sample = {p: "..." for p in required} or {}
        return json.dumps(sample)

    # -------------------------------------------------------- result messages
    def result_message(self, call: Any, envelope: Mapping[str, Any], format: str | None = None) -> dict[str, Any]:
        """The provider's tool-result message for ``envelope``, answering ``call``.

        ``format`` defaults to the call's own shape: ``openai`` -> ``{"role": "tool", ...}``,
        ``openai_responses`` -> ``{"type": "function_call_output", ...}``, ``anthropic`` ->
        ``{"type": "tool_result", ...}`` (put it in a user message's content list).
        """
        parsed = _read_call(call)
        style = format or (parsed.style if parsed.style != "plain" else "openai")
        call_id = parsed.call_id or ""
        if style == "anthropic":
            return anthropic_tool_result(call_id, envelope)
        if style == "openai_responses":
            return {"type": "function_call_output", "call_id": call_id, "output": _dump(envelope)}
        if style == "openai":
            return openai_tool_message(call_id, envelope)
        raise ValueError(f"unknown format {style!r}; expected openai, openai_responses or anthropic")

    def run(self, call: Any, format: str | None = None) -> dict[str, Any]:
        """``execute`` + ``result_message`` in one step: the message to send back to the model."""
        return self.result_message(call, self.execute(call), format)


def _dump(envelope: Mapping[str, Any]) -> str:
    return json.dumps(envelope, ensure_ascii=False, default=str)


def openai_tool_message(tool_call_id: str, envelope: Mapping[str, Any]) -> dict[str, Any]:
    """``{"role": "tool", "tool_call_id", "content"}`` for the chat completions API."""
    return {"role": "tool", "tool_call_id": tool_call_id, "content": _dump(envelope)}


def anthropic_tool_result(tool_use_id: str, envelope: Mapping[str, Any]) -> dict[str, Any]:
    """A ``tool_result`` content block for the Anthropic messages API (``is_error`` on failure)."""
    block: dict[str, Any] = {"type": "tool_result", "tool_use_id": tool_use_id, "content": _dump(envelope)}
    if not envelope.get("success", False):
        block["is_error"] = True
    return block


# ------------------------------------------------------------------ defaults
def make_registry(*, index: StrudelIndex | None = None, log_size: int = 1000) -> ToolRegistry:
    """A registry with the strudel-jupyter tools (bound to ``index``, default: the shared one)."""
    registry = ToolRegistry(log=CallLog(log_size))
    tools = bound_tools(index)
    registry.register(
        "strudel_knowledge",
        tools["strudel_knowledge"],
        STRUDEL_KNOWLEDGE_SCHEMA,
        "reference",
        description=TOOL_DESCRIPTIONS["strudel_knowledge"],
        keywords=("lookup", "docs", "reference", "function", "sound", "sample", "bank", "synth", "params", "examples"),
        core=True,
    )
    registry.register(
        "strudel_validate",
        tools["strudel_validate"],
        STRUDEL_VALIDATE_SCHEMA,
        "validation",
        description=TOOL_DESCRIPTIONS["strudel_validate"],
        keywords=("validate", "check", "lint", "verify", "code", "errors", "syntax", "unknown", "mini-notation"),
    )

    def search_tools(query: str = "", category: str | None = None, limit: int = 5) -> dict[str, Any]:
        return registry.find_tools(query, category=category, limit=limit)

    registry.register(
        "search_tools",
        search_tools,
        SEARCH_TOOLS_SCHEMA,
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
