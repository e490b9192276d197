"""A stand-in for Strudel's sample CDN on 127.0.0.1, for the sample cache's tests.

It serves a few files under the real paths the snapshot's sample maps name (this machine
cannot reach the real CDN), counts the requests per path, and can misbehave on purpose:
answer slowly, send fewer bytes than its Content-Length says, or send the wrong content type.
"""

from __future__ import annotations

import io
import math
import struct
import threading
import time
import wave
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlsplit

import pytest

from .conftest import SHARED_SNAPSHOT


def wav_bytes(frequency: float, *, frames: int = 800) -> bytes:
    """A short mono 16-bit WAV of a sine: a real sample, different for each frequency."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(8000)
        out.writeframes(
            b"".join(struct.pack("<h", int(8000 * math.sin(2 * math.pi * frequency * i / 8000))) for i in range(frames))
        )
    return buffer.getvalue()


@dataclass
class Served:
    body: bytes
    content_type: str
    delay: float = 0.0
    #: Content-Length sent, when it should differ from the body's length (a truncated answer).
    declared_length: int | None = None


@dataclass
class StandinCDN:
    """What the stand-in serves (decoded path -> Served) and what it was asked (path -> count)."""

    url: str = ""
    files: dict[str, Served] = field(default_factory=dict)
    requests: Counter[str] = field(default_factory=Counter)

    def add(self, path: str, body: bytes, content_type: str = "audio/wav", **options: float | int) -> bytes:
        self.files[unquote(path)] = Served(body, content_type, **options)  # type: ignore[arg-type]
        return body


def _handler(cdn: StandinCDN) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            path = unquote(urlsplit(self.path).path.lstrip("/"))
            cdn.requests[path] += 1
            served = cdn.files.get(path)
            if served is None:
                self.send_error(404)
                return
            time.sleep(served.delay)
            self.send_response(200)
            self.send_header("Content-Type", served.content_type)
            length = served.declared_length if served.declared_length is not None else len(served.body)
            self.send_header("Content-Length", str(length))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(served.body)
            self.close_connection = True

        def log_message(self, *args: object) -> None:
            pass

    return Handler


#: Real paths from the snapshot's maps (piano.json names piano/A0v8.mp3; vcsl.json names files with spaces).
PIANO_FILE = "piano/A0v8.mp3"
VCSL_FILE = "VCSL/Aerophones/Edge-blown Aerophones/Ball Whistle/Main_BallWhistle_Long-001.wav"
UZU_BD = ("uzu-drumkit/bd/10_bd_switchangel.wav", "uzu-drumkit/bd/11_bd_mot4i.wav")


@pytest.fixture
def standin_cdn() -> Iterator[StandinCDN]:
    """A stand-in CDN serving two real maps and a few of the files they name."""
    cdn = StandinCDN()
    maps = SHARED_SNAPSHOT / "sample-maps"
    cdn.add("piano.json", (maps / "piano.json").read_bytes(), "application/json")
    cdn.add(PIANO_FILE, wav_bytes(220), "audio/mpeg")
    cdn.add(VCSL_FILE, wav_bytes(330))
    for i, path in enumerate(UZU_BD):
        cdn.add(path, wav_bytes(110 + 10 * i))
    cdn.add("secret.txt", b"not a sample", "text/plain")  # on the host, but listed by no map
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(cdn))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    cdn.url = f"http://127.0.0.1:{server.server_address[1]}/"
    yield cdn
    server.shutdown()
    server.server_close()


def closed_port_url() -> str:
    """A URL on 127.0.0.1 where nothing listens: an upstream that cannot be reached."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/"
