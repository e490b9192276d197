"""Benchmark the sidebar's search in a real JupyterLab: keystroke to repainted list, p50 / p95.

Runs the browser test that types and erases five names in the Reference tab's search box
(``tests/jupyter/test_browser_browse.py``, headless Chromium, one lab server), which records
each keystroke's latency (the keydown's timestamp to the frame after the list changed) in
``artifacts/screenshots/latency.txt``; this script reads them and compares the p95 with the
target. Target: p95 <= 50 ms.

    python benchmarks/bench_browser_search.py [--repeat N]
"""

from __future__ import annotations

import argparse
import ast
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "artifacts" / "screenshots" / "latency.txt"
TEST = "tests/jupyter/test_browser_browse.py::test_every_keystroke_repaints_the_list_and_its_latency_is_recorded"
TARGET_P95_MS = 50.0


def one_run() -> list[float]:
    RECORD.unlink(missing_ok=True)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", TEST], cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode != 0 or not RECORD.is_file():
        sys.exit(f"the browser test failed:\n{done.stdout[-3000:]}{done.stderr[-2000:]}")
    return sorted(float(x) for x in ast.literal_eval(RECORD.read_text().splitlines()[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs of the test (a lab each)")
    args = parser.parse_args()
    for n in range(args.repeat):
        latencies = one_run()
        p95 = latencies[int(0.95 * (len(latencies) - 1))]
        verdict = "met" if p95 <= TARGET_P95_MS else "NOT met"
        print(
            f"run {n + 1}: {len(latencies)} keystrokes, p50 {statistics.median(latencies):.1f} ms, "
            f"p95 {p95:.1f} ms, max {latencies[-1]:.1f} ms (target p95 <= {TARGET_P95_MS:g} ms: {verdict})"
        )


if __name__ == "__main__":
    main()
