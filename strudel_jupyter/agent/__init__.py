"""Stage 7, agent: strudel-jupyter for LLM agents: tool definitions, a safe executor, discovery, a call log, MCP.

from strudel_jupyter.agent import default_registry
registry = default_registry()
chat = registry.conversation()        # core tools; what search_tools finds joins the set
chat.definitions("anthropic")         # the tools for the next model call
chat.run_message(message)             # every tool call of a model message, answered
registry.log.frame()                  # every call as a DataFrame

Modules: ``registry`` (ToolRegistry), ``conversation`` (a conversation's tool set),
``definitions`` (per-provider, strict forms), ``arguments`` (checks, bounded messages),
``calls`` (call and reply shapes), ``discovery`` (search_tools), ``calllog``,
``schemas`` (the one source of the schemas), ``defaults`` (the strudel tools),
``tools`` (plain functions for frameworks), ``mcp_server``.
"""

from __future__ import annotations

from .calllog import CallLog
from .calls import anthropic_tool_result, calls_in_message, openai_tool_message, responses_output
from .conversation import Conversation
from .defaults import default_registry, make_registry
from .definitions import FORMATS
from .registry import Tool, ToolRegistry
from .schemas import ENVELOPE_SCHEMA
from .tools import JUPYTER_SERVER_MCP_TOOLS, search_tools, strudel_knowledge, strudel_validate

__all__ = [
    "ENVELOPE_SCHEMA",
    "FORMATS",
    "JUPYTER_SERVER_MCP_TOOLS",
    "CallLog",
    "Conversation",
    "Tool",
    "ToolRegistry",
    "anthropic_tool_result",
    "calls_in_message",
    "default_registry",
    "make_registry",
    "openai_tool_message",
    "responses_output",
    "search_tools",
    "strudel_knowledge",
    "strudel_validate",
]
