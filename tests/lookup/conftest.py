"""Fixtures for the lookup stage's tests."""

from __future__ import annotations

import pytest

from strudel_jupyter.devtools.evaluation import known_names


@pytest.fixture(scope="session")
def names(shared_index) -> set[str]:
    """Every real name of the shared index, lower-cased (what an answer may contain)."""
    return known_names(shared_index)
