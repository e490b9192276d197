"""A question that echoes one function's own description: that function answers first.

Doc-worded questions often repeat a description nearly word for word ("reverse all cycles in
a pattern" is rev's first sentence; "the time required for the ducked signal to return to
its normal volume" duckattack's). A phrase of the phrasebook, or a name those words contain,
may rank another entry above it (revv's "reverse all cycles as one"). When the question's
content words and an entry's first sentence's content words hold each other almost whole,
that entry is what the question asks for.
"""

from __future__ import annotations

import math
import re

from ...data.index import StrudelIndex
from ..glossary import phrase_key
from ..items import KnowledgeResponse
from ..ranking import SCORE_EXACT, Hit
from .describe import describe_hits
from .question import Question

__all__ = ["ECHO_CONFIDENCE", "ECHO_SHARE", "echoed_entry", "lead_echoed"]

#: The share of each side's content stems the other holds for a question to echo a first
#: sentence (the question's in the sentence, the sentence's in the question).
ECHO_SHARE = 0.8
ECHO_CONFIDENCE = 0.8  # the docs' own words, nearly all of them: as sure as a strong text answer
ECHO_MIN_STEMS = 3  # a shorter sentence ("Sets the filter type") is too generic to be echoed
_FIRST_SENTENCE = re.compile(r"(?<=[.:!?])\s")


def _first_sentence(index: StrudelIndex, name: str) -> frozenset[str]:
    """A listed function's first sentence as content stems (kept once read)."""
    kept: dict[str, frozenset[str]] = index.derived.get_or_build(("echo", "first_sentences"), dict)
    stems = kept.get(name)
    if stems is None:
        entry = index.reference.by_name.get(name)
        sentence = _FIRST_SENTENCE.split(entry.description.strip(), maxsplit=1)[0] if entry else ""
        stems = kept[name] = frozenset(phrase_key(sentence))
    return stems


def echoed_entry(index: StrudelIndex, text: str) -> str | None:
    """The one function whose first sentence ``text`` echoes (``ECHO_SHARE`` both ways), or None
    (none does, or two do alike)."""
    asked = frozenset(phrase_key(text))
    if len(asked) < ECHO_MIN_STEMS:
        return None
    docs = index.reference.text
    # a sentence holding ECHO_SHARE of the question holds one of its rarest stems beyond that
    # share (the others could all be missing): only the functions whose docs hold one of
    # those are candidates (a stem no doc holds is rarest of all, and brings none)
    spare = len(asked) - math.ceil(ECHO_SHARE * len(asked)) + 1
    rarest = sorted(asked, key=lambda stem: (-docs.idf.get(stem, math.inf), stem))[:spare]
    candidates = {name for stem in rarest for name in docs.holders(stem)}
    scored = []
    for name in candidates:
        sentence = _first_sentence(index, name)
        if len(sentence) < ECHO_MIN_STEMS:
            continue
        held = len(sentence & asked)
        ours, theirs = held / len(sentence), held / len(asked)
        if ours >= ECHO_SHARE and theirs >= ECHO_SHARE:
            scored.append((ours + theirs, name))
    scored.sort(reverse=True)
    if not scored or (len(scored) > 1 and scored[0][0] == scored[1][0]):
        return None
    return scored[0][1]


def lead_echoed(question: Question, response: KnowledgeResponse) -> KnowledgeResponse:
    """``response`` with the function the question echoes the description of first (see
    ``echoed_entry``); else ``response`` itself. A name answered in detail stays as it is."""
    if response.get("mode") == "detail":
        return response
    name = echoed_entry(question.index, question.q)
    items = list(response.get("items") or [])
    if name is None or (items and items[0]["name"] == name):
        return response
    hit = Hit("reference", "function", name, "text", SCORE_EXACT / 2, via="its own description")
    item = question.item(hit, examples=1)
    if item is None:
        return response
    kept = [i for i in items if i["name"] != name][: question.limit_or(len(items) or 1) - 1]
    answer = describe_hits(question.index, [hit], detail=False)
    if kept:
        answer += f" Also: {', '.join(str(i['name']) for i in kept)}."
    led = question.success("reference", "search", answer, [item, *kept])
    led["confidence"] = max(float(response.get("confidence", 0.0) or 0.0), ECHO_CONFIDENCE)
    return led
