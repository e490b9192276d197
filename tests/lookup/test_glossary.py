"""The musician's glossary: everyday words -> the docs' words, at a lower weight than typed words."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.data.textindex import TextIndex, tokenize
from strudel_jupyter.lookup.glossary import (
    _PARTICLES,
    _numbers_as_digits,
    find_phrases,
    load_glossary,
    parse_glossary,
    phrase_starts,
)
from strudel_jupyter.lookup.phrasebook import load_phrasebook


@pytest.fixture(scope="module")
def glossary():
    return load_glossary()


@pytest.fixture(scope="module")
def function_names(shared_index) -> set[str]:
    ref = shared_index.reference
    return {n.lower() for e in ref.entries for n in (e.name, *e.doc_synonyms)}


@pytest.fixture(scope="module")
def prose(shared_index) -> TextIndex:
    """The docs' prose only: descriptions, params and tags, without any name."""
    docs = {
        e.name: {
            "description": e.description,
            "params": " ".join(f"{p.get('name', '')} {p.get('description', '')}" for p in e.params),
            "tags": " ".join(e.tags),
        }
        for e in shared_index.reference.entries
    }
    return TextIndex(docs, {"description": 1.0, "params": 1.0, "tags": 1.0})


def test_no_glossary_target_is_a_function_name(glossary, function_names):
    # Given every line of the glossary, Then no target is a function name, whole or run together
    for entry in glossary.entries:
        target = entry.targets.lower()
        assert target not in function_names, (entry.line, target)
        assert target.replace(" ", "").replace("-", "") not in function_names, (entry.line, target)
        assert any(w not in function_names for w in target.split()), (entry.line, target)


def test_every_target_word_is_a_word_of_the_docs_prose_or_of_the_sounds(glossary, prose, shared_index):
    # The targets are the snapshot's own words: a renamed function is still found by its text
    for entry in glossary.entries:
        vocabulary = shared_index.sounds.text if entry.sounds else prose
        missing = [t for t in tokenize(entry.targets) if t not in vocabulary]
        assert not missing, (entry.line, entry.targets, missing)


def test_the_glossary_is_grouped_and_small_enough_to_read(glossary):
    groups = {e.group for e in glossary.entries}
    assert len(groups) >= 10 and all(groups)
    assert len(glossary.entries) <= 120


def test_a_malformed_line_names_its_number():
    with pytest.raises(ValueError, match="line 2"):
        parse_glossary("# group\nmuffled low pass filter\n")


def test_phrases_match_longest_first_and_with_light_morphology(glossary):
    # "closed door" is a phrase; "muffled" and "muffling" share a stem; British "randomise" too
    assert glossary.expand(tokenize("a closed door"))[0].start == 1
    assert glossary.expand(tokenize("muffling")) and glossary.expand(tokenize("randomised"))


@pytest.mark.parametrize(
    ("query", "answers"),
    [
        ("muffled", {"lpf"}),
        ("make it quieter", {"gain", "velocity", "postgain"}),
        ("more hall", {"room", "roomsize"}),
        ("crunchy", {"crush"}),
        # a lone "wobble" is a pitch wobble (vibrato) or, in bass music, the filter's tempo-synced LFO
        ("wobble", {"vib", "lpsync"}),
        ("randomise the notes", {"rand", "choose", "degradeBy", "shuffle", "irand", "randcat"}),
    ],
)
def test_everyday_words_find_the_functions_the_docs_describe(shared_index, query, answers):
    response = strudel_knowledge(query, index=shared_index)
    assert response["ok"] and response["items"][0]["name"] in answers, response["items"][:3]


def test_a_name_typed_exactly_beats_its_glossary_meaning(shared_index):
    # Given "echo", a glossary word for delay and also a function's name
    assert "echo" in {w for e in load_glossary().entries for w in e.words}
    # Then the function echo answers, not delay
    assert strudel_knowledge("echo", index=shared_index)["items"][0]["name"] == "echo"
    # and a docs word typed as such ("reverb") leads over a glossary meaning ("hall")
    assert strudel_knowledge("reverb", index=shared_index)["items"][0]["name"] == "room"


def test_a_phrasal_verb_may_hold_its_object_between_verb_and_particle(glossary):
    # "move notes up" holds "move up"; a gap only before a particle ("same every time" is not "same time")
    (found,) = glossary.expand(tokenize("move notes up"))
    assert (found.start, found.end) == (0, 3)
    assert not [e for e in glossary.expand(tokenize("same every time")) if e.end - e.start == 3]


def test_rare_words_of_a_question_count_more_than_common_ones(shared_index):
    # "fade" says more than "slow", "start", "each" and "note", which other entries' docs use too
    response = strudel_knowledge("slow fade-in at the start of each note", index=shared_index)
    assert response["items"][0]["name"] in {"attack", "att"}, response["items"][:3]


def _find_trying_every_length(stems, table, longest):
    """The general reading ``find_phrases`` shortcuts: every length from the longest key's down,
    at every stem, and the numbers' reading always tried (the implementation before issue 21)."""

    def as_written(stems):
        found, i = [], 0
        while i < len(stems):
            for size in range(min(longest, len(stems) - i), 0, -1):
                value = table.get(tuple(stems[i : i + size]))
                if value:
                    found.append((i, i + size, value))
                    i += size
                    break
            else:
                gapped = i + 2 < len(stems) and stems[i + 2] in _PARTICLES
                value = table.get((stems[i], stems[i + 2])) if gapped else None
                if value and not table.get((stems[i + 1],)):
                    found.append((i, i + 3, value))
                    i += 3
                else:
                    i += 1
        return found

    found = as_written(stems)
    read = _numbers_as_digits(stems)
    if len(read) != len(stems) or any(stem != stems[n] for stem, n in read):
        taken = {n for start, end, _ in found for n in range(start, end)}
        for i, j, value in as_written([stem for stem, _ in read]):
            start, end = read[i][1], read[j - 1][1] + 1
            if not taken & set(range(start, end)):
                found.append((start, end, value))
        found.sort(key=lambda hit: hit[0])
    return found


_STEMS = st.sampled_from(
    ["turn", "bass", "down", "up", "everi", "4", "four", "fourth", "th", "bar", "fade", "in", "the"]
)


@settings(max_examples=300, deadline=None)
@given(
    stems=st.lists(_STEMS, max_size=12),
    keys=st.lists(st.lists(_STEMS, min_size=1, max_size=5).map(tuple), max_size=25),
)
def test_phrases_are_found_as_trying_every_length_finds_them(stems, keys):
    # Given a table of phrases and a list of stems (numbers as words, ordinals, particles among them)
    table = {key: f"value{n}" for n, key in enumerate(keys)}
    # When the phrases are found trying only the lengths of keys that start at each stem
    found = find_phrases(stems, table, phrase_starts(table))
    # Then they are what trying every length at every stem finds
    assert found == _find_trying_every_length(stems, table, max((len(k) for k in table), default=0))


def test_the_glossary_and_the_phrasebook_read_a_long_question_as_every_length_would(glossary):
    stems = tokenize("turn the bass down every fourth bar and fade in a warm pad with a long release then add swing")
    book = load_phrasebook()
    for table in (glossary._phrases[False], glossary._phrases[True], book.table, book.near):
        longest = max((len(k) for k in table), default=0)
        assert find_phrases(stems, table, phrase_starts(table)) == _find_trying_every_length(stems, table, longest)
