"""The sounds check: unknown sounds and banks, bank + sound pairs, sample indices."""

from __future__ import annotations

import pytest

from strudel_jupyter import StrudelIndex
from strudel_jupyter.validator.validation import validate_code
from tests.validator.helpers import findings, only, real_names


def test_unknown_sound_is_reported_with_real_suggestions(index):
    report = validate_code('s("bd kick sdd hh:1 ~ - bd(3,8) [bd sd]*2 <hh oh>")', index=index)
    sounds = {f.name: f for f in report.findings if f.kind == "unknown_sound"}
    assert set(sounds) == {"kick", "sdd"}  # rests, euclid arguments, groups are not sounds
    assert (sounds["sdd"].line, sounds["sdd"].column) == (1, 12)
    assert sounds["sdd"].severity == "warning" and "silent" in sounds["sdd"].message
    assert "sd" in sounds["sdd"].suggestions
    assert set(sounds["sdd"].suggestions) <= set(index.sounds.entries)


def test_unknown_bank_and_missing_bank_sound(index):
    bank = only('s("bd sd").bank("tr9090")', index, kind="unknown_bank")
    assert (bank.name, bank.column) == ("tr9090", 18)
    assert "tr909" in [s.lower() for s in bank.suggestions]
    assert set(bank.suggestions) <= real_names(index)
    # tr909 exists, but it has no piano: key tr909_piano is missing
    combo = only('s("bd piano").bank("tr909")', index, kind="sound_not_in_bank")
    assert (combo.name, combo.column) == ("piano", 7)
    assert "tr909_piano" in combo.message
    assert set(combo.suggestions) <= set(index.sounds.banks["tr909"].sounds)
    # bank names are case-insensitive, as the registry lower-cases keys
    assert validate_code('s("bd sd").bank("RolandTR909")', index=index).findings == ()


def test_bank_applies_through_chains_and_stacks(index):
    assert findings('n("0 1").bank("tr808").s("bd")', index) == []
    assert findings('stack(s("bd"), s("hh*2")).bank("tr909").gain(.8)', index) == []
    f = only('stack(s("bd"), s("piano")).bank("tr909")', index, kind="sound_not_in_bank")
    assert f.name == "piano"
    # with several banks in one pattern, a missing pair may never play
    several = only('s("bd cb").bank("<tr909 tr808>")', index, kind="sound_not_in_bank")
    assert (several.name, several.column) == ("cb", 7) and "if this pair plays" in several.message


def test_sample_index_past_the_end_is_a_warning_because_the_repl_wraps(index):
    count = index.sounds.entries["hh"].count
    f = only('s("hh:12 bd:1")', index, kind="sample_index")
    assert f.severity == "warning" and f.column == 4
    assert f"hh:{12 % count}" in f.suggestions and f"wraps to hh:{12 % count}" in f.message
    n_form = only('n("0 40").s("hh")', index, kind="sample_index")
    assert n_form.name == "hh:40"
    banked = only('n("0 30").s("bd").bank("tr909")', index, kind="sample_index")
    assert "tr909_bd has" in banked.message
    # with a scale, n is a scale degree, not a sample index
    assert findings('n("0 40").scale("C:major").s("hh")', index, kind="sample_index") == []


@pytest.mark.parametrize("name", ["hh", "wt_digital", "gm_piano", "piano", "sine", "balafon"])
def test_sample_index_follows_the_one_index_rule(index, name):
    # Given a sound of each kind: samples, wavetables, a soundfont, note-keyed maps, a synth
    from strudel_jupyter.data.sounds_tab import index_slots

    slots = index_slots(index.sounds.registry[name])
    # When it is played one past the last entry the index rule counts
    past = validate_code(f's("{name}:{slots if slots is not None else 999}")', index=index).findings
    # Then the validator warns exactly when the rule has a count, and uses that count
    if slots is None:
        assert past == ()
    else:
        [finding] = past
        assert finding.kind == "sample_index" and f"{name} has {slots} sample" in finding.message
        assert validate_code(f's("{name}:{slots - 1}")', index=index).findings == ()


def test_remote_samples_make_unknown_sounds_unjudgeable(index):
    code = 'samples(\'github:tidalcycles/dirt-samples\')\ns("breaks125 bd").bank("mybank")'
    report = validate_code(code, index=index)
    assert report.ok
    assert {f.kind for f in report.findings} == {"unknown_bank"}
    assert "remote samples" in report.findings[0].message


def test_superdirt_output_makes_unknown_sounds_unjudgeable(index):
    f = only('n("0 4").s("superpiano").osc()', index, kind="unknown_sound")
    assert "SuperDirt" in f.message


def test_user_registered_sounds_are_known(shared_snapshot_dir):
    # Given a private index where the user registered a sound
    index = StrudelIndex.from_path(shared_snapshot_dir)
    assert findings('s("swoop:1")', index, kind="unknown_sound") != []
    index.register_sounds({"swoop": ["swoop/a.wav", "swoop/b.wav"]}, "https://example.com/")
    # Then the validator knows it (and its sample count)
    assert validate_code('s("swoop:1")', index=index).findings == ()
    assert findings('s("swoop:5")', index, kind="sample_index") != []
