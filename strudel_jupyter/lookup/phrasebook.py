"""A musician's phrasebook: what people call a function or a sound -> its real name.

"ratchet the hats" names ``ply``, "thumb piano" the kalimbas, "widen the stereo" ``jux``.
The data is ours, in our own words (``phrasebook/<area>.txt``, one file per area, format in
docs/phrasebook.md, read by ``data/phrasebook.py``, whose lines are also a field of the text
indexes); the snapshot decides which names are real (the tests check every
target). Phrases are read with the glossary's stemming and phrase matching, so "ratcheting"
finds "ratchet", and filler words ("the", "make") never have to match.

A phrase found in a question is strong evidence for its targets: stronger than loose text
overlap, weaker than a name typed. ``find`` gives the hits (target, phrase, span, weight);
``resolve`` says what a target is in an index (a function, a sound, a sound family, a bank).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..data.index import StrudelIndex
from ..data.phrasebook import (
    FAMILY_MEMBERS,
    PHRASEBOOK_DIR,
    SOUND_AREAS,
    PhraseLine,
    family_keys,
    parse_phrasebook,
    read_phrasebook,
)
from ..data.textindex import tokenize
from ..vocabulary import Domain, Kind
from .glossary import find_phrases, phrase_key

__all__ = [
    "FAMILY_MEMBERS",
    "PHRASEBOOK_DIR",
    "PhraseHit",
    "PhraseLine",
    "Phrasebook",
    "family_members",
    "load_phrasebook",
    "parse_phrasebook",
    "phrase_hits",
    "phrase_weight",
    "resolve",
    "SOUND_AREAS",
]

# How specific a phrase is, by its stems: one everyday word ("stutter") says less than
# three ("widen the stereo image").
_WEIGHTS = {1: 0.5, 2: 0.85}


@dataclass(frozen=True, slots=True)
class PhraseHit:
    """A phrase found in a list of stems: its target, the phrase as written, the span
    ``start:end`` (positions in the stems) and its weight (0-1, by how specific it is)."""

    target: str
    phrase: str
    start: int
    end: int
    weight: float
    sounds: bool = False  # the target is a sound, family or bank (not a function)
    key: tuple[str, ...] = ()  # the phrase's stems (``glossary.phrase_key``)


def phrase_weight(key: Sequence[str]) -> float:
    """1.0 for a phrase of three stems or more; less for shorter, vaguer ones."""
    return _WEIGHTS.get(len(key), 1.0)


class Phrasebook:
    """Every area's lines, looked up by their phrases' stems."""

    def __init__(self, lines: Sequence[PhraseLine], headers: dict[str, str] | None = None) -> None:
        self.lines = tuple(lines)
        self.headers = dict(headers or {})  # area -> its header comment
        table: dict[tuple[str, ...], list[tuple[str, str, bool]]] = {}
        for entry in self.lines:
            for phrase in entry.phrases:
                key = phrase_key(phrase)
                if key:
                    targets = table.setdefault(key, [])
                    if (entry.target, entry.sounds) not in ((t, s) for t, _, s in targets):
                        targets.append((entry.target, phrase, entry.sounds))
        self.table = {k: tuple(v) for k, v in table.items()}
        self.longest = max((len(k) for k in self.table), default=0)
        self._starts = frozenset(k[0] for k in self.table)
        self.stems = frozenset(t for k in self.table for t in k)  # every word of every phrase

    @functools.cached_property
    def stems(self) -> frozenset[str]:
        """Every stem of every phrase: words the phrasebook gives a meaning."""
        return frozenset(t for key in self.table for t in key)

    def calls_by_name(self, name: str) -> bool:
        """Musicians call ``name``'s target by the name itself ("chorus", "vowel"): the name is
        their word too, not an everyday word that happens to be a name ("mode", "end")."""
        return any(target == name for target, *_ in self.table.get(phrase_key(name), ()))

    @property
    def targets(self) -> frozenset[str]:
        return frozenset(e.target for e in self.lines)

    def find(self, stems: Sequence[str]) -> list[PhraseHit]:
        """The phrases in a list of stems, longest first, not overlapping; each target of a
        phrase is one hit, in the order the files list them."""
        hits: list[PhraseHit] = []
        for start, end, targets in find_phrases(stems, self.table, self._starts, self.longest):
            key = tuple(stems[start:end])
            if key not in self.table:  # a phrasal verb around one word: "turn the bass down"
                key = (stems[start], stems[end - 1])
            weight = phrase_weight(key)
            hits += [PhraseHit(t, phrase, start, end, weight, sounds, key) for t, phrase, sounds in targets]
        return hits


@functools.cache
def load_phrasebook(directory: Path = PHRASEBOOK_DIR) -> Phrasebook:
    """The package's phrasebook, every area (read once, by ``data/phrasebook.py``)."""
    lines, headers = read_phrasebook(directory)
    return Phrasebook(lines, dict(headers))


def family_members(index: StrudelIndex, family: str) -> list[str]:
    """The sounds of a family, the family's own name first: kalimba, kalimba2, ..."""
    return family_keys(sorted(index.sounds.entries), family)


def resolve(index: StrudelIndex, target: str, *, sounds: bool = False) -> list[tuple[Domain, Kind, str]]:
    """What a target names in ``index`` (see ``_resolve``), kept per index: the phrasebook's
    targets are few and an index never changes once built."""
    return index.derived.get_or_build(
        ("phrasebook", "resolve", target, sounds), lambda: _resolve(index, target, sounds)
    )


def _resolve(index: StrudelIndex, target: str, sounds: bool) -> list[tuple[Domain, Kind, str]]:
    """What a target names in ``index``: ``[(domain, kind, name)]``, empty if nothing.

    A function's name or synonym is that function (unless ``sounds``: a line of a sounds
    area); a bank is that bank (and the sound of its name, if any); a sound key or a sound
    family's prefix is its sounds (the family's members, at most ``FAMILY_MEMBERS``).
    """
    ref = index.reference
    entry = None if sounds else ref.by_name.get(target) or ref.by_synonym.get(target)
    if entry is not None:
        return [("reference", "function", entry.name)]
    lower = target.lower()
    if lower in index.sounds.banks:  # a bank is itself, not its members (rolandtr808, not its 808 sounds)
        own: list[tuple[Domain, Kind, str]] = [("sounds", "sound", lower)] if lower in index.sounds.entries else []
        return [*own, ("sounds", "bank", lower)]
    return [("sounds", "sound", key) for key in family_members(index, target)[:FAMILY_MEMBERS]]


def _typed_name(index: StrudelIndex, word: str, *, sounds: bool) -> bool:
    """``word`` is a real name of the domain a phrase's target is in, as typed."""
    if sounds:
        lower = word.lower()
        return lower in index.sounds.entries or lower in index.sounds.banks
    return word in index.reference.by_name or word in index.reference.by_synonym


def phrase_hits(index: StrudelIndex, words: Sequence[str]) -> list[PhraseHit]:
    """The phrasebook's phrases in a question's words; spans count ``words`` (start:end).

    A one-word phrase that is itself a name of its target's domain as typed ("loop", "echo"
    for functions) is left to that name: a name typed is stronger evidence than a phrase. A
    word that names something of the other domain is still read as a phrase ("ratchet",
    a sound, is also what drummers call ``ply``): the question decides between the two.
    """
    stems: list[str] = []
    owner: list[int] = []  # the word each stem comes from
    for n, word in enumerate(words):
        found = tokenize(word)
        stems += found
        owner += [n] * len(found)
    out: list[PhraseHit] = []
    for hit in load_phrasebook().find(stems):
        first, last = owner[hit.start], owner[hit.end - 1]
        if first == last and _typed_name(index, words[first], sounds=hit.sounds):
            continue
        out.append(PhraseHit(hit.target, hit.phrase, first, last + 1, hit.weight, hit.sounds, hit.key))
    return out
