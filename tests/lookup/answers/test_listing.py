"""Listing answers: categories, tags, families and banks, counted and ordered as the REPL tabs do."""

from __future__ import annotations

import re

import pytest

from strudel_jupyter import strudel_knowledge


def test_family_listing():
    response = strudel_knowledge("show euclid-related functions")
    names = [i["name"] for i in response["items"]]
    assert response["mode"] == "list" and names[0] == "euclid"
    assert {"euclidRot", "euclidLegato", "euclidLegatoRot", "euclidish"} <= set(names)
    assert all(len(i["examples"]) <= 1 for i in response["items"])


def test_tag_listing_counts_like_the_repl(shared_index):
    response = strudel_knowledge("list filter functions")
    assert response["mode"] == "list" and response["total"] == shared_index.reference.tag_counts["filter"] == 46
    assert strudel_knowledge("tag:temporal")["total"] == 94


@pytest.mark.parametrize(
    ("query", "category", "count"),
    [
        ("list synths", "synths", 150),
        ("sounds:drum-machines", "drum-machines", 1357),
        ("list wavetables", "wavetables", 7),
        ("list samples", "samples", 139),
        ("all sounds", "all", 1654),
    ],
)
def test_category_listing_uses_the_repl_categories(query, category, count):
    response = strudel_knowledge(query)
    assert (response["domain"], response["mode"], response["total"]) == ("sounds", "list", count)
    assert all(category in i["categories"] or category == "all" for i in response["items"])


def test_empty_user_category_is_ok_with_a_note():
    response = strudel_knowledge("list user sounds")
    assert response["ok"] is True and response["items"] == [] and response["total"] == 0
    assert any("register_sounds" in n for n in response["notes"])


def test_listing_puts_the_named_examples_first():
    response = strudel_knowledge("list drum-machine sounds like bd sd hh")
    assert [i["name"] for i in response["items"][:3]] == ["bd", "sd", "hh"]


def test_banks_are_first_class():
    bank = strudel_knowledge("what's in RolandTR909")
    assert bank["items"][0]["kind"] == "bank" and bank["items"][0]["aliases"] == ["tr909"]
    assert "rolandtr909_bd" in [i["name"] for i in bank["items"]]
    alias = strudel_knowledge("is tr909 valid")
    assert alias["ok"] and alias["items"][0]["kind"] == "bank" and alias["items"][0]["alias_of"] == "rolandtr909"
    having = strudel_knowledge("which banks have a rim")
    assert having["mode"] == "list" and "rolandtr909" in [i["name"] for i in having["items"]]
    assert not any("alias_of" in i for i in having["items"])  # aliases (tr909) are not repeated


def test_synths_list_in_the_tabs_order_plain_synths_first(shared_index):
    # Given the REPL's rule: the tab sorts names with localeCompare, where "_" comes before letters
    names = [i["name"] for i in strudel_knowledge("list synths", limit=50)["items"]]
    plain = [n for n in names if shared_index.sounds.get(n).type == "synth"]
    # Then the plain synths are listed in the tab's order (z_noise ... z_triangle before zzfx),
    # soundfonts after them, each in the tab's order too
    tab = [e.name for e in shared_index.sounds.in_category("synths")]
    assert plain == [n for n in tab if n in plain] and len(plain) == 25
    assert plain[-7:] == ["z_noise", "z_sawtooth", "z_sine", "z_square", "z_tan", "z_triangle", "zzfx"]
    assert names[len(plain)] == "gm_accordion" and names[len(plain) :] == [n for n in tab if n.startswith("gm_")][:25]
    # and the drum kits still put sounds outside banks (bd) before the kits' members
    drums = [i["name"] for i in strudel_knowledge("list drum-machine sounds")["items"]]
    assert drums[0] == "bd" and "rolandtr909_bd" not in drums


_LISTED = re.compile(r"\b(\d+) [^:]*: (.+?)(?: and (\d+) more)?\.(?: |$)")


@pytest.mark.parametrize(
    "query",
    [
        "list synths",
        "list samples",
        "list wavetables",
        "all sounds",
        "list soundfonts",
        "list drum-machine sounds like bd sd hh",
        "list filter functions",
        "show euclid-related functions",
        "what's in RolandTR909",
        "list banks",
        "which banks have a rim",
    ],
)
def test_the_listing_sentence_adds_up_to_its_total(query):
    # When a listing names some members and says how many more there are
    response = strudel_knowledge(query)
    found = _LISTED.search(response["answer"])
    assert found, response["answer"]
    total, names, more = int(found[1]), found[2].split(", "), int(found[3] or 0)
    # Then the names shown and the "N more" add up to the total it states, which is the response's
    assert len(names) + more == total == response["total"], response["answer"]
