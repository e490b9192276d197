"""Shared fixtures: every test reads the real Strudel snapshot in ../shared at run time."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from strudel_jupyter.data.index import StrudelIndex, get_index

ROOT = Path(__file__).resolve().parents[1]
SHARED_SNAPSHOT = Path(os.environ.get("STRUDEL_SHARED_SNAPSHOT", ROOT.parent / "shared" / "strudel-snapshot")).resolve()
SHARED_EVAL = SHARED_SNAPSHOT.parent / "eval" / "dev.jsonl"

if not (SHARED_SNAPSHOT / "doc.json").exists():  # a missing snapshot must fail loudly, never skip
    raise pytest.UsageError(f"the shared Strudel snapshot is missing at {SHARED_SNAPSHOT}")

# The default index (used by front ends when no index= is passed) reads the shared snapshot.
os.environ["STRUDEL_SNAPSHOT"] = str(SHARED_SNAPSHOT)
# Sounds registered by tests (and the kernels and servers they start) go to a store of the
# test run's own, never the user's (data/user_sounds.py); each test starts with an empty one.
os.environ["STRUDEL_USER_SOUNDS"] = str(Path(tempfile.mkdtemp(prefix="strudel-user-sounds-")) / "user-sounds.json")
# The tutorial pages' parse cache (data/pages.py) of the test run's own, never the user's.
os.environ["STRUDEL_CACHE_DIR"] = tempfile.mkdtemp(prefix="strudel-cache-")


@pytest.fixture(autouse=True)
def _empty_user_sounds_store(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("STRUDEL_USER_SOUNDS", str(tmp_path_factory.mktemp("user-sounds") / "user-sounds.json"))


@pytest.fixture(scope="session")
def shared_snapshot_dir() -> Path:
    return SHARED_SNAPSHOT


@pytest.fixture(scope="session")
def shared_index() -> StrudelIndex:
    """The default index over the shared snapshot, the one front ends use: read it, never change it."""
    return get_index(SHARED_SNAPSHOT)


@pytest.fixture()
def fresh_index() -> StrudelIndex:
    """An index of its own over the shared snapshot: a test may change it (register_sounds...)."""
    return StrudelIndex.from_path(SHARED_SNAPSHOT)
