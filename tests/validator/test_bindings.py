"""Bindings: which declaration of a name is visible at a byte offset."""

from __future__ import annotations

import time

from strudel_jupyter.validator.bindings import Binding, Bindings
from strudel_jupyter.validator.validation import validate_code


def test_the_innermost_declaration_wins_and_ends_with_its_scope():
    # Given x declared for the whole code [0, 100), and again in an inner scope [10, 20)
    outer, inner = Binding("x", 0, 100), Binding("x", 10, 20, is_pattern=True)
    bindings = Bindings([inner, outer])
    # When x is looked up before, inside and after the inner scope, and past the end
    found = [bindings.lookup("x", at) for at in (5, 10, 19, 20, 99, 100)]
    # Then the inner one answers only inside its range, the outer one elsewhere in its own
    assert found == [outer, inner, inner, outer, outer, None]
    assert bindings.lookup("y", 5) is None and "x" in bindings and "y" not in bindings


def test_sibling_scopes_do_not_see_each_other():
    # Given p declared in two sibling callbacks, [10, 20) and [30, 40)
    first, second = Binding("p", 10, 20), Binding("p", 30, 40)
    bindings = Bindings([second, first])
    # Then p is visible in each, and nowhere between or around them
    assert [bindings.lookup("p", at) for at in (9, 15, 25, 35, 40)] == [None, first, None, second, None]
    assert bindings.visible(15) == ["p"] and bindings.visible(25) == []


def test_a_name_declared_twice_in_one_scope_has_no_single_value_or_type():
    # Given const-like declarations of v twice in the same scope, one a pattern parameter
    bindings = Bindings([Binding("v", 0, 50, is_pattern=True), Binding("v", 0, 50)])
    # Then the visible binding claims neither a type nor a value
    found = bindings.lookup("v", 10)
    assert found is not None and not found.is_pattern and found.value is None


def test_thousands_of_nested_scopes_are_looked_up_fast():
    # Given 3000 nested scopes that each declare x, and 3000 more sibling ones after them
    nested = [Binding("x", i, 100_000 - i) for i in range(3000)]
    siblings = [Binding("x", 200_000 + 10 * i, 200_000 + 10 * i + 5) for i in range(3000)]
    bindings = Bindings(nested + siblings)
    # When x is looked up at 20,000 offsets
    started = time.perf_counter()
    for at in range(0, 240_000, 12):
        bindings.lookup("x", at)
    elapsed = time.perf_counter() - started
    # Then each answer is the innermost scope around the offset, and all take well under a second
    assert bindings.lookup("x", 12) == nested[12] and bindings.lookup("x", 50_000) == nested[2999]
    assert bindings.lookup("x", 99_995) == nested[4] and bindings.lookup("x", 150_000) is None
    assert bindings.lookup("x", 200_072) == siblings[7] and bindings.lookup("x", 200_077) is None
    assert elapsed < 1.0


def test_deeply_nested_callbacks_each_see_their_own_parameter(index):
    # Given 150 nested callbacks whose parameters are all named p, each calling a misspelt method
    # (fewer than MAX_FINDINGS, so that every one is reported)
    code = "note(1)" + "".join(".every(2, p => p.fastt(2)" for _ in range(150)) + ")" * 150
    # When validated
    report = validate_code(code, index=index)
    # Then each p is a pattern parameter: every typo is an error on a pattern
    typos = [f for f in report.findings if f.name == "fastt"]
    assert len(typos) == 150 and {f.severity for f in typos} == {"error"}
