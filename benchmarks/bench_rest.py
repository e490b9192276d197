"""Benchmark the REST API behind the JupyterLab sidebar with concurrent clients over loopback.

    python benchmarks/bench_rest.py [--clients 20] [--requests 2000] [--snapshot DIR]

Starts a real Jupyter server (a subprocess on 127.0.0.1 with a token and the extension
enabled), warms it up, then runs ``--clients`` concurrent keep-alive clients that log in
as a browser does (token once, then the login cookie), until ``--requests`` have been sent
per scenario. Reports p50/p99 latency, throughput and errors per scenario:

- ``status (floor)``: Jupyter Server's own ``/api/status``, the cheapest authenticated route:
  what any handler costs before it does anything;
- ``knowledge`` (repeated questions), ``knowledge-miss`` (every request different, so the
  response cache never helps: the eval sets' questions, each with a few limits) and ``lists+detail`` (keystrokes in the tabs): closed loop,
  each client asks again as soon as it has its answer, i.e. the server saturated;
- ``knowledge-paced``: each client asks one uncached question every ``--every-ms`` (50 ms:
  20 clients = 400 requests/s, far above people typing into a 150 ms debounce).

Target: knowledge queries at 20 concurrent clients, p99 <= 20 ms and zero errors.
Only 127.0.0.1 is contacted; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import urlencode

from benchstats import percentile  # benchmarks/ is the script's own folder on sys.path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SNAPSHOT = ROOT.parent / "shared" / "strudel-snapshot"
TARGET_P99_MS = 20.0
MAX_SECONDS = 120  # per scenario: the benchmark stops by itself

# What people and agents ask (detail, fuzzy, concept, listing, check, sounds).
KNOWLEDGE = [
    {"q": "what does room do"},
    {"q": "rooom"},
    {"q": "how to make reverb"},
    {"q": "is trancegate valid"},
    {"q": "list synths"},
    {"q": "is bd available"},
    {"q": "gm violin"},
    {"q": "euclid", "mode": "detail"},
    {"q": "fast"},
    {"q": "sounds:drum-machines", "limit": "10"},
    {"q": "what are the params for lpf and give an example"},
    {"q": "piano", "domain": "sounds", "limit": "3"},
    {"q": "list wavetables"},
    {"q": "tag:filter"},
    {"q": "how do I speed up a pattern"},
]
# A person typing "room" and "bd" into the tabs' search boxes, plus filter clicks.
LISTS = [
    ("reference", {"search": "r"}),
    ("reference", {"search": "ro"}),
    ("reference", {"search": "roo"}),
    ("reference", {"search": "room"}),
    ("reference", {"tag": "filter"}),
    ("reference", {"search": "rooom"}),
    ("sounds", {"category": "drum-machines", "limit": "200"}),
    ("sounds", {"search": "b"}),
    ("sounds", {"search": "bd"}),
    ("sounds", {"search": "bd", "category": "drum-machines"}),
    ("sounds", {"category": "all", "offset": "1400", "limit": "200"}),
    ("reference/room", {}),
    ("sounds/bd", {}),
    ("sounds/RolandTR909", {}),
]


EVAL_FILES = [ROOT.parent / "shared" / "eval" / "dev.jsonl", *sorted((ROOT / "tests" / "data").glob("eval_*.jsonl"))]


def eval_questions() -> list[dict[str, str]]:
    """Distinct, well-formed questions from the eval files (bad inputs are the 400 tests' job)."""
    seen: dict[str, dict[str, str]] = {}
    for path in EVAL_FILES:
        for line in path.read_text(encoding="utf-8").splitlines():
            query = json.loads(line)["query"] if line.strip() else None
            if isinstance(query, str):
                query = {"q": query}
            if not isinstance(query, dict) or not isinstance(query.get("q"), str) or not query["q"].strip():
                continue
            params = {"q": query["q"]}
            for key, allowed in (
                ("domain", ("auto", "reference", "sounds")),
                ("mode", ("auto", "search", "detail", "list")),
            ):
                if query.get(key) in allowed:
                    params[key] = query[key]
            if len(params["q"]) <= 1000 and any(c.isalnum() for c in params["q"]):
                seen.setdefault(json.dumps(params, sort_keys=True), params)
    return list(seen.values())


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(snapshot: Path, workdir: Path) -> tuple[subprocess.Popen, str, str]:
    port, token = free_port(), uuid.uuid4().hex
    env = {
        **os.environ,
        "STRUDEL_SNAPSHOT": str(snapshot),
        "JUPYTER_CONFIG_DIR": str(workdir / "config"),
        "JUPYTER_RUNTIME_DIR": str(workdir / "runtime"),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])),
    }
    command = [
        sys.executable,
        "-m",
        "jupyter_server",
        "--no-browser",
        "--allow-root",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={workdir}",
        "--ServerApp.jpserver_extensions=strudel_jupyter=True",
        "--ServerApp.log_level=WARN",
    ]
    log = (workdir / "server.log").open("w")
    process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=workdir)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited:\n{(workdir / 'server.log').read_text()[-3000:]}")
        try:
            url = f"{base}/strudel-jupyter/tags?token={token}"
            with urllib.request.urlopen(url, timeout=2) as reply:  # also builds the index
                if reply.status == 200:
                    return process, base, token
        except OSError:
            time.sleep(0.3)
    process.terminate()
    raise SystemExit("the server did not answer within 60 s")


class Connection:
    """One keep-alive HTTP/1.1 connection that logs in as a browser tab does (stdlib asyncio only).

    The first request carries the token; the server answers with its login cookie, which
    every later request sends instead (the browser's path, cheaper than token auth).
    """

    def __init__(self, host: str, port: int, token: str) -> None:
        self.host, self.port, self.token = host, port, token
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.cookies: dict[str, str] = {}

    async def get(self, path: str) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        if self.cookies:
            auth = "Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        else:
            auth = f"Authorization: token {self.token}"
        request = f"GET {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n{auth}\r\nConnection: keep-alive\r\n\r\n"
        self.writer.write(request.encode())
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "set-cookie":
                key, _, rest = value.strip().partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return status, await self.reader.readexactly(length)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def run(
    base: str, token: str, urls: list[str], *, clients: int, total: int, every_ms: float = 0.0
) -> dict[str, float]:
    """``clients`` connections send ``total`` requests in all; each waits for its answer.

    With ``every_ms`` 0 a client sends its next request at once (a closed loop: this measures
    the server saturated); otherwise each client sends one request every ``every_ms``.
    """
    host, port = base.removeprefix("http://").split(":")
    latencies: list[float] = []
    errors: list[str] = []
    sent = 0
    stop_at = time.monotonic() + MAX_SECONDS

    async def client(offset: int) -> None:
        nonlocal sent
        connection = Connection(host, int(port), token)
        i = offset
        # paced clients start spread over one interval, as independent people would
        next_at = time.monotonic() + every_ms / 1000 * offset / max(clients * 7, 1)
        try:
            while sent < total and time.monotonic() < stop_at:
                if every_ms:
                    await asyncio.sleep(max(0.0, next_at - time.monotonic()))
                    next_at += every_ms / 1000
                    if sent >= total:
                        break
                sent += 1
                url = urls[i % len(urls)]
                i += 1
                t0 = time.perf_counter()
                try:
                    status, body = await asyncio.wait_for(connection.get(url), timeout=10)
                    json.loads(body)
                except (TimeoutError, OSError, ValueError, IndexError, asyncio.IncompleteReadError) as exc:
                    errors.append(f"{url}: {exc!r}")
                    connection.close()
                    connection = Connection(host, int(port), token)
                    continue
                if status != 200:
                    errors.append(f"{url}: HTTP {status}")
                    continue
                latencies.append((time.perf_counter() - t0) * 1000)
        finally:
            connection.close()

    t0 = time.perf_counter()
    await asyncio.gather(*(client(k * 7) for k in range(clients)))
    seconds = time.perf_counter() - t0
    return {
        "requests": len(latencies) + len(errors),
        "errors": len(errors),
        "p50_ms": percentile(latencies, 0.50) if latencies else float("nan"),
        "p99_ms": percentile(latencies, 0.99) if latencies else float("nan"),
        "max_ms": max(latencies, default=float("nan")),
        "per_second": (len(latencies) + len(errors)) / seconds,
        "first_error": errors[0] if errors else "",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=2000, help="requests per scenario")
    parser.add_argument("--snapshot", type=Path, default=DEFAULT_SNAPSHOT)
    parser.add_argument("--every-ms", type=float, default=50.0, help="pacing of the paced scenario")
    args = parser.parse_args()

    knowledge = [f"/strudel-jupyter/knowledge?{urlencode(p)}" for p in KNOWLEDGE]
    lists = [f"/strudel-jupyter/{route}?{urlencode(p)}" for route, p in LISTS]
    # Every request different, so the server's response cache never helps: the questions of
    # the eval sets (real phrasings: details, typos, concepts, checks, listings, code), each
    # asked with a few default-sized limits.
    questions = eval_questions()
    uncached = [
        f"/strudel-jupyter/knowledge?{urlencode({**p, 'limit': str(limit)})}"
        for limit in range(3, 16)
        for p in questions
    ]
    with tempfile.TemporaryDirectory(prefix="bench-rest-") as tmp:
        process, base, token = start_server(args.snapshot, Path(tmp))
        try:
            # warm-up: every URL once (lazy tables, JIT-free but caches and imports)
            # plus every eval question once with a limit never measured, so lazily built parts
            # (the code validator's scope and parser) are warm but no measured answer is cached
            warm = [f"/strudel-jupyter/knowledge?{urlencode({**p, 'limit': '2'})}" for p in questions]
            urls = knowledge + lists + warm
            asyncio.run(run(base, token, urls, clients=1, total=len(urls)))
            closed = {"clients": args.clients, "total": args.requests}
            scenarios = {
                "status (floor)": (["/api/status"], 0.0),
                "knowledge": (knowledge, 0.0),
                "knowledge-miss": (uncached[: args.requests], 0.0),
                "lists+detail": (lists, 0.0),
                "knowledge-paced": (uncached[args.requests :] or uncached, args.every_ms),
            }
            results = {}
            for name, (urls, every_ms) in scenarios.items():
                before = cpu_seconds(process.pid)
                result = asyncio.run(run(base, token, urls, every_ms=every_ms, **closed))
                result["server_cpu_ms"] = (cpu_seconds(process.pid) - before) * 1000 / max(result["requests"], 1)
                results[name] = result
        finally:
            process.terminate()
            process.wait(timeout=20)

    print(f"REST API over loopback: {args.clients} concurrent keep-alive clients, {args.requests} requests per row")
    print("closed loop: each client sends its next request as soon as the answer arrives (server saturated);")
    print(f"paced: each client sends one request every {args.every_ms:.0f} ms (uncached queries)")
    print(
        f"{'scenario':<18}{'requests':>9}{'errors':>8}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'req/s':>8}"
        f"{'server CPU ms/req':>19}"
    )
    for name, r in results.items():
        print(
            f"{name:<18}{r['requests']:>9}{r['errors']:>8}{r['p50_ms']:>9.2f}{r['p99_ms']:>9.2f}"
            f"{r['max_ms']:>9.2f}{r['per_second']:>8.0f}{r['server_cpu_ms']:>19.3f}"
        )
        if r["first_error"]:
            print(f"  first error: {r['first_error']}")
    errors = sum(r["errors"] for r in results.values())
    verdicts = {
        name: results[name]["p99_ms"] <= TARGET_P99_MS and errors == 0 for name in ("knowledge", "knowledge-paced")
    }
    for name, ok in verdicts.items():
        print(f"target p99 <= {TARGET_P99_MS:.0f} ms, zero errors, {name}: {'met' if ok else 'NOT met'}")
    return 0 if all(verdicts.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
