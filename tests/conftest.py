"""Shared fixtures: every test reads the real Strudel snapshot in ../shared at run time."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED_SNAPSHOT = Path(os.environ.get("STRUDEL_SHARED_SNAPSHOT", ROOT.parent / "shared" / "strudel-snapshot")).resolve()
SHARED_EVAL = SHARED_SNAPSHOT.parent / "eval" / "dev.jsonl"

if not (SHARED_SNAPSHOT / "doc.json").exists():  # a missing snapshot must fail loudly, never skip
    raise pytest.UsageError(f"the shared Strudel snapshot is missing at {SHARED_SNAPSHOT}")

# The default index (used by front ends when no index= is passed) reads the shared snapshot.
os.environ["STRUDEL_SNAPSHOT"] = str(SHARED_SNAPSHOT)


@pytest.fixture(scope="session")
def shared_snapshot_dir() -> Path:
    return SHARED_SNAPSHOT
