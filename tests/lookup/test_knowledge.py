"""strudel_knowledge: the response shapes, the request forms and input handling, end to end.

The answers themselves are tested per section in ``tests/lookup/answers/``.
"""

from __future__ import annotations

import json

import pytest

from strudel_jupyter import strudel_knowledge

from .responses import assert_not_invented


def test_every_item_says_how_it_matched(names):
    for query in ["rooom", "how do I speed up a pattern", "sine", "list synths", "is bd available"]:
        response = strudel_knowledge(query)
        assert_not_invented(response, names)
        for item in response["items"]:
            assert item["kind"] in {"function", "sound", "bank"}
            assert item["match"] in {"exact", "synonym", "prefix", "fuzzy", "text", "listed"}
            assert isinstance(item["score"], float)


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


def test_inputs_built_to_break_the_parser_are_failures_not_exceptions():
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    assert strudel_knowledge(nested)["reason"] == "invalid_query"
    huge_number = '{"q": "room", "limit": ' + "9" * 5000 + "}"
    assert strudel_knowledge(huge_number)["reason"] == "query_too_long"
    deep_code = 'is s("' + "[" * 480 + "bd" + "]" * 480 + '") valid'
    assert strudel_knowledge(deep_code)["reason"] != "internal_error"


def test_keyword_options_are_the_object_form():
    response = strudel_knowledge("piano", domain="sounds", mode="search", limit=2)
    assert (response["domain"], response["mode"], len(response["items"])) == ("sounds", "search", 2)
