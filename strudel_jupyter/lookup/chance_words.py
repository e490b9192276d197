"""A chance stated in a question's words, read as a phrase for the function that applies
something with that chance.

Musicians say how often: "nearly every time, like 9 out of 10", "very rarely, one hit in
ten", "half the time", "30% of the time". ``intent.read_chance`` reads the probability (English
only); which function applies a function with it is the snapshot's: each entry whose doc.json
description says it is a shorthand of ``sometimesBy`` with a probability ("Shorthand for
.sometimesBy(0.9, fn)") or applies with a stated chance ("with a 50% chance") is one step of
the scale, read at run time, never a list of ours. The step nearest the stated chance is
meant; a chance between steps (a third) is ``sometimesBy`` itself, which takes any. A share
of the bars ("half the bars", "one bar in four") is read on ``someCyclesBy``'s steps the same way,
and a chance of leaving events out ("randomly drop 30% of the hats") on ``degradeBy``'s
(``degrade``: "Randomly removes 50% of events"). Choices
some likelier than others ("pick one, the first way more likely") are the functions the docs
say give "a probability to each" choice (``wchoose``, ``wchooseCycles``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..data.index import StrudelIndex
from ..data.textindex import tokenize
from .intent import Chance
from .phrasebook import PhraseHit

__all__ = ["chance_phrases"]

#: The function that applies another with any probability (doc.json's name), and the one
#: that does so bar by bar (a share of the bars: "half the bars", "one bar in four").
CHANCE_TARGET = "sometimesBy"
CYCLE_CHANCE_TARGET = "someCyclesBy"
#: The function that removes events with any chance (doc.json's name).
REMOVAL_TARGET = "degradeBy"
#: A stated chance this close to a step's is that step ("9 out of 10" is almostAlways's 0.9; 30% is none).
STEP_TOLERANCE = 0.02
#: The weight of a chance found (a phrase's weight: 1.0 is the most specific).
CHANCE_WEIGHT = 1.0

#: What the docs say of a choice with a probability per choice ("giving a probability to each element").
_WEIGHTED = re.compile(r"\bprobability to each\b")
_SHORTHAND = re.compile(r"\.(?P<base>\w+)\(\s*(?P<p>\d*\.?\d+)\s*,")
_STATED = re.compile(r"\bwith an? (?P<pc>\d+(?:\.\d+)?)% chance\b")
_REMOVES = re.compile(r"Randomly removes (?P<pc>\d+(?:\.\d+)?)% of events")


def _steps(index: StrudelIndex, base: str = CHANCE_TARGET) -> dict[str, float]:
    """The functions that apply another with a fixed chance, by their descriptions: name ->
    chance. ``base``: whose shorthands they are (``sometimesBy``'s, or ``someCyclesBy``'s);
    an entry applying "with a 50% chance" is a step of ``sometimesBy``, one that "Randomly
    removes 50% of events" of ``degradeBy``."""

    def build() -> dict[str, float]:
        steps: dict[str, float] = {}
        for entry in index.reference.entries:
            shorthand = _SHORTHAND.search(entry.description)
            stated = _STATED.search(entry.description)
            removes = _REMOVES.match(entry.description)
            if base == REMOVAL_TARGET:
                if removes:
                    steps[entry.name] = float(removes.group("pc")) / 100
            elif removes:
                continue
            elif shorthand and shorthand.group("base") == base:
                steps[entry.name] = float(shorthand.group("p"))
            elif stated and not shorthand and base == CHANCE_TARGET:
                steps[entry.name] = float(stated.group("pc")) / 100
        return {name: p for name, p in steps.items() if 0.0 <= p <= 1.0}

    return index.derived.get_or_build(("chance_words", "steps", base), build)


def _weighted(index: StrudelIndex) -> tuple[str, ...]:
    """The functions choosing with a probability per choice, by their descriptions."""
    return index.derived.get_or_build(
        ("chance_words", "weighted"),
        lambda: tuple(e.name for e in index.reference.entries if _WEIGHTED.search(e.description)),
    )


def chance_phrases(index: StrudelIndex, words: Sequence[str], chance: Chance | None) -> list[PhraseHit]:
    """The chance a question states, as a phrase hit for the function of the nearest step
    (``sometimesBy`` between steps); its span is where the question's ``words`` state it."""
    if chance is None:
        return []
    lower = [w.lower() for w in words]
    said = [w.lower() for w in chance.words]
    start = next((i for i in range(len(lower) - len(said) + 1) if lower[i : i + len(said)] == said), None)
    if start is None:
        return []
    key = tuple(t for w in said for t in tokenize(w))
    phrase = " ".join(words[start : start + len(said)])
    end = start + len(said)
    if chance.weighted:
        return [PhraseHit(name, phrase, start, end, CHANCE_WEIGHT, False, key) for name in _weighted(index)]
    base = REMOVAL_TARGET if chance.removal else CYCLE_CHANCE_TARGET if chance.per_cycle else CHANCE_TARGET
    steps = _steps(index, base)
    nearest = min(steps, key=lambda name: (abs(steps[name] - chance.probability), name), default=None)
    target = nearest
    if nearest is None or abs(steps[nearest] - chance.probability) > STEP_TOLERANCE:
        target = base
    if target is None or target not in index.reference.by_name:
        return []
    return [PhraseHit(target, phrase, start, end, CHANCE_WEIGHT, False, key)]
