"""Sounds asked in musicians' words, and "Strudel has no X" only about the thing asked for.

A drum machine named by its model number or nickname with a drum ("a punchy 808 snare")
answers that machine's drum (``lookup/machines.py``); an adjective, a place or a setting
around a sound named ("a glassy realistic concert grand", "ride cymbal on the last beat of
the chorus") is colour, never the thing Strudel lacks (``lookup/sound_request.py``); an
instrument Strudel lacks is still a no ("a tabla groove", phrasebook/near.txt).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.devtools.evaluation import known_names
from strudel_jupyter.lookup.machines import machine_sounds
from strudel_jupyter.lookup.ranking import prose_words
from strudel_jupyter.lookup.sound_request import colour_words, sound_head

from .responses import assert_not_invented


def _names(response) -> list[str]:
    return [i["name"] for i in response.get("items") or []]


# ------------------------------------------------------------------ drum machines
@pytest.mark.parametrize(
    ("query", "firsts"),
    [
        ("a punchy 808 snare", {"rolandtr808_sd", "tr808_sd"}),
        ("tight 606 hats", {"rolandtr606_hh", "tr606_hh"}),
        ("the old 707 cowbell", {"rolandtr707_cb", "tr707_cb"}),
        ("a vintage linn snare", {"akailinn_sd", "linn_sd", "linndrum_sd"}),
        ("a 909 clap for a house track", {"rolandtr909_cp", "tr909_cp"}),
    ],
)
def test_a_drum_machine_named_with_a_drum_answers_that_machines_drum(shared_index, query, firsts):
    # Given a drum machine by its number or nickname, a drum by its everyday word, and colour
    response = strudel_knowledge(query, index=shared_index)
    # Then the first answer is that machine's sound of that drum type
    assert response["ok"] is True, response["answer"]
    assert _names(response)[0] in firsts, _names(response)


def test_a_machine_named_alone_answers_its_bank(shared_index):
    # Given a drum machine by its nickname, with no drum named
    found = machine_sounds(shared_index, ["gated", "eighties", "Linn"])
    # Then its bank answers (the alias "linn" read as the bank it is an alias of)
    assert found is not None and found.names[0] == ("bank", "akailinn")
    # and a question naming no machine reads nothing here
    assert machine_sounds(shared_index, ["punchy", "kick"]) is None


def test_a_machine_and_its_alias_bank_both_answer_in_order(shared_index):
    # Given the 808 (RolandTR808, whose alias bank is tr808) and a cowbell inside its phrase
    found = machine_sounds(shared_index, ["808", "cowbell"])
    # Then the machine's own sound leads, its alias bank's follows
    assert found is not None and found.names[:2] == [("sound", "rolandtr808_cb"), ("sound", "tr808_cb")]


def test_something_done_to_a_machines_drum_is_still_the_function(shared_index):
    # Given a function typed beside a machine's drum
    response = strudel_knowledge("add swing to the 909 hats", index=shared_index)
    # Then the function answers, not the hats
    assert _names(response)[0] == "swing", _names(response)


# ------------------------------------------------------------------ colour is not the thing
@pytest.mark.parametrize(
    ("query", "firsts"),
    [
        ("a glassy realistic concert grand", {"steinway", "gm_piano", "piano", "kawai"}),
        ("crash cymbal on the last beat of the chorus", {"cr"}),
        ("mellow nylon guitar from brazil", {"gm_acoustic_guitar_nylon"}),
        # a participle after the sound's name, with its own setting, describes the sound
        ("a harp glistening under moonlight", {"harp", "gm_orchestral_harp", "folkharp"}),
        ("a gourd covered with beads", {"cabasa"}),
    ],
)
def test_an_adjective_or_setting_of_a_sound_named_is_never_what_strudel_lacks(shared_index, query, firsts):
    # Given a sound named with words nothing in Strudel holds around it
    response = strudel_knowledge(query, index=shared_index)
    # Then the sound answers; the colour words are not "missing"
    assert response["ok"] is True, response["answer"]
    assert "Strudel has no" not in response["answer"]
    assert _names(response)[0] in firsts or set(_names(response)[:3]) & firsts, _names(response)


def test_colour_words_are_premodifiers_and_settings_of_a_sound_not_its_head(shared_index):
    # Given words nothing holds: before a sound's word, after it past a preposition or a comma
    assert colour_words(shared_index, "crisp 909 hats", ["crisp"]) == ["crisp"]
    assert colour_words(shared_index, "pan pipes from the andes", ["andes"]) == ["andes"]
    assert colour_words(shared_index, "sitar strings, ravi shankar", ["ravi", "shankar"]) == ["ravi", "shankar"]
    assert colour_words(shared_index, "a harp glistening under moonlight", ["glistening", "moonlight"]) == [
        "glistening",
        "moonlight",
    ]
    # Then the thing asked for stays: the head, a name before a generic sound word, a second thing
    assert colour_words(shared_index, "a mandolin for a serenade", ["mandolin", "serenade"]) == []
    assert colour_words(shared_index, "indian tabla drums", ["tabla"]) == []
    assert colour_words(shared_index, "a song split into vocal and drum stems", ["stems"]) == []


@pytest.mark.parametrize(
    ("query", "thing", "first"),
    [
        ("a tabla groove", "tabla", "mridangam"),
        ("bouzouki for a greek wedding", "bouzouki", "gm_acoustic_guitar_steel"),
        ("an erhu melody", "erhu", "gm_violin"),
        ("melodica", "melodica", "gm_harmonica"),
        ("a wavetable editor", "wavetable editor", "partials"),
    ],
)
def test_an_instrument_strudel_lacks_is_a_no_with_what_comes_closest(shared_index, query, thing, first):
    # Given an instrument (or tool) no sound of the snapshot is
    response = strudel_knowledge(query, index=shared_index)
    # Then the answer says Strudel has none, and offers the nearest real sound first
    assert response["ok"] is False, response["answer"]
    assert f"Strudel has no {thing}" in response["answer"]
    assert response["suggestions"][0] == first, response["suggestions"]


# ------------------------------------------------------------------ a sound's name first
def test_a_question_opening_with_a_sounds_name_asks_for_the_sound(shared_index):
    # Given a description that opens with an instrument's name the functions' docs never use
    prose = prose_words(shared_index)
    assert sound_head("hammond organ with drawbars", prose) == "organ"
    assert sound_head("make the lead quieter", prose) is None  # a verb first: an action
    response = strudel_knowledge("hammond organ with drawbars", index=shared_index)
    # Then the organ answers, though partials can imitate drawbars
    assert _names(response)[0] == "gm_drawbar_organ", _names(response)
    # while a word only a function holds still asks for the function
    assert _names(strudel_knowledge("wub wub bass", index=shared_index))[0] == "lpsync"


@pytest.mark.parametrize(("query", "first"), [("an oboe melody", "gm_oboe"), ("a banjo riff", "gm_banjo")])
def test_an_instrument_before_a_generic_musical_noun_is_the_sound_asked_for(shared_index, query, first):
    # Given an instrument's name before "melody", "riff", "line" (what a wish acts on, no sound)
    response = strudel_knowledge(query, index=shared_index)
    # Then the instrument answers, not a function about melodies
    assert _names(response)[0] == first, _names(response)


@pytest.mark.parametrize(("query", "firsts"), [("a log drum", {"slitdrum"}), ("snare drum sound", {"sd"})])
def test_a_sound_phrase_across_a_generic_sound_word_is_the_sound_not_the_name_beside_it(shared_index, query, firsts):
    # Given a phrase for a sound that includes "drum" beside a word that is also a name (log, snare)
    response = strudel_knowledge(query, index=shared_index)
    # Then the phrase's sound answers, not the function log or the sample bank snare
    assert _names(response)[0] in firsts, _names(response)


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("is there a sitar", "gm_sitar"),
        ("does strudel have a hammond organ", "gm_drawbar_organ"),
        ("is there a thumb piano", "gm_kalimba"),
        ("is there an 808 kick", "rolandtr808_bd"),
    ],
)
def test_asking_whether_strudel_has_an_instrument_in_musicians_words_is_a_yes(shared_index, query, first):
    # Given a capability question naming an instrument as musicians do (no sound is named so)
    response = strudel_knowledge(query, index=shared_index)
    # Then it is a yes with that sound, saying what musicians call it
    assert response["ok"] is True, response["answer"]
    assert _names(response)[0] == first, _names(response)
    assert "what musicians call" in response["answer"]


def test_asking_whether_strudel_has_an_instrument_it_lacks_stays_a_no(shared_index):
    # Given a capability question naming an instrument no sound is
    response = strudel_knowledge("is there a djembe", index=shared_index)
    # Then it is a no that names what comes closest
    assert response["ok"] is False and "Strudel has no djembe" in response["answer"]


# ------------------------------------------------------------------ instruments described, not named
# (issue 21: where an instrument comes from, what it is made of, how it is played; none names it)
@pytest.mark.parametrize(
    ("query", "firsts"),
    [
        ("the huge drums at a japanese festival", {"gm_taiko_drum"}),
        ("the cheap plastic flute children learn first", {"gm_recorder", "recorder"}),
        ("a wooden box you sit on and slap", {"cajon"}),
        ("oil drums tuned into pans in trinidad", {"gm_steel_drums"}),
        ("metal tines you pluck with your thumbs", {"gm_kalimba", "kalimba"}),
        ("a drone pipe from aboriginal australia", {"didgeridoo"}),
        ("a scraper made from a gourd", {"guiro"}),
        ("a squeezebox for argentine tango", {"gm_bandoneon"}),
        ("the reed instrument played at north indian weddings", {"gm_shanai"}),
        ("an egg shaped flute made of clay", {"ocarina", "gm_ocarina"}),
        ("a wet finger rubbed around a glass", {"wineglass"}),
        ("a gourd covered with beads", {"cabasa"}),
        ("a drum carved from a tree trunk", {"slitdrum"}),
        ("the scottish pipes with drones", {"gm_bagpipe"}),
        ("a keyboard stevie wonder made funky", {"gm_clavinet"}),
        ("the xylophone of the griots, with gourds under its keys", {"balafon"}),
    ],
)
def test_an_instrument_described_without_its_name_answers_that_sound(shared_index, query, firsts):
    # Given an instrument described by its origin, material, playing or use, never named
    response = strudel_knowledge(query, index=shared_index)
    # Then that instrument's sound answers first, and no word of the description is "missing"
    assert response["ok"] is True, response["answer"]
    assert "Strudel has no" not in response["answer"]
    assert _names(response)[0] in firsts, _names(response)


def test_a_near_thing_a_sounds_own_words_describe_is_that_sound(shared_index):
    # Given "lute" (near: Strudel has no lute) beside words the shamisen's phrases hold
    response = strudel_knowledge("a three stringed japanese lute", index=shared_index)
    # Then the shamisen answers
    assert response["ok"] is True and _names(response)[0] == "gm_shamisen", response["answer"]
    # while a lute alone is still a thing Strudel lacks
    alone = strudel_knowledge("a lute", index=shared_index)
    assert alone["ok"] is False and "Strudel has no lute" in alone["answer"]


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("crank up the resonance", "lpq"),
        ("a metallic bell tone with fm", "fmi"),
        ("add a hollow breathy noise to the synth", "noise"),
        ("make the drums sound festive with swing", "swing"),
        ("blow the bass up with a bitcrusher", "crush"),
    ],
)
def test_a_function_asked_with_instrument_words_keeps_the_function(shared_index, query, first):
    # Given a change to a sound, worded with words the instruments' descriptions use too
    # ("crank", "metallic", "hollow", "festive", "blow")
    response = strudel_knowledge(query, index=shared_index)
    # Then the function answers, not an instrument those words describe
    assert response["ok"] is True, response["answer"]
    assert _names(response)[0] == first, _names(response)


@pytest.mark.parametrize(
    ("query", "thing"),
    [
        ("a handpan melody", "handpan"),
        ("a ukulele strum", "ukulele"),
        ("a hurdy gurdy drone", "hurdy"),
        ("djembe rhythms for a drum circle", "djembe"),
        ("some gamelan gongs", "gamelan"),
    ],
)
def test_an_instrument_strudel_lacks_stays_a_no_among_the_descriptions(shared_index, query, thing):
    # Given an instrument no sound of the snapshot is (phrasebook/near.txt), among descriptive words
    response = strudel_knowledge(query, index=shared_index)
    # Then it is still a no, naming the thing, though the words around it now describe sounds
    assert response["ok"] is False, _names(response)
    assert "Strudel has no" in response["answer"] and thing in response["answer"], response["answer"]


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("a flute from a studio ghibli soundtrack", "gm_flute"),
        ("an accordion from paris", "gm_accordion"),
    ],
)
def test_one_instrument_after_an_article_then_its_setting_is_that_instrument(shared_index, query, first):
    # Given "a <instrument>" and where it comes from, in words nothing or only a sound holds
    response = strudel_knowledge(query, index=shared_index)
    # Then the instrument leads (not a sound of its setting, not a function)
    assert response["ok"] is True, response["answer"]
    assert _names(response)[0] == first, _names(response)


def test_a_functions_phrase_reaching_into_the_setting_keeps_the_function(shared_index):
    # Given a sound's name whose setting completes a function's phrase ("bass line from chords")
    response = strudel_knowledge("bass line from the chord roots", index=shared_index)
    # Then the function answers
    assert _names(response)[0] == "rootNotes", _names(response)


def test_a_name_compared_with_style_is_never_what_strudel_lacks(shared_index):
    # Given a band named before "style"
    response = strudel_knowledge("kraftwerk style electronic drums", index=shared_index)
    # Then the band is what the wish is compared to, not a thing Strudel lacks
    assert "Strudel has no kraftwerk" not in (response.get("answer") or "")


def test_a_comparison_ends_where_the_wish_goes_on_with_a_preposition(shared_index):
    # Given a comparison ("like a real drummer") followed by how it should be done
    response = strudel_knowledge(
        "humanize the velocity like a session drummer with machine learning", index=shared_index
    )
    # Then the thing after "with" is asked for, and Strudel lacks it
    assert response["ok"] is False and "Strudel has no machine learning" in response["answer"]


_OPENING_WORDS = ["a", "the", "some", "make", "how", "I'm"]
_OPENING_WORDS += ["hammond", "organ", "pan", "pipes", "with", "on", "my", "drums"]


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.sampled_from([*_OPENING_WORDS, ",", "?", "-"]), max_size=8))
def test_the_cheap_not_me_of_an_opening_sound_agrees_with_the_full_reading(shared_index, words):
    from strudel_jupyter.lookup.sound_request import _WORD_OR_BREAK, _read_head

    # Given any question built of articles, filler, verbs, sounds' words and punctuation
    text = " ".join(words)
    prose = prose_words(shared_index)
    # When sound_head reads it (it says "not me" early when a non-article opens it)
    # Then its answer is the full reading's, to the word
    assert sound_head(text, prose) == _read_head(text, _WORD_OR_BREAK.findall(text), prose, frozenset())


@pytest.mark.parametrize(
    ("query", "head_in", "kind"),
    [
        # a bare noun phrase for a sound: its colour words are no function's ("fat" is detune's)
        ("a fat snare", "sd snare", "sound"),
        ("big fat kick", "bd kick", "sound"),
        # a verb, a reference word, or colour only a function holds keeps the question's reading
        ("punchy kick", None, "function"),
        ("wub wub bass", None, "function"),
        ("fatten the snare", None, "function"),
        ("make the kick punchy", None, "function"),
        ("bit crusher effect", None, "function"),
    ],
)
def test_colour_words_before_a_sound_ask_for_the_sound(shared_index, query, head_in, kind):
    items = strudel_knowledge(query, index=shared_index)["items"]
    assert items[0]["kind"] == kind, [i["name"] for i in items]
    if head_in:
        assert any(part in items[0]["name"] for part in head_in.split()), [i["name"] for i in items]


def test_an_instrument_named_in_full_keeps_its_sound_first(shared_index):
    # "fretless bass guitar": the fretless bass, not every guitar; "Korg Minipops rhythm box": the machine
    assert strudel_knowledge("fretless bass guitar", index=shared_index)["items"][0]["name"] == "gm_fretless_bass"
    assert strudel_knowledge("Korg Minipops rhythm box", index=shared_index)["items"][0]["name"].startswith("korg")


@pytest.mark.parametrize("query", ["korg ms-20 bass", "the mpc 2000 snare", "an oberheim ob-8 pad"])
def test_a_gear_model_no_sound_or_bank_is_is_a_no_with_the_closest(shared_index, query):
    # Given a machine's model that no bank or sound is (the banks spell models: ms404, mpc1000)
    response = strudel_knowledge(query, index=shared_index)
    # Then Strudel says it has no such machine, offering real sounds that come closest
    assert not response["ok"] and response["reason"] == "not_found", response["answer"]
    assert response["suggestions"] and "Strudel has no" in response["answer"]
    assert_not_invented(response, known_names(shared_index))


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("an sp-1200 snare", "sp12"),
        ("tr-808 kick", "808"),
        ("a dx7 electric piano", "gm_epiano2"),
        ("crisp 909 hats", "909"),
    ],
)
def test_a_gear_model_strudel_has_is_answered(shared_index, query, first):
    # the SP-1200 is the bank sp12; the DX7 is what the phrasebook calls the FM electric piano
    response = strudel_knowledge(query, index=shared_index)
    assert response["ok"] and first in response["items"][0]["name"], [i["name"] for i in response["items"]]
