"""Drum machines asked about the way musicians name them, and questions with two wishes."""

from __future__ import annotations

import pytest

from strudel_jupyter import strudel_knowledge


@pytest.mark.parametrize(
    ("query", "bank"),
    [
        ("is 909 a drum bank I can use", "rolandtr909"),
        ("is TR-808 a drum machine", "rolandtr808"),
        ("is tr909 a drum bank I can use", "tr909"),
        ("is Linn a drum bank", "linn"),
    ],
)
def test_a_machine_in_a_musicians_spelling_is_a_bank(shared_index, query, bank):
    response = strudel_knowledge(query, index=shared_index)
    assert response["ok"] and response["items"][0]["name"] == bank
    assert response["items"][0]["kind"] == "bank"


def test_a_machine_that_does_not_exist_is_a_no(shared_index):
    assert strudel_knowledge("is banana a drum bank", index=shared_index)["ok"] is False


@pytest.mark.parametrize(("drum", "sound"), [("cowbell", "cb"), ("kick", "bd"), ("ride cymbal", "rd")])
def test_which_drum_machines_have_a_drum_word(shared_index, drum, sound):
    # Given a drum named in a musician's word
    response = strudel_knowledge(f"which drum machines have a {drum}", index=shared_index)
    # Then the banks listed are those with the kit's abbreviation for it
    assert response["ok"] and response["items"]
    banks = shared_index.sounds.banks
    assert all(sound in banks[i["name"]].sounds for i in response["items"])


@pytest.mark.parametrize(("query", "sound"), [("909 hats", "tr909_hh"), ("808 kick", "tr808_bd")])
def test_a_machine_and_a_drum_find_that_machines_drum(shared_index, query, sound):
    names = [i["name"] for i in strudel_knowledge(query, index=shared_index)["items"][:2]]
    assert sound in names or f"roland{sound}" in names


@pytest.mark.parametrize(
    ("query", "both"),
    [
        ("an arpeggiated synth in C minor", {"arp", "scale"}),
        ("a low-pass filtered bass with reverb", {"lpf", "room"}),
        ("how do I speed up a pattern and add reverb", {"fast", "room"}),
    ],
)
def test_a_question_with_two_wishes_answers_both(shared_index, query, both):
    names = {i["name"] for i in strudel_knowledge(query, index=shared_index)["items"]}
    assert both <= names


def _bank_phrase_stems(index) -> list[str]:
    from strudel_jupyter.lookup.glossary import phrase_key
    from strudel_jupyter.lookup.phrasebook import load_phrasebook

    lines = [line for line in load_phrasebook().lines if line.sounds and line.target.lower() in index.sounds.banks]
    return sorted({t for line in lines for p in line.phrases for t in phrase_key(p)})


def test_a_question_without_a_machines_whole_phrase_finds_no_machine_phrase(shared_index):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from strudel_jupyter.lookup import machines
    from strudel_jupyter.lookup.phrasebook import load_phrasebook

    # Given stems of the banks' phrases, numbers in words, particles and other words, in any order
    pool = [*_bank_phrase_stems(shared_index), "eight", "nine", "four", "th", "up", "the", "snar", "kick", "hat"]

    @settings(max_examples=400, deadline=None)
    @given(st.lists(st.sampled_from(pool), max_size=8))
    def check(stems):
        # When the quick check says no phrase for a bank is held whole
        if not machines._holds_a_machine_key(shared_index, stems):
            # Then the phrasebook finds no phrase whose target is a bank in them
            found = load_phrasebook().find(stems)
            assert not any(h.sounds and h.target.lower() in shared_index.sounds.banks for h in found), stems

    check()
