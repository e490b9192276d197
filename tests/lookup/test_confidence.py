"""Knowing when it does not know: every free-text answer carries a confidence, and a question
about something Strudel lacks answers ``ok: false`` with what comes closest."""

from __future__ import annotations

import pytest

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.data.textindex import tokenize
from strudel_jupyter.lookup.confidence import CONFIDENT, MISSING_SHARE, Evidence, confidence, missing_words
from strudel_jupyter.lookup.wish_objects import WISH_OBJECTS_FILE, wish_object_stems


@pytest.mark.parametrize(
    ("query", "missing"),
    [
        ("how do I turn on a metronome click", "metronome"),
        ("karaoke mode that shows lyrics", "karaoke"),
        ("upload my song to soundcloud", "soundcloud"),
    ],
)
def test_a_thing_strudel_lacks_is_a_no_with_what_comes_closest(shared_index, query, missing):
    # Given a question about something no doc, sound, glossary or phrasebook line holds
    response = strudel_knowledge(query, index=shared_index)
    # Then it is not answered as if it were there
    assert response["ok"] is False and response["reason"] == "not_found"
    # and the answer names the missing thing and offers real names as the closest
    assert response["answer"].startswith("Strudel has no") and missing in response["answer"]
    assert response["suggestions"] and "closest:" in response["answer"].lower()
    assert all(shared_index.reference.get(s) or s in shared_index.sounds.entries for s in response["suggestions"])
    assert 0.0 <= response["confidence"] < CONFIDENT


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("thicken up the lead with a bit of chorus", "chorus"),  # one odd word in a long description is colour
        ("shimmery chorus", "chorus"),  # a name typed that musicians use for it too
        ("widen the stereo", "jux"),  # the phrasebook's words
        ("mbira", "kalimba"),  # (a sound of the kalimba family)
        ("how do I make it slower", "slow"),  # not the sample wineglass_slow
    ],
)
def test_things_strudel_has_stay_answers_with_a_confidence(shared_index, query, first):
    response = strudel_knowledge(query, index=shared_index)
    assert response["ok"] is True, response["answer"]
    assert response["items"][0]["name"].startswith(first), [i["name"] for i in response["items"]]
    assert CONFIDENT <= response["confidence"] <= 1.0


def test_a_name_typed_is_certain_and_text_is_worth_its_supported_coverage():
    # Given the evidence of a name typed, and of loose text overlap
    assert confidence(Evidence("exact")) == 1.0
    weak = Evidence("text", coverage=0.3)
    supported = Evidence("text", coverage=0.3, phrase=1.0)
    # Then a phrase of the phrasebook naming the answer raises it
    assert confidence(weak) < confidence(supported)
    # and a word nothing in Strudel holds lowers it by its share of the question
    lacking = Evidence("text", coverage=0.6, missing=("vocoder",), words=2)
    assert confidence(lacking) == pytest.approx(0.3)
    assert lacking.absent(confidence(lacking))
    # but one odd word among many does not make a question about a missing thing
    colour = Evidence("text", coverage=0.3, missing=("crank",), words=6)
    assert colour.missing_share < MISSING_SHARE and not colour.absent(confidence(colour))


def test_missing_words_are_words_nothing_in_strudel_holds(shared_index):
    # Given words of the docs, a sound's, the glossary's ("muffled"), a name, and words nowhere
    words = ["reverb", "piano", "muffled", "lpf", "vocoders", "soundcloud", "de", "16"]
    # Then only the words nowhere are missing (the phrasebook names vocoders only as a thing
    # Strudel lacks, which is no word it holds), and a short one says too little to count
    assert missing_words(shared_index, words) == ["vocoders", "soundcloud"]
    # unless it is an acronym typed in capitals ("AI"), which names a thing
    assert missing_words(shared_index, ["drum", "beat", "AI", "ai"]) == ["ai"]
    assert missing_words(shared_index, ["FM", "DJ", "filter"]) == []
    # and an adverb says how, never what: "woozily" is no thing Strudel lacks, a "rally" may be
    assert missing_words(shared_index, ["lead", "wobble", "woozily"]) == []
    assert strudel_knowledge("make the lead wobble woozily")["ok"]


def test_a_sound_named_with_words_for_sounds_is_that_sound(shared_index):
    # "white" is a sound; "white noise" is how people say it
    response = strudel_knowledge("is white noise available", index=shared_index)
    assert response["ok"] is True and response["items"][0]["name"] == "white"


@pytest.mark.parametrize(
    ("query", "meant"),
    [("is there a flanger", "phaser"), ("does strudel have a limiter", "compressor"), ("is reverb valid", "room")],
)
def test_a_check_on_a_word_that_is_no_name_offers_what_strudel_calls_it(shared_index, query, meant):
    response = strudel_knowledge(query, index=shared_index)
    # a check of a name is exact, and Strudel has no flanger: a word that is no name is a no ...
    assert response["ok"] is False
    # ... which offers the name Strudel has for that thing, or what comes closest, first
    assert response["suggestions"][0] == meant, response["suggestions"]


@pytest.mark.parametrize(
    ("query", "meant"),
    [
        ("does strudel have reverb", "room"),
        ("is there a low pass filter", "lpf"),
        ("is there an arpeggiator", "arp"),
        ("is there a bitcrusher", "crush"),
    ],
)
def test_asking_whether_strudel_has_a_thing_it_has_is_a_yes_with_its_name(shared_index, query, meant):
    # Given a capability question in musicians' words for a thing Strudel has under another name
    response = strudel_knowledge(query, index=shared_index)
    # Then it is a yes, answered with that function
    assert response["ok"] is True, response["answer"]
    assert response["items"][0]["name"] == meant and meant in response["answer"]


@pytest.mark.parametrize(
    "query",
    [
        "fretless bass like jaco pastorius",  # what it is compared to is an example, not the thing asked
        "talkbox sound where the synth says aaa eee ooo",  # sounds spelled out are no things Strudel lacks
    ],
)
def test_comparisons_and_sounds_spelled_out_are_not_missing_things(shared_index, query):
    response = strudel_knowledge(query, index=shared_index)
    assert response["ok"] is True, response["answer"]


def test_the_thing_a_wish_changes_is_never_missing(shared_index):
    # Given musicians' words for what a wish changes (wish_objects.txt), found in no doc
    words = ["play", "riff", "backwards", "jam"]
    # Then none is missing: "my riff", "the jam" are the object of the wish
    assert missing_words(shared_index, words) == []
    # while a word nowhere beside them still is
    assert missing_words(shared_index, ["reverse", "riff", "soundcloud"]) == ["soundcloud"]


def test_the_wish_objects_list_has_its_header():
    text = WISH_OBJECTS_FILE.read_text(encoding="utf-8")
    assert text.startswith("# ") and "Our own list" in text
    # and its words are read with the docs' stemming ("hats" as "hat")
    assert all(t in wish_object_stems() for word in ("riff", "grooves", "hats") for t in tokenize(word))


def test_colour_filler_and_note_values_are_not_things_strudel_lacks(shared_index):
    # Given adjectives by their ending, filler nouns and prepositions, and note values
    words = ["draggable", "reusable", "stuff", "purpose", "underneath", "sixteenths", "semiquavers", "crotchets"]
    # Then none is a thing Strudel lacks (the glossary reads note values as steps per cycle)
    assert missing_words(shared_index, words) == []
    # while a thing Strudel lacks still is one, in the same company
    assert missing_words(shared_index, ["reusable", "metronome"]) == ["metronome"]
    # and a question built around them is answered, not refused
    for question in ("a draggable fader inside my code", "microtonal stuff, like 31 notes per octave"):
        assert strudel_knowledge(question, index=shared_index)["ok"], question


def test_a_noun_made_an_adjective_and_gear_words_are_not_things_strudel_lacks(shared_index):
    # Given "-y" adjectives of nouns Strudel holds and the glossary's hardware and envelope words
    assert missing_words(shared_index, ["flutey", "wiggly", "usb"]) == []
    # Then questions built on them are answered: a USB keyboard is a MIDI keyboard's input
    names = [i["name"] for i in strudel_knowledge("jam on my usb keyboard", index=shared_index)["items"]]
    assert names[0] == "midikeys", names
    assert strudel_knowledge("a soft, flutey sine tone", index=shared_index)["ok"]
