"""Limits the validator's loops check, so hostile code costs a bounded time and memory."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["Deadline", "LimitReached", "OutOfTime", "TooManyFindings"]


class LimitReached(Exception):
    """A limit of ``strudel_jupyter.limits`` stopped the validation early."""


class OutOfTime(LimitReached):
    """Raised by :meth:`Deadline.check` once the time is up."""


class TooManyFindings(LimitReached):
    """Raised when a validation has reported ``MAX_FINDINGS`` findings."""


class Deadline:
    """A budget of ``seconds`` of this thread's CPU time from now (``None``: never).

    CPU time, not wall time: on a busy machine (a loaded CI runner, a server answering other
    users) the validator gets less of the CPU but the same amount of work before it stops, so
    the same code gets the same findings. Wall-clock deadlines belong to the servers around
    it (REST and MCP), which answer a timeout when a call takes too long in real time.
    """

    __slots__ = ("_at",)

    def __init__(self, seconds: float | None) -> None:
        self._at = None if seconds is None else time.thread_time() + seconds

    def left(self) -> float | None:
        """Seconds left (at least 0), or None when there is no deadline."""
        return None if self._at is None else max(self._at - time.thread_time(), 0.0)

    def expired(self) -> bool:
        return self._at is not None and time.thread_time() > self._at

    def check(self) -> None:
        """Raise :class:`OutOfTime` when the deadline has passed."""
        if self._at is not None and time.thread_time() > self._at:
            raise OutOfTime

    @contextmanager
    def paused(self) -> Iterator[None]:
        """The time spent inside is not the code's: the deadline moves by it. For work done once
        per process whatever the code (reading the phrasebook for a "did you mean"), never for
        work that grows with the code."""
        start = time.thread_time()
        try:
            yield
        finally:
            if self._at is not None:
                self._at += time.thread_time() - start
