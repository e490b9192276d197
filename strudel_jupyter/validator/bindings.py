"""Names the code declares, each visible in its scope only: which declaration a name means where.

JavaScript scopes nest (a callback inside a block inside a function), so every scope is a
byte range of the source and two ranges are either nested or apart. For each name,
:class:`Bindings` keeps the source cut into segments, each knowing the innermost
declaration of the name that covers it, so a lookup is one binary search whatever the
nesting or the number of declarations.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from tree_sitter import Node

__all__ = ["Binding", "Bindings"]


@dataclass(frozen=True, slots=True)
class Binding:
    """A name the code declares, visible in the byte range ``[start, end)`` of its scope."""

    name: str
    start: int
    end: int
    #: the first parameter of a callback handed to ``.every(...)``, ``.sometimes(...)``...
    is_pattern: bool = False
    #: its initial value, when a single ``const/let/var name = value`` declares it in this scope
    value: Node | None = None


class Bindings:
    """Which declaration of a name is visible at a byte offset (the innermost one), if any."""

    __slots__ = ("_tables",)

    def __init__(self, bindings: Iterable[Binding]) -> None:
        by_name: dict[str, list[Binding]] = defaultdict(list)
        for binding in bindings:
            by_name[binding.name].append(binding)
        self._tables = {name: _segments(found) for name, found in by_name.items()}

    def lookup(self, name: str, at: int) -> Binding | None:
        """The declaration ``name`` refers to at byte ``at``, or None when none is visible there."""
        table = self._tables.get(name)
        if table is None:
            return None
        points, values = table
        i = bisect.bisect_right(points, at) - 1
        return values[i] if i >= 0 else None

    def visible(self, at: int) -> list[str]:
        """Every declared name visible at byte ``at``, sorted."""
        return sorted(name for name in self._tables if self.lookup(name, at) is not None)

    def __contains__(self, name: object) -> bool:
        """Whether the code declares ``name`` anywhere."""
        return name in self._tables


def _segments(bindings: list[Binding]) -> tuple[list[int], list[Binding | None]]:
    """Cut the source at every scope boundary of one name: from ``points[i]`` on, ``values[i]`` is visible."""
    by_range: dict[tuple[int, int], Binding] = {}
    for b in bindings:
        key = (b.start, b.end)
        # declared twice in one scope (or a parameter redeclared with var): no single value or type
        by_range[key] = Binding(b.name, b.start, b.end) if key in by_range else b
    points: list[int] = []
    values: list[Binding | None] = []

    def mark(at: int, binding: Binding | None) -> None:
        if points and points[-1] == at:
            values[-1] = binding
        else:
            points.append(at)
            values.append(binding)

    open_: list[Binding] = []  # the scopes around the current point, innermost last
    for b in sorted(by_range.values(), key=lambda b: (b.start, -b.end)):
        while open_ and open_[-1].end <= b.start:
            closed = open_.pop()
            mark(closed.end, open_[-1] if open_ else None)
        open_.append(b)
        mark(b.start, b)
    while open_:
        closed = open_.pop()
        mark(closed.end, open_[-1] if open_ else None)
    return points, values
