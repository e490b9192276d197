"""The project's vocabulary: the words for domains, modes, kinds, matches and intents, and the limits.

One word, one meaning: every stage and front end (CLI, magics, REST, agent schemas) imports
these instead of spelling them out.
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = [
    "DEFAULT_LIMIT",
    "DOMAINS",
    "Domain",
    "INTENTS",
    "Intent",
    "KINDS",
    "Kind",
    "LIST_LIMIT",
    "MATCHES",
    "MAX_LIMIT",
    "MAX_QUERY_CHARS",
    "MODES",
    "Match",
    "Mode",
    "REASONS",
    "Reason",
]

#: Which tab a query asks about; ``auto`` lets the question decide.
Domain = Literal["auto", "reference", "sounds"]
#: How to answer: ``auto`` lets the question decide.
Mode = Literal["auto", "search", "detail", "list"]
#: What an answer item is.
Kind = Literal["function", "sound", "bank"]
#: How an item matched the query, strongest first.
Match = Literal["exact", "synonym", "prefix", "fuzzy", "text", "listed"]

DOMAINS: tuple[str, ...] = get_args(Domain)
MODES: tuple[str, ...] = get_args(Mode)
KINDS: tuple[str, ...] = get_args(Kind)
MATCHES: tuple[str, ...] = get_args(Match)

DEFAULT_LIMIT = 5
LIST_LIMIT = 30
MAX_LIMIT = 200
MAX_QUERY_CHARS = 1000

#: Why ``strudel_knowledge`` answered ``ok: false`` (docs/errors.md: when each happens, what to do).
#: The first three are answers about the Strudel names asked for; the rest refuse the request.
Reason = Literal[
    "not_found",
    "index_out_of_range",
    "invalid_code",
    "invalid_query",
    "empty_query",
    "query_too_long",
    "snapshot_unavailable",
    "internal_error",
]
REASONS: tuple[str, ...] = get_args(Reason)

#: What a question asks for (read from its English phrasing, see ``lookup/intent.py``):
#: ``check`` whether a name or quoted code is real, ``detail`` about one name, ``list`` a
#: category, tag, family or bank, or ``search`` for what answers a free-text question.
Intent = Literal["check", "detail", "list", "search"]
INTENTS: tuple[str, ...] = get_args(Intent)
