"""What a pattern plays, in lines a model can check: positions per cycle, densities, ranges."""

from __future__ import annotations

from fractions import Fraction

from strudel_jupyter.limits import MAX_SUMMARY_CHARS
from strudel_jupyter.render.events_text import summarize_events

from .frames import frame_of, hits, notes


def test_drums_say_positions_and_densities():
    # Given s("bd*4, hh*8") for one cycle
    summary = summarize_events(frame_of(*hits("bd", 4), *hits("hh", 8)))
    # Then the cycle's line names every bd position and the hh's even steps
    assert summary["timeline"] == ["cycle 0: bd at 0, 1/4, 1/2, 3/4; hh x8 every 1/8"]
    # and the densities say 4 bd and 8 hh per cycle
    assert summary["per_cycle"] == {"bd": "4", "hh": "8"}
    assert "events per cycle: bd 4, hh 8" in summary["text"]
    assert summary["events"] == 12


def test_cycles_that_play_the_same_are_merged_and_changes_are_shown():
    # Given bd*4 in cycles 0-2 and bd*2 in cycle 3
    frame = frame_of(
        *hits("bd", 4, cycles=3), *[(Fraction(3) + i / 2, Fraction(3) + (i + 1) / 2, {"s": "bd"}) for i in (0, 1)]
    )
    summary = summarize_events(frame, cycles=4)
    assert summary["timeline"] == ["cycles 0-2: bd at 0, 1/4, 1/2, 3/4", "cycle 3: bd at 0, 1/2"]
    assert summary["per_cycle"] == {"bd": "2-4 (mean 3.5)"}


def test_notes_are_named_chords_joined_and_the_range_given():
    chord = [(Fraction(0), Fraction(1, 2), {"s": "piano", "note": n}) for n in ("c3", "e3", "g3")]
    melody = [(Fraction(1, 2), Fraction(1), {"s": "piano", "note": "g4", "gain": 0.5})]
    summary = summarize_events(frame_of(*chord, *melody))
    assert summary["timeline"] == ["cycle 0: piano: c3+e3+g3 at 0, g4 at 1/2"]
    assert summary["ranges"]["note"] == "c3-g4 (midi 48-67)"
    assert summary["ranges"]["gain"] == "0.5"


def test_a_bank_is_part_of_the_sounds_name_and_text_controls_list_their_values():
    frame = frame_of(*hits("bd", 2, bank="RolandTR909", vowel="a"), *hits("sd", 1, vowel="o"))
    summary = summarize_events(frame)
    assert summary["timeline"] == ["cycle 0: RolandTR909_bd at 0, 1/2; sd at 0"]
    assert summary["ranges"] == {"vowel": "a, o"}


def test_silent_cycles_say_silence():
    summary = summarize_events(frame_of(*hits("bd", 1)), cycles=3)
    assert summary["timeline"] == ["cycle 0: bd at 0", "cycles 1-2: silence"]


def test_the_text_is_bounded():
    frame = frame_of(*(ev for i in range(400) for ev in hits(f"sound{i}", 3, cycles=16)))
    summary = summarize_events(frame, cycles=16)
    assert len(summary["text"]) <= MAX_SUMMARY_CHARS
    assert len(summary["per_cycle"]) == 33 and summary["per_cycle"]["(more)"] == "368 not listed"


def test_melodies_in_numbers_are_read_as_pitches():
    summary = summarize_events(frame_of(*notes([60, 62], s="sawtooth")))  # type: ignore[list-item]
    assert summary["timeline"] == ["cycle 0: sawtooth: c4 at 0, d4 at 1/2"]


def test_notes_are_named_as_written_and_numbers_as_the_code_leans():
    # Given note("eb2 bb2") and the same pitches as numbers from code written with flats
    written = summarize_events(frame_of(*notes(["eb2", "bb2"])))
    numbers = summarize_events(frame_of(*notes([39, 46])), flats=True)  # type: ignore[list-item]
    # Then both say eb2 and bb2, never d#2 / a#2
    assert written["timeline"] == ["cycle 0: (default synth): eb2 at 0, bb2 at 1/2"]
    assert written["ranges"]["note"] == "eb2-bb2 (midi 39-46)"
    assert numbers["timeline"] == written["timeline"] and numbers["ranges"] == written["ranges"]
    # and without a lean, numbers keep sharps
    assert summarize_events(frame_of(*notes([39])))["timeline"] == ["cycle 0: (default synth): d#2 at 0"]  # type: ignore[list-item]
