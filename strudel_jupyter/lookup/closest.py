"""The one "did you mean" helper: the closest strings to a word among some choices.

Every suggestion in the package (unknown names in the validator, tags, tools, sounds)
goes through :func:`closest`, so what "close" means is decided here once. Scoring a
single pair is rapidfuzz's job (``fuzz.ratio`` and friends); this scans a collection.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar, overload

from rapidfuzz import fuzz, process

__all__ = ["Close", "Scorer", "closest"]

#: A rapidfuzz scorer: ``(a, b, *, score_cutoff=...) -> float`` on a 0-100 scale.
Scorer = Callable[..., float]

K = TypeVar("K", bound=Hashable)


class Close(NamedTuple, Generic[K]):
    """One close choice: the text, its score (0-100) and its key (list position or mapping key)."""

    choice: str
    score: float
    key: K


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
    choices: Sequence[str] | Mapping[Any, str],
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
    hits = process.extract(word, choices, scorer=scorer, limit=limit, score_cutoff=cutoff)
    return [Close(str(choice), float(score), key) for choice, score, key in hits]
