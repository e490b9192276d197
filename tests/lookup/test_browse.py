"""Browsing the tabs (browse.py): the search box's substring filter plus a tag or category, as the REPL does."""

from __future__ import annotations

import pytest

from strudel_jupyter.lookup.browse import (
    browse_reference,
    browse_sounds,
    detail_code,
    reference_detail,
    reference_status,
    sound_detail,
    sound_label,
    sounds_status,
)


@pytest.mark.parametrize(
    ("search", "tag", "expected"),
    [
        ("CUTOFF", "all", ["hpf", "lpf"]),  # case-insensitive, shown synonyms count (hcutoff, cutoff)
        ("lpf", "filter", ["lpf"]),
    ],
)
def test_reference_search_box_and_tag(shared_index, search, tag, expected):
    assert [e.name for e in browse_reference(search, tag, index=shared_index).entries] == expected


def test_a_tag_alone_lists_what_the_tag_row_counts(shared_index):
    result = browse_reference("", "filter", index=shared_index)
    assert result.total == result.tag_counts["filter"] == 46 and result.suggestions == []


def test_no_match_offers_real_names(shared_index):
    result = browse_reference("lpff", index=shared_index)
    assert (result.total, result.suggestions) == (0, ["lpf"])
    sounds = browse_sounds("pianno", index=shared_index)
    assert sounds.total == 0 and sounds.suggestions[0] == "piano"


def test_sound_counts_per_category_follow_the_search(shared_index):
    result = browse_sounds("bd", "drum-machines", index=shared_index)
    assert result.total == result.matching_counts["drum-machines"] == 134
    assert result.matching_counts["all"] == 135 and result.category_counts["all"] == 1654


@pytest.mark.parametrize(
    "call", [lambda i: browse_reference("", "nope", index=i), lambda i: browse_sounds("", "nope", index=i)]
)
def test_an_unknown_filter_is_a_value_error(shared_index, call):
    with pytest.raises(ValueError, match="unknown"):
        call(shared_index)


def test_details_and_labels(shared_index):
    fast = reference_detail("fast", index=shared_index)
    assert fast is not None and fast["name"] == "fast" and fast["match"] == "listed"
    assert reference_detail("fats", index=shared_index) is None
    bd = sound_detail("bd", index=shared_index)
    assert bd is not None and bd["kind"] == "sound" and "RolandTR909" in bd["banks_with_sound"]
    assert sound_detail("tr909", index=shared_index)["kind"] == "bank"
    assert sound_label(shared_index.sounds.entries["bd"]) == "bd(8)"
    assert sound_label(shared_index.sounds.entries["sawtooth"]) == "sawtooth"


def test_banks_with_a_sound_are_drum_machines_each_once(shared_index):
    # bd: every drum machine with a bd, once (BossDR110, not also its alias dr110)
    banks = sound_detail("bd", index=shared_index)["banks_with_sound"]
    assert "BossDR110" in banks and "dr110" not in banks and len(banks) == len(set(banks)) == 69
    # piano: gm + piano is gm_piano, another instrument, not a piano bank
    assert sound_detail("piano", index=shared_index)["banks_with_sound"] == []


def test_status_lines_and_details_are_worded_once(shared_index):
    tagged = browse_reference("", "filter", index=shared_index)
    assert reference_status(tagged) == "46 functions tagged filter; details of the first 30"
    assert tagged.details == [e.name for e in tagged.entries[:30]]
    missing = browse_reference("rooom", index=shared_index)
    assert reference_status(missing) == "No function contains “rooom”. Closest:" and missing.details == ["room"]
    assert browse_reference(index=shared_index).details == []  # nothing asked: the user picks
    kik = browse_sounds("kik", "synths", index=shared_index)
    assert sounds_status(kik).startswith("No sound in synths contains “kik”.")
    assert browse_sounds("bd", index=shared_index).details == ["bd"]
    assert sounds_status(browse_sounds("", "user", index=shared_index)).startswith("No user sounds yet")


def test_the_code_a_detail_offers_to_insert_or_copy(shared_index):
    # Each example of a function, labelled as the sidebar's buttons are
    room = reference_detail("room", index=shared_index)
    assert detail_code(room) == [(f"example {i} of room", code) for i, code in enumerate(room["examples"], 1)]
    # A sound's snippet, then its usage when that says more; a noise has only its snippet
    assert detail_code(sound_detail("rolandtr909_bd", index=shared_index)) == [
        ('s("rolandtr909_bd")', 's("rolandtr909_bd")'),
        ("usage of rolandtr909_bd", 's("bd").bank("RolandTR909")'),
    ]
    assert [code for _label, code in detail_code(sound_detail("sine", index=shared_index))] == [
        's("sine")',
        'note("c e g").s("sine")',
    ]
    assert detail_code(sound_detail("pink", index=shared_index)) == [('s("pink")', 's("pink")')]
    # A bank's usage
    assert detail_code(sound_detail("tr909", index=shared_index)) == [
        ("usage of bank tr909", 's("bd cp").bank("tr909")')
    ]
