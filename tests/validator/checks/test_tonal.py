"""The tonal check: scale names in .scale(...) and chord symbols before .voicing(), from tonal.json."""

from __future__ import annotations

import re
import shutil

import pytest

from strudel_jupyter import StrudelIndex
from strudel_jupyter.validator.validation import validate_code
from tests.validator.helpers import findings, only

TONAL = ("unknown_scale", "incomplete_scale", "unknown_chord")


def _tonal(code, index):
    return [f for f in validate_code(code, index=index).findings if f.kind in TONAL]


def test_real_scale_names_pass_as_the_repl_writes_them(index):
    # Given scale strings the REPL plays: ':' for spaces, an octave, an alias, any case, plain strings
    codes = [
        'n("0 2 4").scale("C:minor:pentatonic")',
        'n("0 2").scale("<C4:major D:dorian Eb:bebop:major>")',
        'n("0").scale("c:Major")',
        "n(\"0\").scale('C4 bebop major')",  # single quotes: one plain string, spaces and all
        'n("0").scale("minor")',  # no tonic: the REPL plays it from C
        'n("0").scale("C:<major minor>/2")',
    ]
    # When each is validated, then nothing tonal is found
    for code in codes:
        assert _tonal(code, index) == [], code


def test_unknown_scale_name_is_reported_where_it_is_with_real_names(index):
    # Given a misspelt scale name inside a pattern of scales
    f = only('n("0 2").scale("<C:major D:dorain>")', index, kind="unknown_scale")
    # Then the finding is at the step, says what the REPL throws, and offers real names in REPL spelling
    assert (f.name, f.line, f.column, f.severity) == ("D:dorain", 1, 26, "warning")
    assert 'Invalid scale name "D dorain"' in f.message
    assert f.suggestions[0] == "D:dorian"
    tonal = index.tonal
    assert all(tonal.scale(s.split(":", 1)[1]) is not None for s in f.suggestions)


def test_every_reading_of_a_step_is_checked(index):
    f = only('n("0").scale("C:<major minr>")', index, kind="unknown_scale")
    assert f.name == "C:minr" and f.suggestions[0] == "C:minor"


def test_a_tonic_without_a_name_is_the_repls_incomplete_error(index):
    # Given "C minor" in double quotes: mini-notation reads two steps, "C" and "minor"
    f = only('n("0").scale("C minor")', index, kind="incomplete_scale")
    assert f.name == "C" and f.column == 15
    assert 'Scale name C is incomplete. Make sure to use ":" instead of spaces' in f.message
    assert "C:minor" in f.suggestions
    # whereas in single quotes it is one plain string, which the REPL reads whole
    assert _tonal("n(0).scale('C minor')", index) == []


def test_unknown_name_without_a_tonic(index):
    f = only('n("0").scale("dorain")', index, kind="unknown_scale")
    assert "is incomplete" in f.message and "C:dorian" in f.suggestions


def test_chord_symbols_before_voicing_are_checked_against_the_dictionary(index):
    # Given chords voiced with the default dictionary (ireal)
    assert _tonal('chord("<C^7 Dm7 G7 F#m7b5 Bb6 C>").voicing()', index) == []
    f = only('chord("<C^7 G7b99>").voicing()', index, kind="unknown_chord")
    assert (f.name, f.column, f.severity) == ("G7b99", 13, "warning")
    assert "ireal" in f.message and "unknown chord" in f.message
    assert set(f.suggestions) <= {"G" + s for s in index.tonal.symbols_of("ireal")}
    assert "G7b9" in f.suggestions
    # a lower-case root is not a chord for voicing()
    low = only('chord("c").voicing()', index, kind="unknown_chord")
    assert low.suggestions == ("C",)


def test_the_chains_dictionary_decides(index):
    # triads has no seventh chords
    found = findings('chord("<C Dm7>").dict("triads").voicing()', index, kind="unknown_chord")
    assert [f.name for f in found] == ["Dm7"]
    assert set(found[0].suggestions) <= {"D" + s for s in index.tonal.symbols_of("triads")}
    # a dictionary the code registers itself, or no voicing() at all: not judged
    assert _tonal('chord("Dm7x").dict("house").voicing()', index) == []
    assert _tonal('chord("Xyz").rootNotes(2)', index) == []


def test_every_reference_example_is_free_of_tonal_findings(index):
    for doc in index.snapshot.docs:
        for example in doc.get("examples") or []:
            assert _tonal(example, index) == [], (doc.get("name"), example)


def test_without_tonal_json_nothing_tonal_is_checked(tmp_path, shared_snapshot_dir):
    # Given a snapshot without tonal.json
    for name in ("doc.json", "soundmap.json", "symbols.json"):
        shutil.copy(shared_snapshot_dir / name, tmp_path / name)
    bare = StrudelIndex.from_path(tmp_path)
    # Then it loads, has no tonal index, and the validator says nothing about scales
    assert bare.tonal is None
    assert _tonal('n("0").scale("C:nosuch")', bare) == []


@pytest.mark.parametrize("code", ['n("0").scale()', "n(0).scale(x)", 'n("0").scale("~ -")'])
def test_nothing_to_judge(index, code):
    assert _tonal(code, index) == []


def test_a_step_with_too_many_readings_is_not_judged(index):
    # Given a step standing for 5 x 5 = 25 scale names, past MAX_SCALE_READINGS (16)
    many = "<a b c d e>"
    assert _tonal(f'n("0").scale("C:{many}:{many}")', index) == []
    # while four readings are each checked: major blues is a scale, the other three are not
    assert sorted(f.name for f in _tonal('n("0").scale("C:<major minr>:<blues x>")', index)) == [
        "C:major:x",
        "C:minr:blues",
        "C:minr:x",
    ]


def test_a_very_long_name_is_cut_in_the_message(index):
    name = "x" * 5000
    f = only(f"n(0).scale('C {name}')", index, kind="unknown_scale")
    assert f.name == f"C {name}" and len(f.message) < 400 and "…" in f.message


def test_a_dictionary_applies_only_before_voicing_and_registrations_stop_the_check(index):
    # .dict() after .voicing() comes too late: the default dictionary (ireal) voices these
    assert _tonal('chord("<C^7 Dm7>").voicing().dict("triads")', index) == []
    # code that registers voicings or changes the default may make any symbol real
    assert _tonal('setDefaultVoicings("triads"); chord("Xm7").voicing()', index) == []
    assert _tonal('addVoicings("mine", {x: ["C3 E3"]}); chord("Cx").voicing()', index) == []


def test_every_tutorial_tune_is_free_of_tonal_findings(index, shared_snapshot_dir):
    # Given the playable examples of Strudel's tutorial pages (<MiniRepl tune={`...`} />), read at run time
    tunes = [
        m.group(1)
        for page in sorted((shared_snapshot_dir / "pages").rglob("*.mdx"))
        for m in re.finditer(r"tune=\{`(.*?)`\}", page.read_text(encoding="utf-8"), re.S)
    ]
    assert len(tunes) > 400
    # Then none has a scale, chord or voicing finding: they all play in the REPL
    assert [(t[:60], f.name) for t in tunes for f in _tonal(t, index)] == []
