"""Patterns compiled on first use answer exactly as compiled ones do."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from strudel_jupyter.lookup import intent
from strudel_jupyter.lookup.lazy_pattern import lazy_compile

PATTERNS = [r"\bsounds?\b", r"^(?:is|are)\s+(?P<x>.+?)\s+valid\b", r"(\d+)\s+out\s+of\s+(\d+)", r"[A-G][#b]?m7"]


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("is are valid sound s 9 out of 10 Cm7 F#m7 \n"), max_size=40))
def test_a_lazy_pattern_matches_as_the_compiled_one(text):
    for source in PATTERNS:
        lazy, compiled = lazy_compile(source, re.I), re.compile(source, re.I)
        for method in ("search", "match", "fullmatch"):
            got, want = getattr(lazy, method)(text), getattr(compiled, method)(text)
            assert (got and (got.span(), got.groups())) == (want and (want.span(), want.groups()))
        assert lazy.findall(text) == compiled.findall(text)
        assert lazy.sub("_", text) == compiled.sub("_", text)


def test_a_lazy_pattern_keeps_its_text_and_flags_without_compiling():
    lazy = lazy_compile(r"\bkick\b", re.I)
    # Given a pattern not used yet, Then its text and flags are there, and it compiles on first use
    assert (lazy.pattern, lazy.flags) == (r"\bkick\b", int(re.I))
    assert "search" not in vars(lazy)
    assert lazy.search("a KICK drum") is not None and "search" in vars(lazy)
    assert lazy.groupindex == {} and lazy.groups == 0


def test_a_short_question_is_searched_in_full_and_a_long_one_from_its_words():
    pattern = intent._FAMILY_PATTERNS[3]
    short, long = "the delay variants", "please tell me about all of the different delay variants " * 2
    assert len(short) < intent._SEARCH_IN_FULL <= len(long)
    for text in (short, long):
        got, want = intent._search(pattern, text), pattern.search(text)
        assert (got and got.span()) == (want and want.span())
