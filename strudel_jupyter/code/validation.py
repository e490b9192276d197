"""Check Strudel code before it runs: names, sounds, banks and sample indices, with line and column.

``strudel_validate(code)`` is the agent tool (a JSON dict, never raises);
``validate_code(code)`` returns a :class:`ValidationReport` that renders in notebooks.

What counts as existing is the REPL's evaluation scope at the snapshot's commit
(``symbols.json``: globals, Pattern methods, controls), plus JavaScript's own
built-ins and whatever the code itself defines, where it defines it. The code is
parsed with tree-sitter's JavaScript grammar (error tolerant, so one typo does not
hide the rest); strings are read as mini-notation where the REPL reads them.

The pipeline: ``positions`` (bytes -> characters -> line:column), ``tree`` (parse),
``definitions`` (the first pass: one walk, frozen results, scoped ``bindings``),
``scope`` (the REPL's names), then ``checks/`` (``syntax``, ``names``, ``sounds``),
whose findings make a ``report``.

Severity rules (precision first: every example in the reference must pass):

* **error**: the REPL cannot evaluate the code. A JavaScript or mini-notation syntax
  error; a bare call or name that is not in scope (``ReferenceError``); a method that
  exists nowhere, called on something that is certainly a pattern (``TypeError``).
* **warning**: the code runs, but part of it will be silent or is doubtful. A sound,
  bank, or bank + sound combination missing from the registry (the REPL evaluates
  the code, skips those events and logs "sound X not found"; fix it anyway); a
  sample index past the end (the REPL wraps it: ``hh:12`` with 4 samples plays
  ``hh:0``); an unknown method on a value whose type is unknown (``x.foo()`` where ``x`` could be
  anything). Sound findings say when the names cannot be judged offline: the code
  loads remote samples (``samples('github:...')``) or sends to SuperDirt (``.osc()``).
* **info**: valid code, nothing to fix: a real but undocumented name ("no reference
  entry", e.g. ``setcps``, ``fm2``). ``ok`` and the counts of errors and warnings ignore it.
"""

from __future__ import annotations

import logging
from typing import Any

from ..data.index import StrudelIndex, get_index
from ..data.snapshot import SnapshotError
from .checks.context import CheckContext
from .checks.names import check_names
from .checks.sounds import check_sounds
from .checks.syntax import check_escapes, check_mini_strings, check_syntax
from .definitions import collect_definitions
from .positions import SourceText
from .report import KINDS, Finding, FindingDict, ValidationReport, ValidationResult, cannot_validate
from .scope import repl_scope
from .tree import parse

log = logging.getLogger(__name__)

__all__ = [
    "KINDS",
    "MAX_CODE_CHARS",
    "Finding",
    "FindingDict",
    "ValidationReport",
    "ValidationResult",
    "strudel_validate",
    "validate_code",
]

MAX_CODE_CHARS = 200_000


def validate_code(code: str, *, index: StrudelIndex | None = None) -> ValidationReport:
    """Check Strudel code; returns a :class:`ValidationReport` (``.ok`` means no errors).

    Raises ``TypeError`` when ``code`` is not a string, ``ValueError`` when it is too
    long and ``SnapshotError`` when there is no snapshot (``strudel_validate`` turns
    every problem into a value instead).
    """
    problem = _input_problem(code)
    if problem is not None:
        raise (ValueError if isinstance(code, str) else TypeError)(problem)
    if not code.strip():
        return ValidationReport(code, ())
    index = index or get_index()
    try:
        return ValidationReport(code, _findings(code, index))
    except RecursionError:
        # The checks are loops and the mini-notation parser has a depth limit, so only a
        # caller already deep in the stack gets here; say so rather than raise.
        message = "syntax error: the code is nested too deeply to check; flatten it"
        return ValidationReport(code, (Finding("error", "syntax", "", message, 1, 1),))


def _findings(code: str, index: StrudelIndex) -> tuple[Finding, ...]:
    source = SourceText(code)
    scope = repl_scope(index)
    root = parse(source).root_node
    ctx = CheckContext(source, index, scope, collect_definitions(root, source))
    check_syntax(ctx, root)
    check_escapes(ctx)
    check_mini_strings(ctx)
    check_names(ctx)
    check_sounds(ctx)
    return ctx.sorted_findings()


def strudel_validate(code: Any, *, index: StrudelIndex | None = None) -> ValidationResult:
    """The agent tool: check Strudel code and return findings as JSON (never raises).

    ``{"ok", "errors", "warnings", "info", "findings": [{severity, kind, name, message, line,
    column, suggestions}], "summary"}``; ``ok`` is true when there is no error.
    """
    problem = _input_problem(code)
    if problem is not None:
        return cannot_validate("invalid_input", problem)
    try:
        return validate_code(code, index=index).to_dict()
    except SnapshotError as exc:
        return cannot_validate("snapshot_unavailable", f"the Strudel snapshot could not be loaded: {exc}")
    except Exception:  # the contract: an agent-facing call never raises
        log.exception("strudel_validate failed")
        return cannot_validate("internal_error", "the validator failed unexpectedly; nothing was checked")


def _input_problem(code: Any) -> str | None:
    # Only these are "invalid_input": an exception from inside the checks is a bug, not bad input.
    if not isinstance(code, str):
        return f"code must be a string, got {type(code).__name__}"
    if len(code) > MAX_CODE_CHARS:
        return f"code is too long ({len(code)} characters; the limit is {MAX_CODE_CHARS})"
    return None
