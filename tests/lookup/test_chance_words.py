"""A chance stated in words ("9 out of 10", "half the time", "very rarely") asks for the
function that applies something that often: the steps are read from doc.json's descriptions."""

from __future__ import annotations

import pytest

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.lookup.chance_words import _steps, chance_phrases
from strudel_jupyter.lookup.intent import read_chance


def _first(query, index):
    return strudel_knowledge(query, index=index)["items"][0]["name"]


@pytest.mark.parametrize(
    ("text", "probability"),
    [
        ("swap the sample 9 out of 10 times", 0.9),
        ("one hit in four, maybe", 0.25),
        ("randomly, 3 in 4 notes", 0.75),
        ("a 30% chance of an echo", 0.3),
        ("reverse it half the time", 0.5),
        ("a quarter of the time", 0.25),
        ("three quarters of the time", 0.75),
        ("very rarely add a crash", 0.1),
        ("hardly ever", 0.1),
        ("almost always", 0.9),
        ("rarely", 0.25),  # the plain adverbs, as the functions of those names read them
        ("occasionally", 0.5),
    ],
)
def test_a_chance_in_words_is_read_as_its_probability(text, probability):
    chance = read_chance(text)
    assert chance is not None and chance.probability == pytest.approx(probability), chance


@pytest.mark.parametrize(
    "text",
    [
        "3 out of 8 steps as a rhythm",  # a count of steps: a rhythm, no chance
        "set the volume to 50%",  # an amount
        "set the delay time to 50%",  # "time" alone is a parameter's word
        "an attack time of 10 percent",
        "3 steps out of 8, randomly",  # a share of the steps is a rhythm
        "8 out of 16 steps every time",
        "every note in the bar",
        "how often does the pattern repeat",  # a question about how often, no chance stated
    ],
)
def test_counts_and_amounts_are_no_chance(text):
    assert read_chance(text) is None


def test_the_steps_are_the_docs_shorthands_of_sometimesBy(shared_index):
    # Given the snapshot's descriptions ("Shorthand for .sometimesBy(0.9, fn)", "with a 50% chance")
    steps = _steps(shared_index)
    # Then each step has its chance, and sometimesBy itself (any chance) is none of them
    assert steps["almostAlways"] == 0.9 and steps["sometimes"] == 0.5 and steps["rarely"] == 0.25
    assert "sometimesBy" not in steps and "degradeBy" not in steps


def test_a_chance_between_steps_is_sometimesBy(shared_index):
    words = ["echo", "30", "time"]
    hits = chance_phrases(shared_index, words, read_chance("an echo 30% of the time"))
    assert [(h.target, h.start, h.end) for h in hits] == [("sometimesBy", 1, 2)]  # "30%"


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("swap to a different sample 9 out of 10 times", {"almostAlways"}),
        ("very rarely play the riff backwards", {"almostNever"}),
        ("pitch a note up an octave half the time", {"sometimes"}),
        ("one snare in four gets a ratchet, at random", {"rarely"}),
        ("sometimes play the riff an octave up", {"sometimes"}),
        ("often add a ghost note", {"often"}),
        ("put an echo on 30% of the notes at random", {"sometimesBy"}),
    ],
)
def test_a_question_stating_a_chance_answers_the_function_applying_it(shared_index, query, wanted):
    # Given a musician's wish that says how often, in words
    # When it is asked
    # Then the function applying something with that chance comes first
    assert _first(query, shared_index) in wanted


@pytest.mark.parametrize("query", ["glitch the hats now and again", "make my beat glitch"])
def test_a_glitch_wished_for_is_no_complaint(shared_index, query):
    # "glitch" is an effect a musician asks for: the question is read as a wish, not trouble
    names = [i["name"] for i in strudel_knowledge(query, index=shared_index)["items"]]
    assert names and "glitch" not in names and names[0] not in {"every", "time", "note"}, names


def test_choices_some_likelier_than_others_are_read_as_weighted():
    # Given a choice where some options are likelier, or odds with no choice to make
    chance = read_chance("choose between three chords, the first one much more likely")
    # Then the first is a weighted choice, the second no chance at all
    assert chance is not None and chance.weighted and chance.words == ("likely",)
    assert read_chance("make the hats more likely to glitch") is None
    assert read_chance("balance the weight between kick and bass") is None  # a mix, no chance
    chance = read_chance("choose a chord each bar with odds for each one")
    assert chance is not None and chance.weighted  # a chance per choice: weights
    # a choice made at random with one option's share of the time is weighted too; a share of
    # the events picked is a chance
    chance = read_chance("choose at random, the first groove 80% of the time")
    assert chance is not None and chance.weighted
    chance = read_chance("randomly pick 30% of the notes and reverse them")
    assert chance is not None and not chance.weighted and chance.probability == pytest.approx(0.3)
    # two shares for two things, with no word of choosing, are a weighted choice too
    for text in ("open hat 60 percent of the time, closed hat the other 40", "a clap 75% of the time, a snap 25%"):
        chance = read_chance(text)
        assert chance is not None and chance.weighted, text
    chance = read_chance("glitch the hats 30% of the time")
    assert chance is not None and not chance.weighted


@pytest.mark.parametrize(
    "query", ["choose one of four samples but make the kick likelier", "select from these notes with better odds for C"]
)
def test_a_weighted_choice_answers_the_functions_giving_each_choice_a_probability(shared_index, query):
    # the docs' "giving a probability to each element": wchoose and its per-cycle form
    assert _first(query, shared_index) in {"wchoose", "wchooseCycles"}


@pytest.mark.parametrize(
    ("text", "per_cycle"),
    [
        ("randomly reverse half the bars", True),
        ("one bar in four at random", True),
        ("3 out of 4 cycles, randomly", True),
        ("half the time", False),
    ],
)
def test_a_share_of_the_bars_is_a_chance_per_cycle(text, per_cycle):
    chance = read_chance(text)
    assert chance is not None and chance.per_cycle is per_cycle, chance


def test_half_of_one_bar_is_a_place_not_a_chance():
    assert read_chance("reverse the second half of the bar") is None
    assert read_chance("only in half the bars") is None  # no word says it is random


@pytest.mark.parametrize(
    ("query", "wanted"),
    [("randomly reverse half the bars", {"someCycles"}), ("one bar in four at random gets a fill", {"someCyclesBy"})],
)
def test_a_share_of_the_bars_answers_the_bar_by_bar_functions(shared_index, query, wanted):
    # someCycles is the docs' "Shorthand for .someCyclesBy(0.5, fn)"; other shares are someCyclesBy's
    assert _first(query, shared_index) in wanted


def test_a_chance_of_leaving_events_out_answers_the_functions_removing_them(shared_index):
    # Given a chance of dropping events ("Randomly removes 50% of events" is degrade's doc)
    chance = read_chance("randomly mute 40% of the snare hits")
    assert chance is not None and chance.removal
    # Then degrade's family answers: degrade for a half, degradeBy for any other share
    assert _first("randomly mute 40% of the snare hits", shared_index) == "degradeBy"
    assert _first("skip half the hits at random", shared_index) in {"degrade", "degradeBy"}


def test_a_chance_is_no_model_number_of_a_sound(shared_index):
    # Given a share of the time written as a number ("30%"), which the RY30's hats also hold
    names = [i["name"] for i in strudel_knowledge("hats 30% of the time", index=shared_index)["items"]]
    # Then it is the chance, not the machine
    assert names[0] == "sometimesBy" and not any("ry30" in n for n in names), names
