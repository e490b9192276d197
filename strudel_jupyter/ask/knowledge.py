"""``strudel_knowledge(query)``: the one authoritative lookup, as the spec defines it.

Flow: read the request -> read the intent -> route to an answer (``answers/``: check,
listing, free text) -> the spec's response. It never raises and never returns a name the
snapshot does not have.
"""

from __future__ import annotations

import logging
from typing import Any

from ..data.index import StrudelIndex, get_index
from ..data.snapshot import SnapshotError
from ..lookup.answers.echo import lead_echoed
from ..lookup.answers.engine_only import answer_engine_only, lead_engine_only
from ..lookup.answers.free_text import answer_free_text
from ..lookup.answers.listing import answer_listing
from ..lookup.answers.question import Question, failure
from ..lookup.answers.tonal import answer_tonal
from ..lookup.intent import ParsedQuery, content_tokens, parse_query
from ..lookup.items import KnowledgeResponse
from ..lookup.request import QueryError, coerce_request, shown
from .code_questions import answer_check, answer_code, answer_invented, answer_missing

__all__ = ["strudel_knowledge"]

log = logging.getLogger(__name__)


def strudel_knowledge(
    query: Any,
    *,
    domain: str | None = None,
    mode: str | None = None,
    limit: int | None = None,
    index: StrudelIndex | None = None,
) -> KnowledgeResponse:
    """Answer a free-form or object query about Strudel functions and sounds.

    ``query`` is a string ("what does room do", "symbol:fast", "list synths"), an
    object ``{"q", "domain", "mode", "limit"}`` or that object as JSON; ``domain``,
    ``mode`` and ``limit`` may also be passed as keywords (they win over the object's fields).
    Returns the spec's structured response; on bad input ``{"ok": false, "reason": ...}``.
    """
    try:
        request = coerce_request(query, domain=domain, mode=mode, limit=limit)
    except QueryError as exc:
        return failure(exc.query or _preview(query), exc.reason, exc.message)
    except Exception:  # the contract: an agent-facing call never raises
        log.exception("strudel_knowledge could not read its input")
        return failure(_preview(query), "invalid_query", 'The query could not be read; send a string or {"q": ...}.')
    try:
        index = index or get_index()
    except SnapshotError as exc:
        return failure(request.q, "snapshot_unavailable", f"The Strudel snapshot could not be loaded: {exc}")
    try:
        response = route(Question(index, request.q, request.domain, request.mode, request.limit))
    except Exception:  # the contract: an agent-facing call never raises
        log.exception("strudel_knowledge failed on %r", request.q)
        return failure(request.q, "internal_error", "The lookup failed unexpectedly; try rephrasing the query.")
    response["notes"] = [*request.notes, *response.get("notes", [])]
    return response


def route(question: Question) -> KnowledgeResponse:
    """Route a question by its intent: quoted code, tonal names, a check, a listing, else free text."""
    parsed = parse_query(question.q)
    binding = question.domain != "auto" or parsed.domain_binding
    domain = question.domain if question.domain != "auto" else parsed.domain
    if parsed.intent == "check" and parsed.subject is None and parsed.code is not None:
        return answer_code(question, parsed.code)
    tonal = answer_tonal(question, domain)  # scales, chord symbols, voicings: tonal.json
    if tonal is not None:
        return tonal
    named = _named(parsed)
    engine_only = answer_engine_only(question, named) if named and domain != "sounds" else None
    if engine_only is not None:  # "what does leslie do": documented, for SuperDirt only
        return engine_only
    if parsed.intent == "check" and parsed.subject:
        return answer_check(question, parsed.subject, domain, noun=parsed.noun)
    if parsed.exact and parsed.subject:
        # "how do I use `rot`", "what does .rot() do": a name written as code must exist as written
        missing = answer_missing(question, parsed.subject, domain)
        if missing is not None:
            return missing
    if parsed.code is not None:
        # code quoted in any other question: an invented name it calls is the answer
        invented = answer_invented(question, parsed.code)
        if invented is not None:
            return invented
    listing = answer_listing(question, parsed, domain)
    if listing is not None:
        return listing
    response = answer_free_text(question, parsed, domain, binding=binding)
    if domain == "sounds" and binding:
        return response
    # "reverse all cycles in a pattern": rev's own first sentence, whatever phrase names revv
    response = lead_echoed(question, response)
    # "like gain, but linear": a description of a function documented for SuperDirt only (amp)
    return lead_engine_only(question, parsed.tokens or content_tokens(parsed.text), response)


def _named(parsed: ParsedQuery) -> str | None:
    """The one name a question asks about ("what's squiz", "explain the leslie function"), if any."""
    if parsed.intent not in ("detail", "check", "search") or not parsed.subject:
        return None
    if parsed.intent == "search" and len(parsed.tokens) != 1:
        return None
    return parsed.tokens[0] if " " in parsed.subject and len(parsed.tokens) == 1 else parsed.subject


def _preview(query: Any) -> str:
    return shown(query, 80)  # bounded, even for deep nesting or a 5,000-digit number
