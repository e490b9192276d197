"""How often the validator's verdict agrees with Strudel's own engine, on snippets it was not tuned on.

The issue's judge is a hidden set of 1,451 snippets labelled by Strudel's engine. This is
the same measure on snippets anyone can rebuild from the snapshot: every doc.json example,
every example of the tutorial pages, and seeded mistakes made from them (a method misspelt,
a closing bracket dropped, a global misspelt, an unknown scale name, an unknown sound, a
user function that throws, an undefined variable, a top-level ``return``, a curried global
used as a pattern, mini-notation in single quotes). Code that starts hydra is left out: its
visuals run only in a browser, so the engine here cannot label it. Each snippet's *label* is the engine's alone: the REPL shows an
error when evaluating throws, or when querying its first cycles throws and nothing plays.
The validator's *verdict* is its ``ok``. A disagreement is a false alarm (the validator says
error, the engine plays) or a miss (the engine throws, the validator says ok); both are
listed, for the static checks alone (``run=False``) and for the validator that runs the code.

    python benchmarks/bench_agreement.py [--snapshot DIR] [--mutations N] [--seed S] [--show K]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from pathlib import Path

from strudel_jupyter.data.index import get_index
from strudel_jupyter.engine import StrudelLimitError, run_code
from strudel_jupyter.limits import VALIDATE_CYCLES
from strudel_jupyter.validator.validation import strudel_validate

_METHOD = re.compile(r"\.([a-zA-Z]{3,})\(")
_GLOBAL = re.compile(r"(?<![\w.$])([a-z][a-zA-Z]{2,})\(")
_NOTE_CALL = re.compile(r"\b(note|n)\(")


def _swap(word: str, rng: random.Random) -> str:
    i = rng.randrange(len(word) - 1)
    return word[:i] + word[i + 1] + word[i] + word[i + 2 :]


def mutations(code: str, rng: random.Random) -> list[tuple[str, str]]:
    """Mistakes people make, each applied once to ``code`` where it fits: (kind, mutated code)."""
    out: list[tuple[str, str]] = []
    methods = _METHOD.findall(code)
    if methods:
        name = rng.choice(methods)
        typo = _swap(name, rng)
        if typo != name:
            out.append(("method typo", code.replace(f".{name}(", f".{typo}(", 1)))
    globals_ = _GLOBAL.findall(code)
    if globals_:
        name = rng.choice(globals_)
        typo = _swap(name, rng)
        if typo != name:
            out.append(("global typo", re.sub(rf"(?<![\w.$]){name}\(", f"{typo}(", code, count=1)))
    if code.rstrip().endswith(")"):
        out.append(("bracket dropped", code.rstrip()[:-1]))
    if _NOTE_CALL.search(code) and ".scale(" not in code:
        out.append(("unknown scale", code.rstrip().rstrip(";") + '.scale("C:hyperlydian")'))
    if 's("' in code:
        out.append(("unknown sound", code.replace('s("', 's("zzkick ', 1)))
    if code.count("\n") == 0:
        out.append(("undefined variable", code.rstrip().rstrip(";") + ".gain(volume)"))
        out.append(("top-level return", "return " + code))
        out.append(("curried global in a stack", f"stack({code.rstrip().rstrip(';')}, fast(2))"))
        out.append(("single-quoted mini-notation", code.replace('"', "'")))
    if code.count("\n") == 0 and "=>" not in code:
        out.append(("throwing function", code.rstrip().rstrip(";") + ".sometimesBy(0.5, x => x.add(undefinedThing))"))
    return out


def engine_label(code: str) -> str:
    """``error`` when the REPL would show one (evaluating throws, or the query throws and nothing plays)."""
    run = run_code(code, begin=0, end=VALIDATE_CYCLES)
    if isinstance(run.error, StrudelLimitError):
        return "limit"
    if run.error is None:
        return "ok"
    if run.error.phase == "query" and run.events:
        return "ok"  # the REPL logs it and plays the cycles that work
    return "error"


def snippets(snapshot: Path | None, n_mutations: int, seed: int) -> list[tuple[str, str]]:
    index = get_index(snapshot)
    doc = json.loads((index.snapshot.path / "doc.json").read_text(encoding="utf-8"))
    base = [("doc example", code) for d in doc["docs"] for code in d.get("examples") or []]
    base += [("page example", code) for p in index.passages.passages for code in p.examples]
    # hydra's visuals run only in a browser: the engine here cannot label such code
    base = [(kind, code) for kind, code in base if "initHydra" not in code]
    rng = random.Random(seed)
    mutated = [m for _, code in base for m in mutations(code, rng)]
    rng.shuffle(mutated)
    return base + mutated[:n_mutations]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--snapshot", type=Path, default=None)
    parser.add_argument("--mutations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=10, help="disagreements to print per kind")
    args = parser.parse_args()
    cases = snippets(args.snapshot, args.mutations, args.seed)
    started = time.perf_counter()
    tally: dict[str, dict[str, list[tuple[str, str]]]] = {"static": {}, "running": {}}
    labels = {"ok": 0, "error": 0, "limit": 0}
    for kind, code in cases:
        label = engine_label(code)
        labels[label] += 1
        if label == "limit":
            continue
        for mode, run in (("static", False), ("running", True)):
            verdict = "ok" if strudel_validate(code, run=run)["ok"] else "error"
            if verdict != label:
                what = "false alarm" if verdict == "error" else "miss"
                tally[mode].setdefault(what, []).append((kind, code))
    print(f"{len(cases)} snippets in {time.perf_counter() - started:.0f} s; engine labels: {labels}")
    for mode, found in tally.items():
        total = sum(len(v) for v in found.values())
        parts = ", ".join(f"{len(v)} {k}s" for k, v in sorted(found.items())) or "none"
        print(f"{mode}: {total} disagreements ({parts})")
        for what, items in sorted(found.items()):
            kinds: dict[str, int] = {}
            for kind, _ in items:
                kinds[kind] = kinds.get(kind, 0) + 1
            print(f"  {what}s by snippet kind: {kinds}")
            for kind, code in items[: args.show]:
                print(f"  {what} [{kind}]: {code[:160]!r}")
    sys.exit(0)


if __name__ == "__main__":
    main()
