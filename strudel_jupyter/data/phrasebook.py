"""The musician's phrasebook as data: its files read into lines (target, phrases, area).

What musicians call a function or a sound ("ratchet" for ``ply``, "thumb piano" for the
kalimbas) is hand-written knowledge of our own, one file per area in
``lookup/phrasebook/<area>.txt`` (format in docs/phrasebook.md). This module only reads the
files: the reference's and the sounds' text indexes hold each entry's phrases as a field
(``phrases_by_target``), and ``lookup/phrasebook.py`` finds whole phrases in a question.
A phrase written ``~vocoder`` names a thing Strudel lacks (the target is only what comes
closest): it is never one of the target's phrases.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .textindex import WORD_RE

__all__ = [
    "FAMILY_MEMBERS",
    "PHRASEBOOK_DIR",
    "SOUND_AREAS",
    "PhraseLine",
    "family_keys",
    "field_text",
    "package_phrases",
    "parse_phrasebook",
    "phrases_by_target",
    "read_phrasebook",
]

# The files stay beside the lookup that matches them (the package ships them from there).
PHRASEBOOK_DIR = Path(__file__).resolve().parents[1] / "lookup" / "phrasebook"
#: The areas about sounds: their targets are sounds, families and banks, never functions
#: (the synth ``saw`` in synths.txt, the signal ``saw`` in signals.txt).
SOUND_AREAS = frozenset({"drums", "percussion", "instruments", "synths", "textures"})
_SEPARATOR = ":"
_NEAR = "~"  # a phrase for a thing Strudel lacks, whose nearest thing is the line's target
_REASON = "|"  # a near line's reason follows: "vowel: ~vocoder | a formant filter"
# A target is one name: a function, synonym, sound key, sound family prefix or bank.
_TARGET = re.compile(r"^[A-Za-z0-9_]+$")
FAMILY_MEMBERS = 6  # at most this many sounds of one family answer a phrase for the family
# A member of a family: the family's name, then digits and/or an "_" suffix (kalimba2, recorder_alto_sus).
_MEMBER_TAIL = re.compile(r"^\d*(?:_[a-z0-9_]+)?$")


@dataclass(frozen=True, slots=True)
class PhraseLine:
    """One line of a phrasebook file: a target name and what people call it."""

    target: str
    phrases: tuple[str, ...]
    area: str  # the file's stem: "rhythm", "drums"
    line: int
    near: tuple[str, ...] = ()  # things Strudel lacks, for which the target comes closest
    reason: str = ""  # why the target is closest to them, in a few words ("a formant filter")

    @property
    def sounds(self) -> bool:
        """A line about a sound (its area is one of ``SOUND_AREAS``)."""
        return self.area in SOUND_AREAS


def parse_phrasebook(text: str, area: str) -> tuple[list[PhraseLine], str]:
    """One file's lines and its header (the comment lines before the first entry).

    ``target: phrase, ~near phrase | reason``: a phrase after ``~`` is a thing Strudel lacks
    that the target comes closest to, and such a line ends with its reason after ``|``.
    A malformed line raises ``ValueError`` naming the area and line.
    """
    lines: list[PhraseLine] = []
    header: list[str] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if not lines:
                header.append(line.lstrip("# ").strip())
            continue
        target, sep, rest = line.partition(_SEPARATOR)
        target = target.strip()
        rest, _, reason = rest.partition(_REASON)
        written = [p.strip().lower() for p in rest.split(",") if p.strip()]
        phrases = tuple(p for p in written if not p.startswith(_NEAR))
        near = tuple(p.removeprefix(_NEAR).strip() for p in written if p.startswith(_NEAR))
        if not sep or not _TARGET.match(target) or not written or not all(near) or bool(near) != bool(reason.strip()):
            raise ValueError(
                f"phrasebook {area}.txt line {n}: expected 'name: phrase, phrase' "
                f"or 'name: ~phrase, ~phrase | reason', got {raw!r}"
            )
        lines.append(PhraseLine(target, phrases, area, n, near, reason.strip()))
    return lines, " ".join(header)


@functools.cache
def read_phrasebook(directory: Path = PHRASEBOOK_DIR) -> tuple[tuple[PhraseLine, ...], Mapping[str, str]]:
    """Every area's lines, and each area's header (read once)."""
    lines: list[PhraseLine] = []
    headers: dict[str, str] = {}
    for path in sorted(directory.glob("*.txt")):
        found, header = parse_phrasebook(path.read_text(encoding="utf-8"), path.stem)
        lines += found
        headers[path.stem] = header
    return tuple(lines), headers


def phrases_by_target(lines: Iterable[PhraseLine], *, sounds: bool) -> dict[str, tuple[str, ...]]:
    """``{target: its phrases}`` of the lines of one domain (sound areas or the others),
    without the ``~`` phrases (things Strudel lacks are no phrase of the target)."""
    out: dict[str, list[str]] = {}
    for line in lines:
        if line.sounds == sounds:
            out.setdefault(line.target, []).extend(p for p in line.phrases if not p.startswith(_NEAR))
    return {target: tuple(phrases) for target, phrases in out.items() if phrases}


@functools.cache
def package_phrases(*, sounds: bool) -> Mapping[str, tuple[str, ...]]:
    """:func:`phrases_by_target` of the package's phrasebook (read once per domain)."""
    return phrases_by_target(read_phrasebook()[0], sounds=sounds)


def field_text(phrases: Iterable[str]) -> str:
    """The words of a sound's phrases, each once: the text of its ``phrases`` field.

    A family's phrases say one thing many ways ("kick", "kick drum", "synth kick"): a word
    they repeat is no more about the sound for it (else a short document of phrases
    outweighs the drum the word names). A function's phrases are kept as written
    (data/reference.py): the word its phrases repeat is its central one.
    """
    return " ".join(dict.fromkeys(w.lower() for phrase in phrases for w in WORD_RE.findall(phrase)))


def family_keys(sorted_keys: Sequence[str], family: str) -> list[str]:
    """The sound keys of a family, the family's own name first: kalimba, kalimba2, ...

    ``sorted_keys``: every sound key, sorted (a family's keys are found by bisection).
    """
    lower = family.lower()
    start = bisect.bisect_left(sorted_keys, lower)
    own, members = False, []
    for n in range(start, len(sorted_keys)):  # (not a copy of the rest of the keys)
        key = sorted_keys[n]
        if not key.startswith(lower):
            break
        if key == lower:
            own = True
        elif _MEMBER_TAIL.match(key[len(lower) :]):
            members.append(key)
    members.sort(key=lambda k: (len(k), k))
    return ([lower] if own else []) + members
