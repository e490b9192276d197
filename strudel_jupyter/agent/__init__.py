"""strudel-jupyter for LLM agents: tool definitions, a safe executor, discovery, a call log, MCP.

from strudel_jupyter.agent import default_registry
registry = default_registry()
registry.definitions("anthropic")   # core tools; search_tools finds the rest
registry.execute(tool_call)         # {"success": true, "result": ...} or {"success": false, "error": ...}
registry.log.frame()                # every call as a DataFrame
"""

from __future__ import annotations

from .registry import (
    FORMATS,
    CallLog,
    Tool,
    ToolRegistry,
    anthropic_tool_result,
    default_registry,
    make_registry,
    openai_tool_message,
)
from .schemas import ENVELOPE_SCHEMA
from .tools import JUPYTER_SERVER_MCP_TOOLS, search_tools, strudel_knowledge, strudel_validate

__all__ = [
    "ENVELOPE_SCHEMA",
    "FORMATS",
    "JUPYTER_SERVER_MCP_TOOLS",
    "CallLog",
    "Tool",
    "ToolRegistry",
    "anthropic_tool_result",
    "default_registry",
    "make_registry",
    "openai_tool_message",
    "search_tools",
    "strudel_knowledge",
    "strudel_validate",
]
