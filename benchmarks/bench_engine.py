"""Benchmark Strudel's engine in V8: start, events of doc examples, memory, and what never starts it.

    python benchmarks/bench_engine.py [--snapshot DIR] [--repeat N] [--json FILE]

Targets (2-core machine): engine start <= 300 ms; events for 4 cycles of a doc example
p50 <= 5 ms, p99 <= 20 ms; memory with the engine loaded <= +60 MB; importing the package
and a first knowledge answer start no engine.

The engine runs in a process of its own (see ``strudel_jupyter/engine/process.py``), so
its start is reported twice: inside that process (V8 context, Strudel's script, the REPL's
scope: what the target is about) and as the caller waits for it (plus starting Python).
Memory: the caller's RSS growth, and the engine process's memory split the way the kernel
counts it: RSS = anonymous (private to it: V8's heap, Python, malloc) + file-backed (pages of
libmini_racer.so and libpython: shared page cache, reclaimable); USS (pages only it maps) and
PSS (shared pages divided among the processes that map them) from /proc/PID/smaps_rollup.
Each loaded, right after every doc example, and after the engine's idle cleanup. "Memory
with the engine loaded" is the caller's growth plus the engine process's memory: the target
is met by a figure only if that sum is <= 60 MB. The load average is printed with the
figures: on a shared machine it says how much of a figure is waiting.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchstats import percentile  # benchmarks/ is the script's own folder on sys.path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DEFAULT_SNAPSHOT = ROOT.parent / "shared" / "strudel-snapshot"


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/statm", encoding="ascii") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def process_memory_mb(pid: int) -> dict[str, float]:
    """A process's resident memory (MB): rss, anon, file (/proc/PID/status); uss, pss (smaps_rollup)."""
    out: dict[str, float] = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile"):
                out[{"VmRSS": "rss", "RssAnon": "anon", "RssFile": "file"}[key]] = int(value.split()[0]) / 1024
    rollup: dict[str, float] = {}
    with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as fh:
        for line in fh:
            parts = line.split()
            if len(parts) >= 2 and parts[1].isdigit():
                rollup[parts[0].rstrip(":")] = int(parts[1]) / 1024
    out["uss"] = rollup.get("Private_Clean", 0.0) + rollup.get("Private_Dirty", 0.0)
    out["pss"] = rollup.get("Pss", 0.0)
    return out


def bench_start(snapshot: Path, repeat: int) -> dict[str, float]:
    from strudel_jupyter.engine import EngineProcess

    inside, waited = [], []
    for _ in range(repeat):
        process = EngineProcess(snapshot)
        t0 = time.perf_counter()
        process.start()
        waited.append((time.perf_counter() - t0) * 1000)
        inside.append(process.start_ms or 0.0)
        process.close()
    return {
        "start_ms_in_engine_p50": statistics.median(inside),
        "start_ms_in_engine_min": min(inside),
        "start_ms_waited_p50": statistics.median(waited),
        "start_ms_waited_min": min(waited),
    }


def bench_events(snapshot: Path, repeat: int) -> dict[str, float]:
    from strudel_jupyter.engine import EngineProcess, run_code

    doc = json.loads((snapshot / "doc.json").read_text(encoding="utf-8"))
    examples = [code for d in doc["docs"] for code in d.get("examples") or []]
    process = EngineProcess(snapshot)
    parent_before = rss_mb(os.getpid())
    process.start()
    assert process.pid is not None
    loaded = process_memory_mb(process.pid)
    run_code(examples[0], begin=0, end=4, process=process)  # what one call faults back in
    first_call = process_memory_mb(process.pid)
    times: list[float] = []
    for _ in range(repeat):
        for code in examples:
            t0 = time.perf_counter()
            run_code(code, begin=0, end=4, process=process)
            times.append((time.perf_counter() - t0) * 1000)
    after = process_memory_mb(process.pid) if process.pid else {}
    parent_after = rss_mb(os.getpid())
    cleanups_during = process.cleanups
    # left idle, the engine cleans up (or is replaced) on its own
    process.wait_for_cleanup(cleanups_during, timeout=10)
    time.sleep(0.5)
    idle = process_memory_mb(process.pid) if process.pid else {}
    restarts = process.starts - 1
    replacements = process.replacements
    cleanup_ms = (process.last_cleanup or {}).get("ms", float("nan"))
    process.close()
    memory: dict[str, float] = {}
    for label, figures in (
        ("loaded", loaded),
        ("after_first_call", first_call),
        ("after_examples", after),
        ("idle_after_examples", idle),
    ):
        for key, value in figures.items():
            memory[f"engine_{key}_mb_{label}"] = value
    growth = parent_after - parent_before
    return {
        "examples": len(examples),
        "calls": len(times),
        "events_4_cycles_ms_p50": percentile(times, 0.5),
        "events_4_cycles_ms_p90": percentile(times, 0.9),
        "events_4_cycles_ms_p99": percentile(times, 0.99),
        "events_4_cycles_ms_max": max(times),
        **memory,
        "caller_rss_growth_mb": growth,
        "with_engine_loaded_mb_caller_plus_engine_uss": growth + loaded.get("uss", float("nan")),
        "with_engine_loaded_mb_caller_plus_engine_rss": growth + loaded.get("rss", float("nan")),
        "with_engine_after_first_call_mb_caller_plus_engine_rss": growth + first_call.get("rss", float("nan")),
        "with_engine_after_examples_idle_mb_caller_plus_engine_uss": growth + idle.get("uss", float("nan")),
        "with_engine_after_examples_idle_mb_caller_plus_engine_rss": growth + idle.get("rss", float("nan")),
        "engine_cleanups_during_examples": cleanups_during,
        "engine_idle_cleanup_ms": cleanup_ms,
        "engine_restarts": restarts,
        "engine_replacements": replacements,
    }


def bench_validate(snapshot: Path) -> dict[str, float]:
    """strudel_validate over every doc example, static only and running the code (the editor's choice)."""
    from strudel_jupyter.data.index import get_index
    from strudel_jupyter.engine import engine
    from strudel_jupyter.validator.validation import strudel_validate

    doc = json.loads((snapshot / "doc.json").read_text(encoding="utf-8"))
    examples = [code for d in doc["docs"] for code in d.get("examples") or []]
    index = get_index(snapshot)
    engine().start()
    out: dict[str, float] = {}
    for run in (False, True):
        times = []
        for code in examples:
            t0 = time.perf_counter()
            strudel_validate(code, index=index, run=run)
            times.append((time.perf_counter() - t0) * 1000)
        label = "validate_run" if run else "validate_static"
        out[f"{label}_ms_p50"] = percentile(times, 0.5)
        out[f"{label}_ms_p99"] = percentile(times, 0.99)
    engine().close()
    return out


def bench_never_started() -> dict[str, bool]:
    script = (
        "import strudel_jupyter\n"
        "from strudel_jupyter.engine import engine_running\n"
        "strudel_jupyter.strudel_knowledge('what does room do')\n"
        "print(engine_running())\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=300)
    return {"engine_running_after_import_and_knowledge": out.stdout.strip() == "True"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--snapshot", type=Path, default=DEFAULT_SNAPSHOT)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    os.environ.setdefault("STRUDEL_SNAPSHOT", str(args.snapshot))
    results: dict[str, object] = {"load_average": os.getloadavg()}
    results.update(bench_start(args.snapshot, args.repeat))
    results.update(bench_events(args.snapshot, args.repeat))
    results.update(bench_validate(args.snapshot))
    results.update(bench_never_started())
    for key, value in results.items():
        print(f"{key:45} {value if not isinstance(value, float) else round(value, 2)}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
