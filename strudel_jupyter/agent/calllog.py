"""The call log: one record per tool call, bounded, thread-safe, a pandas DataFrame on demand."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pandas loads only when a DataFrame is asked for
    import pandas as pd

__all__ = ["LOG_COLUMNS", "CallLog"]

#: ``conversation`` is the id of the conversation that made the call (None outside one);
#: ``active`` says whether the tool was in that conversation's tool set when it was called.
LOG_COLUMNS = [
    "timestamp",
    "tool",
    "call_id",
    "arguments",
    "duration_ms",
    "success",
    "error_type",
    "error",
    "result_chars",
    "conversation",
    "active",
]


class CallLog:
    """Every ``execute`` call: bounded (oldest dropped first), thread-safe, clearable."""

    def __init__(self, maxlen: int = 1000) -> None:
        self._records: deque[dict[str, Any]] = deque(maxlen=maxlen)
        self._lock = threading.Lock()

    def append(self, record: Mapping[str, Any]) -> None:
        with self._lock:
            self._records.append(dict(record))

    def records(self) -> list[dict[str, Any]]:
        with self._lock:
            return [dict(r) for r in self._records]

    def clear(self) -> None:
        with self._lock:
            self._records.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._records)

    @property
    def maxlen(self) -> int:
        return self._records.maxlen or 0

    def frame(self) -> pd.DataFrame:
        """One row per call, oldest first (``timestamp`` is timezone-aware UTC)."""
        import pandas as pd

        frame = pd.DataFrame(self.records(), columns=LOG_COLUMNS)
        frame["timestamp"] = pd.to_datetime(frame["timestamp"], utc=True)
        return frame
