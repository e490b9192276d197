"""Text relevance: the snapshot's own docs and sound names answer a description."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strudel_jupyter.lookup.relevance import (
    TEXT_CANDIDATES,
    _best,
    _importance,
    _importance_of_alternatives,
    _term_importance,
    text_reference,
    text_sounds,
)


@pytest.mark.parametrize(
    ("words", "top"),
    [
        (["reverb"], "room"),
        (["speed", "up", "pattern"], "fast"),
        (["arpeggiate"], "arp"),  # in no description, but it starts with the name arp
    ],
)
def test_the_docs_text_finds_the_function(shared_index, words, top):
    scored = text_reference(shared_index, words)
    assert scored[0][0] == top
    assert all(0 < coverage <= 1 for _, _, coverage in scored)


def test_the_best_matches_cover_the_whole_query(shared_index):
    name, _score, coverage = text_reference(shared_index, ["speed", "up", "pattern"])[0]
    assert (name, coverage) == ("fast", 1.0)


def test_sound_names_are_their_text(shared_index):
    scored = text_sounds(shared_index, ["acoustic", "guitar"])
    assert {k for k, _, c in scored[:2]} == {"gm_acoustic_guitar_nylon", "gm_acoustic_guitar_steel"}
    # both words and their phrase ("acoustic guitar") cover the whole query; one word covers less
    assert scored[0][2] == 1.0 and scored[2][2] < 1.0


@pytest.mark.parametrize("words", [[], ["qqqzzz"], ["?"]])
def test_nothing_relevant_is_nothing(shared_index, words):
    assert text_reference(shared_index, words) == [] and text_sounds(shared_index, words) == []


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from("abcdefgh"), st.sampled_from([0.5, 1.0, 2.0, 3.0]), st.just(1.0)), max_size=150)
)
def test_the_best_rows_are_the_first_of_a_full_sort(rows):
    """The cut by relevance alone keeps every row tied at the cut, so ``order`` decides ties."""
    order = lambda x: (-x[1], x[0])  # noqa: E731
    assert _best(list(rows), order) == sorted(rows, key=order)[:TEXT_CANDIDATES]
    # and by default (two sorts by C-level keys: the name, then the relevance) the same order
    assert _best(list(rows)) == sorted(rows, key=order)[:TEXT_CANDIDATES]


def test_a_word_the_docs_lack_reads_as_the_names_it_starts_with_unless_it_is_a_name(shared_index):
    from strudel_jupyter.lookup.relevance import _word_slot

    assert ("arp", 0.7) in _word_slot(shared_index, "arpeggiate")
    # a sound's own name is that sound, not a longer spelling of the function vib
    assert [t for t, _ in _word_slot(shared_index, "vibraphone")] == ["vibraphon"]


# A query word's slot as the reader builds it: one stem (most words), some digits, or alternatives.
_TERMS = st.sampled_from(["reverb", "room", "fast", "delai", "4", "16", "xyzzy", "note", "each", "filter"])


@settings(max_examples=200, deadline=None)
@given(term=_TERMS, weight=st.sampled_from([1.0, 0.9, 0.7]))
def test_a_one_term_slot_counts_what_the_general_reading_gives(shared_index, term, weight):
    # Given a slot of one term, the fast path's importance
    # Then equals the general reading's (the rarest full-weight term decides), to the bit
    for text in (shared_index.reference.text, shared_index.sounds.text):
        assert _importance(text, [(term, weight)]) == _importance_of_alternatives(text, [(term, weight)])
        # and a term alone at full weight (no slot built) counts what its slot counts
        assert _term_importance(text, term) == _importance(text, [(term, 1.0)])
        # and its terms are its idf's (hot loops read that dict for ``term in text``)
        assert (term in text) == (term in text.idf)


def test_a_text_index_holds_the_terms_it_gives_an_idf(shared_index):
    # Given the docs', the sounds' and the pages' text indexes
    for text in (shared_index.reference.text, shared_index.sounds.text, shared_index.passages.text):
        # Then a term is in the index exactly when it has an idf (``term in text.idf`` reads it)
        assert set(text.idf) == set(text._postings)


@settings(max_examples=200, deadline=None)
@given(slot=st.lists(st.tuples(_TERMS, st.sampled_from([1.0, 0.7])), min_size=2, max_size=4))
def test_a_slot_of_alternatives_counts_its_rarest_full_weight_term(shared_index, slot):
    text = shared_index.reference.text
    idf = max((text.idf.get(t, 0.0) for t, w in slot if w >= 1.0), default=0.0)
    expected = 0.3 if all(t.isdigit() for t, _ in slot) else 1.0 if not idf else min(1.0, max(0.3, idf / 4.0))
    assert _importance(text, slot) == expected


def test_a_name_used_as_an_english_word_answers_nothing_through_its_name(shared_index):
    from strudel_jupyter.lookup.relevance import text_reference

    # Given a description where "takes" is the sentence's verb, not the function take
    words = ["takes", "three", "beats"]
    # When the word is read as prose
    as_name = [name for name, _rel, _cov in text_reference(shared_index, words)]
    as_prose = [name for name, _rel, _cov in text_reference(shared_index, words, prose={"take"})]
    # Then take no longer earns the word through its name; the other entries keep their order
    assert "take" in as_name[:5] and "take" not in as_prose[:5], (as_name[:5], as_prose[:5])
    assert as_prose[:3] == [name for name in as_name if name != "take"][:3]


@settings(max_examples=150, deadline=None)
@given(
    words=st.lists(
        st.sampled_from(
            "reverb room size fast delay time low pass filter xyzzy each swing snare muffled vinyl crackle "
            "arpeggiated louder hats fade".split()
        ),
        min_size=1,
        max_size=4,
    )
)
def test_a_whole_reading_says_no_cover_early_as_the_full_ranking_would(shared_index, words):
    from strudel_jupyter.lookup.relevance import text_reference

    # Given any few words, read whole (only a doc covering every word is wanted) and in full
    whole, full = text_reference(shared_index, words, whole=True), text_reference(shared_index, words)
    # Then the whole reading is the full ranking, or [] when no doc covers every word
    assert whole == full or (whole == [] and all(coverage < 1.0 for _name, _rel, coverage in full))


@settings(max_examples=150, deadline=None)
@given(
    words=st.lists(
        st.sampled_from(
            "waveshaping distortion edo scale start later low pass filter cutoff the sample playback rate "
            "release time pitch envelope".split()
        ),
        max_size=8,
    )
)
def test_only_the_pairs_some_entry_holds_are_read_once_they_are_known(shared_index, words):
    from strudel_jupyter.lookup.relevance import _pair_entries, _query_pairs

    # Given a question's words, and the word pairs the entries' docs hold
    text, held = shared_index.reference.text, _pair_entries(shared_index)
    # When its pairs are read only among those, and all of them
    # Then they are the same pairs (no other raises an entry), with the same weights
    assert _query_pairs(text, words, held) == {p: w for p, w in _query_pairs(text, words).items() if p in held}
