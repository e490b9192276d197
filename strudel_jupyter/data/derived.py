"""The one caching idiom: things built once from data that never changes, kept by key.

An index's parts never change once built; registering sounds swaps in a new registry
version with a fresh store (see ``SoundsIndex``), so nothing kept here can go stale and
no caller checks versions. Jupyter Server and the MCP server ask from several threads:
each key is built once, under the store's lock, and read without it afterwards.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

__all__ = ["Derived"]

T = TypeVar("T")


class Derived(dict[Hashable, Any]):
    """A dict of derived values with :meth:`get_or_build`, thread-safe.

    It stays a dict so that readers can use ``get`` and ``in``; writers should go
    through :meth:`get_or_build`, which builds each key once even when threads race.
    """

    __slots__ = ("_lock",)

    def __init__(self) -> None:
        super().__init__()
        # Re-entrant: a build may ask the same store for another key it needs.
        self._lock = threading.RLock()

    def get_or_build(self, key: Hashable, build: Callable[[], T]) -> T:
        """The value kept under ``key``, built by ``build()`` on first use."""
        try:
            return self[key]
        except KeyError:
            pass
        with self._lock:
            if key not in self:
                self[key] = build()
            return self[key]
