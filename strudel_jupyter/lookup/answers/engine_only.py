"""Documented functions the reference tab hides because only one audio engine plays them.

doc.json documents ``leslie``, ``squiz`` or ``octave`` for SuperDirt (and ``delayspeed`` for
supradough); the REPL's reference tab hides them (``data/reference_tab.py``), so they are not in
the index that mirrors it, and Strudel's own audio (superdough) does not play them. Asked about
by name, such a function is answered as what it is, with that said, never as an unknown name.
"""

from __future__ import annotations

from dataclasses import replace

from ...data.index import StrudelIndex
from ...data.reference import ReferenceEntry, entry_of
from ...data.reference_tab import engine_only_docs
from ..items import KnowledgeResponse, function_item
from ..ranking import SCORE_EXACT, SCORE_SYNONYM, Hit
from .describe import describe_function
from .question import Question

__all__ = ["answer_engine_only", "engine_only_entries"]

#: What a function of each engine needs in order to be heard.
_NEEDS = {
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
        f"{_NEEDS[engine]}. {describe_function(entry)}"
    )
    question.notes.append(f"{entry.name} is {engine}-only: not in the reference tab.")
    return question.success("reference", "detail", answer, [item])
