"""closest(): the one "did you mean" search, used by every suggestion in the package."""

from __future__ import annotations

import pytest
from rapidfuzz import fuzz

from strudel_jupyter.lookup.closest import Close, closest

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
