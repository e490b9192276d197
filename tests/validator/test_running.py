"""Validation that runs the code: after the static checks, Strudel's own engine plays the first cycles.

Given code, when it is validated, then the findings say what the REPL would show: errors
thrown while evaluating or playing, a pattern that plays nothing, sounds that play silent;
never a finding twice; and where the engine cannot run, the static checks stand alone.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from strudel_jupyter.engine import EngineProcess, run_code
from strudel_jupyter.engine import events as events_module
from strudel_jupyter.limits import VALIDATE_CYCLES
from strudel_jupyter.validator.report import KINDS
from strudel_jupyter.validator.validation import strudel_validate, validate_code


def kinds(code, index, **kwargs):
    return [(f.severity, f.kind) for f in validate_code(code, index=index, **kwargs).findings]


def test_a_curried_global_used_as_a_pattern_is_the_repl_s_type_error(index):
    report = validate_code("transpose(-12).late(0)", index=index)
    (finding,) = report.findings
    assert (finding.severity, finding.kind, finding.line, finding.column) == ("error", "runtime_error", 1, 16)
    assert "transpose(...).late is not a function" in finding.message


def test_an_error_thrown_inside_a_user_function_is_found_by_running_it(index):
    code = 'const pick = (x) => x.nothing.here\n$: pick(s("bd"))'
    (finding,) = validate_code(code, index=index).findings
    assert finding.kind == "runtime_error" and "reading 'here'" in finding.message


def test_an_invalid_scale_the_static_check_cannot_see_is_the_query_error_the_repl_logs(index):
    # the scale name comes from a variable: only running the code finds it
    (finding,) = validate_code("const name = 'C:nosuch'\nnote(\"c e\").scale(name)", index=index).findings
    assert (finding.severity, finding.kind) == ("error", "query_error")
    assert finding.message.startswith("[query] error: Scale name C nosuch is incomplete")


def test_an_invalid_scale_name_written_out_is_one_finding_with_real_names(index):
    # the static check and the engine see the same cause: no finding twice
    code = 'note("c e").scale("C:nosuch")'
    (static,) = validate_code(code, index=index, run=False).findings
    assert (static.severity, static.kind) == ("warning", "unknown_scale")
    # running it, nothing plays: the REPL shows an error, so the same finding is one, at its place
    (finding,) = validate_code(code, index=index).findings
    assert (finding.severity, finding.kind) == ("error", "unknown_scale")
    assert (finding.line, finding.column, finding.suggestions) == (static.line, static.column, static.suggestions)
    assert finding.suggestions and all(s.startswith("C:") for s in finding.suggestions)
    assert "confirmed by running it" in finding.message


def test_an_invalid_scale_name_in_some_cycles_only_stays_a_warning(index):
    # the REPL logs the [query] error for those cycles and plays the others
    code = 'note("c e").scale("<C:major C:nosuch>")'
    assert kinds(code, index) == [("warning", "unknown_scale")]
    assert strudel_validate(code)["ok"] is True


def test_a_query_error_in_some_cycles_only_is_a_warning(index):
    code = "const names = '<C:major C:nosuch>'\nnote(\"c\").scale(names)"
    assert kinds(code, index) == [("warning", "query_error")]


def test_a_continuous_signal_alone_plays_nothing_and_says_how_many_cycles(index):
    (finding,) = validate_code('n(sine).scale("C:major")', index=index).findings
    assert (finding.severity, finding.kind) == ("warning", "plays_nothing")
    assert f"first {VALIDATE_CYCLES} cycles" in finding.message


def test_silence_from_a_browser_only_stand_in_is_only_a_note(index):
    # midikeys needs a MIDI device: here it is a silent stand-in, so silence says nothing of the REPL
    (finding,) = validate_code("const kb = await midikeys('KeyStep')\nkb().s('tri')", index=index).findings
    assert (finding.severity, finding.kind) == ("info", "plays_nothing")
    assert "midikeys" in finding.message


def test_a_single_quoted_unknown_sound_is_found_from_the_events(index):
    # single quotes are not mini-notation in the REPL; the event still names the sound
    code = "s(cat('bd', 'nosuchdrum'))"
    found = [f for f in validate_code(code, index=index).findings if f.kind == "unknown_sound"]
    assert [f.name for f in found] == ["nosuchdrum"]
    assert (found[0].line, found[0].column) == (1, 14)


def test_a_sound_the_static_check_flagged_is_not_reported_again(index):
    found = validate_code('s("bd nosuchdrum")', index=index).findings
    assert [(f.kind, f.name) for f in found] == [("unknown_sound", "nosuchdrum")]


def test_a_static_error_is_not_repeated_by_the_engine(index):
    assert kinds('s("bd").fooo()', index) == [("error", "unknown_method")]
    assert kinds('s("bd" ', index) == [("error", "syntax")]


def test_run_false_keeps_to_the_static_checks(index):
    assert kinds("transpose(-12).late(0)", index, run=False) == []
    assert strudel_validate("transpose(-12).late(0)", index=index, run=False)["ok"] is True
    assert strudel_validate("transpose(-12).late(0)", index=index)["ok"] is False


def test_without_an_engine_the_static_checks_stand_alone_with_a_note(index, tmp_path, monkeypatch):
    (tmp_path / "doc.json").write_text("{}")  # a snapshot folder without engine/
    monkeypatch.setattr(events_module, "engine", lambda: EngineProcess(tmp_path))
    found = validate_code('s("bd").fooo()\n', index=index).findings
    assert [f.kind for f in found] == ["unknown_method"]  # an error: nothing to run
    (note,) = validate_code('s("bd")', index=index).findings
    assert (note.severity, note.kind) == ("info", "not_run")
    assert "checked statically only" in note.message


def test_a_limit_hit_while_running_is_a_note_not_a_crash(index):
    (note,) = validate_code("(() => { while (true) {} })()", index=index).findings
    assert (note.severity, note.kind) == ("info", "not_run")
    assert "limit" in note.message


def test_a_lone_surrogate_the_engine_echoes_still_travels_as_json(index):
    result = strudel_validate("s('bd').x\ud83dy()", index=index)
    json.dumps(result, ensure_ascii=False).encode("utf-8")  # no lone surrogate left
    assert result["ok"] is False


def test_the_new_kinds_are_listed():
    assert {"runtime_error", "query_error", "plays_nothing", "not_run"} <= set(KINDS)


@pytest.mark.slow
def test_no_doc_example_the_repl_plays_gets_an_error_finding(index, shared_snapshot_dir):
    doc = json.loads((shared_snapshot_dir / "doc.json").read_text(encoding="utf-8"))
    examples = [(d.get("name"), code) for d in doc["docs"] for code in d.get("examples") or []]
    assert len(examples) > 500
    with_errors = []
    for name, code in examples:
        errors = [f for f in validate_code(code, index=index).findings if f.severity == "error"]
        if errors:
            with_errors.append((name, code, errors))
    # An example with an error finding is one the REPL cannot play either: Strudel's engine
    # fails on it and plays nothing in the cycles checked.
    for name, code, errors in with_errors:
        run = run_code(code, end=VALIDATE_CYCLES)
        assert run.error is not None and not run.events, (name, code, errors)
    assert len(with_errors) <= 6, [(n, e) for n, _, e in with_errors]


def test_importing_and_a_first_knowledge_answer_start_no_engine(shared_snapshot_dir):
    script = textwrap.dedent(
        """
        import strudel_jupyter
        from strudel_jupyter.engine import engine_running
        strudel_jupyter.strudel_knowledge("what does room do")
        import sys
        print(engine_running(), "strudel_jupyter.engine.process" in sys.modules and engine_running())
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split() == ["False", "False"]
