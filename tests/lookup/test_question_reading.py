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
