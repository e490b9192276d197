"""The engine process stays small: it cleans up when idle, is replaced if it stays big, and answers the same.

Given an engine that a call grew by tens of MB, when it is left idle, then it is back near its
loaded size and the next call plays. Given one engine that cleans up after every call and one
that never does, when both play the same doc examples, then every answer is the same. Given an
engine still too big after its cleanup, then a fresh one takes its place between calls and the
next call plays. The loaded engine maps no OpenSSL (nothing in it uses the network).
"""

from __future__ import annotations

import json
import sys
import time

import pytest

from strudel_jupyter.engine import EngineProcess, run_code
from strudel_jupyter.limits import ENGINE_IDLE_GROWTH_BYTES

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

#: Code that holds about 64 MB of arrays while it runs, then plays one bd.
HEAVY = '(() => { const a = []; for (let i = 0; i < 8; i++) a.push(new Array(1e6).fill(i)); return s("bd") })()'


def private_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        return next(int(line.split()[1]) * 1024 for line in fh if line.startswith("RssAnon:"))


def events(run) -> list:  # type: ignore[no-untyped-def]
    return [(e.begin, e.end, e.value) for e in run.events]


def test_after_a_memory_heavy_call_the_idle_engine_is_back_near_its_loaded_size(shared_snapshot_dir):
    process = EngineProcess(shared_snapshot_dir, seconds=30)
    try:
        process.start()
        pid, loaded = process.pid, process.loaded_memory["anon"]
        assert pid is not None
        cleanups = process.cleanups
        run = run_code(HEAVY, process=process)
        assert run.error is None and len(run.events) == 1
        grown = private_bytes(pid)
        assert grown > loaded + ENGINE_IDLE_GROWTH_BYTES  # the call did grow it (else this test proves nothing)
        assert process.wait_for_cleanup(cleanups, timeout=20)
        assert process.pid == pid and process.replacements == 0
        notice = process.last_cleanup
        assert notice is not None and notice["before"]["anon"] >= grown - 2**20
        assert private_bytes(pid) < loaded + ENGINE_IDLE_GROWTH_BYTES
        assert len(run_code('s("bd*4")', process=process).events) == 4
    finally:
        process.close()


def test_cleaning_up_after_every_call_changes_no_answer(shared_snapshot_dir):
    doc = json.loads((shared_snapshot_dir / "doc.json").read_text(encoding="utf-8"))
    examples = [code for d in doc["docs"] for code in d.get("examples") or []][::25]
    examples.insert(3, HEAVY)
    always = EngineProcess(shared_snapshot_dir, seconds=30, idle_growth=0)
    never = EngineProcess(shared_snapshot_dir, seconds=30, idle_growth=None)
    try:
        for code in examples:
            cleanups = always.cleanups
            cleaned = run_code(code, begin=0, end=4, process=always)
            assert always.wait_for_cleanup(cleanups, timeout=20)  # it did clean up before the next call
            kept = run_code(code, begin=0, end=4, process=never)
            assert events(cleaned) == events(kept), code
            assert (cleaned.error and str(cleaned.error)) == (kept.error and str(kept.error)), code
            assert cleaned.cps == kept.cps and cleaned.logs == kept.logs, code
        assert never.cleanups == 0 and always.starts == never.starts == 1
        assert sum(bool(events(run_code(c, begin=0, end=4, process=always))) for c in examples) > len(examples) // 2
    finally:
        always.close()
        never.close()


def test_an_engine_still_too_big_after_its_cleanup_is_replaced_between_calls(shared_snapshot_dir):
    # retire_factor=0: any engine counts as too big once it has cleaned up
    process = EngineProcess(shared_snapshot_dir, seconds=30, retire_factor=0.0)
    try:
        process.start()
        first = process.pid
        run = run_code(HEAVY, process=process)
        assert run.error is None
        assert process.wait_for_cleanup(0, timeout=20) and process.last_cleanup["retire"]  # type: ignore[index]
        deadline = time.monotonic() + 30
        while not process.replacements and time.monotonic() < deadline:  # it starts beside the old one
            time.sleep(0.05)
        assert process.replacements == 1 and process.starts == 2
        assert process.pid not in (None, first)
        assert len(run_code('s("bd*4")', process=process).events) == 4
    finally:
        process.close()


def test_the_engine_process_maps_no_openssl(process):
    assert len(run_code('s("bd*4")', process=process).events) == 4
    assert process.pid is not None
    with open(f"/proc/{process.pid}/maps", encoding="ascii") as fh:
        libraries = {line.split()[-1] for line in fh if ".so" in line}
    assert any("mini_racer" in lib for lib in libraries)
    assert not [lib for lib in libraries if "libssl" in lib or "libcrypto" in lib]


def library_pages_kb(pid: int, library: str) -> dict[str, int]:
    """Resident kB of each read-only mapping of ``library`` in ``pid``: {"perms@offset": kB}."""
    out: dict[str, int] = {}
    key = None
    with open(f"/proc/{pid}/smaps", encoding="utf-8", errors="replace") as fh:
        for line in fh:
            head, _, rest = line.partition(" ")
            if not head.endswith(":"):
                fields = rest.split()
                key = f"{fields[0]}@{fields[1]}" if line.rstrip().endswith(library) else None
            elif key and head == "Rss:":
                out[key] = out.get(key, 0) + int(rest.split()[0])
    return out


def test_the_loaded_engine_gives_back_the_library_pages_only_loading_read(shared_snapshot_dir):
    # Given a fresh engine: loading read libmini_racer.so's symbol tables and relocations (~18 MB)
    process = EngineProcess(shared_snapshot_dir, seconds=30)
    try:
        process.start()
        assert process.pid is not None
        # When it is ready, then they are no longer resident: at most a few MB of the library's
        # first, read-only segment (symbols, relocations, constants) are
        pages = library_pages_kb(process.pid, "libmini_racer.so")
        first_segment = pages["r--p@00000000"]
        assert first_segment < 4 * 1024, pages
        # and the relocated data (its private copy) is still there: only clean file pages went
        assert any(kb > 0 for key, kb in pages.items() if key.startswith("r--p@") and key != "r--p@00000000"), pages
        # and it plays what it played before; what it reads again comes back from the file
        assert len(run_code('note("c e g").s("sawtooth").lpf(800)', process=process).events) == 3
        assert len(run_code('s("bd*4")', process=process).events) == 4
    finally:
        process.close()
