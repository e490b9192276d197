"""String literals: their cooked value, and where each of its characters sits in the source."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node

from .positions import SourceText

__all__ = ["MAX_CODE_POINT", "StringValue", "decode_js_string", "string_value"]

#: The last Unicode code point; ``\u{...}`` past it is a JavaScript syntax error.
MAX_CODE_POINT = 0x10FFFF
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
_HEX = re.compile(r"[0-9a-fA-F]+")


def decode_js_string(raw: str) -> tuple[str, list[int]]:
    """Cook a quoted string's body; also return, per cooked character, its offset in ``raw``."""
    out: list[str] = []
    where: list[int] = []
    i, n = 0, len(raw)
    while i < n:
        j = raw.find("\\", i)
        if j < 0 or j + 1 >= n:  # no escape left (a lone backslash at the end stays as it is)
            out.append(raw[i:])
            where.extend(range(i, n))
            break
        out.append(raw[i:j])  # the plain run up to the escape, in one piece
        where.extend(range(i, j))
        i = start = j
        nxt = raw[i + 1]
        if nxt in "\r\n\u2028\u2029":  # line continuation
            i += 3 if raw.startswith("\r\n", i + 1) else 2
            continue
        if nxt == "x" and re.fullmatch(r"[0-9a-fA-F]{2}", raw[i + 2 : i + 4]):
            out.append(chr(int(raw[i + 2 : i + 4], 16)))
            i += 4
        elif nxt == "u" and raw[i + 2 : i + 3] == "{":
            end = raw.find("}", i)
            value = raw[i + 3 : end] if end > 0 else ""
            code = int(value, 16) if _HEX.fullmatch(value) else None
            # past U+10FFFF is a JavaScript syntax error, reported by the syntax check
            out.append("u" if code is None else chr(code) if code <= MAX_CODE_POINT else "\ufffd")
            i = end + 1 if end > 0 else i + 2
        elif nxt == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", raw[i + 2 : i + 6]):
            out.append(chr(int(raw[i + 2 : i + 6], 16)))
            i += 6
        else:
            out.append(_ESCAPES.get(nxt, nxt))
            i += 2
        where.append(start)
    return "".join(out), where


@dataclass(frozen=True, slots=True)
class StringValue:
    """A string literal's value, and where each of its characters is in the source (char offsets)."""

    value: str
    where: list[int]
    quote: str  # '"', "'" or "`"
    end: int  # char offset just past the value (for "unexpected end" errors)

    def source_offset(self, i: int) -> int:
        return self.where[i] if i < len(self.where) else self.end


def string_value(source: SourceText, node: Node | None) -> StringValue | None:
    """The value of a string literal or a template without substitutions, else None."""
    if node is None or node.type not in ("string", "template_string"):
        return None
    text = source.text(node)
    if len(text) < 2:
        return None
    start = source.start(node)
    if node.type == "string":
        value, where = decode_js_string(text[1:-1])
        return StringValue(value, [start + 1 + w for w in where], text[0], start + len(text) - 1)
    # the transpiler reads a template's first chunk (up to the first ${...}), raw
    body = text[1:-1]
    cut = body.find("${")
    raw = body if cut < 0 else body[:cut]
    return StringValue(raw, [start + 1 + i for i in range(len(raw))], "`", start + 1 + len(raw))
