"""A question echoing one function's own first sentence answers that function first (real snapshot)."""

from __future__ import annotations

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.lookup.answers.echo import _FIRST_SENTENCE, ECHO_CONFIDENCE, echoed_entry


def test_a_description_echoed_answers_its_function_though_a_phrase_names_another(shared_index):
    # Given rev's first sentence, which the phrasebook's "reverse all cycles as one" (revv) shares
    response = strudel_knowledge("Reverse all cycles in a pattern", index=shared_index)
    # Then rev answers first, with the others after it
    assert [i["name"] for i in response["items"]][:2] == ["rev", "revv"]
    assert response["confidence"] >= ECHO_CONFIDENCE


def test_every_function_whose_first_sentence_is_its_own_answers_first(shared_index):
    wrong = []
    # Given every listed function whose first sentence no other function's echoes as well
    for entry in shared_index.reference.entries:
        sentence = _FIRST_SENTENCE.split(entry.description.strip(), maxsplit=1)[0]
        if echoed_entry(shared_index, sentence) != entry.name:
            continue
        # When the sentence is asked, Then the function answers first (unless it names another
        # function as typed, reads as a listing, "MIDI control value", or quotes code, "the cc() factory")
        response = strudel_knowledge(sentence, index=shared_index)
        if response.get("mode") in ("detail", "list") or "()" in sentence:
            continue
        items = response["items"]
        if not items or items[0]["name"] != entry.name:
            wrong.append((entry.name, sentence, items[0]["name"] if items else None))
    assert not wrong


def test_a_musicians_question_echoes_no_description(shared_index):
    # Given questions in musicians' words, When asked, Then no description is echoed
    for question in ("make the drums swing", "play my riff backwards", "a fat 808 kick", "add reverb to the snare"):
        assert echoed_entry(shared_index, question) is None, question
