"""strudel_knowledge: the spec's intents, ranking, shapes and input handling, on the real snapshot."""

from __future__ import annotations

import json

import pytest

from strudel_jupyter import get_index, strudel_knowledge
from strudel_jupyter.devtools.evaluation import known_names

SPEC_KEYS = {"ok", "query", "domain", "mode", "answer", "items", "sources", "notes"}
FAILURE_KEYS = {"ok", "query", "reason", "answer", "suggestions", "sources"}


@pytest.fixture(scope="module")
def index():
    return get_index()


@pytest.fixture(scope="module")
def names(index):
    return known_names(index)


def item_names(response):
    found = [i["name"] for i in response["items"]]
    for group in (response.get("groups") or {}).values():
        found += [i["name"] for i in group]
    return found


def assert_not_invented(response, names):
    for name in item_names(response) + list(response.get("suggestions", [])):
        assert name.lower() in names, name


# ------------------------------------------------------------------ every entry
def test_every_reference_entry_resolves_by_symbol(index):
    for entry in index.reference.entries:
        response = strudel_knowledge(f"symbol:{entry.name}")
        assert response["ok"], entry.name
        top = response["items"][0]
        assert (top["kind"], top["name"]) == ("function", entry.name)
        assert top["description"] == entry.description and top["description"]
        assert top["examples"] == list(entry.examples[:2])
        if not entry.examples:
            assert any("no example" in n for n in response["notes"]), entry.name


def test_every_visible_sound_resolves_by_is_available(index):
    for name in index.sounds.names:
        response = strudel_knowledge(f"is {name} available")
        assert response["ok"], name
        assert response["items"][0]["name"] == name
        assert any(i["kind"] == "sound" for i in response["items"])


# --------------------------------------------------------------- unknown symbols
@pytest.mark.parametrize("query", ["is trancegate valid", "symbol:trancegate", "does trancegate exist"])
def test_unknown_symbol_is_not_found_with_real_suggestions(query, names):
    response = strudel_knowledge(query)
    assert response["ok"] is False and response["reason"] == "not_found"
    assert FAILURE_KEYS <= set(response)
    assert_not_invented(response, names)


def test_symbol_check_is_exact_or_synonym_only(names):
    typo = strudel_knowledge("symbol:rooom")
    assert typo["ok"] is False and typo["suggestions"][0] == "room"
    synonym = strudel_knowledge("symbol:sound")
    assert synonym["ok"] and synonym["items"][0]["name"] == "s" and synonym["items"][0]["match"] == "synonym"
    # names are case-sensitive in JavaScript: say so and point at the real one
    case = strudel_knowledge("symbol:Room")
    assert case["ok"] is False and case["suggestions"][0] == "room"
    assert any("case-sensitive" in n for n in case["notes"])


def test_is_x_a_sound_checks_only_sounds():
    assert strudel_knowledge("is pianoo a sound")["suggestions"][0] == "piano"
    not_function = strudel_knowledge("is bd a function")
    assert not_function["ok"] is False and "bd" in not_function["suggestions"]
    assert strudel_knowledge("is RolandTR909_bd valid")["items"][0]["name"] == "rolandtr909_bd"


def test_sample_index_out_of_range():
    assert strudel_knowledge("is bd:3 available")["ok"]
    response = strudel_knowledge("is bd:12 available")
    assert response["ok"] is False and response["reason"] == "index_out_of_range"
    assert "8 samples" in response["answer"]


# ----------------------------------------------------------------- detail
def test_function_detail():
    response = strudel_knowledge("what does fast do")
    assert SPEC_KEYS <= set(response)
    assert (response["domain"], response["mode"]) == ("reference", "detail")
    fast = response["items"][0]
    assert fast["name"] == "fast" and fast["match"] == "exact"
    assert fast["params"] == [{"name": "factor", "type": "number | Pattern", "description": "speed up factor"}]
    assert fast["usage"] == "fast(factor)" and len(fast["examples"]) <= 2
    assert response["sources"] == ["doc.json"]
    assert "fast" in response["answer"]


def test_params_question_with_a_request_for_examples():
    response = strudel_knowledge("what are the params for room and give an example")
    assert response["items"][0]["name"] == "room" and len(response["items"][0]["examples"]) == 2


def test_a_documented_synonym_claimed_by_another_entry_returns_both():
    response = strudel_knowledge("density")
    assert [i["name"] for i in response["items"]][:2] == ["density", "fast"]
    assert response["items"][1]["match"] == "synonym"
    assert any("density" in n and "fast" in n for n in response["notes"])


# ----------------------------------------------------------- search and lists
def test_family_listing():
    response = strudel_knowledge("show euclid-related functions")
    names = [i["name"] for i in response["items"]]
    assert response["mode"] == "list" and names[0] == "euclid"
    assert {"euclidRot", "euclidLegato", "euclidLegatoRot", "euclidish"} <= set(names)
    assert all(len(i["examples"]) <= 1 for i in response["items"])


def test_tag_listing_counts_like_the_repl(index):
    response = strudel_knowledge("list filter functions")
    assert response["mode"] == "list" and response["total"] == index.reference.tag_counts["filter"] == 46
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


# ------------------------------------------------------------------- ranking
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
    assert response["sources"] == ["doc.json", "soundMap"]


def test_every_item_says_how_it_matched(names):
    for query in ["rooom", "how do I speed up a pattern", "sine", "list synths", "is bd available"]:
        response = strudel_knowledge(query)
        assert_not_invented(response, names)
        for item in response["items"]:
            assert item["kind"] in {"function", "sound", "bank"}
            assert item["match"] in {"exact", "synonym", "prefix", "fuzzy", "text", "listed"}
            assert isinstance(item["score"], float)


# ------------------------------------------------------------------ shapes
def test_search_items_have_at_most_one_example_and_default_top_five():
    response = strudel_knowledge("how do I speed up a pattern")
    assert response["mode"] == "search" and len(response["items"]) == 5
    assert all(len(i["examples"]) <= 1 for i in response["items"])


def test_same_input_gives_identical_json():
    for query in ["what does room do", "list synths", "rooom", {"q": "piano", "limit": 3}, "is xyz valid"]:
        first = json.dumps(strudel_knowledge(query), sort_keys=True)
        assert first == json.dumps(strudel_knowledge(query), sort_keys=True)


def test_object_form_and_json_string():
    detail = strudel_knowledge({"q": "what does room do", "domain": "reference", "mode": "detail"})
    assert detail["mode"] == "detail" and len(detail["items"]) == 1
    limited = strudel_knowledge({"q": "piano", "domain": "sounds", "limit": 3})
    assert limited["domain"] == "sounds" and len(limited["items"]) <= 3
    as_json = strudel_knowledge('{"q": "room", "mode": "search", "limit": 4}')
    assert as_json["mode"] == "search" and 1 < len(as_json["items"]) <= 4
    assert as_json["items"][0]["name"] == "room"


def test_invalid_object_fields_are_noted_and_valid_ones_used():
    response = strudel_knowledge({"q": "room", "domain": "nonsense", "mode": 7, "limit": -2, "extra": 1})
    assert response["ok"] and response["items"][0]["name"] == "room"
    notes = " ".join(response["notes"])
    for word in ("domain", "mode", "limit", "extra"):
        assert word in notes
    capped = strudel_knowledge({"q": "list synths", "limit": 10_000})
    assert len(capped["items"]) == 150 and any("capped" in n for n in capped["notes"])


# -------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("query", "reason"),
    [
        (None, "invalid_query"),
        (42, "invalid_query"),
        (3.5, "invalid_query"),
        (["room"], "invalid_query"),
        ({"query": "room"}, "invalid_query"),
        ({"q": 5}, "invalid_query"),
        ({"q": ""}, "empty_query"),
        ("", "empty_query"),
        ("   \n\t ", "empty_query"),
        ("?!.,;", "empty_query"),
        ("x" * 5000, "query_too_long"),
        (True, "invalid_query"),
    ],
)
def test_bad_input_is_a_clear_failure(query, reason):
    response = strudel_knowledge(query)
    assert response["ok"] is False and response["reason"] == reason
    assert response["answer"] and response["suggestions"] == []


def test_control_characters_are_dropped_and_noted():
    response = strudel_knowledge("what does\x00 room\x1b do")
    assert response["ok"] and response["items"][0]["name"] == "room"
    assert any("control characters" in n for n in response["notes"])


@pytest.mark.parametrize(
    ("query", "top"),
    [
        ("room.*", "room"),
        ("(fast|slow)", None),
        ("[a-z]+", None),
        ("\\d{3}", None),
        ("^$", None),
        ("lpf?", "lpf"),
        ("a\\", None),
    ],
)
def test_regex_metacharacters_are_just_text(query, top, names):
    response = strudel_knowledge(query)
    assert response.get("reason") != "internal_error"
    assert_not_invented(response, names)
    if top:
        assert response["items"][0]["name"] == top


def test_unloadable_snapshot_is_a_failure_not_an_exception(tmp_path, monkeypatch):
    monkeypatch.setenv("STRUDEL_SNAPSHOT", str(tmp_path / "missing"))
    response = strudel_knowledge("room")
    assert response["ok"] is False and response["reason"] == "snapshot_unavailable"


# ------------------------------------------------------------ code in questions
def test_a_question_about_quoted_code_is_answered_for_the_name_asked():
    assert strudel_knowledge("what does .jux(rev) do")["items"][0]["name"] == "jux"
    asked = strudel_knowledge('note("c e g").s("sawtooth").lpf(800) - what does lpf do here?')
    assert asked["items"][0]["name"] == "lpf"
    commented = strudel_knowledge('s("bd*4").speed(2)  // what does speed do')
    assert commented["items"][0]["name"] == "speed"
    both = strudel_knowledge("difference between .fast(2) and .hurry(2)")
    assert {i["name"] for i in both["items"][:2]} == {"fast", "hurry"}


def test_is_this_code_valid_uses_the_validator_and_lists_what_it_uses(names):
    good = strudel_knowledge('is s("bd").bank("tr909") valid')
    assert good["ok"] and [i["name"] for i in good["items"]][:2] == ["tr909_bd", "tr909"]
    assert {"s", "bank"} <= {i["name"] for i in good["items"]}
    bad = strudel_knowledge('s("kick").fats(2)')
    assert bad["ok"] is False and bad["reason"] == "invalid_code"
    assert "fast" in bad["suggestions"]
    assert any(n.startswith("line 1, column 11") and "fats" in n for n in bad["notes"])
    assert any("kick" in n for n in bad["notes"])
    assert_not_invented(bad, names)


def test_the_noun_of_a_check_narrows_what_counts():
    sound = strudel_knowledge("is snare a sound")  # snare is only a bank prefix (snare_hi, ...)
    assert sound["ok"] is False and "snare_hi" in sound["suggestions"]
    assert strudel_knowledge("is snare a bank")["items"][0]["kind"] == "bank"
    assert strudel_knowledge("is bd a bank")["ok"] is False


# ------------------------------------------------------------ hostile inputs
def test_inputs_built_to_break_the_parser_are_failures_not_exceptions():
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    assert strudel_knowledge(nested)["reason"] == "invalid_query"
    huge_number = '{"q": "room", "limit": ' + "9" * 5000 + "}"
    assert strudel_knowledge(huge_number)["reason"] == "query_too_long"
    deep_code = 'is s("' + "[" * 480 + "bd" + "]" * 480 + '") valid'
    assert strudel_knowledge(deep_code)["reason"] != "internal_error"


def test_hidden_registry_keys_are_never_offered(names):
    response = strudel_knowledge("fn:_base")
    assert "_base" not in response["suggestions"]
    assert_not_invented(response, names)
    assert "_base" not in names


def test_sample_indices_follow_the_same_rule_as_the_validator():
    from strudel_jupyter import strudel_validate

    # a synth and a note-keyed map (piano) have no fixed number of samples to run past
    for query, code in [("is sine:3 valid", 's("sine:3")'), ("is piano:40 valid", 's("piano:40")')]:
        assert strudel_knowledge(query)["ok"] and strudel_validate(code)["warnings"] == 0
    assert strudel_knowledge("is bd:12 available")["reason"] == "index_out_of_range"
    assert any(f["kind"] == "sample_index" for f in strudel_validate('s("bd:12")')["findings"])


def test_keyword_options_are_the_object_form():
    response = strudel_knowledge("piano", domain="sounds", mode="search", limit=2)
    assert (response["domain"], response["mode"], len(response["items"])) == ("sounds", "search", 2)
