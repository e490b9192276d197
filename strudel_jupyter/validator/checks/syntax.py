"""Syntax: what stops the REPL from evaluating the code (JavaScript, escapes, mini-notation strings)."""

from __future__ import annotations

from tree_sitter import Node

from ...limits import MAX_SYNTAX_FINDINGS
from ..strings import MAX_CODE_POINT
from ..tree import walk
from .context import CheckContext

__all__ = ["check_escapes", "check_mini_strings", "check_syntax"]
_CLOSERS = {"(": ")", "[": "]", "{": "}", "${": "}"}


#: Nodes a ``return`` may stand in (tree-sitter-javascript's names).
_FUNCTIONS = frozenset(
    {
        "function_declaration",
        "function_expression",
        "function",
        "arrow_function",
        "method_definition",
        "generator_function",
        "generator_function_declaration",
        "class_static_block",
    }
)


def check_syntax(ctx: CheckContext, root: Node) -> None:
    """JavaScript syntax errors: a bracket left open or closed wrongly, else tree-sitter's ERROR nodes."""
    _top_level_returns(ctx, root)
    if not root.has_error:
        return
    count = _bracket_errors(ctx, root)
    if count:
        return  # the bracket message is exact; tree-sitter's ERROR nodes would only repeat it
    for node in walk(root):
        ctx.tick()
        if count >= MAX_SYNTAX_FINDINGS:
            break
        if not ctx.is_complete(node):
            continue
        if node.is_missing:
            what = node.type
            ctx.add_at(node, "error", "syntax", what, f"syntax error: missing {what!r}")
            count += 1
        elif node.type == "ERROR":
            words = ctx.text(node).strip().split()
            token = words[0][:20] if words else "end of input"
            ctx.add_at(node, "error", "syntax", token, f"syntax error near {token!r}")
            count += 1


def _top_level_returns(ctx: CheckContext, root: Node) -> None:
    """A ``return`` outside any function: JavaScript's parser (the REPL's) refuses the whole code."""
    for node in walk(root):
        ctx.tick()
        if node.type != "return_statement" or not ctx.is_complete(node):
            continue
        parent = node.parent
        while parent is not None and parent.type not in _FUNCTIONS:
            parent = parent.parent
        if parent is None:
            keyword = ctx.text(node).split(None, 1)[0][:20]  # "return", as written
            message = f"syntax error: {keyword!r} outside of a function (the REPL evaluates the code as a script)"
            ctx.add_at(node, "error", "syntax", keyword, message)
            return


def _bracket_errors(ctx: CheckContext, root: Node) -> int:
    """Unclosed or mismatched brackets: the most common syntax slip, located exactly."""
    pairs = {")": "(", "]": "[", "}": "{"}
    stack: list[Node] = []
    for node in walk(root):
        ctx.tick()
        if node.child_count or node.is_missing:
            continue
        t = node.type
        if t in _CLOSERS:
            stack.append(node)
        elif t in pairs:
            if stack and pairs[t] == stack[-1].type.lstrip("$"):
                stack.pop()
            elif ctx.is_complete(node):
                opened = f" (the open one is {stack[-1].type!r})" if stack else ""
                ctx.add_at(node, "error", "syntax", t, f"syntax error: unexpected {t!r}{opened}")
                return 1
            else:
                return 0  # past the reliable part of a cut parse: leave it to the ERROR nodes
    if ctx.complete_before is not None:
        return 0  # a cut parse: the closing brackets may be in the part that was not read
    for node in stack[:MAX_SYNTAX_FINDINGS]:
        line, column = ctx.source.line_col(ctx.source.start(node))
        message = (
            f"syntax error: {node.type!r} opened at line {line}, column {column} is never closed "
            f"(missing {_CLOSERS[node.type]!r})"
        )
        ctx.add_at(node, "error", "syntax", node.type, message)
    return min(len(stack), MAX_SYNTAX_FINDINGS)


def check_escapes(ctx: CheckContext) -> None:
    """``\\u{110000}`` and beyond: JavaScript refuses to parse the string."""
    for node in ctx.defs.escapes:
        ctx.tick()
        text = ctx.text(node)
        if not text.startswith("\\u{") or not text.endswith("}"):
            continue
        parent = node.parent
        if parent is not None and parent.type == "template_string":
            tag = parent.parent
            if tag is not None and tag.type == "call_expression":
                continue  # a tagged template keeps invalid escapes raw (cooked value undefined)
        try:
            code = int(text[3:-1], 16)
        except ValueError:
            continue
        if code > MAX_CODE_POINT:
            message = f"syntax error: {text} is not a Unicode code point (the largest is \\u{{10FFFF}})"
            ctx.add_at(node, "error", "syntax", text, message)


def check_mini_strings(ctx: CheckContext) -> None:
    """Mini-notation syntax errors in the strings the REPL parses as patterns."""
    for node in ctx.defs.strings:
        ctx.tick()
        if ctx.is_complete(node) and _is_mini_notation(ctx, node):
            _check_mini_string(ctx, node)


def _is_mini_notation(ctx: CheckContext, node: Node) -> bool:
    parent = node.parent
    if node.type == "template_string" and parent is not None and parent.type == "call_expression":
        return False  # tagged template (tidal`...`, mondo`...`): another language
    if node.type == "string" and not ctx.text(node).startswith('"'):
        return False  # single quotes: a plain JavaScript string
    if parent is not None and parent.type in ("pair", "import_statement", "export_statement"):
        if parent.type != "pair" or parent.child_by_field_name("key") == node:
            return False
    return not any(a <= node.start_byte < b for a, b in ctx.defs.mini_off)


def _check_mini_string(ctx: CheckContext, node: Node) -> None:
    value = ctx.string(node)
    if value is None:
        return
    parsed = ctx.mini(value.value)
    if parsed.error is None:
        return
    offset = value.source_offset(parsed.error.offset)
    if parsed.error.too_deep:
        ctx.add("error", "mini_syntax", value.value, parsed.error.message, offset)
        return
    if value.quote == "`":
        why = "the REPL reads a `...` string as mini-notation, up to its first ${...}"
    else:
        why = 'the REPL reads every "..." string as mini-notation'
    message = f"{parsed.error.message} ({why}; write plain text in '...' quotes)"
    ctx.add("error", "mini_syntax", value.value, message, offset)
