"""``strudel-jupyter mcp``: the agent tools over the Model Context Protocol (stdio).

The server is the MCP SDK's low-level ``Server`` with list/call handlers that hand
every request to the same :class:`~strudel_jupyter.agent.registry.ToolRegistry` the
Python API uses, so MCP clients see the same names, JSON Schemas, argument checks
and ``{success, result | error}`` envelope (also as ``structuredContent``; a failed
call is marked ``isError``). The high-level ``MCPServer`` would derive schemas from
Python signatures instead, a second source of truth.

Each call runs in a worker thread (at most ``MCP_WORKERS`` at once) under a deadline
(``MCP_CALL_SECONDS``, from ``limits.py``), so a slow call never holds up the others: the
SDK dispatches requests concurrently, and the event loop stays free to read them. A call
past its deadline answers an error result (``isError``, ``error_type: timeout``) and the
server goes on; the worker it leaves behind is itself bounded by the core's own limits.

Client configuration (Claude Desktop, VS Code, ...)::

    {"mcpServers": {"strudel": {"command": "strudel-jupyter", "args": ["mcp"]}}}
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .._version import __version__
from ..limits import MCP_CALL_SECONDS, MCP_WORKERS

__all__ = ["build_server", "main"]

INSTRUCTIONS = (
    "Strudel (strudel.cc) reference and sound registry, offline. Before running Strudel code, call "
    "strudel_validate; when it reports unknown names, look them up with strudel_knowledge, revise, "
    "and validate again. strudel_knowledge answers questions about functions, params, sounds and banks."
)


MISSING_SDK = (
    "strudel-jupyter mcp: the MCP SDK is not installed. Install it with\n"
    "    python -m pip install 'strudel-jupyter[mcp]'"
)


def _have_mcp() -> bool:
    try:
        import mcp  # noqa: F401
        import mcp_types  # noqa: F401
    except ImportError:
        return False
    return True


def _timeout_envelope(name: str, seconds: float) -> dict[str, Any]:
    """The registry's failure envelope for a call the server stopped waiting for."""
    return {
        "success": False,
        "tool": name,
        "error": f"{name} did not finish within the server's {seconds:g} s deadline; "
        "simplify the input (shorter code, fewer nested brackets) and call again",
        "error_type": "timeout",
    }


def build_server(
    registry: Any = None,
    *,
    name: str = "strudel-jupyter",
    deadline: float = MCP_CALL_SECONDS,
    workers: int = MCP_WORKERS,
) -> Any:
    """A low-level MCP ``Server`` serving ``registry``'s tools (default: the shared registry).

    ``deadline`` bounds each call in seconds; ``workers`` bounds how many run at once.
    """
    import anyio
    import mcp_types as types
    from mcp.server.lowlevel import Server

    from .registry import default_registry

    reg = registry if registry is not None else default_registry()
    limiter = anyio.CapacityLimiter(workers)

    async def list_tools(ctx: Any, params: Any) -> Any:
        tools = [
            types.Tool(name=d["name"], description=d["description"], input_schema=d["inputSchema"])
            for d in reg.definitions("mcp", all=True)
        ]
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: Any, params: Any) -> Any:
        call = {"name": params.name, "arguments": params.arguments or {}}
        envelope: dict[str, Any] = _timeout_envelope(str(params.name), deadline)
        # Off the event loop, so other requests are read and answered meanwhile; the
        # waiting (not the worker) is cancelled at the deadline.
        with anyio.move_on_after(deadline):
            envelope = await anyio.to_thread.run_sync(reg.execute, call, limiter=limiter, abandon_on_cancel=True)
        text = json.dumps(envelope, ensure_ascii=False, default=str)
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)],
            structured_content=json.loads(text),
            is_error=not envelope["success"],
        )

    return Server(
        name,
        version=__version__,
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


async def _serve(server: Any) -> None:
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def main(argv: list[str] | None = None) -> int:
    """Run the stdio MCP server until the client closes the connection."""
    parser = argparse.ArgumentParser(
        prog="strudel-jupyter mcp",
        description="Serve strudel_knowledge, strudel_validate and search_tools over MCP (stdio).",
        epilog='Client config: {"mcpServers": {"strudel": {"command": "strudel-jupyter", "args": ["mcp"]}}}',
    )
    parser.add_argument("--snapshot", metavar="DIR", help="snapshot directory (default: $STRUDEL_SNAPSHOT or packaged)")
    parser.add_argument("--list-tools", action="store_true", help="print the tool definitions as JSON and exit")
    parser.add_argument(
        "--deadline",
        type=float,
        default=MCP_CALL_SECONDS,
        metavar="SECONDS",
        help=f"answer a call still running after SECONDS with a timeout error (default: {MCP_CALL_SECONDS:g})",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)

    if not args.list_tools and not _have_mcp():
        print(MISSING_SDK, file=sys.stderr)
        return 2

    from ..data.index import get_index, settle_for_server
    from ..data.snapshot import SnapshotError
    from .registry import make_registry

    try:
        index = get_index(args.snapshot)
    except SnapshotError as exc:
        print(f"strudel-jupyter mcp: {exc}", file=sys.stderr)
        return 2
    registry = make_registry(index=index)
    settle_for_server(index)
    if args.list_tools:
        print(json.dumps(registry.definitions("mcp", all=True), indent=2))
        return 0
    import anyio

    try:
        anyio.run(_serve, build_server(registry, deadline=args.deadline))
    except KeyboardInterrupt:  # pragma: no cover - interactive stop
        pass
    return 0
