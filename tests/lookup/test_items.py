"""Answer items: the spec's JSON shapes, built from real entries."""

from __future__ import annotations

from strudel_jupyter.lookup.items import bank_item, function_item, sound_item
from strudel_jupyter.lookup.ranking import Hit


def test_a_function_item_says_how_it_matched_and_through_which_word(shared_index):
    lpf = shared_index.reference.by_name["lpf"]
    item = function_item(lpf, Hit("reference", "function", "lpf", "synonym", 95.0, via="cutoff"), examples=1)
    assert (item["kind"], item["name"], item["match"], item["score"], item["via"]) == (
        "function",
        "lpf",
        "synonym",
        95.0,
        "cutoff",
    )
    assert len(item["examples"]) == 1 and item["params"][0]["name"]
    listed = function_item(lpf, None, examples=0)
    assert (listed["match"], listed["score"], listed["examples"]) == ("listed", 0.0, []) and "via" not in listed


def test_a_sound_item_keeps_the_sample_index_and_alias(shared_index):
    entry = shared_index.sounds.entries["tr909_bd"]
    item = sound_item(entry, Hit("sounds", "sound", "tr909_bd", "exact", 100.0, via="tr909_bd:2"), sample_index=2)
    assert (item["sample_index"], item["alias_of"], item["via"]) == (2, "rolandtr909_bd", "tr909_bd:2")
    assert "all" not in item["categories"] and item["examples"] == [entry.usage]


def test_a_bank_item_lists_its_sounds(shared_index):
    item = bank_item(shared_index.sounds.banks["tr909"], None)
    assert (item["count"], item["alias_of"], item["match"]) == (11, "rolandtr909", "listed")
    assert item["sounds"][:3] == ["bd", "cp", "cr"]
