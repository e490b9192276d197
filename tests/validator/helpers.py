"""Helpers for the validator's tests: findings of a piece of code, nested inputs."""

from __future__ import annotations

from strudel_jupyter.validator.validation import validate_code


def findings(code, index, **match):
    """The findings of ``code`` whose fields equal ``match``."""
    report = validate_code(code, index=index, run=False)  # the static checks (test_running.py runs code)
    return [f for f in report.findings if all(getattr(f, k) == v for k, v in match.items())]


def only(code, index, **match):
    found = findings(code, index, **match)
    assert len(found) == 1, f"expected one finding {match}, got {validate_code(code, index=index, run=False)}"
    return found[0]


def real_names(index):
    symbols = index.snapshot.symbols
    sounds = index.sounds
    members = {s for b in sounds.banks.values() for s in b.sounds}
    labels = {b.label for b in sounds.banks.values()}
    return (
        set(symbols["globals"]) | set(symbols["methods"]) | set(sounds.entries) | set(sounds.banks) | labels | members
    )


def nested_js(depth):
    return "s(" + "[" * depth + '"bd"' + "]" * depth + ")"


def nested_mini(depth):
    return 's("' + "[" * depth + "bd" + "]" * depth + '")'
