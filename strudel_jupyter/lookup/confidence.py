"""How sure an answer is: the evidence behind a ranked answer, turned into one confidence.

Every free-text answer ends here (``answers/free_text.py``). The evidence is what the
ranking found for the first answer, read in one place:

* how it matched: a name typed (exact, synonym) is certain; a prefix or a corrected
  misspelling nearly so; text overlap is only as good as what it covers;
* ``coverage``: the share of the question's words (weighted by their rarity in the docs)
  that the answer's fields hold;
* ``phrase``: a musicians' phrase of the phrasebook that names the answer (0-1);
* ``meaning``: the glossary read some words as the docs' words;
* ``missing``: the question's words that nothing in Strudel holds: no doc, no sound, no
  glossary or phrasebook phrase, and no name they could misspell ("vocoder", "metronome").

A text answer that leaves such a word unanswered and holds little else of the question is
not an answer: ``strudel_knowledge`` says Strudel has no such thing and what comes closest
(``ok: false``, ``reason: not_found``). It never answers ``ok: true`` on weak overlap alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..data.index import StrudelIndex
from ..data.textindex import tokenize
from ..vocabulary import Match
from .glossary import load_glossary

__all__ = ["CONFIDENT", "Evidence", "confidence", "missing_words"]

#: Below this an answer is not given as one: ``ok: false`` with what comes closest.
CONFIDENT = 0.5
# What each kind of name match is worth on its own (text is worth its coverage).
NAME_CONFIDENCE: dict[Match, float] = {"exact": 1.0, "synonym": 1.0, "listed": 1.0, "prefix": 0.8, "fuzzy": 0.75}
# A phrasebook phrase naming the answer, or the glossary's reading of the words, adds this
# much (times the phrase's weight) to a text answer's coverage.
PHRASE_SUPPORT, MEANING_SUPPORT = 0.6, 0.15
# Each word nothing in Strudel holds takes this share off a text answer's confidence: the
# question asks for something the answer does not have.
MISSING_PENALTY = 0.45
MISSING_MIN_LETTERS = 3  # "AI", "de" are too short to say anything is missing


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the ranking found for the first answer of a question (see the module docstring)."""

    match: Match
    coverage: float = 1.0
    phrase: float = 0.0
    meaning: bool = False
    missing: tuple[str, ...] = ()


def confidence(evidence: Evidence) -> float:
    """The answer's confidence, 0-1: a name typed is 1, text overlap its supported coverage
    less a share for every word the answer leaves unanswered because Strudel has nothing for it."""
    named = NAME_CONFIDENCE.get(evidence.match)
    if named is not None:
        return named
    support = PHRASE_SUPPORT * evidence.phrase + (MEANING_SUPPORT if evidence.meaning else 0.0)
    value = min(1.0, evidence.coverage + support)
    value *= (1.0 - MISSING_PENALTY) ** len(evidence.missing)
    return round(max(0.0, value), 3)


def missing_words(index: StrudelIndex, words: Sequence[str], *, known: frozenset[str] = frozenset()) -> list[str]:
    """The words of a question that nothing in Strudel holds, in order.

    A word is missing when none of its stems is in the docs' text, the sounds' text, the
    glossary or ``known`` (the phrasebook's stems), it is no name as typed, and it is long
    enough to mean something. Misspellings are corrected before this is asked.
    """
    glossary = load_glossary().stems
    ref_text, sound_text = index.reference.text, index.sounds.text
    missing: list[str] = []
    for word in words:
        lower = word.lower()
        if len(lower) < MISSING_MIN_LETTERS or not lower.isalpha() or lower in missing:
            continue
        if index.reference.get(word) is not None or lower in index.sounds.entries or lower in index.sounds.banks:
            continue
        stems = tokenize(word)
        if stems and not any(t in ref_text or t in sound_text or t in glossary or t in known for t in stems):
            missing.append(lower)
    return missing
