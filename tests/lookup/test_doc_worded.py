"""Questions worded as Strudel's docs are: "is there a function that ...", "what sets ...",
"which control ...", "like X but ...", "shorthand for <code>" (issue 21)."""

from __future__ import annotations

import pytest

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.lookup.intent import parse_query


def _top(query, index):
    response = strudel_knowledge(query, index=index)
    assert response["ok"] is True, response.get("answer")
    return [item["name"] for item in response["items"]]


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("is there a function that plays every event several times in its slot", "ply"),
        ("is there a function that rounds numbers down", "floor"),
        ("is there a function that renders an oscilloscope", "scope"),
        ("is there something like jux, but with adjustable width", "juxBy"),
    ],
)
def test_is_there_a_function_that_does_something_describes_it_and_checks_no_name(shared_index, query, wanted):
    # Given an existence question whose object is a description, not a name
    parsed = parse_query(query)
    # Then it is not read as a check of a name ("there", "renders an oscilloscope")
    assert parsed.intent != "check"
    # And the function the description fits answers it
    assert _top(query, shared_index)[0] == wanted


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("which function sets how fast a sample plays back", "speed"),
        ("which one lowers the sample rate of a sample", "coarse"),
        ("what sets the position in the wavetable", {"wt", "tables"}),
        ("get the length of a sample in seconds", "getDur"),
    ],
)
def test_a_question_for_a_function_that_acts_on_samples_lists_no_sounds(shared_index, query, wanted):
    # Given a question asking what does something to samples or wavetables
    response = strudel_knowledge(query, index=shared_index)
    # Then it is answered from the functions, not as a listing of the sounds it names
    assert response["ok"] is True and response["domain"] == "reference" and response["mode"] != "list"
    top = response["items"][0]["name"]
    assert top in wanted if isinstance(wanted, set) else top == wanted


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("resonance of the lowpass filter", "lpq"),
        ("what controls the resonance of the bandpass filter", "bpq"),
        ("what sets the resonance of the high-pass filter", "hpq"),
    ],
)
def test_the_filter_a_question_names_as_one_word_weighs_as_the_docs_hyphenated_one(shared_index, query, wanted):
    # Given the docs write "low-pass" in one entry and "lowpass" in others, and a question either way
    # Then the resonance of the filter named is that filter's q, not another filter's
    assert _top(query, shared_index)[0] == wanted


def test_the_question_frame_is_not_its_topic(shared_index):
    # Given "which control sets ...": the frame of a question for one function
    parsed = parse_query("which control sets the tremolo depth")
    # Then its words are the topic only, read as a description
    assert parsed.tokens == ["tremolo", "depth"] and parsed.describes and parsed.domain == "reference"
    # And the frame's words ("control", "sets") do not pull in a function whose docs use them
    assert _top("which control sets the tremolo depth", shared_index)[0] == "tremolodepth"


@pytest.mark.parametrize(
    ("query", "wanted", "compared"),
    [
        ("like ply but applies a function to each repeat", {"plyWith", "plyForEach"}, "ply"),
        ("similar to shuffle but parts may play more than once", "scramble", "shuffle"),
        ("like layer but keeps the original pattern", "superimpose", "layer"),
    ],
)
def test_a_function_the_question_compares_to_is_not_the_answer(shared_index, query, wanted, compared):
    # Given a description measured against another function, as the docs describe functions
    names = _top(query, shared_index)
    # Then the function described leads, the one it is compared to follows
    assert (names[0] in wanted if isinstance(wanted, set) else names[0] == wanted) and compared in names[1:]


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("a short form for .sometimesBy(0.25, fn)", "rarely"),
        ("the short form of .sometimesBy(0.75, fn)", "often"),
    ],
)
def test_code_a_shorthand_is_asked_for_describes_the_function(shared_index, query, wanted):
    # Given a question for the shorthand of some quoted code (the docs write "Shorthand for ...")
    # Then the code is not checked (its fn is a placeholder): the shorthand answers
    assert _top(query, shared_index)[0] == wanted


def test_what_a_question_does_not_want_is_left_out(shared_index):
    # Given a description that says what it does not want
    query = "the delay effect's time in cycles, instead of in seconds"
    # Then those words are not read
    assert "seconds" not in parse_query(query).tokens
    # And the entry measured in cycles answers
    assert _top(query, shared_index)[0] == "delaysync"


def test_one_version_of_a_function_described_is_not_its_family(shared_index):
    # Given "the version of X that ..." (one function, described), and "versions of X" (a family)
    assert parse_query("the version of chunk that goes backwards through the parts").family is None
    assert parse_query("versions of chunk").family == "chunk"
    # Then the version described answers the first
    assert _top("the version of chunk that goes backwards through the parts", shared_index)[0] == "chunkBack"


@pytest.mark.parametrize(
    ("query", "wanted", "phrased"),
    [
        ("release time of the fm envelope", "fmrelease", "release"),
        ("the release of the wavetable position envelope", "wtrelease", "wtenv"),
        ("the impulse response sample's beginning", "irbegin", "iresponse"),
    ],
)
def test_a_question_worded_as_one_entrys_docs_is_that_entry_over_a_phrase(shared_index, query, wanted, phrased):
    # Given a question every word of which one entry's own docs hold, and a phrasebook phrase
    # in it ("release time", "envelope", "impulse response") that names another entry
    names = _top(query, shared_index)
    # Then the entry the docs describe so leads; the phrase's entry follows
    assert names[0] == wanted and phrased in names


def test_the_entry_whose_words_hold_most_of_a_description_leads_the_text_near_it(shared_index):
    # Given a description whose words choose's docs hold in part ("random", "element") and
    # chooseCycles' hold nearly all ("picks", "random", "every", "cycle")
    names = _top("which function picks a random element every cycle", shared_index)
    # Then the entry that lacks least of it leads, the near one follows
    assert names[0] == "chooseCycles" and "choose" in names


@pytest.mark.parametrize("name", ["all", "into", "when", "as", "samples"])
def test_what_does_a_function_named_as_an_everyday_word_do(shared_index, name):
    # Given a function whose name is an everyday word ("all", "into", "when") or a category's
    for question in (f"what does {name} do", f"how do I use {name}", f"explain {name}"):
        response = strudel_knowledge(question, index=shared_index)
        # Then asking what it does answers with that function, not with nothing or a listing
        assert response["ok"] is True and response["items"][0]["name"] == name, question


def test_a_pronoun_asked_about_names_nothing(shared_index):
    # Given "what does it do" with nothing before it
    # Then no name is looked up ("it" is no function)
    assert strudel_knowledge("what does it do", index=shared_index)["ok"] is False
