"""A musician's glossary: everyday words -> the words Strudel's docs use (``glossary.txt``).

"muffled" becomes "low pass filter cutoff", "louder" becomes "gain amplitude velocity":
words, never function names, so the answer is still found in the snapshot's own text by
``relevance.py``. An expansion weighs less than the words typed (``EXPANSION_WEIGHT``),
so a name or a docs word typed as such still wins. The format is in docs/glossary.md.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from ..data.textindex import tokenize
from .intent import STOPWORDS

__all__ = [
    "EXPANSION_WEIGHT",
    "GLOSSARY_FILE",
    "Expansion",
    "Glossary",
    "expand",
    "find_phrases",
    "load_glossary",
    "phrase_key",
    "phrase_starts",
    "stems_read",
]

GLOSSARY_FILE = Path(__file__).with_name("glossary.txt")
EXPANSION_WEIGHT = 0.9  # a glossary word counts this much of a word typed
_ARROW = "->"
SOUNDS_GROUP = "sounds:"
# The particles of phrasal verbs, which may follow the verb's object: "turn the bass down".
_PARTICLES = frozenset("up down off out back away over around apart".split())

V = TypeVar("V")


# Numbers as words read as the digits ("every four bars" is "every 4 bars", "every fourth
# bar" "every 4th bar"); an ordinal's ending after a digit ("4th" -> 4, th) is no word of its own.
_NUMBER_WORDS = {
    stem: str(n)
    for n, words in enumerate(
        (
            (),
            ("first",),
            ("two",),
            ("three", "third"),
            ("four", "fourth"),
            ("five", "fifth"),
            ("six", "sixth"),
            ("seven", "seventh"),
            ("eight", "eighth"),
            ("nine", "ninth"),
            ("ten", "tenth"),
            ("eleven", "eleventh"),
            ("twelve", "twelfth"),
        )
    )
    for word in words
    for stem in tokenize(word)
} | {stem: "16" for stem in tokenize("sixteen sixteenth")}
_ORDINAL_ENDINGS = frozenset("st nd rd th".split())
_NUMBER_STEMS = frozenset(_NUMBER_WORDS) | _ORDINAL_ENDINGS  # the stems ``_numbers_as_digits`` reads


def _numbers_as_digits(stems: Sequence[str]) -> list[tuple[str, int]]:
    """``stems`` with numbers written as words turned into digits and ordinal endings after a
    digit left out, each with its position in ``stems``."""
    out: list[tuple[str, int]] = []
    for n, stem in enumerate(stems):
        if stem in _ORDINAL_ENDINGS and out and out[-1][0].isdigit() and out[-1][1] == n - 1:
            continue
        out.append((_NUMBER_WORDS.get(stem, stem), n))
    return out


def stems_read(stems: Iterable[str]) -> set[str]:
    """Every stem ``find_phrases`` may read in ``stems``: each as written, and a number written
    as a word as its digits (a key it finds holds only these)."""
    found = set(stems)
    return found | {_NUMBER_WORDS[t] for t in found if t in _NUMBER_WORDS}


def phrase_key(phrase: str) -> tuple[str, ...]:
    """The stems a phrase is looked up by: a query's words arrive without question filler
    ("fade in" -> fade), so a phrase's filler words are dropped the same way."""
    return tuple(tokenize(" ".join(w for w in re.split(r"[\s-]+", phrase.lower()) if w not in STOPWORDS)))


def phrase_starts(keys: Iterable[tuple[str, ...]]) -> dict[str, tuple[int, ...]]:
    """Per stem a key starts with, the lengths of the keys it starts, longest first: what
    ``find_phrases`` tries at a stem (the phrasebook's keys run to six stems, but most stems
    start keys of one or two lengths only)."""
    sizes: dict[str, set[int]] = {}
    for key in keys:
        sizes.setdefault(key[0], set()).add(len(key))
    return {stem: tuple(sorted(lengths, reverse=True)) for stem, lengths in sizes.items()}


def find_phrases(
    stems: Sequence[str], table: Mapping[tuple[str, ...], V], starts: Mapping[str, tuple[int, ...]]
) -> list[tuple[int, int, V]]:
    """The phrases of ``table`` (keyed by ``phrase_key``) in a list of stems: ``(start, end, value)``,
    longest match first, not overlapping. ``starts``: ``phrase_starts`` of the table's keys.
    A two-stem phrase ending in a particle also matches around one word
    between ("move the notes up" holds "move up"), as phrasal verbs go. Numbers written as
    words match a phrase's digits ("every four bars", "every fourth bar": "every 4 bars").
    """
    if _NUMBER_STEMS.isdisjoint(stems):
        # no number written as a word, no ordinal ending: read as digits, the same stems
        return _find_as_written(stems, table, starts)[0]
    read = _numbers_as_digits(stems)
    # where the digits' reading first differs: a number as digits, an ordinal's ending left out
    differs = next((k for k, (stem, n) in enumerate(read) if n != k or stem != stems[k]), len(read))
    found, begin = _find_as_written(stems, table, starts, differs=differs)
    if differs < len(stems):
        # numbers as words or ordinals ("every four bars", "every 4th bar") also read as the
        # digits a phrase is written with ("every 4 bars"), where no phrase as written is found;
        # both readings scan alike up to ``begin`` (what is found before it is taken already)
        taken = {n for start, end, _ in found for n in range(start, end)}
        for i, j, value in _find_as_written([stem for stem, _ in read], table, starts, begin=begin)[0]:
            start, end = read[i][1], read[j - 1][1] + 1
            if not taken & set(range(start, end)):
                found.append((start, end, value))
        found.sort(key=lambda hit: hit[0])
    return found


def _find_as_written(
    stems: Sequence[str],
    table: Mapping[tuple[str, ...], V],
    starts: Mapping[str, tuple[int, ...]],
    *,
    begin: int = 0,
    differs: int | None = None,
) -> tuple[list[tuple[int, int, V]], int]:
    """``find_phrases`` on the stems as they are, scanned from ``begin``; and the first place
    the scan stood at whose step read a stem at ``differs`` or after (where it ended, if none)."""
    found: list[tuple[int, int, V]] = []
    i, n = begin, len(stems)
    alike: int | None = None
    while i < n:
        sizes = starts.get(stems[i])
        if alike is None and differs is not None and i + (max(sizes[0], 3) if sizes else 1) > differs:
            alike = i  # (this step reads the stems at i up to the longest key's end, or the gapped one's)
        if sizes is None:
            i += 1
            continue
        for size in sizes:  # only the lengths of keys starting here: no other length can match
            value = table.get(tuple(stems[i : i + size])) if i + size <= n else None
            if value:
                found.append((i, i + size, value))
                i += size
                break
        else:
            gapped = i + 2 < n and stems[i + 2] in _PARTICLES
            value = table.get((stems[i], stems[i + 2])) if gapped else None
            if value and not table.get((stems[i + 1],)):
                found.append((i, i + 3, value))
                i += 3
            else:
                i += 1
    return found, i if alike is None else alike


@dataclass(frozen=True, slots=True)
class Entry:
    """One line: its everyday words and phrases, the docs words they mean, and its group."""

    words: tuple[str, ...]
    targets: str
    group: str
    line: int

    @property
    def sounds(self) -> bool:
        """A line of a ``# sounds:`` group: its targets are the words of sounds, not of the docs."""
        return self.group.lower().startswith(SOUNDS_GROUP)


@dataclass(frozen=True, slots=True)
class Expansion:
    """Query words ``start:end`` (positions in the word list) mean ``targets`` (stems)."""

    start: int
    end: int
    targets: tuple[str, ...]


class Glossary:
    """The parsed glossary: phrases looked up by their stems, longest phrase first."""

    def __init__(self, entries: Sequence[Entry]) -> None:
        self.entries = tuple(entries)
        self._phrases = {False: self._by_phrase(e for e in self.entries if not e.sounds)}
        self._phrases[True] = self._by_phrase(e for e in self.entries if e.sounds)
        # the stems a phrase can start with (every other position is passed over at once), with its lengths
        self._starts = {key: phrase_starts(table) for key, table in self._phrases.items()}
        self.stems = frozenset(t for table in self._phrases.values() for k in table for t in k)

    @staticmethod
    def _by_phrase(entries: Iterable[Entry]) -> dict[tuple[str, ...], tuple[str, ...]]:
        by_phrase: dict[tuple[str, ...], list[str]] = {}
        for entry in entries:
            targets = tokenize(entry.targets)
            for phrase in entry.words:
                key = phrase_key(phrase)
                if key:
                    merged = by_phrase.setdefault(key, [])
                    merged.extend(t for t in targets if t not in merged)
        return {k: tuple(v) for k, v in by_phrase.items()}

    def expand(self, stems: Sequence[str], *, sounds: bool = False) -> list[Expansion]:
        """The glossary phrases in a list of stems, longest match first, not overlapping.

        ``sounds``: use the ``# sounds:`` lines (words of sounds), else the docs' lines.
        """
        by_phrase, starts = self._phrases[sounds], self._starts[sounds]
        return [Expansion(i, j, targets) for i, j, targets in find_phrases(stems, by_phrase, starts)]


def parse_glossary(text: str) -> Glossary:
    """Read the glossary format; a malformed line raises ``ValueError`` naming it."""
    entries: list[Entry] = []
    group = ""
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            group = line.lstrip("# ").strip()
            continue
        words, arrow, targets = line.partition(_ARROW)
        phrases = tuple(w.strip().lower() for w in words.split(",") if w.strip())
        if not arrow or not phrases or not targets.strip():
            raise ValueError(f"glossary line {n}: expected 'word, phrase -> docs words', got {raw!r}")
        entries.append(Entry(phrases, targets.strip(), group, n))
    return Glossary(entries)


@functools.cache
def load_glossary(path: Path = GLOSSARY_FILE) -> Glossary:
    """The package's glossary (read once)."""
    return parse_glossary(path.read_text(encoding="utf-8"))


def expand(stems: Sequence[str], *, sounds: bool = False) -> list[Expansion]:
    """Expansions of a query's stems by the package's glossary."""
    return load_glossary().expand(stems, sounds=sounds)
