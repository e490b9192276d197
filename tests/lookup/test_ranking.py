"""Ranking real names: exact > synonym > prefix > fuzzy > text, on the shared snapshot.

Given a word, when it is ranked against the index, then the kind of match decides the
order, every hit is a real name, and "did you mean" offers only names the index has.
"""

from __future__ import annotations

import pytest

from strudel_jupyter.lookup import ranking
from strudel_jupyter.lookup.ranking import (
    Hit,
    choose_domain,
    join_words,
    rank_names,
    rank_reference,
    rank_sounds,
    rank_words,
    split_sound_index,
    suggest,
)
from strudel_jupyter.lookup.tables import tables_for


def top(hits: list[Hit]) -> tuple[str, str, str]:
    return (hits[0].kind, hits[0].name, hits[0].match)


# ------------------------------------------------------------------ one word
@pytest.mark.parametrize(
    ("word", "expected", "score"),
    [
        ("lpf", ("function", "lpf", "exact"), ranking.SCORE_EXACT),
        ("Room", ("function", "room", "exact"), ranking.SCORE_CASE_EXACT),  # JavaScript would not find it
        ("cutoff", ("function", "lpf", "synonym"), ranking.SCORE_SYNONYM),
        ("CUTOFF", ("function", "lpf", "synonym"), ranking.SCORE_CASE_SYNONYM),
        ("superimpos", ("function", "superimpose", "prefix"), None),
        ("rooom", ("function", "room", "fuzzy"), None),
    ],
)
def test_reference_names_by_kind_of_match(shared_index, word, expected, score):
    hits = rank_reference(shared_index, word)
    assert top(hits) == expected
    if score is not None:
        assert hits[0].score == score


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("bd", ("sound", "bd", "exact")),
        ("BD", ("sound", "bd", "exact")),  # the registry lower-cases keys
        ("bd:3", ("sound", "bd", "exact")),  # a sample index names the same sound
        ("tr909", ("bank", "tr909", "exact")),
        ("gm_violi", ("sound", "gm_violin", "prefix")),
        ("pianno", ("sound", "piano", "fuzzy")),
    ],
)
def test_sound_names_by_kind_of_match(shared_index, word, expected):
    assert top(rank_sounds(shared_index, word)) == expected


def test_every_kind_of_match_outranks_the_next():
    """Given the best and worst score of each band, no weaker kind can reach a stronger one."""
    bands = [
        ("exact", ranking.SCORE_CASE_EXACT, ranking.SCORE_EXACT),
        ("synonym", ranking.SCORE_DOC_SYNONYM, ranking.SCORE_SYNONYM),
        ("prefix", ranking.SCORE_PREFIX_MIN, ranking.SCORE_PREFIX_MAX),
        ("fuzzy", ranking.SCORE_FUZZY_MIN, ranking.SCORE_FUZZY_MAX),
        ("text", *ranking.SCORE_TEXT_BAND),
    ]
    for (_, stronger_low, _), (_, _, weaker_high) in zip(bands, bands[1:], strict=False):
        assert stronger_low > weaker_high


def test_real_names_follow_the_bands(shared_index):
    exact, synonym = rank_reference(shared_index, "lpf")[0], rank_reference(shared_index, "cutoff")[0]
    prefix, fuzzy = rank_reference(shared_index, "superimpos")[0], rank_reference(shared_index, "rooom")[0]
    assert exact.score > synonym.score > prefix.score > fuzzy.score


def test_a_claimed_doc_synonym_is_a_weaker_link(shared_index):
    """doc.json lists density as a synonym of fast, but density is also its own entry."""
    hits = rank_reference(shared_index, "density")
    assert [(h.name, h.match, h.score) for h in hits] == [
        ("density", "exact", ranking.SCORE_EXACT),
        ("fast", "synonym", ranking.SCORE_DOC_SYNONYM),
    ]


def test_a_sound_leads_a_bank_of_the_same_name(shared_index):
    hits = rank_sounds(shared_index, "sax")
    assert [(h.kind, h.score) for h in hits] == [("sound", ranking.SCORE_EXACT), ("bank", ranking.SCORE_EXACT_SECOND)]


@pytest.mark.parametrize("word", ["", "   ", "zzzzzz"])
def test_no_hits_for_nothing_or_an_unknown_word(shared_index, word):
    assert rank_reference(shared_index, word) == []
    assert rank_sounds(shared_index, word) == []


def test_hidden_registry_keys_are_never_ranked(shared_index):
    assert "_base" in shared_index.sounds.entries  # in the registry, hidden by the tab
    assert rank_sounds(shared_index, "_base") == []


def test_fuzzy_can_be_switched_off(shared_index):
    assert rank_reference(shared_index, "rooom", fuzzy=False) == []
    assert rank_sounds(shared_index, "pianno", fuzzy=False) == []


def test_every_hit_is_a_real_name(shared_index):
    tables = tables_for(shared_index)
    for word in ["roo", "rooom", "sup", "gm_pi", "pianno", "tr"]:
        for hit in rank_reference(shared_index, word):
            assert hit.name in shared_index.reference.by_name
        for hit in rank_sounds(shared_index, word):
            assert hit.name in tables.sound_choices.choices


def test_rank_names_keeps_the_best_hit_per_item():
    weak = Hit("reference", "function", "room", "fuzzy", 55.0)
    strong = Hit("reference", "function", "room", "exact", 100.0)
    other = Hit("sounds", "sound", "room", "exact", 100.0)
    assert rank_names([weak, other, strong]) == [strong, other]  # ties: reference first


def test_sample_index_split():
    assert split_sound_index("bd:3") == ("bd", 3)
    assert split_sound_index("bd:x") == ("bd:x", None)
    assert split_sound_index("bd") == ("bd", None)


# ------------------------------------------------------------------ a query
@pytest.mark.parametrize(
    ("words", "joined"),
    [
        (["gm", "violin"], ["gm_violin"]),
        (["euclid", "rot"], ["euclidRot"]),
        (["low", "pass", "filter"], ["lpf"]),  # initials of three or more words
        (["rd", "oh"], ["rd", "oh"]),  # two-letter initials are too ambiguous
        (["speed", "up"], ["speed", "up"]),
    ],
)
def test_split_names_are_joined_only_into_real_names(shared_index, words, joined):
    assert join_words(shared_index, words) == joined


@pytest.mark.parametrize(
    ("words", "domain", "sentence"),
    [
        (["sine"], "auto", False),  # a function and a sound: both, grouped
        (["room"], "reference", False),
        (["bd"], "sounds", False),
        (["speed", "up", "pattern"], "reference", True),  # a description: the docs' text leads
        (["zzzzqqq"], None, False),
    ],
)
def test_the_domain_with_more_evidence_answers(shared_index, words, domain, sentence):
    ranked = rank_words(shared_index, words)
    assert (choose_domain(ranked), ranked.sentence) == (domain, sentence)


def test_a_hint_breaks_a_tie_between_domains(shared_index):
    ranked = rank_words(shared_index, ["sine"])
    assert choose_domain(ranked, hint="sounds") == "sounds"
    assert choose_domain(ranked, hint="reference") == "reference"


def test_a_description_is_answered_by_text_relevance(shared_index):
    ranked = rank_words(shared_index, ["speed", "up", "pattern"])
    assert ranked.reference[0].name in {"fast", "hurry"} and ranked.reference[0].match == "text"


# --------------------------------------------------------------- suggestions
@pytest.mark.parametrize(
    ("word", "domain", "first"),
    [
        ("rooom", "auto", "room"),
        ("Room", "reference", "room"),
        ("pianno", "sounds", "piano"),
        ("tr90", "sounds", "tr909"),
    ],
)
def test_suggestions_put_the_closest_real_name_first(shared_index, word, domain, first):
    assert suggest(shared_index, word, domain=domain)[0] == first


def test_suggestions_stay_in_their_domain_and_are_real(shared_index):
    sounds = suggest(shared_index, "pianno", domain="sounds")
    assert sounds and all(s in tables_for(shared_index).sound_choices.choices for s in sounds)
    functions = suggest(shared_index, "trancegate", domain="reference")
    assert functions and all(shared_index.reference.get(s) is not None for s in functions)
    assert suggest(shared_index, "tr90", domain="reference") == []


@pytest.mark.parametrize("word", ["", "x", "qqqqqqqq"])
def test_nothing_close_suggests_nothing(shared_index, word):
    assert suggest(shared_index, word) == []


def test_suggestions_honour_the_limit(shared_index):
    assert len(suggest(shared_index, "room", limit=2)) == 2


def _joined_trying_every_run(index, words):
    """``join_words`` without its quick no: every run of 4, 3, 2 words asked in full."""
    names, out, i = ranking._all_lower(index), [], 0
    while i < len(words):
        for size in (4, 3, 2):
            joined = i + size <= len(words) and ranking._joined_name(index, words[i : i + size], True, True, names)
            if joined:
                out.append(joined)
                i += size
                break
        else:
            out.append(words[i])
            i += 1
    return out


_RUN_WORDS = "gm violin GM Violin euclid rot Rot legato low pass filter LOW every now different rd oh tr 909 kick speed up".split()


def test_runs_passed_over_by_the_quick_no_join_as_trying_every_run_would(shared_index):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=300, deadline=None)
    @given(words=st.lists(st.sampled_from([*_RUN_WORDS, "é", "Ünter"]), max_size=9))
    def check(words):
        # Given neighbouring words, some of which spell names together (in any case)
        # When they are joined, Then the quick no changes nothing
        assert join_words(shared_index, words) == _joined_trying_every_run(shared_index, words)

    check()


def test_a_word_surely_no_name_finds_no_name_as_typed(shared_index):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from strudel_jupyter.lookup.ranking import _no_name_typed, rank_reference, rank_sounds

    # Given names of both tabs, their plurals and other cases, doc.json synonyms and everyday words
    ref = shared_index.reference
    names = [*list(ref.by_name)[::7], *list(ref.by_doc_synonym)[:20], *list(shared_index.sounds.entries)[::37]]
    names += [*list(shared_index.sounds.banks)[::5], "reverb", "muffled", "hats", "kicks", "bd:3", "gm piano"]

    @settings(max_examples=400, deadline=None)
    @given(st.sampled_from(names), st.sampled_from(["", "s", "S", "x"]), st.booleans())
    def check(name, ending, upper):
        word = (name.upper() if upper else name) + ending
        # When the quick check says it is surely no name typed
        if _no_name_typed(shared_index, word):
            # Then the lookups of a question's words (no prefixes, no fuzzy matches) find nothing
            assert rank_reference(shared_index, word, fuzzy=False, prefix=False) == []
            assert rank_sounds(shared_index, word, fuzzy=False, prefix=False) == []

    check()
