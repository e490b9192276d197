"""What a pattern plays, in a few lines a model can check against what it was asked for.

From an events frame (``strudel_events``' shape): per cycle, which sounds and notes start
where (``cycle 0: bd at 0, 1/4, 1/2, 3/4; hh x8 every 1/8``, identical cycles merged),
events per cycle per sound, and the range of every other control (``gain 0.5-0.8``,
``note c3-g4``). Bounded by ``MAX_SUMMARY_CHARS``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, TypedDict

from ..limits import MAX_SUMMARY_CHARS
from .events import TIMING_COLUMNS, Event, events_of, is_present, midi_of, note_name, prefers_flats, written_note

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["EventsSummary", "summarize_events"]

#: Positions (or chords) listed for one sound in one cycle before "(+N more)".
_POSITIONS = 12
#: Distinct text values listed for a control (``vowel a, e, o``) before "(+N more)".
_VALUES = 6
#: A sound hit this many times or more at even steps is written ``hh x8 every 1/8``.
_EVEN_AT = 5
#: Sounds and controls listed in ``per_cycle`` and ``ranges`` before the rest are counted.
_NAMES = 32
#: Characters of one timeline line before it is cut.
_LINE_CHARS = MAX_SUMMARY_CHARS // 4
#: Controls the per-cycle lines already say (sound, bank, sample index).
_SAID = {"s", "bank", "value"}


class EventsSummary(TypedDict):
    """The summary as JSON: the lines, and the same facts as data."""

    events: int
    begin: int
    cycles: int
    timeline: list[str]
    per_cycle: dict[str, str]
    ranges: dict[str, str]
    text: str


def _position(onset: Fraction, cycle: int) -> str:
    return str(onset - cycle)


def _even(positions: Sequence[Fraction]) -> Fraction | None:
    """The step when the positions are at least ``_EVEN_AT`` distinct, evenly spaced onsets."""
    if len(positions) < _EVEN_AT or len(set(positions)) != len(positions):
        return None
    step = positions[1] - positions[0]
    if step <= 0 or any(b - a != step for a, b in zip(positions, positions[1:], strict=False)):
        return None
    return step


def _listed(items: list[str]) -> str:
    more = len(items) - _POSITIONS
    return ", ".join(items[:_POSITIONS]) + (f" (+{more} more)" if more > 0 else "")


def _sound_in_cycle(name: str, events: list[Event], cycle: int, flats: bool) -> str:
    """``bd at 0, 1/4``, ``hh x8 every 1/8``, ``piano: c3 at 0, e3+g3 at 1/2`` (notes as written)."""
    pitched = [e for e in events if e.pitch is not None]
    if pitched:
        chords: dict[Fraction, list[str]] = defaultdict(list)
        for e in pitched:
            chords[e.onset - cycle].append(e.spelling or note_name(e.pitch, flats=flats))  # type: ignore[arg-type]
        played = [f"{'+'.join(notes)} at {at}" for at, notes in chords.items()]
        unpitched = len(events) - len(pitched)
        extra = f" (+{unpitched} without a note)" if unpitched else ""
        return f"{name}: {_listed(played)}{extra}"
    onsets = [e.onset - cycle for e in events]
    step = _even(onsets)
    if step is not None:
        start = f" from {onsets[0]}" if onsets[0] else ""
        return f"{name} x{len(onsets)} every {step}{start}"
    counted = Counter(onsets)
    return f"{name} at " + _listed([f"{at} (x{n})" if n > 1 else str(at) for at, n in counted.items()])


def _cycle_line(events: list[Event], cycle: int, flats: bool) -> str:
    by_sound: dict[str, list[Event]] = defaultdict(list)
    for e in events:
        by_sound[e.row_label if e.pitch is None else e.sound or "(default synth)"].append(e)
    return "; ".join(_sound_in_cycle(name, evs, cycle, flats) for name, evs in by_sound.items()) or "silence"


def _timeline(events: list[Event], begin: int, cycles: int, flats: bool) -> list[str]:
    """One line per cycle, cycles that play the same merged (``cycles 0-3: ...``)."""
    per_cycle: dict[int, list[Event]] = defaultdict(list)
    for e in events:
        per_cycle[e.cycle].append(e)
    lines: list[tuple[int, int, str]] = []
    for cycle in range(begin, begin + cycles):
        line = _cycle_line(per_cycle.get(cycle, []), cycle, flats)
        if lines and lines[-1][2] == line and lines[-1][1] == cycle - 1:
            lines[-1] = (lines[-1][0], cycle, line)
        else:
            lines.append((cycle, cycle, line))
    return [_cut(f"cycle {a}: {text}" if a == b else f"cycles {a}-{b}: {text}") for a, b, text in lines]


def _cut(line: str) -> str:
    line = _clean(line)
    return line if len(line) <= _LINE_CHARS else line[: _LINE_CHARS - 12] + " (... cut)"


def _clean(text: str) -> str:
    """Text any JSON or MCP client takes: lone surrogates (JavaScript strings may hold them) become "?"."""
    return text.encode("utf-8", "replace").decode("utf-8")


def _first(mapping: dict[str, str]) -> dict[str, str]:
    """At most ``_NAMES`` entries; the rest counted under "(more)"."""
    mapping = {_clean(name): _clean(value) for name, value in mapping.items()}
    if len(mapping) <= _NAMES:
        return mapping
    kept = dict(list(mapping.items())[:_NAMES])
    kept["(more)"] = f"{len(mapping) - _NAMES} not listed"
    return kept


def _per_cycle(events: list[Event], begin: int, cycles: int) -> dict[str, str]:
    """Events per cycle per sound: ``4``, or ``2-4 (mean 3)`` when the cycles differ."""
    counts: dict[str, Counter[int]] = defaultdict(Counter)
    for e in events:
        counts[e.sound or "(default synth)"][e.cycle] += 1
    out = {}
    for name, by_cycle in counts.items():
        per = [by_cycle.get(c, 0) for c in range(begin, begin + cycles)]
        low, high = min(per), max(per)
        out[name] = str(low) if low == high else f"{low}-{high} (mean {sum(per) / len(per):g})"
    return out


def _ranges(frame: pd.DataFrame, flats: bool) -> dict[str, str]:
    """Each control's range (numbers), span of notes, or its values (text)."""
    out: dict[str, str] = {}
    for column in frame.columns:
        if column in TIMING_COLUMNS or column in _SAID:
            continue
        values = [v for v in frame[column].tolist() if is_present(v)]
        if not values:
            continue
        if column == "note":
            pitches = [p for v in values if (p := midi_of(v)) is not None]
            if pitches:
                low, high = min(pitches), max(pitches)
                spelled = {midi_of(v): name for v in reversed(values) if (name := written_note(v)) is not None}
                lowest, highest = (spelled.get(p) or note_name(p, flats=flats) for p in (low, high))
                names = lowest if low == high else f"{lowest}-{highest}"
                out[column] = f"{names} (midi {low:g}-{high:g})" if low != high else f"{names} (midi {low:g})"
                continue
        numbers = [float(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
        if numbers and len(numbers) == len(values):
            low, high = min(numbers), max(numbers)
            out[str(column)] = f"{low:g}" if low == high else f"{low:g}-{high:g}"
            continue
        distinct = list(dict.fromkeys(str(v) for v in values))
        more = len(distinct) - _VALUES
        out[str(column)] = ", ".join(distinct[:_VALUES]) + (f" (+{more} more)" if more > 0 else "")
    return out


def _bounded(lines: list[str]) -> str:
    text, kept = "", 0
    for line in lines:
        if len(text) + len(line) + 1 > MAX_SUMMARY_CHARS - 40:
            return text + f"(... {len(lines) - kept} more lines)"
        text += line + "\n"
        kept += 1
    return text.rstrip("\n")


def summarize_events(
    frame: pd.DataFrame, *, begin: int = 0, cycles: int = 1, flats: bool | None = None
) -> EventsSummary:
    """What ``frame`` plays over ``cycles`` cycles from ``begin``, as lines and as data.

    Notes are named as the events wrote them (``eb2``); a pitch given as a number is spelled as
    the written names lean, else with flats when ``flats`` (the code's names lean so), else sharps.
    """
    events = [e for e in events_of(frame) if begin <= e.cycle < begin + cycles]
    lean = prefers_flats(e.spelling for e in events if e.spelling)
    spell_flat = bool(flats) if lean is None else lean
    timeline = _timeline(events, begin, cycles, spell_flat)
    per_cycle = _first(_per_cycle(events, begin, cycles))
    in_window = frame[(frame["cycle"] >= begin) & (frame["cycle"] < begin + cycles)] if "cycle" in frame else frame
    ranges = _first(_ranges(in_window, spell_flat))
    span = f"cycle {begin}" if cycles == 1 else f"cycles {begin}-{begin + cycles - 1}"
    lines = [f"{len(events)} events in {span}.", *timeline]
    if per_cycle:
        lines.append("events per cycle: " + ", ".join(f"{name} {n}" for name, n in per_cycle.items()))
    if ranges:
        lines.append("controls: " + "; ".join(f"{name} {value}" for name, value in ranges.items()))
    return EventsSummary(
        events=len(events),
        begin=begin,
        cycles=cycles,
        timeline=timeline,
        per_cycle=per_cycle,
        ranges=ranges,
        text=_clean(_bounded(lines)),
    )
