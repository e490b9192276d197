"""A small, seeded slice of ``benchmarks/fuzz.py`` on every surface: nothing raises, nothing hangs.

The same code as the full run (``python benchmarks/fuzz.py --cases 100000``), a few hundred
cases per surface, each in a worker process with a hard per-case timeout. Speed is not
asserted here (CI machines vary) except for the known validator worst case, which has a
budget of its own.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load_fuzz():
    name = "fuzz"  # the worker processes import it by this name (benchmarks/ is put on sys.path)
    if name in sys.modules and getattr(sys.modules[name], "__file__", "") == str(ROOT / "benchmarks" / "fuzz.py"):
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


fuzz = _load_fuzz()

SEED = 20240501
SLICE = {
    "validate": 300,
    "engine": 100,
    "knowledge": 300,
    "tools": 300,
    "magic": 200,
    "sounds": 100,
    "mcp": 100,
    "rest": 300,
}
TIMEOUT_S = 15.0  # a hang, with room for a loaded CI machine; the 250 ms budget is the full run's business
pytestmark = pytest.mark.slow


def _run(tmp_path: Path, snapshot: Path, surface: str, cases: int, **options) -> dict:
    options = {"timeout": TIMEOUT_S, "max_hangs": 2, **options}
    settings = fuzz.Settings(
        surfaces=[surface], cases=cases, seed=SEED, out=tmp_path, snapshot=str(snapshot), progress=False, **options
    )
    return fuzz.run(settings)["surfaces"][surface]


def _problems(row: dict, statuses: tuple[str, ...]) -> str:
    lines = [
        f"case {p['case']} [{p['kind']}{' ' + p['about'] if p.get('about') else ''}] {p['status']}: {p['message']}"
        for p in row["problems"]
        if p["status"] in statuses
    ]
    return "\n".join(lines[:20])


def test_every_surface_is_covered():
    assert set(SLICE) == set(fuzz.SURFACES)


@pytest.mark.parametrize("surface", sorted(SLICE))
def test_slice_never_raises_or_hangs(surface, tmp_path, shared_snapshot_dir):
    row = _run(tmp_path, shared_snapshot_dir, surface, SLICE[surface])
    assert row["cases"] == SLICE[surface]
    assert row["harness"] == 0, _problems(row, ("harness",))  # the fuzzer's own checks must work
    assert row["raises"] + row["crashes"] == 0, _problems(row, ("raise", "crash"))
    assert row["hangs"] == 0, _problems(row, ("hang",))
    assert row["unsafe"] == 0, _problems(row, ("unsafe",))


def test_slice_is_reproducible(tmp_path, shared_snapshot_dir):
    """Case N of a seed is the same input on every run (so a saved repro command works)."""
    vocab = fuzz.fuzzgen.load_vocab(shared_snapshot_dir)
    for surface in fuzz.SURFACES:
        for case in (0, 7, 123):
            first = fuzz.fuzzgen.generate(surface, SEED, case, vocab)
            again = fuzz.fuzzgen.generate(surface, SEED, case, vocab)
            assert fuzz.fuzzgen.to_jsonable(first) == fuzz.fuzzgen.to_jsonable(again)


def test_a_hang_is_reported_and_the_run_goes_on(tmp_path, shared_snapshot_dir):
    """The watchdog: a case that never returns is killed, saved, and the next cases still run."""
    row = _run(tmp_path, shared_snapshot_dir, "rest", 3, kinds=["tags"], hang_cases=[1], timeout=2.0)
    assert row["cases"] == 3 and row["hangs"] == 1 and row["ok"] == 2
    saved = tmp_path / "rest-raise-0.json"
    assert saved.exists() and '"status": "hang"' in saved.read_text()


def test_validator_worst_case_texts_stay_within_budget(tmp_path, shared_snapshot_dir):
    """1-3k characters of a(){}[]`$"'/\\*, newline, = and >: one took 112 s before the fix.

    ``known-worst-N`` are inputs the fuzzer found that never finish (17 characters are
    enough); ``worst-case`` is a seeded slice of the generated class.
    """
    rows = [
        _run(tmp_path / f"known{n}", shared_snapshot_dir, "validate", 1, kinds=[f"known-worst-{n}"], timeout=5.0)
        for n in range(len(fuzz.fuzzgen.KNOWN_WORST))
    ]
    rows.append(_run(tmp_path / "generated", shared_snapshot_dir, "validate", 60, kinds=["worst-case"]))
    for row in rows:
        assert row["hangs"] == 0, _problems(row, ("hang",))
        # 250 ms of the worker's CPU time: other work on a loaded machine cannot inflate it
        assert row["slow_cpu"] == 0, row["slow_cases"][:5]


def test_replay_runs_again_exactly_the_slow_cases_of_a_report(tmp_path, shared_snapshot_dir):
    # Given a run where every call counts as slow (a 0 ms threshold)
    first = tmp_path / "first"
    first.mkdir()
    assert fuzz.main(
        [
            "--surface",
            "knowledge",
            "--cases",
            "5",
            "--start",
            "40",
            "--slow-ms",
            "0",
            "--out",
            str(first),
            "--snapshot",
            str(shared_snapshot_dir),
            "--quiet",
        ]
    ) in (0, 1)
    listed = [c["case"] for c in json.loads((first / "report.json").read_text())["surfaces"]["knowledge"]["slow_cases"]]
    assert listed == [40, 41, 42, 43, 44]
    # When its report is replayed
    again = tmp_path / "again"
    again.mkdir()
    fuzz.main(
        [
            "--replay",
            str(first / "report.json"),
            "--slow-ms",
            "0",
            "--out",
            str(again),
            "--snapshot",
            str(shared_snapshot_dir),
            "--quiet",
        ]
    )
    # Then the same cases ran, one each, and nothing else
    row = json.loads((again / "report.json").read_text())["surfaces"]["knowledge"]
    assert row["cases"] == 5 and sorted(c["case"] for c in row["slow_cases"]) == listed
