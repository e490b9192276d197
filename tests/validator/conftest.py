"""The validator's tests read the shared snapshot's default index."""

from __future__ import annotations

import pytest

from strudel_jupyter import get_index


@pytest.fixture(scope="module")
def index(shared_snapshot_dir):
    return get_index(shared_snapshot_dir)
