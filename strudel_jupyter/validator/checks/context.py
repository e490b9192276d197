"""What every check reads (the code, the REPL scope, the first pass) and where findings go."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tree_sitter import Node

from ...data.index import StrudelIndex
from ...limits import MAX_FINDINGS
from ..deadline import Deadline, TooManyFindings
from ..definitions import Definitions
from ..mininotation import MiniParse, parse_mini
from ..positions import SourceText
from ..report import Finding, Severity, in_reading_order
from ..scope import ReplScope
from ..strings import StringValue, string_value
from ..tree import call_args, callee_name

__all__ = ["CheckContext"]


@dataclass(slots=True)
class CheckContext:
    """The inputs of the checks, and the findings they add (each reported once)."""

    source: SourceText
    index: StrudelIndex
    scope: ReplScope
    defs: Definitions
    deadline: Deadline = field(default_factory=lambda: Deadline(None))
    #: When only a prefix of the code was parsed: report only nodes that end before this byte
    #: (what comes after, up to the end of the prefix, may be an artefact of the cut).
    complete_before: int | None = None
    findings: list[Finding] = field(default_factory=list)
    _seen: set[tuple[object, ...]] = field(default_factory=set)
    # a string's mini-notation is read by the syntax check and again for each sound it names
    _mini: dict[str, MiniParse] = field(default_factory=dict)
    _strings: dict[int, StringValue | None] = field(default_factory=dict)

    # ------------------------------------------------------------ reading
    def text(self, node: Node) -> str:
        return self.source.text(node)

    def callee(self, call: Node) -> tuple[str, str]:
        """``("bare"|"method"|"", name)`` of a call (the first pass read most of them)."""
        found = self.defs.callees.get(call.id)
        return found if found is not None else callee_name(call, self.source)

    def args(self, call: Node) -> list[Node]:
        return call_args(call)

    def string(self, node: Node | None) -> StringValue | None:
        """The value of a string literal (read once per validation), else None."""
        if node is None or node.type not in ("string", "template_string"):
            return None
        if node.id not in self._strings:
            self._strings[node.id] = string_value(self.source, node)
        return self._strings[node.id]

    def mini(self, content: str) -> MiniParse:
        """The mini-notation parse of a string's content (parsed once per validation)."""
        parsed = self._mini.get(content)
        if parsed is None:
            parsed = self._mini[content] = parse_mini(content, deadline=self.deadline)
        return parsed

    def tick(self) -> None:
        """Raise :class:`~strudel_jupyter.validator.deadline.OutOfTime` once the validation's time is up."""
        self.deadline.check()

    def is_complete(self, node: Node) -> bool:
        """Whether ``node`` lies in the part of the code whose findings are reliable."""
        return self.complete_before is None or node.end_byte < self.complete_before

    def is_defined(self, name: str, node: Node) -> bool:
        """Whether the code defines ``name`` where ``node`` is."""
        return self.defs.is_defined(name, node.start_byte)

    # ------------------------------------------------------------ finding
    def add(
        self,
        severity: Severity,
        kind: str,
        name: str,
        message: str,
        char_offset: int,
        suggestions: Iterable[str] = (),
        *,
        once: bool = False,
    ) -> None:
        """Report a finding at a character offset; ``once``: only the first of this kind and name.

        Raises :class:`~strudel_jupyter.validator.deadline.TooManyFindings` after the ``MAX_FINDINGS``-th.
        """
        key = (kind, name) if once else (kind, name, char_offset)
        if key in self._seen:
            return
        self._seen.add(key)
        line, column = self.source.line_col(char_offset)
        # a lone surrogate from a "\uD83D" escape cannot travel as UTF-8 (MCP, REST): make it "?"
        name, message = _utf8(name), _utf8(message)
        self.findings.append(Finding(severity, kind, name, message, line, column, tuple(dict.fromkeys(suggestions))))
        if len(self.findings) >= MAX_FINDINGS:
            raise TooManyFindings

    def add_at(
        self,
        node: Node,
        severity: Severity,
        kind: str,
        name: str,
        message: str,
        suggestions: Iterable[str] = (),
        *,
        once: bool = False,
    ) -> None:
        """Report a finding where ``node`` starts (unless it runs into a cut the parse made)."""
        if not self.is_complete(node):
            return
        self.add(severity, kind, name, message, self.source.start(node), suggestions, once=once)

    def sorted_findings(self) -> tuple[Finding, ...]:
        """The findings in reading order, errors before warnings at one place."""
        return in_reading_order(self.findings)


def _utf8(text: str) -> str:
    return text.encode("utf-8", "replace").decode("utf-8")
