"""Tonal answers: scales, chord symbols and voicing dictionaries from tonal.json, listed and checked.

Items hold only the spec's kinds (the functions that read the names: scale, chord, voicing,
dictionary); the names themselves are in the response's ``tonal`` field.
"""

from __future__ import annotations

import shutil

import pytest

from strudel_jupyter import StrudelIndex, strudel_knowledge
from strudel_jupyter.ask.knowledge import strudel_knowledge as ask_knowledge
from strudel_jupyter.devtools.evaluation import known_names
from strudel_jupyter.limits import MAX_TONAL_NAMES
from strudel_jupyter.render.response_html import render_html
from strudel_jupyter.render.response_text import render_text


@pytest.mark.parametrize("query", ["what scales are there", "list scales", "which modes", "show all scale names"])
def test_a_scale_listing_holds_every_scale_type(shared_index, query):
    # When a musician asks which scales there are
    response = strudel_knowledge(query)
    # Then the item is the scale function, with an example, and nothing but real function names
    tonal = shared_index.tonal
    assert response["ok"] and response["mode"] == "list"
    assert [(i["kind"], i["name"]) for i in response["items"]] == [("function", "scale")]
    assert len(response["items"][0]["examples"]) == 1
    # and every one of tonal.json's 92 scale types is in the tonal field, written as scale() reads it
    field = response["tonal"]
    assert field["what"] == "scales" and field["found"] and field["total"] == 92
    assert field["names"] == [s.name for s in tonal.scales] == [e["name"] for e in field["entries"]]
    assert all(e["kind"] == "scale" for e in field["entries"])
    pentatonic = next(e for e in field["entries"] if e["name"] == "minor pentatonic")
    assert pentatonic["written"] == "minor:pentatonic"
    assert pentatonic["usage"] == 'n("0 2 4").scale("C:minor:pentatonic")'
    # and the answer names them all, for agents that read only the answer
    assert all(s.written in response["answer"] for s in tonal.scales)
    assert response["sources"] == ["tonal.json", "doc.json"]


def test_a_limit_cuts_the_listing_and_says_so():
    response = strudel_knowledge({"q": "list scales", "limit": 10})
    assert len(response["tonal"]["names"]) == 10 and response["tonal"]["total"] == 92
    assert any("showing 10 of 92" in n for n in response["notes"])


def test_chord_symbols_for_voicing_are_the_dictionaries(shared_index):
    tonal = shared_index.tonal
    for query in ("list chord symbols for voicing", "what chords does voicing know"):
        response = strudel_knowledge(query)
        assert response["ok"] and response["mode"] == "list"
        # the functions that read chord symbols and dictionaries are the items, voicing first
        assert [i["name"] for i in response["items"]] == ["voicing", "chord", "dictionary"]
        entries = response["tonal"]["entries"]
        assert response["tonal"]["what"] == "voicing dictionaries"
        # the default dictionary first, then the others, each with all its symbols
        assert [e["name"] for e in entries][0] == "ireal" and entries[0]["default"] is True
        assert {e["name"] for e in entries} == set(tonal.voicings)
        assert all(e["symbols"] == list(tonal.voicings[e["name"]].symbols) for e in entries)
        assert "m7b5" in response["answer"] and "^7" in response["answer"]


def test_a_dictionary_named_is_the_one_listed():
    response = strudel_knowledge("chord symbols of lefthand")
    assert response["tonal"]["names"] == ["lefthand"]
    assert '.dict("lefthand")' in response["answer"]


def test_chord_types_are_tonals():
    response = strudel_knowledge("what chord types are there")
    assert [i["name"] for i in response["items"]] == ["chord", "voicing"]
    field = response["tonal"]
    assert field["total"] == 106 and all(e["kind"] == "chord" for e in field["entries"])
    half = next(e for e in field["entries"] if "m7b5" in e["symbols"])
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
    assert response["answer"].startswith("Yes:") and name in response["answer"]
    # the scale function first, with its examples; the scale's tonal name in the tonal field
    first = response["items"][0]
    assert first["kind"] == "function" and first["name"] == "scale" and len(first["examples"]) == 2
    assert response["tonal"]["names"] == [name] and response["tonal"]["found"]


def test_is_dorian_a_scale_says_how_to_write_it():
    response = strudel_knowledge("is dorian a scale")
    assert [i["name"] for i in response["items"]] == ["scale"]
    assert 'scale("C:dorian")' in response["answer"]


def test_a_word_inside_scale_names_lists_them():
    # "locrian" is a scale; "harmonic" is only part of names
    response = strudel_knowledge("is harmonic a scale")
    assert response["ok"] and response["mode"] == "list"
    names = response["tonal"]["names"]
    assert {"harmonic minor", "harmonic major"} <= set(names)
    assert all("harmonic" in n for n in names)


def test_an_invented_scale_is_a_no_with_real_names(shared_index):
    response = strudel_knowledge("is dorain a scale")
    assert not response["ok"] and response["reason"] == "not_found"
    # the closest real scales are in the tonal field and the answer; suggestions hold only
    # function, sound and bank names, so none here
    assert response["suggestions"] == [] and response["items"] == []
    assert response["tonal"]["names"][0] == "dorian" and not response["tonal"]["found"]
    assert all(shared_index.tonal.scale(s) is not None for s in response["tonal"]["names"])
    assert "Closest scales: dorian" in response["answer"]
    # with a tonic, the answer keeps it
    assert "Closest scales: C:minor" in strudel_knowledge("is C:minr a scale")["answer"]


def test_is_byzantine_a_scale_is_a_no(shared_index):
    response = strudel_knowledge("is byzantine a scale")
    assert not response["ok"] and response["reason"] == "not_found"
    assert response["suggestions"] == []
    assert all(shared_index.tonal.scale(n) is not None for n in response["tonal"]["names"])


@pytest.mark.parametrize(
    "query",
    [
        "list scales",
        "is dorian a scale",
        "is byzantine a scale",
        "is C a scale",
        "is harmonic a scale",
        "list chord symbols for voicing",
        "what chord types are there",
        "is m7b5 a chord symbol",
        "is m7b55 a chord symbol",
        "is lefthnd a voicing dictionary",
        "turn chord symbols into notes",
    ],
)
def test_tonal_answers_name_only_real_functions_sounds_and_banks(shared_index, query):
    # Given the eval's contract: every item name and suggestion is a function, sound or bank
    names = known_names(shared_index)
    response = strudel_knowledge(query)
    # Then a tonal answer keeps its items and suggestions to those (the tonal names are elsewhere)
    assert all(i["name"].lower() in names for i in response.get("items") or []), query
    assert all(s.split(":")[0].lower() in names for s in response["suggestions"] or []) if not response["ok"] else True


def test_chord_symbol_checks(shared_index):
    yes = strudel_knowledge("is m7b5 a chord symbol")
    assert yes["ok"] and "lefthand" in yes["answer"] and "ireal" in yes["answer"]
    assert [i["name"] for i in yes["items"]] == ["chord", "voicing"]
    assert yes["tonal"]["entries"][0]["kind"] == "chord" and yes["tonal"]["names"][0] == "half-diminished"
    assert strudel_knowledge("is Cm7b5 a chord")["ok"]  # a root is read off
    no = strudel_knowledge("is m7b55 a chord symbol")
    assert not no["ok"] and no["suggestions"] == []
    assert "Closest chord symbols: m7b5" in no["answer"]
    assert no["tonal"]["names"][0] == "half-diminished"  # the chord type m7b5 spells
    known = set(shared_index.tonal.by_chord_symbol) | set(shared_index.tonal.symbols_of())
    assert {s for e in no["tonal"]["entries"] for s in e["symbols"]} <= known


def test_voicing_dictionary_checks():
    yes = strudel_knowledge("is lefthand a voicing dictionary")
    assert yes["ok"] and [i["name"] for i in yes["items"]] == ["voicing", "dictionary"]
    assert yes["tonal"] == {
        "what": "voicing dictionaries",
        "found": True,
        "names": ["lefthand"],
        "total": 1,
        "entries": yes["tonal"]["entries"],
    }
    assert '.dict("lefthand")' in yes["answer"]
    no = strudel_knowledge("is lefthnd a voicing dictionary")
    assert not no["ok"] and no["suggestions"] == [] and no["tonal"]["names"] == ["lefthand"]


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
    # a line a scale, then the function that reads them
    assert "minor:pentatonic  (aliases: " in text and lines[93:95] == ["functions that read them:", lines[94]]
    assert lines[94].split()[0] == "scale"
    assert max(len(line) for line in lines) < 200
    html = render_html(scales)
    assert html.count("<tr") >= 93 and len(html) < 30_000 and "Functions that read them" in html
    voicings = render_text(strudel_knowledge("list chord symbols for voicing"))
    assert voicings.splitlines()[0] == "list chord symbols for voicing: 6 voicing dictionaries"
    assert "ireal  (voicing dictionary, 85 chord symbols, the default)" in voicings
    assert max(len(line) for line in voicings.splitlines()) <= 100
    card = render_html(strudel_knowledge("is m7b5 a chord symbol"))
    assert "half-diminished" in card and "voicing dictionaries" in card
    # a no shows the closest real names, in text and HTML
    no = strudel_knowledge("is dorain a scale")
    assert "closest:" in render_text(no) and "  dorian  (" in render_text(no)
    assert "Closest:" in render_html(no) and "dorian" in render_html(no)


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
    assert response["tonal"]["names"] == expected and response["tonal"]["total"] == len(expected)
    assert "minor pentatonic" in expected and len(expected) < 92
    # two words narrow it further
    assert strudel_knowledge("list whole tone scales")["tonal"]["names"] == [
        s.name for s in shared_index.tonal.scales if {"whole", "tone"} <= set(s.name.split())
    ]


def test_a_tonic_alone_is_not_a_scale():
    response = strudel_knowledge("is C a scale")
    assert not response["ok"] and response["suggestions"] == []
    assert response["tonal"]["names"] == ["major", "minor"]
    assert "tonic" in response["answer"] and "C:major, C:minor" in response["answer"]


def test_questions_about_functions_stay_with_the_reference():
    for query in (
        "which functions work with chords",
        "which functions use scales",
        "how do I list scales",
        "turn chord symbols into notes",
        "convert chord symbols to voicings",
    ):
        response = strudel_knowledge(query)
        assert "tonal" not in response and "tonal.json" not in response["sources"], query
        assert all(i["kind"] == "function" for i in response["items"]), query
    # and the reference answers it with the functions that do it
    assert strudel_knowledge("turn chord symbols into notes")["items"][0]["name"] in {"voicing", "voicings", "chord"}


def test_the_tonal_field_is_bounded(shared_index):
    # Given the bound on names in one answer, Then a listing never goes past it
    assert len(strudel_knowledge("what chord types are there")["tonal"]["names"]) <= MAX_TONAL_NAMES
    assert len(shared_index.tonal.chords) <= MAX_TONAL_NAMES  # today's snapshot fits whole


def test_can_i_use_a_scale_is_a_check(shared_index):
    # Given a musician asking whether a scale can be used, When tonal.json has it, Then yes with it
    response = strudel_knowledge("can I use the hirajoshi scale")
    assert response["ok"] and response["items"][0]["name"] == "scale"
    assert response["tonal"]["found"] and response["tonal"]["names"] == ["hirajoshi"]
    # When it is said to be a scale but tonal.json has none by that name, Then a no with real names
    response = strudel_knowledge("is there a klezmer scale")
    assert not response["ok"] and response["reason"] == "not_found"
    assert response["tonal"]["found"] is False
    assert set(response["tonal"]["names"]) <= {s.name for s in shared_index.tonal.scales}
    # and "can I use" about a sound stays the sounds' question
    assert strudel_knowledge("can I use the vibraphone")["items"][0]["kind"] != "function"


def test_changing_the_dictionary_is_about_the_function():
    # Given a question about switching dictionaries, Then it is not a listing of them
    response = strudel_knowledge("switch which chord dictionary the voicings use")
    assert "tonal" not in response
    assert response["items"][0]["name"] == "dictionary"


def test_a_chord_type_named_in_words_is_a_chord(shared_index):
    # Given chord types tonal.json names in words, When a musician asks about one by its name
    half = next(c for c in shared_index.tonal.chords if c.name == "half-diminished")
    for query in ("is half diminished a chord", "what's the chord symbol for a half-diminished"):
        response = strudel_knowledge(query)
        # Then yes, with the functions that read chord symbols and the type's own symbols
        assert response["ok"] and [i["name"] for i in response["items"]] == ["chord", "voicing"], query
        assert response["tonal"]["names"][0] == "half-diminished"
        assert all(s in response["answer"] for s in half.symbols), query
    # and every named chord type of the snapshot is read the same way
    for chord in shared_index.tonal.chords:
        if chord.name and chord.name.replace("-", "").replace(" ", "").isalpha():
            assert strudel_knowledge(f"is {chord.name} a chord")["tonal"]["names"][0] == chord.name, chord.name
    # and a word that is no chord type is still a no
    assert not strudel_knowledge("is banana a chord")["ok"]


def test_articles_and_the_noun_first_are_read(shared_index):
    # Given the name after "the", or after its noun ("the chord symbol m9"), Then the check reads the name
    assert strudel_knowledge("is the dorian mode in strudel")["tonal"]["names"] == ["dorian"]
    assert strudel_knowledge("is the scale hirajoshi available")["tonal"]["names"] == ["hirajoshi"]
    response = strudel_knowledge("is the chord symbol m9 supported")
    assert response["ok"] and response["tonal"]["names"][0] == shared_index.tonal.by_chord_symbol["m9"].name
    assert not strudel_knowledge("is the chord symbol xyz7 valid")["ok"]
    # and a dictionary named before "voicings" is that dictionary
    response = strudel_knowledge("can I use the lefthand voicings")
    assert response["ok"] and response["tonal"]["what"] == "voicing dictionaries"
    assert response["tonal"]["names"] == ["lefthand"]
    # and no name at all is no check of one
    assert "tonal" not in strudel_knowledge("is there a scale")


def test_words_around_the_name_in_a_check_are_not_the_name(shared_index):
    # Given a check whose name has words about availability around it, or words after its noun
    # When it is asked, Then the name alone is checked
    assert strudel_knowledge("is hirajoshi available as a scale?")["tonal"]["names"] == ["hirajoshi"]
    assert strudel_knowledge("is dorian also a mode")["tonal"]["names"] == ["dorian"]
    response = strudel_knowledge("is m7b5 a chord symbol I can use")
    assert response["ok"] and response["tonal"]["names"][0] == shared_index.tonal.by_chord_symbol["m7b5"].name
    assert strudel_knowledge("is dorian a scale we could use in strudel")["tonal"]["names"] == ["dorian"]
    # and an invented name with the same words around it is still a no
    assert not strudel_knowledge("is zorblax available as a scale")["ok"]
    # a setting after the name is not the name ("for a tango vibe"), nor a nickname after a symbol
    assert strudel_knowledge("is lydian dominant available for my solo")["tonal"]["names"] == ["lydian dominant"]
    response = strudel_knowledge("does it know the m7b5 coltrane chord")
    assert response["ok"] and response["tonal"]["names"][0] == shared_index.tonal.by_chord_symbol["m7b5"].name
    # but a name is never cut down to a known word inside it ("neapolitan minor" is no "minor")
    assert not strudel_knowledge("is zorblax minor a scale")["ok"]
    assert not strudel_knowledge("is minor zorblax available for my solo")["ok"]


def test_a_description_naming_a_scale_or_chord_symbol_is_no_thing_strudel_lacks(shared_index):
    # Given a description whose other words Strudel has no word for ("haze", "thing")
    # Then the function reading the named scale or chord symbol answers, not "Strudel has no jam"
    names = [i["name"] for i in strudel_knowledge("purple haze E7#9 thing")["items"]]
    assert names[:1] == ["voicing"], names
    # while a thing Strudel lacks is still said so
    assert not strudel_knowledge("a vocoder in dorian")["ok"]


def test_can_i_use_a_chord_checks_the_chord(shared_index):
    # Given a chord asked for by its symbol or its name in words, digits and short forms included
    for query in ("can I use a m9 chord", "can I use a minor 9 chord", "can I use a minor ninth chord"):
        response = strudel_knowledge(query)
        # Then it is a check of that chord type, answered yes
        assert response["ok"] and response["tonal"]["what"] == "chord types", query
        assert response["tonal"]["names"][0] == shared_index.tonal.by_chord_symbol["m9"].name, query
    # and "is X a thing" checks X
    assert strudel_knowledge("is lydian dominant a thing")["tonal"]["names"] == ["lydian dominant"]


def test_a_word_written_as_a_chord_symbol_is_checked():
    # Given a chord asked for by a symbol no dictionary or tonal type knows
    response = strudel_knowledge("can I play a maj7sus2 chord")
    # Then the answer is a plain no, with real symbols close to it
    assert not response["ok"] and "maj7sus2" in response["answer"]
    # and a symbol tonal knows, with its root, is a yes
    assert strudel_knowledge("can I use an E7#9 chord")["ok"]


@pytest.mark.parametrize(
    ("query", "what"),
    [
        ("is 'prometheus' one of the scales", "scales"),
        ("is there a scale called 'prometheus'", "scales"),
        ("does tonal have prometheus", "scales"),
        ("does the voicing dictionary know m11", "chord types"),
        ("does voicing() understand m11", "chord types"),
        ("is m11 a chord symbol strudel knows", "chord types"),
        ("can I use m11 as a chord symbol", "chord types"),
    ],
)
def test_more_ways_to_ask_whether_a_name_is_known_are_checks(shared_index, query, what):
    assert shared_index.tonal.scale("prometheus") is not None and "m11" in shared_index.tonal.by_chord_symbol
    # Given a tonal name asked about in another common wording, Then it is a check that says yes
    response = strudel_knowledge(query)
    assert response["ok"] and response["mode"] == "detail" and response["tonal"]["what"] == what, query


def test_an_unknown_symbol_asked_with_those_wordings_is_a_no():
    assert not strudel_knowledge("can I use maj7sus2 as a chord symbol")["ok"]
    assert not strudel_knowledge("does the voicing dictionary know maj7sus2")["ok"]
