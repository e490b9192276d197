"""Fuzz every public surface with generated input: raises, hangs, slow calls, unsafe HTML, memory.

    python benchmarks/fuzz.py [--surface NAME ...] [--cases N | --seconds S] [--seed N]
                              [--out DIR] [--slow-ms 250] [--timeout 10] [--kind KIND ...] [--case N]
    python benchmarks/fuzz.py --replay REPORT [--out DIR]

Surfaces: validate (strudel_validate), knowledge (strudel_knowledge), tools (the agent tool
registry's execute/run), magic (%strudel / %%strudel in an IPython shell), sounds
(register_sounds into a fresh index, then the sounds tab and answers as HTML), mcp (an
in-process MCP client calling the tools), rest (the REST route handlers with
request-shaped input, minus HTTP). Input comes from ``fuzzgen.py`` (seeded; case N of a
surface is the same input on every run).

Each surface runs in a worker process; the parent sends it case numbers and waits at most
``--timeout`` seconds for each, so a case that never returns is killed, reported as a
hang with its input saved, and the run goes on in a new worker.

A case's outcome is one of: ok; rejected (a documented refusal: ``register_sounds``'
ValueError/TypeError, the magics' UsageError, a 4xx from a route); raise (any other
exception escaping the public call); internal (the call swallowed an exception of its
own: an ``internal_error`` answer, a ``tool_error`` envelope, a 5xx chosen by a route, or
an error logged by the package); deadline (a server answered "timeout"/"busy": the MCP
server's or the REST pool's deadline); unsafe (HTML a browser would run: ``<script>``,
``on*=``, ``javascript:`` URLs); unencodable (a reply that cannot travel as UTF-8 JSON);
contract (a documented promise broken, e.g. a rejected sample map that still registered
sounds); harness (a bug in this script); hang (no answer within ``--timeout``: the worker
is killed); crash (the worker died).

Per surface it reports the counts, calls over ``--slow-ms`` by wall time (``slow``) and by
the worker's CPU time (``slow cpu``: what other work on a shared machine cannot inflate),
p50/p99/max, the slowest case (with the GC time inside it) and the peak RSS of the
worker. The inputs of the slowest case, of the first slow cases and of every problem case
go to ``<out>/<surface>-slowest.json``, ``<out>/<surface>-slow-N.json`` and
``<out>/<surface>-raise-N.json`` (``--max-saved`` per surface), each with the command that
reproduces it (``--case N``); everything goes to ``<out>/report.json``. The exit code is 1
when any surface has a problem, a slow call or a peak RSS over ``--max-rss-mb``.

``--replay REPORT`` runs again, one worker per surface and one case at a time, exactly the
slow cases a ``report.json`` lists: on a quiet machine it tells a slow call from a busy
machine (a long run shares two cores with everything else, and wall time counts both).
"""

from __future__ import annotations

import argparse
import json
import logging
import multiprocessing
import os
import platform
import re
import resource
import shutil
import statistics
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
for _path in (str(BENCH), str(ROOT)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import fuzzgen  # noqa: E402  (after the path set-up: benchmarks/ is not a package)

SURFACES = ("validate", "knowledge", "tools", "magic", "sounds", "mcp", "rest")
DEFAULT_CASES = {
    "validate": 2000,
    "knowledge": 2000,
    "tools": 2000,
    "magic": 1000,
    "sounds": 1000,
    "mcp": 500,
    "rest": 2000,
}
DEFAULT_SNAPSHOT = ROOT.parent / "shared" / "strudel-snapshot"
#: Outcomes that make the run fail (exit code 1); ``rejected`` is a documented refusal.
PROBLEMS = ("raise", "internal", "deadline", "unsafe", "unencodable", "contract", "harness", "hang", "crash")
#: A fresh StrudelIndex (and panel) for the sounds surface every this many cases.
SOUNDS_FRESH_EVERY = 50
#: A case after which the worker's peak RSS rose by more than this is listed in the report.
RSS_STEP_MB = 2.0


# =================================================================== worker side
class Escaped(Exception):
    """An exception that escaped a public call (the thing the fuzzer looks for)."""

    def __init__(self, call: str, exc: BaseException) -> None:
        super().__init__(call)
        self.call, self.exc = call, exc


class Finding(Exception):
    """A problem a check found in a call's result (internal, unsafe, unencodable, contract)."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


REJECTED = object()
#: Milliseconds the worker spent in the garbage collector so far (a gc callback adds to it).
_GC = {"ms": 0.0, "started": 0.0}


def _gc_callback(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _GC["started"] = time.perf_counter()
    else:
        _GC["ms"] += (time.perf_counter() - _GC["started"]) * 1000.0


@dataclass
class Calls:
    """Times each public call of a case; exceptions the surface documents count as refusals."""

    times: list[tuple[str, float, float, float]] = field(default_factory=list)  # (call, wall, CPU, GC ms)
    rejected: str = ""

    def __call__(
        self,
        name: str,
        fn: Callable[..., Any],
        *args: Any,
        allow: Callable[[BaseException], bool] | None = None,
        **kw: Any,
    ) -> Any:
        started, cpu, gc_ms = time.perf_counter(), time.process_time(), _GC["ms"]
        try:
            return fn(*args, **kw)
        except BaseException as exc:
            if isinstance(exc, KeyboardInterrupt):
                raise
            if allow is not None and allow(exc):
                self.rejected = f"{name}: {type(exc).__name__}: {_first_line(exc)}"
                return REJECTED
            raise Escaped(name, exc) from exc
        finally:
            wall_ms, cpu_ms = (time.perf_counter() - started) * 1000.0, (time.process_time() - cpu) * 1000.0
            self.times.append((name, wall_ms, cpu_ms, _GC["ms"] - gc_ms))


def _first_line(exc: BaseException, limit: int = 300) -> str:
    try:
        text = str(exc)
    except Exception:
        text = f"<str() of the {type(exc).__name__} failed>"
    return text.splitlines()[0][:limit] if text else ""


class _Collect(logging.Handler):
    """Errors the package logs (an exception it caught and reported) count as internal."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[1] if record.exc_info else None
        what = f"{type(exc).__name__}: {_first_line(exc)}" if exc else ""
        try:
            message = record.getMessage()
        except Exception:
            message = str(record.msg)
        self.records.append(f"{record.name}: {message[:200]}" + (f" ({what})" if what else ""))


def check_html(name: str, fragment: Any) -> None:
    if isinstance(fragment, str) and fragment:
        problems = fuzzgen.unsafe_markup(fragment)
        if problems:
            raise Finding("unsafe", f"{name}: {', '.join(dict.fromkeys(problems))[:300]}")


def check_utf8_json(name: str, value: Any) -> None:
    """The reply must travel as UTF-8 JSON (REST bodies, MCP messages, provider requests)."""
    try:
        json.dumps(value, ensure_ascii=False, default=str).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise Finding("unencodable", f"{name}: {exc.reason} at position {exc.start}") from None
    except (TypeError, ValueError, RecursionError) as exc:
        raise Finding("unencodable", f"{name}: not JSON ({type(exc).__name__}: {_first_line(exc)})") from None


def check_knowledge_response(name: str, response: Any) -> None:
    if not isinstance(response, dict) or "ok" not in response:
        raise Finding("contract", f"{name}: not a knowledge response ({type(response).__name__})")
    if response.get("reason") in ("internal_error", "snapshot_unavailable"):
        raise Finding("internal", f"{name}: reason {response['reason']}: {str(response.get('answer'))[:200]}")


def check_validation(name: str, result: Any) -> None:
    if not isinstance(result, dict) or "ok" not in result:
        raise Finding("contract", f"{name}: not a validation result ({type(result).__name__})")
    for finding in result.get("findings") or []:
        if finding.get("kind") in ("internal_error", "snapshot_unavailable"):
            raise Finding("internal", f"{name}: finding {finding.get('kind')}: {str(finding.get('message'))[:200]}")


def check_tool_result(name: str, envelope: Any) -> None:
    """A registry envelope: tool_error means the tool (or the registry) raised inside."""
    if not isinstance(envelope, dict) or "success" not in envelope:
        raise Finding("contract", f"{name}: not an envelope ({type(envelope).__name__})")
    if envelope.get("error_type") == "tool_error":
        raise Finding("internal", f"{name}: tool_error: {str(envelope.get('error'))[:200]}")
    if envelope.get("error_type") == "timeout":  # a server deadline (the MCP server's worker pool)
        raise Finding("deadline", f"{name}: timeout: {str(envelope.get('error'))[:200]}")
    result = envelope.get("result")
    if envelope.get("success") and isinstance(result, dict):
        if envelope.get("tool") == "strudel_knowledge":
            check_knowledge_response(name, result)
        elif envelope.get("tool") == "strudel_validate":
            check_validation(name, result)


# ---------------------------------------------------------------- surfaces
def _warm(fn: Callable[[Any], Any], inputs: Sequence[Any]) -> None:
    for value in inputs:
        try:
            fn(value)
        except Exception:
            pass


_WARM_QUERIES = [
    "room",
    "what does fast do",
    "how to make reverb",
    "is trancegate valid",
    "list synths",
    "list drum-machine sounds",
    "bank:tr909",
    "does tr909 have a rim",
    'is s("bd").bank("tr909") valid',
    "symbol:rooom",
    "gm violin",
    {"q": "piano", "domain": "sounds", "limit": 3},
]
_WARM_CODE = ['s("bd sd").fast(2)', 'note("c e g").s("piano").rooom(.5)', 's("bd").bank("tr9O9")', "n(\"0 1\").s('x')"]


def _import_first(*places: tuple[str, str]) -> Any:
    """The first of ``(module, name)`` that exists (the package's modules move between versions)."""
    import importlib

    for module, name in places:
        try:
            return getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
    raise ImportError(f"none of {places} exists")


def setup_validate(opts: dict[str, Any]) -> Callable[[Any, Calls], None]:
    from strudel_jupyter import strudel_validate

    _warm(strudel_validate, _WARM_CODE)

    def run(code: Any, calls: Calls) -> None:
        result = calls("strudel_validate", strudel_validate, code)
        check_validation("strudel_validate", result)
        check_utf8_json("strudel_validate", result)  # the tool's reply travels as JSON (MCP, REST, APIs)

    return run


def setup_knowledge(opts: dict[str, Any]) -> Callable[[Any, Calls], None]:
    from strudel_jupyter import strudel_knowledge

    _warm(strudel_knowledge, _WARM_QUERIES)

    def run(payload: dict[str, Any], calls: Calls) -> None:
        response = calls("strudel_knowledge", strudel_knowledge, payload["query"], **payload["kwargs"])
        check_knowledge_response("strudel_knowledge", response)
        check_utf8_json("strudel_knowledge", response)

    return run


def setup_tools(opts: dict[str, Any]) -> Callable[[Any, Calls], None]:
    from strudel_jupyter.agent import default_registry

    registry = default_registry()
    _warm(registry.execute, [{"name": "strudel_knowledge", "arguments": {"query": q}} for q in _WARM_QUERIES[:6]])
    _warm(registry.execute, [{"name": "strudel_validate", "arguments": {"code": c}} for c in _WARM_CODE])

    def run(payload: dict[str, Any], calls: Calls) -> None:
        if payload["method"] == "execute":
            envelope = calls("execute", registry.execute, payload["call"])
            check_tool_result("execute", envelope)
            check_utf8_json("execute", envelope)
            return
        message = calls("run", registry.run, payload["call"], payload["format"])
        if not isinstance(message, dict):
            raise Finding("contract", f"run: not a message ({type(message).__name__})")
        content = message.get("content", message.get("output"))
        try:
            envelope = json.loads(content) if isinstance(content, str) else None
        except ValueError:
            envelope = None
        if envelope is None:
            raise Finding("contract", "run: the message's content is not the JSON envelope")
        check_tool_result("run", envelope)
        check_utf8_json("run", message)

    return run


def _panel_html(panel: Any) -> list[tuple[str, Any]]:
    parts = []
    for name in ("answer", "ref_detail", "snd_detail", "ref_status", "snd_status"):
        widget = getattr(panel, name, None)
        if widget is not None:
            parts.append((f"panel.{name}", getattr(widget, "value", None)))
    return parts


def setup_magic(opts: dict[str, Any]) -> Callable[[Any, Calls], None]:
    from IPython.core.error import UsageError
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    shell.run_line_magic("load_ext", "strudel_jupyter")
    _warm(lambda q: shell.run_line_magic("strudel", q), ["room", "--json fast", "list synths", "is trancegate valid"])
    _warm(lambda c: shell.run_cell_magic("strudel", "", c), _WARM_CODE)

    def usage(exc: BaseException) -> bool:
        return isinstance(exc, UsageError)

    def run(payload: dict[str, Any], calls: Calls) -> None:
        line, cell = payload["line"], payload["cell"]
        if cell is None:
            result = calls("%strudel", shell.run_line_magic, "strudel", line, allow=usage)
        else:
            result = calls("%%strudel", shell.run_cell_magic, "strudel", line, cell, allow=usage)
        if result is REJECTED or result is None:
            return
        if type(result).__name__ == "StrudelPanel":
            try:
                for name, value in _panel_html(result):
                    check_html(name, value)
            finally:
                import ipywidgets

                ipywidgets.Widget.close_all()
            return
        if isinstance(result, dict):
            if cell is not None:
                check_validation("%%strudel --json", result)
            return
        bundle_fn = getattr(result, "_repr_mimebundle_", None)
        if bundle_fn is not None:
            bundle = calls("display", bundle_fn)
            if isinstance(bundle, tuple):
                bundle = bundle[0]
            check_html("text/html", (bundle or {}).get("text/html"))
        elif hasattr(result, "_repr_html_"):
            check_html("text/html", calls("display", result._repr_html_))
        calls("repr", repr, result)
        if cell is None and hasattr(result, "to_dict"):
            check_knowledge_response("%strudel", result.to_dict())

    return run


def setup_sounds(opts: dict[str, Any]) -> Callable[[Any, Calls], None]:
    import ipywidgets

    from strudel_jupyter import StrudelIndex, StrudelPanel, get_index, register_sounds, render_html, strudel_knowledge
    from strudel_jupyter.lookup.browse import sound_detail

    render_item_html = _import_first(
        ("strudel_jupyter.render.response_html", "render_item_html"),
        ("strudel_jupyter.render.results", "render_item_html"),
    )

    snapshot = get_index().snapshot
    state: dict[str, Any] = {"cases": 0}

    def fresh() -> None:
        ipywidgets.Widget.close_all()
        index = StrudelIndex(snapshot)
        state.update(index=index, panel=StrudelPanel(index=index), cases=0)

    fresh()
    _warm(lambda q: render_html(strudel_knowledge(q, index=state["index"]), index=state["index"]), _WARM_QUERIES)

    def documented(exc: BaseException) -> bool:
        return type(exc) in (ValueError, TypeError)  # register_sounds' contract

    def run(payload: dict[str, Any], calls: Calls) -> None:
        if state["cases"] >= SOUNDS_FRESH_EVERY:
            fresh()
        state["cases"] += 1
        index, panel = state["index"], state["panel"]
        version = index.version
        keys = calls(
            "register_sounds",
            register_sounds,
            payload["sample_map"],
            payload["base_url"],
            prebake=payload["prebake"],
            tag=payload["tag"],
            index=index,
            allow=documented,
        )
        if keys is REJECTED:
            if index.version != version:
                raise Finding("contract", f"a rejected sample map changed the registry ({calls.rejected})")
            return
        if not isinstance(keys, list):
            raise Finding("contract", f"register_sounds returned {type(keys).__name__}, not the list of keys")

        def answer(query: str, **kw: Any) -> None:
            response = calls("strudel_knowledge", strudel_knowledge, query, index=index, **kw)
            check_knowledge_response(f"strudel_knowledge({query[:40]!r})", response)
            check_html("render_html", calls("render_html", render_html, response, index=index))

        for key in keys[:3]:
            item = calls("sound_detail", sound_detail, key, index=index)
            if item is not None:
                check_html("render_item_html", calls("render_item_html", render_item_html, item))
            answer(key[:900], domain="sounds")
            bank, sep, _ = key.partition("_")
            if sep and bank:
                answer(f"bank:{bank[:900]}")
        answer("list user sounds")
        if keys:
            calls("panel.refresh", panel.refresh)
            calls("panel.set_category", panel.set_category, "user")
            calls("panel.search", setattr, panel.snd_search, "value", keys[0][:100])
            calls("panel.ask", panel.ask, keys[0][:200])
            for name, value in _panel_html(panel):
                check_html(name, value)

    return run


_KEEP: list[Any] = []  # context managers a surface keeps open for the worker's lifetime


def setup_mcp(opts: dict[str, Any]) -> Callable[[Any, Calls], None]:
    from anyio.from_thread import start_blocking_portal
    from mcp import Client
    from pydantic_core import to_jsonable_python

    from strudel_jupyter.agent import default_registry
    from strudel_jupyter.agent.mcp_server import build_server

    portal_cm = start_blocking_portal()
    portal = portal_cm.__enter__()
    client_cm = portal.wrap_async_context_manager(Client(build_server(default_registry())))
    client = client_cm.__enter__()
    _KEEP.append((portal_cm, client_cm))  # alive until the worker exits (no close needed: nothing to flush)
    portal.call(client.list_tools)
    for q in _WARM_QUERIES[:6]:
        portal.call(client.call_tool, "strudel_knowledge", {"query": q})
    for c in _WARM_CODE:
        portal.call(client.call_tool, "strudel_validate", {"code": c})
    from strudel_jupyter.data.index import get_index, settle_for_server

    settle_for_server(get_index())  # as `strudel-jupyter mcp` does once its index is built

    def run(payload: dict[str, Any], calls: Calls) -> None:
        if payload.get("list_tools"):
            listed = calls("list_tools", portal.call, client.list_tools)
            if not listed.tools:
                raise Finding("contract", "list_tools returned no tools")
            return
        try:  # what the client cannot serialise never reaches the server: not the server's problem
            to_jsonable_python(payload["arguments"])
        except Exception as exc:
            calls.rejected = f"the MCP client cannot send these arguments ({type(exc).__name__}: {_first_line(exc)})"
            return
        result = calls("call_tool", portal.call, client.call_tool, payload["name"], payload["arguments"])
        try:
            result.model_dump_json(by_alias=True, exclude_none=True).encode("utf-8")
        except Exception as exc:  # what the stdio transport would fail to write
            raise Finding("unencodable", f"call_tool result: {type(exc).__name__}: {_first_line(exc)}") from None
        texts = [c.text for c in result.content if getattr(c, "type", None) == "text"]
        try:
            envelope = json.loads(texts[0]) if texts else None
        except ValueError:
            envelope = None
        if envelope is None:
            raise Finding("contract", "call_tool: no JSON envelope in the result's text content")
        check_tool_result("call_tool", envelope)
        if bool(result.is_error) == bool(envelope.get("success")):
            raise Finding("contract", "call_tool: isError disagrees with the envelope's success")

    return run


_TORNADO_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f]")  # tornado's RequestHandler._remove_control_chars_regex


def setup_rest(opts: dict[str, Any]) -> Callable[[Any, Calls], None]:
    import asyncio
    import inspect
    from types import SimpleNamespace

    import tornado.web

    from strudel_jupyter import get_index
    from strudel_jupyter.jupyter.rest import routes as server

    index = get_index()
    no_default = object()

    class Request:
        """What a route handler reads and writes, without HTTP: arguments in, body out."""

        def __init__(self, args: dict[str, str], body: bytes | None) -> None:
            self._args = args
            self.request = SimpleNamespace(body=body or b"", arguments={}, method="GET", uri="/")
            self.written: bytes | None = None
            self.status = 200

        @property
        def settings(self) -> dict[str, Any]:
            return opts.setdefault("_settings", {server.INDEX_SETTING: index})

        def get_argument(self, name: str, default: Any = no_default, strip: bool = True) -> Any:
            if name not in self._args:
                if default is no_default:
                    raise tornado.web.MissingArgumentError(name)
                return default
            value = _TORNADO_CONTROL.sub(" ", self._args[name])
            return value.strip() if strip else value

        def finish(self, chunk: Any = None) -> None:
            if isinstance(chunk, dict):
                chunk = json.dumps(chunk)
            self.written = chunk.encode("utf-8") if isinstance(chunk, str) else chunk  # tornado's utf8()

        def set_header(self, name: str, value: Any) -> None:
            pass

        def set_status(self, status: int, reason: str | None = None) -> None:
            self.status = status

    routes = {
        "knowledge-get": (server.KnowledgeHandler, "get"),
        "knowledge-post": (server.KnowledgeHandler, "post"),
        "reference": (server.ReferenceListHandler, "get"),
        "reference-entry": (server.ReferenceEntryHandler, "get"),
        "sounds": (server.SoundListHandler, "get"),
        "sound-entry": (server.SoundEntryHandler, "get"),
        "categories": (server.CategoriesHandler, "get"),
        "tags": (server.TagsHandler, "get"),
    }
    # Request first in the MRO: its get_argument/finish/settings stand in for tornado's.
    fakes = {route: type(f"Fake{cls.__name__}", (Request, cls), {}) for route, (cls, _) in routes.items()}
    methods = {route: inspect.unwrap(getattr(cls, name)) for route, (cls, name) in routes.items()}

    def make(route: str, args: dict[str, str], body: bytes | None) -> Any:
        handler = object.__new__(fakes[route])
        Request.__init__(handler, args, body)
        return handler

    loop = asyncio.new_event_loop()  # handlers may be coroutines (a pool behind the event loop)

    def call(route: str, handler: Any, *args: Any) -> Any:
        result = methods[route](handler, *args)
        return loop.run_until_complete(result) if inspect.isawaitable(result) else result

    def client_error(exc: BaseException) -> bool:
        return isinstance(exc, tornado.web.HTTPError) and exc.status_code < 500

    for q in _WARM_QUERIES[:8]:
        if isinstance(q, str):
            _warm(lambda a: call("knowledge-get", make("knowledge-get", a, None)), [{"q": q}])

    def run(payload: dict[str, Any], calls: Calls) -> None:
        route = payload["route"]
        handler = make(route, payload["args"], payload["body"])
        args = (payload["name"],) if payload["name"] is not None else ()
        try:
            result = calls(route, call, route, handler, *args, allow=client_error)
        except Escaped as escaped:
            exc = escaped.exc
            if isinstance(exc, tornado.web.HTTPError):  # a 5xx the handler chose: what went wrong inside
                code = getattr(exc, "code", "")
                status = "deadline" if code in ("timeout", "busy") else "internal"
                raise Finding(status, f"{route}: HTTP {exc.status_code} {code}: {_first_line(exc)}") from None
            raise
        if result is REJECTED:
            return
        if handler.written is None:
            raise Finding("contract", f"{route}: the handler wrote no body")
        try:
            json.loads(handler.written)
        except ValueError as exc:
            raise Finding("contract", f"{route}: the body is not JSON ({_first_line(exc)})") from None

    return run


SETUPS: dict[str, Callable[[dict[str, Any]], Callable[[Any, Calls], None]]] = {
    "validate": setup_validate,
    "knowledge": setup_knowledge,
    "tools": setup_tools,
    "magic": setup_magic,
    "sounds": setup_sounds,
    "mcp": setup_mcp,
    "rest": setup_rest,
}


def run_case(run: Callable[[Any, Calls], None], payload: Any, collector: _Collect) -> dict[str, Any]:
    """One case in the worker: the outcome, the slowest call and its time."""
    calls = Calls()
    collector.records.clear()
    status, message, trace = "ok", "", ""
    try:
        run(payload, calls)
    except Escaped as escaped:
        exc = escaped.exc
        status, message = "raise", f"{escaped.call}: {type(exc).__name__}: {_first_line(exc)}"
        trace = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__, limit=-12))
    except Finding as finding:
        status, message = finding.status, finding.message
    except RecursionError as exc:
        status, message = "harness", f"RecursionError in the fuzz harness's checks: {_first_line(exc)}"
    except Exception as exc:
        status, message = "harness", f"{type(exc).__name__}: {_first_line(exc)}"
        trace = traceback.format_exc(limit=-12)
    if status in ("ok", "rejected") and collector.records:
        status, message = "internal", "logged: " + collector.records[0]
    if status == "ok" and calls.rejected:
        status, message = "rejected", calls.rejected
    slowest = max(calls.times, key=lambda t: t[1], default=("", 0.0, 0.0, 0.0))
    return {
        "status": status,
        "message": message,
        "trace": trace[-4000:],
        "ms": slowest[1],
        "call": slowest[0],
        # CPU time of the process during the call: what other work on a shared machine cannot inflate
        "cpu_ms": max((t[2] for t in calls.times), default=0.0),
        # garbage collection during the slowest call (collections the fuzzer's own garbage can trigger)
        "gc_ms": slowest[3],
        "total_ms": sum(t[1] for t in calls.times),
    }


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # kB on Linux


def worker_main(conn: Any, surface: str, opts: dict[str, Any]) -> None:
    """The worker process: set up one surface, then run the case numbers the parent sends."""
    log_path = opts.get("log")
    if log_path:  # the package's and IPython's prints go to a log, not the report's table
        fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
    sys.path.insert(0, str(ROOT))  # this tree's package, whatever the child's cwd resolves
    os.environ.setdefault("STRUDEL_SNAPSHOT", opts["snapshot"])
    scratch = tempfile.mkdtemp(prefix="worker-", dir=opts["scratch"])  # the parent removes opts["scratch"]
    os.environ["IPYTHONDIR"] = os.path.join(scratch, "ipython")
    collector = _Collect()
    package_log = logging.getLogger("strudel_jupyter")
    package_log.addHandler(collector)
    package_log.propagate = False
    started = time.perf_counter()
    import gc

    gc.callbacks.append(_gc_callback)
    import strudel_jupyter

    vocab = fuzzgen.load_vocab(opts["snapshot"])
    run = SETUPS[surface](opts)
    os.chdir(scratch)  # a case that writes files (IPython's $-expansion evaluates code) writes here
    collector.records.clear()
    kinds = tuple(opts["kinds"]) if opts.get("kinds") else None
    conn.send(("ready", {"setup_ms": (time.perf_counter() - started) * 1000.0, "package": strudel_jupyter.__file__}))
    while True:
        message = conn.recv()
        if message[0] == "stop":
            conn.send(("bye", {"peak_rss_mb": _peak_rss_mb()}))
            return
        case = message[1]
        if case in opts.get("hang_cases", ()):
            time.sleep(24 * 3600)
        try:
            kind, payload = fuzzgen.generate(surface, opts["seed"], case, vocab, kinds, tuple(opts["skip_kinds"]))
        except Exception as exc:
            conn.send(("done", case, {"status": "harness", "message": f"generator: {exc!r}", "ms": 0.0, "kind": "?"}))
            continue
        outcome = run_case(run, payload, collector)
        outcome["kind"] = kind
        outcome["rss_mb"] = _peak_rss_mb()  # the parent notes the cases after which the peak rose
        if isinstance(payload, dict) and isinstance(payload.get("about"), str):
            outcome["about"] = payload["about"]
        del payload
        conn.send(("done", case, outcome))


# =================================================================== parent side
def _vm_hwm_mb(pid: int | None) -> float:
    if pid is None:
        return 0.0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024.0
    except (OSError, ValueError, IndexError):
        pass
    return 0.0


class Worker:
    """One worker process for one surface; killed and replaced after a hang or a crash."""

    def __init__(self, surface: str, opts: dict[str, Any], startup_timeout: float = 300.0) -> None:
        self.surface, self.opts = surface, opts
        ctx = multiprocessing.get_context("spawn")  # no inherited threads or locks; a clean import
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=worker_main, args=(child, surface, opts), daemon=True)
        self.process.start()
        child.close()
        self.peak_rss_mb = 0.0
        if not self.conn.poll(startup_timeout):
            self.kill()
            raise RuntimeError(f"the {surface} worker did not start within {startup_timeout:.0f} s")
        try:
            tag, info = self.conn.recv()
        except EOFError:
            self.kill()
            raise RuntimeError(f"the {surface} worker died while starting (see {opts.get('log')})") from None
        self.info = info

    def case(self, number: int, timeout: float) -> dict[str, Any] | str:
        """The outcome, ``"hang"`` or ``"crash"``."""
        try:
            self.conn.send(("case", number))
            if not self.conn.poll(timeout):
                return "hang"
            _tag, _case, outcome = self.conn.recv()
            return outcome
        except (EOFError, BrokenPipeError, ConnectionResetError, OSError):
            return "crash"

    def kill(self) -> None:
        self.peak_rss_mb = max(self.peak_rss_mb, _vm_hwm_mb(self.process.pid))
        self.process.kill()
        self.process.join(10)
        self.conn.close()

    def stop(self) -> None:
        self.peak_rss_mb = max(self.peak_rss_mb, _vm_hwm_mb(self.process.pid))
        try:
            self.conn.send(("stop",))
            if self.conn.poll(30):
                _tag, info = self.conn.recv()
                self.peak_rss_mb = max(self.peak_rss_mb, info["peak_rss_mb"])
        except (EOFError, BrokenPipeError, OSError):
            pass
        self.process.join(10)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(10)
        self.conn.close()


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


@dataclass
class Settings:
    surfaces: list[str]
    cases: int | None = None
    seconds: float | None = None
    seed: int = 0
    out: Path = ROOT / "artifacts" / "fuzz"
    slow_ms: float = 250.0
    timeout: float = 10.0
    kinds: list[str] = field(default_factory=list)
    skip_kinds: list[str] = field(default_factory=list)
    hang_cases: list[int] = field(default_factory=list)  # cases the worker sleeps through (tests the watchdog)
    start: int = 0
    max_saved: int = 20
    max_hangs: int = 10
    max_rss_mb: float = 300.0
    snapshot: str = str(DEFAULT_SNAPSHOT)
    progress: bool = True
    only_cases: list[int] = field(default_factory=list)  # run these case numbers instead (--replay)


def _save(path: Path, record: dict[str, Any]) -> None:
    path.write_text(json.dumps(record, indent=1, ensure_ascii=True) + "\n", encoding="utf-8")


def _input_record(settings: Settings, surface: str, case: int, vocab: fuzzgen.Vocab) -> dict[str, Any]:
    kinds = tuple(settings.kinds) or None
    try:
        kind, payload = fuzzgen.generate(surface, settings.seed, case, vocab, kinds, tuple(settings.skip_kinds))
    except Exception as exc:
        return {"input_error": repr(exc)}
    kind_args = "".join(f" --kind {k}" for k in settings.kinds) + "".join(
        f" --skip-kind {k}" for k in settings.skip_kinds
    )
    return {
        "kind": kind,
        "summary": fuzzgen.input_summary(payload, 200),
        "input": fuzzgen.to_jsonable(payload),
        "repro": f"python benchmarks/fuzz.py --surface {surface} --seed {settings.seed} --case {case}{kind_args}",
    }


def run_surface(surface: str, settings: Settings, vocab: fuzzgen.Vocab) -> dict[str, Any]:
    out = settings.out
    for stale in out.glob(f"{surface}-*.json"):
        stale.unlink()
    opts = {
        "seed": settings.seed,
        "snapshot": settings.snapshot,
        "kinds": settings.kinds,
        "skip_kinds": settings.skip_kinds,
        "hang_cases": settings.hang_cases,
        "log": str(out / f"{surface}-worker.log"),
    }
    Path(opts["log"]).write_text("", encoding="utf-8")
    wall = time.perf_counter()
    scratch = tempfile.mkdtemp(prefix=f"strudel-fuzz-{surface}-")
    opts["scratch"] = scratch
    try:
        return _run_surface(surface, settings, vocab, opts, wall)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _run_surface(
    surface: str, settings: Settings, vocab: fuzzgen.Vocab, opts: dict[str, Any], wall: float
) -> dict[str, Any]:
    out = settings.out
    worker = Worker(surface, opts)
    setup_ms = [worker.info["setup_ms"]]
    package = worker.info["package"]
    peak_rss = 0.0
    times: list[float] = []
    cpu_times: list[float] = []
    counts = dict.fromkeys(("ok", "rejected", *PROBLEMS), 0)
    problems: list[dict[str, Any]] = []
    slow: list[dict[str, Any]] = []
    by_kind: dict[str, dict[str, Any]] = {}
    slowest: dict[str, Any] = {"ms": -1.0}
    rss_rises: list[dict[str, Any]] = []  # cases after which the worker's peak RSS rose by RSS_STEP_MB
    rss_seen = 0.0
    totals_max = 0.0
    case: int | None = settings.start
    end = settings.start + settings.cases if settings.cases is not None else None
    replay = list(settings.only_cases)
    if replay:
        case, end = replay.pop(0), None
    deadline = time.perf_counter() + settings.seconds if settings.seconds is not None else None
    last_progress = time.perf_counter()
    stopped_early = ""
    while case is not None and (end is None or case < end) and (deadline is None or time.perf_counter() < deadline):
        outcome = worker.case(case, settings.timeout)
        if isinstance(outcome, str):  # hang or crash: the worker is gone or stuck
            exitcode = worker.process.exitcode
            worker.kill()
            peak_rss = max(peak_rss, worker.peak_rss_mb)
            status = outcome
            ms = settings.timeout * 1000.0 if outcome == "hang" else 0.0
            message = (
                f"no answer within {settings.timeout:g} s; the worker was killed"
                if outcome == "hang"
                else f"the worker died (exit code {exitcode})"
            )
            outcome = {"status": status, "message": message, "ms": ms, "call": "", "total_ms": ms, "kind": "?"}
            record = _input_record(settings, surface, case, vocab)
            outcome["kind"] = record.get("kind", "?")
            if isinstance(record.get("input"), dict) and isinstance(record["input"].get("about"), str):
                outcome["about"] = record["input"]["about"]
            if counts["hang"] + counts["crash"] + 1 >= settings.max_hangs:
                stopped_early = f"stopped after {settings.max_hangs} hangs/crashes"
            else:
                try:
                    worker = Worker(surface, opts)
                    setup_ms.append(worker.info["setup_ms"])
                except RuntimeError as exc:
                    stopped_early = f"the worker could not be restarted: {exc}"
        status = outcome["status"]
        counts[status] = counts.get(status, 0) + 1
        ms = float(outcome.get("ms") or 0.0)
        times.append(ms)
        cpu_ms = float(outcome.get("cpu_ms") or 0.0)
        cpu_times.append(cpu_ms)
        totals_max = max(totals_max, float(outcome.get("total_ms") or 0.0))
        kind = outcome.get("kind", "?")
        rss = float(outcome.get("rss_mb") or 0.0)
        if rss > rss_seen + RSS_STEP_MB and rss_seen and len(rss_rises) < 100:
            rss_rises.append({"case": case, "kind": kind, "rss_mb": round(rss, 1), "rise_mb": round(rss - rss_seen, 1)})
        rss_seen = max(rss_seen, rss)
        row = by_kind.setdefault(kind, {"cases": 0, "max_ms": 0.0, "problems": 0, "slow": 0})
        row["cases"] += 1
        row["max_ms"] = round(max(row["max_ms"], ms), 2)
        if status in PROBLEMS:
            row["problems"] += 1
            if len(problems) < 1000:
                problems.append(
                    {
                        "case": case,
                        "kind": kind,
                        "about": outcome.get("about", ""),
                        "status": status,
                        "message": outcome.get("message", ""),
                    }
                )
                if outcome.get("trace"):
                    problems[-1]["trace"] = outcome["trace"]
        if ms > settings.slow_ms and status not in ("hang", "crash"):
            row["slow"] += 1
            if len(slow) < 1000:
                slow.append(
                    {
                        "case": case,
                        "kind": kind,
                        "about": outcome.get("about", ""),
                        "ms": round(ms, 2),
                        "cpu_ms": round(cpu_ms, 2),
                        "gc_ms": round(float(outcome.get("gc_ms") or 0.0), 2),
                        "call": outcome.get("call", ""),
                    }
                )
        if ms > slowest["ms"]:
            slowest = {
                "case": case,
                "kind": kind,
                "ms": ms,
                "cpu_ms": round(cpu_ms, 2),
                "gc_ms": round(float(outcome.get("gc_ms") or 0.0), 2),
                "call": outcome.get("call", ""),
                "status": status,
            }
        case = (replay.pop(0) if replay else None) if settings.only_cases else case + 1
        if stopped_early:
            break
        if settings.progress and time.perf_counter() - last_progress > 15:
            last_progress = time.perf_counter()
            bad = sum(counts[p] for p in PROBLEMS)
            print(
                f"  {surface}: {len(times)} cases, {bad} problems, {len(slow)} slow, max {max(times):.0f} ms",
                file=sys.stderr,
                flush=True,
            )
    if not stopped_early or worker.process.is_alive():
        worker.stop()
    peak_rss = max(peak_rss, worker.peak_rss_mb)
    # Inputs are regenerated here from (seed, surface, case): a hung worker cannot send them.
    for n, problem in enumerate(problems[: settings.max_saved]):
        path = out / f"{surface}-raise-{n}.json"
        _save(path, {"surface": surface, **problem, **_input_record(settings, surface, problem["case"], vocab)})
        problem["file"] = str(path)
    for n, item in enumerate(slow[: min(10, settings.max_saved)]):
        path = out / f"{surface}-slow-{n}.json"
        _save(path, {"surface": surface, **item, **_input_record(settings, surface, item["case"], vocab)})
        item["file"] = str(path)
    if slowest["ms"] >= 0:
        slowest["ms"] = round(slowest["ms"], 2)
        path = out / f"{surface}-slowest.json"
        record = _input_record(settings, surface, slowest["case"], vocab)
        _save(path, {"surface": surface, **slowest, **record})
        slowest.update(file=str(path), summary=record.get("summary", ""))
    ordered = sorted(times)
    ordered_cpu = sorted(cpu_times)
    return {
        "surface": surface,
        "cases": len(times),
        "first_case": settings.start,
        **{k: counts.get(k, 0) for k in ("ok", "rejected", *PROBLEMS)},
        "raises": counts["raise"],
        "hangs": counts["hang"],
        "crashes": counts["crash"],
        "slow": len([t for t in times if t > settings.slow_ms]) - counts["hang"],
        # slow on CPU time alone (hangs excluded: a killed worker reports none)
        "slow_cpu": len([t for t in cpu_times if t > settings.slow_ms]),
        "p99_cpu_ms": round(_percentile(ordered_cpu, 0.99), 3),
        "max_cpu_ms": round(ordered_cpu[-1], 2) if ordered_cpu else 0.0,
        "p50_ms": round(_percentile(ordered, 0.50), 3),
        "p99_ms": round(_percentile(ordered, 0.99), 3),
        "max_ms": round(ordered[-1], 2) if ordered else 0.0,
        "mean_ms": round(statistics.fmean(ordered), 3) if ordered else 0.0,
        "max_case_total_ms": round(totals_max, 2),
        "peak_rss_mb": round(peak_rss, 1),
        "rss_rises": rss_rises,
        "setup_ms": [round(s, 1) for s in setup_ms],
        "wall_s": round(time.perf_counter() - wall, 1),
        "stopped_early": stopped_early,
        "package": package,
        "slowest": slowest,
        "problems": problems,
        "slow_cases": slow,
        "by_kind": dict(sorted(by_kind.items())),
    }


def failed(row: dict[str, Any], settings: Settings) -> bool:
    return (
        any(row[p] for p in PROBLEMS)
        or row["slow"] > 0
        or row["peak_rss_mb"] > settings.max_rss_mb
        or bool(row["stopped_early"])
    )


def run(settings: Settings) -> dict[str, Any]:
    """Fuzz the selected surfaces; returns (and writes) the report."""
    settings.out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("STRUDEL_SNAPSHOT", settings.snapshot)
    vocab = fuzzgen.load_vocab(settings.snapshot)
    started = time.time()
    rows = {}
    for surface in settings.surfaces:
        if settings.progress:
            what = f"{settings.cases} cases" if settings.cases is not None else f"{settings.seconds:g} s"
            print(f"fuzzing {surface} ({what}, seed {settings.seed})", file=sys.stderr, flush=True)
        rows[surface] = run_surface(surface, settings, vocab)
    report = {
        "settings": {
            "surfaces": settings.surfaces,
            "cases": settings.cases,
            "seconds": settings.seconds,
            "seed": settings.seed,
            "slow_ms": settings.slow_ms,
            "timeout_s": settings.timeout,
            "kinds": settings.kinds,
            "skip_kinds": settings.skip_kinds,
            "max_rss_mb": settings.max_rss_mb,
            "snapshot": settings.snapshot,
        },
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "load_average_at_end": [round(x, 2) for x in os.getloadavg()],  # other work on the machine skews times
        },
        "started": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(started)),
        "wall_s": round(time.time() - started, 1),
        "parent_peak_rss_mb": round(_peak_rss_mb(), 1),
        "surfaces": rows,
        "failed": [s for s, row in rows.items() if failed(row, settings)],
    }
    (settings.out / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=True) + "\n", encoding="utf-8")
    return report


COLUMNS = [
    ("surface", "surface", "{}"),
    ("cases", "cases", "{}"),
    ("raises", "raise", "{}"),
    ("internal", "internal", "{}"),
    ("unsafe", "unsafe", "{}"),
    ("unencodable", "unenc", "{}"),
    ("contract", "contract", "{}"),
    ("deadline", "deadline", "{}"),
    ("hangs", "hang", "{}"),
    ("crashes", "crash", "{}"),
    ("slow", "slow", "{}"),
    ("slow_cpu", "slow cpu", "{}"),
    ("p50_ms", "p50 ms", "{:.2f}"),
    ("p99_ms", "p99 ms", "{:.1f}"),
    ("max_ms", "max ms", "{:.0f}"),
    ("max_cpu_ms", "max cpu ms", "{:.0f}"),
    ("peak_rss_mb", "RSS MB", "{:.0f}"),
    ("wall_s", "wall s", "{:.0f}"),
]


def table(report: dict[str, Any]) -> str:
    rows = [[label for _, label, _ in COLUMNS]]
    for row in report["surfaces"].values():
        rows.append([fmt.format(row[key]) for key, _, fmt in COLUMNS])
    widths = [max(len(r[i]) for r in rows) for i in range(len(COLUMNS))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |" for r in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def details(report: dict[str, Any], limit: int = 8) -> str:
    lines = []
    for surface, row in report["surfaces"].items():
        harness = f", {row['harness']} harness errors" if row["harness"] else ""
        lines.append(
            f"{surface}: slowest {row['slowest'].get('ms', 0):.0f} ms in {row['slowest'].get('call', '')!r} "
            f"(case {row['slowest'].get('case')}, {row['slowest'].get('kind')}): {row['slowest'].get('summary', '')[:120]}"
            f"{harness}; rejected {row['rejected']}; setup {row['setup_ms'][0]:.0f} ms"
        )
        seen: set[tuple[str, str]] = set()
        shown = 0
        for p in row["problems"]:
            key = (p["status"], re.sub(r"\d+", "N", p["message"])[:80])
            if key in seen:
                continue
            seen.add(key)
            if shown >= limit:
                lines.append("   ...")
                break
            shown += 1
            about = f" {p['about']}" if p.get("about") else ""
            lines.append(f"   {p['status']} case {p['case']} [{p['kind']}{about}]: {p['message'][:200]}")
        for s in row["slow_cases"][:3]:
            about = f" {s['about']}" if s.get("about") else ""
            lines.append(
                f"   slow case {s['case']} [{s['kind']}{about}]: {s['ms']:.0f} ms "
                f"({s['cpu_ms']:.0f} ms CPU, {s['gc_ms']:.0f} ms GC) in {s['call']}"
            )
        if row["stopped_early"]:
            lines.append(f"   {row['stopped_early']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--surface", action="append", choices=SURFACES, help="repeatable; default: all")
    amount = parser.add_mutually_exclusive_group()
    amount.add_argument("--cases", type=int, help=f"cases per surface (defaults: {DEFAULT_CASES})")
    amount.add_argument("--seconds", type=float, help="run each surface for this long instead")
    amount.add_argument("--case", type=int, help="run only this case number (to reproduce a saved input)")
    amount.add_argument(
        "--replay",
        type=Path,
        metavar="REPORT",
        help="run again, one at a time, the slow cases a report.json lists (on a quiet machine: were they slow, or the machine busy?)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", type=int, default=0, help="first case number")
    parser.add_argument("--out", type=Path, default=ROOT / "artifacts" / "fuzz")
    parser.add_argument("--slow-ms", type=float, default=250.0, help="a call slower than this is reported")
    parser.add_argument("--timeout", type=float, default=10.0, help="hard per-case limit in seconds (a hang)")
    parser.add_argument("--kind", action="append", default=[], help="only these input kinds (repeatable)")
    parser.add_argument("--skip-kind", action="append", default=[], help="never these input kinds (repeatable)")
    parser.add_argument("--max-saved", type=int, default=20, help="problem inputs saved per surface")
    parser.add_argument("--max-hangs", type=int, default=10, help="give up on a surface after this many hangs")
    parser.add_argument("--max-rss-mb", type=float, default=300.0, help="peak worker RSS allowed")
    parser.add_argument("--snapshot", default=os.environ.get("STRUDEL_SNAPSHOT", str(DEFAULT_SNAPSHOT)))
    parser.add_argument("--list-kinds", action="store_true", help="print each surface's input kinds and exit")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)

    replayed: dict[str, list[int]] = {}
    if args.replay is not None:
        old_report = json.loads(args.replay.read_text(encoding="utf-8"))
        replayed = {
            name: [c["case"] for c in row.get("slow_cases", [])]
            for name, row in old_report["surfaces"].items()
            if row.get("slow_cases")
        }
        args.seed = old_report.get("settings", {}).get("seed", args.seed)
    surfaces = args.surface or (list(replayed) if args.replay is not None else list(SURFACES))
    if args.list_kinds:
        for surface in surfaces:
            print(f"{surface}: {', '.join(fuzzgen.kinds_of(surface))}")
        return 0
    reports = []
    for surface in surfaces:  # the default case count differs per surface
        settings = Settings(
            surfaces=[surface],
            cases=1 if args.case is not None else len(replayed.get(surface, [])) if args.replay else args.cases,
            seconds=args.seconds,
            seed=args.seed,
            out=args.out,
            slow_ms=args.slow_ms,
            timeout=args.timeout,
            kinds=args.kind,
            skip_kinds=args.skip_kind,
            start=args.case if args.case is not None else args.start,
            max_saved=args.max_saved,
            max_hangs=args.max_hangs,
            max_rss_mb=args.max_rss_mb,
            snapshot=str(Path(args.snapshot).resolve()),
            progress=not args.quiet,
            only_cases=replayed.get(surface, []),
        )
        if args.replay is not None and not settings.only_cases:
            continue
        if settings.cases is None and settings.seconds is None:
            settings.cases = DEFAULT_CASES[surface]
        reports.append((settings, run(settings)))
    if not reports:
        print("nothing to run: the report lists no slow cases for these surfaces")
        return 0
    merged = {**reports[-1][1], "surfaces": {}, "failed": []}
    merged["settings"] = {**merged["settings"], "surfaces": surfaces, "cases": args.cases}
    merged["wall_s"] = round(sum(r["wall_s"] for _, r in reports), 1)
    for _settings, report in reports:
        merged["surfaces"].update(report["surfaces"])
        merged["failed"] += report["failed"]
    (args.out / "report.json").write_text(json.dumps(merged, indent=1, ensure_ascii=True) + "\n", encoding="utf-8")
    print(table(merged))
    print(details(merged))
    if args.case is not None:
        for surface, row in merged["surfaces"].items():
            for p in row["problems"]:
                print(f"\n{surface} case {p['case']}: {p['status']}: {p['message']}\n{p.get('trace', '')}")
            print(f"{surface} case {args.case}: input saved to {row['slowest'].get('file')}")
    print(f"report: {args.out / 'report.json'}")
    return 1 if merged["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
