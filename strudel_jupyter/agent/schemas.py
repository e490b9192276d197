"""JSON Schemas of the agent tools' arguments and of the result envelope (one place).

The descriptions are written for a model: what the tool is for, when to call it,
and what comes back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, get_args

from ..limits import MAX_FINDINGS, MAX_PICTURE_CYCLES, MAX_SUMMARY_CHARS, PARSE_BUDGET_SECONDS, TIME_BUDGET_SECONDS
from ..validator.validation import MAX_CODE_CHARS
from ..vocabulary import DEFAULT_LIMIT, DOMAINS, MAX_LIMIT, MAX_QUERY_CHARS, MODES

__all__ = [
    "ENVELOPE_SCHEMA",
    "SEARCH_TOOLS_SCHEMA",
    "STRUDEL_EVENTS_SCHEMA",
    "STRUDEL_KNOWLEDGE_SCHEMA",
    "STRUDEL_VALIDATE_SCHEMA",
    "TOOL_DESCRIPTIONS",
    "TOOL_ERROR_TYPES",
    "ToolErrorType",
    "search_tools_schema",
]

#: Why a tool call failed: the envelope's ``error_type`` (docs/errors.md: when, and what to do).
ToolErrorType = Literal["invalid_call", "unknown_tool", "invalid_json", "invalid_arguments", "tool_error", "timeout"]
TOOL_ERROR_TYPES: tuple[str, ...] = get_args(ToolErrorType)

_DOMAINS = list(DOMAINS)
_MODES = list(MODES)
#: search_tools' own bounds.
SEARCH_QUERY_CHARS = 500
MAX_TOOLS = 20
DEFAULT_TOOLS = 5


def _nullable(kind: str, **spec: Any) -> dict[str, Any]:
    """An optional argument: strict modes send null for "not given", so null is allowed."""
    if "enum" in spec:
        spec["enum"] = [*spec["enum"], None]
    return {"type": [kind, "null"], **spec}


_DOMAIN_TEXT = "reference = functions (the reference tab), sounds = the sound registry; default auto"
_MODE_TEXT = "detail = one entry in full, search = ranked matches, list = a category; default auto"
_LIMIT_TEXT = f"number of items (default {DEFAULT_LIMIT}, up to {MAX_LIMIT})"

STRUDEL_KNOWLEDGE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {
            "description": (
                'A free-form question or name, e.g. "what does fast do", "how to make reverb", '
                '"is trancegate valid", "list drum-machine sounds like bd sd hh", "symbol:room", '
                f'"bank:tr909" (at most {MAX_QUERY_CHARS} characters). The object form {{"q", "domain", '
                '"mode", "limit"} is also accepted.'
            ),
            "anyOf": [
                {"type": "string", "minLength": 1, "maxLength": MAX_QUERY_CHARS},
                {
                    "type": "object",
                    "properties": {
                        "q": {"type": "string", "minLength": 1, "maxLength": MAX_QUERY_CHARS},
                        "domain": _nullable("string", enum=_DOMAINS, description=_DOMAIN_TEXT),
                        "mode": _nullable("string", enum=_MODES, description=_MODE_TEXT),
                        "limit": _nullable("integer", minimum=1, maximum=MAX_LIMIT, description=_LIMIT_TEXT),
                    },
                    "required": ["q"],
                    "additionalProperties": False,
                },
            ],
        },
        "domain": _nullable("string", enum=_DOMAINS, description=_DOMAIN_TEXT),
        "mode": _nullable("string", enum=_MODES, description=_MODE_TEXT),
        "limit": _nullable("integer", minimum=1, maximum=MAX_LIMIT, description=_LIMIT_TEXT),
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
            "description": (
                "Strudel code (JavaScript with mini-notation strings) exactly as it would be run "
                f"(at most {MAX_CODE_CHARS} characters)"
            ),
        },
    },
    "required": ["code"],
    "additionalProperties": False,
}


#: The furthest cycle strudel_events starts at (a pattern's later cycles are rarely what is asked).
MAX_BEGIN_CYCLE = 10_000

STRUDEL_EVENTS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "code": {**STRUDEL_VALIDATE_SCHEMA["properties"]["code"]},
        "cycles": _nullable(
            "integer",
            minimum=1,
            maximum=MAX_PICTURE_CYCLES,
            description=f"how many cycles to play (default 1, up to {MAX_PICTURE_CYCLES}); 2-4 show <a b> alternations",
        ),
        "begin": _nullable("integer", minimum=0, maximum=MAX_BEGIN_CYCLE, description="the first cycle (default 0)"),
        "picture": _nullable(
            "boolean",
            description="also return the pianoroll / punchcard of the events as SVG text (default false)",
        ),
    },
    "required": ["code"],
    "additionalProperties": False,
}


def search_tools_schema(names: Sequence[str], categories: Sequence[str]) -> dict[str, Any]:
    """The search_tools arguments, with the registry's own tool names and categories as enums."""
    return {
        "type": "object",
        "properties": {
            "query": _nullable(
                "string",
                maxLength=SEARCH_QUERY_CHARS,
                description='What you need a tool for, e.g. "check my code", "validate", "sounds". Empty lists all.',
            ),
            "category": _nullable("string", enum=list(categories), description="only tools of this category"),
            "names": _nullable(
                "array",
                items={"type": "string", "enum": list(names)},
                maxItems=MAX_TOOLS,
                description="get these tools by name (their full schemas)",
            ),
            "limit": _nullable(
                "integer",
                minimum=1,
                maximum=MAX_TOOLS,
                description=f"number of tools (default {DEFAULT_TOOLS}, up to {MAX_TOOLS})",
            ),
        },
        "additionalProperties": False,
    }


#: The schema with the default registry's tools (tests and docs; the registry builds its own).
SEARCH_TOOLS_SCHEMA: dict[str, Any] = search_tools_schema(
    ["strudel_knowledge", "strudel_validate", "strudel_events", "search_tools"],
    ["discovery", "events", "reference", "validation"],
)

TOOL_DESCRIPTIONS: dict[str, str] = {
    "strudel_knowledge": (
        "Authoritative lookup in the Strudel live-coding REPL's reference (every documented function: "
        "description, params, examples) and sound registry (samples, drum machines, synths, soundfonts, "
        "wavetables, banks), and the scale names, chord symbols and voicing dictionaries scale(), chord() and "
        "voicing() accept ('list scales', 'is m7b5 a chord symbol'). Use it when unsure whether a function, "
        "parameter, sound, bank or scale exists, after strudel_validate reports an unknown name, or when asked "
        "about Strudel docs or sounds. Returns JSON: ok, answer, items (kind function|sound|bank), notes; "
        "scale, chord and voicing answers add a tonal field with those names (items: the functions reading them); "
        "on ok=false a reason and real suggestions. "
        f"It never invents names. A query has at most {MAX_QUERY_CHARS} characters (longer: query_too_long)."
    ),
    "strudel_validate": (
        "Check Strudel code before running it. Reports, with line and column: syntax errors (JavaScript and "
        "mini-notation), functions and methods that do not exist in Strudel, sounds and .bank() names that "
        'are not in the sound registry (s("bd").bank("tr909") means tr909_bd), sample indices past '
        'the last sample, scale names tonal lacks (.scale("C:minr")) and chord symbols the voicing dictionary '
        "lacks before .voicing(). Each finding has real suggestions. ok=false means the REPL cannot run the code. "
        "Fix every error and every warning (e.g. unknown_sound: that sound stays silent). Leave findings of "
        "severity info alone: they note valid code (a real name without a reference entry, like setcps) and "
        "need no change. Names the code defines itself (const, function, register, samples({...})) are fine. "
        f"Limits: code of at most {MAX_CODE_CHARS} characters; parsing stops after {PARSE_BUDGET_SECONDS:g} s "
        f"and checking after {TIME_BUDGET_SECONDS:g} s of CPU or {MAX_FINDINGS} findings, with a too_complex "
        "finding naming the limit: fix what is reported, or validate the code in smaller pieces."
    ),
    "strudel_events": (
        "Run Strudel code in Strudel's own engine and say what it plays, to check it against what was asked "
        "before offering it: per cycle, which sounds and notes start where (e.g. 'cycle 0: bd at 0, 1/4, 1/2, "
        "3/4; hh x8 every 1/8'; cycles that play the same are merged), events per cycle per sound, and the "
        "range of every other control (gain 0.5-0.8, note c3-g4). A sound's name includes its bank "
        "(RolandTR909_bd). Returns ok, events, summary (those lines), timeline, per_cycle, ranges, and the "
        "picture (SVG text) when picture=true. Code that does not run gives ok=false with the REPL's error "
        "message, line and column: fix it and ask again. "
        f"Limits: at most {MAX_CODE_CHARS} characters of code and {MAX_PICTURE_CYCLES} cycles; the summary "
        f"has at most {MAX_SUMMARY_CHARS} characters."
    ),
    "search_tools": (
        "Find more tools by what you need (keyword, category or name) and get their full JSON Schemas. "
        "Only a small core set of tools is listed up front; call this to discover the rest, e.g. "
        'search_tools(query="validate code"). The tools it finds are offered to you from the next turn on.'
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
