"""Check answers: "is X valid", "symbol:X", "is X a sound", "is <code> valid": exact names only."""

from __future__ import annotations

import pytest

from strudel_jupyter import strudel_knowledge

from ..responses import FAILURE_KEYS, assert_not_invented


def test_every_reference_entry_resolves_by_symbol(shared_index):
    for entry in shared_index.reference.entries:
        response = strudel_knowledge(f"symbol:{entry.name}")
        assert response["ok"], entry.name
        top = response["items"][0]
        assert (top["kind"], top["name"]) == ("function", entry.name)
        assert top["description"] == entry.description and top["description"]
        assert top["examples"] == list(entry.examples[:2])
        if not entry.examples:
            assert any("no example" in n for n in response["notes"]), entry.name


def test_every_visible_sound_resolves_by_is_available(shared_index):
    for name in shared_index.sounds.names:
        response = strudel_knowledge(f"is {name} available")
        assert response["ok"], name
        assert response["items"][0]["name"] == name
        assert any(i["kind"] == "sound" for i in response["items"])


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


def test_the_noun_of_a_check_narrows_what_counts():
    sound = strudel_knowledge("is snare a sound")  # snare is only a bank prefix (snare_hi, ...)
    assert sound["ok"] is False and "snare_hi" in sound["suggestions"]
    assert strudel_knowledge("is snare a bank")["items"][0]["kind"] == "bank"
    assert strudel_knowledge("is bd a bank")["ok"] is False


def test_hidden_registry_keys_are_never_offered(names):
    response = strudel_knowledge("fn:_base")
    assert "_base" not in response["suggestions"]
    assert_not_invented(response, names)
    assert "_base" not in names


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


def test_sample_indices_follow_the_same_rule_as_the_validator():
    from strudel_jupyter import strudel_validate

    # a synth and a note-keyed map (piano) have no fixed number of samples to run past
    for query, code in [("is sine:3 valid", 's("sine:3")'), ("is piano:40 valid", 's("piano:40")')]:
        assert strudel_knowledge(query)["ok"] and strudel_validate(code)["warnings"] == 0
    assert strudel_knowledge("is bd:12 available")["reason"] == "index_out_of_range"
    assert any(f["kind"] == "sample_index" for f in strudel_validate('s("bd:12")')["findings"])
