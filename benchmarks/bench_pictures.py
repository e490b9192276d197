"""Pictures and summaries of what a pattern plays: drawing time and size, then every doc.json example.

    python benchmarks/bench_pictures.py [--snapshot DIR] [--repeat 20] [--no-engine]

Drawing (``events_svg``, ``summarize_events``) is timed on events frames made here, from a
drum bar to past the picture's caps. With the engine (the default), every doc.json example is
drawn as the ``%%strudel`` output and the details draw it: ``picture_of`` (engine + drawing,
first call) and again (the cache). Prints one line per figure; nothing is asserted.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def frame_of(per_cycle: int, sounds: int, cycles: int):
    """``sounds`` sounds, each hit ``per_cycle`` times a cycle, over ``cycles`` cycles (the engine's columns)."""
    import pandas as pd

    rows = []
    step = Fraction(1, per_cycle)
    for c in range(cycles):
        for k in range(sounds):
            for i in range(per_cycle):
                b = c + i * step
                rows.append(
                    {
                        "cycle": math.floor(b),
                        "begin": float(b),
                        "end": float(b + step),
                        "duration": float(step),
                        "begin_fraction": b,
                        "end_fraction": b + step,
                        "s": f"sound{k}",
                        "note": 36 + (i * 7 + k) % 48 if k % 2 else None,
                        "gain": 0.5 + (i % 4) / 8,
                    }
                )
    return pd.DataFrame(rows).sort_values("begin", kind="stable").reset_index(drop=True)


def timed(fn, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--snapshot", default=os.environ.get("STRUDEL_SNAPSHOT", str(ROOT.parent / "shared" / "strudel-snapshot"))
    )
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--no-engine", action="store_true", help="time the drawing only")
    args = parser.parse_args(argv)

    from strudel_jupyter.render.events_text import summarize_events
    from strudel_jupyter.render.picture import events_svg

    for label, (per_cycle, sounds, cycles) in {
        "a drum bar (12 events)": (4, 3, 1),
        "4 cycles of 8 sounds x 8 (256 events)": (8, 8, 4),
        "16 cycles of 40 sounds x 16 (10,240 events: past the caps)": (16, 40, 16),
    }.items():
        frame = frame_of(per_cycle, sounds, cycles)
        svg = events_svg(frame, begin=0, cycles=cycles)
        draw = timed(lambda f=frame, c=cycles: events_svg(f, begin=0, cycles=c), args.repeat)
        summary = timed(lambda f=frame, c=cycles: summarize_events(f, begin=0, cycles=c), args.repeat)
        print(
            f"{label}: picture {draw[0]:.2f} ms median / {draw[1]:.2f} ms p99, {len(svg.encode()):,} bytes; "
            f"summary {summary[0]:.2f} / {summary[1]:.2f} ms"
        )
    if args.no_engine:
        return 0

    from strudel_jupyter import StrudelIndex
    from strudel_jupyter.engine.pictures import picture_of

    os.environ.setdefault("STRUDEL_SNAPSHOT", args.snapshot)
    index = StrudelIndex.from_path(args.snapshot)
    examples = list(dict.fromkeys(e for d in index.snapshot.docs for e in d.get("examples") or []))
    started = time.perf_counter()
    picture_of('s("bd")')
    print(f"first picture (engine start included): {(time.perf_counter() - started) * 1000:.0f} ms")
    cold, sizes, drawn = [], [], 0
    for example in examples:
        started = time.perf_counter()
        svg = picture_of(example)
        cold.append((time.perf_counter() - started) * 1000)
        if svg:
            drawn += 1
            sizes.append(len(svg.encode()))
    cold.sort()
    warm = timed(lambda: [picture_of(e) for e in examples[:100]], 3)
    print(
        f"doc.json examples: {drawn} of {len(examples)} drawn; first call p50 {statistics.median(cold):.1f} ms, "
        f"p99 {cold[int(len(cold) * 0.99)]:.1f} ms, max {cold[-1]:.0f} ms; cached: {warm[0] / 100 * 1000:.1f} us each"
    )
    if sizes:
        sizes.sort()
        print(f"picture size: median {statistics.median(sizes) / 1000:.1f} KB, max {sizes[-1] / 1000:.1f} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
