"""Reading an events table: what each event is (a pitch, a sound) and where it starts.

The pictures (``picture.py``) and the agent's summary (``events_text.py``) read a pattern's
events the same way, from the DataFrame ``strudel_events`` returns: columns ``cycle``,
``begin``, ``end``, ``duration``, ``begin_fraction``, ``end_fraction``, then one column per
control (``s``, ``n``, ``note``, ``bank``, ``gain``, ...; a bare value in ``value``). This
module never imports the engine: any frame of that shape works (tests build them by hand).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "TIMING_COLUMNS",
    "Event",
    "code_prefers_flats",
    "events_of",
    "is_present",
    "midi_of",
    "note_name",
    "prefers_flats",
    "written_note",
]

#: The columns that say when an event sounds; every other column is a control.
TIMING_COLUMNS = ("cycle", "begin", "end", "duration", "begin_fraction", "end_fraction")

# Strudel's note names: a letter, sharps (# or s) and flats (b or f), an optional octave (3).
_NOTE = re.compile(r"^([a-gA-G])([#sbf]*)(-?\d{1,2})?$")
_CHROMA = {"c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11}
_NAMES = ("c", "c#", "d", "d#", "e", "f", "f#", "g", "g#", "a", "a#", "b")
_FLAT_NAMES = ("c", "db", "d", "eb", "e", "f", "gb", "g", "ab", "a", "bb", "b")
#: MIDI pitches outside this range are not notes anyone plays (a typo or a frequency in ``note``).
_MIDI_RANGE = (-24.0, 160.0)


def is_present(value: Any) -> bool:
    """A cell that holds a value: not None, NaN or pandas' NA."""
    if isinstance(value, float):  # the common case first: numbers, NaN for "missing"
        return value == value
    if value is None or type(value).__name__ in ("NAType", "NaTType"):
        return False
    if isinstance(value, str | int | Fraction):
        return True
    try:
        return not math.isnan(float(value))
    except (TypeError, ValueError, OverflowError):
        return True


def _number(value: Any) -> float | None:
    """A finite number, or None (missing, text, booleans, infinities)."""
    if value is None or isinstance(value, str | bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return number if math.isfinite(number) else None


def midi_of(value: Any) -> float | None:
    """A note as a MIDI pitch: a number stays one, ``c4`` is 60, ``eb3`` 51, ``a`` 57; else None."""
    number = _number(value)
    if number is None and isinstance(value, str):
        match = _NOTE.match(value.strip())
        if match:
            letter, accidentals, octave = match.groups()
            offset = sum(1 if a in "#s" else -1 for a in accidentals)
            number = float((int(octave) if octave else 3) + 1) * 12 + _CHROMA[letter.lower()] + offset
    if number is None or not _MIDI_RANGE[0] <= number <= _MIDI_RANGE[1]:
        return None
    return number


def note_name(midi: float, *, flats: bool = False) -> str:
    """A MIDI pitch as Strudel writes it: 60 -> ``c4``, 61 -> ``c#4`` (``db4`` with ``flats``);
    a fraction of a semitone keeps its number."""
    if midi != round(midi):
        return f"{midi:g}"
    pitch = int(round(midi))
    return f"{(_FLAT_NAMES if flats else _NAMES)[pitch % 12]}{pitch // 12 - 1}"


def written_note(value: Any) -> str | None:
    """A note name as the code wrote it, with its octave: ``eb2``, ``Bb3``, ``ds3``; ``e`` -> ``e3``.

    None for anything else (numbers, text that is no note, a note out of range).
    """
    if not isinstance(value, str) or midi_of(value) is None:
        return None
    match = _NOTE.match(value.strip())
    if match is None:
        return None
    letter, accidentals, octave = match.groups()
    return f"{letter}{accidentals}{octave if octave else 3}"


def prefers_flats(names: Iterable[str]) -> bool | None:
    """Whether written note names lean to flats (more of them have a flat than a sharp), None when
    none has either: a pitch that is a number is spelled the way the pattern's names lean."""
    flat = sharp = 0
    for name in names:
        match = _NOTE.match(name)
        accidentals = match.group(2) if match else ""
        flat += any(a in "bf" for a in accidentals)
        sharp += any(a in "#s" for a in accidentals)
    return None if flat == sharp == 0 else flat > sharp


#: Note names with an accidental as code writes them: with an octave (``eb2``, ``c#3``), a sharp
#: (``f#``), or a capital root (``Bb``, ``Eb:minor``, ``Bbm7``). A lowercase flat without its octave
#: (``cb``, the cowbell; ``ab``) is not read: too many sound names and words look like one.
_CODE_NOTE = re.compile(r"(?<![\w$#])(?:[a-gA-G](?:[#b]+)-?\d|[a-gA-G]#+(?![\w#])|[A-G]b+(?![a-ln-zA-Z#]))")


def code_prefers_flats(code: str) -> bool | None:
    """Whether the note names written in ``code`` lean to flats (``note("eb2").add(12)``), None when it writes none."""
    names = [m.group(0) for m in _CODE_NOTE.finditer(code)]
    return prefers_flats(name if name[-1].isdigit() else name + "3" for name in names)


def _freq_midi(value: Any) -> float | None:
    freq = _number(value)
    ratio = freq / 440.0 if freq is not None else 0.0
    if not 0.0 < ratio < math.inf:  # a tiny frequency underflows to 0 here (5e-324 Hz): no pitch
        return None
    return midi_of(round(69 + 12 * math.log2(ratio), 2))


@dataclass(frozen=True, slots=True)
class Event:
    """One event as the pictures and the summary read it."""

    cycle: int
    begin: float
    end: float
    #: Where it starts, exactly (``begin_fraction``), to write positions as 1/4, 3/8.
    onset: Fraction
    #: What plays it: ``s`` with ``bank`` prefixed as Strudel resolves it (``RolandTR909_bd``),
    #: a bare value's text, or "" when the event names no sound (a synth's default).
    sound: str
    #: The sample index (``n`` or ``bd:3``) of an unpitched sound, else None.
    sample: int | None
    #: MIDI pitch from ``note``, ``freq`` or a note-like bare value, else None.
    pitch: float | None
    #: ``gain`` times ``velocity`` (1 where neither is set), for the boxes' opacity.
    level: float
    #: The note's name as written (``eb2``, ``Bb3``) when its pitch came from a name, else None.
    spelling: str | None = None

    @property
    def row_label(self) -> str:
        """The sound's punchcard row: ``bd``, ``bd:3``, ``RolandTR909_hh``."""
        base = self.sound or "(no sound)"
        return f"{base}:{self.sample}" if self.sample else base


def _text(value: Any) -> str:
    return str(value) if is_present(value) else ""


def _event(row: Mapping[str, Any]) -> Event | None:
    begin, end = _number(row.get("begin")), _number(row.get("end"))
    if begin is None or end is None:
        return None
    onset = row.get("begin_fraction")
    onset = onset if isinstance(onset, Fraction) else Fraction(begin).limit_denominator(1 << 16)
    cycle = _number(row.get("cycle"))
    value = row.get("value")
    pitch = midi_of(row.get("note"))
    spelling = written_note(row.get("note")) if pitch is not None else None
    if pitch is None:
        pitch = _freq_midi(row.get("freq"))
    if pitch is None and is_present(value):
        pitch = midi_of(value)
        spelling = written_note(value)
    sound = _text(row.get("s"))
    if sound and _text(row.get("bank")):
        sound = f"{_text(row.get('bank'))}_{sound}"
    elif not sound and pitch is None and is_present(value):
        sound = _text(value)
    sample = _number(row.get("n"))
    sample_index = int(sample) if pitch is None and sample is not None and sample == int(sample) else None
    level = 1.0
    for control in ("gain", "velocity"):
        amount = _number(row.get(control))
        if amount is not None:
            level *= max(0.0, amount)
    return Event(
        cycle=int(cycle) if cycle is not None else math.floor(begin),
        begin=begin,
        end=max(end, begin),
        onset=onset,
        sound=sound,
        sample=sample_index,
        pitch=pitch,
        level=level,
        spelling=spelling,
    )


#: The columns an event is read from (the rest are controls the summary reads on its own).
_READ = ("cycle", "begin", "end", "begin_fraction", "note", "freq", "value", "s", "bank", "n", "gain", "velocity")


def events_of(frame: pd.DataFrame) -> Iterator[Event]:
    """The frame's events in its order (sorted by begin), rows without a time skipped."""
    columns = {name: frame[name].tolist() for name in _READ if name in frame.columns}
    for i in range(len(frame)):
        event = _event({name: values[i] for name, values in columns.items()})
        if event is not None:
            yield event
