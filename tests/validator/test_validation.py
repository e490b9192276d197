"""strudel_validate / validate_code end to end: the reference passes, the tool's JSON, never raising."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strudel_jupyter import StrudelIndex, get_index
from strudel_jupyter.validator.validation import KINDS, strudel_validate, validate_code
from tests.validator.helpers import nested_js, nested_mini, only


def test_every_example_in_doc_json_has_no_errors(index):
    # Given every example of every doclet in the shared doc.json (real Strudel code)
    examples = [(d.get("name"), e) for d in index.snapshot.docs for e in d.get("examples") or []]
    assert len(examples) > 500
    # When each is validated
    errors = [
        (name, f.line, f.column, f.kind, f.message)
        for name, code in examples
        for f in validate_code(code, index=index, run=False).findings
        if f.severity == "error"
    ]
    # Then none has a static error (warnings, e.g. undocumented fm2, are allowed); with the
    # engine running them, see test_running.py
    assert errors == []


def test_doc_examples_still_get_the_warnings_they_deserve(index):
    # The reference's own examples use real but undocumented names, and sounds the
    # bundled registry does not have: those are warnings, not silence.
    wt = next(e for d in index.snapshot.docs if d.get("name") == "wt" for e in d["examples"])
    finding = only(wt, index, kind="sound_not_in_bank")
    assert finding.severity == "warning" and finding.name == "squelch"
    assert set(finding.suggestions) <= {"bad_day", "basique", "crickets", "curses", "echoes"}
    fm = only('note("c e").fm2(3).s("sine")', index, kind="undocumented")
    assert (fm.name, fm.severity, fm.line, fm.column) == ("fm2", "info", 1, 13)
    assert "no reference entry" in fm.message


def test_real_but_undocumented_names_are_info_not_warnings(index):
    # Given valid code from a real tune that uses names without a reference entry
    result = strudel_validate('setcps(0.5)\nnote("c e").fm2(3).s("sine")', index=index)
    # Then they are info notes: nothing to fix, not counted as warnings or errors
    assert [(f["name"], f["severity"]) for f in result["findings"]] == [("setcps", "info"), ("fm2", "info")]
    assert (result["ok"], result["errors"], result["warnings"], result["info"]) == (True, 0, 0, 2)
    assert result["summary"].startswith("2 info notes (nothing to fix); first at line 1")


def test_summary_points_at_a_warning_before_an_info_note(index):
    result = strudel_validate('setcps(1)\ns("kick")', index=index)
    assert (result["warnings"], result["info"]) == (1, 1)
    assert result["summary"].startswith("1 warning and 1 info note (nothing to fix); first at line 2")


def test_typeof_an_undeclared_name_is_valid_javascript(index):
    # Given a guard on a name the code never declares
    result = strudel_validate("if (typeof hush2 === 'undefined') { s(\"bd\") }\nhush2", index=index)
    # Then typeof is no ReferenceError, but the bare use on line 2 still is
    assert [(f["kind"], f["line"]) for f in result["findings"]] == [("unknown_name", 2)]


def test_tool_result_shape_and_summary(index):
    result = strudel_validate('s("bd").fastt(2)\ns("kick")', index=index)
    assert set(result) == {"ok", "errors", "warnings", "info", "findings", "summary"}
    assert (result["ok"], result["errors"], result["warnings"]) == (False, 1, 1)
    assert set(result["findings"][0]) == {"severity", "kind", "name", "message", "line", "column", "suggestions"}
    assert result["summary"].startswith("1 error and 1 warning; first at line 1")
    assert all(f["kind"] in KINDS for f in result["findings"])
    json.dumps(result)  # plain JSON


@pytest.mark.parametrize("bad", [None, 42, b"s('bd')", "x" * 200_001])
def test_bad_input_is_a_value_not_an_exception(index, bad):
    result = strudel_validate(bad, index=index)
    assert result["ok"] is False and result["findings"][0]["kind"] == "invalid_input"


def test_empty_code_is_fine(index):
    assert strudel_validate("   \n", index=index)["ok"] is True


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(list('s("bd sd")[]<>{}.,:*/!?@~-_ \n\'`$;=>0123abc/\\')), max_size=80))
def test_validator_never_raises_and_positions_are_inside_the_code(code):
    index = get_index()
    result = strudel_validate(code, index=index)
    assert isinstance(result["ok"], bool)
    assert all(f["kind"] not in ("internal_error", "invalid_input") for f in result["findings"])
    lines = code.splitlines() or [""]
    for f in result["findings"]:
        assert 1 <= f["line"] <= len(lines) + 1 and f["column"] >= 1


def test_without_a_snapshot_the_tool_answers_with_a_finding(monkeypatch, tmp_path):
    # Given $STRUDEL_SNAPSHOT points at a folder that does not exist
    missing = tmp_path / "nowhere"
    monkeypatch.setenv("STRUDEL_SNAPSHOT", str(missing))
    # When code is validated against the default index
    result = strudel_validate('s("bd")')
    # Then the tool answers with one finding that says why, instead of raising SnapshotError
    assert (result["ok"], result["errors"], result["warnings"]) == (False, 1, 0)
    [finding] = result["findings"]
    assert finding["kind"] == "snapshot_unavailable" and finding["kind"] in KINDS
    assert "snapshot could not be loaded" in finding["message"] and str(missing) in finding["message"]
    assert result["summary"].startswith("cannot validate")
    json.dumps(result)


def test_deeply_nested_javascript_is_checked_without_a_recursion_limit(index):
    # Given sounds and bindings nested 3000 levels deep in JavaScript arrays and patterns
    # When they are validated
    # (the static checks: V8's own parser refuses such depth, as the REPL's would)
    sounds = validate_code(nested_js(3000) + "\n" + nested_js(3000).replace('"bd"', '"kick"'), index=index, run=False)
    binding = validate_code(
        "const " + "[" * 3000 + "...a" + "]" * 3000 + " = []\nnote(a).gain(b)", index=index, run=False
    )
    # Then the checks still reach the innermost name (no RecursionError, nothing bogus)
    assert [(f.kind, f.name, f.line) for f in sounds.findings] == [("unknown_sound", "kick", 2)]
    assert [(f.kind, f.name) for f in binding.findings] == [("unknown_name", "b")]  # a is bound


def test_a_too_deep_mini_string_in_a_question_is_answered(index):
    # Given the reviewer's 976-character question: is s("[[…480 levels…bd…]]") valid
    from strudel_jupyter import strudel_knowledge

    query = "is " + nested_mini(480) + " valid"
    # When strudel_knowledge answers it (it runs the validator on the quoted code)
    result = strudel_knowledge(query, index=index)
    # Then the answer is the validator's finding, not an internal error
    assert result["ok"] is False and result["reason"] == "invalid_code"
    assert "nested too deeply" in result["answer"]


def test_a_failure_inside_the_checks_is_an_internal_error_not_bad_input(shared_snapshot_dir, caplog):
    # Given an index whose sound registry is broken (a bug elsewhere, not the caller's input)
    index = StrudelIndex.from_path(shared_snapshot_dir)
    index.sounds.registry["bd"] = None  # the index rule reads a mapping here
    # When the tool validates code that reaches it
    result = strudel_validate('s("bd:3")', index=index)
    # Then it answers with an internal_error finding (and logs the traceback), neither
    # blaming the input nor raising
    [finding] = result["findings"]
    assert (result["ok"], finding["kind"]) == (False, "internal_error") and finding["kind"] in KINDS
    assert "strudel_validate failed" in caplog.text
    # while validate_code, the Python API, lets the exception through
    with pytest.raises(AttributeError):
        validate_code('s("bd:3")', index=index)
