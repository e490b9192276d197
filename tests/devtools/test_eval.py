"""The lookup eval sets: the shared dev sample and our own held-out cases."""

from __future__ import annotations

from pathlib import Path

import pytest

from strudel_jupyter.devtools.evaluation import load_cases, main, run_eval

from ..conftest import SHARED_EVAL

DATA = Path(__file__).parents[1] / "fixtures"


@pytest.mark.parametrize(
    ("path", "threshold"),
    [
        (SHARED_EVAL, 0.97),
        (DATA / "eval_heldout.jsonl", 0.98),
        (DATA / "eval_heldout2.jsonl", 0.97),
        # musicians' words: the goal (85%) on the shared sample; our own sets guard against falling
        # back (issue 21's session 6 tuned the phrasebook on the failures of these visible sets, and
        # then removed every phrase that repeated 3+ words of a visible question; then a systematic
        # pass over every function: 97.5, 93.0, 95.1, 92.0%)
        (SHARED_EVAL.parent / "musician-dev.jsonl", 0.95),
        (DATA / "eval_musician_heldout.jsonl", 0.93),
        (DATA / "eval_musician_heldout2.jsonl", 0.93),
        (DATA / "eval_musician_heldout3.jsonl", 0.93),
        # 264 questions written from the function list (one per function, 175 functions), visible:
        # for tuning; 46.6% when first measured, 75.0% at the end of session 6, 88.3% of session 7,
        # 89.4% of session 8
        (DATA / "eval_musician_dev6.jsonl", 0.88),
        # 250 questions written blind (functions, sounds, things Strudel lacks, tonal names), never
        # tuned on until session 7: 35.6% before session 5, 53.2% after it, 78.0% after session 6,
        # 81.6% after session 7; read case by case and tuned on in session 8 (87.6%): visible now
        (DATA / "eval_musician_blind4.jsonl", 0.86),
        # 297 more written blind (with doc-worded ones) at the start of session 6, never tuned on:
        # 50.5% then, 72.4% at its end, 78.1% at the end of session 7; tuned on in session 8 (81.8%)
        (DATA / "eval_musician_blind5.jsonl", 0.80),
        # 308 more written blind at the start of session 7 (functions, sounds, lacks, tonal, doc-worded),
        # never tuned on, kept outside the repository until its end: 67.2% then, 75.0% at its end;
        # tuned on in session 8 (80.8%)
        (DATA / "eval_musician_blind6.jsonl", 0.79),
        # 280 more written blind at the start of session 8 (functions drawn evenly over doc.json,
        # sounds, lacks, tonal, doc-worded), never read case by case nor tuned on, kept outside the
        # repository until its end: 72.5% then, 76.4% at its end
        (DATA / "eval_musician_blind7.jsonl", 0.75),
        # 282 more written blind near the end of session 8 (after its changes, without the code),
        # scored on the session's first and last commits only: 79.4% -> 81.9%
        (DATA / "eval_musician_blind8.jsonl", 0.80),
        # things Strudel lacks, asked as musicians would: answered ok: false (the goal is 80%),
        # and things it has worded the same way, which stay answers (93.9%, 96.3% in session 7)
        (DATA / "eval_absent_dev.jsonl", 0.94),
        # tonal questions in musicians' words (play in A minor, a sus chord, arpeggiate, transpose
        # by scale degrees, is X a scale): 78.3% before the tonal names were read as phrases, 93.3% after,
        # 96.7% in session 7
        (DATA / "eval_tonal_dev.jsonl", 0.93),
        # 281 questions written without the code at the start of session 7 (112 doc-worded, one per
        # function; 109 functions in musicians' words; sounds; tonal), visible: for tuning;
        # 75.1% when first measured, 87.9% at the end of session 7, 91.8% of session 8
        (DATA / "eval_dev7.jsonl", 0.90),
    ],
)
def test_eval_pass_rate_and_no_invented_names(path, threshold):
    report = run_eval(load_cases(path))
    failing = [(r.id, r.query, r.failures) for r in report.results if not r.passed]
    assert report.invented == 0, failing
    assert report.pass_rate >= threshold, failing


def test_the_eval_runner_prints_pass_rate_and_invented_count(capsys):
    assert main([str(SHARED_EVAL)]) == 0
    out = capsys.readouterr().out
    assert "pass rate:" in out and "invented names: 0" in out


def test_several_sets_are_scored_one_line_each(tmp_path, capsys):
    # Given two eval files, one with a failing case
    good, bad = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    good.write_text('{"id": "g1", "query": "room", "expect": {"top": "room"}}\n')
    bad.write_text('{"id": "b1", "query": "room", "expect": {"top": "fast"}}\n')
    # When both are scored at once
    assert main([str(good), str(bad), "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # Then there is one line per set, in order, with its own figures
    assert len(lines) == 2
    assert lines[0].startswith("good.jsonl") and "100.0% (1/1)" in lines[0]
    assert lines[1].startswith("bad.jsonl") and "0.0% (0/1)" in lines[1] and "invented names: 0" in lines[1]


def test_a_failing_case_is_reported(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x1", "query": "room", "expect": {"top": "fast"}}\n')
    report = run_eval(load_cases(bad))
    assert report.passed == 0 and report.results[0].failures == ["top: expected 'fast'"]
