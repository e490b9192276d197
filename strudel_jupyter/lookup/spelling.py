"""Misspellings first: a word that is no word of Strudel's and one slip from one is read as it.

Before the words of a question are matched as text, "fats" becomes ``fast``, "revreb"
becomes *reverb* (the docs' word, which the ranking then reads as usual) and "transpoze"
``transpose``. Only words the snapshot, the glossary and the phrasebook do not know are
corrected, and only to a word they do know, so a correction can never invent a name:

* two neighbouring letters swapped ("fats", "revreb") is the commonest slip, and rarely
  makes another word: a word one swap from a function's name is that name unless it is
  itself a word as typed (its own stem in the docs: "form" stays "form");
* the start of a real name ("compres") is a prefix, never corrected: the spec ranks a
  prefix above a misspelling;
* a word nothing knows, of ``EDIT_MIN_LETTERS`` or more, one letter added, dropped or
  changed from a known word ("transpoze", "tremelo") is that word, when only one such
  word exists (no guess between two).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..data.index import StrudelIndex
from ..data.textindex import stem, tokenize
from . import fuzzy
from .closest import ByLength, closest
from .glossary import load_glossary
from .phrasebook import load_phrasebook
from .tables import prefixed, tables_for

__all__ = ["EDIT_MIN_LETTERS", "SWAP_MIN_LETTERS", "correct_word", "correct_words"]

SWAP_MIN_LETTERS = 4  # "on" / "no": shorter words swap into each other too easily
SWAP_WORD_MIN_LETTERS = 5  # to a docs word (not a name): "stop" is not a slip of "spot"
EDIT_MIN_LETTERS = 6  # one edit in a shorter word is as likely another word ("going"/"gong")
EDIT_RATIO, EDIT_CANDIDATES = 80.0, 10  # the rapidfuzz scan that finds words one edit away
SPELLING_MEMO_WORDS = 4096  # corrections remembered per registry version (bounded)


def _swaps(word: str) -> Iterator[str]:
    for i in range(len(word) - 1):
        if word[i] != word[i + 1]:
            yield word[:i] + word[i + 1] + word[i] + word[i + 2 :]


class _Known:
    """What counts as a word of Strudel's: names (lower-cased) and the stems of the docs,
    the sounds, the glossary and the phrasebook."""

    __slots__ = ("all_stems", "choices", "functions", "index", "names", "sounds", "stems")

    def __init__(self, index: StrudelIndex) -> None:
        self.index = index
        self.functions = index.reference.by_lower
        self.sounds = frozenset([*index.sounds.entries, *index.sounds.banks])
        self.names = frozenset([*self.functions, *self.sounds])
        self.stems = (index.reference.text, index.sounds.text, load_glossary().stems, load_phrasebook().stems)
        self.all_stems = frozenset(
            [*index.reference.text.idf, *index.sounds.text.idf, *load_glossary().stems, *load_phrasebook().stems]
        )
        # what a slip may be read as, for the one closest() scan: names and known words
        self.choices = ByLength(sorted(self.names | {t for t in self.all_stems if t.isalpha()}))

    def stem_known(self, stem: str) -> bool:
        return any(stem in vocabulary for vocabulary in self.stems)

    def word_known(self, word: str) -> bool:
        stems = tokenize(word)
        return bool(stems) and all(self.stem_known(t) for t in stems)


def _known(index: StrudelIndex) -> _Known:
    return index.sounds.state.derived.get_or_build(("spelling", "known"), lambda: _Known(index))


def correct_word(index: StrudelIndex, word: str) -> str | None:
    """The known word or name ``word`` misspells, or None when it is meant as typed."""
    lower = word.lower()
    if len(lower) < SWAP_MIN_LETTERS or not lower.isalpha():
        return None
    memo: dict[str, str | None] = index.sounds.state.derived.get_or_build(("spelling", "memo"), dict)
    if lower in memo:
        return memo[lower]
    if len(memo) >= SPELLING_MEMO_WORDS:
        memo.clear()  # bounded: pasted or hostile text cannot grow it
    tables = tables_for(index)
    if prefixed(tables.ref_lower, lower, limit=1) or prefixed(tables.sound_sorted, lower, limit=1):
        found = None  # the start of a name ("compres"): a prefix, which ranks above a misspelling
    else:
        found = _correction(_known(index), lower)
    memo[lower] = found
    return found


def _correction(known: _Known, lower: str) -> str | None:
    if lower in known.names:
        return None
    stems = tokenize(lower)
    as_typed = stems == [lower] and known.stem_known(lower)  # a word of the docs as it stands
    if as_typed:
        return None
    for swapped in _swaps(lower):
        found = known.functions.get(swapped)
        if found:
            return found[0][0]
    if known.word_known(lower):
        return None  # a form of a known word ("kicks", "slower"): meant as typed
    if len(lower) < SWAP_WORD_MIN_LETTERS:
        return None
    for swapped in _swaps(lower):
        if known.word_known(swapped):
            return _unless_sound(known, swapped)
    if len(lower) < EDIT_MIN_LETTERS:
        return None
    # one letter added, dropped or changed, as typed or in the stem ("arpegiate": arpeggiat):
    # rapidfuzz finds the few candidates, the edit distance decides
    stemmed = stem(lower)
    near = {
        c.choice
        for c in closest(lower, known.choices, cutoff=EDIT_RATIO, limit=EDIT_CANDIDATES)
        if fuzzy.OSA.distance(lower, c.choice) <= 1 or fuzzy.OSA.distance(stemmed, c.choice) <= 1
    }
    # a name and its own stem ("superimpose", "superimpos") are one word
    if len({stem(c) if c in known.names else c for c in near}) != 1:
        return None  # none, or two words it could be: no guess
    for choice in near:
        found = known.functions.get(choice)
        if found:
            return found[0][0]
    # a sound's name, or the word (its longest spelling: the stem is the shorter)
    return _unless_sound(known, max(near, key=lambda c: (c in known.names, len(c))))


def _unless_sound(known: _Known, word: str) -> str | None:
    """A sound's name is left to the ranking's own reading of misspelt sound names (it answers
    "some glockenspeil on top" with the sound, which a plain word would not)."""
    return None if word in known.sounds else word


def correct_words(index: StrudelIndex, words: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    """``words`` with each misspelling replaced, and the corrections made (typed -> read)."""
    out: list[str] = []
    corrections: dict[str, str] = {}
    for word in words:
        fixed = correct_word(index, word)
        if fixed is not None and fixed.lower() != word.lower():
            corrections[word] = fixed
            out.append(fixed)
        else:
            out.append(word)
    return out, corrections
