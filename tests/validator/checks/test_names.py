"""The names check: unknown functions, names and methods, with real suggestions."""

from __future__ import annotations

import dataclasses

from strudel_jupyter import StrudelIndex
from strudel_jupyter.validator.validation import validate_code
from tests.validator.helpers import findings, only


def test_unknown_function_is_an_error_with_real_suggestions(index):
    f = only('trancegate("1 0 1 1").s("bd")', index, kind="unknown_function")
    assert (f.severity, f.name, f.line, f.column) == ("error", "trancegate", 1, 1)
    assert "gate" in f.suggestions
    assert set(f.suggestions) <= set(index.snapshot.symbols["globals"])


def test_misspelled_method_on_a_pattern_is_an_error(index):
    report = validate_code('s("bd sd")\n  .fastt(2)\n  .romm(0.3)', index=index)
    assert not report.ok
    fastt, romm = [f for f in report.findings if f.kind == "unknown_method"]
    assert (fastt.name, fastt.line, fastt.column, fastt.severity) == ("fastt", 2, 4, "error")
    assert fastt.suggestions[0] == "fast"
    # the chain after a misspelt method is still a pattern chain
    assert (romm.name, romm.line, romm.severity, romm.suggestions[0]) == ("romm", 3, "error", "room")
    assert set(fastt.suggestions + romm.suggestions) <= set(index.snapshot.symbols["methods"])


def test_unknown_method_on_a_value_of_unknown_type_is_only_a_warning(index):
    code = "const thing = getThing()\nthing.fastt(2)\nfunction getThing() { return {} }"
    f = only(code, index, kind="unknown_method")
    assert (f.severity, f.line, f.column) == ("warning", 2, 7)


def test_callback_parameters_of_pattern_functions_are_patterns(index):
    code = 's("bd*4").every(2, x => x.fastt(2)).sometimes(x => x.speed(2))'
    f = only(code, index, kind="unknown_method")
    assert (f.name, f.severity, f.column) == ("fastt", "error", 27)


def test_unknown_variable_is_an_error(index):
    report = validate_code('s("bd").gain(vol).lpf(sinee.range(200, 800))', index=index)
    names = {f.name: f for f in report.findings if f.kind == "unknown_name"}
    assert set(names) == {"vol", "sinee"}
    assert names["sinee"].suggestions[0] == "sine" and names["sinee"].column == 23


def test_method_only_names_called_bare_are_errors(index):
    # density and tune exist only as Pattern methods (symbols.json: registered_not_global)
    report = validate_code('tune("hexany15")\nn("0 1").density(2)', index=index)
    (f,) = [f for f in report.findings if f.severity == "error"]
    assert (f.kind, f.name, f.line) == ("not_a_global", "tune", 1)
    assert '"0 1".tune(' in f.message


def test_global_function_called_as_a_method_is_an_error(index):
    f = only('s("bd").samples("x")', index, kind="not_a_method")
    assert f.severity == "error" and f.name == "samples"


def test_javascript_built_ins_are_never_errors(index):
    code = """
const xs = [1, 2, 3].map(x => x * 2).filter(Boolean).reduce((a, b) => a + b, 0)
const t = setTimeout(() => console.log(Math.round(Math.random() * 10), JSON.stringify({xs})), 10)
Promise.resolve(1).then(v => v.toFixed(2)).finally(() => clearTimeout(t))
s("bd").onPaint((ctx) => { ctx.fillRect(0, 0, 10, 10); ctx.beginPath() })
'a,b'.split(',').join('-').padStart(5)
"""
    assert [f for f in validate_code(code, index=index).findings if f.severity == "error"] == []


def test_hydra_code_after_init_hydra(index):
    code = 'await initHydra()\nosc(10, 0.1).kaleid(4).out()\nnoise().out(o1)\ns("bd")'
    assert [f for f in validate_code(code, index=index).findings if f.severity == "error"] == []
    assert findings("voronoi(5).out()", index, kind="unknown_function") != []  # without initHydra


def test_kabelsalat_k_blocks_are_not_checked_as_repl_code(index):
    assert findings('s("saw").K(x => S(x).lag("0.1").out())', index, severity="error") == []


def test_without_symbols_json_unknown_names_are_only_warnings(shared_snapshot_dir):
    # An older snapshot has no symbols.json: only the reference is known, so be modest
    snapshot = StrudelIndex.from_path(shared_snapshot_dir).snapshot
    index = StrudelIndex(dataclasses.replace(snapshot, symbols=None))
    f = only('trancegate("1 0")', index, kind="unknown_function")
    assert f.severity == "warning"
