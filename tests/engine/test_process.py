"""The engine process: started on first use, shared by threads one call at a time, clear when missing.

Given several threads asking at once, when they call, then each gets its own code's events.
Given a snapshot without the engine script, when a call needs it, then the error names the
missing file and how to get one.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from strudel_jupyter.data.snapshot import SnapshotError, engine_script_path
from strudel_jupyter.engine import EngineProcess, EngineUnavailableError, run_code


def test_calls_from_several_threads_each_get_their_own_events(process):
    codes = [f's("bd*{n}")' for n in range(1, 9)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        runs = list(pool.map(lambda code: run_code(code, process=process), codes))
    assert [len(run.events) for run in runs] == list(range(1, 9))


def test_an_engine_is_started_by_its_first_call_only(shared_snapshot_dir):
    fresh = EngineProcess(shared_snapshot_dir)
    try:
        assert not fresh.running and fresh.starts == 0
        assert len(run_code('s("bd")', process=fresh).events) == 1
        assert fresh.running and fresh.starts == 1
        assert fresh.start_ms is not None and fresh.start_ms > 0
    finally:
        fresh.close()
    assert not fresh.running


def test_a_snapshot_without_the_engine_script_says_what_is_missing(tmp_path):
    (tmp_path / "doc.json").write_text("{}")
    with pytest.raises(SnapshotError) as caught:
        engine_script_path(tmp_path)
    assert "engine/strudel-engine.js" in str(caught.value) and "snapshot build" in str(caught.value)
    with pytest.raises(EngineUnavailableError) as unavailable:
        run_code('s("bd")', process=EngineProcess(tmp_path))
    assert "strudel-engine.js" in str(unavailable.value)
