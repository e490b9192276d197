"""Tonal names written in a question's words lead to the function that reads them.

The names are tonal.json's, read at run time (lookup/tonal_words.py): a scale type or alias
-> scale, a chord type in words or a quality before "chord" -> voicing, a voicing dictionary
in a question about voicings -> dictionary.
"""

from __future__ import annotations

import shutil

import pytest

from strudel_jupyter import StrudelIndex, strudel_knowledge
from strudel_jupyter.lookup.intent import content_tokens
from strudel_jupyter.lookup.tonal_words import tonal_phrases

CHORD_FUNCTIONS = {"voicing", "voicings", "chord"}


def _hits(index, question: str) -> list[tuple[str, str]]:
    return [(h.target, h.phrase) for h in tonal_phrases(index, content_tokens(question))]


def test_every_scale_type_of_the_snapshot_is_read_after_a_tonic(shared_index):
    # Given each of tonal.json's scale types, written as a musician writes a key ("in D phrygian dominant")
    for scale in shared_index.tonal.scales:
        hits = _hits(shared_index, f"keep the notes in D {scale.name}")
        # When the question is read, Then the name with its tonic is a phrase for scale()
        assert [target for target, phrase in hits if phrase.startswith("D ")] == ["scale"], (scale.name, hits)


def test_a_key_in_a_names_its_tonic(shared_index):
    # Given "in A minor", Then the capital A is read as the tonic, not as an article
    assert content_tokens("play my melody in A minor") == ["play", "melody", "A", "minor"]
    assert _hits(shared_index, "play my melody in A minor") == [("scale", "A minor")]
    # and an article stays filler
    assert "A" not in content_tokens("A kick that thumps")


def test_a_one_word_alias_is_a_scale_only_when_said_so(shared_index):
    # Given an alias that is also an everyday word (tonal.json lists "spanish" for phrygian dominant)
    assert shared_index.tonal.scale("spanish") is not None
    # When it names an instrument, Then it is no scale
    assert _hits(shared_index, "a spanish guitar strum") == []
    # When a tonic or the word scale goes with it, Then it is one
    assert _hits(shared_index, "a riff in the spanish scale") == [("scale", "spanish")]
    assert _hits(shared_index, "solo in E spanish") == [("scale", "E spanish")]


def test_major_and_minor_alone_are_english_unless_a_key_is_named(shared_index):
    # Given scale names that are also chord qualities and everyday words
    assert _hits(shared_index, "a major reverb on the vocals") == []
    # Then they are a scale with a tonic or the word key
    assert _hits(shared_index, "in the key of G major") == [("scale", "G major")]
    assert _hits(shared_index, "the minor key") == [("scale", "minor")]
    assert strudel_knowledge("a major reverb on the vocals")["items"][0]["name"] == "room"


def test_a_quality_before_a_chord_word_is_a_chord_not_a_scale(shared_index):
    # Given words tonal knows both as a scale and as a chord quality
    assert _hits(shared_index, "minor chords for the verse") == [("voicing", "minor chords")]
    assert _hits(shared_index, "a sus chord") == [("voicing", "sus chord")]
    # a chord type spelt out in words
    assert _hits(shared_index, "half diminished chord in my progression") == [("voicing", "half diminished")]
    assert _hits(shared_index, "a minor seventh here") == [("voicing", "minor seventh")]


def test_a_voicing_dictionary_written_as_two_words_is_dictionary(shared_index):
    # Given tonal.json's dictionary "lefthand", written as two words in a question about voicings
    assert "lefthand" in shared_index.tonal.voicings
    assert ("dictionary", "left hand") in _hits(shared_index, "use the left hand piano voicings")
    # and without voicings in the question it is just a hand
    assert _hits(shared_index, "pan it to the left hand side") == []


def test_without_tonal_json_no_tonal_phrases(tmp_path, shared_snapshot_dir):
    for name in ("doc.json", "soundmap.json", "symbols.json"):
        shutil.copy(shared_snapshot_dir / name, tmp_path / name)
    bare = StrudelIndex.from_path(tmp_path)
    assert tonal_phrases(bare, ["D", "dorian"]) == []
    assert strudel_knowledge("keep the random notes in D dorian", index=bare)["ok"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("play my melody in A minor", {"scale"}),
        ("keep the random notes in D dorian", {"scale"}),
        ("noodle in the mixolydian", {"scale"}),
        ("play a phrygian riff", {"scale"}),
        ("numbers as scale degrees of G major", {"scale"}),
        ("half diminished chords in the bridge", CHORD_FUNCTIONS),
        ("use the left hand piano voicings", {"dictionary"}),
    ],
)
def test_musicians_tonal_words_answer_the_function_first(query, expected):
    # When a musician names a scale, a chord quality or a dictionary while asking to do something
    response = strudel_knowledge(query)
    # Then the function that reads that name answers first
    assert response["ok"], response["answer"]
    assert response["items"][0]["name"] in expected, [i["name"] for i in response["items"]]


def test_a_spanish_guitar_is_still_a_guitar():
    # Given an alias of a scale used as an everyday word, Then the sound answers, not scale()
    response = strudel_knowledge("spanish guitar")
    assert response["ok"] and response["items"][0]["name"] != "scale"


def test_an_adjective_made_of_a_scale_name_is_that_scale(shared_index):
    # Given a scale name turned adjective ("blues" -> "bluesy") with words saying notes are meant
    assert shared_index.tonal.scale("blues") is not None
    # Then it is a phrase for scale(), as the name itself would be
    assert [t for t, _ in _hits(shared_index, "bluesy notes over the chords")] == ["scale"]
    assert strudel_knowledge("bluesy notes for the lead line")["items"][0]["name"] == "scale"
    # and a word ending in y whose stem is no scale stays a word
    assert _hits(shared_index, "a funky bass line") == []


def test_sounds_after_a_scale_is_how_it_sounds_not_a_listing_of_sounds():
    # Given "sounds" as the verb after a scale or a melody
    response = strudel_knowledge("which scale sounds middle eastern")
    # Then the question is about scales, not a listing of every sound
    assert response["mode"] != "list" and response["items"][0]["name"] == "scale"
    # and listings of sounds are still listings
    assert strudel_knowledge("what sounds are there")["mode"] == "list"
    assert strudel_knowledge("which sounds are drums")["mode"] == "list"


def test_a_mood_for_a_melody_is_a_scale_not_something_strudel_lacks():
    # Given a melody or chords asked for by their mood
    for query in ("give me a sad sounding melody", "a dark melody for the verse"):
        response = strudel_knowledge(query)
        # Then the scale function answers (a mood is what a scale gives a melody)
        assert response["ok"] and response["items"][0]["name"] == "scale", query


class _Everything:
    """A set holding every word: the spans read without the first-word shortcut."""

    def __contains__(self, word: object) -> bool:
        return True


def _tonal_vocabulary(index) -> list[str]:
    from strudel_jupyter.lookup.tonal_words import _tonal_names

    names = _tonal_names(index)
    spelled = [*names.chords, *names.symbols, *names.scales]
    words = sorted({w for name in spelled for w in name.split()})
    return [*words[:: max(len(words) // 60, 1)], "D", "F#", "sharp", "chord", "chords", "scale", "voicings", "left"]


def test_spans_passed_over_by_their_first_word_read_as_every_span_would(shared_index, monkeypatch):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from strudel_jupyter.lookup import tonal_words

    vocabulary = _tonal_vocabulary(shared_index)
    shortcut = tonal_words._name_starts

    @settings(max_examples=300, deadline=None)
    @given(words=st.lists(st.sampled_from([*vocabulary, "kick", "reverb", "warm"]), max_size=12))
    def check(words):
        # Given content words with the tonal names' own words among them
        # When the spans are read with the first-word shortcut, and reading every span
        fast = tonal_phrases(shared_index, words)
        monkeypatch.setattr(tonal_words, "_name_starts", lambda index, names: (_Everything(), _Everything()))
        try:
            every = tonal_phrases(shared_index, words)
        finally:
            monkeypatch.setattr(tonal_words, "_name_starts", shortcut)
        # Then both find the same phrases
        assert fast == every, words

    check()
