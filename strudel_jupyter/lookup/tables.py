"""Name tables for ranking: every real name, sorted for prefix bisection and listed for fuzzy matching.

Built once per registry version (``index.derived``), so registering sounds rebuilds them.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence

from ..data.index import StrudelIndex
from ..data.reference import ReferenceIndex
from ..data.sounds import Bank
from .closest import ByLength

__all__ = ["NameTables", "prefixed", "prefixed_by", "tables_for"]


class NameTables:
    """Sorted names of one index version: reference names and synonyms, sound keys, banks."""

    __slots__ = (
        "bank_names",
        "prose_sounds",
        "ref_fuzzy",
        "ref_lower",
        "ref_names",
        "sound_choices",
        "sound_names",
        "sound_sorted",
    )

    def __init__(self, reference: ReferenceIndex, sound_names: Sequence[str], banks: Mapping[str, Bank]) -> None:
        ref_names = sorted({n for e in reference.entries for n in (e.name, *e.synonyms)}, key=str.lower)
        self.ref_lower = [n.lower() for n in ref_names]
        self.ref_names = ref_names
        self.sound_names = list(sound_names)  # already sorted by collation (lower-case keys)
        self.sound_sorted = sorted(sound_names)
        self.bank_names = sorted(banks)
        # fuzzy matching (closest): over lower-case reference names, and over sound keys and banks
        self.ref_fuzzy = ByLength(self.ref_lower)
        self.sound_choices = ByLength([*self.sound_names, *self.bank_names])
        # what a misspelt word in prose may mean: instruments, synths and banks, not one drum
        # machine's abbreviated sample (tr909_bd is typed as code, not as a word)
        machines = {name for name, bank in banks.items() if bank.category == "drum-machines"}
        prose = [k for k in self.sound_names if k.partition("_")[0] not in machines]
        self.prose_sounds = ByLength([*prose, *self.bank_names])


def tables_for(index: StrudelIndex) -> NameTables:
    """The tables of the index's current registry version (rebuilt after ``register_sounds``)."""
    state = index.sounds.state  # one registry version for the whole build
    return state.derived.get_or_build("name_tables", lambda: NameTables(index.reference, state.names, state.banks))


def prefixed(sorted_lower: Sequence[str], prefix: str, limit: int = 50) -> list[int]:
    """Indices of the (at most ``limit``) names that start with ``prefix``."""
    start = bisect.bisect_left(sorted_lower, prefix)
    out = []
    for i in range(start, min(start + limit, len(sorted_lower))):
        if not sorted_lower[i].startswith(prefix):
            break
        out.append(i)
    return out


def prefixed_by(sorted_lower: Sequence[str], word: str) -> list[int]:
    """Indices of names (3+ letters) that ``word`` starts with."""
    out = []
    for end in range(3, len(word)):
        i = bisect.bisect_left(sorted_lower, word[:end])
        if i < len(sorted_lower) and sorted_lower[i] == word[:end]:
            out.append(i)
    return out
