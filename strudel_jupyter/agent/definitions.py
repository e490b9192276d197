"""A tool's definition in each provider's format, strict where the provider has a strict mode.

One schema per tool (``schemas.py``) is the source; this module renders it:

* ``openai`` and ``openai_responses``: ``strict: true``. The schema is already strict-ready
  (optional arguments are nullable, ``additionalProperties: false`` on every object); the
  strict form lists every property as required and leaves out the string-length keywords
  strict mode does not take (the registry still enforces them when the call runs).
* ``anthropic``: ``strict: false``, deliberately: Anthropic's strict mode would move the
  bounds (``minimum``, ``maxLength``) into the description text; without it they stay in
  the schema and the registry enforces them.
* ``mcp`` and ``json_schema``: the schema as it is (no strict mode exists).

``defer=True`` marks a definition ``defer_loading: true``: OpenAI's and Anthropic's tool
search keep it out of the model's context until it is found.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal, get_args

__all__ = ["DEFERRABLE", "FORMATS", "JSON_SCHEMA_DIALECT", "Format", "render", "strict_form"]

Format = Literal["openai", "openai_responses", "anthropic", "json_schema", "mcp"]
FORMATS: tuple[str, ...] = get_args(Format)
JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: Keywords OpenAI's strict mode refuses; the registry checks them when the call runs.
_NOT_IN_OPENAI_STRICT = ("minLength", "maxLength")
#: The formats with native deferred loading (``defer_loading`` on a definition).
DEFERRABLE = ("openai_responses", "anthropic")


def strict_form(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` as OpenAI's strict mode takes it: every property required, no length keywords."""
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _NOT_IN_OPENAI_STRICT:
            continue
        if key == "properties":
            out[key] = {name: strict_form(sub) for name, sub in value.items()}
        elif key in ("anyOf", "oneOf", "allOf"):
            out[key] = [strict_form(sub) for sub in value]
        elif key == "items" and isinstance(value, Mapping):
            out[key] = strict_form(value)
        else:
            out[key] = json.loads(json.dumps(value))
    if out.get("type") == "object":
        out["additionalProperties"] = False
        out["required"] = list(out.get("properties", {}))
    return out


def render(
    name: str, description: str, schema: Mapping[str, Any], format: str, *, defer: bool = False
) -> dict[str, Any]:
    """The definition of one tool for ``format`` (a fresh copy callers may change)."""
    copy: dict[str, Any] = json.loads(json.dumps(schema))
    definition: dict[str, Any]
    if format == "openai":
        function = {"name": name, "description": description, "parameters": strict_form(copy), "strict": True}
        definition = {"type": "function", "function": function}
    elif format == "openai_responses":
        definition = {
            "type": "function",
            "name": name,
            "description": description,
            "parameters": strict_form(copy),
            "strict": True,
        }
    elif format == "anthropic":
        definition = {"name": name, "description": description, "input_schema": copy, "strict": False}
    elif format == "mcp":
        definition = {"name": name, "description": description, "inputSchema": copy}
    else:
        definition = {"$schema": JSON_SCHEMA_DIALECT, "title": name, "description": description, **copy}
    if defer and format in DEFERRABLE:
        definition["defer_loading"] = True
    return definition
