"""closest(): the one "did you mean" search, used by every suggestion in the package."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz

from strudel_jupyter.lookup.closest import ByLength, Close, closest

NAMES = ["room", "roomsize", "rev", "ribbon", "range"]


@pytest.mark.parametrize(
    ("word", "choices", "kwargs", "expected"),
    [
        ("rooom", NAMES, {}, ["room", "roomsize"]),  # closest first, below-cutoff left out
        ("rooom", NAMES, {"limit": 1}, ["room"]),
        ("zzzz", NAMES, {}, []),  # nothing close: nothing invented
        ("", NAMES, {}, []),
        ("room", [], {}, []),
        ("roo", NAMES, {"cutoff": 90}, []),
        ("size room", ["room size", "rev"], {"scorer": fuzz.token_sort_ratio, "cutoff": 90}, ["room size"]),
    ],
)
def test_closest_table(word, choices, kwargs, expected):
    assert [c.choice for c in closest(word, choices, **kwargs)] == expected


def test_keys_map_back_to_positions_and_mapping_keys():
    """Given a list, the key is a position; given a mapping, the key is the mapping's key."""
    assert closest("rooom", NAMES, limit=1) == [Close("room", pytest.approx(88.888, abs=0.01), 0)]
    by_id = {"a": "room", "b": "rev"}
    assert [c.key for c in closest("rooom", by_id)] == ["a"]


WORDS = st.text(alphabet="abcdeimnorstu_", min_size=1, max_size=12)


@settings(max_examples=300, deadline=None)
@given(
    word=WORDS,
    names=st.lists(WORDS, min_size=1, max_size=60),
    cutoff=st.sampled_from([0.0, 50.0, 60.0, 75.0, 80.0, 95.0]),
    limit=st.integers(1, 10),
)
def test_by_length_finds_what_a_full_scan_finds(word, names, cutoff, limit):
    """Skipping the choices too long or too short to reach the cutoff changes nothing:
    the same choices, scores and keys, in the same order (ties by position)."""
    assert closest(word, ByLength(names), cutoff=cutoff, limit=limit) == closest(
        word, names, cutoff=cutoff, limit=limit
    )


def test_by_length_scores_only_choices_within_reach():
    names = ["a" * n for n in range(1, 40)]
    start, end = ByLength(names).within_reach("abcdef", 80.0)
    lengths = [len(n) for n in ByLength(names).choices[start:end]]
    # 200 * min(6, n) / (6 + n) >= 80 holds for n in 4..9 only
    assert min(lengths) <= 4 and max(lengths) >= 9 and len(lengths) < 12


def test_a_tuple_of_names_lowered_once_gives_what_a_list_gives():
    from strudel_jupyter.lookup.closest import did_you_mean

    # Given the same names as a tuple (its lower case kept between calls) and as a list
    names = ("fast", "Fastgap", "gate", "degradeBy", "TRANCEGATE", "room", "roomsize")
    for word in ["fastt", "trancegate", "Room", "degrade", "gat", "ROOMSIZE"]:
        # Then every call, the first and the next, finds what the list gives
        for _ in range(2):
            assert did_you_mean(word, names) == did_you_mean(word, list(names)), word


@settings(max_examples=400, deadline=None)
@given(
    names=st.lists(st.text(alphabet="abgt", min_size=1, max_size=7), max_size=25),
    word=st.text(alphabet="abgt", min_size=4, max_size=12),
)
def test_the_names_a_word_holds_or_is_held_by_are_found_as_testing_each_finds_them(names, word):
    from strudel_jupyter.lookup.closest import CONTAINED_LETTERS, _contained

    # Given names (some repeated, some inside others) and a word
    # When they are found from the names' index (a list kept between calls)
    found = _contained(names, word, kept=True)
    # Then they are the names testing each one finds, in order
    assert found == [
        n
        for n, name in enumerate(names)
        if len(name) >= CONTAINED_LETTERS and name != word and (name in word or word in name)
    ]
