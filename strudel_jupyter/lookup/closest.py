"""The one "did you mean" helper: the closest strings to a word among some choices.

Every suggestion in the package (unknown names in the validator, tags, tools, sounds, the
knowledge answers' not-found suggestions) goes through :func:`closest`, and every "did you
mean" of a misspelt name through :func:`did_you_mean`, so what "close" means is decided
here once: the validator and ``strudel_knowledge`` offer the same names for the same typo.
Scoring a single pair is rapidfuzz's job (``fuzz.ratio`` and friends); this scans a collection.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar, overload

from . import fuzzy

__all__ = ["SUGGEST_CUTOFF", "ByLength", "Close", "Scorer", "closest", "did_you_mean"]

#: A rapidfuzz scorer: ``(a, b, *, score_cutoff=...) -> float`` on a 0-100 scale.
Scorer = Callable[..., float]

K = TypeVar("K", bound=Hashable)


class Close(NamedTuple, Generic[K]):
    """One close choice: the text, its score (0-100) and its key (list position or mapping key)."""

    choice: str
    score: float
    key: K


class ByLength:
    """Choices kept in order of length, for repeated :func:`closest` calls over one large list.

    ``fuzz.ratio`` can only reach a cutoff for choices of a similar length (two strings
    of lengths a and b score at most ``200 * min(a, b) / (a + b)``), so a search over this
    scores only those: "making" meets 745 of the 1,815 sound names, not all of them.
    Keys stay the positions in the list given.
    """

    __slots__ = ("choices", "keys", "lengths")

    def __init__(self, choices: Sequence[str]) -> None:
        self.keys = sorted(range(len(choices)), key=lambda i: len(choices[i]))
        self.choices = [choices[i] for i in self.keys]
        self.lengths = [len(c) for c in self.choices]

    def __len__(self) -> int:
        return len(self.choices)

    def within_reach(self, word: str, cutoff: float) -> tuple[int, int]:
        """The slice of ``choices`` whose lengths let ``fuzz.ratio`` reach ``cutoff`` against ``word``."""
        c = cutoff / 100.0
        if c <= 0.0:
            return 0, len(self.choices)
        shortest = math.floor(len(word) * c / (2.0 - c))
        longest = math.ceil(len(word) * (2.0 - c) / c)
        return bisect.bisect_left(self.lengths, shortest), bisect.bisect_right(self.lengths, longest)


@overload
def closest(
    word: str, choices: ByLength, *, scorer: Scorer | None = ..., cutoff: float = ..., limit: int = ...
) -> list[Close[int]]: ...
@overload
def closest(
    word: str, choices: Mapping[K, str], *, scorer: Scorer | None = ..., cutoff: float = ..., limit: int = ...
) -> list[Close[K]]: ...
@overload
def closest(
    word: str, choices: Sequence[str], *, scorer: Scorer | None = ..., cutoff: float = ..., limit: int = ...
) -> list[Close[int]]: ...
def closest(
    word: str,
    choices: Sequence[str] | Mapping[Any, str] | ByLength,
    *,
    scorer: Scorer | None = None,
    cutoff: float = 60.0,
    limit: int = 5,
) -> list[Close[Any]]:
    """The ``limit`` choices closest to ``word`` with a score of at least ``cutoff``, best first
    (``scorer``: rapidfuzz's ``fuzz.ratio`` unless given).

    Ties keep the choices' own order, so callers that pass names in the REPL's order get
    suggestions in that order. ``key`` is the choice's position in a sequence or its key in
    a mapping, so a hit maps straight back to the row it came from.
    """
    if not word or limit <= 0 or not choices:
        return []
    if scorer is None:
        scorer = fuzzy.fuzz.ratio
    if isinstance(choices, ByLength):
        start, end = choices.within_reach(word, cutoff) if scorer is fuzzy.fuzz.ratio else (0, len(choices))
        found = fuzzy.process.extract(word, choices.choices[start:end], scorer=scorer, limit=None, score_cutoff=cutoff)
        near = sorted((-score, choices.keys[start + i], choice) for choice, score, i in found)
        return [Close(str(choice), float(-score), key) for score, key, choice in near[:limit]]
    hits = fuzzy.process.extract(word, choices, scorer=scorer, limit=limit, score_cutoff=cutoff)
    return [Close(str(choice), float(score), key) for choice, score, key in hits]


# "Did you mean", on rapidfuzz's ratio scale: a name starting with the same letter is the
# likelier intent; one name inside the other ("trancegate" holds gate) scores by how much
# of the longer it is.
SUGGEST_CUTOFF = 60.0
SAME_START_BONUS = 4.0
CONTAINED_MIN, CONTAINED_SPAN, CONTAINED_LETTERS = 60.0, 30.0, 4


# The lower-cased names of a tuple of choices (immutable: the validator's scope keeps a few per
# index), by the tuple's identity, held with it so that the identity stays its own.
_LOWERED: dict[int, tuple[Sequence[str], list[str]]] = {}
_LOWERED_KEPT = 16


def _lowered(choices: Sequence[str]) -> list[str]:
    """``[c.lower() for c in choices]``, kept for a tuple (one lower-cased per call cost a code
    question's "did you mean" a few hundred calls, several times)."""
    if not isinstance(choices, tuple):
        return [c.lower() for c in choices]
    kept = _LOWERED.get(id(choices))
    if kept is not None and kept[0] is choices:
        return kept[1]
    lowered = [c.lower() for c in choices]
    if len(_LOWERED) >= _LOWERED_KEPT:
        _LOWERED.clear()  # (bounded: a process seldom holds more than a few scopes)
    _LOWERED[id(choices)] = (choices, lowered)
    return lowered


_CONTAINED_INDEXED = 40  # a longer word (pasted text) tests each name: its parts are too many to look up


def _contained(names: list[str], low: str, *, kept: bool) -> list[int]:
    """The positions of ``names`` of CONTAINED_LETTERS letters or more, other than ``low``, that
    hold it or that it holds, in order: what testing each name gives; for a list ``kept``
    between calls, read from an index of it (``_names_index``) by finding ``low`` in all the
    names at once and looking its parts up."""
    indexed = kept and len(low) <= _CONTAINED_INDEXED and "\n" not in low
    index = _names_index(names) if indexed else None
    if index is None:
        return [
            n
            for n, name in enumerate(names)
            if len(name) >= CONTAINED_LETTERS and name != low and (name in low or low in name)
        ]
    joined, offsets, by_name = index
    found: set[int] = set()
    at = joined.find(low)
    while at >= 0:  # the names holding it (a match never spans the line break between two)
        found.add(bisect.bisect_right(offsets, at) - 1)
        at = joined.find(low, at + 1)
    for start in range(len(low)):  # the names it holds
        for end in range(start + CONTAINED_LETTERS, len(low) + 1):
            found.update(by_name.get(low[start:end], ()))
    return sorted(n for n in found if names[n] != low and len(names[n]) >= CONTAINED_LETTERS)


_NAMES_INDEX: dict[int, tuple[list[str], tuple[str, list[int], dict[str, list[int]]] | None]] = {}


def _names_index(names: list[str]) -> tuple[str, list[int], dict[str, list[int]]] | None:
    """The names joined by line breaks, where each starts, and the positions of each name of
    CONTAINED_LETTERS or more; kept by the list's identity (bounded), None for names with a
    line break of their own."""
    kept = _NAMES_INDEX.get(id(names))
    if kept is not None and kept[0] is names:
        return kept[1]
    index: tuple[str, list[int], dict[str, list[int]]] | None = None
    if not any("\n" in name for name in names):
        offsets, at = [], 0
        by_name: dict[str, list[int]] = {}
        for n, name in enumerate(names):
            offsets.append(at)
            at += len(name) + 1
            if len(name) >= CONTAINED_LETTERS:
                by_name.setdefault(name, []).append(n)
        index = ("\n".join(names), offsets, by_name)
    if len(_NAMES_INDEX) >= _LOWERED_KEPT:
        _NAMES_INDEX.clear()
    _NAMES_INDEX[id(names)] = (names, index)
    return index


def did_you_mean(
    word: str,
    choices: Sequence[str] | ByLength,
    *,
    limit: int = 5,
    cutoff: float = SUGGEST_CUTOFF,
    contained: bool = True,
) -> list[Close[int]]:
    """Names a misspelt ``word`` may mean, best first: spelled like it (``fastt`` -> ``fast``),
    or, with ``contained``, hidden in it or holding it (``trancegate`` -> ``gate``).

    Case is ignored. Keys are positions in ``choices`` (a ``ByLength`` keeps its list's
    positions); ties go to the shorter name, then the alphabetically first.
    """
    low = word.strip().lower()
    if len(low) < 2 or not choices or limit <= 0:
        return []
    names: list[str]
    if isinstance(choices, ByLength):
        names, keys = choices.choices, choices.keys
        searched: Sequence[str] | ByLength = choices
    else:
        names = searched = _lowered(choices)
        keys = None
    kept = keys is not None or isinstance(choices, tuple)  # (lists kept between calls: indexed once)
    scored: dict[int, tuple[float, str]] = {}
    for hit in closest(low, searched, cutoff=cutoff, limit=limit * 3):
        bonus = SAME_START_BONUS if hit.choice[:1] == low[:1] else 0.0
        scored[hit.key] = (hit.score + bonus, hit.choice)
    if contained and len(low) >= CONTAINED_LETTERS:
        for n in _contained(names, low, kept=kept):
            key, name = keys[n] if keys is not None else n, names[n]
            share = min(len(name), len(low)) / max(len(name), len(low))
            score = CONTAINED_MIN + CONTAINED_SPAN * share
            if score > scored.get(key, (0.0, ""))[0]:
                scored[key] = (score, name)
    ranked = sorted(scored.items(), key=lambda kv: (-kv[1][0], len(kv[1][1]), kv[1][1]))
    return [Close(name, score, key) for key, (score, name) in ranked[:limit]]
