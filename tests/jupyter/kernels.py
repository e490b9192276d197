"""A real IPython kernel running this checkout's package, for tests that talk to one."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from jupyter_client.blocking.client import BlockingKernelClient
from jupyter_client.manager import KernelManager

from tests.conftest import SHARED_SNAPSHOT

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60


@contextmanager
def running_kernel() -> Iterator[BlockingKernelClient]:
    """A started ``python3`` kernel that imports this checkout and reads the shared snapshot."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "STRUDEL_SNAPSHOT": str(SHARED_SNAPSHOT)}
    manager = KernelManager(kernel_name="python3")
    manager.start_kernel(env=env, cwd=str(ROOT))
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=TIMEOUT)
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
