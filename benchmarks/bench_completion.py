"""Completion speed: the engine behind Tab in Strudel cells, warm, over real code.

    python benchmarks/bench_completion.py [--snapshot DIR] [--repeat 3] [--rest]

Cases: every doc.json example, cut at each place a name is being typed (the start of each
word, one to all of its letters typed), plus the widest requests (after a bare dot, an
empty ``s("``, one letter). Prints p50 / p99 / max per request of the engine and of the
IPython matcher around it; with ``--rest``, also the ``complete`` route of a real Jupyter
server, one keep-alive client sending the cases in turn (what an editor does). Nothing is
asserted (speed is measured here, not in tests).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WIDEST = ['s("bd").', 's("', 's("b', 's("bd").bank("', "s", 'note("c").r', 'n("0").scale("C:']


def _cases(examples: list[str], limit: int) -> list[tuple[str, int]]:
    cases: list[tuple[str, int]] = []
    for code in examples:
        for word in re.finditer(r"[A-Za-z_][\w]*", code):
            for end in range(word.start() + 1, word.end() + 1):
                cases.append((code, end))
    step = max(1, len(cases) // limit)
    return cases[::step] + [(code, len(code)) for code in WIDEST]


def _percentiles(times: list[float]) -> str:
    times = sorted(times)
    p50 = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return f"p50 {p50:.3f} ms, p99 {p99:.3f} ms, max {times[-1]:.2f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--snapshot", default=os.environ.get("STRUDEL_SNAPSHOT", str(ROOT.parent / "shared" / "strudel-snapshot"))
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--rest", action="store_true", help="also time POST complete through a real server")
    args = parser.parse_args(argv)

    from IPython.core.completer import CompletionContext

    from strudel_jupyter import StrudelIndex
    from strudel_jupyter.jupyter.completer import strudel_matches
    from strudel_jupyter.lookup.completion import complete

    index = StrudelIndex.from_path(args.snapshot)
    examples = [e for d in index.snapshot.docs for e in d.get("examples") or []]
    cases = _cases(examples, args.cases)

    started = time.perf_counter()
    for code, cursor in cases:  # cold pass: name tables and scope sets are built on first use
        complete(code, cursor, index=index)
    print(f"{len(cases)} completion requests, first (cold) pass: {(time.perf_counter() - started) * 1000:.0f} ms")

    engine: list[float] = []
    engine_cpu: list[float] = []  # this thread's CPU time: what the code costs, whatever else runs
    items = 0
    for _ in range(args.repeat):
        for code, cursor in cases:
            t0, c0 = time.perf_counter(), time.thread_time()
            items += len(complete(code, cursor, index=index).items)
            engine_cpu.append((time.thread_time() - c0) * 1000)
            engine.append((time.perf_counter() - t0) * 1000)
    print(f"engine, warm: {_percentiles(engine)} ({items // args.repeat} items per pass)")
    print(f"engine, warm, CPU time: {_percentiles(engine_cpu)}")

    widest: list[float] = []
    for _ in range(args.repeat * 20):
        for code in WIDEST:
            t0 = time.perf_counter()
            complete(code, index=index)
            widest.append((time.perf_counter() - t0) * 1000)
    print(f"widest requests ({', '.join(WIDEST)}): {_percentiles(widest)}")

    matcher: list[float] = []
    for _ in range(args.repeat):
        for code, cursor in cases:
            cell = "%%strudel\n" + code
            before = cell[: cursor + len("%%strudel\n")]
            line = before.count("\n")
            column = len(before) - (before.rfind("\n") + 1)
            context = CompletionContext(token="", full_text=cell, cursor_position=column, cursor_line=line, limit=50)
            t0 = time.perf_counter()
            strudel_matches(context, index=index)
            matcher.append((time.perf_counter() - t0) * 1000)
    print(f"IPython matcher (%%strudel cell), warm: {_percentiles(matcher)}")
    if args.rest:
        _bench_rest(Path(args.snapshot), cases[:: max(1, len(cases) // 1000)])
    return 0


def _bench_rest(snapshot: Path, cases: list[tuple[str, int]]) -> None:
    import http.client
    import json
    import tempfile

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_rest import start_server

    with tempfile.TemporaryDirectory() as workdir:
        process, base, token = start_server(snapshot, Path(workdir))
        try:
            connection = http.client.HTTPConnection(base.removeprefix("http://"), timeout=10)
            headers = {"Authorization": f"token {token}", "Content-Type": "application/json"}
            times: list[float] = []
            for warm in (True, False):
                for code, cursor in cases:
                    body = json.dumps({"code": code, "cursor": cursor})
                    t0 = time.perf_counter()
                    connection.request("POST", "/strudel-jupyter/complete", body=body, headers=headers)
                    reply = connection.getresponse()
                    reply.read()
                    if not warm:
                        times.append((time.perf_counter() - t0) * 1000)
                    if reply.status != 200:
                        raise SystemExit(f"complete answered {reply.status}")
            print(f"REST POST complete, one client, warm ({len(times)} requests): {_percentiles(times)}")
        finally:
            process.terminate()
            process.wait(timeout=20)


if __name__ == "__main__":
    raise SystemExit(main())
