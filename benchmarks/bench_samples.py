"""Benchmark the server's sample cache: first fetches through it, then cached files under load.

    python benchmarks/bench_samples.py [--clients 8] [--requests 400] [--kb 200] [--snapshot DIR]

Starts a stand-in CDN on 127.0.0.1 serving every file of the uzu drum kit (41 WAVs of
``--kb`` KB each, under the real paths its map names) and a real Jupyter server whose
``STRUDEL_SAMPLE_MIRROR`` points at it, with a cache directory of its own. Reports:

- ``first fetch``: each of the 41 files asked once, one after another (fetched from the
  stand-in, written to disk, served): p50 / p99 latency;
- ``cached``: ``--clients`` concurrent clients asking for cached files in a closed loop until
  ``--requests`` answers: p50 / p99 latency, throughput in MB/s, errors;
- ``/api/status`` during the cached load: what the rest of Jupyter sees (the event loop
  must stay free; the files are read in the sample pool, never on the loop).

Only 127.0.0.1 is contacted; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_rest import DEFAULT_SNAPSHOT, ROOT, percentile, start_server

sys.path.insert(0, str(ROOT))
from strudel_jupyter.data.sample_cache import sample_catalog

MAX_SECONDS = 120


def standin(files: dict[str, bytes]) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = files.get(unquote(urlsplit(self.path).path.lstrip("/")))
            if body is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "audio/wav")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def timed_get(url: str, token: str) -> tuple[float, int, int]:
    start = time.perf_counter()
    request = urllib.request.Request(url, headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            size = len(reply.read())
            status = reply.status
    except urllib.error.HTTPError as exc:
        size, status = 0, exc.code
    return (time.perf_counter() - start) * 1000, status, size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--kb", type=int, default=200, help="size of each stand-in sample")
    parser.add_argument("--snapshot", type=Path, default=DEFAULT_SNAPSHOT)
    args = parser.parse_args()

    paths = list(sample_catalog(args.snapshot).pack("uzu-drumkit").files)
    files = {p: os.urandom(args.kb * 1024) for p in paths}
    cdn = standin(files)
    with tempfile.TemporaryDirectory(prefix="bench-samples-") as tmp:
        workdir = Path(tmp)
        os.environ["STRUDEL_SAMPLE_MIRROR"] = f"http://127.0.0.1:{cdn.server_address[1]}/"
        os.environ["STRUDEL_SAMPLE_CACHE"] = str(workdir / "cache")
        process, base, token = start_server(args.snapshot, workdir)
        try:
            urls = [f"{base}/strudel-jupyter/samples/{quote(p)}" for p in paths]
            first = [timed_get(url, token) for url in urls]
            assert all(status == 200 and size == args.kb * 1024 for _ms, status, size in first), first[:3]
            cold = [ms for ms, _s, _b in first]
            print(
                f"first fetch ({len(urls)} files of {args.kb} KB): "
                f"p50 {percentile(cold, 0.5):.1f} ms, p99 {percentile(cold, 0.99):.1f} ms"
            )

            stop = time.monotonic() + MAX_SECONDS
            done: list[tuple[float, int, int]] = []
            lock = threading.Lock()

            def client(offset: int) -> None:
                i = offset
                while time.monotonic() < stop:
                    with lock:
                        if len(done) >= args.requests:
                            return
                    result = timed_get(urls[i % len(urls)], token)
                    i += 1
                    with lock:
                        done.append(result)

            status_ms: list[float] = []
            loaded = threading.Event()

            def status_probe() -> None:
                while not loaded.is_set() and time.monotonic() < stop:
                    status_ms.append(timed_get(f"{base}/api/status", token)[0])
                    time.sleep(0.02)

            start = time.perf_counter()
            with ThreadPoolExecutor(args.clients + 1) as pool:
                probe = pool.submit(status_probe)
                for future in [pool.submit(client, n) for n in range(args.clients)]:
                    future.result()
                loaded.set()
                probe.result()
            seconds = time.perf_counter() - start
            warm = [ms for ms, _s, _b in done]
            errors = sum(1 for _ms, status, _b in done if status != 200)
            megabytes = sum(size for _ms, _s, size in done) / 1e6
            print(
                f"cached ({args.clients} clients, {len(done)} requests): p50 {percentile(warm, 0.5):.1f} ms, "
                f"p99 {percentile(warm, 0.99):.1f} ms, {megabytes / seconds:.0f} MB/s, {errors} errors"
            )
            print(
                f"/api/status during it ({len(status_ms)} probes): p50 {percentile(status_ms, 0.5):.1f} ms, "
                f"p99 {percentile(status_ms, 0.99):.1f} ms"
            )
            print(json.dumps({"load": os.getloadavg()[0]}))
        finally:
            process.terminate()
            process.wait(timeout=30)
            cdn.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
