"""Misspellings first: a word Strudel does not know, one slip from one it does, is read as it."""

from __future__ import annotations

import pytest

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.lookup.spelling import correct_word, correct_words


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("fats", "fast"),  # two letters swapped: a function's name
        ("revreb", "reverb"),  # two letters swapped: a word of the docs
        ("transpoze", "transpose"),  # one letter changed in a long word: the one name it can be
        ("superimpoze", "superimpose"),
    ],
)
def test_a_slip_is_read_as_the_word_meant(shared_index, typed, meant):
    assert correct_word(shared_index, typed) == meant


@pytest.mark.parametrize(
    "word",
    [
        "fast",  # a name
        "slower",  # a form of a docs word
        "kicks",
        "compres",  # the start of names: a prefix ranks above a misspelling
        "going",  # short words are left alone: one edit makes another word too often
        "glockenspeil",  # a sound's name is left to the sound names' own reading
        "form",
    ],
)
def test_words_meant_as_typed_are_left_alone(shared_index, word):
    assert correct_word(shared_index, word) is None


def test_corrections_are_reported_and_the_answer_follows_them(shared_index):
    # Given a question with a slip
    words, corrections = correct_words(shared_index, ["make", "it", "fats"])
    assert words == ["make", "it", "fast"] and corrections == {"fats": "fast"}
    # When it is asked
    response = strudel_knowledge("make it fats", index=shared_index)
    # Then the function meant answers, and a note says how the word was read
    assert response["items"][0]["name"] == "fast"
    assert any('"fats" was read as "fast"' in note for note in response["notes"])


def test_a_misspelt_docs_word_in_a_description_finds_its_function(shared_index):
    response = strudel_knowledge("add some revreb to the snare", index=shared_index)
    assert response["ok"] is True and response["items"][0]["name"] == "room"


@pytest.mark.parametrize("typo", ["fastt", "trancegate", "delaytiem", "rooom", "lpff", "sometimez"])
def test_the_validator_and_the_knowledge_answers_suggest_the_same_names_for_a_typo(shared_index, typo):
    from strudel_jupyter.lookup.ranking import suggest
    from strudel_jupyter.lookup.tables import tables_for
    from strudel_jupyter.validator.checks.suggestions import rank_names

    # Given the documented names and synonyms, which both surfaces accept
    names = tables_for(shared_index).ref_names
    # When both are asked what a typo means (the knowledge answers give the entry a synonym names)
    spelled = rank_names(typo, names, limit=15)
    validator = list(dict.fromkeys(shared_index.reference.get(n).name for n in spelled))[:3]
    knowledge = suggest(shared_index, typo, domain="reference", limit=3)
    # Then they offer the same names, in the same order (one "did you mean", lookup/closest.py)
    assert validator and validator == knowledge
