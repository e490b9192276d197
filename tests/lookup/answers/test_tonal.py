"""Tonal answers: scales, chord symbols and voicing dictionaries from tonal.json, listed and checked."""

from __future__ import annotations

import shutil

import pytest

from strudel_jupyter import StrudelIndex, strudel_knowledge
from strudel_jupyter.ask.knowledge import strudel_knowledge as ask_knowledge
from strudel_jupyter.render.response_html import render_html
from strudel_jupyter.render.response_text import render_text


@pytest.mark.parametrize("query", ["what scales are there", "list scales", "which modes", "show all scale names"])
def test_a_scale_listing_holds_every_scale_type(shared_index, query):
    # When a musician asks which scales there are
    response = strudel_knowledge(query)
    # Then every one of tonal.json's 92 scale types is an item, written as scale() reads it
    tonal = shared_index.tonal
    assert response["ok"] and response["mode"] == "list" and response["total"] == 92
    assert [i["name"] for i in response["items"]] == [s.name for s in tonal.scales]
    assert all(i["kind"] == "scale" for i in response["items"])
    pentatonic = next(i for i in response["items"] if i["name"] == "minor pentatonic")
    assert pentatonic["written"] == "minor:pentatonic"
    assert pentatonic["usage"] == 'n("0 2 4").scale("C:minor:pentatonic")'
    # and the answer names them all, for agents that read only the answer
    assert all(s.written in response["answer"] for s in tonal.scales)
    assert response["sources"] == ["tonal.json"]


def test_a_limit_cuts_the_listing_and_says_so():
    response = strudel_knowledge({"q": "list scales", "limit": 10})
    assert len(response["items"]) == 10 and response["total"] == 92
    assert any("showing 10 of 92" in n for n in response["notes"])


def test_chord_symbols_for_voicing_are_the_dictionaries(shared_index):
    tonal = shared_index.tonal
    for query in ("list chord symbols for voicing", "what chords does voicing know"):
        response = strudel_knowledge(query)
        assert response["ok"] and response["mode"] == "list"
        items = response["items"]
        # the default dictionary first, then the others, each with all its symbols
        assert [i["name"] for i in items][0] == "ireal" and items[0]["default"] is True
        assert {i["name"] for i in items} == set(tonal.voicings)
        assert all(i["symbols"] == list(tonal.voicings[i["name"]].symbols) for i in items)
        assert "m7b5" in response["answer"] and "^7" in response["answer"]


def test_a_dictionary_named_is_the_one_listed():
    response = strudel_knowledge("chord symbols of lefthand")
    assert [i["name"] for i in response["items"]] == ["lefthand"]
    assert '.dict("lefthand")' in response["answer"]


def test_chord_types_are_tonals():
    response = strudel_knowledge("what chord types are there")
    assert response["total"] == 106 and all(i["kind"] == "chord" for i in response["items"])
    half = next(i for i in response["items"] if "m7b5" in i["symbols"])
    assert half["name"] == "half-diminished" and "ireal" in half["dictionaries"]


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("is bebop a scale", "bebop"),
        ("is dorian available", "dorian"),
        ("is aeolian a scale", "minor"),  # an alias: its scale
        ("is C:minor:pentatonic a valid scale", "minor pentatonic"),
        ("does strudel have a lydian dominant scale", "lydian dominant"),
    ],
)
def test_a_real_scale_is_a_yes_with_its_name(query, name):
    response = strudel_knowledge(query)
    assert response["ok"] and response["mode"] == "detail"
    assert response["answer"].startswith("Yes:")
    assert response["items"][0]["kind"] == "scale" and response["items"][0]["name"] == name


def test_a_word_inside_scale_names_lists_them():
    # "locrian" is a scale; "harmonic" is only part of names
    response = strudel_knowledge("is harmonic a scale")
    assert response["ok"] and response["mode"] == "list"
    assert {"harmonic minor", "harmonic major"} <= {i["name"] for i in response["items"]}
    assert all("harmonic" in i["name"] for i in response["items"])


def test_an_invented_scale_is_a_no_with_real_names(shared_index):
    response = strudel_knowledge("is dorain a scale")
    assert not response["ok"] and response["reason"] == "not_found"
    assert response["suggestions"][0] == "dorian"
    assert all(shared_index.tonal.scale(s) is not None for s in response["suggestions"])
    # with a tonic, the suggestions keep it
    assert strudel_knowledge("is C:minr a scale")["suggestions"][0] == "C:minor"


def test_chord_symbol_checks(shared_index):
    yes = strudel_knowledge("is m7b5 a chord symbol")
    assert yes["ok"] and "lefthand" in yes["answer"] and "ireal" in yes["answer"]
    assert yes["items"][0]["kind"] == "chord" and yes["items"][0]["name"] == "half-diminished"
    assert strudel_knowledge("is Cm7b5 a chord")["ok"]  # a root is read off
    no = strudel_knowledge("is m7b55 a chord symbol")
    assert not no["ok"] and no["suggestions"][0] == "m7b5"
    known = set(shared_index.tonal.by_chord_symbol) | set(shared_index.tonal.symbols_of())
    assert set(no["suggestions"]) <= known


def test_voicing_dictionary_checks():
    assert strudel_knowledge("is lefthand a voicing dictionary")["ok"]
    no = strudel_knowledge("is lefthnd a voicing dictionary")
    assert not no["ok"] and no["suggestions"] == ["lefthand"]


def test_other_questions_are_not_taken():
    # the scale function itself, and names that are functions or sounds, answer as before
    assert strudel_knowledge("what does scale do")["items"][0]["name"] == "scale"
    assert strudel_knowledge("is room valid")["items"][0]["kind"] == "function"
    assert strudel_knowledge("is bd available")["items"][0]["kind"] == "sound"


def test_the_routers_agree():
    # strudel_knowledge's router in ask/ (the REST routes') answers the same
    for query in ("list scales", "is bebop a scale", "is m7b55 a chord symbol"):
        assert ask_knowledge(query) == strudel_knowledge(query)


def test_without_tonal_json_tonal_questions_say_unavailable(tmp_path, shared_snapshot_dir):
    for name in ("doc.json", "soundmap.json", "symbols.json"):
        shutil.copy(shared_snapshot_dir / name, tmp_path / name)
    bare = StrudelIndex.from_path(tmp_path)
    for query in ("list scales", "is bebop a scale", "list chord symbols for voicing"):
        response = strudel_knowledge(query, index=bare)
        assert not response["ok"] and response["reason"] == "snapshot_unavailable"
        assert "tonal.json" in response["answer"]


def test_listings_render_readably_and_bounded():
    scales = strudel_knowledge("list scales")
    text = render_text(scales)
    lines = text.splitlines()
    assert lines[0] == "list scales: 92 scales"
    assert "minor:pentatonic  (aliases: " in text and len(lines) == 93
    assert max(len(line) for line in lines) < 200
    html = render_html(scales)
    assert html.count("<tr") >= 92 and len(html) < 30_000
    voicings = render_text(strudel_knowledge("list chord symbols for voicing"))
    assert voicings.splitlines()[0] == "list chord symbols for voicing: 6 voicing dictionaries"
    assert "ireal  (voicing dictionary, 85 chord symbols, the default)" in voicings
    assert max(len(line) for line in voicings.splitlines()) <= 100
    card = render_html(strudel_knowledge("is m7b5 a chord symbol"))
    assert "half-diminished" in card and "voicing dictionaries" in card


@pytest.mark.parametrize(
    "query",
    ["is " + " " * 995 + "x", "is " + "a " * 497 + "scale", "list " + "a " * 495, "does strudel have " + "a " * 490],
)
def test_long_odd_questions_answer_without_backtracking(query):
    # Given 1,000-character questions made of runs the check readings could split many ways
    response = strudel_knowledge(query)
    # Then they are answered (a run of spaces reads as one), never an internal error
    assert response.get("reason") != "internal_error"


def test_a_listing_that_names_a_family_lists_that_family(shared_index):
    # "list pentatonic scales": the scales whose names hold the word, and only those
    response = strudel_knowledge("list pentatonic scales")
    expected = [s.name for s in shared_index.tonal.scales if "pentatonic" in s.name.split()]
    assert [i["name"] for i in response["items"]] == expected and response["total"] == len(expected)
    assert "minor pentatonic" in expected and len(expected) < 92
    # two words narrow it further
    assert [i["name"] for i in strudel_knowledge("list whole tone scales")["items"]] == [
        s.name for s in shared_index.tonal.scales if {"whole", "tone"} <= set(s.name.split())
    ]


def test_a_tonic_alone_is_not_a_scale():
    response = strudel_knowledge("is C a scale")
    assert not response["ok"] and response["suggestions"] == ["C:major", "C:minor"]
    assert "tonic" in response["answer"]


def test_questions_about_functions_stay_with_the_reference():
    for query in ("which functions work with chords", "which functions use scales", "how do I list scales"):
        response = strudel_knowledge(query)
        assert response["sources"] != ["tonal.json"], query
        assert all(i["kind"] == "function" for i in response["items"]), query
