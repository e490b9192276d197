"""Things Strudel does not have: the answer says so and names what comes closest.

The phrasebook's near lines (``phrasebook/near.txt``, ``vowel: ~vocoder | a formant filter``)
say which real function or sound is nearest to a thing musicians expect; a question naming
one answers ``ok: false`` with those names first, while the same wording about a thing
Strudel has stays an answer.
"""

from __future__ import annotations

import pytest

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.lookup.concepts import concept_functions
from strudel_jupyter.lookup.confidence import CONFIDENT, NEAR_CONFIDENCE, Evidence, confidence
from strudel_jupyter.lookup.phrasebook import near_hits


def _real(index, name: str) -> bool:
    return index.reference.get(name) is not None or name in index.sounds.entries or name in index.sounds.banks


def test_is_there_a_vocoder_is_a_no_that_offers_vowel_first(shared_index):
    # Given a check on a thing Strudel lacks
    response = strudel_knowledge("is there a vocoder", index=shared_index)
    # Then it is a no, whose suggestions start with the nearest real thing
    assert response["ok"] is False and response["reason"] == "not_found"
    assert response["suggestions"][0] == "vowel", response["suggestions"]
    # and the answer says Strudel has none, and why vowel comes closest
    assert "Strudel has no vocoder; closest: vowel (a formant filter" in response["answer"]
    assert all(_real(shared_index, s) for s in response["suggestions"])


@pytest.mark.parametrize(
    ("query", "thing", "first"),
    [
        ("can strudel do a vocoder on my synth", "vocoder", "vowel"),
        ("add a flanger to the guitar", "flanger", "phaser"),
        ("a jet plane flanging effect", "flanger", "phaser"),
        ("put a brickwall limiter on the master", "brickwall limiter", "compressor"),
        ("wah pedal on the guitar", "wah pedal", "bpf"),
        ("autotune my vocals", "autotune", "scale"),
        ("is there tap tempo", "tap tempo", "setcpm"),
        ("flanger", "flanger", "phaser"),  # not "linger", a name spelled like it
        ("set a portamento time so notes glide into each other", "portamento", "penv"),
    ],
)
def test_a_question_naming_a_thing_strudel_lacks_answers_with_what_comes_closest(shared_index, query, thing, first):
    # Given a question whose best evidence is a near phrase of the phrasebook
    response = strudel_knowledge(query, index=shared_index)
    # Then it is the spec's failure shape, never an answer on the near function alone
    assert response["ok"] is False and response["reason"] == "not_found", response["answer"]
    assert f"Strudel has no {thing}" in response["answer"]
    # with the nearest real names first (never invented), and the reason it is closest
    assert response["suggestions"][0] == first, response["suggestions"]
    assert f"closest: {first} (" in response["answer"]
    assert all(_real(shared_index, s) for s in response["suggestions"])
    assert response.get("confidence", 0.0) <= NEAR_CONFIDENCE


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("add a phaser to the guitar", "phaser"),
        ("put a compressor on the drums", "compressor"),
        ("can I get a bitcrusher", "crush"),
        ("a tremolo effect", "tremolo"),
        ("sidechain the pad to the kick", "duckorbit"),
        ("a wavefolder on the bass", "fold"),
        ("is there a chorus", "chorus"),
    ],
)
def test_a_thing_strudel_has_worded_the_same_way_stays_an_answer(shared_index, query, first):
    response = strudel_knowledge(query, index=shared_index)
    assert response["ok"] is True, response["answer"]
    assert response["items"][0]["name"].startswith(first), [i["name"] for i in response["items"]]
    assert response.get("confidence", 1.0) >= CONFIDENT


def test_a_name_typed_as_it_is_outweighs_a_near_thing_and_a_name_spelled_like_it_does_not():
    near = ("flanger",)
    assert not Evidence("exact", near=near).absent(confidence(Evidence("exact", near=near)))
    fuzzy = Evidence("fuzzy", near=near)
    assert fuzzy.absent(confidence(fuzzy)) and confidence(fuzzy) <= NEAR_CONFIDENCE
    text = Evidence("text", coverage=1.0, phrase=1.0, near=near)
    assert text.absent(confidence(text)) and confidence(text) <= NEAR_CONFIDENCE


def test_a_one_word_near_phrase_counts_only_as_written():
    # "limiter" is near compressor; its stem "limit" is an everyday word, not a limiter
    assert [h.target for h in near_hits(["limiter"])] == ["compressor"]
    assert near_hits(["limit", "range"]) == [] and near_hits(["expand", "pattern"]) == []
    # plurals and other spellings of the same phrase count ("vocoders", "flanging")
    assert near_hits(["vocoders"])[0].target == "vowel"
    assert near_hits(["flanging"])[0].thing == "flanger"


def test_an_invented_name_for_a_lacking_thing_is_offered_its_nearest_function(shared_index):
    # Given ".flanger()" written as code, Then the validator's meanings start with phaser
    assert concept_functions(shared_index, "flanger")[:2] == ["phaser", "chorus"]
    assert concept_functions(shared_index, "vocoder")[0] == "vowel"


def test_text_overlap_with_the_head_noun_unmatched_is_no_answer(shared_index):
    # Given a compound whose head Strudel has no word for ("launcher"), though "clip" is a function
    response = strudel_knowledge("a clip launcher", index=shared_index)
    # Then the function sharing the modifier is not answered as if it were the thing
    assert response["ok"] is False and "launcher" in response["answer"]
    # while a sound described with a word the docs lack is still that sound
    response = strudel_knowledge("sitar drone", index=shared_index)
    assert response["ok"] is True and response["items"][0]["name"] == "gm_sitar"


def test_can_i_use_a_musicians_word_answers_the_function_strudel_calls_it():
    # Given a capability question in a musician's word for a real function
    for query in ("can I use reverb", "is there a reverb effect"):
        response = strudel_knowledge(query)
        # Then it is a yes with the function Strudel calls it
        assert response["ok"] and response["items"][0]["name"] == "room", query
    # and a thing Strudel lacks, asked the same way, stays a no
    assert not strudel_knowledge("is there a flanger effect")["ok"]


@pytest.mark.parametrize(
    ("query", "thing", "first"),
    [
        # studio and DAW features
        ("can I load a VST plugin", "vst plugin", "midi"),
        ("is there chord detection for audio", "chord detection", "chord"),
        ("stem separation of a song", "stem separation", "samples"),
        # synths and drum machines by name, with no bank or sound of their own
        ("a juno-106 pad", "juno-106", "supersaw"),
        # effects with no module of their own
        ("a comb filter on the hats", "comb filter", "delay"),
        ("a karplus-strong pluck", "karplus strong", "decay"),
        # sound effects and instruments no sample is
        ("add an air horn on the drop", "air horn", "gm_trumpet"),
        ("dog barking in the background", "dog bark", "crow"),
        ("play a surdo", "surdo", "gm_taiko_drum"),
    ],
)
def test_more_things_musicians_expect_answer_no_with_the_nearest_real_name(shared_index, query, thing, first):
    # Given a question naming gear, a feature or a sound Strudel does not have
    response = strudel_knowledge(query, index=shared_index)
    # Then it says Strudel has none, and offers the nearest real name first, with its reason
    assert response["ok"] is False and response["reason"] == "not_found", response["answer"]
    assert f"Strudel has no {thing}; closest: {first} (" in response["answer"]
    assert response["suggestions"][0] == first, response["suggestions"]
    assert all(_real(shared_index, s) for s in response["suggestions"])


@pytest.mark.parametrize(
    ("query", "first"),
    [
        # worded like the near things above (a reverse reverb, a car engine, a tape-era
        # effect unit, a vinyl plugin), but Strudel has them
        ("a reverse cymbal swell", "gm_reverse_cymbal"),
        ("a helicopter sound", "gm_helicopter"),
        ("a tape delay on the snare", "delay"),
        ("a vinyl crackle layer", "crackle"),
    ],
)
def test_things_strudel_has_worded_like_the_new_near_things_stay_answers(shared_index, query, first):
    # Given a question about a thing Strudel has, in the words of gear or effects near.txt lists
    response = strudel_knowledge(query, index=shared_index)
    # Then it is answered with that thing, not "Strudel has no ..."
    assert response["ok"] is True, response["answer"]
    assert response["items"][0]["name"] == first, [i["name"] for i in response["items"]]


@pytest.mark.parametrize(
    ("query", "thing", "first"),
    [
        ("is there a moog synth", "moog synth", "saw"),
        ("is there a freeze effect", "freeze effect", "chop"),
        ("is there a sound bath", "sound bath", "gong"),
    ],
)
def test_a_check_on_a_thing_named_with_a_generic_word_says_what_comes_closest(shared_index, query, thing, first):
    # Given a check whose subject a generic word ("synth", "effect", "sound") completes
    response = strudel_knowledge(query, index=shared_index)
    # Then it is a no that names the thing with that word, and offers its nearest real name first
    assert response["ok"] is False and f"Strudel has no {thing}; closest: {first} (" in response["answer"]
    assert response["suggestions"][0] == first, response["suggestions"]
