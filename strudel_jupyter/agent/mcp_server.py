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

The server keeps one tool set (a :class:`~strudel_jupyter.agent.conversation.Conversation`;
a stdio server serves one client): ``tools/list`` answers the core tools plus what the client
has found with ``search_tools`` (or called), and when the set grows the server says so, so the
client lists again: ``notifications/tools/list_changed`` (handshake-era protocol) and a
``ToolsListChanged`` event on ``subscriptions/listen`` streams (2026-07-28). Any registered tool can be called at any time. ``--all-tools``
(``all_tools=True``) lists every tool up front instead, for clients that ignore
``list_changed``.

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
    "Strudel (strudel.cc) reference and sound registry, offline. Before running Strudel code, check it "
    "with strudel_validate (search_tools finds it and adds it to your tools); when it reports unknown names, "
    "look them up with strudel_knowledge, revise, and validate again. Fix errors and warnings; leave info "
    "findings alone (valid code). Then strudel_events says what the code plays (sounds and notes per cycle), to "
    "check against the request. strudel_knowledge answers questions about functions, params, sounds and banks."
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
    all_tools: bool = False,
) -> Any:
    """A low-level MCP ``Server`` serving ``registry``'s tools (default: the shared registry).

    ``deadline`` bounds each call in seconds; ``workers`` bounds how many run at once;
    ``all_tools`` lists every tool up front instead of each session's own set.
    """
    import anyio
    import mcp_types as types
    from mcp.server.lowlevel import NotificationOptions, Server
    from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler
    from mcp.shared.subscriptions import ToolsListChanged

    from .defaults import default_registry

    reg = registry if registry is not None else default_registry()
    limiter = anyio.CapacityLimiter(workers)
    bus = InMemorySubscriptionBus()
    # One tool set per server: a stdio server serves one client, and the 2026-07-28 protocol
    # has no session to hang one on (each request may come with a new ServerSession).
    chat = reg.conversation(tools=reg.names if all_tools else None)

    async def list_tools(ctx: Any, params: Any) -> Any:
        tools = [
            types.Tool(name=d["name"], description=d["description"], input_schema=d["inputSchema"])
            for d in chat.definitions("mcp")
        ]
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: Any, params: Any) -> Any:
        call = {"name": params.name, "arguments": params.arguments or {}}
        listed = len(chat.active)
        envelope: dict[str, Any] = _timeout_envelope(str(params.name), deadline)
        # Off the event loop, so other requests are read and answered meanwhile; the
        # waiting (not the worker) is cancelled at the deadline.
        with anyio.move_on_after(deadline):
            envelope = await anyio.to_thread.run_sync(chat.execute, call, limiter=limiter, abandon_on_cancel=True)
        if len(chat.active) > listed:
            # Both protocol eras: a direct notification (handshake era; the newer one drops it)
            # and an event on subscriptions/listen streams (2026-07-28; other sessions relist
            # and find their own set unchanged).
            await ctx.session.send_tool_list_changed()
            await bus.publish(ToolsListChanged())
        text = json.dumps(envelope, ensure_ascii=False, default=str)
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)],
            structured_content=json.loads(text),
            is_error=not envelope["success"],
        )

    class StrudelServer(Server):
        """Announces ``tools.listChanged`` however the server is started (stdio, in memory)."""

        def create_initialization_options(self, notification_options: Any = None, *args: Any, **kwargs: Any) -> Any:
            options = notification_options or NotificationOptions(tools_changed=True)
            return super().create_initialization_options(options, *args, **kwargs)

    return StrudelServer(
        name,
        version=__version__,
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_subscriptions_listen=ListenHandler(bus),
    )


async def _serve(server: Any) -> None:
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def main(argv: list[str] | None = None) -> int:
    """Run the stdio MCP server until the client closes the connection."""
    parser = argparse.ArgumentParser(
        prog="strudel-jupyter mcp",
        description="Serve strudel_knowledge, strudel_validate, strudel_events and search_tools over MCP (stdio).",
        epilog='Client config: {"mcpServers": {"strudel": {"command": "strudel-jupyter", "args": ["mcp"]}}}',
    )
    parser.add_argument("--snapshot", metavar="DIR", help="snapshot directory (default: $STRUDEL_SNAPSHOT or packaged)")
    parser.add_argument("--list-tools", action="store_true", help="print the tool definitions as JSON and exit")
    parser.add_argument(
        "--all-tools",
        action="store_true",
        help="list every tool up front (for clients that ignore tools/list_changed); default: the core "
        "tools, then each tool a session finds with search_tools",
    )
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
    from .defaults import make_registry

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
        anyio.run(_serve, build_server(registry, deadline=args.deadline, all_tools=args.all_tools))
    except KeyboardInterrupt:  # pragma: no cover - interactive stop
        pass
    return 0
