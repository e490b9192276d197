"""What code plays, as the front ends show it: the engine's events, drawn and summarised.

Every front end (the ``%%strudel`` output, the panel's and the sidebar's examples, the
agent's ``strudel_events`` tool) asks here, so they all show the same picture of the same
events. :func:`played` never raises: code that does not evaluate comes back with the
engine's message and position, as the REPL says it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..limits import MAX_CODE_CHARS, MAX_DETAIL_PICTURES, MAX_PICTURE_CYCLES
from ..render.events import code_prefers_flats
from ..render.events_text import EventsSummary, summarize_events
from ..render.picture import PICTURE_CYCLES, events_svg

if TYPE_CHECKING:
    import pandas as pd

    from .events import EngineRun

__all__ = ["PICTURE_CYCLES", "Played", "example_pictures", "picture_of", "played"]

#: Pictures kept per process (examples' pictures are asked again and again; a picture is a few KB).
_CACHED_PICTURES = 256


@dataclass(frozen=True)
class Played:
    """What code plays over a window of cycles, or why it plays nothing."""

    code: str
    begin: int
    cycles: int
    frame: pd.DataFrame | None = None
    #: The REPL's message when the code does not evaluate (or a limit's, or a refused input's).
    error: str | None = None
    line: int | None = None
    column: int | None = None
    #: The failure may not happen again (a time limit on a busy machine): not cached.
    transient: bool = False

    @property
    def ok(self) -> bool:
        return self.frame is not None

    def picture(self, *, title: str | None = None) -> str | None:
        """The events as SVG, None when the code did not evaluate."""
        if self.frame is None:
            return None
        flats = code_prefers_flats(self.code)  # numbers (note("eb2").add(12)) spelled as the code writes notes
        return events_svg(self.frame, begin=self.begin, cycles=self.cycles, title=title or _title(self), flats=flats)

    def summary(self) -> EventsSummary | None:
        if self.frame is None:
            return None
        flats = code_prefers_flats(self.code)
        return summarize_events(self.frame, begin=self.begin, cycles=self.cycles, flats=flats)

    def error_dict(self) -> dict[str, Any]:
        return {"message": self.error, "line": self.line, "column": self.column}


def _title(played: Played) -> str:
    span = (
        f"cycle {played.begin}" if played.cycles == 1 else f"cycles {played.begin}-{played.begin + played.cycles - 1}"
    )
    count = 0 if played.frame is None else len(played.frame)
    return f"What the pattern plays: {count} events in {span}"


def _refused(code: object, begin: object, cycles: object) -> str | None:
    if not isinstance(code, str):
        return f"code must be a string, not {type(code).__name__}"
    if len(code) > MAX_CODE_CHARS:
        return f"the code has {len(code):,} characters; at most {MAX_CODE_CHARS:,} (MAX_CODE_CHARS)"
    if not code.strip():
        return "there is no code to play"
    if isinstance(cycles, bool) or not isinstance(cycles, int) or not 1 <= cycles <= MAX_PICTURE_CYCLES:
        return f"cycles must be a whole number from 1 to {MAX_PICTURE_CYCLES} (MAX_PICTURE_CYCLES), not {cycles!r}"
    if isinstance(begin, bool) or not isinstance(begin, int) or not 0 <= begin <= 1_000_000:
        return f"begin must be a whole cycle number from 0 to 1,000,000, not {begin!r}"
    return None


def played(code: str, *, cycles: int = 1, begin: int = 0, run: EngineRun | None = None) -> Played:
    """The events ``code`` plays in ``cycles`` cycles from ``begin``; never raises.

    ``run``: a run of ``code`` already made (``run_code``), read instead of running the code again
    when it holds that span exactly (:meth:`EngineRun.window`); else the code runs here.
    """
    refused = _refused(code, begin, cycles)
    if refused is not None:
        return Played(code if isinstance(code, str) else "", 0, 1, None, refused)
    try:
        from . import StrudelCodeError, StrudelLimitError, events_frame, run_code
    except ImportError as exc:  # an installation without the engine: the rest still works
        return Played(code, begin, cycles, None, f"Strudel's engine is not available here ({exc})", transient=True)
    try:
        window = run.window(begin, begin + cycles) if run is not None and run.code == code else None
        frame = events_frame(window or run_code(code, begin=begin, end=begin + cycles))
    except StrudelCodeError as exc:
        # A limit (time on a busy machine, memory) may not be hit again: such a failure is not cached.
        transient = isinstance(exc, StrudelLimitError)
        line, column = getattr(exc, "line", None), getattr(exc, "column", None)
        return Played(code, begin, cycles, None, _message(exc), line, column, transient=transient)
    except Exception as exc:  # noqa: BLE001 - a limit, a missing snapshot: errors are values here
        return Played(code, begin, cycles, None, _message(exc), transient=True)
    return Played(code, begin, cycles, frame)


def _message(exc: BaseException) -> str:
    return str(getattr(exc, "message", None) or exc) or type(exc).__name__


class _NotCached(Exception):
    """A failure that may not happen again: lru_cache keeps no result for it."""


@functools.lru_cache(maxsize=_CACHED_PICTURES)
def _cached_picture(code: str, cycles: int, begin: int) -> str | None:
    result = played(code, cycles=cycles, begin=begin)
    if result.transient:
        raise _NotCached
    return result.picture()


def picture_of(code: str, *, cycles: int = PICTURE_CYCLES, begin: int = 0) -> str | None:
    """The SVG of what ``code`` plays (``cycles`` from ``begin``), None when it does not evaluate; never raises.

    Cached per process (``code``, ``cycles``, ``begin``), except failures that may pass (a time limit).
    """
    try:
        return _cached_picture(code, cycles, begin)
    except _NotCached:
        return None


def example_pictures(examples_per_item: list[list[str]], *, limit: int = MAX_DETAIL_PICTURES) -> list[list[str | None]]:
    """Pictures of the examples of a detail view's entries, in order, the first ``limit`` of them drawn."""
    out: list[list[str | None]] = []
    left = limit
    for examples in examples_per_item:
        drawn: list[str | None] = []
        for example in examples:
            drawn.append(picture_of(example) if left > 0 else None)
            left -= 1
        out.append(drawn)
    return out
