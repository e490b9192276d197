"""The JavaScript syntax tree: tree-sitter's parser, a walk without recursion, and call readers."""

from __future__ import annotations

import ctypes
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version

from tree_sitter import Language, Node, Parser, Point, Tree

from .positions import SourceText

__all__ = ["Parsed", "call_args", "callee_name", "parse", "walk"]

_CHUNK = 1 << 16  # bytes handed to tree-sitter per read


def _installed(distribution: str) -> str:
    try:
        return version(distribution)
    except PackageNotFoundError:
        return ""


_PARSER_LOCAL = threading.local()  # a Parser is not thread-safe: one per thread

# py-tree-sitter 0.26.1 never releases the chunks a read callback returns (bytes mode does not
# leak, but cannot be cancelled): every parse leaked the text it had read, 356 MB over the
# fuzzer's 100k validations. On that version the reference it lost is given back after each
# parse, only for chunks still referenced beyond our own list (each chunk is a fresh object
# nothing else holds), so a binding that releases them makes this do nothing. Checked by
# tests/validator/test_limits.py; other versions are left alone.
_RELEASES_LOST_CHUNKS = _installed("tree-sitter") in {"0.26.1"}


def _release_lost(chunks: list[bytes]) -> None:
    """Give back the reference the binding lost to each chunk (each a fresh object only ``chunks`` holds)."""
    for i in range(len(chunks)):
        # held by ``chunks`` and by getrefcount's argument: a third reference is the lost one
        if sys.getrefcount(chunks[i]) > 2:
            ctypes.pythonapi.Py_DecRef(ctypes.py_object(chunks[i]))
    chunks.clear()


def _parser() -> Parser:
    parser: Parser | None = getattr(_PARSER_LOCAL, "parser", None)
    if parser is None:
        import tree_sitter_javascript

        parser = _PARSER_LOCAL.parser = Parser(Language(tree_sitter_javascript.language()))
    return parser


@dataclass(frozen=True, slots=True)
class Parsed:
    """A parse within a time budget: the tree, or None when the budget ran out first."""

    tree: Tree | None
    reached: int  # the farthest byte the parser got to (the whole text when it finished)
    seconds: float  # how long it took


def parse(source: SourceText, *, budget: float | None = None, end: int | None = None) -> Parsed:
    """Parse the code (its first ``end`` bytes), giving up after ``budget`` seconds.

    tree-sitter is error tolerant: a typo becomes an ERROR node and the rest still parses.
    On some text full of unbalanced brackets, quotes and slashes it keeps more and more
    readings alive and can run for minutes, so its progress callback cancels it in time.
    """
    data = source.data if end is None else source.data[:end]
    parser = _parser()
    started = time.thread_time()
    reached = 0

    given: list[bytes] = []
    view = memoryview(data)

    def read(byte: int, _point: Point) -> bytes:
        if not _RELEASES_LOST_CHUNKS:
            return data[byte : byte + _CHUNK]
        chunk = view[byte : byte + _CHUNK].tobytes()  # a new object, never ``data`` itself
        if len(chunk) > 1:  # b"" and one-byte strings are shared singletons: never tracked
            given.append(chunk)
        return chunk

    def progress(offset: int, _has_error: bool) -> bool:
        nonlocal reached
        reached = max(reached, offset)
        return budget is not None and time.thread_time() - started > budget  # True cancels

    try:
        tree: Tree | None = parser.parse(read, progress_callback=progress)
    except ValueError:  # "Parsing failed": cancelled by the progress callback
        tree = None
    if _RELEASES_LOST_CHUNKS:
        _release_lost(given)
    if tree is None:
        parser.reset()  # else the next parse on this thread would resume this one
        return Parsed(None, min(reached, len(data)), time.thread_time() - started)
    return Parsed(tree, len(data), time.thread_time() - started)


def walk(node: Node) -> Iterator[Node]:
    """``node`` and everything under it, in source order (a loop: trees nest thousands deep)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.children))


def callee_name(call: Node, source: SourceText) -> tuple[str, str]:
    """``("bare"|"method"|"", name)`` for a call expression: ``f(...)``, ``x.f(...)`` or neither."""
    fn = call.child_by_field_name("function")
    if fn is None:
        return "", ""
    if fn.type == "identifier":
        return "bare", source.text(fn)
    if fn.type == "member_expression":
        prop = fn.child_by_field_name("property")
        return "method", source.text(prop) if prop is not None else ""
    return "", ""


def call_args(call: Node) -> list[Node]:
    """The argument expressions of a call (comments left out)."""
    args = call.child_by_field_name("arguments")
    if args is None or args.type != "arguments":
        return []
    return [c for c in args.named_children if c.type != "comment"]
