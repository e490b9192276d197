"""Benchmark the ipywidgets panel: how long one keystroke or one click takes to update it.

    python benchmarks/bench_panel.py [--snapshot DIR] [--repeat N]

Target: a keystroke in either search box, a tag or category click, updates in well
under 100 ms (p99). Measured in-process with every widget message JSON-encoded, as a
kernel would send it (no browser round trip: that part is the front end's).
Inputs: every reference name and a sample of sound names typed one character at a
time and erased again, clicks on every tag and category under several searches.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

from benchstats import percentile  # benchmarks/ is the script's own folder on sys.path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DEFAULT_SNAPSHOT = ROOT.parent / "shared" / "strudel-snapshot"


def encode_messages() -> dict[str, int]:
    """Make every widget message pay for its JSON encoding, as a kernel's session would."""
    import comm

    sent = {"messages": 0, "bytes": 0}

    class EncodingComm(comm.DummyComm):
        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            sent["messages"] += 1
            sent["bytes"] += len(json.dumps({"data": data, "metadata": metadata}, default=str))

    comm.create_comm = lambda *args, **kwargs: EncodingComm(*args, **kwargs)
    return sent


CPU_MS: list[float] = []  # process CPU time of every timed action, in the same order


def timed(action: Callable[[], object]) -> float:
    """Wall time in ms (CPU time goes to ``CPU_MS``: on a busy machine wall time has outliers)."""
    c0, t0 = time.process_time(), time.perf_counter()
    action()
    wall = (time.perf_counter() - t0) * 1000
    CPU_MS.append((time.process_time() - c0) * 1000)
    return wall


def typing(box, words: list[str]) -> list[float]:
    """Type each word one character at a time, then erase it the same way."""
    times = []
    for word in words:
        for n in [*range(1, len(word) + 1), *range(len(word) - 1, -1, -1)]:
            text = word[:n]
            times.append(timed(lambda text=text: setattr(box, "value", text)))
    return times


def summary(times: list[float]) -> dict[str, float]:
    return {"n": len(times), "p50_ms": percentile(times, 0.5), "p99_ms": percentile(times, 0.99), "max_ms": max(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--snapshot", type=Path, default=DEFAULT_SNAPSHOT)
    parser.add_argument("--repeat", type=int, default=1, help="passes over the inputs")
    parser.add_argument("--sounds", type=int, default=300, help="sound names to type (random sample, seed 1)")
    args = parser.parse_args()
    os.environ["STRUDEL_SNAPSHOT"] = str(args.snapshot)
    sent = encode_messages()

    from strudel_jupyter.data.index import StrudelIndex
    from strudel_jupyter.jupyter.panel import StrudelPanel

    index = StrudelIndex.from_path(args.snapshot)
    t0 = time.perf_counter()
    panel = StrudelPanel(index=index)
    build_ms = (time.perf_counter() - t0) * 1000

    names = [e.name for e in index.reference.entries]
    sounds = random.Random(1).sample(list(index.sounds.names), min(args.sounds, len(index.sounds)))
    misses = ["trancegate", "rooom", "xyzzy", "pianno", "gm_vilin", "tr9099"]
    actions = [
        "reference keystroke",
        "sounds keystroke",
        "no-match keystroke",
        "tag click",
        "category click",
        "show more click",
    ]
    results: dict[str, list[float]] = {action: [] for action in actions}
    for _ in range(args.repeat):
        results["reference keystroke"] += typing(panel.ref_search, names)
        results["sounds keystroke"] += typing(panel.snd_search, sounds)
        # a word that matches nothing is the slow path (fuzzy suggestions)
        for word in misses:
            panel.ref_search.value = panel.snd_search.value = ""
            results["no-match keystroke"].append(timed(lambda w=word: setattr(panel.ref_search, "value", w)))
            results["no-match keystroke"].append(timed(lambda w=word: setattr(panel.snd_search, "value", w)))
        for search in ["", "a", "s", "bd", "gm_", "tr"]:
            panel.ref_search.value = search
            for button in panel.tag_buttons.values():
                results["tag click"].append(timed(button.click))
                results["tag click"].append(timed(button.click))  # again: back to all
            panel.snd_search.value = search
            for button in panel.category_buttons.values():
                results["category click"].append(timed(button.click))
        panel.ref_search.value = panel.snd_search.value = ""
        panel.category_buttons["all"].click()
        for view in (panel.ref_list, panel.snd_list):
            while view.more.layout.display != "none":
                results["show more click"].append(timed(view.more.click))

    print(f"panel build            {build_ms:.1f} ms (index already built)")
    print(f"widget messages        {sent['messages']} sent, {sent['bytes'] / 2**20:.1f} MiB JSON")
    print(f"{'action':22} {'n':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for action, times in results.items():
        s = summary(times)
        print(f"{action:22} {s['n']:>6} {s['p50_ms']:>8.2f} {s['p99_ms']:>8.2f} {s['max_ms']:>8.2f}")
    worst = max(percentile(t, 0.99) for t in results.values())
    cpu = summary(CPU_MS)
    print(f"worst p99              {worst:.2f} ms wall (target: well under 100 ms)")
    print(f"all actions, CPU time  p50 {cpu['p50_ms']:.2f} ms, p99 {cpu['p99_ms']:.2f} ms, max {cpu['max_ms']:.2f} ms")
    print(
        f"machine                {os.cpu_count()} cpus, load average {os.getloadavg()[0]:.1f}, "
        f"python {sys.version.split()[0]}"
    )


if __name__ == "__main__":
    main()
