"""Checking a tool call's arguments against its JSON Schema: every violation, the usable rest.

A violation inside an optional argument drops that argument (at any depth: a bad field of
the object form of ``query`` drops that field, not the query) and the call runs with a
warning; a missing or invalid required value fails it. Texts quote at most a short prefix
of a value, so a 100,000-character argument gives a short error.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

__all__ = ["QUOTE_CHARS", "check_arguments", "example", "quote", "signature", "violation_text"]

#: How much of a value a message quotes.
QUOTE_CHARS = 60
#: The longest violation text (a bound on what a message can repeat).
MAX_VIOLATION_CHARS = 300
#: The most violations listed; the rest are counted.
MAX_VIOLATIONS = 20


def quote(value: Any, limit: int = QUOTE_CHARS) -> str:
    """``repr(value)``, cut to ``limit`` characters with the full size said."""
    text = repr(value)
    if len(text) <= limit:
        return text
    size = f"{len(value)} characters" if isinstance(value, str) else f"{len(text)} characters as text"
    return f"{text[:limit]}... ({size})"


def violation_text(error: ValidationError) -> str:
    """``path: message`` with the value quoted briefly (jsonschema quotes it whole)."""
    message = error.message
    whole = repr(error.instance)
    if len(whole) > QUOTE_CHARS and whole in message:
        message = message.replace(whole, quote(error.instance))
    if len(message) > MAX_VIOLATION_CHARS:
        message = message[:MAX_VIOLATION_CHARS] + "..."
    where = "/".join(str(p) for p in error.absolute_path)
    return f"{where}: {message}" if where else message


def _leaves(error: ValidationError) -> list[ValidationError]:
    """The errors that say what is wrong: an ``anyOf`` is read in the branch of the value's own type."""
    if error.validator in ("anyOf", "oneOf") and error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        for subs in branches.values():
            if not any(s.validator == "type" and not s.path for s in subs):
                return [leaf for s in subs for leaf in _leaves(s)]
        options = error.schema.get("anyOf", error.schema.get("oneOf", ())) if isinstance(error.schema, Mapping) else ()
        types = [str(option.get("type")) for option in options]
        if all(t != "None" for t in types):  # no branch takes the value's type: say which types do
            message = f"{quote(error.instance)} is not of type {' or '.join(repr(t) for t in types)}"
            return [ValidationError(message, validator="type", path=error.absolute_path, instance=error.instance)]
    return [error]


def _branch(schema: Mapping[str, Any], value: Any) -> Mapping[str, Any]:
    """The ``anyOf`` branch that describes ``value``'s type (objects), else the schema itself."""
    if isinstance(value, Mapping):
        for option in schema.get("anyOf", ()):
            if option.get("type") == "object":
                return option
    return schema


def _drop_optional(schema: Mapping[str, Any], usable: dict[str, Any], path: list[Any]) -> bool:
    """Drop the outermost optional argument on ``path``; False when every step is required."""
    container: Any = usable
    for key in path:
        if not isinstance(container, dict) or key not in container:
            return True  # already dropped with an outer value
        if key not in schema.get("required", ()):
            del container[key]
            return True
        schema = _branch(schema.get("properties", {}).get(key, {}), container[key])
        container = container[key]
    return False


def _drop_extras(schema: Mapping[str, Any], usable: dict[str, Any], path: list[Any]) -> None:
    container: Any = usable
    for key in path:
        schema = _branch(schema.get("properties", {}).get(key, {}), container.get(key))
        container = container.get(key) if isinstance(container, dict) else None
    if isinstance(container, dict):
        for extra in [k for k in container if k not in schema.get("properties", {})]:
            del container[extra]


#: How deep arguments may nest before the rest is replaced (JSON from a model is shallow).
MAX_ARGUMENT_DEPTH = 32
#: Python refuses to turn an int of more than 4,300 digits into text (and so into JSON or a
#: message); a number that large is no valid argument anyway.
_HUGE_INT_BITS = 14_000


def as_json_data(value: Any, depth: int = 0) -> Any:
    """``value`` as JSON data a schema can check and a message can quote: string keys, bounded
    nesting, no number too large to print. Values from a real JSON document pass unchanged."""
    if depth > MAX_ARGUMENT_DEPTH:
        return "<nested too deeply>"
    if isinstance(value, bool) or value is None or isinstance(value, (str, float)):
        return value
    if isinstance(value, int):
        return value if value.bit_length() < _HUGE_INT_BITS else "<a number too large to read>"
    if isinstance(value, Mapping):
        return {
            k if isinstance(k, str) else f"<a {type(k).__name__} key>": as_json_data(v, depth + 1)
            for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [as_json_data(v, depth + 1) for v in value]
    return f"<a {type(value).__name__}>"


def check_arguments(
    validator: Draft202012Validator, arguments: dict[str, Any]
) -> tuple[dict[str, Any], list[str], bool]:
    """All violations; the arguments that are still safe to use; whether the call cannot run."""
    arguments = as_json_data(arguments)
    schema: Mapping[str, Any] = validator.schema  # type: ignore[assignment]  # an object schema (register checks)
    errors = sorted(validator.iter_errors(arguments), key=lambda e: (list(e.absolute_path), e.message))
    if not errors:
        return arguments, [], False
    usable = json.loads(json.dumps(arguments, default=str))  # a deep copy to prune
    violations: list[str] = []
    fatal = False
    for error in (leaf for e in errors for leaf in _leaves(e)):
        violations.append(violation_text(error))
        path = list(error.absolute_path)
        if error.validator == "additionalProperties":
            _drop_extras(schema, usable, path)  # unknown extras are dropped, the call still runs
        elif not _drop_optional(schema, usable, path):
            fatal = True
    if not fatal:
        fatal = any(True for _ in validator.iter_errors(usable))
    listed = list(dict.fromkeys(violations))
    if len(listed) > MAX_VIOLATIONS:
        listed = [*listed[: MAX_VIOLATIONS - 1], f"... and {len(listed) - MAX_VIOLATIONS + 1} more violations"]
    return usable, listed, fatal


def signature(schema: Mapping[str, Any]) -> str:
    """``{query: string|object (required), domain: auto|reference|sounds, ...}``: the expected arguments."""
    required = set(schema.get("required", ()))
    parts = []
    for prop, spec in schema.get("properties", {}).items():
        types = spec.get("type") or [s.get("type", "?") for s in spec.get("anyOf", ())] or "any"
        kind = "|".join(t for t in ([types] if isinstance(types, str) else types) if t != "null")
        if "enum" in spec:
            kind = "|".join(str(v) for v in spec["enum"] if v is not None)
        parts.append(f"{prop}: {kind}{' (required)' if prop in required else ''}")
    return "{" + ", ".join(parts) + "}"


def example(schema: Mapping[str, Any]) -> str:
    return json.dumps({p: "..." for p in schema.get("required", ())})
