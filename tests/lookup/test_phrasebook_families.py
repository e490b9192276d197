"""The phrasebook's families in musicians' own words (issue 21), on the real snapshot.

Given a question worded as producers talk (none is an eval question), when it is answered,
then the function whose family the phrasebook describes comes first. Each row is one
family's everyday wording: filter envelopes, delay repeats and spacing, effect buses,
transients, sample-rate reduction, synced tremolo, time stretching, detune, band-pass;
repeating, rotating and looping bars, chance, shuffling, alternating, layering.
"""

from __future__ import annotations

import pytest

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.data.textindex import tokenize
from strudel_jupyter.lookup.phrasebook import load_phrasebook
from strudel_jupyter.lookup.ranking import _family_words

from .responses import assert_not_invented


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("how long does the filter take to open", "lpattack"),
        ("flip the filter envelope upside down", "fanchor"),
        ("the echoes keep going forever, more feedback on the delay", "delayfeedback"),
        ("how much time between echoes", "delaytime"),
        ("give the vocals a separate reverb", "orbit"),
        ("make the drums punchier", "transient"),
        ("lower the sample rate for a cheap sampler vibe", "coarse"),
        ("tremolo synced to the tempo", "tremolosync"),
        ("keep the same length but pitch it up", "stretch"),
        ("fatten the supersaw", "detune"),
        ("make my synth sound like an old telephone", "bpf"),
        ("darken the reverb", "roomlp"),
        ("the distortion is too loud", "distortvol"),
        ("wub wub bass", "lpsync"),
        ("breathy hiss on the pad", "noise"),
        ("soft saturation that rounds the peaks", "soft"),
        # time, rhythm, randomness and structure
        ("stop all the sound now", "hush"),
        ("play each bar twice", "repeatCycles"),
        ("occasionally reverse it, not every time", "sometimes"),
        ("randomly leave out some notes", "degradeBy"),
        ("shuffle the slices without repeating", "shuffle"),
        ("alternate riffs, one bar each", "slowcat"),
        ("the kick and snare in polymetre", "polymeter"),
        ("play the drums double speed", "fast"),
        ("start the loop halfway through", "begin"),
        ("humanise the timing of the hats", "late"),
        ("play two melodies simultaneously", "stack"),
        ("put hits on steps 1 and 5", "beat"),
        ("mirror the loop forwards then reversed", "palindrome"),
        ("mute some bars with an on off pattern", "mask"),
    ],
)
def test_a_family_in_musicians_words_answers_first(question, first, names):
    response = strudel_knowledge(question)
    assert response["ok"], response
    assert response["items"][0]["name"] == first
    assert_not_invented(response, names)


@pytest.mark.parametrize(
    ("question", "root", "member"),
    [
        # the root named by a phrase, the member by a word of its own elsewhere in the question
        ("I'd like the hall on the vocal to be way bigger", "room", "roomsize"),
        ("the stereo trick on the lead, but subtler", "jux", "juxBy"),
    ],
)
def test_a_word_only_a_family_member_owns_makes_it_the_one_meant(shared_index, question, root, member):
    names = [i["name"] for i in strudel_knowledge(question, index=shared_index)["items"]]
    assert names[0] == member and root in names, names


def test_a_family_members_own_words_are_none_of_its_roots(shared_index):
    names = [e.name for e in shared_index.reference.entries]
    families = {root: members for root in names if (members := _family_words(shared_index, root))}
    # Given the families (room: roomsize, roomfade...), Then every member starts with its root's name
    assert {"room", "jux", "ply"} <= set(families)
    book = {line.target: line for line in load_phrasebook().lines}
    for root, members in families.items():
        roots_words = {t for p in book[root].phrases for t in tokenize(p)} if root in book else set()
        for name, own in members:
            assert name.lower().startswith(root.lower()) and name != root
            # and no word of the root's own phrases, nor any function's name, is a member's own word
            assert not own & roots_words, (root, name, own & roots_words)
            assert all(shared_index.reference.get(t) is None for t in own), (name, own)
