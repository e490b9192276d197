"""Text relevance: how well the snapshot's own docs (and sound names) answer a description.

BM25F over names, synonyms, descriptions, params and tags (``data/textindex.py``), scaled by
how much of the query a doc covers. ``ranking.py`` places these scores below name matches.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from ..data.index import StrudelIndex
from ..data.textindex import tokenize
from .tables import prefixed_by, tables_for

__all__ = ["TEXT_CANDIDATES", "text_reference", "text_sounds"]

TEXT_CANDIDATES = 60  # text hits kept per domain (more than any answer shows)


def _slots(index: StrudelIndex, words: Iterable[str]) -> list[list[tuple[str, float]]]:
    """One slot per query word: its stems, plus names it starts with when the docs lack the word.

    "arpeggiate" is in no description, but starts with the function name ``arp``.
    """
    ref_text = index.reference.text
    tables = tables_for(index)
    slots = []
    for word in words:
        stems = tokenize(word)
        if not stems:
            continue
        slot = [(t, 1.0) for t in stems]
        lower = word.lower()
        if len(lower) >= 5 and not any(t in ref_text for t in stems):
            for i in prefixed_by(tables.ref_lower, lower):
                slot += [(t, 0.7) for t in tokenize(tables.ref_names[i])]
        slots.append(slot)
    return slots


def text_reference(index: StrudelIndex, words: Iterable[str]) -> list[tuple[str, float, float]]:
    """``[(name, relevance, coverage)]`` for a concept query, best first.

    Relevance is BM25F over names, synonyms, descriptions, params and tags, scaled by
    how many of the query's words a doc covers and a small prior for how often other
    entries point to it ("see also room").
    """
    slots = _slots(index, words)
    if not slots:
        return []
    ref = index.reference
    scored = ref.text.score_slots(slots)
    n = len(slots)
    priors = ref.priors
    # only the best few matter downstream; nlargest keeps long-tail queries cheap
    best = heapq.nlargest(
        TEXT_CANDIDATES,
        ((name, bm25 * (matched / n) ** 1.5 * priors[name], matched / n) for name, (bm25, matched) in scored.items()),
        key=lambda x: (x[1], _Reversed(x[0])),
    )
    return _favour_roots(best)


class _Reversed(str):
    """Sort key helper: ties in score go to the alphabetically first name."""

    __slots__ = ()

    def __lt__(self, other: str) -> bool:
        return str.__gt__(self, other)


def _favour_roots(scored: list[tuple[str, float, float]], window: int = 12) -> list[tuple[str, float, float]]:
    """Among close hits, a name that starts several others (room: roomsize, roomfade) is their root."""
    top = scored[:window]
    lowered = [name.lower() for name, _, _ in top]
    boosted = []
    for name, score, coverage in top:
        low = name.lower()
        family = sum(1 for other in lowered if other != low and len(low) >= 3 and other.startswith(low))
        boosted.append((name, score * (1.0 + 0.1 * min(family, 3)), coverage))
    boosted.sort(key=lambda x: (-x[1], x[0]))
    return boosted + scored[window:]


def text_sounds(index: StrudelIndex, words: Iterable[str]) -> list[tuple[str, float, float]]:
    """``[(key, relevance, coverage)]`` by the words of sound names (``acoustic guitar``)."""
    terms = list(dict.fromkeys(t for w in words for t in tokenize(w)))
    if not terms:
        return []
    scored = index.sounds.text.score(terms)
    n = len(terms)
    out = [(k, s * (m / n) ** 1.5 / (1 + 0.02 * len(k)), m / n) for k, (s, m) in scored.items()]
    out.sort(key=lambda x: (-x[1], len(x[0]), x[0]))
    return out
