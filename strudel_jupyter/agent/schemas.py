"""JSON Schemas of the agent tools' arguments and of the result envelope (one place).

The descriptions are written for a model: what the tool is for, when to call it,
and what comes back.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from ..code.validation import MAX_CODE_CHARS
from ..vocabulary import DEFAULT_LIMIT, DOMAINS, MAX_LIMIT, MAX_QUERY_CHARS, MODES

__all__ = [
    "ENVELOPE_SCHEMA",
    "SEARCH_TOOLS_SCHEMA",
    "STRUDEL_KNOWLEDGE_SCHEMA",
    "STRUDEL_VALIDATE_SCHEMA",
    "TOOL_DESCRIPTIONS",
    "TOOL_ERROR_TYPES",
    "ToolErrorType",
]

#: Why a tool call failed: the envelope's ``error_type`` (docs/errors.md: when, and what to do).
ToolErrorType = Literal["invalid_call", "unknown_tool", "invalid_json", "invalid_arguments", "tool_error", "timeout"]
TOOL_ERROR_TYPES: tuple[str, ...] = get_args(ToolErrorType)

_DOMAINS = list(DOMAINS)
_MODES = list(MODES)

STRUDEL_KNOWLEDGE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {
            "description": (
                'A free-form question or name, e.g. "what does fast do", "how to make reverb", '
                '"is trancegate valid", "list drum-machine sounds like bd sd hh", "symbol:room", '
                '"bank:tr909". The object form {"q", "domain", "mode", "limit"} is also accepted.'
            ),
            "anyOf": [
                {"type": "string", "minLength": 1, "maxLength": MAX_QUERY_CHARS},
                {
                    "type": "object",
                    "properties": {
                        "q": {"type": "string"},
                        "domain": {"type": "string", "enum": _DOMAINS},
                        "mode": {"type": "string", "enum": _MODES},
                        "limit": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT},
                    },
                    "required": ["q"],
                },
            ],
        },
        "domain": {
            "type": "string",
            "enum": _DOMAINS,
            "description": "reference = functions (the reference tab), sounds = the sound registry; default auto",
        },
        "mode": {
            "type": "string",
            "enum": _MODES,
            "description": "detail = one entry in full, search = ranked matches, list = a category; default auto",
        },
        "limit": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_LIMIT,
            "description": f"number of items (default {DEFAULT_LIMIT}, up to {MAX_LIMIT})",
        },
    },
    "required": ["query"],
    "additionalProperties": False,
}

STRUDEL_VALIDATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "code": {
            "type": "string",
            "minLength": 1,
            "maxLength": MAX_CODE_CHARS,
            "description": "Strudel code (JavaScript with mini-notation strings) exactly as it would be run",
        },
    },
    "required": ["code"],
    "additionalProperties": False,
}

SEARCH_TOOLS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {
            "type": "string",
            "maxLength": 500,
            "description": 'What you need a tool for, e.g. "check my code", "validate", "sounds". Empty lists all.',
        },
        "category": {"type": "string", "description": "only tools of this category, e.g. validation, reference"},
        "limit": {"type": "integer", "minimum": 1, "maximum": 20, "description": "number of tools (default 5)"},
    },
    "additionalProperties": False,
}

TOOL_DESCRIPTIONS: dict[str, str] = {
    "strudel_knowledge": (
        "Authoritative lookup in the Strudel live-coding REPL's reference (every documented function: "
        "description, params, examples) and sound registry (samples, drum machines, synths, soundfonts, "
        "wavetables, banks). Use it when unsure whether a function, parameter, sound or bank exists, after "
        "strudel_validate reports an unknown name, or when asked about Strudel docs or sounds. Returns JSON: "
        "ok, answer, items (kind function|sound|bank), notes; on ok=false a reason and real suggestions. "
        "It never invents names."
    ),
    "strudel_validate": (
        "Check Strudel code before running it. Reports, with line and column: syntax errors (JavaScript and "
        "mini-notation), functions and methods that do not exist in Strudel, sounds and .bank() names that "
        'are not in the sound registry (s("bd").bank("tr909") means tr909_bd), and sample indices past '
        "the last sample. Each finding has real suggestions. ok=false means the REPL cannot run the code. "
        "Fix every error and every warning (e.g. unknown_sound: that sound stays silent). Leave findings of "
        "severity info alone: they note valid code (a real name without a reference entry, like setcps) and "
        "need no change. Names the code defines itself (const, function, register, samples({...})) are fine."
    ),
    "search_tools": (
        "Find more tools by what you need (keyword or category) and get their full JSON Schemas. "
        "Only a small core set of tools is listed up front; call this to discover the rest, e.g. "
        'search_tools(query="validate code").'
    ),
}

ENVELOPE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "strudel-jupyter tool result",
    "oneOf": [
        {
            "type": "object",
            "properties": {
                "success": {"const": True},
                "tool": {"type": "string"},
                "result": {},
                "warnings": {"type": "array", "items": {"type": "string"}},
            },
            "required": ["success", "tool", "result"],
            "additionalProperties": False,
        },
        {
            "type": "object",
            "properties": {
                "success": {"const": False},
                "tool": {"type": ["string", "null"]},
                "error": {"type": "string", "minLength": 1},
                "error_type": {"enum": list(TOOL_ERROR_TYPES)},
                "violations": {"type": "array", "items": {"type": "string"}},
                "available_tools": {"type": "array", "items": {"type": "string"}},
            },
            "required": ["success", "error", "error_type"],
            "additionalProperties": False,
        },
    ],
}
