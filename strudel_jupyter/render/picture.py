"""What a pattern plays, as a picture: a static SVG pianoroll / punchcard of its events.

As Strudel's website draws one under its examples: time runs left to right with a line at
every cycle, each event is a box from its begin to its end, notes sit on rows by pitch
(highest on top, a pianoroll; a row is labelled as the pattern wrote its note, ``eb2`` not
``d#2``) and sounds on rows by name (a punchcard, ``bank`` prefixed).
A pattern with both has its pitch rows first, then its sound rows.

The picture is an image, so no theme's CSS reaches it: the background is transparent and
every colour reads on white and on near-black (mid-tone fills, grey lines and text). Every
text put in it is escaped, and its size is bounded (``MAX_PICTURE_ROWS``,
``MAX_PICTURE_EVENTS``, ``MAX_PICTURE_BYTES``): what it leaves out, it says in a caption.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..limits import MAX_PICTURE_BYTES, MAX_PICTURE_EVENTS, MAX_PICTURE_ROWS
from .events import Event, events_of, note_name, prefers_flats

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PICTURE_CYCLES", "SVG_MIME", "events_svg", "svg_text"]

SVG_MIME = "image/svg+xml"
#: Cycles a picture shows unless asked otherwise (the website's pictures show a few).
PICTURE_CYCLES = 4

#: Mid-tone fills that read on white and on near-black backgrounds (Tableau 10).
PALETTE = (
    "#4e79a7",
    "#f28e2b",
    "#e15759",
    "#76b7b2",
    "#59a14f",
    "#edc948",
    "#b07aa1",
    "#ff9da7",
    "#9c755f",
    "#bab0ac",
)
#: Lines and text: a grey halfway between white and black.
INK = "#8c8c8c"

_WIDTH = 560
_LABEL_WIDTH = 96
_PLOT_WIDTH = _WIDTH - _LABEL_WIDTH - 8
_TOP = 16  # the cycle numbers
_CAPTION = 16
_LABEL_CHARS = 15
_BLACK_KEYS = {1, 3, 6, 8, 10}

# XML 1.0 refuses these even as character references: they become U+FFFD.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def svg_text(value: object) -> str:
    """Text as SVG (XML) character data or an attribute value: escaped, unrepresentable characters replaced."""
    text = _NOT_XML.sub("\ufffd", str(value))
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _short(label: str) -> str:
    return label if len(label) <= _LABEL_CHARS else label[: _LABEL_CHARS - 1] + "\u2026"


def _num(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0")


@dataclass(frozen=True, slots=True)
class _Row:
    label: str
    pitch: float | None  # a pianoroll row's pitch (rounded), None for a sound row
    shaded: bool = False  # a black key's row


def _pitch_labels(events: Sequence[Event], flats_hint: bool | None) -> Callable[[int], str]:
    """A pitch row's label: the note as the pattern wrote it (its commonest spelling at that pitch),
    else a name spelled as the events' written names lean (flats or sharps; ``flats_hint`` when they
    do not say), in their case."""
    written: dict[int, Counter[str]] = {}
    for e in events:
        if e.spelling is not None and e.pitch is not None:
            written.setdefault(round(e.pitch), Counter())[e.spelling] += 1
    spellings = [name for names in written.values() for name in names.elements()]
    lean = prefers_flats(spellings)
    flats = bool(flats_hint) if lean is None else lean
    capitals = sum(name[0].isupper() for name in spellings) * 2 > len(spellings)

    def label(pitch: int) -> str:
        if pitch in written:
            return written[pitch].most_common(1)[0][0]
        name = note_name(pitch, flats=flats)
        return name[0].upper() + name[1:] if capitals else name

    return label


def _rows(events: Sequence[Event], flats: bool | None = None) -> tuple[list[_Row], int]:
    """The rows to draw (pitches high to low, then sounds in order of appearance) and how many were left out."""
    pitches = Counter(round(e.pitch) for e in events if e.pitch is not None)
    sounds = Counter(e.row_label for e in events if e.pitch is None)
    room = MAX_PICTURE_ROWS - min(len(sounds), MAX_PICTURE_ROWS // 2) if pitches else 0
    rows: list[_Row] = []
    if pitches:
        low, high = min(pitches), max(pitches)
        if high - low + 1 <= min(room, 36):  # a keyboard: every semitone between, black keys shaded
            kept = list(range(high, low - 1, -1))
        else:  # only the pitches played, the busiest when there are too many
            kept = sorted((p for p, _ in pitches.most_common(room)), reverse=True)
        label = _pitch_labels(events, flats)
        rows += [_Row(label(p), float(p), p % 12 in _BLACK_KEYS) for p in kept]
    busiest = {label for label, _ in sounds.most_common(MAX_PICTURE_ROWS - len(rows))}
    rows += [_Row(label, None) for label in sounds if label in busiest]
    pitches_drawn = {round(r.pitch) for r in rows if r.pitch is not None} & set(pitches)
    return rows, len(pitches) - len(pitches_drawn) + len(sounds) - len(busiest)


def _window(events: Sequence[Event], begin: float | None, cycles: float | None) -> tuple[float, float]:
    start = float(begin) if begin is not None else float(min((e.cycle for e in events), default=0))
    if cycles is None or cycles <= 0:
        last = max((e.end for e in events), default=start + 1)
        cycles = max(1, math.ceil(last - start - 1e-9))
    return start, float(cycles)


def _grid(start: float, cycles: float, height: float) -> list[str]:
    """A line at every cycle (numbered) and, up to 8 cycles, fainter lines at its quarters."""
    parts = []
    steps = 4 if cycles <= 8 else 1
    bottom = _TOP + height
    for i in range(int(math.ceil(cycles * steps)) + 1):
        t = i / steps
        if t > cycles + 1e-9:
            break
        x = _num(_LABEL_WIDTH + t / cycles * _PLOT_WIDTH)
        if i % steps == 0:
            parts.append(f'<line x1="{x}" y1="{_TOP - 3}" x2="{x}" y2="{_num(bottom)}" stroke-opacity="0.7"/>')
            if t < cycles:
                parts.append(f'<text x="{_num(float(x) + 3)}" y="{_TOP - 5}">{_num(start + t)}</text>')
        else:
            parts.append(f'<line x1="{x}" y1="{_TOP}" x2="{x}" y2="{_num(bottom)}" stroke-opacity="0.25"/>')
    return parts


def events_svg(
    frame: pd.DataFrame,
    *,
    begin: float | None = None,
    cycles: float | None = None,
    title: str = "What the pattern plays",
    flats: bool | None = None,
) -> str:
    """The events of ``frame`` (``strudel_events``' shape) as SVG text, over ``cycles`` from ``begin``.

    Without ``begin`` / ``cycles`` the window is the whole cycles the events touch. Events
    outside the window are left out; an event running past it is cut at its edge. A note row is
    labelled as its events wrote it; rows no event names (numbers, the keys between) are spelled
    as the written names lean, else with flats when ``flats`` (the code's names lean so), else sharps.
    """
    everything = list(events_of(frame))
    start, span = _window(everything, begin, cycles)
    stop = start + span
    shown = [
        e for e in everything if (e.end > start and e.begin < stop) or (e.begin == e.end and start <= e.begin < stop)
    ]
    rows, rows_left_out = _rows(shown, flats)
    row_of = {(r.label if r.pitch is None else r.pitch): i for i, r in enumerate(rows)}
    row_height = max(6, min(18, 320 // max(1, len(rows))))
    plot_height = max(1, len(rows)) * row_height

    colours: dict[str, str] = {}
    boxes: dict[str, list[str]] = {}
    budget = MAX_PICTURE_BYTES - 4_000 - 80 * len(rows) - 220 * (int(span) * 4 + 1)
    drawn = 0
    for event in shown:
        key: float | str = float(round(event.pitch)) if event.pitch is not None else event.row_label
        row = row_of.get(key)
        if row is None:
            continue
        if drawn >= MAX_PICTURE_EVENTS or budget <= 0:
            break
        x0 = _LABEL_WIDTH + (max(event.begin, start) - start) / span * _PLOT_WIDTH
        x1 = _LABEL_WIDTH + (min(event.end, stop) - start) / span * _PLOT_WIDTH
        width = max(1.5, x1 - x0 - 1.5)
        y = _TOP + row * row_height + 1
        colour = colours.setdefault(event.sound, PALETTE[len(colours) % len(PALETTE)])
        opacity = "" if event.level >= 1 else f' fill-opacity="{0.3 + 0.7 * event.level:.2f}"'
        box = f'<rect x="{_num(x0)}" y="{y}" width="{_num(width)}" height="{row_height - 2}"{opacity}/>'
        boxes.setdefault(colour, []).append(box)
        budget -= len(box)
        drawn += 1
    events_left_out = sum(1 for e in shown if (float(round(e.pitch)) if e.pitch is not None else e.row_label) in row_of)
    events_left_out -= drawn

    notes = []
    if not shown:
        notes.append("no events in these cycles")
    if rows_left_out:
        notes.append(f"{rows_left_out} more rows not drawn (at most {MAX_PICTURE_ROWS})")
    if events_left_out:
        notes.append(f"{events_left_out} more events not drawn")
    height = _TOP + plot_height + (_CAPTION if notes else 4)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" '
        f'viewBox="0 0 {_WIDTH} {height}" role="img" aria-label="{svg_text(title)}" '
        'font-family="sans-serif" font-size="11" class="strudel-picture">',
        f"<title>{svg_text(title)}</title>",
    ]
    shading = [
        f'<rect x="{_LABEL_WIDTH}" y="{_TOP + i * row_height}" width="{_PLOT_WIDTH}" height="{row_height}"/>'
        for i, r in enumerate(rows)
        if r.shaded
    ]
    if shading:
        parts.append(f'<g fill="{INK}" fill-opacity="0.12">{"".join(shading)}</g>')
    parts.append(f'<g stroke="{INK}" fill="{INK}" stroke-width="1">{"".join(_grid(start, span, plot_height))}</g>')
    if any(r.pitch is not None for r in rows) and any(r.pitch is None for r in rows):
        y = _TOP + sum(1 for r in rows if r.pitch is not None) * row_height
        parts.append(f'<line x1="0" y1="{y}" x2="{_WIDTH}" y2="{y}" stroke="{INK}" stroke-opacity="0.7"/>')
    font = min(11, row_height - 1)
    labels = "".join(
        f'<text x="{_LABEL_WIDTH - 4}" y="{_TOP + i * row_height + row_height / 2:.1f}">{svg_text(_short(r.label))}</text>'
        for i, r in enumerate(rows)
    )
    parts.append(f'<g fill="{INK}" font-size="{font}" text-anchor="end" dominant-baseline="central">{labels}</g>')
    for colour, rects in boxes.items():
        parts.append(f'<g fill="{colour}">{"".join(rects)}</g>')
    if notes:
        parts.append(f'<text x="4" y="{height - 4}" fill="{INK}">{svg_text("; ".join(notes))}</text>')
    parts.append("</svg>")
    return "".join(parts)
