"""The engine process: one V8 context (mini-racer) running Strudel's engine, answering on a pipe.

Run by :mod:`strudel_jupyter.engine.process` as ``python -S worker.py``; never imported by the
package. Standard library and ``py_mini_racer`` only, so it starts fast and stays small: no
``site`` (the parent passes its ``sys.path``), no ``ssl`` (asyncio, which mini-racer imports,
would map OpenSSL's libraries for nothing).

Why a process of its own: V8 code that a promise resumes (``await``, ``.then``) runs after
the call that started it has returned, outside mini-racer's time limit, and a loop there
can neither be stopped nor survived in the caller's process. Here the parent ends this
process instead. A call that hits V8's heap limit is answered, then this process exits, so
the next call gets a fresh context.

Memory: V8 keeps the heap it grew to and glibc keeps freed memory in its arenas, so after
loading (before answering ready) and, once a call has grown the private memory by more than
``idle_growth`` bytes, as soon as no request has come for ``idle_seconds`` after an answer,
this process collects V8's garbage and trims malloc. Never inside a call: a request that
arrives first is answered first. If the private memory is still above ``retire_factor``
times its loaded size after that, the notice asks the parent to replace this process
(which it does off any caller's call).

Protocol: one JSON object per line. The first line from the parent configures
(``engine``, ``harness``, ``symbols`` paths, ``heap`` bytes, ``seconds``, ``path``,
``idle_growth``, ``idle_seconds``, ``retire_factor``); this process answers
``{"ready": true, ...}`` or ``{"ready": false, "error": ...}``. Then each request
``{"code", "begin", "end", "maxEvents"}`` gets one answer line (the harness's JSON). A line
``{"idle": {...}}`` between answers is a notice (a cleanup done), never an answer.
"""

from __future__ import annotations

import json
import os
import select
import sys
import time
from typing import Any

#: V8's flags: ``--single-threaded`` (no V8 worker threads). Measured side by side over the doc
#: examples (3 x 517 calls back to back) and rejected, since the idle cleanup brings the process
#: back to about 38 MB private whatever the flags: ``--max-semi-space-size=1`` or ``=4`` (MB)
#: (the young generation: about 72 MB private right after the examples instead of 124 MB, but
#: p50 +0.5 ms and p99 +1 to +5 ms), lite mode (calls three times as long),
#: ``--optimize-for-size`` (p99 tripled), ``--memory-saver-mode`` (p99 +25%),
#: ``--no-lazy-feedback-allocation``, ``--max-lazy``, ``--stack-size`` (no clear change).
V8_FLAGS = ("--single-threaded",)


def _limit_answer(limit: str, message: str, *, restart: bool = False) -> str:
    """A limit's answer; ``restart``: this process ends after it, the parent starts a fresh one."""
    error = {"phase": "limit", "name": "LimitError", "limit": limit, "message": message}
    return json.dumps({"ok": False, "events": [], "error": error, "cps": None, "logs": [], "restart": restart})


class _Lines:
    """Lines from a pipe, unbuffered beyond what is read, so that ``waiting`` can ask the pipe itself."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""

    def waiting(self, seconds: float) -> bool:
        """Whether a request arrives (or the pipe closes) within ``seconds``."""
        if b"\n" in self.buffer:
            return True
        ready, _, _ = select.select([self.fd], [], [], seconds)
        return bool(ready)

    def readline(self) -> str | None:
        while b"\n" not in self.buffer:
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return None
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8")


def _memory() -> dict[str, int]:
    """This process's resident memory (bytes): ``rss``, ``anon`` (private), ``file`` (library pages)."""
    keys = {"VmRSS": "rss", "RssAnon": "anon", "RssFile": "file"}
    out: dict[str, int] = {}
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                key, _, value = line.partition(":")
                if key in keys:
                    out[keys[key]] = int(value.split()[0]) * 1024
    except (OSError, ValueError):
        pass  # not Linux: no figures, so no idle cleanup either
    return out


def _malloc_trim() -> Any:
    """glibc's ``malloc_trim`` (freed memory back to the system), or ``None`` elsewhere."""
    try:
        import ctypes

        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None


_MADV_DONTNEED = 4  # <sys/mman.h>


def _release_clean_library_pages() -> int:
    """Give back the resident pages of read-only library mappings that hold no private copy; bytes.

    Loading V8 reads libmini_racer.so's symbol tables and relocations (about 18 MB, never read
    again: the library is bound at load, ``BIND_NOW``) and runs start-up code once; those clean
    file pages stay mapped until the kernel needs memory. ``MADV_DONTNEED`` on a private mapping
    that holds no anonymous (copied-on-write) page drops only clean file pages, and a later read
    faults the same bytes back from the file: nothing can change, only what stays resident. A
    mapping with any anonymous page (e.g. the relocated read-only data) is left alone.
    """
    try:
        import ctypes

        madvise = ctypes.CDLL(None, use_errno=True).madvise
        madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        with open("/proc/self/smaps", encoding="utf-8", errors="replace") as fh:
            mappings = _mappings(fh)
    except (OSError, AttributeError):
        return 0  # not Linux: nothing to give back this way
    released = 0
    for (lo, hi), perms, path, sizes in mappings:
        clean_library = perms.endswith("p") and "w" not in perms and path.startswith("/")
        if clean_library and sizes.get("Anonymous", 1) == 0 and sizes.get("Rss", 0) > 0:
            if madvise(lo, hi - lo, _MADV_DONTNEED) == 0:
                released += sizes["Rss"] * 1024
    return released


def _mappings(lines: Any) -> list[tuple[tuple[int, int], str, str, dict[str, int]]]:
    """``/proc/PID/smaps`` lines as (address span, permissions, path, {field: kB}) per mapping."""
    out: list[tuple[tuple[int, int], str, str, dict[str, int]]] = []
    for line in lines:
        head, _, rest = line.partition(" ")
        if not head.endswith(":"):  # a mapping's first line: "lo-hi perms offset dev inode [path]"
            fields = rest.split(maxsplit=4)
            lo, hi = (int(x, 16) for x in head.split("-"))
            out.append(((lo, hi), fields[0], fields[4].strip() if len(fields) > 4 else "", {}))
        elif out and rest.rstrip().endswith("kB"):
            out[-1][3][head[:-1]] = int(rest.split()[0])
    return out


def main() -> None:
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    sys.stdout = sys.stderr  # nothing but answers on the protocol pipe

    def send(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    lines = _Lines(sys.stdin.fileno())
    config = json.loads(lines.readline() or "{}")
    started = time.perf_counter()
    for entry in reversed(config.get("path") or []):
        if entry not in sys.path:
            sys.path.insert(1, entry)
    sys.modules["ssl"] = None  # type: ignore[assignment]  # asyncio imports it if it can: nothing here uses it
    try:
        from py_mini_racer import JSOOMException, JSTimeoutException, MiniRacer, init_mini_racer

        init_mini_racer(flags=V8_FLAGS)
        ctx = MiniRacer()
        ctx.set_hard_memory_limit(int(config["heap"]))
        # The two shims the engine needs; no `window`, so core takes no browser paths.
        ctx.eval("globalThis.performance = {now: () => Date.now()}; globalThis.process = {env: {}};")
        with open(config["engine"], encoding="utf-8") as fh:
            ctx.eval(fh.read())
        with open(config["harness"], encoding="utf-8") as fh:
            ctx.eval(fh.read())
        globals_, methods = [], []
        if config.get("symbols"):
            with open(config["symbols"], encoding="utf-8") as fh:
                symbols = json.load(fh)
            globals_, methods = sorted(symbols.get("globals", {})), list(symbols.get("methods", []))
        stand_ins = json.loads(str(ctx.eval(f"__sjStandIns({json.dumps(globals_)}, {json.dumps(methods)})")))
        warm = {"code": 's("bd")', "begin": "0", "end": "1", "maxEvents": 1}
        ctx.eval(f"__sjRun({json.dumps(warm)})")  # the parsers' first run is slower
        ctx.eval("__sjSeal()")
    except Exception as exc:  # noqa: BLE001 - any failure to start is reported, not raised
        send(json.dumps({"ready": False, "error": f"{type(exc).__name__}: {exc}"[:2000]}))
        return
    trim = _malloc_trim()

    def compact() -> None:
        _release_clean_library_pages()  # first: reading /proc/self/smaps allocates what trim gives back
        ctx.low_memory_notification()  # a full GC that also shrinks V8's heap
        if trim is not None:
            trim(0)

    compact()  # loading leaves garbage and a grown heap behind: drop it before the first call
    loaded = _memory()
    send(
        json.dumps(
            {
                "ready": True,
                "start_ms": round((time.perf_counter() - started) * 1000, 1),
                "stand_ins": stand_ins,
                "memory": loaded,
            }
        )
    )
    seconds = float(config["seconds"])
    idle_growth = config.get("idle_growth")
    idle_seconds = float(config.get("idle_seconds", 0.25))
    retire_factor = float(config.get("retire_factor", 2.0))
    compactions = 0

    while (line := lines.readline()) is not None:
        request: dict[str, Any] = json.loads(line)
        try:
            send(str(ctx.eval(f"__sjRun({json.dumps(request)})", timeout_sec=seconds)))
        except JSTimeoutException:
            try:  # is the context free again? (a loop that a promise resumed would still hold it)
                ctx.eval("1", timeout_sec=0.25)
            except Exception:  # noqa: BLE001
                send(_limit_answer("time", f"the code ran longer than {seconds:g} s", restart=True))
                out.close()
                os._exit(3)
            send(_limit_answer("time", f"the code ran longer than {seconds:g} s"))
        except JSOOMException:
            # V8 keeps the memory it grew to: the next call gets a fresh process
            send(_limit_answer("memory", f"the code used more than {int(config['heap']) // 2**20} MB", restart=True))
            out.close()
            os._exit(2)
        except Exception as exc:  # noqa: BLE001 - answered as an engine error
            error = {"phase": "engine", "name": type(exc).__name__, "message": str(exc)[:2000]}
            send(json.dumps({"ok": False, "events": [], "error": error, "cps": None, "logs": []}))
        # After the answer, off the caller's call: clean up once idle if the call grew this process.
        if idle_growth is None or "anon" not in loaded:
            continue
        before = _memory()
        if before.get("anon", 0) <= loaded["anon"] + int(idle_growth) or lines.waiting(idle_seconds):
            continue
        started = time.perf_counter()
        compact()
        after = _memory()
        compactions += 1
        notice = {
            "compactions": compactions,
            "ms": round((time.perf_counter() - started) * 1000, 1),
            "before": before,
            "after": after,
            "retire": after.get("anon", 0) > retire_factor * loaded["anon"],
        }
        send(json.dumps({"idle": notice}))
    out.close()
    os._exit(0)  # mini-racer's threads may hold a normal exit


if __name__ == "__main__":
    main()
