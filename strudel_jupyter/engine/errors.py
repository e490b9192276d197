"""What can go wrong when Strudel's engine runs code: the code's errors, limits, a missing engine."""

from __future__ import annotations

from typing import Literal

__all__ = ["EngineUnavailableError", "LimitKind", "Phase", "StrudelCodeError", "StrudelLimitError"]

#: When the error happened: evaluating the code, querying its pattern, or at a limit.
Phase = Literal["evaluate", "query", "limit", "engine"]
#: Which bound a call hit (constants in ``strudel_jupyter/limits.py``).
LimitKind = Literal["time", "memory", "events", "size", "cycles", "engine"]


class StrudelCodeError(Exception):
    """The code fails in Strudel's engine; ``message`` is the text the REPL shows.

    ``line`` and ``column`` (1-based) place it in the code where that is possible: syntax
    errors, mini-notation errors (line only), a name or method the message names.
    """

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        phase: Phase = "evaluate",
        name: str = "Error",
    ) -> None:
        self.message = message
        self.line = line
        self.column = column
        self.phase = phase
        self.name = name
        super().__init__(message)

    def __str__(self) -> str:
        if self.line is None:
            return self.message
        where = f"line {self.line}" + (f", column {self.column}" if self.column is not None else "")
        return f"{self.message} ({where})"


class StrudelLimitError(StrudelCodeError):
    """The code hit one of the engine's bounds (time, memory, events, size, cycles), or ended the engine."""

    def __init__(self, message: str, *, limit: LimitKind) -> None:
        super().__init__(message, phase="limit", name="LimitError")
        self.limit = limit


class EngineUnavailableError(RuntimeError):
    """Strudel's engine cannot run here: no engine script in the snapshot, no mini-racer, or it failed to start."""
