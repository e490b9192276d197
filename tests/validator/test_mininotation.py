"""The mini-notation parser: value atoms, syntax errors, the nesting limit."""

from __future__ import annotations

import pytest

from strudel_jupyter.validator.mininotation import parse_mini


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


@pytest.mark.parametrize("form", ["[{}]", "<a {}>", "{{a, {}}}%2", "bd*[{}]", "bd(3,8,{})", "bd:[{}]"])
def test_mini_notation_nesting_limit_is_the_same_for_every_way_to_nest(form):
    # Given a pattern nested exactly MAX_DEPTH levels, and one nested a level deeper
    from strudel_jupyter.validator.mininotation import MAX_DEPTH

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
