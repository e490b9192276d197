"""Agent tools: validator speed over every doc.json example, registry overhead, MCP start-up.

    python benchmarks/bench_agent.py [--snapshot DIR] [--repeat 5]

Prints one line per figure; nothing is asserted (speed is measured here, not in tests).
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--snapshot", default=os.environ.get("STRUDEL_SNAPSHOT", str(ROOT.parent / "shared" / "strudel-snapshot"))
    )
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)

    from strudel_jupyter import StrudelIndex
    from strudel_jupyter.agent import make_registry
    from strudel_jupyter.validator.validation import validate_code

    index = StrudelIndex.from_path(args.snapshot)
    examples = [e for d in index.snapshot.docs for e in d.get("examples") or []]

    started = time.perf_counter()
    validate_code('s("bd").fast(2)', index=index)  # builds the validator's scope and the parser
    print(f"first validation (scope + parser set-up): {(time.perf_counter() - started) * 1000:.1f} ms")

    started = time.perf_counter()
    for code in examples:  # cold pass: suggestion tables and caches are built on first use
        validate_code(code, index=index)
    print(f"first pass over the examples (cold): {(time.perf_counter() - started) * 1000:.0f} ms")

    totals, per_example = [], []
    errors = 0
    for _ in range(args.repeat):
        started = time.perf_counter()
        for code in examples:
            t0 = time.perf_counter()
            report = validate_code(code, index=index)
            per_example.append((time.perf_counter() - t0) * 1000)
            errors += report.errors
        totals.append(time.perf_counter() - started)
    per_example.sort()
    p95 = per_example[int(len(per_example) * 0.95)]
    print(
        f"validate all {len(examples)} doc.json examples: median {statistics.median(totals) * 1000:.0f} ms "
        f"per pass ({args.repeat} passes); per example median {statistics.median(per_example):.2f} ms, "
        f"p95 {p95:.2f} ms, max {per_example[-1]:.2f} ms; errors found: {errors}"
    )

    big = "\n".join(examples)
    started = time.perf_counter()
    report = validate_code(big, index=index)
    print(
        f"one {len(big):,}-character file (all examples joined): {(time.perf_counter() - started) * 1000:.0f} ms, "
        f"{len(report.findings)} findings"
    )

    registry = make_registry(index=index, log_size=10_000)
    call = {"name": "strudel_validate", "arguments": json.dumps({"code": 's("bd sd").fast(2)'})}
    direct, wrapped = [], []
    for _ in range(200):
        t0 = time.perf_counter()
        validate_code('s("bd sd").fast(2)', index=index)
        direct.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        registry.execute(call)
        wrapped.append(time.perf_counter() - t0)
    overhead = (statistics.median(wrapped) - statistics.median(direct)) * 1e6
    print(f"registry.execute overhead (JSON parse, schema check, envelope, log): {overhead:.0f} us per call")
    started = time.perf_counter()
    registry.log.frame()
    print(f"call log as a DataFrame ({len(registry.log)} rows): {(time.perf_counter() - started) * 1000:.1f} ms")

    env = {**os.environ, "STRUDEL_SNAPSHOT": args.snapshot, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "strudel_jupyter", "mcp", "--list-tools"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    print(
        f"strudel-jupyter mcp --list-tools (process start, index load): {time.perf_counter() - started:.2f} s "
        f"(exit {done.returncode})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
