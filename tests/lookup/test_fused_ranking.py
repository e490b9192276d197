"""One model for a description: the docs' text fused with the phrasebook's phrases.

Given a musician's description, when phrases name entries, then what an entry answers of
the question is its phrases' words together plus its text's coverage (the domain choice
reads it), the coverage the confidence reads is unchanged, and tonal names (chord
symbols, scale families) and numbers written as words are read as phrases too.
"""

from __future__ import annotations

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.lookup.ranking import rank_words

from .responses import assert_not_invented


def _top(query: str) -> str:
    response = strudel_knowledge(query)
    assert response["ok"], response
    return response["items"][0]["name"]


def test_the_phrase_s_coverage_is_kept_for_the_confidence(shared_index):
    # what a phrase hit covers of the question is at least its own span, and at least what its
    # entry's text covers (the phrases field included): the confidence reads it
    words = ["modulate", "knob", "slowly", "LFO"]
    hits = rank_words(shared_index, words, phrase=words).reference
    slider = next(h for h in hits if h.name == "slider")
    assert slider.via == "knob"
    text = [h.coverage for h in rank_words(shared_index, words).reference if h.name == "slider" and h.match == "text"]
    assert slider.coverage >= max([0.25, *text])  # one word of four, or more where the text says more


def test_a_phrase_answering_the_whole_question_still_leads():
    assert _top("ratchet the hats") == "ply"
    assert _top("canon: a delayed copy of the melody on top") == "off"


def test_the_domain_reads_what_a_phrase_answers_with_its_text():
    # "scratch" is what DJs call scrub; "hand" is also a word of the sounds (handchimes): the
    # function's phrase and text together answer more of the question than the sounds' text
    response = strudel_knowledge("scratch the sample by hand like a dj")
    assert (response["domain"], response["items"][0]["name"]) == ("reference", "scrub")
    # "stab" is what producers call an orchestra hit, and "drop" a function's name: the sound wins
    response = strudel_knowledge("orchestra stab for the drop")
    assert (response["domain"], response["items"][0]["name"]) == ("sounds", "gm_orchestra_hit")


def test_a_chord_symbol_typed_asks_for_the_function_that_voices_chords(names):
    # the symbols are tonal.json's: "Cmaj7", "G7" are chords, whatever the words around them
    for question in ["how do I write a Cmaj7", "play Dm7 G7 Cmaj7 on the piano"]:
        response = strudel_knowledge(question)
        assert response["items"][0]["name"] == "voicing", question
        assert_not_invented(response, names)


def test_english_words_and_notes_in_an_octave_are_no_chord_symbols(shared_index):
    from strudel_jupyter.lookup.ranking import _chord_symbols

    words = ["dim", "the", "pad", "A4", "C3", "add"]
    assert _chord_symbols(shared_index, words) == []
    assert [h.phrase for h in _chord_symbols(shared_index, ["G7", "maj7", "E5"])] == ["G7", "maj7"]


def test_a_scale_named_as_musicians_do_asks_for_scale():
    # the church modes and scale families are the phrasebook's words for scale
    assert _top("the mixolydian mode") == "scale"
    assert _top("play it in phrygian") == "scale"


def test_numbers_written_as_words_match_a_phrase_s_digits():
    from strudel_jupyter.data.textindex import tokenize
    from strudel_jupyter.lookup.phrasebook import load_phrasebook

    book = load_phrasebook()
    # "every 4 bars" is written with a digit; "four", "fourth" and "4th" read as it
    for question in ["every four bars", "every fourth bar", "every 4th bar", "every 4 bars"]:
        assert [h.target for h in book.find(tokenize(question))] == ["every"], question
    # and a phrase written with a number word is still found as written (no digit needed)
    assert [h.target for h in book.find(tokenize("dotted eighth delay"))] == ["delaysync"]
    assert _top("change the kick pattern every four bars") == "every"


def test_harsh_highs_are_the_low_pass_filter_s_words():
    # the glossary reads "harsh", "tame the highs" as the docs' low-pass filter cutoff
    assert _top("the cymbals are too harsh") == "lpf"
    assert _top("tame the highs on the hats") == "lpf"


def test_an_entry_named_by_several_phrases_answers_their_words_together(shared_index):
    # "laser", "zap" and "pitch dive" are all penv's: together they are most of the question
    words = ["laser", "zap", "pitch", "dives", "start", "note"]
    ranking = rank_words(shared_index, words, phrase=words)
    one_phrase = rank_words(shared_index, ["laser", "start", "note"], phrase=["laser", "start", "note"])
    assert ranking.phrase_share[("function", "penv")] > 0.6 > one_phrase.phrase_share[("function", "penv")]
    assert _top("a laser zap where the pitch dives at the start of the note") == "penv"


def test_the_rest_of_a_description_picks_the_family_member_its_phrase_names_the_root_of():
    # Given a phrase for a family's root (tremolo, delay) and words only a member's docs hold
    # When asked
    # Then that member leads, just above the root
    for query, member, root in [
        ("a volume wobble locked to the bpm", "tremolosync", "tremolo"),
        ("more feedback on the dub delay", "delayfeedback", "delay"),
    ]:
        names = [i["name"] for i in strudel_knowledge(query)["items"]]
        assert names[0] == member and root in names[:3], names


def test_a_root_s_phrase_alone_stays_the_root_and_a_named_input_is_no_family_word():
    # "ratchet the hats" says nothing a member of ply's family adds: ply; "a minor key" names
    # what scale reads, not a word scaleTranspose's family shares
    assert _top("ratchet the hats") == "ply"
    assert _top("keep my bassline in a minor key") == "scale"


def test_among_names_found_the_english_words_follow_the_names_meant():
    # Given a short question whose words are all names, some of them English words for how
    # often or where ("each", "every")
    # When asked
    # Then the names meant lead and the English words follow
    for query, first, last in [("range of each note", "range", "each"), ("echo every note", "echo", "every")]:
        names = [i["name"] for i in strudel_knowledge(query)["items"]]
        assert names[0] == first and names[-1] == last, names
    # a name in another case than the English word's keeps its place
    names = [i["name"] for i in strudel_knowledge("Pattern of each note")["items"]]
    assert names.index("each") == len(names) - 1, names


def test_a_description_of_an_entry_that_points_to_another_answers_the_other_first(shared_index):
    # Given doc.json entries whose whole description points elsewhere ("See fastcat")
    assert shared_index.reference.by_name["sequence"].description.strip().startswith("See ")
    # When a description names the pointer by its phrases
    names = [i["name"] for i in strudel_knowledge("chain these patterns in a cycle")["items"]]
    # Then the entry pointed to leads, the pointer right after it
    assert names[:2] == ["seq", "sequence"], names


def test_an_ordinal_before_a_sound_s_word_asks_which_sample_of_the_folder_plays(shared_index):
    # Given "the 2nd snare", "the third piano sample": the n-th sample of a sound's folder
    for query in ["use the 2nd snare sample instead", "play the third piano sample"]:
        # Then n, which picks the sample by its number, comes first
        assert _top(query) == "n", query
    # an ordinal before a word that names no sound is no sample number
    from strudel_jupyter.lookup.ranking import _nth_samples

    assert _nth_samples(shared_index, ["third", "time", "lucky"]) == []
    # nor is a note value ("a dotted eighth echo")
    assert _nth_samples(shared_index, ["dotted", "eighth", "echo"]) == []


def test_values_asked_for_as_a_span_are_range_s_and_random_ones_are_not(shared_index):
    # Given a signal asked to move between two values
    assert _top("make the lfo move between 100 and 900") == "range"
    assert _top("a sine that goes between 0.2 and 0.8") == "range"
    # Then range, which scales 0-1 to a minimum and maximum; a random number between two is no span
    from strudel_jupyter.lookup.ranking import _value_span

    assert _value_span(shared_index, ["random", "number", "between", "0", "7"]) == []
