"""Tonal names: the scale types, chord types and voicing dictionaries the REPL's tonal functions read.

From the snapshot's optional ``tonal.json`` (tonal's ``ScaleType.all()``, ``ChordType.all()``
and ``@strudel/tonal``'s ``voicingRegistry``). The readings here are the REPL's own:

* ``scale("C:minor:pentatonic")``: ``:`` becomes a space, then tonal's ``Scale.get`` reads a
  tonic (a note, with an optional octave) and a scale name or alias (lower-cased). A name
  without a tonic plays from C; a tonic without a name, or an unknown name without a tonic,
  throws "incomplete"; an unknown name after a tonic throws "Invalid scale name".
* ``chord("C^7").voicing()``: a root (``A``-``G`` with ``b``/``#``), a symbol, an optional
  ``/bass``; the symbol must be one the voicing dictionary has, else the REPL logs
  ``[voicing]: unknown chord`` and the event is silent.

Standard library only, and built on first use: the index build does not pay for it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "ChordType",
    "ScaleReading",
    "ScaleType",
    "TonalIndex",
    "VoicingDictionary",
    "check_tonal",
    "split_chord",
]

#: tonal's note names: a letter, accidentals, an optional octave, nothing else.
_NOTE = re.compile(r"[a-gA-G](?:#+|b+|x+)?-?\d*")
#: Strudel's ``isNote`` (tonal.mjs), used only to word the "incomplete" error as the REPL does.
_IS_NOTE = re.compile(r"[a-gA-G][#bsf]*[0-9]*")
#: chord-voicings' ``tokenizeChord``: root, symbol, optional bass.
_CHORD = re.compile(r"([A-G][b#]*)([^/]*)/?([A-G][b#]*)?")

ScaleProblem = Literal["incomplete", "invalid"]


@dataclass(frozen=True, slots=True)
class ScaleType:
    name: str
    aliases: tuple[str, ...]
    intervals: tuple[str, ...]

    @property
    def written(self) -> str:
        """As a ``scale("...")`` string writes it after a tonic: ``minor:pentatonic``."""
        return self.name.replace(" ", ":")


@dataclass(frozen=True, slots=True)
class ChordType:
    name: str
    symbols: tuple[str, ...]
    intervals: tuple[str, ...]
    quality: str


@dataclass(frozen=True, slots=True)
class VoicingDictionary:
    name: str
    symbols: tuple[str, ...]
    mode: str | None
    anchor: str | None
    range: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class ScaleReading:
    """What ``Scale.get`` makes of a scale string: the tonic, the type, or the REPL's error."""

    text: str  # as the REPL reads it: ':' replaced by spaces
    tonic: str
    type_name: str
    scale: ScaleType | None
    problem: ScaleProblem | None

    @property
    def message(self) -> str:
        """The REPL's own error for this string (empty when it plays)."""
        if self.problem == "incomplete":
            return (
                f'Scale name {self.text} is incomplete. Make sure to use ":" instead of spaces, '
                'example: .scale("C:major")'
            )
        if self.problem == "invalid":
            return f'Invalid scale name "{self.text}"'
        return ""


def check_tonal(raw: Any) -> str | None:
    """What is wrong with a ``tonal.json`` document's shape (None when it is usable)."""
    if not isinstance(raw, dict):
        return "expected a JSON object with scales, chords and voicings"
    for key, fields in (("scales", ("name", "aliases")), ("chords", ("name", "symbols"))):
        entries = raw.get(key)
        if not isinstance(entries, list) or not entries:
            return f'expected a non-empty "{key}" array'
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict) or not isinstance(entry.get(fields[0]), str):
                return f"{key}[{i}] has no string {fields[0]!r}"
            if not isinstance(entry.get(fields[1]), list) or not all(isinstance(s, str) for s in entry[fields[1]]):
                return f"{key}[{i}].{fields[1]} must be a list of strings"
    voicings = raw.get("voicings")
    if not isinstance(voicings, dict):
        return 'expected a "voicings" object {dictionary: {"symbols": [...]}}'
    for name, entry in voicings.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("symbols"), list):
            return f'voicings[{name!r}] has no "symbols" list'
    if not isinstance(raw.get("default_voicings"), str):
        return 'expected a string "default_voicings"'
    return None


def split_chord(chord: str) -> tuple[str, str, str] | None:
    """``(root, symbol, bass)`` as chord-voicings' ``tokenizeChord`` splits a chord, else None."""
    match = _CHORD.fullmatch(chord)
    if match is None:
        return None
    return match.group(1), match.group(2), match.group(3) or ""


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


class TonalIndex:
    """The tonal names of one snapshot, and the REPL's readings of a scale or chord string."""

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.versions: dict[str, str] = {str(k): str(v) for k, v in (raw.get("source") or {}).items()}
        self.scales = tuple(
            ScaleType(s["name"], _strings(s.get("aliases")), _strings(s.get("intervals"))) for s in raw["scales"]
        )
        self.chords = tuple(
            ChordType(c["name"], _strings(c.get("symbols")), _strings(c.get("intervals")), str(c.get("quality", "")))
            for c in raw["chords"]
        )
        self.voicings = {
            name: VoicingDictionary(
                name,
                _strings(v.get("symbols")),
                v.get("mode") if isinstance(v.get("mode"), str) else None,
                v.get("anchor") if isinstance(v.get("anchor"), str) else None,
                _strings(v.get("range")) or None,
            )
            for name, v in raw["voicings"].items()
        }
        self.default_voicing: str = raw["default_voicings"]
        #: scale name or alias (as ScaleType.get keys them) -> its type
        self.by_scale_name: dict[str, ScaleType] = {}
        for scale in self.scales:
            for key in (scale.name, *scale.aliases):
                self.by_scale_name.setdefault(key, scale)
        #: chord symbol (tonal's spellings) -> its chord type
        self.by_chord_symbol: dict[str, ChordType] = {}
        for chord in self.chords:
            for symbol in chord.symbols:
                self.by_chord_symbol.setdefault(symbol, chord)

    @property
    def scale_names(self) -> list[str]:
        """Every name ``scale()`` accepts after a tonic: names and aliases, as tonal spells them."""
        return list(self.by_scale_name)

    def scale(self, name: str) -> ScaleType | None:
        """The scale type a name or alias means, written with spaces or ``:`` (any case)."""
        return self.by_scale_name.get(" ".join(name.replace(":", " ").lower().split()))

    def read_scale(self, text: str) -> ScaleReading:
        """Read a scale string as Strudel's ``getScale`` does (``C4:minor``, ``minor``, ``C nosuch``)."""
        spaced = text.replace(":", " ")
        cut = spaced.find(" ")
        first = spaced[:cut] if cut >= 0 else ""
        if first and _NOTE.fullmatch(first):
            tonic, type_name = first, spaced[cut + 1 :].lower()
        elif _NOTE.fullmatch(spaced):
            tonic, type_name = spaced, ""
        else:
            tonic, type_name = "", spaced.lower()
        scale = self.by_scale_name.get(type_name)
        problem: ScaleProblem | None = None
        if scale is None:
            problem = "incomplete" if (_IS_NOTE.fullmatch(spaced) or not tonic) else "invalid"
        return ScaleReading(spaced, tonic, type_name, scale, problem)

    def symbols_of(self, dictionary: str | None = None) -> tuple[str, ...] | None:
        """The chord symbols a voicing dictionary has (the default one without a name), else None."""
        found = self.voicings.get(dictionary or self.default_voicing)
        return found.symbols if found is not None else None
