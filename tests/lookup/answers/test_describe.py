"""The one-line descriptions answers are written in, on real entries."""

from __future__ import annotations

from strudel_jupyter.lookup.answers.describe import (
    describe_bank,
    describe_function,
    describe_hits,
    describe_sound,
    join_names,
)
from strudel_jupyter.lookup.answers.question import NOT_FOUND
from strudel_jupyter.lookup.ranking import rank_reference, rank_sounds


def test_a_function_reads_summary_usage_params_and_an_example(shared_index):
    text = describe_function(shared_index.reference.by_name["fast"])
    assert text.startswith("fast: Speed up a pattern by the given factor. Usage: fast(factor).")
    assert "Params: factor (number | Pattern): speed up factor." in text
    assert 'Example: s("bd hh sd hh").fast(2)' in text


def test_a_function_without_examples_says_so(shared_index):
    bare = next(e for e in shared_index.reference.entries if not e.examples)
    assert describe_function(bare).endswith("No example in the bundled docs.")


def test_sounds_say_their_count_only_when_they_have_one(shared_index):
    assert (
        describe_sound(shared_index.sounds.entries["bd"])
        == 'bd: sample sound in drum-machines, 8 samples. Use s("bd").'
    )
    assert describe_sound(shared_index.sounds.entries["sawtooth"]) == (
        'sawtooth: synth sound in synths. Use note("c e g").s("sawtooth").'
    )
    assert "(alias of rolandtr909_bd)" in describe_sound(shared_index.sounds.entries["tr909_bd"])


def test_a_bank_lists_its_sounds_and_what_it_aliases(shared_index):
    text = describe_bank(shared_index.sounds.banks["tr909"])
    assert text.startswith("Bank tr909 (drum-machines, alias of rolandtr909) has 11 sounds: bd, cp, cr,")
    assert text.endswith('Use s("bd cp").bank("tr909").')


def test_join_names_counts_what_it_leaves_out():
    assert join_names(list("abcdefghij")) == "a, b, c, d, e, f, g, h and 2 more"
    assert join_names(["a", "b"]) == "a, b"


def test_the_text_of_hits(shared_index):
    hits = rank_reference(shared_index, "density") + rank_sounds(shared_index, "bd")
    ref, snd = shared_index.reference.by_name, shared_index.sounds.entries
    assert describe_hits(shared_index, hits, detail=True) == " | ".join(
        [describe_function(ref["density"]), describe_function(ref["fast"]), describe_sound(snd["bd"])]
    )
    brief = describe_hits(shared_index, hits, detail=False)
    assert brief.startswith("Best match (exact): density: ") and brief.endswith("Also: fast (synonym), bd (exact).")
    assert describe_hits(shared_index, [], detail=True) == NOT_FOUND
