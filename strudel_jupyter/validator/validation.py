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
``scope`` (the REPL's names), then ``checks/`` (``syntax``, ``names``, ``sounds``, ``tonal``),
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
  loads remote samples (``samples('github:...')``) or sends to SuperDirt (``.osc()``). A scale
  name tonal does not know, or a chord symbol the voicing dictionary lacks (the REPL throws or
  logs while it plays, and that pattern or chord is silent).
* **info**: valid code, nothing to fix: a real but undocumented name ("no reference
  entry", e.g. ``setcps``, ``fm2``). ``ok`` and the counts of errors and warnings ignore it.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

from ..data.index import StrudelIndex, get_index
from ..data.snapshot import SnapshotError
from ..limits import MAX_CODE_CHARS, MAX_FINDINGS, PARSE_BUDGET_SECONDS, TIME_BUDGET_SECONDS
from .checks.context import CheckContext
from .checks.names import check_names
from .checks.sounds import check_sounds
from .checks.syntax import check_escapes, check_mini_strings, check_syntax
from .checks.tonal import check_tonal
from .deadline import Deadline, LimitReached, OutOfTime
from .definitions import collect_definitions
from .positions import SourceText
from .report import (
    KINDS,
    Finding,
    FindingDict,
    ValidationReport,
    ValidationResult,
    cannot_validate,
    in_reading_order,
)
from .running import RunContext, run_findings, same_place
from .scope import ReplScope, repl_scope
from .tree import Parsed, parse

if TYPE_CHECKING:
    from ..engine import EngineRun

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


def validate_code(
    code: str, *, index: StrudelIndex | None = None, run: bool = True, engine_run: EngineRun | None = None
) -> ValidationReport:
    """Check Strudel code; returns a :class:`ValidationReport` (``.ok`` means no errors).

    After the static checks, ``run=True`` evaluates the code in Strudel's own engine and
    plays its first ``VALIDATE_CYCLES`` cycles (``validator/running.py``); ``run=False`` is
    the static checks alone (no engine started: for callers that need only their speed).
    ``engine_run``: a run of this code the caller already made (``run_code`` from cycle 0, e.g.
    for its picture), read instead of running the code again when it covers those cycles.

    Raises ``TypeError`` when ``code`` is not a string, ``ValueError`` when it is too
    long and ``SnapshotError`` when there is no snapshot (``strudel_validate`` turns
    every problem into a value instead). Code that goes past a time limit (see
    ``strudel_jupyter.limits``) gets a ``too_complex`` finding, not an exception.
    """
    problem = _input_problem(code)
    if problem is not None:
        raise (ValueError if isinstance(code, str) else TypeError)(problem)
    if not code.strip():
        return ValidationReport(code, ())
    index = index or get_index()
    try:
        return ValidationReport(code, _findings(code, index, run=run, engine_run=engine_run))
    except RecursionError:
        # The checks are loops and the mini-notation parser has a depth limit, so only a
        # caller already deep in the stack gets here; say so rather than raise.
        message = "syntax error: the code is nested too deeply to check; flatten it"
        return ValidationReport(code, (Finding("error", "syntax", "", message, 1, 1),))


#: A lone UTF-16 surrogate (``"\ud83d"`` from a JSON string cut in half) cannot be encoded
#: for the parser; each becomes U+FFFD, one character for one, so positions stay right.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _findings(
    code: str, index: StrudelIndex, *, run: bool = False, engine_run: EngineRun | None = None
) -> tuple[Finding, ...]:
    scope = repl_scope(index)  # built once per index, outside the time budget
    deadline = Deadline(TIME_BUDGET_SECONDS)
    source = SourceText(_LONE_SURROGATE.sub("\ufffd", code))
    parsed = parse(source, budget=PARSE_BUDGET_SECONDS)
    if parsed.tree is None:
        return _after_a_cut_parse(source, parsed, index, scope, deadline)
    root = parsed.tree.root_node
    try:
        defs = collect_definitions(root, source, deadline=deadline)
    except OutOfTime as limit:
        return (_stopped(limit),)
    ctx = CheckContext(source, index, scope, defs, deadline)
    try:
        check_syntax(ctx, root)
        check_escapes(ctx)
        check_mini_strings(ctx)
        check_names(ctx)
        check_sounds(ctx)
        check_tonal(ctx)
    except LimitReached as limit:
        ctx.findings.append(_stopped(limit))
        return ctx.sorted_findings()
    if run:
        context = RunContext(
            scope,
            ctx.defs.sounds,
            ctx.defs.banks,
            unjudgeable=ctx.defs.remote_sounds or ctx.defs.superdirt,
            hydra=ctx.defs.hydra,
        )
        ran = {same_place(f): f for f in run_findings(code, ctx.findings, index, context, given=engine_run)}
        ctx.findings[:] = [ran.pop(same_place(f), f) for f in ctx.findings] + list(ran.values())
    return ctx.sorted_findings()


def _stopped(limit: LimitReached) -> Finding:
    """The ``too_complex`` finding for a validation a limit stopped before the checks were done."""
    if isinstance(limit, OutOfTime):
        name = "TIME_BUDGET_SECONDS"
        why = f"checking stopped after {TIME_BUDGET_SECONDS:g} s, the validator's time budget"
        advice = "Check the code in smaller pieces"
    else:
        name = "MAX_FINDINGS"
        why = f"checking stopped at {MAX_FINDINGS} findings, the most one validation reports"
        advice = "Fix these first"
    message = (
        f"the code is too complex to check fully: {why} (strudel_jupyter.limits.{name}); the findings "
        f"reported are real, but others may be missing. {advice}"
    )
    return Finding("error", "too_complex", name, message, 1, 1)


def _after_a_cut_parse(
    source: SourceText, parsed: Parsed, index: StrudelIndex, scope: ReplScope, deadline: Deadline
) -> tuple[Finding, ...]:
    """The parser ran out of time: say where, and keep the syntax errors of the lines before."""
    stalled = source.char(parsed.reached)
    line, column = source.line_col(stalled)
    message = (
        f"the code is too complex to parse: the parser stopped here after {PARSE_BUDGET_SECONDS:g} s, its "
        "time budget (strudel_jupyter.limits.PARSE_BUDGET_SECONDS). Long runs of unbalanced brackets, "
        "quotes, slashes or backticks make it try ever more readings of the text. Only syntax errors "
        f"before line {max(line - 1, 1)} are reported; nothing else was checked"
    )
    found = [Finding("error", "too_complex", "PARSE_BUDGET_SECONDS", message, line, column)]
    return in_reading_order(found + _syntax_before(source, line, index, scope, deadline))


def _syntax_before(
    source: SourceText, line: int, index: StrudelIndex, scope: ReplScope, deadline: Deadline
) -> list[Finding]:
    """Syntax findings of the lines before ``line``, from a parse of the code up to that line.

    The last line read is left out too: a slip there may only be the cut (a bracket whose
    closer comes later), and what the parser makes of a cut text there is not the code's.
    """
    if line < 3:
        return []
    line_index = line - 1
    prefix = SourceText(source.code[: source.line_starts[line_index]])
    last_line = prefix.byte(source.line_starts[line_index - 1])
    budget = min(PARSE_BUDGET_SECONDS, deadline.left() or 0.0)
    parsed = parse(prefix, budget=budget)
    if parsed.tree is None:
        return []
    root = parsed.tree.root_node
    try:
        defs = collect_definitions(root, prefix, deadline=deadline)
    except OutOfTime:
        return []
    ctx = CheckContext(prefix, index, scope, defs, deadline, complete_before=last_line)
    try:
        check_syntax(ctx, root)
        check_escapes(ctx)
        check_mini_strings(ctx)
    except LimitReached:
        pass  # the too_complex finding already says that not everything was checked
    return ctx.findings


def strudel_validate(code: Any, *, index: StrudelIndex | None = None, run: bool = True) -> ValidationResult:
    """The agent tool: check Strudel code and return findings as JSON (never raises).

    ``run=True`` (the default) also evaluates the code in Strudel's own engine, as the REPL
    does, and plays its first cycles; ``run=False`` keeps to the static checks.

    ``{"ok", "errors", "warnings", "info", "findings": [{severity, kind, name, message, line,
    column, suggestions}], "summary"}``; ``ok`` is true when there is no error.
    """
    problem = _input_problem(code)
    if problem is not None:
        return cannot_validate("invalid_input", problem)
    try:
        return validate_code(code, index=index, run=run).to_dict()
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
