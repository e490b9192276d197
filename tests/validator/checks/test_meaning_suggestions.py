"""The validator offers what an invented name means (the knowledge engine's concept answer)."""

from __future__ import annotations

import pytest

from strudel_jupyter import strudel_validate


def _suggestions(code: str, kind: str, index) -> list[str]:
    findings = [f for f in strudel_validate(code, index=index)["findings"] if f["kind"] == kind]
    assert findings, code
    return findings[0]["suggestions"]


@pytest.mark.parametrize(
    ("code", "kind", "meant"),
    [
        ('s("bd").reverb(0.5)', "unknown_method", "room"),
        ('s("bd").volume(0.5)', "unknown_method", "gain"),
        ("setBpm(120)", "unknown_function", "setcpm"),
    ],
)
def test_an_invented_function_gets_its_meaning_beside_its_spelling_neighbours(index, code, kind, meant):
    # Given code calling a function Strudel does not have, named for what it should do
    suggestions = _suggestions(code, kind, index)
    # Then the function the docs describe for it is offered
    assert meant in suggestions


def test_the_spelling_neighbours_stay(index):
    suggestions = _suggestions('s("bd").reverb(0.5)', "unknown_method", index)
    assert suggestions[0] == "room" and "rev" in suggestions


def test_a_typo_keeps_its_fix_first_and_gets_no_invented_meaning(index):
    # "fastt" is a misspelling, not a word: its fix leads, and no meaning is guessed from it
    assert _suggestions('s("bd").fastt(2)', "unknown_method", index)[0] == "fast"


@pytest.mark.parametrize(("code", "first"), [('s("kick")', "bd"), ('s("hat")', "hh"), ('s("snare*2")', "sd")])
def test_an_unknown_sound_uses_the_drum_vocabulary(index, code, first):
    suggestions = _suggestions(code, "unknown_sound", index)
    assert suggestions[0] == first


def test_a_hat_is_a_hi_hat_before_a_high_tom(index):
    suggestions = _suggestions('s("hat")', "unknown_sound", index)
    assert suggestions.index("hh") < suggestions.index("ht")
