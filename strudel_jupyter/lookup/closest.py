"""The one "did you mean" helper: the closest strings to a word among some choices.

Every suggestion in the package (unknown names in the validator, tags, tools, sounds)
goes through :func:`closest`, so what "close" means is decided here once. Scoring a
single pair is rapidfuzz's job (``fuzz.ratio`` and friends); this scans a collection.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar, overload

from rapidfuzz import fuzz, process

__all__ = ["ByLength", "Close", "Scorer", "closest"]

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
    word: str, choices: ByLength, *, scorer: Scorer = ..., cutoff: float = ..., limit: int = ...
) -> list[Close[int]]: ...
@overload
def closest(
    word: str, choices: Mapping[K, str], *, scorer: Scorer = ..., cutoff: float = ..., limit: int = ...
) -> list[Close[K]]: ...
@overload
def closest(
    word: str, choices: Sequence[str], *, scorer: Scorer = ..., cutoff: float = ..., limit: int = ...
) -> list[Close[int]]: ...
def closest(
    word: str,
    choices: Sequence[str] | Mapping[Any, str] | ByLength,
    *,
    scorer: Scorer = fuzz.ratio,
    cutoff: float = 60.0,
    limit: int = 5,
) -> list[Close[Any]]:
    """The ``limit`` choices closest to ``word`` with a score of at least ``cutoff``, best first.

    Ties keep the choices' own order, so callers that pass names in the REPL's order get
    suggestions in that order. ``key`` is the choice's position in a sequence or its key in
    a mapping, so a hit maps straight back to the row it came from.
    """
    if not word or limit <= 0 or not choices:
        return []
    if isinstance(choices, ByLength):
        start, end = choices.within_reach(word, cutoff) if scorer is fuzz.ratio else (0, len(choices))
        found = process.extract(word, choices.choices[start:end], scorer=scorer, limit=None, score_cutoff=cutoff)
        near = sorted((-score, choices.keys[start + i], choice) for choice, score, i in found)
        return [Close(str(choice), float(-score), key) for score, key, choice in near[:limit]]
    hits = process.extract(word, choices, scorer=scorer, limit=limit, score_cutoff=cutoff)
    return [Close(str(choice), float(score), key) for choice, score, key in hits]
