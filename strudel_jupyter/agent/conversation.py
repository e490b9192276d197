"""A conversation's own tool set: it starts with the core tools and grows with what the model finds.

    chat = registry.conversation()
    tools = chat.definitions("anthropic")   # core: strudel_knowledge, search_tools
    replies = chat.run_message(message)     # search_tools finds strudel_validate ...
    tools = chat.definitions("anthropic")   # ... and it is listed from now on

Two ways to grow the set, both kept here:

* **listed on discovery** (default, any provider): ``definitions()`` lists the core tools and
  every tool the conversation has found with ``search_tools`` or called; send it with each
  model call.
* **native deferred loading** (``deferred=True``): ``definitions()`` lists every tool, the
  ones not yet found marked ``defer_loading: true``, so the provider keeps them out of the
  model's context. Anthropic: the answer to ``search_tools`` carries a ``tool_reference``
  block per tool it found, which loads it. OpenAI Responses: the list ends with a
  ``tool_search`` tool: hosted (``tool_search="hosted"``, OpenAI searches the deferred tools)
  or client-executed (``tool_search="client"``: it takes ``search_tools``' place and schema,
  and ``run_message`` answers each ``tool_search_call`` with a ``tool_search_output`` holding
  the definitions ``search_tools`` found).
  Formats without deferred loading (OpenAI chat completions, MCP, JSON Schema) list the set.

A call to a tool outside the set still runs; the call log records it (``active`` False) and
the tool joins the set.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterable
from typing import Any, Literal

from .calls import SEARCH_TOOL, calls_in_message, read_call, replies
from .definitions import DEFERRABLE
from .registry import ToolRegistry

__all__ = ["Conversation", "ToolSearch"]

#: Who runs OpenAI's ``tool_search`` in a deferred conversation: OpenAI, or this conversation.
ToolSearch = Literal["hosted", "client"]


class Conversation:
    """One conversation's tool set over a shared :class:`ToolRegistry` (and its call log)."""

    def __init__(
        self,
        registry: ToolRegistry,
        *,
        deferred: bool = False,
        tools: Iterable[str] | None = None,
        tool_search: ToolSearch = "hosted",
    ) -> None:
        self.registry = registry
        self.id = uuid.uuid4().hex[:12]
        self.deferred = deferred
        self.tool_search = tool_search
        self._lock = threading.Lock()
        self._active: list[str] = []
        self.activate(*(registry.core_names if tools is None else tools))

    @property
    def active(self) -> list[str]:
        """The tools this conversation lists now, in the order they joined."""
        with self._lock:
            return [n for n in self._active if n in self.registry]

    def activate(self, *names: str) -> list[str]:
        """Add registered tools to the set; returns the ones that were not in it yet."""
        with self._lock:
            added = [n for n in dict.fromkeys(names) if n in self.registry and n not in self._active]
            self._active.extend(added)
            return added

    def definitions(self, format: str = "openai") -> list[dict[str, Any]]:
        """The tool definitions for the next model call (see the module docstring for ``deferred``)."""
        active = self.active
        if not self.deferred or format not in DEFERRABLE:
            return self.registry.definitions(format, names=active)  # no native deferral: list the set
        later = [n for n in self.registry.names if n not in active]
        if format != "openai_responses":
            return self.registry.definitions(format, all=True, deferred=later)
        if self.tool_search == "hosted":
            listed = self.registry.definitions(format, all=True, deferred=later)
            return [*listed, {"type": "tool_search"}] if later else listed
        # client-executed: the tool_search tool is search_tools, so search_tools is not listed twice
        names = [n for n in self.registry.names if n != SEARCH_TOOL]
        listed = self.registry.definitions(format, names=names, deferred=later)
        search = self.registry.get(SEARCH_TOOL)
        if search is not None:
            listed.append(
                {
                    "type": "tool_search",
                    "execution": "client",
                    "description": search.description,
                    "parameters": self.registry.schema(SEARCH_TOOL),
                }
            )
        return listed

    def execute(self, call: Any) -> dict[str, Any]:
        """Run a call as ``ToolRegistry.execute`` does; what it finds or calls joins the set."""
        envelope, _ = self._execute(call)
        return envelope

    def _execute(self, call: Any) -> tuple[dict[str, Any], list[str]]:
        name = read_call(call).name
        before = self.active
        active = name in before if isinstance(name, str) and name in self.registry else None
        envelope = self.registry.execute_in(call, conversation=self.id, active=active)
        added: list[str] = []
        if envelope["success"]:
            found = [t["name"] for t in envelope["result"].get("tools", [])] if name == SEARCH_TOOL else []
            added = self.activate(*found, str(name))
        return envelope, [n for n in added if n not in before and n != name]

    def run(self, call: Any, format: str | None = None) -> dict[str, Any]:
        """``execute`` + the provider's result message (with ``tool_reference`` blocks, see above)."""
        envelope, found = self._execute(call)
        references = found if self.deferred else []
        return self.registry.result_message(call, envelope, format, tool_references=references)

    def run_message(self, message: Any) -> list[dict[str, Any]]:
        """Every tool call of one model message, answered in the provider's shape (``ToolRegistry.run_message``)."""
        style, calls = calls_in_message(message)
        return replies(style, [self.run(call) for call in calls])

    def __repr__(self) -> str:
        return f"Conversation(id={self.id!r}, tools={self.active!r}, deferred={self.deferred})"
