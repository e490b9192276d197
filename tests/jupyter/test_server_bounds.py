"""Jupyter Server never waits on us: lookups run in a bounded pool, off the event loop.

A real Jupyter server (pytest-jupyter) with the extension enabled. The slow lookup is a
stand-in that burns CPU in Python for a while, as a worst-case input does (holding the GIL
between bytecodes, the hard case for a thread pool); the real worst-case inputs are bounded
by the validator's own limits (tests/validator).
"""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from strudel_jupyter.jupyter.rest import routes as server
from strudel_jupyter.jupyter.rest.routes import POOL_SETTING, WorkerPool

pytest_plugins = ["pytest_jupyter.jupyter_server"]


@pytest.fixture
def jp_server_config():
    return {"ServerApp": {"jpserver_extensions": {"strudel_jupyter": True}}}


def _burn(seconds: float) -> None:
    end = time.perf_counter() + seconds
    total = 0
    while time.perf_counter() < end:
        total += sum(range(200))


@pytest.fixture
def slow_knowledge(monkeypatch):
    """Knowledge requests whose q starts with 'slow' take ~1.5 s of CPU in a worker."""
    real = server.knowledge_payload

    def payload(index, request):
        if request["q"].startswith("slow"):
            _burn(1.5)
        return real(index, request)

    monkeypatch.setattr(server, "knowledge_payload", payload)


async def _timed(fetch, *parts, **kwargs):
    started = time.perf_counter()
    response = await fetch(*parts, raise_error=False, **kwargs)
    return response, (time.perf_counter() - started) * 1000


async def test_status_and_lookups_answer_promptly_while_a_slow_lookup_runs(jp_fetch, slow_knowledge):
    """Given a slow lookup in flight, /api/status and knowledge?q=room answer within 100 ms."""
    await jp_fetch("strudel-jupyter", "knowledge", params={"q": "warm up"}, raise_error=False)  # index loaded
    slow = asyncio.ensure_future(jp_fetch("strudel-jupyter", "knowledge", params={"q": "slow one"}, raise_error=False))
    await asyncio.sleep(0.2)  # the slow lookup is running in a worker
    status, status_ms = await _timed(jp_fetch, "api", "status")
    room, room_ms = await _timed(jp_fetch, "strudel-jupyter", "knowledge", params={"q": "room"})
    assert not slow.done()
    assert status.code == 200 and status_ms < 100, status_ms
    assert room.code == 200 and json.loads(room.body)["items"][0]["name"] == "room"
    assert room_ms < 100, room_ms
    assert (await slow).code == 200


async def test_a_burst_beyond_the_pool_gets_503_with_retry_after_not_timeouts(jp_fetch, jp_web_app, slow_knowledge):
    """Given a pool of 1 worker and 1 waiting slot, 6 slow requests at once: 2 answered, 4 refused at once."""
    await jp_fetch("strudel-jupyter", "knowledge", params={"q": "warm up"}, raise_error=False)
    jp_web_app.settings[POOL_SETTING] = WorkerPool(workers=1, queue=1, deadline=10)
    started = time.perf_counter()
    burst = [
        asyncio.ensure_future(_timed(jp_fetch, "strudel-jupyter", "knowledge", params={"q": f"slow {i}"}))
        for i in range(6)
    ]
    results = await asyncio.gather(*burst)
    codes = sorted(r.code for r, _ in results)
    assert codes == [200, 200, 503, 503, 503, 503]
    for response, ms in results:
        if response.code == 503:
            body = json.loads(response.body)
            assert body["code"] == "busy" and response.headers["Retry-After"] == "1"
            assert ms < 500, ms  # refused at once, not after waiting
    assert time.perf_counter() - started < 8  # two slow lookups one after the other, no timeouts


async def test_a_lookup_past_the_deadline_answers_504_and_the_server_goes_on(jp_fetch, jp_web_app, slow_knowledge):
    """Given a 0.3 s deadline, a 1.5 s lookup answers 504 timeout; the next request is answered."""
    await jp_fetch("strudel-jupyter", "knowledge", params={"q": "warm up"}, raise_error=False)
    jp_web_app.settings[POOL_SETTING] = WorkerPool(workers=2, queue=2, deadline=0.3)
    late, ms = await _timed(jp_fetch, "strudel-jupyter", "knowledge", params={"q": "slow late"})
    assert late.code == 504 and json.loads(late.body)["code"] == "timeout"
    assert ms < 1000, ms
    after = await jp_fetch("strudel-jupyter", "knowledge", params={"q": "what does fast do"}, raise_error=False)
    assert after.code == 200


def test_the_pool_releases_a_slot_only_when_its_worker_ends():
    """A timed-out request keeps its slot until its thread finishes, so threads never pile up."""
    pool = WorkerPool(workers=1, queue=0, deadline=0.05)

    async def main():
        with pytest.raises(server.ApiError) as late:
            await pool.run(lambda: _burn(0.4))
        assert late.value.code == "timeout"
        assert pool.admitted == 1  # the worker still runs
        with pytest.raises(server.ApiError) as busy:
            await pool.run(lambda: None)
        assert busy.value.code == "busy"
        for _ in range(500):  # the worker ends ~0.4 s later; a busy machine may take longer
            if pool.admitted == 0:
                break
            await asyncio.sleep(0.01)
        assert pool.admitted == 0
        assert await pool.run(lambda: 42) == 42

    asyncio.run(main())
    pool.shutdown()
