"""Stage 3, engine: Strudel's own JavaScript engine in V8 (mini-racer), evaluating code as the REPL does.

One way through:

* ``process.py``  the engine process: started on first use, one per Python process, calls
  serialized and bounded in time and memory (``limits.py``), a fresh one after a limit
* ``worker.py``   that process's side: one V8 context with the snapshot's engine script
* ``harness.js``  our code in that context: the REPL's scope and stand-ins, core's repl(), the query
* ``events.py``   ``run_code`` (events, tempo, error, logs) and ``strudel_events`` (a DataFrame)
* ``errors.py``   ``StrudelCodeError``, ``StrudelLimitError``, ``EngineUnavailableError``

Importing this package starts nothing; pandas loads only when a DataFrame is made.
"""

from __future__ import annotations

from .errors import EngineUnavailableError, StrudelCodeError, StrudelLimitError
from .events import EVENT_COLUMNS, EngineRun, Event, events_frame, run_code, strudel_events
from .process import EngineProcess, engine, engine_running

__all__ = [
    "EVENT_COLUMNS",
    "EngineProcess",
    "EngineRun",
    "EngineUnavailableError",
    "Event",
    "StrudelCodeError",
    "StrudelLimitError",
    "engine",
    "engine_running",
    "events_frame",
    "run_code",
    "strudel_events",
]
