"""The engine process: one V8 context (mini-racer) running Strudel's engine, answering on a pipe.

Run by :mod:`strudel_jupyter.engine.process` as ``python worker.py``; never imported by the
package. Standard library and ``py_mini_racer`` only, so it starts fast.

Why a process of its own: V8 code that a promise resumes (``await``, ``.then``) runs after
the call that started it has returned, outside mini-racer's time limit, and a loop there
can neither be stopped nor survived in the caller's process. Here the parent ends this
process instead. A call that hits V8's heap limit is answered, then this process exits, so
the next call gets a fresh context.

Protocol: one JSON object per line. The first line from the parent configures
(``engine``, ``harness``, ``symbols`` paths, ``heap`` bytes, ``seconds``); this process
answers ``{"ready": true, ...}`` or ``{"ready": false, "error": ...}``. Then each request
``{"code", "begin", "end", "maxEvents"}`` gets one answer line (the harness's JSON).
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

#: V8's flags: mini-racer's own. Lite mode (no optimizing compiler) was measured too: the
#: process holds about 100 MB instead of 105 MB loaded (180 MB after playing every doc example),
#: but calls take three times as long (p50 10.5 ms instead of 3.2 ms): not worth it.
V8_FLAGS = ("--single-threaded",)


def _limit_answer(limit: str, message: str, *, restart: bool = False) -> str:
    """A limit's answer; ``restart``: this process ends after it, the parent starts a fresh one."""
    error = {"phase": "limit", "name": "LimitError", "limit": limit, "message": message}
    return json.dumps({"ok": False, "events": [], "error": error, "cps": None, "logs": [], "restart": restart})


def main() -> None:
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    sys.stdout = sys.stderr  # nothing but answers on the protocol pipe

    def send(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    config = json.loads(sys.stdin.readline() or "{}")
    started = time.perf_counter()
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
    send(
        json.dumps(
            {"ready": True, "start_ms": round((time.perf_counter() - started) * 1000, 1), "stand_ins": stand_ins}
        )
    )
    seconds = float(config["seconds"])

    for line in sys.stdin:
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
    out.close()
    os._exit(0)  # mini-racer's threads may hold a normal exit


if __name__ == "__main__":
    main()
