"""Tokenising, stemming and BM25F scoring: the text every concept query is matched against."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strudel_jupyter.data.textindex import WORD_RE, TextIndex, split_identifier, stem, tokenize


@pytest.mark.parametrize(
    ("word", "same_as"),
    [
        ("speeds", "speed"),
        ("reversed", "reverse"),
        ("randomly", "random"),
        ("randomise", "randomize"),  # British spellings as the docs spell them
        ("colour", "color"),
        ("filters", "filter"),
        ("timing", "time"),  # -ing took the final e: restored
        ("making", "make"),
        ("fading", "fade"),
        ("hitting", "hit"),  # a doubled consonant is undone instead
        ("opening", "open"),
    ],
)
def test_stem_only_needs_to_be_consistent(word, same_as):
    """Queries and the snapshot's text go through the same stemmer: forms of a word meet."""
    assert stem(word) == stem(same_as)
    assert stem("bd") == "bd"  # short words and names are left alone


def test_identifiers_split_into_words():
    assert split_identifier("euclidLegatoRot") == ["euclid", "legato", "rot"]
    assert split_identifier("gm_violin") == ["gm", "violin"]
    assert tokenize("euclidLegatoRot, gm_violin 16") == ["euclid", "legato", "rot", "gm", "violin", "16"]


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from("abcXYZ_é1 sing"), max_size=20))
def test_one_plain_word_tokenizes_as_any_text_does(text):
    """The one-word shortcut gives what splitting the text into words gives."""
    from strudel_jupyter.data.textindex import _stems_of

    assert tokenize(text) == [t for raw in WORD_RE.findall(text) for t in _stems_of(raw)]


def test_accumulate_adds_into_existing_totals():
    index = TextIndex({"a": {"text": "low pass filter"}, "b": {"text": "filter envelope"}}, {"text": 1.0})
    once = index.score_slots([[("filt", 1.0)], [("low", 1.0)]])
    totals: dict[str, list[float]] = {}
    index.accumulate(totals, [[("filt", 1.0)]])
    index.accumulate(totals, [[("low", 1.0)]])
    assert {k: tuple(v) for k, v in totals.items()} == once
    assert once["a"][1] == 2 and once["b"][1] == 1  # words matched
    # alternatives of one word: a document earns its best one, and it counts once
    alt = index.score_slots([[("low", 1.0), ("filt", 0.5)]])
    assert alt["a"][1] == 1 and alt["b"][0] == pytest.approx(once["b"][0] * 0.5)


def test_the_plain_word_memo_stays_bounded(monkeypatch):
    from strudel_jupyter.data import textindex

    # Given a memo of a few words at most
    monkeypatch.setattr(textindex, "_MEMO_WORDS", 10)
    monkeypatch.setattr(textindex, "_plain_words", {})
    words = [f"word{'x' * n}ing" for n in range(25)]
    # When more distinct plain words than that are read (twice, the second time from the memo)
    first = [tokenize(w) for w in words]
    second = [tokenize(w) for w in words]
    # Then it never holds more than its bound, and every word reads the same each time
    assert len(textindex._plain_words) <= 10
    assert first == second == [list(textindex._stems_of(w)) for w in words]


@settings(max_examples=300, deadline=None)
@given(
    text=st.one_of(st.sampled_from(["reverb", "hi-hats", "gm_piano", "808", "Rhodes", "x" * 50]), st.text(max_size=30))
)
def test_a_words_stems_read_without_copying_are_its_tokens(text):
    from strudel_jupyter.data.textindex import word_stems

    # Given any text, read first as stems to keep, then as stems only read (in either order)
    first, again = word_stems(text), tokenize(text)
    # Then both are the same stems, in order
    assert first == tuple(again) == word_stems(text)


def test_a_terms_holders_are_the_documents_its_scoring_finds(shared_index):
    from strudel_jupyter.data.textindex import word_stems

    # Given words of sounds and of the docs, some held only in the phrasebook's (apart) field
    for text in (shared_index.sounds.text, shared_index.reference.text):
        for word in ["piano", "electric", "hats", "muffled", "thumb", "808", "rhodes", "xyzzy", "warm"]:
            terms = word_stems(word)
            # Then the documents holding its terms are those scoring them finds
            held = frozenset().union(*map(text.holders, terms))
            assert held == set(text.score(terms)), word


def test_the_most_words_one_document_holds_are_what_scoring_counts(shared_index):
    from strudel_jupyter.data.textindex import word_stems

    # Given questions' words over the pages' passages (no apart field) and the sounds (one)
    questions = ["make the snare louder on every fourth bar", "warm pad long release hall reverb", "xyzzy"]
    for text, exact in ((shared_index.passages.text, True), (shared_index.sounds.text, False)):
        for question in questions:
            terms = list(dict.fromkeys(t for w in question.split() for t in word_stems(w)))
            # Then the most of them one document holds is what scoring counts (at least, with an apart field)
            matched = max((m for _s, m in text.score(terms).values()), default=0)
            assert text.most_held(terms) == matched if exact else text.most_held(terms) >= matched
