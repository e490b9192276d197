"""The first pass: what the code defines, and where (block and function scopes)."""

from __future__ import annotations

from strudel_jupyter.validator.validation import validate_code


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


def kinds(code, index):
    """(kind, name, line) of every static finding of ``code`` (running it: test_running.py)."""
    return [(f.kind, f.name, f.line) for f in validate_code(code, index=index, run=False).findings]


# ------------------------------------------------------------------ scopes
def test_a_callback_parameter_named_s_does_not_hide_the_sound_control_outside_it(index):
    # Given a callback whose parameter is named s, then a top-level s("kik") on the next line
    code = 'note("c").every(2, s => s.fast(2))\ns("kik")'
    # When the code is validated
    found = kinds(code, index)
    # Then the top-level s is still the sound control, so the unknown sound is reported
    assert found == [("unknown_sound", "kik", 2)]


def test_inside_the_callback_s_is_the_parameter(index):
    # Given callbacks whose pattern parameter is named s
    typo = 'note("c").every(2, s => s.fastt(2))'
    called = 'note("c").every(2, s => s("kik"))'
    # When they are validated
    # Then s is the parameter (a pattern): an unknown method on it is an error on a pattern,
    # and calling it is not the sound control, so "kik" is not judged as a sound
    [finding] = validate_code(typo, index=index, run=False).findings
    assert (finding.kind, finding.name, finding.severity) == ("unknown_method", "fastt", "error")
    assert "on a pattern" in finding.message
    assert kinds(called, index) == []


def test_a_const_inside_a_block_is_not_defined_outside_it(index):
    # Given a const declared inside a block, used inside it and after it
    inside = '{ const level = 0.5; s("bd").gain(level) }'
    outside = '{ const level = 0.5 }\ns("bd").gain(level)'
    # When they are validated
    # Then the use inside the block is fine and the use after it is an unknown name
    assert kinds(inside, index) == []
    assert kinds(outside, index) == [("unknown_name", "level", 2)]


def test_let_and_class_are_block_scoped_but_var_and_functions_belong_to_the_function(index):
    # Given declarations of each kind inside a block, used after the block
    code = "{ var v = 1; let l = 2; class K2 {} ; function f() {} }\nnote(v + l).gain(f()).pan(new K2())"
    # When validated
    found = kinds(code, index)
    # Then var and the function declaration reach the code after the block; let and class do not
    assert found == [("unknown_name", "l", 2), ("unknown_name", "K2", 2)]


def test_parameters_and_catch_and_loop_variables_stay_in_their_scope(index):
    # Given names declared as a parameter, a catch parameter and a for-of variable
    code = (
        'function louder(vol) { return s("bd").gain(vol) }\n'
        "try { louder(1) } catch (oops) { console.log(oops) }\n"
        "for (const step of [1, 2]) { note(step) }\n"
        "note(vol + step).log(oops)"
    )
    # When validated
    names = [(kind, name) for kind, name, line in kinds(code, index) if line == 4]
    # Then each is known inside its scope and unknown on the last line
    assert names == [("unknown_name", "vol"), ("unknown_name", "step"), ("unknown_name", "oops")]
    assert [line for _, _, line in kinds(code, index)] == [4, 4, 4]


def test_declarations_are_visible_before_them_in_their_scope(index):
    # Given a function and a var used before they are declared (hoisting)
    code = 'note(melody()).gain(level)\nfunction melody() { return "c e g" }\nvar level = 0.5'
    # Then nothing is reported
    assert kinds(code, index) == []


def test_an_assignment_to_an_undeclared_name_makes_a_global_but_not_to_a_parameter(index):
    # Given a sloppy-mode assignment to a new name inside a function, used at the top level
    global_ = 'function setup() { level = 0.5 }\nsetup()\ns("bd").gain(level)'
    # and an assignment to a callback's own parameter named s
    param = 'note("c").every(2, s => { s = s.fast(2); return s })\ns("kik")'
    # When validated
    # Then the first defines a global level; the second does not make s a global of the code
    assert kinds(global_, index) == []
    assert kinds(param, index) == [("unknown_sound", "kik", 2)]


def test_the_receiver_type_is_the_one_of_the_declaration_in_scope(index):
    # Given a const pattern named a, and a function whose parameter is also named a
    code = 'const a = s("bd")\nfunction f(a) { return a.fastt(2) }\na.fastt(2)'
    # When validated
    found = [(f.line, f.severity) for f in validate_code(code, index=index).findings if f.kind == "unknown_method"]
    # Then inside f, a could be anything (a warning); outside, it is the pattern (an error)
    assert found == [(2, "warning"), (3, "error")]


def test_suggestions_only_offer_names_defined_where_the_typo_is(index):
    # Given a misspelt name, once where the intended name is in scope and once where it is not
    in_scope = 'const myDrumLoop = s("bd")\nmyDrumLop.fast(2)'
    out_of_scope = '{ const myDrumLoop = s("bd") }\nmyDrumLop.fast(2)'
    # When validated
    near = [f for f in validate_code(in_scope, index=index).findings if f.name == "myDrumLop"]
    far = [f for f in validate_code(out_of_scope, index=index).findings if f.name == "myDrumLop"]
    # Then only the first suggests myDrumLoop
    assert "myDrumLoop" in near[0].suggestions
    assert "myDrumLoop" not in far[0].suggestions


def test_a_named_function_expression_is_visible_only_inside_itself(index):
    # Given a named function expression that calls itself, and a call of its name outside
    code = "const f = function again(n) { return n ? again(n - 1) : 0 }\nagain(2)"
    # Then the inner call is fine and the outer one is an unknown function
    assert kinds(code, index) == [("unknown_function", "again", 2)]
