"""Tool calls and replies in each provider's shape: read a call, answer it, find the calls of a message.

Shapes read: ``{"name", "arguments"}``; OpenAI chat completions tool calls; OpenAI Responses
``function_call`` items; Anthropic ``tool_use`` blocks; each as a dict or as the SDK's object.
A whole model message (``ChatCompletion``, its ``message``, a Responses ``output`` list or
``Response``, an Anthropic ``Message``) gives its tool calls through :func:`calls_in_message`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "SEARCH_TOOL",
    "CallStyle",
    "ToolCall",
    "anthropic_tool_result",
    "calls_in_message",
    "openai_tool_message",
    "read_call",
    "replies",
    "responses_output",
    "tool_search_output",
]

#: ``openai_tool_search``: a Responses ``tool_search_call`` the client executes (with ``search_tools``).
CallStyle = Literal["plain", "openai", "openai_responses", "openai_tool_search", "anthropic"]
TOO_DEEP = "nested too deeply to read"
SEARCH_TOOL = "search_tools"


@dataclass(slots=True)
class ToolCall:
    """One tool call as read from any provider's shape (``problem`` says why it could not be read)."""

    name: Any = None
    arguments: Any = None
    call_id: str | None = None
    style: CallStyle = "plain"
    problem: str = ""


def _get(obj: Any, key: str) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(key)
    return getattr(obj, key, None)


def _has(obj: Any, key: str) -> bool:
    return key in obj if isinstance(obj, Mapping) else hasattr(obj, key)


def read_call(call: Any) -> ToolCall:
    """Read a tool call; never raises: a call that breaks the reader is itself the problem."""
    try:
        return _normalise(call)
    except RecursionError:
        return ToolCall(problem=f"a tool call must be a JSON object with a name and arguments; this one is {TOO_DEEP}")
    except Exception as exc:  # noqa: BLE001 - SDK objects whose attribute access raises
        return ToolCall(problem=f"the tool call could not be read ({type(exc).__name__}: {str(exc)[:200]})")


def _normalise(call: Any) -> ToolCall:
    if call is None or isinstance(call, (str, bytes, int, float, bool, list, tuple)):
        if isinstance(call, (str, bytes)):
            try:
                parsed = json.loads(call)
            except (ValueError, TypeError):
                parsed = None
            if isinstance(parsed, Mapping):
                return _normalise(parsed)
        return ToolCall(problem=f"a tool call must be an object with a name and arguments, got {type(call).__name__}")
    function = _get(call, "function")
    kind = _get(call, "type")
    if function is not None and not isinstance(function, str):  # OpenAI chat completions
        return ToolCall(_get(function, "name"), _get(function, "arguments"), _get(call, "id"), "openai")
    if kind == "tool_use" or (_has(call, "input") and not _has(call, "arguments")):  # Anthropic
        return ToolCall(_get(call, "name"), _get(call, "input"), _get(call, "id"), "anthropic")
    if kind == "function_call":  # OpenAI Responses API
        call_id = _get(call, "call_id") or _get(call, "id")
        return ToolCall(_get(call, "name"), _get(call, "arguments"), call_id, "openai_responses")
    if kind == "tool_search_call":  # OpenAI Responses, client-executed tool search: search_tools answers
        call_id = _get(call, "call_id") or _get(call, "id")
        return ToolCall(SEARCH_TOOL, _get(call, "arguments"), call_id, "openai_tool_search")
    if _has(call, "name"):
        return ToolCall(_get(call, "name"), _get(call, "arguments"), _get(call, "id") or _get(call, "call_id"))
    return ToolCall(problem="a tool call needs a 'name' (and 'arguments'); none was found")


def calls_in_message(message: Any) -> tuple[CallStyle, list[Any]]:
    """The tool calls of one model message, in order, and the provider style they are in.

    ``message``: an OpenAI ``ChatCompletion`` (first choice) or its ``message``; a Responses
    ``Response`` or its ``output`` list; an Anthropic ``Message``; each as a dict or SDK object.
    A message without tool calls gives ``("plain", [])``.
    """
    choices = _get(message, "choices") if not isinstance(message, list) else None
    if choices:
        message = _get(choices[0], "message")
    if isinstance(message, (list, tuple)) or _get(message, "object") == "response" or _has(message, "output"):
        items = message if isinstance(message, (list, tuple)) else (_get(message, "output") or [])
        found = [item for item in items if _get(item, "type") == "function_call" or _client_search(item)]
        return ("openai_responses" if found else "plain"), found
    tool_calls = _get(message, "tool_calls")
    if tool_calls:
        return "openai", list(tool_calls)
    content = _get(message, "content")
    if isinstance(content, (list, tuple)):
        found = [block for block in content if _get(block, "type") == "tool_use"]
        return ("anthropic" if found else "plain"), found
    return "plain", []


def _client_search(item: Any) -> bool:
    """A tool search for the client to run (OpenAI runs ``execution: "server"`` ones itself)."""
    return _get(item, "type") == "tool_search_call" and _get(item, "execution") == "client"


def dump(envelope: Mapping[str, Any]) -> str:
    return json.dumps(envelope, ensure_ascii=False, default=str)


def openai_tool_message(tool_call_id: str, envelope: Mapping[str, Any]) -> dict[str, Any]:
    """``{"role": "tool", "tool_call_id", "content"}`` for the chat completions API."""
    return {"role": "tool", "tool_call_id": tool_call_id, "content": dump(envelope)}


def responses_output(call_id: str, envelope: Mapping[str, Any]) -> dict[str, Any]:
    """A ``function_call_output`` input item for the Responses API."""
    return {"type": "function_call_output", "call_id": call_id, "output": dump(envelope)}


def tool_search_output(call_id: str, tools: list[dict[str, Any]]) -> dict[str, Any]:
    """A ``tool_search_output`` input item: the Responses definitions a client-executed search loads."""
    return {
        "type": "tool_search_output",
        "call_id": call_id,
        "execution": "client",
        "status": "completed",
        "tools": tools,
    }


def anthropic_tool_result(
    tool_use_id: str, envelope: Mapping[str, Any], tool_references: list[str] | None = None
) -> dict[str, Any]:
    """A ``tool_result`` content block for the Anthropic messages API (``is_error`` on failure).

    ``tool_references``: tools to load that were sent with ``defer_loading`` (Anthropic's
    tool search): the block's content is then the envelope's text plus a ``tool_reference``
    block per name.
    """
    content: Any = dump(envelope)
    if tool_references:
        content = [{"type": "text", "text": content}]
        content += [{"type": "tool_reference", "tool_name": name} for name in tool_references]
    block: dict[str, Any] = {"type": "tool_result", "tool_use_id": tool_use_id, "content": content}
    if not envelope.get("success", False):
        block["is_error"] = True
    return block


def replies(style: CallStyle, results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What to append to the conversation: Anthropic's results go in one user message."""
    if style == "anthropic":
        return [{"role": "user", "content": results}] if results else []
    return results
