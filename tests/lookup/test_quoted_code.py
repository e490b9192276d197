"""Code quoted in a question (split_code): cut out of the prose, with the names it calls and its strings."""

from __future__ import annotations

import pytest

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.lookup.quoted_code import CODE, split_code


def test_split_code_keeps_the_prose_and_the_strings():
    prose, code = split_code('is s("bd").bank("tr909") valid')
    assert prose == f"is {CODE} valid"
    assert code is not None and code.text == 's("bd").bank("tr909")'
    assert code.strings == [("s", "bd"), ("bank", "tr909")]


@pytest.mark.parametrize("text", ["tempo (bpm) of the song", "a (b c", "how do I add reverb"])
def test_english_with_brackets_is_not_code(text):
    assert split_code(text) == (text, None)


def test_a_chain_is_one_run_of_code_and_nested_calls_are_found():
    prose, code = split_code("what does .every(4, x => x.fast(2)).jux(rev) do")
    assert prose == f"what does {CODE} do"
    assert code is not None and code.calls == ["every", "fast", "jux"]


def test_an_unbalanced_call_is_left_as_prose():
    assert split_code('is s("bd" valid') == ('is s("bd" valid', None)


def test_a_plural_in_brackets_is_prose_not_a_call():
    # Given the docs' way of writing an optional plural, When the question is split
    # Then it is prose (no call of "function" with s), while real calls stay code
    assert split_code("layers the result of the given function(s)") == (
        "layers the result of the given functions",
        None,
    )
    assert split_code("the ducked signal(s) return")[1] is None
    assert split_code("note(s).fast(2)")[1].calls == ["note", "fast"]
    assert split_code(".fast(s)")[1].calls == ["fast"]
    # and a description written so is answered, not called an unknown function
    assert strudel_knowledge("Layers the result of the given function(s)")["ok"]
