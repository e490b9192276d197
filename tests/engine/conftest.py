"""The engine's tests share one engine process over the shared snapshot (its start is what is slow)."""

from __future__ import annotations

import pytest

from strudel_jupyter.engine import EngineProcess


@pytest.fixture(scope="session")
def process(shared_snapshot_dir):
    """An engine of the tests' own (the package's default one is left to the tests that check it)."""
    proc = EngineProcess(shared_snapshot_dir)
    yield proc
    proc.close()


@pytest.fixture(scope="session")
def patient(shared_snapshot_dir):
    """An engine with a long time limit: a test of another bound (memory, events) meets that bound first on a busy machine."""
    proc = EngineProcess(shared_snapshot_dir, seconds=30)
    yield proc
    proc.close()
