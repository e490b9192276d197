"""The JavaScript syntax tree: tree-sitter's parser, a walk without recursion, and call readers."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

from tree_sitter import Language, Node, Parser, Point, Tree

from .positions import SourceText

__all__ = ["Parsed", "call_args", "callee_name", "parse", "walk"]

_CHUNK = 1 << 16  # bytes handed to tree-sitter per read

_PARSER_LOCAL = threading.local()  # a Parser is not thread-safe: one per thread


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

    def read(byte: int, _point: Point) -> bytes:
        return data[byte : byte + _CHUNK]

    def progress(offset: int, _has_error: bool) -> bool:
        nonlocal reached
        reached = max(reached, offset)
        return budget is not None and time.thread_time() - started > budget  # True cancels

    try:
        tree: Tree | None = parser.parse(read, progress_callback=progress)
    except ValueError:  # "Parsing failed": cancelled by the progress callback
        tree = None
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
