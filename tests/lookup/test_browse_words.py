"""The tabs' search boxes keep the REPL's rule, and suggest what a musician's word means."""

from __future__ import annotations

import pytest

from strudel_jupyter.lookup.browse import browse_reference, browse_sounds


@pytest.mark.parametrize(("search", "first"), [("kick", "bd"), ("hi hat", "hh"), ("electric piano", "gm_epiano1")])
def test_a_sound_search_in_musicians_words_suggests_the_sounds_it_means(shared_index, search, first):
    # Given a search no sound name contains
    result = browse_sounds(search, index=shared_index)
    assert result.total == 0  # the REPL's rule: names containing the text
    # Then the suggestions start with the sound the word means
    assert result.suggestions[0] == first


def test_sound_suggestions_stay_in_the_chosen_category(shared_index):
    result = browse_sounds("kick", "synths", index=shared_index)
    assert all("synths" in shared_index.sounds.get(s).categories for s in result.suggestions)


@pytest.mark.parametrize(("search", "meant"), [("muffled", "lpf"), ("volume", "gain"), ("bpm", "setcpm")])
def test_a_reference_search_in_musicians_words_suggests_the_function_it_means(shared_index, search, meant):
    result = browse_reference(search, index=shared_index)
    assert result.total == 0 and meant in result.suggestions


def test_a_search_that_matches_is_left_as_the_repl_shows_it(shared_index):
    result = browse_sounds("hat", index=shared_index)
    assert result.total > 0 and result.suggestions == []
