"""Strudel mini-notation (``"bd*2 [sd cp]:3 <hh oh>"``): a parser that finds the value atoms.

It follows the grammar Strudel's mini-notation parser uses (``krill.pegjs`` in
``@strudel/mini``) rule by rule, with the same ordered-choice and backtracking
behaviour, so a string it rejects is one the REPL rejects too. It does not build
patterns: it reports the atoms that are *values* (``bd``, ``sd``), each with the
``:`` tails that follow it (``bd:3`` -> index ``3``), and leaves out atoms that are
operator arguments (the ``3,8`` of ``bd(3,8)``, the ``2`` of ``bd*2``, ``%4``...).
Offsets are relative to the string's content (without quotes).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from ..limits import MAX_MINI_DEPTH
from .deadline import Deadline

__all__ = ["MAX_DEPTH", "Atom", "MiniParse", "MiniSyntaxError", "is_number", "parse_mini"]

#: How deep brackets and operator arguments may nest (see ``strudel_jupyter.limits``).
MAX_DEPTH = MAX_MINI_DEPTH

_WS = " \n\r\t\u00a0"
_LETTER_CATEGORIES = frozenset({"Lu", "Ll", "Lt", "Lm", "Lo", "Nl"})
_SILENCE = frozenset({"~", "-"})
# JavaScript's Number(text) accepts these forms (mini-notation atoms never hold spaces).
_JS_NUMBER = re.compile(
    r"[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|Infinity)|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+"
)


def is_number(text: str) -> bool:
    """True when JavaScript's ``Number(text)`` is not NaN (how mini-notation tells numbers apart)."""
    return bool(_JS_NUMBER.fullmatch(text))


@dataclass(frozen=True, slots=True)
class Atom:
    """One step of the pattern (``bd``), with the ``:`` tails that follow it (``bd:3:0.5``)."""

    text: str
    start: int  # offset in the string's content
    end: int
    tails: tuple[tuple[Atom, ...], ...] = ()  # value atoms of each ``:`` tail, in order

    @property
    def is_silence(self) -> bool:
        return self.text in _SILENCE

    @property
    def is_number(self) -> bool:
        return is_number(self.text)


@dataclass(frozen=True, slots=True)
class MiniSyntaxError:
    message: str
    offset: int  # in the string's content (may equal its length: "unexpected end")
    too_deep: bool = False  # nested past MAX_DEPTH, not a misplaced character


@dataclass(slots=True)
class MiniParse:
    values: list[Atom] = field(default_factory=list)
    error: MiniSyntaxError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


class _Fail(Exception):
    pass


class _TooDeep(Exception):
    """Not a ``_Fail``: no alternative can succeed, so it ends the parse (no backtracking)."""

    def __init__(self, pos: int) -> None:
        super().__init__(pos)
        self.pos = pos


_T = TypeVar("_T")

# A parsed slice: the value atoms it holds, and the atoms of its operator arguments.
_Node = list  # list[Atom] of values (tails already applied)


class _Parser:
    """Recursive descent over ``"<content>"`` mirroring krill.pegjs (PEG: ordered choice, backtracking)."""

    def __init__(self, content: str, deadline: Deadline | None = None) -> None:
        self.text = f'"{content}"'
        self.deadline = deadline
        self.pos = 0
        self.far = 0  # farthest position a rule failed at: where the error is reported
        self.expected: set[str] = set()
        self.depth = 0  # slice_with_ops being parsed inside one another (the top level is 1)

    # ------------------------------------------------------------ primitives
    def _fail(self, what: str) -> None:
        if self.pos > self.far:
            self.far, self.expected = self.pos, {what}
        elif self.pos == self.far:
            self.expected.add(what)
        raise _Fail

    def _peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def _lit(self, s: str) -> None:
        if self.text.startswith(s, self.pos):
            self.pos += len(s)
        elif self.pos < self.far:
            raise _Fail  # not the farthest failure: what was expected here is never shown
        else:
            self._fail(repr(s))

    def _try(self, rule: Callable[[], _T]) -> _T | None:
        """Run a rule; on failure restore the position and return None (PEG ``?`` / choice)."""
        start = self.pos
        try:
            return rule()
        except _Fail:
            self.pos = start
            return None

    def ws(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in _WS:
            self.pos += 1

    @staticmethod
    def _is_step_char(ch: str) -> bool:
        return (
            ch.isdigit()
            and ch.isascii()
            or ch in "~-#.^_"
            or (bool(ch) and unicodedata.category(ch) in _LETTER_CATEGORIES)
        )

    def number(self) -> str:
        start = self.pos
        if self._peek() == "-":
            self.pos += 1
        ch = self._peek()
        if ch == "0":
            self.pos += 1
        elif ch in "123456789" and ch:
            while self._peek().isascii() and self._peek().isdigit():
                self.pos += 1
        else:
            self._fail("a number")
        if self._peek() == "." and self.pos + 1 < len(self.text) and self.text[self.pos + 1].isdigit():
            self.pos += 1
            while self._peek().isascii() and self._peek().isdigit():
                self.pos += 1
        if self._peek() in ("e", "E") and self._peek():
            save = self.pos
            self.pos += 1
            if self._peek() in ("+", "-") and self._peek():
                self.pos += 1
            if self._peek().isascii() and self._peek().isdigit():
                while self._peek().isascii() and self._peek().isdigit():
                    self.pos += 1
            else:
                self.pos = save
        return self.text[start : self.pos]

    # ----------------------------------------------------------------- rules
    def step(self) -> _Node:
        self.ws()
        start = self.pos
        while self.pos < len(self.text) and self._is_step_char(self.text[self.pos]):
            self.pos += 1
        if self.pos == start:
            self._fail("a step")
        chars = self.text[start : self.pos]
        self.ws()
        if chars in (".", "_"):
            self._fail("a step")
        return [Atom(chars, start - 1, start - 1 + len(chars))]

    def sub_cycle(self) -> _Node:
        self.ws()
        self._lit("[")
        self.ws()
        values = self.stack_or_choose()
        self.ws()
        self._lit("]")
        self.ws()
        return values

    def polymeter(self) -> _Node:
        self.ws()
        self._lit("{")
        self.ws()
        values = self.polymeter_stack()
        self.ws()
        self._lit("}")
        self._try(self.polymeter_steps)
        self.ws()
        return values

    def polymeter_steps(self) -> None:
        self._lit("%")
        self.slice()

    def slow_sequence(self) -> _Node:
        self.ws()
        self._lit("<")
        self.ws()
        values = self.polymeter_stack()
        self.ws()
        self._lit(">")
        self.ws()
        return values

    def slice(self) -> _Node:
        for rule in (self.step, self.sub_cycle, self.polymeter, self.slow_sequence):
            result = self._try(rule)
            if result is not None:
                return result
        self._fail("a step, [, { or <")
        return []  # pragma: no cover

    # slice operators: each returns the tail values it adds (only ``:`` adds any)
    def op_weight(self) -> None:
        self.ws()
        if self._peek() in ("@", "_") and self._peek():
            self.pos += 1
        else:
            self._fail("@")
        self._try(self.number)

    def op_bjorklund(self) -> None:
        self._lit("(")
        self.ws()
        self.slice_with_ops()
        self.ws()
        self.comma()
        self.ws()
        self.slice_with_ops()
        self.ws()
        self._try(self.comma)
        self.ws()
        self._try(self.slice_with_ops)
        self.ws()
        self._lit(")")

    def op_slow(self) -> None:
        self._lit("/")
        self.slice()

    def op_fast(self) -> None:
        self._lit("*")
        self.slice()

    def op_replicate(self) -> None:
        self.ws()
        self._lit("!")
        self._try(self.number)

    def op_degrade(self) -> None:
        self._lit("?")
        self._try(self.number)

    def op_tail(self) -> _Node:
        self._lit(":")
        return self.slice()

    def op_range(self) -> None:
        self._lit("..")
        self.slice()

    def slice_with_ops(self) -> _Node:
        # Every way to nest (brackets, operator arguments such as bd(3,8,bd(...))) comes
        # back through here, so this is where the depth is counted.
        if self.deadline is not None:
            self.deadline.check()  # a very long string must not outlast the validation's budget
        if self.depth > MAX_DEPTH:
            self.ws()
            raise _TooDeep(self.pos)
        self.depth += 1
        try:
            return self._slice_with_ops()
        finally:
            self.depth -= 1

    def _slice_with_ops(self) -> _Node:
        values = self.slice()
        tails: list[tuple[Atom, ...]] = []
        ops = (
            self.op_weight,
            self.op_bjorklund,
            self.op_slow,
            self.op_fast,
            self.op_replicate,
            self.op_degrade,
            self.op_tail,
            self.op_range,
        )
        while True:
            start = self.pos
            for op in ops:
                try:
                    result = op()
                except _Fail:
                    self.pos = start
                    continue
                if result is not None:  # only a ``:`` tail adds values
                    tails.append(tuple(result))
                break
            else:
                break
            if self.pos == start:  # an op that consumed nothing cannot repeat
                break
        if tails:
            values = [Atom(a.text, a.start, a.end, a.tails + tuple(tails)) for a in values]
        return values

    def sequence(self) -> _Node:
        if self._peek() == "^":
            self.pos += 1
        values = self.slice_with_ops()
        while True:
            more = self._try(self.slice_with_ops)
            if more is None:
                return values
            values.extend(more)

    def comma(self) -> None:
        self.ws()
        self._lit(",")
        self.ws()

    def _separated(self, separator: Callable[[], None]) -> _Node | None:
        """``(separator sequence)+``"""
        values: _Node = []
        found = False
        while True:
            start = self.pos
            try:
                separator()
                values.extend(self.sequence())
                found = True
            except _Fail:
                self.pos = start
                return values if found else None

    def pipe(self) -> None:
        self.ws()
        self._lit("|")
        self.ws()

    def dot(self) -> None:
        self.ws()
        self._lit(".")
        self.ws()

    def stack_or_choose(self) -> _Node:
        values = self.sequence()
        for separator in (self.comma, self.pipe, self.dot):
            tail = self._separated(separator)
            if tail is not None:
                values.extend(tail)
                return values
        return values

    def polymeter_stack(self) -> _Node:
        values = self.sequence()
        values.extend(self._separated(self.comma) or ())
        return values

    # ------------------------------------------------------------- top level
    def quote(self) -> None:
        if self._peek() in ('"', "'") and self._peek():
            self.pos += 1
        else:
            self._fail("a closing quote")

    def parse(self) -> MiniParse:
        # statement -> mini_definition -> mini_or_operator -> mini ws comment*; the input is
        # always a quoted string, so the operator/cat/command alternatives cannot match.
        try:
            self.ws()
            self.quote()
            self.ws()
            values = self.stack_or_choose()
            self.ws()
            self.quote()
            self.ws()
            while self.text.startswith("//", self.pos):
                end = self.text.find("\n", self.pos)
                self.pos = len(self.text) if end < 0 else end
            if self.pos != len(self.text):
                self._fail("end of pattern")
        except _Fail:
            return MiniParse([], self._error())
        except _TooDeep as deep:
            return MiniParse([], self._too_deep(deep.pos))
        except RecursionError:  # the caller was already deep in Python's stack
            return MiniParse([], self._too_deep(self.pos, why="too deeply for the Python stack left"))
        return MiniParse(values, None)

    def _too_deep(self, pos: int, *, why: str = "") -> MiniSyntaxError:
        offset = max(min(pos, len(self.text) - 1) - 1, 0)  # without the opening quote we added
        why = why or f"more than {MAX_DEPTH} levels of brackets or operator arguments"
        return MiniSyntaxError(
            f"mini-notation: nested too deeply ({why}); flatten the pattern or build it with JavaScript",
            offset,
            too_deep=True,
        )

    def _error(self) -> MiniSyntaxError:
        offset = min(self.far, len(self.text) - 1)  # the closing quote we added is "the end"
        at_end = offset >= len(self.text) - 1
        found = "end of the pattern" if at_end else repr(self.text[offset])
        closers = [c for c in "]>})" if repr(c) in self.expected]
        if closers:
            hint = f"; a {' or '.join(repr(c) for c in closers)} is missing"
        elif at_end or "a step" in self.expected:
            hint = "; expected a step (a name or number), [, { or <"
        else:
            hint = ""
        return MiniSyntaxError(f"mini-notation: unexpected {found}{hint}", max(offset - 1, 0))


def parse_mini(content: str, *, deadline: Deadline | None = None) -> MiniParse:
    """Parse the content of a mini-notation string (the text between the quotes).

    With a ``deadline``, raises :class:`~strudel_jupyter.validator.deadline.OutOfTime` once it passes.
    """
    return _Parser(content, deadline).parse()
