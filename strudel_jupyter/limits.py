"""Every bound on outside input, in one place: sizes, nesting, time, concurrency.

Each public call (the knowledge core, the validator, the agent tools, the REST routes, the
MCP server) is bounded by these, and says which one it hit. The README and the tool
descriptions an agent reads quote them from here.
"""

from __future__ import annotations

__all__ = [
    "MCP_CALL_SECONDS",
    "MCP_WORKERS",
    "REST_DEADLINE_SECONDS",
    "REST_QUEUE",
    "REST_WORKERS",
]

#: Seconds an MCP tool call may run before the server answers it with a ``timeout`` error.
MCP_CALL_SECONDS = 10.0
#: MCP tool calls running at once (more wait for a free worker; the deadline still counts).
MCP_WORKERS = 4

#: REST routes that do real work run in a pool of this many threads, off Jupyter Server's event loop.
REST_WORKERS = 2
#: Requests waiting for a REST worker beyond the running ones; past this the route answers 503.
REST_QUEUE = 32
#: Seconds a REST request may take before it answers 504 (the worker stops at the core's own limits).
REST_DEADLINE_SECONDS = 5.0
