"""Reading musicians' questions: names written as code, question verbs, existence questions."""

from __future__ import annotations

import pytest

from strudel_jupyter import strudel_knowledge


def _ask(query, index):
    return strudel_knowledge(query, index=index)


@pytest.mark.parametrize(
    "query",
    [
        "how do I use `rot`",
        "what does .rot() do",
        "how do I use `.rot()`",
        "is rot a built-in",
        "does .humanize() exist",
        "is `.reverb()` a real function?",
        "I saw someone use .humanise(), is it real?",
        "I saw someone use humanise, is it real?",
        "does setBpm exist",
    ],
)
def test_a_name_asked_about_that_does_not_exist_is_a_no_never_another_function(shared_index, query):
    # Given a question about one exact name that Strudel lacks
    response = _ask(query, shared_index)
    # Then the answer is no, with no function standing in for it
    assert response["ok"] is False and not response.get("items")


@pytest.mark.parametrize(
    "query", ["how do I use `.rot()`", "does .humanize() exist", "is `.reverb()` a real function?", "does setBpm exist"]
)
def test_the_no_comes_with_real_suggestions(shared_index, query, names):
    suggestions = _ask(query, shared_index)["suggestions"]
    assert suggestions and all(s.lower() in names for s in suggestions)


@pytest.mark.parametrize(
    ("query", "suggested"),
    [
        ("can I just call setTempo(120) at the top?", "setcpm"),
        ("I saw someone use .humanise() and .reverb() in a video, are they real?", "room"),
        ("what happens if I write note('c e g').volume(0.5) here", "gain"),
    ],
)
def test_code_in_any_question_that_calls_an_invented_name_is_a_no(shared_index, query, suggested):
    # Given code quoted in a question of any wording, calling a name Strudel does not have
    response = _ask(query, shared_index)
    # Then the answer is that name's absence, with the real name meant among the suggestions
    assert response["ok"] is False and response["reason"] == "invalid_code"
    assert suggested in response["suggestions"]


@pytest.mark.parametrize("query", ["can I use .fast(2) inside stack", "is .jux(rev).room(0.5) valid"])
def test_a_chain_of_methods_quoted_alone_is_checked_on_a_pattern(shared_index, query):
    # ".fast(2)" alone is not a program, but it is valid Strudel on a pattern
    response = _ask(query, shared_index)
    assert response["ok"] is True and not any("syntax" in n for n in response["notes"])


def test_a_fragment_finding_points_into_the_question_code(shared_index):
    notes = _ask("is .fats(2) valid", shared_index)["notes"]
    assert any(n.startswith("line 1, column 2:") and ".fats()" in n for n in notes)


def test_quoted_code_is_described_outer_call_first(shared_index):
    names = [i["name"] for i in _ask("what does .every(4, x=>x.rev()) mean", shared_index)["items"]]
    assert names[:2] == ["every", "rev"]


def test_an_invented_name_is_answered_with_its_meaning(shared_index):
    assert "room" in _ask("is `.reverb()` a real function?", shared_index)["suggestions"]


@pytest.mark.parametrize(
    ("query", "top"),
    [("is `room` a built-in", "room"), ("what does .fast() do", "fast"), ("how do I use `fast`", "fast")],
)
def test_a_name_written_as_code_that_exists_is_described(shared_index, query, top):
    response = _ask(query, shared_index)
    assert response["ok"] and response["items"][0]["name"] == top


@pytest.mark.parametrize(
    ("query", "top"),
    [("how do I add reverb", {"room"}), ("add overdrive", {"distort", "shape", "drive"}), ("add swing", {"swing"})],
)
def test_a_question_verb_is_not_read_as_a_name(shared_index, query, top):
    # Given "add", a verb of the question and also a function's name
    response = _ask(query, shared_index)
    # Then the thing to add answers, not add
    assert response["ok"] and response["items"][0]["name"] in top
    assert "add" not in [i["name"] for i in response["items"]]


def test_a_question_about_the_verb_itself_still_answers_it(shared_index):
    assert _ask("what does add do", shared_index)["items"][0]["name"] == "add"


@pytest.mark.parametrize(
    ("query", "top"), [("open hi hat", "oh"), ("closed hi hat", "hh"), ("hi what does room do", "room")]
)
def test_hi_is_a_greeting_only_where_a_greeting_goes(shared_index, query, top):
    # "hi" opening a question greets; inside it, it is the hi of a hi-hat
    assert _ask(query, shared_index)["items"][0]["name"] == top


def test_initials_join_only_words_that_spell_the_name_out(shared_index):
    from strudel_jupyter.lookup.ranking import join_words

    # "low pass filter" is how lpf's docs spell it out; "every now different" is not end
    assert join_words(shared_index, ["low", "pass", "filter"]) == ["lpf"]
    assert join_words(shared_index, ["every", "now", "different"]) == ["every", "now", "different"]


# ------------------------------------------------------------- rules added for musicians' words
@pytest.mark.parametrize(
    ("query", "first", "also"),
    [
        # a complaint is about the names it mentions, the first mentioned first
        ("legato 2 does not work in combination with rev", "clip", "rev"),
        ("why is jux not working with rev", "jux", "rev"),
        ("rev doesn't work with jux", "rev", "jux"),
    ],
)
def test_a_complaint_is_about_the_names_it_mentions(shared_index, query, first, also):
    names = [i["name"] for i in strudel_knowledge(query, index=shared_index)["items"]]
    assert names[0] == first and also in names, names


@pytest.mark.parametrize(
    ("query", "first"),
    [
        # what a pattern should do, said with "not" or "broken", is a description, not trouble
        ("shuffle bits of the loop so that some parts might not play at all", "scramble"),
        ("a broken chord, the chord notes one after another", "arp"),
    ],
)
def test_a_description_with_not_or_broken_is_no_complaint(shared_index, query, first):
    response = strudel_knowledge(query, index=shared_index)
    names = [i["name"] for i in response["items"]]
    assert response["mode"] == "search" and names[0] == first, names


def test_a_verb_with_a_glossary_meaning_keeps_its_meaning(shared_index):
    # "pick" is a question verb (and a function): its glossary meaning ("chooses") still counts
    names = [
        i["name"] for i in strudel_knowledge("let the computer pick one of these notes", index=shared_index)["items"]
    ]
    assert names[0] in {"choose", "chooseCycles", "randcat", "wchoose"}, names


def test_a_phrasal_verb_is_read_around_its_object(shared_index):
    # "shift notes up" holds the glossary's "shift up" (transposes): the particle may follow the object
    names = [
        i["name"] for i in strudel_knowledge("shift notes up by a number of semitones", index=shared_index)["items"]
    ]
    assert names[0] in {"transpose", "trans"}, names


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("congas", "conga"),  # a sound's name in the plural is the sound
        ("pianos", "piano"),
        ("congas or bongos for a latin groove", {"bongo", "conga"}),
        ("closed hats", "hh"),  # every word names sounds: a sound, not cut's docs
        ("south indian mridangam strokes", "mridangam"),  # a bank named inside a description
    ],
)
def test_sounds_named_in_a_description_answer_from_the_sounds(shared_index, query, first):
    response = strudel_knowledge(query, index=shared_index)
    top = response["items"][0]["name"]
    assert response["domain"] == "sounds" and (top in first if isinstance(first, set) else top == first), top


def test_the_strings_an_example_passes_to_a_function_describe_it(shared_index):
    # struct's examples pass "x ~ x ~": a question quoting such a rhythm finds it
    names = [i["name"] for i in strudel_knowledge("give my synth the rhythm x ~ x x", index=shared_index)["items"]]
    assert names[0] == "struct", names


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("a warm harpsicord", "gm_harpsichord"),  # the instrument named, not the adjective's pad
        ("some glockenspeil on top", "glockenspiel"),  # not "on top" (superimpose) in the reference
        ("how do I use delaytiem with a pattern", "delaytime"),
    ],
)
def test_a_misspelt_name_in_a_description_is_read_as_that_name(shared_index, query, first):
    response = strudel_knowledge(query, index=shared_index)
    assert response["items"][0]["name"] == first, [i["name"] for i in response["items"]]


def test_a_name_with_an_ending_is_a_word_of_its_own_not_a_misspelling(shared_index):
    from strudel_jupyter.lookup.ranking import _corrected, _misspelt_words

    found = _misspelt_words(shared_index, ["jazzy", "harpsicord"], reference=True, sounds=True)
    assert _corrected("harpsicord", found["harpsicord"]) == "harpsichord"
    assert _corrected("jazzy", found["jazzy"]) == "jazzy"  # jazz + y: kept as typed


def test_one_edit_in_a_short_word_is_not_a_correction(shared_index):
    from strudel_jupyter.lookup.ranking import _corrected, _misspelt_words

    found = _misspelt_words(shared_index, ["drown"], reference=True, sounds=True)
    assert _corrected("drown", found["drown"]) == "drown"  # brown (noise) is one letter away


@pytest.mark.parametrize(
    ("query", "function"), [("the snare needs a big hall", "room"), ("muffle the snare a bit", "lpf")]
)
def test_a_glossary_word_beside_a_sound_name_asks_for_the_function(shared_index, query, function):
    # the sound named is what the effect is for: "hall" is the docs' reverb, "muffle" low-pass
    response = strudel_knowledge(query, index=shared_index)
    assert response["domain"] == "reference" and function in [i["name"] for i in response["items"]]


@pytest.mark.parametrize(("query", "first"), [("linn snare", "linn_sd"), ("the cowbell from the tr808", "tr808_cb")])
def test_a_bank_named_with_a_sound_answers_the_banks_sound(shared_index, query, first):
    # Given a drum machine and one of its sounds named together
    items = strudel_knowledge(query, index=shared_index)["items"]
    # Then that machine's sound leads, and the names asked by follow
    assert items[0]["name"] == first and items[0]["kind"] == "sound", [i["name"] for i in items]


def test_a_sounds_own_name_is_no_glossary_clue(shared_index):
    # "supersaw" is a sound and a glossary word (detuned unison): typed as a name, the sound
    response = strudel_knowledge("huge trance supersaw lead", index=shared_index)
    assert response["domain"] == "sounds" and response["items"][0]["name"] == "supersaw"


def test_a_misspelt_word_in_prose_means_an_instrument_or_a_bank_not_a_machines_sample(shared_index):
    from strudel_jupyter.lookup.ranking import _misspelt

    names = {h.name for h in _misspelt(shared_index, "rolandtr909hh", reference=False, sounds=True)}
    assert "rolandtr909" in names  # the bank, spelt without its sample
    assert not any("_" in n for n in names)  # never rolandtr909_hh, a sample typed as code
    assert "gm_harpsichord" in {h.name for h in _misspelt(shared_index, "harpsicord", reference=False, sounds=True)}


def test_misspelling_candidates_are_remembered_per_registry_version_and_bounded(fresh_index, monkeypatch):
    from strudel_jupyter.lookup import ranking

    first = ranking._misspelt(fresh_index, "harpsicord", reference=True, sounds=True)
    assert first == ranking._misspelt(fresh_index, "harpsicord", reference=True, sounds=True)
    # a sound registered under that spelling is a new registry version: the word is now a name
    fresh_index.register_sounds({"harpsicord": ["h/a.wav"]}, "https://example.com/")
    assert ranking._misspelt(fresh_index, "harpsicord", reference=True, sounds=True) == []
    # however many words are asked about, the memo stays bounded
    monkeypatch.setattr(ranking, "MISSPELT_MEMO_WORDS", 50)
    for n in range(200):
        ranking._misspelt(fresh_index, f"word{n}x", reference=True, sounds=True)
    assert len(fresh_index.sounds.state.derived[("ranking", "misspelt")]) <= 50
