"""The picture of what a pattern plays: rows by sound and by pitch, a grid per cycle, escaped, bounded."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strudel_jupyter.limits import MAX_PICTURE_BYTES, MAX_PICTURE_EVENTS, MAX_PICTURE_ROWS, MAX_SUMMARY_CHARS
from strudel_jupyter.render.events import code_prefers_flats
from strudel_jupyter.render.events_text import summarize_events
from strudel_jupyter.render.picture import INK, PALETTE, events_svg

from .frames import frame_of, hits, notes

SVG = "{http://www.w3.org/2000/svg}"


def _tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # well-formed XML or it raises


def _row_labels(svg: str) -> list[str]:
    root = _tree(svg)
    groups = [g for g in root.iter(f"{SVG}g") if g.get("text-anchor") == "end"]
    return [t.text or "" for g in groups for t in g.iter(f"{SVG}text")]


def _boxes(svg: str) -> dict[str, list[ET.Element]]:
    """Event boxes by fill colour (the palette's groups)."""
    root = _tree(svg)
    return {g.get("fill"): list(g.iter(f"{SVG}rect")) for g in root.iter(f"{SVG}g") if g.get("fill") in PALETTE}


def test_drums_get_one_row_per_sound_and_one_box_per_hit():
    # Given the events of s("bd*4, hh*8") for one cycle
    frame = frame_of(*hits("bd", 4), *hits("hh", 8))
    # When it is drawn
    svg = events_svg(frame)
    # Then there is a row per sound, in order of appearance, with 4 and 8 boxes of one colour each
    assert _row_labels(svg) == ["bd", "hh"]
    counts = sorted(len(rects) for rects in _boxes(svg).values())
    assert counts == [4, 8]
    # and every bd box sits on the first row, above every hh box
    bd, hh = (sorted(rects, key=lambda r: float(r.get("x"))) for rects in _boxes(svg).values())
    assert {r.get("y") for r in bd} != {r.get("y") for r in hh}
    # and the boxes run from begin to end: the 4 bd boxes start a quarter of the plot apart
    xs = [float(r.get("x")) for r in bd]
    assert xs[1] - xs[0] == pytest.approx(xs[2] - xs[1], abs=0.2) and xs[0] < xs[1]


def test_a_bank_is_prefixed_to_its_sounds_row():
    frame = frame_of(*hits("bd", 2, bank="RolandTR909"), *hits("bd", 1))
    assert _row_labels(events_svg(frame)) == ["RolandTR909_bd", "bd"]


def test_a_sample_index_gets_its_own_row():
    frame = frame_of(*hits("bd", 2, n=0), *hits("bd", 2, n=3))
    assert _row_labels(events_svg(frame)) == ["bd", "bd:3"]


def test_notes_are_rows_by_pitch_high_to_low_names_and_numbers_alike():
    # Given note("c4 e4 g4") written as names, and the same notes as MIDI numbers
    names = frame_of(*notes(["c4", "e4", "g4"]))
    numbers = frame_of(*notes([60, 64, 67]))  # type: ignore[list-item]
    # When both are drawn
    svg_names, svg_numbers = events_svg(names), events_svg(numbers)
    # Then both are the same pianoroll: every semitone from g4 down to c4, the played ones boxed
    assert _row_labels(svg_names) == ["g4", "f#4", "f4", "e4", "d#4", "d4", "c#4", "c4"]
    assert _row_labels(svg_numbers) == _row_labels(svg_names)
    assert sum(len(r) for r in _boxes(svg_names).values()) == 3
    # and c4's box is on the bottom row, g4's on the top one
    rects = sorted(next(iter(_boxes(svg_names).values())), key=lambda r: float(r.get("x")))
    assert float(rects[0].get("y")) > float(rects[1].get("y")) > float(rects[2].get("y"))


def test_a_melody_with_drums_has_pitch_rows_then_sound_rows():
    frame = frame_of(*notes(["a3", "c4"], s="piano"), *hits("hh", 4))
    labels = _row_labels(events_svg(frame))
    assert labels[0] == "c4" and labels[-2:] == ["a3", "hh"]


def test_flats_sharps_and_default_octave_read_as_strudel_reads_them():
    frame = frame_of(*notes(["eb3", "d#3", "ds3", "e"]))
    labels = _row_labels(events_svg(frame))
    # eb3 = d#3 = ds3: one row, named as it was first written; a bare "e" is in octave 3
    assert labels == ["e3", "eb3"]


# ------------------------------------------------------------------ note names as written (issue 22)
def test_a_note_written_with_a_flat_is_labelled_with_its_flat():
    # Given note("eb2") (and the same pitch in the other flat spelling Strudel reads)
    for written in ("eb2", "ef2"):
        # When it is drawn, then its row says it as written, not d#2
        assert _row_labels(events_svg(frame_of(*notes([written])))) == [written]


def test_the_keys_between_written_flats_are_spelled_with_flats_too():
    # Given note("eb2 c3 bb2"): every semitone from c3 down to eb2 is a row
    labels = _row_labels(events_svg(frame_of(*notes(["eb2", "c3", "bb2"]))))
    # Then the written ones say their names and the keys between lean to flats as the pattern does
    assert labels == ["c3", "b2", "bb2", "a2", "ab2", "g2", "gb2", "f2", "e2", "eb2"]
    # while a pattern written in sharps keeps sharps
    assert _row_labels(events_svg(frame_of(*notes(["d#2", "f#2"])))) == ["f#2", "f2", "e2", "d#2"]


def test_scale_notes_keep_the_scales_spelling_and_case():
    # Given what n("0 2 4").scale("Eb:major") plays: tonal's names, capitalised
    labels = _row_labels(events_svg(frame_of(*notes(["Eb3", "G3", "Bb3"]))))
    assert labels == ["Bb3", "A3", "Ab3", "G3", "Gb3", "F3", "E3", "Eb3"]


def test_a_pitch_written_two_ways_takes_its_commoner_spelling():
    labels = _row_labels(events_svg(frame_of(*notes(["c#3", "db3", "db3", "d3"]))))
    assert labels == ["d3", "db3"]


def test_numbers_are_spelled_with_sharps_unless_the_code_leans_to_flats():
    # Given MIDI numbers only (note("eb2").add(note(12)) plays 51): no event says how to spell them
    frame = frame_of(*notes([51, 53]))  # type: ignore[list-item]
    # Then sharps by default, flats when the code's written names lean to flats
    assert _row_labels(events_svg(frame)) == ["f3", "e3", "d#3"]
    assert _row_labels(events_svg(frame, flats=True)) == ["f3", "e3", "eb3"]
    # and names the events wrote win over the hint
    assert _row_labels(events_svg(frame_of(*notes(["d#3", "f3"])), flats=True)) == ["f3", "e3", "d#3"]


@pytest.mark.parametrize(
    ("code", "lean"),
    [
        ('note("eb2").add(note(12))', True),
        ('chord("<Bb Eb>").voicing()', True),
        ('n("0 2").scale("Eb:minor")', True),
        ('note("c#3 f#3 bb3")', False),
        ('note("f#")', False),
        ('s("cb bd ab")', None),  # the cowbell is no c flat: a lowercase flat needs its octave
        ('note("c3 e3")', None),
        ("// Abstract", None),
    ],
)
def test_the_codes_written_notes_say_how_to_lean(code, lean):
    assert code_prefers_flats(code) is lean


@pytest.mark.parametrize("cycles", [1, 3, 8])
def test_the_grid_has_a_numbered_line_per_cycle(cycles):
    # Given two cycles of events, drawn over `cycles` cycles from cycle 0
    svg = events_svg(frame_of(*hits("bd", 4, cycles=2)), begin=0, cycles=cycles)
    root = _tree(svg)
    grid = next(g for g in root.iter(f"{SVG}g") if g.get("stroke") == INK)
    # Then there is a strong line at every cycle boundary, each cycle numbered
    strong = [line for line in grid.iter(f"{SVG}line") if line.get("stroke-opacity") == "0.7"]
    assert len(strong) == cycles + 1
    assert [t.text for t in grid.iter(f"{SVG}text")] == [str(c) for c in range(cycles)]
    # and boxes only for the events inside the window
    assert sum(len(r) for r in _boxes(svg).values()) == 4 * min(cycles, 2)


def test_the_window_starts_where_asked():
    svg = events_svg(frame_of(*hits("bd", 1, cycles=4)), begin=2, cycles=2)
    grid = next(g for g in _tree(svg).iter(f"{SVG}g") if g.get("stroke") == INK)
    assert [t.text for t in grid.iter(f"{SVG}text")] == ["2", "3"]
    assert sum(len(r) for r in _boxes(svg).values()) == 2


def test_the_background_is_transparent_and_colours_read_on_light_and_dark():
    svg = events_svg(frame_of(*hits("bd", 4), *notes(["c3", "g3"])))
    root = _tree(svg)
    # no element paints the whole picture (the notebook's own background shows through)
    width = root.get("width")
    assert not [r for r in root.iter(f"{SVG}rect") if r.get("width") == width]
    # and every colour is a mid-tone: neither near white nor near black
    colours = {el.get(a) for el in root.iter() for a in ("fill", "stroke") if el.get(a)}
    for colour in colours:
        red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
        assert 60 < luminance < 215, colour


def test_every_text_is_escaped():
    # Given sound names and a title that are markup, entities, quotes, control characters, a lone surrogate
    hostile = ["<script>alert(1)</script>", 'a&b"c', "x\x00y\x1b", "bad\ud800"]
    frame = frame_of(*(ev for name in hostile for ev in hits(name, 1)))
    svg = events_svg(frame, title='</title><script>"')
    # Then the SVG is well-formed XML (it parses) with no element but its own
    root = _tree(svg)
    assert {el.tag.removeprefix(SVG) for el in root.iter()} <= {"svg", "title", "g", "rect", "line", "text"}
    assert "<script" not in svg
    # and the labels read as the text they were (control characters and the surrogate replaced)
    labels = _row_labels(svg)
    assert labels[1] == 'a&b"c' and labels[0].startswith("<script>")
    assert labels[2] == "x\ufffdy\ufffd" and labels[3] == "bad\ufffd"
    svg.encode("utf-8")  # no surrogate left to refuse


def test_rows_are_capped_and_the_picture_says_so():
    frame = frame_of(*(ev for i in range(MAX_PICTURE_ROWS + 30) for ev in hits(f"sound{i}", 1)))
    svg = events_svg(frame)
    assert len(_row_labels(svg)) == MAX_PICTURE_ROWS
    assert "30 more rows not drawn" in svg


def test_events_are_capped_and_the_picture_says_so():
    frame = frame_of(*hits("hh", 1000, cycles=3))
    svg = events_svg(frame)
    assert sum(len(r) for r in _boxes(svg).values()) == MAX_PICTURE_EVENTS
    assert f"{3000 - MAX_PICTURE_EVENTS} more events not drawn" in svg


def test_the_worst_case_stays_under_the_byte_cap():
    # Given as many rows as allowed, each with a long name, and far more events than allowed, over 16 cycles
    names = [f"{'x' * 200}{i}" for i in range(MAX_PICTURE_ROWS * 2)]
    frame = frame_of(*(ev for name in names for ev in hits(name, 40, cycles=16)))
    svg = events_svg(frame, title="t" * 10_000)
    assert len(svg.encode("utf-8")) <= MAX_PICTURE_BYTES
    _tree(svg)


def test_no_events_still_draw_a_grid_and_say_so():
    svg = events_svg(frame_of(), begin=0, cycles=2)
    assert "no events in these cycles" in svg
    _tree(svg)


def test_gain_fades_a_box():
    frame = frame_of(
        (Fraction(0), Fraction(1, 2), {"s": "bd", "gain": 0.2}), (Fraction(1, 2), Fraction(1), {"s": "bd"})
    )
    rects = sorted(next(iter(_boxes(events_svg(frame)).values())), key=lambda r: float(r.get("x")))
    assert float(rects[0].get("fill-opacity")) < 0.6 and rects[1].get("fill-opacity") is None


# ---------------------------------------------------------------- any frame at all

_VALUES = st.one_of(
    st.none(),
    st.text(max_size=30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.booleans(),
)


@st.composite
def _events(draw):
    begin = draw(st.fractions(min_value=-2, max_value=20, max_denominator=64))
    length = draw(st.fractions(min_value=0, max_value=4, max_denominator=64))
    controls = draw(
        st.dictionaries(st.sampled_from(["s", "n", "note", "bank", "gain", "value", "freq", "vowel"]), _VALUES)
    )
    return (begin, begin + length, controls)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_events(), max_size=40), st.one_of(st.none(), st.integers(min_value=1, max_value=16)))
def test_any_frame_draws_as_well_formed_bounded_svg_and_a_bounded_summary(events, cycles):
    # Given any events frame (any text, numbers, NaN, infinities, booleans in any control)
    frame = frame_of(*events)
    # When it is drawn and summarised, nothing raises
    svg = events_svg(frame, begin=0 if cycles else None, cycles=cycles)
    summary = summarize_events(frame, begin=0, cycles=cycles or 1)
    # Then the picture is well-formed XML of our own elements, within the byte cap
    root = _tree(svg)
    assert {el.tag.removeprefix(SVG) for el in root.iter()} <= {"svg", "title", "g", "rect", "line", "text"}
    assert len(svg.encode("utf-8")) <= MAX_PICTURE_BYTES
    # and the summary is text within its cap that any JSON or MCP client takes (no lone surrogates)
    assert len(summary["text"]) <= MAX_SUMMARY_CHARS
    for text in [summary["text"], *summary["timeline"], *summary["per_cycle"], *summary["ranges"].values()]:
        text.encode("utf-8")
