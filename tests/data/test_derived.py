"""Derived: the one cache for what is built from data that never changes (one build per key, thread-safe)."""

from __future__ import annotations

import threading
import time

from strudel_jupyter.data.derived import Derived
from strudel_jupyter.data.index import get_index


def test_racing_threads_build_a_key_once():
    """Given eight threads asking for one missing key at once, the build runs once and all get its value."""
    store = Derived()
    builds: list[int] = []
    start = threading.Barrier(8)
    seen: list[object] = []

    def build() -> object:
        builds.append(1)
        time.sleep(0.02)  # long enough for the other threads to arrive while it runs
        return object()

    def ask() -> None:
        start.wait()
        seen.append(store.get_or_build("key", build))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(builds) == 1 and len(seen) == 8 and all(v is seen[0] for v in seen)


def test_a_build_may_ask_the_same_store_for_another_key():
    store = Derived()
    value = store.get_or_build("outer", lambda: store.get_or_build("inner", lambda: 2) + 1)
    assert value == 3 and dict(store) == {"inner": 2, "outer": 3}


def test_a_failed_build_keeps_nothing_and_is_tried_again():
    store = Derived()

    def fail() -> int:
        raise RuntimeError("no")

    try:
        store.get_or_build("key", fail)
    except RuntimeError:
        pass
    assert "key" not in store and store.get_or_build("key", lambda: 1) == 1


def test_registering_sounds_starts_the_derived_store_afresh(fresh_index):
    """Given a value derived from one registry version, the next version does not see it."""
    before = fresh_index.derived.get_or_build("probe", lambda: fresh_index.version)
    fresh_index.register_sounds({"zzq": ["a.wav"]}, "https://example.com/")
    assert fresh_index.derived.get_or_build("probe", lambda: fresh_index.version) == before + 1


def test_frames_are_built_once_per_version(fresh_index):
    frame = fresh_index.sounds.frame
    assert fresh_index.sounds.frame is frame
    fresh_index.register_sounds({"zzq": ["a.wav"]}, "https://example.com/")
    assert fresh_index.sounds.frame is not frame and "zzq" in fresh_index.sounds.frame.index
    assert fresh_index.reference.frame is fresh_index.reference.frame


def test_one_index_per_snapshot_directory(shared_snapshot_dir, shared_index):
    assert get_index(shared_snapshot_dir) is shared_index
    assert get_index(shared_snapshot_dir / ".." / shared_snapshot_dir.name) is shared_index
