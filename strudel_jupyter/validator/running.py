"""After the static checks: run the code in Strudel's own engine and report what the REPL would show.

Errors thrown while evaluating (``runtime_error``) or querying (``query_error``, the REPL's
``[query] error: ...``), a pattern that plays no event in the cycles checked
(``plays_nothing``), and sounds the events name that the registry lacks (``unknown_sound``,
``sound_not_in_bank``: what actually plays silent, single-quoted strings included). A finding
the static checks already made is not made again; a static tonal warning (an unknown scale or
chord name) that the engine confirms by throwing while nothing plays comes back as an error at
the same place, and replaces the warning (``same_place``). Where the engine cannot run (missing,
a limit hit), one ``info`` finding (``not_run``) says the code was checked statically only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..data.index import StrudelIndex
from ..data.sounds_tab import sound_key
from ..engine import EngineRun, EngineUnavailableError, StrudelLimitError, run_code
from ..engine.process import EngineProcess
from ..limits import VALIDATE_CYCLES
from .report import Finding, Severity
from .scope import ReplScope

__all__ = ["RunContext", "run_findings", "same_place"]

#: Static kinds that say the REPL cannot evaluate the code: running it would only say it again.
_EVALUATION_STOPPERS = {"syntax", "mini_syntax", "too_complex"}
#: Static sound kinds, by the name they report.
_SOUND_KINDS = {"unknown_sound", "sound_not_in_bank", "unknown_bank"}
#: Static findings that already say a pattern throws while it plays (tonal names): the engine's
#: ``[query] error`` for the same cause is not reported again.
_QUERY_KINDS = {"unknown_scale", "incomplete_scale", "unknown_chord"}


@dataclass(frozen=True)
class RunContext:
    """What the static pass knows that the running needs."""

    scope: ReplScope
    defined_sounds: frozenset[str]  # sound keys the code registers itself
    defined_banks: frozenset[str]
    unjudgeable: bool  # the code loads remote samples or sends to SuperDirt: names cannot be judged
    hydra: bool = False  # the code calls initHydra(): hydra's visuals exist only in a browser


def _where(code: str, needle: str) -> tuple[int, int]:
    """1-based line and column of the first place ``needle`` stands as a word (else the start)."""
    hit = re.search(r"(?<![\w$])" + re.escape(needle) + r"(?![\w$])", code) if needle else None
    if hit is None:
        return 1, 1
    offset = hit.start()
    return code.count("\n", 0, offset) + 1, offset - (code.rfind("\n", 0, offset) + 1) + 1


def run_findings(
    code: str,
    static: Sequence[Finding],
    index: StrudelIndex,
    context: RunContext,
    *,
    cycles: int = VALIDATE_CYCLES,
    process: EngineProcess | None = None,
    given: EngineRun | None = None,
) -> list[Finding]:
    """The findings running ``code`` adds to the static ``findings`` (never raises for the code's sake).

    ``given``: a run of ``code`` the caller made already; its first ``cycles`` cycles are read
    when it holds them exactly (:meth:`EngineRun.window`), else the code runs here.
    """
    if any(f.severity == "error" for f in static):
        return []  # the REPL stops at the first error; the static finding already says where
    if context.hydra:
        return [
            _not_run("the code draws with hydra (initHydra), which runs only in a browser: checked statically only")
        ]
    try:
        run = given.window(0, cycles) if given is not None and given.code == code else None
        run = run or run_code(code, begin=0, end=cycles, process=process)
    except EngineUnavailableError as exc:
        return [_not_run(f"Strudel's engine is not available ({exc}); the code was checked statically only")]
    error = run.error
    if isinstance(error, StrudelLimitError):
        return [_not_run(f"running the code stopped at a limit: {error.message}; the code was checked statically only")]
    found: list[Finding] = []
    if error is not None and error.phase != "query":
        line, column = error.line or 1, error.column or 1
        found.append(Finding("error", "runtime_error", error.name, f"the REPL says: {error.message}", line, column))
        return [_utf8(f) for f in found]
    if error is not None and any(f.kind in _QUERY_KINDS for f in static):
        # the static check already said it, with its place and real names to use instead; when
        # nothing plays, the REPL shows it as an error: the static finding says so, once
        if not run.events:
            found.extend(_confirmed(f) for f in static if f.kind in _QUERY_KINDS)
    elif error is not None:  # thrown while querying: the REPL logs it and plays nothing for that span
        line, column = error.line or 1, error.column or 1
        where = "in the cycles checked" if not run.events else "in some of the cycles checked (others play)"
        severity: Severity = "error" if not run.events else "warning"
        message = f"[query] error: {error.message} ({where}; the REPL plays nothing there)"
        found.append(Finding(severity, "query_error", error.name, message, line, column))
    if not run.events and error is None:
        found.append(_plays_nothing(run, cycles))
    found.extend(_event_sounds(code, run, static, index, context))
    return [_utf8(f) for f in found]


def same_place(finding: Finding) -> tuple[str, str, int, int]:
    """What makes two findings one: a running finding with the key of a static one replaces it."""
    return finding.kind, finding.name, finding.line, finding.column


def _confirmed(finding: Finding) -> Finding:
    """A static tonal warning the engine confirmed by throwing while it played: an error, at its
    place (its message already names the cause and the real names to use instead)."""
    return replace(finding, severity="error", message=f"{finding.message} (confirmed by running it)")


def _utf8(finding: Finding) -> Finding:
    """A lone surrogate the engine echoes from the code ("\\ud83d is not defined") cannot travel as UTF-8 JSON."""
    name = finding.name.encode("utf-8", "replace").decode("utf-8")
    message = finding.message.encode("utf-8", "replace").decode("utf-8")
    if name == finding.name and message == finding.message:
        return finding
    return Finding(finding.severity, finding.kind, name, message, finding.line, finding.column, finding.suggestions)


def _not_run(message: str) -> Finding:
    return Finding("info", "not_run", "", message, 1, 1)


def _plays_nothing(run: EngineRun, cycles: int) -> Finding:
    if run.stand_ins:
        names = ", ".join(run.stand_ins[:5])
        message = (
            f"the code plays no event in its first {cycles} cycles here, but it uses {names}, which only a "
            "browser or a device provides (here a silent stand-in): the REPL may well play it"
        )
        return Finding("info", "plays_nothing", "", message, 1, 1)
    message = (
        f"the code plays no event in its first {cycles} cycles: the REPL would be silent "
        "(a continuous signal needs .segment(n) to make events; a declaration alone plays nothing)"
    )
    return Finding("warning", "plays_nothing", "", message, 1, 1)


def _event_sounds(
    code: str, run: EngineRun, static: Sequence[Finding], index: StrudelIndex, context: RunContext
) -> list[Finding]:
    if context.unjudgeable:
        return []
    flagged = {f.name.lower() for f in static if f.kind in _SOUND_KINDS}
    registry = context.scope.sounds
    found: list[Finding] = []
    seen: set[str] = set()
    for event in run.events:
        value = event.value
        if not isinstance(value, dict) or not isinstance(value.get("s"), str):
            continue
        name = value["s"]
        bank = value.get("bank")
        key = sound_key(name)
        if isinstance(bank, str) and bank:
            key = f"{sound_key(bank)}_{key}"
        if key in seen or key in registry or key in context.defined_sounds:
            continue
        seen.add(key)
        if name.lower() in flagged or (isinstance(bank, str) and bank.lower() in flagged):
            continue  # the static check already said so, with its place and suggestions
        if isinstance(bank, str) and bank and sound_key(bank) in context.defined_banks:
            continue
        line, column = _where(code, name)
        if isinstance(bank, str) and bank:
            if sound_key(bank) not in context.scope.bank_prefixes:
                line, column = _where(code, bank)
                message = f"bank {bank!r} is not in the sound registry, so {name!r} in it plays silent (heard when the code ran)"
                found.append(Finding("warning", "unknown_bank", bank, message, line, column))
                continue
            message = f"{key} is not registered, so {name!r} in bank {bank!r} plays silent (heard when the code ran)"
            found.append(Finding("warning", "sound_not_in_bank", name, message, line, column))
        else:
            message = f"sound {name!r} is not in the sound registry, so it plays silent (heard when the code ran)"
            found.append(Finding("warning", "unknown_sound", name, message, line, column))
    return found
