"""Sounds found by the words a musician uses: text relevance over the sound vocabulary."""

from __future__ import annotations

import pytest

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.data.sounds import BANK_DOC
from strudel_jupyter.lookup.relevance import text_sounds


@pytest.mark.parametrize(
    ("words", "top"),
    [
        (["kick"], "bd"),
        (["hat"], "hh"),
        # (the sampled cowbell, or the drum machines' cb: the phrasebook calls both "cowbell";
        # the answer to "cowbell" is the sound of that name: tests below)
        (["cowbell"], {"cowbell", "cb"}),
        (["electric", "piano"], "gm_epiano1"),
        (["tenor", "sax"], "gm_tenor_sax"),
        (["slap", "bass"], "gm_slap_bass_1"),
    ],
)
def test_sounds_are_found_by_the_words_a_musician_uses(shared_index, words, top):
    # Given the sound text (names, programs, drum words, phrases), When searched, Then the sound leads
    first = text_sounds(shared_index, words)[0][0]
    assert first in top if isinstance(top, set) else first == top


@pytest.mark.parametrize(("word", "bank"), [("909", "tr909"), ("808", "tr808"), ("mpc", "mpc60")])
def test_machine_names_find_their_banks(shared_index, word, bank):
    keys = [k for k, _, _ in text_sounds(shared_index, [word])[:5]]
    assert BANK_DOC + bank in keys


@pytest.mark.parametrize(
    ("query", "top"),
    [
        ("kick", "bd"),
        ("kick drum", "bd"),
        ("hi hat", "hh"),
        ("snare", "snare"),
        ("electric piano", "gm_epiano1"),
        ("a cowbell sound", "cowbell"),
    ],
)
def test_a_drum_or_instrument_word_answers_sounds_not_a_lookalike_function(shared_index, query, top):
    # Given a word that names sounds ("kick", not a misspelt "pick")
    response = strudel_knowledge(query, index=shared_index)
    # Then the sounds answer, the plainest first
    assert response["ok"] and response["items"][0]["name"] in {top, "hihat"}
    assert response["items"][0]["kind"] in ("sound", "bank")


def test_a_misspelt_name_is_still_corrected(shared_index):
    # Given a name with a typo, which is no word of the docs or the sounds
    assert strudel_knowledge("degradBy", index=shared_index)["items"][0]["name"] == "degradeBy"
    assert strudel_knowledge("rooom", index=shared_index)["items"][0]["name"] == "room"


def test_a_phrase_spelled_across_context_words_counts(shared_index):
    # Given "steel drums ... pans", where "drums" only frames the question (a context word)
    scored = text_sounds(shared_index, ["steel", "pans"], phrase=["steel", "drums", "pans"])
    # Then the sound whose program is the phrase "Steel Drums" leads over one named "pan"
    assert scored[0][0] == "gm_steel_drums"
