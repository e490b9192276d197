"""The REPL scope: Strudel's names and JavaScript's, kept apart."""

from __future__ import annotations

from strudel_jupyter.validator.jsnames import JS_GLOBALS, JS_METHODS


def test_js_name_lists_do_not_shadow_strudel_names(index):
    # Strudel names that are also JavaScript names stay checkable as Strudel methods
    symbols = index.snapshot.symbols
    assert "fast" not in JS_METHODS and "room" not in JS_METHODS and "s" not in JS_GLOBALS
    assert {"add", "filter"} <= set(symbols["methods"]) & JS_METHODS
