"""Source positions: tree-sitter counts UTF-8 bytes, people count characters, lines and columns."""

from __future__ import annotations

import bisect
import re

from tree_sitter import Node

__all__ = ["SourceText"]

# JavaScript's line terminators (a column restarts after each).
_LINE_BREAK = re.compile(r"\r\n|\r|\n|\u2028|\u2029")


class SourceText:
    """The code as text and as the UTF-8 bytes the parser reads, with offset conversions."""

    __slots__ = ("_byte_to_char", "ascii", "code", "data", "line_starts")

    def __init__(self, code: str) -> None:
        self.code = code
        self.data = code.encode("utf-8")
        self.ascii = len(self.data) == len(code)
        self.line_starts = [0] + [m.end() for m in _LINE_BREAK.finditer(code)]
        self._byte_to_char: list[int] | None = None  # built on first non-ASCII lookup

    def char(self, byte_offset: int) -> int:
        """The character offset of a byte offset."""
        if self.ascii:
            return byte_offset
        if self._byte_to_char is None:
            table = [0] * (len(self.data) + 1)
            b = 0
            for i, ch in enumerate(self.code):
                n = len(ch.encode("utf-8"))
                for k in range(n):
                    table[b + k] = i
                b += n
            table[b] = len(self.code)
            self._byte_to_char = table
        return self._byte_to_char[byte_offset]

    def byte(self, char_offset: int) -> int:
        """The byte offset of a character offset."""
        return char_offset if self.ascii else len(self.code[:char_offset].encode("utf-8"))

    def line_col(self, char_offset: int) -> tuple[int, int]:
        """1-based line and column of a character offset."""
        line = bisect.bisect_right(self.line_starts, char_offset) - 1
        return line + 1, char_offset - self.line_starts[line] + 1

    def start(self, node: Node) -> int:
        """The character offset where ``node`` starts."""
        return self.char(node.start_byte)

    def text(self, node: Node) -> str:
        """The source text of ``node``."""
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")
