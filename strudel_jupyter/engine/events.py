"""Events as data: run code in Strudel's engine and read the events the REPL would play.

``run_code(code, begin=, end=)`` gives an :class:`EngineRun` (events, tempo, the error the
REPL would show, what the engine logged) and never raises for the code's sake;
``strudel_events(code, cycles=1, *, begin=0)`` is the DataFrame of the events, one row each,
and raises :class:`StrudelCodeError` for bad code; ``events_frame(run)`` is the same DataFrame of
a run already made (one run can serve the validator and the picture: ``EngineRun.window``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from numbers import Real
from typing import TYPE_CHECKING, Any

from ..limits import MAX_CODE_CHARS, MAX_EVENT_CYCLES, MAX_EVENTS
from .errors import StrudelCodeError, StrudelLimitError
from .process import EngineProcess, engine

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["EVENT_COLUMNS", "EngineRun", "Event", "events_frame", "run_code", "strudel_events"]

#: The columns every events frame starts with, in this order; controls follow, first seen first.
EVENT_COLUMNS = ("cycle", "begin", "end", "duration", "begin_fraction", "end_fraction")


@dataclass(frozen=True)
class Event:
    """One onset: when it starts and ends (exact, in cycles) and its value (controls or a bare value)."""

    begin: Fraction
    end: Fraction
    value: Any


@dataclass
class EngineRun:
    """What running the code did: the events of ``[begin, end)``, the tempo, the error, the logs."""

    code: str
    begin: Fraction
    end: Fraction
    events: list[Event] = field(default_factory=list)
    cps: float | None = None  # cycles per second after the code ran (setcpm/setcps), the REPL's 0.5 by default
    error: StrudelCodeError | None = None
    logs: list[dict[str, str]] = field(default_factory=list)
    stand_ins: tuple[str, ...] = ()  # names the code uses that only a browser or a device provides here

    @property
    def ok(self) -> bool:
        return self.error is None

    def window(self, begin: Any, end: Any) -> EngineRun | None:
        """This run's answer for ``[begin, end)``, as running the code for that span alone would give it.

        The engine queries cycle by cycle from ``begin``, so a run from the same whole cycle ``begin``
        to a later whole cycle holds exactly the events of every shorter such span. None when the run
        cannot tell: another start, a span past its end, fractional bounds, or an error that depends
        on the span (a query error or a limit hit in some cycle, which the run does not name).
        """
        start, stop = Fraction(begin), Fraction(end)
        if start == self.begin and stop == self.end:
            return self
        if (
            start != self.begin
            or not start < stop <= self.end
            or start.denominator != 1
            or stop.denominator != 1
            or self.end.denominator != 1
        ):
            return None
        if self.error is not None and (self.error.phase != "evaluate" or isinstance(self.error, StrudelLimitError)):
            return None
        events = [ev for ev in self.events if ev.begin < stop]
        return replace(self, end=stop, events=events)


# ------------------------------------------------------------------ positions
_NOT_A_FUNCTION = re.compile(r"\.([A-Za-z_$][\w$]*) is not a function")
_NOT_DEFINED = re.compile(r"^([A-Za-z_$][\w$]*) is not defined")


def _line_col(code: str, offset: int) -> tuple[int, int]:
    line = code.count("\n", 0, offset) + 1
    return line, offset - (code.rfind("\n", 0, offset) + 1) + 1


def _place(code: str, error: dict[str, Any]) -> tuple[int | None, int | None]:
    """Where the error is in the code, when the engine says or the message names it (1-based)."""
    if isinstance(error.get("line"), int):
        return error["line"], error.get("column")
    if isinstance(error.get("offset"), int) and 0 <= error["offset"] <= len(code):
        return _line_col(code, error["offset"])  # the string whose mini-notation failed
    message = str(error.get("message", ""))
    if m := _NOT_A_FUNCTION.search(message):
        hit = re.search(r"\.\s*" + re.escape(m.group(1)) + r"\s*\(", code)
        if hit:
            return _line_col(code, hit.start() + 1 + (len(hit.group(0)) - len(hit.group(0).lstrip(". \t"))) - 1)
    if m := _NOT_DEFINED.match(message):
        hit = re.search(r"(?<![\w$.])" + re.escape(m.group(1)) + r"(?![\w$])", code)
        if hit:
            return _line_col(code, hit.start())
    return None, None


def _error_of(code: str, error: dict[str, Any]) -> StrudelCodeError:
    message = str(error.get("message") or "unknown error")
    if error.get("phase") == "limit":
        return StrudelLimitError(message, limit=error.get("limit", "time"))
    line, column = _place(code, error)
    phase = error.get("phase", "evaluate")
    return StrudelCodeError(message, line=line, column=column, phase=phase, name=str(error.get("name", "Error")))


# ------------------------------------------------------------------ running
def _fraction(value: Any, what: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, Real | str):
        raise TypeError(f"{what} must be a number, not {type(value).__name__}")
    try:
        number = Fraction(value) if isinstance(value, int | str | Fraction) else Fraction(float(value))
        if isinstance(value, float):
            number = number.limit_denominator(1 << 20)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise ValueError(f"{what} must be a finite number, not {value!r}") from None
    if abs(number) > 1 << 40 or number.denominator > 1 << 30:
        raise ValueError(f"{what} is out of range: {value!r}")
    return number


def _fraction_text(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}"


def run_code(code: str, *, begin: Any = 0, end: Any = 1, process: EngineProcess | None = None) -> EngineRun:
    """Evaluate ``code`` as the REPL does and query its events in ``[begin, end)`` cycles.

    Never raises for the code's sake (errors and limits are in ``.error``); raises
    ``TypeError``/``ValueError`` for bad arguments and
    :class:`~strudel_jupyter.engine.errors.EngineUnavailableError` when no engine can run.
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a string, not {type(code).__name__}")
    start, stop = _fraction(begin, "begin"), _fraction(end, "end")
    run = EngineRun(code, start, stop)
    if stop <= start:
        raise ValueError("end must be after begin")
    if stop - start > MAX_EVENT_CYCLES:
        run.error = StrudelLimitError(f"at most {MAX_EVENT_CYCLES} cycles per query", limit="cycles")
        return run
    if len(code) > MAX_CODE_CHARS:
        run.error = StrudelLimitError(f"code longer than {MAX_CODE_CHARS:,} characters", limit="size")
        return run
    if not code.strip() or "\x00" in code:
        # the REPL refuses empty code ("no code to evaluate"); NUL cannot cross the pipe as text
        if "\x00" in code:
            run.error = StrudelCodeError("the code contains a NUL character", phase="evaluate", name="SyntaxError")
        return run
    process = process or engine()
    answer = process.call(code, _fraction_text(start), _fraction_text(stop), MAX_EVENTS)
    run.stand_ins = _stand_ins_used(code, process.stand_ins)
    run.cps = answer.get("cps")
    run.logs = list(answer.get("logs") or [])
    if answer.get("error"):
        run.error = _error_of(code, answer["error"])
    events = [Event(Fraction(b), Fraction(e), value) for b, e, value in answer.get("events") or []]
    # sorted by begin, then in query order (sort is stable)
    run.events = sorted(events, key=lambda ev: ev.begin)
    return run


_WORD = re.compile(r"[A-Za-z_$][\w$]*")


def _stand_ins_used(code: str, stand_ins: frozenset[str]) -> tuple[str, ...]:
    """Stand-in names the code mentions, first mention first (a word of the text: comments count too)."""
    return tuple(dict.fromkeys(w for w in _WORD.findall(code) if w in stand_ins))


def _frame(events: list[Event]) -> pd.DataFrame:
    import pandas as pd

    columns: dict[str, None] = {}
    rows: list[dict[str, Any]] = []
    for ev in events:
        values = ev.value if isinstance(ev.value, dict) else {"value": ev.value}
        for key in values:
            columns.setdefault(key, None)
        rows.append(values)
    controls = [c for c in columns if c not in EVENT_COLUMNS]
    data: dict[str, Any] = {
        "cycle": pd.Series([math.floor(ev.begin) for ev in events], dtype="int64"),
        "begin": pd.Series([float(ev.begin) for ev in events], dtype="float64"),
        "end": pd.Series([float(ev.end) for ev in events], dtype="float64"),
        "duration": pd.Series([float(ev.end - ev.begin) for ev in events], dtype="float64"),
        "begin_fraction": pd.Series([ev.begin for ev in events], dtype=object),
        "end_fraction": pd.Series([ev.end for ev in events], dtype=object),
    }
    for name in controls:
        data[name] = [row.get(name) for row in rows]
    return pd.DataFrame(data, columns=[*EVENT_COLUMNS, *controls])


def events_frame(run: EngineRun) -> pd.DataFrame:
    """A run's events as :func:`strudel_events` gives them; raises the run's error, as it does."""
    if run.error is not None:
        raise run.error
    frame = _frame(run.events)
    frame.attrs["cps"] = run.cps
    return frame


def strudel_events(code: str, cycles: Any = 1, *, begin: Any = 0) -> pd.DataFrame:
    """The events the REPL would play for ``code`` from cycle ``begin`` for ``cycles`` cycles.

    One row per onset, sorted by begin (then in query order). Columns: ``cycle`` (int),
    ``begin``, ``end``, ``duration`` (floats, in cycles), ``begin_fraction``,
    ``end_fraction`` (exact ``fractions.Fraction``), then one column per control in the order
    first seen (``s``, ``n``, ``note``, ...; missing values are None), or ``value`` for a bare
    number or string pattern. ``frame.attrs["cps"]`` is the tempo the code set (0.5 unless
    ``setcpm``/``setcps``).

    Raises :class:`StrudelCodeError` when the code fails to evaluate or to query (``.message``
    as the REPL says it, ``.line``/``.column`` where it can be placed), and
    :class:`StrudelLimitError` (a subclass) when it hits a limit.
    """
    start = _fraction(begin, "begin")
    span = _fraction(cycles, "cycles")
    if span <= 0:
        raise ValueError("cycles must be more than 0")
    return events_frame(run_code(code, begin=start, end=start + span))
