"""The syntax check: JavaScript brackets and ERROR nodes, escapes, mini-notation strings."""

from __future__ import annotations

import pytest

from strudel_jupyter.validator.validation import strudel_validate, validate_code
from tests.validator.helpers import findings, nested_mini, only


def test_syntax_errors_name_the_unclosed_bracket(index):
    f = only('s("bd").fast(2', index, kind="syntax")
    assert (f.severity, f.line, f.column) == ("error", 1, 13)
    assert "never closed" in f.message and "')'" in f.message
    g = only("stack(s('bd')))", index, kind="syntax")
    assert "unexpected ')'" in g.message


def test_a_return_outside_any_function_is_the_syntax_error_the_repl_throws(index):
    # the REPL evaluates the code as a script: JavaScript's parser refuses a top-level return
    f = only('s("bd")\nif (true) { return 1 }', index, kind="syntax")
    assert (f.severity, f.name, f.line, f.column) == ("error", "return", 2, 13)
    assert "outside of a function" in f.message
    # inside a function of any kind, a return is fine
    for code in (
        's("bd").sometimesBy(0.5, x => { return x.fast(2) })',
        'const f = function () { return 1 }\ns("bd")',
        'function g() { return s("bd") }\ng()',
        'const o = { m() { return 1 } }\ns("bd")',
    ):
        assert findings(code, index, kind="syntax") == [], code


def test_mini_notation_syntax_errors_point_into_the_string(index):
    f = only('note("c e [g")', index, kind="mini_syntax")
    assert (f.severity, f.line, f.column) == ("error", 1, 13)
    assert "']' is missing" in f.message
    # a single-quoted string is plain JavaScript text, not mini-notation
    assert findings("samples('https://example.com/x.json')", index, kind="mini_syntax") == []
    assert findings('samples("https://example.com/x.json")', index, kind="mini_syntax") != []
    # "// mini-off" turns string parsing off, as in the transpiler
    assert findings('// mini-off\nconst url = "https://x/y"\n// mini-on', index) == []


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
