"""Did you mean: the validator's suggestions come from the one closest() helper, and stay real."""

from __future__ import annotations

import ast
from pathlib import Path

import strudel_jupyter.validator
from strudel_jupyter.validator.checks.suggestions import closest_names, rank_names
from strudel_jupyter.validator.scope import repl_scope

CODE = Path(strudel_jupyter.validator.__file__).parent


def test_misspellings_and_hidden_names_rank_first(index):
    # Given the REPL's method and global names
    scope = repl_scope(index)
    # When misspelt or compound names are ranked against them
    # Then the intended name comes first, or is found inside the compound
    assert rank_names("fastt", scope.method_choices)[0] == "fast"
    assert rank_names("romm", scope.method_choices)[0] == "room"
    assert "gate" in rank_names("trancegate", scope.global_choices)
    assert rank_names("", scope.global_choices) == [] and rank_names("x", ()) == []


def test_bank_suggestions_ignore_case_and_return_the_names_as_written(index):
    # Given the registry's bank names (labels such as RolandTR909 and lower-case keys)
    choices = repl_scope(index).bank_choices
    # When a misspelt bank is looked up in upper case
    found = closest_names("TR9090", choices, limit=5)
    # Then the bank is found whatever the case, and every suggestion is a real name as written
    assert "tr909" in [s.lower() for s in found]
    assert set(found) <= set(choices)


def test_the_validator_never_searches_with_rapidfuzz_directly():
    # Given every module of the validator
    offenders = []
    for path in sorted(CODE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            # When it imports rapidfuzz's collection search (process.extract and friends)
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rapidfuzz"):
                if node.module == "rapidfuzz.process" or any(a.name == "process" for a in node.names):
                    offenders.append(path.name)
    # Then none does: "did you mean" goes through lookup.closest.closest
    assert offenders == []
