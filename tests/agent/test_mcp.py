"""``strudel-jupyter mcp``: a real stdio MCP server in a subprocess, driven by the SDK's client."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.server.mcpserver import MCPServer

from strudel_jupyter import get_index
from strudel_jupyter.agent import make_registry, tools
from strudel_jupyter.agent.mcp_server import build_server
from strudel_jupyter.cli import main as cli_main

ROOT = Path(__file__).resolve().parents[2]
CODE = 's("bd sd").fastt(2).bank("tr9090")'


def server_env(shared_snapshot_dir) -> dict[str, str]:
    return {
        "STRUDEL_SNAPSHOT": str(shared_snapshot_dir),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }


def run_client(shared_snapshot_dir, session, args=()):
    """Start ``python -m strudel_jupyter mcp`` and run ``session(client)`` against it."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "strudel_jupyter", "mcp", *args],
        env=server_env(shared_snapshot_dir),
        cwd=ROOT,
    )

    async def main():
        with anyio.fail_after(60):
            async with Client(params) as client:
                return await session(client)

    return anyio.run(main)


@pytest.fixture(scope="module")
def served(shared_snapshot_dir):
    """One real server process: list the tools, call each, then send bad calls."""

    async def session(client):
        async with client.listen(tools_list_changed=True) as changes:
            listed = await client.list_tools()
            knowledge = await client.call_tool("strudel_knowledge", {"query": "what does room do"})
            search = await client.call_tool("search_tools", {"query": "check code"})
            with anyio.fail_after(10):
                event = await changes.__anext__()
        return {
            "capabilities": client.server_capabilities,
            "listed": listed,
            "knowledge": knowledge,
            "search": search,
            "event": type(event).__name__,
            "relisted": await client.list_tools(),
            "validate": await client.call_tool("strudel_validate", {"code": CODE}),
            "missing": await client.call_tool("strudel_knowledge", {"limit": "five"}),
            "wrong_type": await client.call_tool("strudel_validate", {"code": 42, "extra": True}),
            "unknown": await client.call_tool("no_such_tool", {}),
        }

    return run_client(shared_snapshot_dir, session)


@pytest.mark.slow
def test_mcp_server_lists_the_core_then_what_the_session_discovers(served):
    # Given a server that announces list changes
    assert served["capabilities"].tools.list_changed is True
    # Then a new session lists the core tools
    assert [t.name for t in served["listed"].tools] == ["strudel_knowledge", "search_tools"]
    # and after search_tools found strudel_validate, the server said the list changed
    assert served["event"] == "ToolsListChanged"
    # and the next list has it (and strudel_events, which checks code too: what it plays)
    assert [t.name for t in served["relisted"].tools] == [
        "strudel_knowledge",
        "search_tools",
        "strudel_validate",
        "strudel_events",
    ]


def test_all_tools_lists_every_tool_up_front(shared_snapshot_dir):
    async def session(client):
        return await client.list_tools()

    listed = run_client(shared_snapshot_dir, session, args=["--all-tools"])
    assert {t.name for t in listed.tools} == {"strudel_knowledge", "strudel_validate", "strudel_events", "search_tools"}


@pytest.mark.slow
def test_mcp_server_lists_and_runs_every_tool(served, shared_snapshot_dir):
    registry = make_registry(index=get_index(shared_snapshot_dir))
    # Then the tools and schemas are the registry's own
    tools_served = {t.name: t for t in served["relisted"].tools}
    expected = {d["name"]: d for d in registry.definitions("mcp", all=True)}
    assert (
        set(tools_served)
        == set(expected)
        == {"strudel_knowledge", "strudel_validate", "strudel_events", "search_tools"}
    )
    for name, tool in tools_served.items():
        assert tool.input_schema == expected[name]["inputSchema"]
        assert tool.description == expected[name]["description"]
    # and each call returns the same envelope the Python registry does
    for key in ("knowledge", "validate", "search"):
        result = served[key]
        assert result.is_error is False
        assert json.loads(result.content[0].text) == result.structured_content
    knowledge = served["knowledge"].structured_content
    assert knowledge["success"] and knowledge["result"]["items"][0]["name"] == "room"
    validate = served["validate"].structured_content
    assert validate == registry.execute({"name": "strudel_validate", "arguments": {"code": CODE}})
    assert {f["kind"] for f in validate["result"]["findings"]} == {"unknown_method", "unknown_bank"}
    assert served["search"].structured_content["result"]["tools"][0]["name"] == "strudel_validate"


@pytest.mark.slow
def test_mcp_server_reports_bad_calls_as_tool_errors(served):
    missing, wrong_type, unknown = served["missing"], served["wrong_type"], served["unknown"]
    for result in (missing, wrong_type, unknown):
        assert result.is_error is True
        assert result.structured_content["success"] is False
    assert missing.structured_content["error_type"] == "invalid_arguments"
    assert missing.structured_content["violations"] == [
        "'query' is a required property",
        "limit: 'five' is not of type 'integer', 'null'",
    ]
    assert "code: 42 is not of type 'string'" in wrong_type.content[0].text
    assert unknown.structured_content["error_type"] == "unknown_tool"
    assert "strudel_validate" in unknown.structured_content["available_tools"]


def test_cli_routes_mcp_and_lists_tools(capsys, shared_snapshot_dir):
    assert cli_main(["mcp", "--snapshot", str(shared_snapshot_dir), "--list-tools"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [t["name"] for t in listed] == ["strudel_knowledge", "strudel_validate", "strudel_events", "search_tools"]


def test_missing_sdk_gives_a_clear_message(shared_snapshot_dir):
    # Given an environment where the mcp package cannot be imported
    script = (
        "import sys; sys.modules['mcp'] = None\n"
        "from strudel_jupyter.agent.mcp_server import main\n"
        "raise SystemExit(main([]))\n"
    )
    env = {**os.environ, **server_env(shared_snapshot_dir)}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "pip install 'strudel-jupyter[mcp]'" in done.stderr and "Traceback" not in done.stderr


def test_typed_callables_work_in_a_signature_based_framework():
    # The MCP SDK's MCPServer builds tools from signatures and docstrings, as jupyter-server-mcp does
    server = MCPServer("signature-test")
    for fn in (tools.strudel_knowledge, tools.strudel_validate, tools.search_tools):
        server.add_tool(fn)

    async def main():
        async with Client(server) as client:
            listed = await client.list_tools()
            result = await client.call_tool("strudel_validate", {"code": 's("bd").rooom(1)'})
            return listed, result

    listed, result = anyio.run(main)
    schemas = {t.name: t.input_schema for t in listed.tools}
    assert schemas["strudel_knowledge"]["required"] == ["query"]
    assert schemas["strudel_validate"]["required"] == ["code"]
    assert result.is_error is False
    payload = result.structured_content.get("result", result.structured_content)
    assert payload["ok"] is False and payload["findings"][0]["name"] == "rooom"


def test_a_handshake_era_client_is_notified_of_the_list_change(shared_snapshot_dir):
    # Given a client that speaks the pre-2026 protocol (initialize handshake, direct notifications)
    server = build_server(make_registry(index=get_index(shared_snapshot_dir)))
    received = []

    async def on_message(message):
        received.append(type(message).__name__)

    async def main():
        async with Client(server, mode="legacy", message_handler=on_message) as client:
            listed = await client.list_tools()
            await client.call_tool("search_tools", {"query": "validate"})
            await anyio.sleep(0.1)  # the notification is read on the client's own task
            return client.server_capabilities, listed, await client.list_tools()

    capabilities, listed, relisted = anyio.run(main)
    # Then the server announced list changes, and sent one when search_tools found strudel_validate
    assert capabilities.tools.list_changed is True
    assert "ToolListChangedNotification" in received
    assert [t.name for t in listed.tools] == ["strudel_knowledge", "search_tools"]
    assert [t.name for t in relisted.tools][-1] == "strudel_validate"
