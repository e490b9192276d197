"""Reading a request: validate whatever was sent and normalise it into a ``KnowledgeRequest``.

Input is whatever an LLM or a person sends: a string with no required syntax,
``symbol:X`` / ``sounds:X`` prefixes, the object form ``{q, domain, mode, limit}``
or that object as a JSON string. Bad input becomes a :class:`QueryError` carrying a
reason code; bad *fields* of an object become notes and the valid fields are used.

The intent rules below are about English phrasing only ("is X valid", "list X",
"what does X do"); they never name a Strudel function. What a word means in
Strudel is decided later, against the snapshot.
"""

from __future__ import annotations

import json
import math
import re
import reprlib
import unicodedata
from dataclasses import dataclass, field
from typing import Any, cast

from ..vocabulary import DOMAINS, MAX_LIMIT, MAX_QUERY_CHARS, MODES, Domain, Mode

__all__ = ["KnowledgeRequest", "QueryError", "coerce_request"]

_OBJECT_KEYS = ("q", "domain", "mode", "limit")


class QueryError(Exception):
    """The query cannot be answered as given; ``reason`` is a stable code for agents."""

    def __init__(self, reason: str, message: str, query: str = "") -> None:
        super().__init__(message)
        self.reason, self.message, self.query = reason, message, query


@dataclass
class KnowledgeRequest:
    """A request, read: the cleaned query, its options (valid ones only) and notes about the input."""

    q: str
    domain: Domain = "auto"
    mode: Mode = "auto"
    limit: int | None = None  # None: the answer's own default
    notes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- validation
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028\u2029\ufeff]")


def _clean_text(text: str, notes: list[str]) -> str:
    if _CONTROL.search(text):
        text = _CONTROL.sub(" ", text)
        notes.append("control characters in the query were ignored")
    text = unicodedata.normalize("NFKC", text.encode("utf-8", "replace").decode("utf-8"))  # lone surrogates
    return " ".join(text.split())


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a {type(value).__name__}"


def shown(value: Any, width: int = 40) -> str:
    """A value as a short, safe quote for a message: bounded in length and nesting, and never
    raising (an int of 5,000 digits cannot be turned into text at all; deep nesting is cut)."""
    try:
        text = reprlib.repr(value)
    except (ValueError, RecursionError):  # Python refuses int -> str past 4,300 digits
        text = f"<{'an' if type(value).__name__[:1] in 'aeiou' else 'a'} {type(value).__name__} too large to show>"
    text = text.encode("utf-8", "replace").decode("utf-8")  # lone surrogates
    return text if len(text) <= width else text[: width - 3] + "..."


def _short(value: Any) -> str:
    return shown(value)


def _check_length(text: str, *, allowance: int = 0) -> None:
    """Refuse over-long text before any work is done on it (the JSON form may add its syntax)."""
    if len(text) > MAX_QUERY_CHARS + allowance:
        raise QueryError(
            "query_too_long",
            f"the query has {len(text)} characters; ask about one thing in at most {MAX_QUERY_CHARS}",
            text[:80] + "...",
        )


def coerce_request(query: Any, *, domain: Any = None, mode: Any = None, limit: Any = None) -> KnowledgeRequest:
    """Turn any input into a :class:`KnowledgeRequest` or raise :class:`QueryError`."""
    notes: list[str] = []
    if isinstance(query, str):
        _check_length(query, allowance=200 if query.lstrip().startswith("{") else 0)
        stripped = query.strip()
        if stripped.startswith("{") and stripped.endswith("}"):
            try:
                decoded = json.loads(stripped)
            except (ValueError, RecursionError):  # ValueError covers JSON errors and huge numbers
                decoded = None
            if isinstance(decoded, dict):
                query = decoded
                notes.append("the query was a JSON object and was read as {q, domain, mode, limit}")
    if isinstance(query, dict):
        obj = query
        unknown = sorted(_short(k) if not isinstance(k, str) else k[:40] for k in obj if k not in _OBJECT_KEYS)
        if unknown:
            notes.append(f"ignored unknown field(s): {', '.join(unknown[:10])}")
        q = obj.get("q")
        if not isinstance(q, str):
            got = "is missing" if "q" not in obj else f"is {_describe(q)}"
            raise QueryError(
                "invalid_query",
                f'the object form needs a non-empty string "q" (it {got}); '
                'e.g. {"q": "what does room do", "domain": "reference"}',
            )
        # options given beside the object (keywords, tool arguments) win over its fields
        domain = obj.get("domain") if domain is None else domain
        mode = obj.get("mode") if mode is None else mode
        limit = obj.get("limit") if limit is None else limit
        query = q
    if not isinstance(query, str):
        raise QueryError(
            "invalid_query",
            f'expected a query string or an object with a string "q", got {_describe(query)}',
        )
    _check_length(query)
    text = _clean_text(query, notes)
    if not text:
        raise QueryError("empty_query", 'the query is empty; ask e.g. "what does room do" or "list synths"', query)
    if not re.search(r"[^\W_]", text) and not re.search(r"[*~_]", text):
        raise QueryError("empty_query", "the query has no words or names to look up", query)

    request = KnowledgeRequest(q=text, notes=notes)
    if domain is not None:
        value = domain.strip().lower() if isinstance(domain, str) else domain
        if value in DOMAINS:
            request.domain = cast(Domain, value)
        else:
            notes.append(f"ignored invalid domain {_short(domain)}: expected one of {', '.join(DOMAINS)}")
    if mode is not None:
        value = mode.strip().lower() if isinstance(mode, str) else mode
        if value in MODES:
            request.mode = cast(Mode, value)
        else:
            notes.append(f"ignored invalid mode {_short(mode)}: expected one of {', '.join(MODES)}")
    if isinstance(limit, str) and limit.strip().isascii() and limit.strip().isdigit():  # not "²"
        digits = limit.strip().lstrip("0") or "0"
        if len(digits) > len(str(MAX_LIMIT)):  # (Python refuses to convert thousands of digits)
            notes.append(f"limit {_short(limit)} capped at {MAX_LIMIT}")
            request.limit, limit = MAX_LIMIT, None
        else:
            notes.append(f"read limit {_short(limit)} as the number {int(digits)}")
            limit = int(digits)
    if limit is not None:
        whole = isinstance(limit, int) or (isinstance(limit, float) and math.isfinite(limit) and limit.is_integer())
        if isinstance(limit, bool) or not whole or limit < 1:
            notes.append(f"ignored invalid limit {_short(limit)}: expected a whole number from 1 to {MAX_LIMIT}")
        elif limit > MAX_LIMIT:
            request.limit = MAX_LIMIT
            notes.append(f"limit {_short(limit)} capped at {MAX_LIMIT}")
        else:
            request.limit = int(limit)
    return request
