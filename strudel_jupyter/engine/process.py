"""The engine process seen from Python: started on first use, one at a time, every call bounded.

One engine per Python process (``engine()``), started by the first call that needs it, never
at import. Calls from several threads (the REST worker pool, the MCP server) are serialized
by a lock. Each call has a deadline (``ENGINE_CALL_SECONDS`` plus a margin for the pipe);
while it waits, the engine process's resident memory is watched (``ENGINE_PROCESS_BYTES``).
A process that overruns either is ended and the call answers with a limit error; the next
call starts a fresh one.

The engine process keeps itself small (see ``worker.py``): it cleans up when idle after a call
that grew it, and says so on the pipe (``{"idle": ...}``, never an answer). If it is still
too big after that, a fresh one is started beside it, off any caller's call, and swapped in
between calls (``replacements`` counts them).
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..data.snapshot import SnapshotError, engine_script_path, resolve_snapshot_dir
from ..limits import (
    ENGINE_CALL_SECONDS,
    ENGINE_HEAP_BYTES,
    ENGINE_IDLE_GROWTH_BYTES,
    ENGINE_IDLE_SECONDS,
    ENGINE_PROCESS_BYTES,
    ENGINE_RETIRE_FACTOR,
    ENGINE_START_SECONDS,
)
from .errors import EngineUnavailableError

__all__ = ["EngineProcess", "engine", "engine_running"]

HERE = Path(__file__).resolve().parent
WORKER = HERE / "worker.py"
HARNESS = HERE / "harness.js"
#: Time the pipe and the process may add to a call's own limit before the process is ended.
MARGIN_SECONDS = 1.0
#: The worker's exit codes after a limit: V8's heap limit, or code still running after its time.
EXIT_MEMORY, EXIT_STUCK = 2, 3
#: How often a waiting call looks at the engine process's memory.
WATCH_SECONDS = 0.05


def _resident_bytes(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None  # not Linux: V8's own heap limit still holds


@dataclass
class _Running:
    proc: subprocess.Popen[str]
    lines: queue.Queue[str | None]
    start_ms: float
    stand_ins: frozenset[str]  # the REPL's names that only a browser or a device provides: stand-ins here
    memory: dict[str, int]  # its resident memory once loaded (bytes): rss, anon (private), file


class EngineProcess:
    """One engine process at a time, for one snapshot; thread-safe."""

    def __init__(
        self,
        snapshot: os.PathLike[str] | str | None = None,
        *,
        seconds: float = ENGINE_CALL_SECONDS,
        idle_growth: int | None = ENGINE_IDLE_GROWTH_BYTES,
        retire_factor: float = ENGINE_RETIRE_FACTOR,
    ) -> None:
        self._snapshot = snapshot
        self.seconds = seconds  # each call's time limit (tests of the memory bound raise it)
        self.idle_growth = idle_growth  # growth (bytes) that earns an idle cleanup; None: never
        self.retire_factor = retire_factor  # still above this times its loaded size after one: replaced
        self._lock = threading.Lock()
        self._running: _Running | None = None
        self.starts = 0  # processes started so far (a limit hit may need a fresh one)
        self.calls = 0  # code evaluations asked of this engine so far (each is one run of the code)
        self.cleanups = 0  # idle cleanups the engine processes did
        self.replacements = 0  # processes replaced (between calls) because they stayed too big
        self.last_cleanup: dict[str, Any] | None = None  # the last cleanup's notice: memory before/after
        self._cleaned = threading.Condition()

    # ------------------------------------------------------------------ life cycle
    @property
    def running(self) -> bool:
        return self._running is not None and self._running.proc.poll() is None

    @property
    def start_ms(self) -> float | None:
        """How long the current engine took to load, inside its process (ms)."""
        return self._running.start_ms if self._running else None

    @property
    def stand_ins(self) -> frozenset[str]:
        """Names (globals and methods) that are stand-ins in this engine: they play silence or nothing."""
        return self._running.stand_ins if self._running else frozenset()

    @property
    def loaded_memory(self) -> dict[str, int]:
        """The current engine's resident memory once loaded (bytes: ``rss``, ``anon``, ``file``)."""
        return dict(self._running.memory) if self._running else {}

    @property
    def pid(self) -> int | None:
        return self._running.proc.pid if self.running and self._running else None

    def _config(self) -> dict[str, Any]:
        try:
            script = engine_script_path(self._snapshot)
            directory, _ = resolve_snapshot_dir(self._snapshot)
        except SnapshotError as exc:
            raise EngineUnavailableError(str(exc)) from None
        symbols = directory / "symbols.json"
        return {
            "engine": str(script),
            "harness": str(HARNESS),
            "symbols": str(symbols) if symbols.is_file() else None,
            "heap": ENGINE_HEAP_BYTES,
            "seconds": self.seconds,
            "path": [entry for entry in sys.path if entry],  # the worker runs without `site`
            "idle_growth": self.idle_growth,
            "idle_seconds": ENGINE_IDLE_SECONDS,
            "retire_factor": self.retire_factor,
        }

    def _start(self) -> _Running:
        config = self._config()
        proc = subprocess.Popen(
            [sys.executable, "-S", str(WORKER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        lines: queue.Queue[str | None] = queue.Queue()

        def read(stream: Any = proc.stdout) -> None:
            for line in stream:
                if line.startswith('{"idle"'):
                    self._cleaned_up(proc, line)
                else:
                    lines.put(line)
            lines.put(None)  # the process ended

        threading.Thread(target=read, name="strudel-engine-reader", daemon=True).start()
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(config) + "\n")
        proc.stdin.flush()
        try:
            first = lines.get(timeout=ENGINE_START_SECONDS)
        except queue.Empty:
            first = None
        ready: dict[str, Any] = (
            json.loads(first) if first else {"ready": False, "error": "the engine process did not answer"}
        )
        if not ready.get("ready"):
            self._end(proc)
            hint = ""
            if "py_mini_racer" in str(ready.get("error", "")):
                hint = " (install mini-racer: pip install mini-racer)"
            raise EngineUnavailableError(f"Strudel's engine did not start: {ready.get('error')}{hint}")
        self.starts += 1
        names = ready.get("stand_ins") or {}
        stand_ins = frozenset(names.get("globals", [])) | frozenset(names.get("methods", []))
        memory = {k: int(v) for k, v in (ready.get("memory") or {}).items()}
        return _Running(proc, lines, float(ready.get("start_ms", 0.0)), stand_ins, memory)

    def _cleaned_up(self, proc: subprocess.Popen[str], line: str) -> None:
        """A notice from the engine process (on its reader thread): it cleaned up while idle."""
        try:
            notice = json.loads(line)["idle"]
        except (ValueError, KeyError, TypeError):
            return
        with self._cleaned:
            self.cleanups += 1
            self.last_cleanup = notice
            self._cleaned.notify_all()
        if notice.get("retire"):
            threading.Thread(target=self._replace, args=(proc,), name="strudel-engine-replace", daemon=True).start()

    def _replace(self, old: subprocess.Popen[str]) -> None:
        """Start a fresh engine beside ``old`` and swap it in between calls (a caller never waits for it)."""
        try:
            fresh = self._start()
        except EngineUnavailableError:
            return  # the old one keeps serving
        with self._lock:
            if self._running is not None and self._running.proc is old:
                self._end(old)
                self._running = fresh
                self.replacements += 1
                return
        self._end(fresh.proc)  # closed or replaced meanwhile

    def wait_for_cleanup(self, after: int, timeout: float) -> bool:
        """Wait until more than ``after`` idle cleanups were done (for benchmarks and tests)."""
        with self._cleaned:
            return self._cleaned.wait_for(lambda: self.cleanups > after, timeout=timeout)

    @staticmethod
    def _end(proc: subprocess.Popen[str]) -> None:
        if proc.poll() is None:
            proc.kill()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - the kernel ends a killed process
            pass
        for stream in (proc.stdin, proc.stdout):
            try:
                if stream:
                    stream.close()
            except OSError:
                pass

    def start(self) -> None:
        """Start the engine now (calls start it on demand anyway)."""
        with self._lock:
            if not self.running:
                self._running = self._start()

    def close(self) -> None:
        """End the engine process (the next call starts a new one)."""
        with self._lock:
            if self._running is not None:
                self._end(self._running.proc)
                self._running = None

    # ------------------------------------------------------------------ calls
    def call(self, code: str, begin: str, end: str, max_events: int) -> dict[str, Any]:
        """Evaluate ``code`` and query ``[begin, end)`` (exact fractions as text); the harness's answer.

        Raises :class:`EngineUnavailableError` only when no engine can start at all;
        limits come back as answers with ``error.phase == "limit"``.
        """
        request = json.dumps({"code": code, "begin": begin, "end": end, "maxEvents": max_events})
        with self._lock:
            self.calls += 1
            if not self.running:
                if self._running is not None:
                    self._end(self._running.proc)
                self._running = self._start()
            running = self._running
            assert running is not None and running.proc.stdin is not None
            try:
                running.proc.stdin.write(request + "\n")
                running.proc.stdin.flush()
            except OSError:
                self._end(running.proc)
                self._running = None
                return _limit("engine", "the engine process ended; the next call starts a fresh one")
            deadline = time.monotonic() + self.seconds + MARGIN_SECONDS
            while True:
                try:
                    line = running.lines.get(timeout=WATCH_SECONDS)
                except queue.Empty:
                    line = ""
                if line is None:  # the process ended before answering
                    self._end(running.proc)
                    self._running = None
                    return _ended(running.proc.returncode)
                if line:
                    try:
                        answer: dict[str, Any] = json.loads(line)
                    except ValueError:  # code broke the harness's own tools: start afresh
                        answer = _limit(
                            "engine", "the engine's answer was unreadable; the next call starts a fresh one"
                        )
                        answer["restart"] = True
                    if not isinstance(answer, dict):
                        answer = {**_limit("engine", "the engine's answer was unreadable"), "restart": True}
                    if answer.get("restart"):  # the process ends after this answer
                        self._end(running.proc)
                        self._running = None
                    return answer
                rss = _resident_bytes(running.proc.pid)
                if rss is not None and rss > ENGINE_PROCESS_BYTES:
                    self._end(running.proc)
                    self._running = None
                    return _limit("memory", f"the code used more than {ENGINE_PROCESS_BYTES // 2**20} MB")
                if time.monotonic() > deadline:
                    self._end(running.proc)
                    self._running = None
                    return _limit("time", f"the code ran longer than {self.seconds:g} s")


def _limit(limit: str, message: str) -> dict[str, Any]:
    error = {"phase": "limit", "name": "LimitError", "limit": limit, "message": message}
    return {"ok": False, "events": [], "error": error, "cps": None, "logs": []}


def _ended(returncode: int | None) -> dict[str, Any]:
    if returncode == EXIT_MEMORY:
        return _limit("memory", f"the code used more than {ENGINE_HEAP_BYTES // 2**20} MB")
    if returncode == EXIT_STUCK:
        return _limit("time", f"the code ran longer than {ENGINE_CALL_SECONDS:g} s")
    return _limit("engine", f"the engine process ended (exit code {returncode}); the next call starts a fresh one")


_ENGINE: EngineProcess | None = None
_ENGINE_LOCK = threading.Lock()


def engine() -> EngineProcess:
    """The process's one engine (created here, started by its first call)."""
    global _ENGINE
    with _ENGINE_LOCK:
        if _ENGINE is None:
            _ENGINE = EngineProcess()
            atexit.register(_ENGINE.close)
        return _ENGINE


def engine_running() -> bool:
    """Whether an engine process is running (importing and looking things up never start one)."""
    return _ENGINE is not None and _ENGINE.running
