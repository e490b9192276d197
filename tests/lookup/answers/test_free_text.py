"""Free-text answers: a name in detail, the closest names, or the docs' text for a description."""

from __future__ import annotations

import pytest

from strudel_jupyter import strudel_knowledge

from ..responses import SPEC_KEYS


def test_function_detail():
    response = strudel_knowledge("what does fast do")
    assert SPEC_KEYS <= set(response)
    assert (response["domain"], response["mode"]) == ("reference", "detail")
    fast = response["items"][0]
    assert fast["name"] == "fast" and fast["match"] == "exact"
    assert fast["params"] == [{"name": "factor", "type": "number | Pattern", "description": "speed up factor"}]
    assert fast["usage"] == "fast(factor)" and len(fast["examples"]) <= 2
    # doc.json, then the tutorial section about fast: its page and anchor, and its address
    assert response["sources"] == [
        "doc.json",
        "learn/time-modifiers.mdx#fast",
        "https://strudel.cc/learn/time-modifiers/#fast",
    ]
    assert "fast" in response["answer"]


def test_params_question_with_a_request_for_examples():
    response = strudel_knowledge("what are the params for room and give an example")
    assert response["items"][0]["name"] == "room" and len(response["items"][0]["examples"]) == 2


def test_a_documented_synonym_claimed_by_another_entry_returns_both():
    response = strudel_knowledge("density")
    assert [i["name"] for i in response["items"]][:2] == ["density", "fast"]
    assert response["items"][1]["match"] == "synonym"
    assert any("density" in n and "fast" in n for n in response["notes"])


def test_exact_beats_synonym_beats_prefix_beats_fuzzy():
    fuzzy = strudel_knowledge("rooom")["items"][0]
    prefix = strudel_knowledge("superimpos")["items"][0]
    synonym = strudel_knowledge("cutoff")["items"][0]
    exact = strudel_knowledge("lpf")["items"][0]
    assert (exact["match"], synonym["match"], prefix["match"], fuzzy["match"]) == (
        "exact",
        "synonym",
        "prefix",
        "fuzzy",
    )
    assert exact["score"] > synonym["score"] > prefix["score"] > fuzzy["score"]
    assert (synonym["name"], prefix["name"], fuzzy["name"]) == ("lpf", "superimpose", "room")


def test_fuzzy_and_prefix_work_for_sounds_too():
    assert strudel_knowledge("pianno")["items"][0]["name"] == "piano"
    prefix = strudel_knowledge({"q": "gm_violi", "domain": "sounds"})["items"][0]
    assert (prefix["name"], prefix["match"]) == ("gm_violin", "prefix")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("how to make reverb in strudel", {"room"}),
        ("how do I speed up a pattern", {"fast", "hurry"}),
        ("reverse a pattern", {"rev", "revv"}),
        ("randomly drop events", {"degrade", "degradeBy"}),
        ("low pass filter", {"lpf"}),
        ("make a sample fit a number of cycles", {"loopAt"}),
    ],
)
def test_concept_queries_are_answered_from_the_docs_text(query, expected):
    response = strudel_knowledge(query)
    assert response["items"][0]["name"] in expected


def test_split_names_are_joined():
    assert strudel_knowledge("gm violin")["items"][0]["name"] == "gm_violin"
    assert strudel_knowledge("euclid rot")["items"][0]["name"] == "euclidRot"


def test_ambiguous_names_are_grouped_by_domain():
    response = strudel_knowledge("sine")
    assert response["domain"] == "auto" and set(response["groups"]) == {"reference", "sounds"}
    assert {i["kind"] for i in response["items"]} == {"function", "sound"}
    assert response["sources"][:2] == ["doc.json", "soundMap"]
    assert response["sources"][2:] == ["learn/signals.mdx#sine", "https://strudel.cc/learn/signals/#sine"]


def test_a_question_about_quoted_code_is_answered_for_the_name_asked():
    assert strudel_knowledge("what does .jux(rev) do")["items"][0]["name"] == "jux"
    asked = strudel_knowledge('note("c e g").s("sawtooth").lpf(800) - what does lpf do here?')
    assert asked["items"][0]["name"] == "lpf"
    commented = strudel_knowledge('s("bd*4").speed(2)  // what does speed do')
    assert commented["items"][0]["name"] == "speed"
    both = strudel_knowledge("difference between .fast(2) and .hurry(2)")
    assert {i["name"] for i in both["items"][:2]} == {"fast", "hurry"}


def test_search_items_have_at_most_one_example_and_default_top_five():
    response = strudel_knowledge("how do I speed up a pattern")
    assert response["mode"] == "search" and len(response["items"]) == 5
    assert all(len(i["examples"]) <= 1 for i in response["items"])


def test_a_name_typed_alone_reads_no_near_phrases(shared_index, monkeypatch):
    # Given the near-phrase reader (it reads the whole phrasebook on first use), recorded
    import strudel_jupyter.lookup.answers.free_text as free_text

    read: list[list[str]] = []
    reader = free_text.near_hits
    monkeypatch.setattr(free_text, "near_hits", lambda words: read.append(list(words)) or reader(words))
    # When a name is asked about alone, Then it is answered without reading near phrases
    assert strudel_knowledge("what does room do", index=shared_index)["items"][0]["name"] == "room"
    assert read == []
    # while a question of other words still reads them (and says Strudel has no vocoder)
    assert not strudel_knowledge("a vocoder on my voice", index=shared_index)["ok"]
    assert read
