"""Strudel code quoted inside a question: ``is s("bd").bank("tr909") valid``, ``what does .jux(rev) do``.

The calls are cut out of the prose (so the question's phrasing can be read) and kept with
the names they call and the strings they pass, for the validator and the answer's items.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["CODE", "CodeParts", "split_code"]


@dataclass
class CodeParts:
    """Calls and string arguments found in code quoted inside a question."""

    text: str  # the code, as written
    calls: list[str] = field(default_factory=list)  # called names, in order (s, bank, fast)
    strings: list[tuple[str, str]] = field(default_factory=list)  # (callee, string content)


CODE = "\u2063\u2063"  # stands in for code inside the prose (invisible separators: never typed, no letters)
# a call as code writes it: fast(2), .jux(rev), . bank("x") -- but not English "tempo (bpm)"
_CALL_START = re.compile(r"(?<![\w$])(?:\.\s*)?([A-Za-z_$][\w$]*)\(")


def _string_end(text: str, start: int) -> int:
    quote, k = text[start], start + 1
    while k < len(text):
        if text[k] == "\\":
            k += 2
            continue
        if text[k] == quote:
            return k
        k += 1
    return -1


def _scan_call(
    text: str, open_paren: int, callee: str, found: list[tuple[int, str]], strings: list[tuple[str, str]]
) -> int:
    """Index after the ``)`` matching ``open_paren``, collecting nested calls; -1 if unbalanced."""
    depth, k = 1, open_paren + 1
    while k < len(text) and depth:
        c = text[k]
        if c in "\"'`":
            end = _string_end(text, k)
            if end < 0:
                return -1
            strings.append((callee, text[k + 1 : end]))
            k = end + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "." or c.isalpha() or c in "_$":
            inner = _CALL_START.match(text, k)
            if inner and not (text[k - 1].isalnum() or text[k - 1] in "_$"):
                end = _scan_call(text, inner.end() - 1, inner.group(1), found, strings)
                if end < 0:
                    return -1
                found.append((k, inner.group(1)))
                k = end
                continue
        k += 1
    return k if depth == 0 else -1


# English's optional plural, "function(s)", "signal(es)": a word, not a call of it with s
_PLURAL = re.compile(r"(?<![\w$.])([A-Za-z]{3,})\((e?s)\)(?![\w$(]|\.\s*[A-Za-z_$])")


def split_code(text: str) -> tuple[str, CodeParts | None]:
    """Separate quoted Strudel code (``s("bd").bank("tr909")``, ``.jux(rev)``) from the question.

    Returns the prose with each run of code replaced by :data:`CODE`, and what the code
    calls. Text without a balanced call is returned unchanged with ``None``. A word with its
    plural in brackets ("the given function(s)", as the docs write it) is prose.
    """
    if "(s)" in text or "(es)" in text:
        text = _PLURAL.sub(r"\1\2", text)
    found: list[tuple[int, str]] = []
    strings: list[tuple[str, str]] = []
    spans: list[tuple[int, int]] = []
    i = 0
    while True:
        match = _CALL_START.search(text, i)
        if not match:
            break
        end = _scan_call(text, match.end() - 1, match.group(1), found, strings)
        if end < 0:
            break
        found.append((match.start(), match.group(1)))
        if spans and not text[spans[-1][1] : match.start()].strip():
            spans[-1] = (spans[-1][0], end)  # a chain: s("bd").bank("tr909")
        else:
            spans.append((match.start(), end))
        i = end
    if not spans:
        return text, None
    parts = CodeParts(
        text="\n".join(text[a:b].strip() for a, b in spans),
        calls=[name for _, name in sorted(found)],
        strings=strings,
    )
    prose, last = [], 0
    for a, b in spans:
        prose += [text[last:a], f" {CODE} "]
        last = b
    prose.append(text[last:])
    return " ".join("".join(prose).split()), parts
