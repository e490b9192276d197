"""The JavaScript syntax tree: tree-sitter's parser, a walk without recursion, and call readers."""

from __future__ import annotations

import threading
from collections.abc import Iterator

from tree_sitter import Language, Node, Parser, Tree

from .positions import SourceText

__all__ = ["call_args", "callee_name", "parse", "walk"]

_PARSER_LOCAL = threading.local()  # a Parser is not thread-safe: one per thread


def _parser() -> Parser:
    parser: Parser | None = getattr(_PARSER_LOCAL, "parser", None)
    if parser is None:
        import tree_sitter_javascript

        parser = _PARSER_LOCAL.parser = Parser(Language(tree_sitter_javascript.language()))
    return parser


def parse(source: SourceText) -> Tree:
    """The code's syntax tree (error tolerant: a typo becomes an ERROR node, the rest still parses)."""
    return _parser().parse(source.data)


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
