"""Documented functions the reference tab hides because only one audio engine plays them.

doc.json documents ``leslie``, ``squiz`` or ``octave`` for SuperDirt (and ``delayspeed`` for
supradough); the REPL's reference tab hides them (``data/reference_tab.py``), so they are not in
the index that mirrors it, and Strudel's own audio (superdough) does not play them. Asked about
by name, such a function is answered as what it is, with that said, never as an unknown name.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ...data.index import StrudelIndex
from ...data.reference import ReferenceEntry, entry_of
from ...data.reference_tab import engine_only_docs
from ...data.textindex import split_identifier, tokenize
from ...vocabulary import DEFAULT_LIMIT
from ..items import KnowledgeResponse, function_item
from ..ranking import SCORE_EXACT, SCORE_SYNONYM, Hit, docs_terms
from ..relevance import IMPORTANCE_FLOOR, word_importance
from .describe import describe_function
from .question import Question

__all__ = ["ENGINE_NEEDS", "answer_engine_only", "described_engine_only", "engine_only_entries", "lead_engine_only"]

#: What a function of each engine needs in order to be heard.
ENGINE_NEEDS = {
    "SuperDirt": "it takes effect only when the pattern is sent to SuperDirt with .osc(); Strudel's own audio ignores it",
    "supradough": "it takes effect only in supradough, the experimental audio engine; superdough, the default, ignores it",
}


def engine_only_entries(index: StrudelIndex) -> dict[str, tuple[ReferenceEntry, str]]:
    """Name or synonym -> (entry, engine) of every engine-only documented function; names the
    tab already lists (a synonym another entry claims) are the tab's, not these."""

    def build() -> dict[str, tuple[ReferenceEntry, str]]:
        found: dict[str, tuple[ReferenceEntry, str]] = {}
        for doc, engine in engine_only_docs(index.snapshot.docs):
            synonyms = [s for s in doc.get("synonyms") or () if isinstance(s, str) and s]
            entry = entry_of(doc, [s for s in synonyms if index.reference.get(s) is None])
            for name in (entry.name, *entry.synonyms):
                if index.reference.get(name) is None:
                    found.setdefault(name, (entry, engine))
        return found

    return index.derived.get_or_build(("engine_only", "entries"), build)


def answer_engine_only(question: Question, subject: str) -> KnowledgeResponse | None:
    """The answer about an engine-only function named ``subject``; None when it names no such function."""
    index = question.index
    if index.reference.get(subject) is not None or index.sounds.get(subject) is not None:
        return None
    found = engine_only_entries(index).get(subject)
    if found is None:
        return None
    entry, engine = found
    exact = subject == entry.name
    hit = Hit("reference", "function", entry.name, "exact", SCORE_EXACT, via=subject)
    if not exact:
        hit = replace(hit, match="synonym", score=SCORE_SYNONYM)
    item = function_item(entry, hit, examples=2)
    answer = (
        f"{entry.name} is documented as {engine}-only: the REPL's reference tab does not list it, and "
        f"{ENGINE_NEEDS[engine]}. {describe_function(entry)}"
    )
    question.notes.append(f"{entry.name} is {engine}-only: not in the reference tab.")
    return question.success("reference", "detail", answer, [item])


# A description of what an engine-only function does ("like gain, but linear", "rotating
# speaker cabinet for my organ") asks for it, when its own words (name, synonyms, description,
# parameters) hold at least ENGINE_ONLY_HELD of the question by the words' importance, and
# ENGINE_ONLY_MARGIN more than the first answer's own words (its docs and phrasebook lines) do:
# the tab's functions keep every question they answer about as well.
ENGINE_ONLY_HELD = 0.7
ENGINE_ONLY_MARGIN = 0.2
ENGINE_ONLY_CONFIDENCE = 0.6  # found by its docs' words, not by its name


#: Our words for the engine-only functions (the phrasebook's format; read only here).
ENGINE_ONLY_WORDS_FILE = Path(__file__).parents[1] / "engine_only_words.txt"


@functools.cache
def engine_only_words(path: Path = ENGINE_ONLY_WORDS_FILE) -> dict[str, tuple[str, ...]]:
    """Each engine-only function's phrases in musicians' words (``engine_only_words.txt``)."""
    words: dict[str, tuple[str, ...]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#") and ":" in line:
            target, phrases = line.split(":", 1)
            words[target.strip()] = tuple(p.strip() for p in phrases.split(",") if p.strip())
    return words


def _own_terms(index: StrudelIndex) -> dict[str, frozenset[str]]:
    """Each engine-only function's words, stemmed as the text index stems them: its names, its
    description, its parameters' and our phrases for it."""

    def build() -> dict[str, frozenset[str]]:
        terms: dict[str, frozenset[str]] = {}
        ours = engine_only_words()
        for entry, _engine in engine_only_entries(index).values():
            if entry.name not in terms:
                names = [part for n in (entry.name, *entry.doc_synonyms) for part in (n, *split_identifier(n))]
                said = [*names, entry.description, *(p.get("description", "") for p in entry.params)]
                terms[entry.name] = frozenset(tokenize(" ".join([*said, *ours.get(entry.name, ())])))
        return terms

    return index.derived.get_or_build(("engine_only", "terms"), build)


def _all_terms(index: StrudelIndex) -> frozenset[str]:
    """Every engine-only function's words together."""
    return index.derived.get_or_build(
        ("engine_only", "all_terms"), lambda: frozenset(t for ts in _own_terms(index).values() for t in ts)
    )


def described_engine_only(index: StrudelIndex, words: Sequence[str], first: str | None) -> str | None:
    """The engine-only function ``words`` describe better than the first answer ``first``
    (a function's name, or None when nothing answered); None when none does."""
    stems = list(dict.fromkeys(t for w in words for t in tokenize(w) if len(t) > 1))
    if len(stems) < 2:
        return None  # one word is a name or a topic, never a description
    own = _own_terms(index)
    # a word weighs IMPORTANCE_FLOOR to 1: too few of the question's words in any engine-only
    # function's to hold ENGINE_ONLY_HELD of it, whatever their weights (most questions)
    present = sum(1 for t in stems if t in _all_terms(index))
    if (len(stems) - present) * IMPORTANCE_FLOOR * ENGINE_ONLY_HELD > (1 - ENGINE_ONLY_HELD) * present:
        return None
    text = index.reference.text
    weights = {t: word_importance(text, t) for t in stems}
    whole = sum(weights.values()) or 1.0
    best, held = max(((n, sum(w for t, w in weights.items() if t in ts)) for n, ts in own.items()), key=lambda p: p[1])
    if held < ENGINE_ONLY_HELD * whole:
        return None
    rival = docs_terms(index).get(first, frozenset()) if first else frozenset()
    if held < sum(w for t, w in weights.items() if t in rival) + ENGINE_ONLY_MARGIN * whole:
        return None
    return best


def lead_engine_only(question: Question, words: Sequence[str], response: KnowledgeResponse) -> KnowledgeResponse:
    """``response`` with the engine-only function the question describes first, when one does
    (see ``described_engine_only``); else ``response`` itself."""
    items = list(response.get("items") or [])
    if response.get("ok") and (response.get("mode") == "detail" or (items and items[0]["kind"] != "function")):
        return response  # a name answered exactly, or a sound: not a description of a function
    index = question.index
    name = described_engine_only(index, words, str(items[0]["name"]) if items else None)
    if name is None:
        return response
    entry, engine = engine_only_entries(index)[name]
    hit = Hit("reference", "function", entry.name, "text", SCORE_EXACT / 2, via=" ".join(words))
    rest = [i for i in items if i["name"] != entry.name]
    kept = rest[: question.limit_or(DEFAULT_LIMIT) - 1]
    answer = f"{entry.name} ({engine} only: {ENGINE_NEEDS[engine]}). {describe_function(entry)}"
    if kept:
        answer += f" In Strudel's own audio: {', '.join(str(i['name']) for i in kept)}."
    question.notes.append(f"{entry.name} is {engine}-only: not in the reference tab.")
    led = question.success("reference", "search", answer, [function_item(entry, hit, examples=1), *kept])
    led["confidence"] = ENGINE_ONLY_CONFIDENCE
    return led
