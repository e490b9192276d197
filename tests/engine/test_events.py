"""Events as data: Strudel's own engine plays real patterns, and the frame says what it played.

Given code the REPL plays, when its events are read, then they are the REPL's onsets: one
row each, exact times, controls as columns.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import strudel_jupyter
from strudel_jupyter.engine import EVENT_COLUMNS, StrudelCodeError, StrudelLimitError, run_code, strudel_events
from strudel_jupyter.engine import events as events_module


@pytest.fixture(autouse=True)
def _tests_engine(process, monkeypatch):
    """strudel_events runs on the tests' engine process."""
    monkeypatch.setattr(events_module, "engine", lambda: process)


def test_drums_and_hats_give_twelve_onsets_in_one_cycle():
    frame = strudel_events('s("bd*4, hh*8")')
    assert len(frame) == 12
    assert list(frame.columns) == [*EVENT_COLUMNS, "s"]
    assert (frame["s"] == "bd").sum() == 4 and (frame["s"] == "hh").sum() == 8
    assert list(frame["begin"]) == sorted(frame["begin"])  # sorted by begin
    assert frame["begin_fraction"].iloc[1] == Fraction(0) and frame["end_fraction"].iloc[1] == Fraction(1, 8)


def test_scale_degrees_become_the_notes_of_c_minor():
    frame = strudel_events('n("0 2 4").scale("C4:minor")')
    assert list(frame["note"]) == ["C4", "Eb4", "G4"]
    assert list(frame["duration"]) == pytest.approx([1 / 3] * 3)
    assert list(frame["end_fraction"]) == [Fraction(1, 3), Fraction(2, 3), Fraction(1)]


def test_dollar_blocks_play_together_and_the_muted_one_does_not():
    frame = strudel_events('$: s("bd")\n$: s("hh*2")\n_$: s("cp")')
    assert sorted(frame["s"]) == ["bd", "hh", "hh"]


def test_fast_two_doubles_the_onsets():
    once = strudel_events('note("c e g")', 2)
    twice = strudel_events('note("c e g").fast(2)', 2)
    assert len(twice) == 2 * len(once) == 12


def test_begin_and_cycles_choose_the_window():
    frame = strudel_events('s("<bd sd hh>")', 2, begin=1)
    assert list(frame["s"]) == ["sd", "hh"]
    assert list(frame["cycle"]) == [1, 2]
    assert str(frame["cycle"].dtype) == "int64"
    half = strudel_events('s("bd*4")', Fraction(1, 2), begin=Fraction(1, 4))
    assert list(half["begin_fraction"]) == [Fraction(1, 4), Fraction(1, 2)]


def test_controls_are_columns_in_first_seen_order_with_missing_values_empty():
    frame = strudel_events('s("bd sd").bank("RolandTR909").gain("1 0.5")\n', 1)
    assert list(frame.columns)[len(EVENT_COLUMNS) :] == ["s", "bank", "gain"]
    mixed = strudel_events('stack(s("bd"), note("c").s("piano"))')
    assert list(mixed.columns)[len(EVENT_COLUMNS) :] == ["s", "note"]
    assert mixed["note"].isna().sum() == 1


def test_a_bare_number_pattern_goes_in_a_value_column():
    frame = strudel_events('"0 1 2"')
    assert list(frame["value"]) == [0, 1, 2]


def test_setcpm_records_the_tempo_and_samples_is_a_stand_in():
    frame = strudel_events("await samples('github:tidalcycles/dirt-samples')\nsetcpm(90)\ns('bd').pianoroll()")
    assert frame.attrs["cps"] == pytest.approx(1.5)
    assert list(frame["s"]) == ["bd"]
    assert strudel_events('s("bd")').attrs["cps"] == 0.5  # the next call starts from the REPL's default


def test_a_method_that_does_not_exist_is_the_repl_s_type_error_with_its_position():
    with pytest.raises(StrudelCodeError) as caught:
        strudel_events('s("bd")\n  .trancegate(1)')
    assert caught.value.message == "s(...).trancegate is not a function"
    assert (caught.value.line, caught.value.column) == (2, 4)
    assert caught.value.phase == "evaluate"


def test_a_syntax_error_is_placed_where_the_parser_stopped():
    with pytest.raises(StrudelCodeError) as caught:
        strudel_events('note("c e")\ns("bd" ')
    assert caught.value.name == "SyntaxError"
    assert (caught.value.line, caught.value.column) == (2, 8)


def test_a_mini_notation_error_says_the_repl_s_text_and_its_line():
    with pytest.raises(StrudelCodeError) as caught:
        strudel_events('note("c e")\ns("bd(3,8")')
    assert caught.value.message.startswith("[mini] parse error at line 1:")  # the REPL counts in the string
    assert (caught.value.line, caught.value.column) == (2, 3)  # where the string starts


def test_an_invalid_scale_is_a_query_error_as_the_repl_logs_it():
    with pytest.raises(StrudelCodeError) as caught:
        strudel_events('note("c e").scale("C:nosuch")')
    assert caught.value.phase == "query"
    assert "Scale name C nosuch is incomplete" in caught.value.message


def test_a_query_error_in_one_cycle_leaves_the_others_playing(process):
    run = run_code('note("c").scale("<C:major C:nosuch>")', end=4, process=process)
    assert run.error is not None and run.error.phase == "query"
    assert [e.begin for e in run.events] == [0, 2]


# ------------------------------------------------------------------ one run, read for shorter spans
def test_a_runs_window_holds_the_events_a_shorter_run_gives(process):
    # Given a run of four cycles of a pattern that changes every cycle, counted on its engine
    code = 's("<bd sd hh>*2").n("<0 1>")'
    calls = process.calls
    run = run_code(code, end=4, process=process)
    assert process.calls == calls + 1
    # When its first two cycles are read from it
    window = run.window(0, 2)
    # Then they are exactly what a run of those two cycles gives, without running the code again
    assert process.calls == calls + 1
    alone = run_code(code, end=2, process=process)
    assert window is not None and (window.begin, window.end) == (0, 2)
    assert window.events == alone.events and window.cps == alone.cps and window.error is None
    # and its own span is itself
    assert run.window(0, 4) is run


def test_a_window_the_run_cannot_tell_is_none(process):
    run = run_code('s("bd sd")', end=4, process=process)
    # another start, past its end, a fraction of a cycle: those spans are queried otherwise
    assert run.window(1, 2) is None and run.window(0, 5) is None and run.window(0, Fraction(3, 2)) is None
    # a query error in some cycle (which one, the run does not say) or a limit: not known for fewer cycles
    thrown = run_code('note("c").scale("<C:major C:major C:nosuch>")', end=4, process=process)
    assert thrown.error is not None and thrown.error.phase == "query" and thrown.window(0, 2) is None
    # an evaluation error does not depend on the cycles: every window has it
    failed = run_code('s("bd").fasst(2)', end=4, process=process)
    short = failed.window(0, 1)
    assert short is not None and short.error is failed.error and short.events == []


def test_an_unknown_name_is_a_reference_error_at_its_place():
    with pytest.raises(StrudelCodeError) as caught:
        strudel_events('s("bd")\nfoo(1)')
    assert caught.value.message == "foo is not defined"
    assert (caught.value.line, caught.value.column) == (2, 1)


def test_code_ending_in_a_declaration_is_silence_as_at_the_snapshot_commit():
    assert strudel_events('const drums = s("bd*4")').empty


def test_too_many_events_is_a_limit(patient):
    run = run_code('s("bd*25000")', process=patient)
    assert isinstance(run.error, StrudelLimitError) and run.error.limit == "events"
    assert run.events == []


def test_too_many_cycles_and_bad_arguments_are_refused():
    with pytest.raises(StrudelLimitError):
        strudel_events('s("bd")', 10_000)
    with pytest.raises(ValueError):
        strudel_events('s("bd")', 0)
    with pytest.raises(TypeError):
        strudel_events(42)  # type: ignore[arg-type]


def test_the_package_exports_the_engine_api():
    assert strudel_jupyter.strudel_events is strudel_events
    assert strudel_jupyter.StrudelCodeError is StrudelCodeError
    assert {"strudel_events", "StrudelCodeError", "StrudelLimitError"} <= set(strudel_jupyter.__all__)
