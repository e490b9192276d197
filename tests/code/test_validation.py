"""strudel_validate / validate_code: Strudel code checked against the real snapshot's REPL scope."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strudel_jupyter import StrudelIndex, get_index
from strudel_jupyter.code.jsnames import JS_GLOBALS, JS_METHODS
from strudel_jupyter.code.mininotation import parse_mini
from strudel_jupyter.code.validation import KINDS, ValidationReport, strudel_validate, validate_code


@pytest.fixture(scope="module")
def index(shared_snapshot_dir):
    return get_index(shared_snapshot_dir)


def findings(code, index, **match):
    """The findings of ``code`` whose fields equal ``match``."""
    report = validate_code(code, index=index)
    return [f for f in report.findings if all(getattr(f, k) == v for k, v in match.items())]


def only(code, index, **match):
    found = findings(code, index, **match)
    assert len(found) == 1, f"expected one finding {match}, got {validate_code(code, index=index)}"
    return found[0]


def real_names(index):
    symbols = index.snapshot.symbols
    sounds = index.sounds
    members = {s for b in sounds.banks.values() for s in b.sounds}
    labels = {b.label for b in sounds.banks.values()}
    return (
        set(symbols["globals"]) | set(symbols["methods"]) | set(sounds.entries) | set(sounds.banks) | labels | members
    )


# ------------------------------------------------------------ the reference
def test_every_example_in_doc_json_has_no_errors(index):
    # Given every example of every doclet in the shared doc.json (real Strudel code)
    examples = [(d.get("name"), e) for d in index.snapshot.docs for e in d.get("examples") or []]
    assert len(examples) > 500
    # When each is validated
    errors = [
        (name, f.line, f.column, f.kind, f.message)
        for name, code in examples
        for f in validate_code(code, index=index).findings
        if f.severity == "error"
    ]
    # Then none has an error (warnings, e.g. undocumented fm2, are allowed)
    assert errors == []


def test_doc_examples_still_get_the_warnings_they_deserve(index):
    # The reference's own examples use real but undocumented names, and sounds the
    # bundled registry does not have: those are warnings, not silence.
    wt = next(e for d in index.snapshot.docs if d.get("name") == "wt" for e in d["examples"])
    finding = only(wt, index, kind="sound_not_in_bank")
    assert finding.severity == "warning" and finding.name == "squelch"
    assert set(finding.suggestions) <= {"bad_day", "basique", "crickets", "curses", "echoes"}
    fm = only('note("c e").fm2(3).s("sine")', index, kind="undocumented")
    assert (fm.name, fm.severity, fm.line, fm.column) == ("fm2", "warning", 1, 13)
    assert "no reference entry" in fm.message


# ------------------------------------------------------------ broken code
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


def test_syntax_errors_name_the_unclosed_bracket(index):
    f = only('s("bd").fast(2', index, kind="syntax")
    assert (f.severity, f.line, f.column) == ("error", 1, 13)
    assert "never closed" in f.message and "')'" in f.message
    g = only("stack(s('bd')))", index, kind="syntax")
    assert "unexpected ')'" in g.message


def test_mini_notation_syntax_errors_point_into_the_string(index):
    f = only('note("c e [g")', index, kind="mini_syntax")
    assert (f.severity, f.line, f.column) == ("error", 1, 13)
    assert "']' is missing" in f.message
    # a single-quoted string is plain JavaScript text, not mini-notation
    assert findings("samples('https://example.com/x.json')", index, kind="mini_syntax") == []
    assert findings('samples("https://example.com/x.json")', index, kind="mini_syntax") != []
    # "// mini-off" turns string parsing off, as in the transpiler
    assert findings('// mini-off\nconst url = "https://x/y"\n// mini-on', index) == []


# ---------------------------------------------------- what is not a finding
def test_names_the_code_defines_are_not_findings(index):
    code = """
const drums = s("bd sd")
let {a, b: [c, ...rest]} = {a: 1, b: [2]}
var [first = 1] = []
function twice(pat, {times = 2} = {}) { return pat.fast(times) }
const fx = (p) => p.room(.5)
register('wob', (x, pat) => pat.lpf(x))
samples({ kick: ['k.wav'], mybank_snare: 'sn.wav' }, 'https://example.com/')
class Thing { go() { return 1 } }
new Thing().go()
try { first.toFixed(1) } catch (err) { console.log(err.message) }
stack(twice(drums), s("kick").wob(300), s("snare").bank("mybank"), fx(s("hh")), note(a + c + rest.length))
"""
    assert validate_code(code, index=index).findings == ()


def test_comments_strings_and_regexes_do_not_confuse_it(index):
    code = r"""// trancegate() s("nope") .fastt()
/* s("kick").romm() */ s("bd") // .rooom()
const msg = 'trancegate() s("nope") \' fastt('
const re = /s\("nope"\)\.fastt\(/g
const esc = "bd\"" + 'x'
console.log(msg.replace(re, '').trim())
"""
    report = validate_code(code, index=index)
    assert [f for f in report.findings if f.kind != "mini_syntax"] == []


def test_javascript_built_ins_are_never_errors(index):
    code = """
const xs = [1, 2, 3].map(x => x * 2).filter(Boolean).reduce((a, b) => a + b, 0)
const t = setTimeout(() => console.log(Math.round(Math.random() * 10), JSON.stringify({xs})), 10)
Promise.resolve(1).then(v => v.toFixed(2)).finally(() => clearTimeout(t))
s("bd").onPaint((ctx) => { ctx.fillRect(0, 0, 10, 10); ctx.beginPath() })
'a,b'.split(',').join('-').padStart(5)
"""
    assert [f for f in validate_code(code, index=index).findings if f.severity == "error"] == []


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


def test_hydra_code_after_init_hydra(index):
    code = 'await initHydra()\nosc(10, 0.1).kaleid(4).out()\nnoise().out(o1)\ns("bd")'
    assert [f for f in validate_code(code, index=index).findings if f.severity == "error"] == []
    assert findings("voronoi(5).out()", index, kind="unknown_function") != []  # without initHydra


def test_kabelsalat_k_blocks_are_not_checked_as_repl_code(index):
    assert findings('s("saw").K(x => S(x).lag("0.1").out())', index, severity="error") == []


def test_columns_count_characters_not_bytes(index):
    f = only('const é = "ö"\n/* ünïcödé */ s("bd").fastt(2)', index, kind="unknown_method")
    assert (f.line, f.column) == (2, 23)


def test_without_symbols_json_unknown_names_are_only_warnings(shared_snapshot_dir):
    # An older snapshot has no symbols.json: only the reference is known, so be modest
    snapshot = StrudelIndex.from_path(shared_snapshot_dir).snapshot
    index = StrudelIndex(dataclasses.replace(snapshot, symbols=None))
    f = only('trancegate("1 0")', index, kind="unknown_function")
    assert f.severity == "warning"


# ------------------------------------------------------------ the results
def test_tool_result_shape_and_summary(index):
    result = strudel_validate('s("bd").fastt(2)\ns("kick")', index=index)
    assert set(result) == {"ok", "errors", "warnings", "findings", "summary"}
    assert (result["ok"], result["errors"], result["warnings"]) == (False, 1, 1)
    assert set(result["findings"][0]) == {"severity", "kind", "name", "message", "line", "column", "suggestions"}
    assert result["summary"].startswith("1 error and 1 warning; first at line 1")
    assert all(f["kind"] in KINDS for f in result["findings"])
    json.dumps(result)  # plain JSON


def test_report_renders_as_text_and_html_with_json_as_data(index):
    report = validate_code('s("bd").fastt(2)\nnote("c <e")', index=index)
    bundle = report._repr_mimebundle_()
    # JupyterLab would show a JSON tree instead of the HTML table if both were offered
    assert set(bundle) == {"text/plain", "text/html"}
    assert json.loads(json.dumps(report.to_dict()))["errors"] == 2
    assert "'>' is missing" in bundle["text/plain"]
    assert "'>' is missing" not in bundle["text/html"] and "&#x27;&gt;&#x27; is missing" in bundle["text/html"]
    assert "1:9 error [unknown_method]" in bundle["text/plain"]
    clean = validate_code('s("bd")', index=index)
    assert clean.ok and isinstance(clean, ValidationReport) and "No problems" in clean._repr_html_()


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


# -------------------------------------------------------- mini-notation
@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("bd*2 [sd cp]:3 <hh oh>", ["bd", "sd:3", "cp:3", "hh", "oh"]),
        ("bd(3,8,2) sd@3 hh! ~ - oh?0.3", ["bd", "sd", "hh", "~", "-", "oh"]),
        ("{bd sd, hh hh hh}%4", ["bd", "sd", "hh", "hh", "hh"]),
        ("bd:3:0.5 . sd sd . hh", ["bd:3:0.5", "sd", "sd", "hh"]),
        ("bd _ _ sd | cp", ["bd", "sd", "cp"]),
        ("^c#4 eb3 <C^7 Dm7>", ["c#4", "eb3", "C^7", "Dm7"]),
        ("0 .. 3", ["0"]),
    ],
)
def test_mini_notation_values(text, values):
    parsed = parse_mini(text)
    assert parsed.ok
    shown = [a.text + "".join(":" + "".join(t.text for t in tail) for tail in a.tails) for a in parsed.values]
    assert shown == values


@pytest.mark.parametrize("text", ["bd [sd", "", "https://x", "c e g>", "bd sd //x", "a' b", "bd(3)"])
def test_mini_notation_errors(text):
    assert not parse_mini(text).ok


def test_js_name_lists_do_not_shadow_strudel_names(index):
    # Strudel names that are also JavaScript names stay checkable as Strudel methods
    symbols = index.snapshot.symbols
    assert "fast" not in JS_METHODS and "room" not in JS_METHODS and "s" not in JS_GLOBALS
    assert {"add", "filter"} <= set(symbols["methods"]) & JS_METHODS


# ------------------------------------------------------- never raises, never bogus
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


def nested_js(depth):
    return "s(" + "[" * depth + '"bd"' + "]" * depth + ")"


def nested_mini(depth):
    return 's("' + "[" * depth + "bd" + "]" * depth + '")'


def test_deeply_nested_javascript_is_checked_without_a_recursion_limit(index):
    # Given sounds and bindings nested 3000 levels deep in JavaScript arrays and patterns
    # When they are validated
    sounds = validate_code(nested_js(3000) + "\n" + nested_js(3000).replace('"bd"', '"kick"'), index=index)
    binding = validate_code("const " + "[" * 3000 + "...a" + "]" * 3000 + " = []\nnote(a).gain(b)", index=index)
    # Then the checks still reach the innermost name (no RecursionError, nothing bogus)
    assert [(f.kind, f.name, f.line) for f in sounds.findings] == [("unknown_sound", "kick", 2)]
    assert [(f.kind, f.name) for f in binding.findings] == [("unknown_name", "b")]  # a is bound


def test_realistic_mini_notation_nesting_is_parsed(index):
    # Given mini-notation nested as deep as a person (or a generator) plausibly writes it
    code = 's("' + "[" * 40 + "bd <sd [hh {cp oh}]>:1" + "]" * 40 + ' nope")'
    # When it is validated
    report = validate_code(code, index=index)
    # Then the atoms are reached and judged as usual
    assert [(f.kind, f.name) for f in report.findings] == [("unknown_sound", "nope")]


@pytest.mark.parametrize("depth", [480, 5000])
def test_absurd_mini_notation_nesting_is_a_finding_not_an_exception(index, depth):
    # Given a mini-notation string nested hundreds of levels deep
    code = "// deep\n" + nested_mini(depth)
    # When the tool validates it
    result = strudel_validate(code, index=index)
    # Then it says where nesting got too deep, as a mini_syntax finding (not invalid_input, no raise)
    [finding] = result["findings"]
    assert finding["kind"] == "mini_syntax" and "nested too deeply" in finding["message"]
    assert finding["line"] == 2 and 4 < finding["column"] < depth + 5


def test_a_too_deep_mini_string_in_a_question_is_answered(index):
    # Given the reviewer's 976-character question: is s("[[…480 levels…bd…]]") valid
    from strudel_jupyter import strudel_knowledge

    query = "is " + nested_mini(480) + " valid"
    # When strudel_knowledge answers it (it runs the validator on the quoted code)
    result = strudel_knowledge(query, index=index)
    # Then the answer is the validator's finding, not an internal error
    assert result["ok"] is False and result["reason"] == "invalid_code"
    assert "nested too deeply" in result["answer"]


@pytest.mark.parametrize("escape", [r"\u{FFFFFF}", r"\u{110000}", r"\u{00110000}"])
def test_out_of_range_unicode_escapes_are_syntax_errors(index, escape):
    # Given a string with a \u{...} code point past U+10FFFF (a SyntaxError in JavaScript)
    code = 's("bd")\nconst t = \'a' + escape + "'"
    # When the tool validates it
    result = strudel_validate(code, index=index)
    # Then it is a syntax finding at the escape, not "invalid_input"
    [finding] = result["findings"]
    assert (finding["kind"], finding["severity"], finding["line"], finding["column"]) == ("syntax", "error", 2, 13)
    assert "code point" in finding["message"] and escape in finding["message"]


def test_the_largest_unicode_escape_is_fine(index):
    # \u{...} may have leading zeros; U+10FFFF is the last code point
    code = "const t = '\\u{10FFFF}\\u{1F600}\\u{0000000041}'\ns(\"bd\")"
    assert strudel_validate(code, index=index)["findings"] == []


@pytest.mark.parametrize("form", ["[{}]", "<a {}>", "{{a, {}}}%2", "bd*[{}]", "bd(3,8,{})", "bd:[{}]"])
def test_mini_notation_nesting_limit_is_the_same_for_every_way_to_nest(form):
    # Given a pattern nested exactly MAX_DEPTH levels, and one nested a level deeper
    from strudel_jupyter.code.mininotation import MAX_DEPTH

    def nest(depth):
        text = "x"
        for _ in range(depth):
            text = form.format(text)
        return text

    # Then the first parses, the second is refused with a clear message (no RecursionError)
    assert parse_mini(nest(MAX_DEPTH)).ok
    deeper = nest(MAX_DEPTH + 1)
    error = parse_mini(deeper).error
    assert error is not None and error.too_deep and "nested too deeply" in error.message
    assert 0 < error.offset < len(deeper)
    # and a much deeper one the same way, whatever the call stack already holds
    assert parse_mini(nest(2000)).error.too_deep


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


def test_mini_notation_parser_answers_even_with_little_python_stack_left():
    # Given a caller already near Python's recursion limit
    import sys

    def depth():
        frame, n = sys._getframe(), 0
        while frame is not None:
            frame, n = frame.f_back, n + 1
        return n

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth() + 25)
    try:
        # When it parses an ordinary nested pattern
        result = parse_mini("[bd [sd [hh [oh cp]]]]")
    finally:
        sys.setrecursionlimit(old)
    # Then it gets an error value saying why, not a RecursionError
    assert result.error is not None and result.error.too_deep and "Python stack" in result.error.message
    assert parse_mini("[bd [sd [hh [oh cp]]]]").ok  # with room, the same pattern is fine
