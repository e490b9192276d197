"""Browsing the tabs (browse.py): the search box's substring filter plus a tag or category, as the REPL does."""

from __future__ import annotations

import pytest

from strudel_jupyter.lookup.browse import (
    browse_reference,
    browse_sounds,
    reference_detail,
    sound_detail,
    sound_label,
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
    assert bd is not None and bd["kind"] == "sound" and "tr909" in bd["banks_with_sound"]
    assert sound_detail("tr909", index=shared_index)["kind"] == "bank"
    assert sound_label(shared_index.sounds.entries["bd"]) == "bd(8)"
    assert sound_label(shared_index.sounds.entries["sawtooth"]) == "sawtooth"
