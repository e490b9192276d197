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

A phrase written ``~flanger`` is *near*, not the same: Strudel has no flanger, and the line's
target is what comes closest (``phaser``), for the reason the line gives after ``|``. Near
phrases live in ``phrasebook/near.txt``; they never count as evidence for their target
(``find``, ``stems``): ``near_hits`` finds them, and the confidence answers "Strudel has no
flanger; closest: phaser" (``lookup/confidence.py``, ``answers/free_text.py``).
"""

from __future__ import annotations

import functools
import re
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
from ..data.textindex import word_stems
from ..vocabulary import Domain, Kind
from .glossary import find_phrases, phrase_key, phrase_starts

__all__ = [
    "FAMILY_MEMBERS",
    "PHRASEBOOK_DIR",
    "PhraseHit",
    "PhraseLine",
    "NearHit",
    "Phrasebook",
    "family_members",
    "load_phrasebook",
    "near_hits",
    "parse_phrasebook",
    "phrase_hits",
    "phrase_weight",
    "stems_of",
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


@dataclass(frozen=True, slots=True)
class NearHit:
    """A near phrase found in a question: Strudel has no ``thing`` (the phrase as written);
    ``target`` comes closest, for ``reason``; ``start:end`` is its span."""

    target: str
    thing: str
    reason: str
    start: int
    end: int


def phrase_weight(key: Sequence[str]) -> float:
    """1.0 for a phrase of three stems or more; less for shorter, vaguer ones."""
    return _WEIGHTS.get(len(key), 1.0)


class Phrasebook:
    """Every area's lines, looked up by their phrases' stems."""

    def __init__(self, lines: Sequence[PhraseLine], headers: dict[str, str] | None = None) -> None:
        self.lines = tuple(lines)
        self.headers = dict(headers or {})  # area -> its header comment
        # the near phrases (a few hundred) are read at once: every description looks for them;
        # the phrases themselves (thousands) when a question first needs them (``_phrases``)
        near: dict[tuple[str, ...], list[tuple[str, str, str]]] = {}
        spelled: dict[tuple[str, ...], set[str]] = {}
        for entry in self.lines:
            for phrase in entry.near:
                key = phrase_key(phrase)
                spelled.setdefault(key, set()).add(_plain(phrase))
                if key and entry.target not in (t for t, _, _ in near.get(key, ())):
                    near.setdefault(key, []).append((entry.target, phrase, entry.reason))
        self.near = {k: tuple(v) for k, v in near.items()}
        self.near_spellings = {k: frozenset(v) for k, v in spelled.items()}  # as written, per key
        self._near_starts = phrase_starts(self.near)

    @functools.cached_property
    def _phrases(
        self,
    ) -> tuple[dict[tuple[str, ...], tuple[tuple[str, str, bool], ...]], dict[str, tuple[int, ...]], frozenset[str]]:
        """The phrases by their stems, the stems a phrase can start with, and every stem of every
        phrase (not of the near ones: those name what Strudel lacks). Built once, on first use: a
        question answered by a name alone ("what does room do") never reads them."""
        table: dict[tuple[str, ...], list[tuple[str, str, bool]]] = {}
        for entry in self.lines:
            for phrase in entry.phrases:
                key = phrase_key(phrase)
                if key:
                    targets = table.setdefault(key, [])
                    if (entry.target, entry.sounds) not in ((t, s) for t, _, s in targets):
                        targets.append((entry.target, phrase, entry.sounds))
        frozen = {k: tuple(v) for k, v in table.items()}
        return frozen, phrase_starts(frozen), frozenset(t for k in frozen for t in k)

    @property
    def table(self) -> dict[tuple[str, ...], tuple[tuple[str, str, bool], ...]]:
        """The phrases by their stems: ``{stems: ((target, phrase, sounds), ...)}``."""
        return self._phrases[0]

    @property
    def stems(self) -> frozenset[str]:
        """Every stem of every phrase: words the phrasebook gives a meaning."""
        return self._phrases[2]

    @functools.cached_property
    def sound_stems(self) -> frozenset[str]:
        """Every stem of the sounds areas' phrases: what musicians call sounds ("pan pipes")."""
        return frozenset(t for e in self.lines if e.sounds for p in e.phrases for t in phrase_key(p))

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
        for start, end, targets in find_phrases(stems, self.table, self._phrases[1]):
            key = tuple(stems[start:end])
            if key not in self.table:  # a phrasal verb around one word: "turn the bass down"
                key = (stems[start], stems[end - 1])
            weight = phrase_weight(key)
            hits += [PhraseHit(t, phrase, start, end, weight, sounds, key) for t, phrase, sounds in targets]
        return hits

    def holding(self, key: tuple[str, ...]) -> frozenset[str]:
        """The sounds (targets of the sounds areas) one of whose own phrases holds the near
        phrase of stems ``key``, as written, inside a longer phrase ("lute" in gm_shamisen's
        "japanese lute"; never "looper" in brk's "break loop")."""
        return self._holding.get(key) or frozenset()

    @functools.cached_property
    def _holding(self) -> dict[tuple[str, ...], frozenset[str]]:
        """``holding``'s table: each near phrase as written -> its key, then each shorter run
        of words of every sound phrase looked up in it (a handful per phrase)."""
        written = {_words(phrase): key for key, found in self.near.items() for _, phrase, _ in found}
        out: dict[tuple[str, ...], set[str]] = {}
        for entry in self.lines:
            if not entry.sounds:
                continue
            for phrase in entry.phrases:
                words = _words(phrase)
                for n in range(1, len(words)):
                    for i in range(len(words) - n + 1):
                        key = written.get(words[i : i + n])
                        if key is not None:
                            out.setdefault(key, set()).add(entry.target)
        return {k: frozenset(v) for k, v in out.items()}

    def find_near(self, stems: Sequence[str]) -> list[NearHit]:
        """The near phrases in a list of stems (things Strudel lacks), longest first, not
        overlapping; each target of a phrase is one hit, in the order the file lists them."""
        found = find_phrases(stems, self.near, self._near_starts)
        return [NearHit(t, phrase, reason, start, end) for start, end, near in found for t, phrase, reason in near]


@functools.cache
def load_phrasebook(directory: Path = PHRASEBOOK_DIR) -> Phrasebook:
    """The package's phrasebook, every area (read once, by ``data/phrasebook.py``)."""
    lines, headers = read_phrasebook(directory)
    return Phrasebook(lines, dict(headers))


def family_members(index: StrudelIndex, family: str) -> list[str]:
    """The sounds of a family, the family's own name first: kalimba, kalimba2, ..."""
    # (the sorted keys kept per registry version: sorting them per call cost a sound phrase 25 us)
    keys = index.derived.get_or_build(("phrasebook", "sorted_sound_keys"), lambda: sorted(index.sounds.entries))
    return family_keys(keys, family)


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


def stems_of(words: Sequence[str]) -> tuple[list[str], list[int]]:
    """The stems of a question's words, and the word each stem comes from."""
    stems: list[str] = []
    owner: list[int] = []
    for n, word in enumerate(words):
        found = word_stems(word)
        stems += found
        owner += [n] * len(found)
    return stems, owner


def near_hits(words: Sequence[str]) -> list[NearHit]:
    """The things Strudel lacks that a question's words name (near phrases); spans count
    ``words``. A near phrase inside a longer phrase of the phrasebook is that phrase's
    ("auto wah" is a band-pass LFO Strudel has; "wah pedal" is near), and so is one a
    phrase right beside it describes, when that phrase's target holds the near thing in a
    phrase of its own: "a japanese three string lute" is the shamisen ("japanese three
    string" beside "lute", and its "japanese lute"), though a lute alone is near."""
    stems, owner = stems_of(words)
    book = load_phrasebook()
    near = book.find_near(stems)
    if not near:
        return []  # (most questions: the phrasebook's own phrases need not be read)
    found = book.find(stems)
    spans = [(h.start, h.end) for h in found]
    for hit in near:
        holding = book.holding(tuple(stems[hit.start : hit.end]))
        beside = [h for h in found if h.target in holding and (h.end == hit.start or h.start == hit.end)]
        spans += [(min(h.start, hit.start), max(h.end, hit.end)) for h in beside]
    spelled = book.near_spellings
    out: list[NearHit] = []
    for hit in near:
        if any(s <= hit.start and hit.end <= e and e - s > hit.end - hit.start for s, e in spans):
            continue
        first, last = owner[hit.start], owner[hit.end - 1]
        if hit.end - hit.start == 1 and _plain(words[first]) not in spelled.get((stems[hit.start],), ()):
            continue  # one word is the thing only as written: "limiter", never "limit" (its stem)
        out.append(NearHit(hit.target, hit.thing, hit.reason, first, last + 1))
    return out


def _words(phrase: str) -> tuple[str, ...]:
    """A phrase's words as written, without case or hyphens ("hurdy-gurdy" -> hurdy, gurdy)."""
    return tuple(phrase.lower().replace("-", " ").split())


def _letters(phrase: str) -> str:
    """A phrase as written, without case, spaces or hyphens ("De-esser" -> "deesser")."""
    return re.sub(r"[\s-]+", "", phrase.lower())


def _plain(word: str) -> str:
    """A word as typed, without case, hyphens or a plural ending ("Vocoders" -> "vocoder")."""
    letters = _letters(word)
    return letters[:-1] if letters.endswith("s") and not letters.endswith("ss") else letters


def phrase_hits(index: StrudelIndex, words: Sequence[str]) -> list[PhraseHit]:
    """The phrasebook's phrases in a question's words; spans count ``words`` (start:end).

    A one-word phrase that is itself a name of its target's domain as typed ("loop", "echo"
    for functions) is left to that name: a name typed is stronger evidence than a phrase. A
    word that names something of the other domain is still read as a phrase ("ratchet",
    a sound, is also what drummers call ``ply``): the question decides between the two.
    """
    stems, owner = stems_of(words)
    out: list[PhraseHit] = []
    for hit in load_phrasebook().find(stems):
        first, last = owner[hit.start], owner[hit.end - 1]
        if first == last and _typed_name(index, words[first], sounds=hit.sounds):
            continue
        out.append(PhraseHit(hit.target, hit.phrase, first, last + 1, hit.weight, hit.sounds, hit.key))
    return out
