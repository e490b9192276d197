"""The MCP server stays responsive: slow calls run off the event loop, under a deadline."""

from __future__ import annotations

import threading
import time

import anyio
from mcp import Client

from strudel_jupyter import get_index
from strudel_jupyter.agent import make_registry
from strudel_jupyter.agent.mcp_server import build_server

OBJECT = {"type": "object", "properties": {}, "additionalProperties": False}


def _registry_with_a_slow_tool(seconds: float, release: threading.Event | None = None):
    registry = make_registry(index=get_index())

    def slow_tool() -> dict:
        """Takes its time (a stand-in for a worst-case input)."""
        if release is not None:
            release.wait(seconds)
        else:
            time.sleep(seconds)
        return {"slept": seconds}

    registry.register("slow_tool", slow_tool, OBJECT, "test")
    return registry


def test_a_fast_call_is_answered_while_a_slow_one_runs():
    """Given a slow call in flight, when a fast call is sent after it, the fast answer comes first."""
    registry = _registry_with_a_slow_tool(1.5)
    finished: list[str] = []

    async def main():
        with anyio.fail_after(30):
            async with Client(build_server(registry)) as client:

                async def call(label: str, name: str, arguments: dict) -> None:
                    result = await client.call_tool(name, arguments)
                    assert not result.is_error, result
                    finished.append(label)

                async with anyio.create_task_group() as group:
                    group.start_soon(call, "slow", "slow_tool", {})
                    await anyio.sleep(0.2)  # the slow call is running
                    started = time.perf_counter()
                    group.start_soon(call, "fast", "strudel_knowledge", {"query": "room"})
                    while "fast" not in finished:
                        await anyio.sleep(0.01)
                    assert time.perf_counter() - started < 1.0

    anyio.run(main)
    assert finished == ["fast", "slow"]


def test_a_call_past_its_deadline_is_an_error_result_and_the_server_goes_on():
    """Given a 0.3 s deadline, when a call runs longer, it answers a timeout error, not a dead pipe."""
    release = threading.Event()
    registry = _registry_with_a_slow_tool(30, release)

    async def main():
        with anyio.fail_after(30):
            async with Client(build_server(registry, deadline=0.3)) as client:
                started = time.perf_counter()
                late = await client.call_tool("slow_tool", {})
                elapsed = time.perf_counter() - started
                after = await client.call_tool("strudel_knowledge", {"query": "what does room do"})
                release.set()
                return late, elapsed, after

    late, elapsed, after = anyio.run(main)
    assert late.is_error
    assert late.structured_content["error_type"] == "timeout"
    assert late.structured_content["tool"] == "slow_tool"
    assert "0.3 s deadline" in late.structured_content["error"]
    assert elapsed < 2.0
    assert not after.is_error and after.structured_content["result"]["ok"] is True
