"""What the validator answers: findings, the report (text, HTML, JSON) and the tool's JSON shape."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from ..render.html import escape, styled, table

__all__ = [
    "KINDS",
    "Finding",
    "FindingDict",
    "Severity",
    "ValidationReport",
    "ValidationResult",
    "cannot_validate",
    "in_reading_order",
]

#: error: the REPL cannot run it; warning: it runs but plays wrong or silent; info: worth knowing,
#: nothing to fix (a real name without a reference entry).
Severity = Literal["error", "warning", "info"]

#: Every finding kind, with what it means (shown in docs and tool descriptions).
KINDS: dict[str, str] = {
    "syntax": "JavaScript syntax error: the REPL cannot evaluate the code",
    "mini_syntax": "mini-notation syntax error in a string the REPL parses as a pattern",
    "unknown_function": "a bare call to a name that is not in the REPL scope",
    "unknown_name": "a variable that is neither defined in the code nor in the REPL scope",
    "not_a_global": "a name that exists only as a Pattern method, called or used bare",
    "unknown_method": "a .method() that exists neither in Strudel nor in JavaScript",
    "not_a_method": "a global function called as a method of a pattern",
    "undocumented": "info: real, but has no reference entry (valid code; nothing to fix)",
    "unknown_sound": "a sound name the sound registry does not have",
    "unknown_bank": "a .bank() name no registry sound starts with",
    "sound_not_in_bank": "the bank exists but has no such sound (bank_sound is not registered)",
    "sample_index": "a sample index past the sound's last sample (the REPL wraps it)",
    "unknown_scale": "a .scale() name tonal does not know (the REPL throws while it plays: silence)",
    "incomplete_scale": 'a .scale() string with a tonic but no scale name, e.g. "C" (the REPL throws while it plays)',
    "unknown_chord": "a chord() symbol the voicing dictionary lacks, before .voicing() (that chord is silent)",
    "runtime_error": "Strudel's engine threw this while evaluating the code, as the REPL would: it cannot play it",
    "query_error": "Strudel's engine threw this while playing the pattern (the REPL logs '[query] error'): silent there",
    "plays_nothing": "the code evaluates but plays no event in the cycles checked: the REPL would be silent",
    "not_run": "info: the code could not be run in Strudel's engine (engine missing, a limit hit): checked statically only",
    "too_complex": "the code went past a limit of the validator (parse time, check time, findings): the rest was not checked",
    "invalid_input": "the code argument is not a string, or is too long",
    "snapshot_unavailable": "the Strudel snapshot could not be loaded, so nothing was checked",
    "internal_error": "the validator failed unexpectedly (a bug), so nothing was checked",
}


class FindingDict(TypedDict):
    severity: Severity
    kind: str
    name: str
    message: str
    line: int
    column: int
    suggestions: list[str]


class ValidationResult(TypedDict):
    ok: bool
    errors: int
    warnings: int
    info: int
    findings: list[FindingDict]
    summary: str


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem, where it starts (1-based line and column, in characters) and real alternatives."""

    severity: Severity
    kind: str
    name: str
    message: str
    line: int
    column: int
    suggestions: tuple[str, ...] = ()

    def to_dict(self) -> FindingDict:
        return {
            "severity": self.severity,
            "kind": self.kind,
            "name": self.name,
            "message": self.message,
            "line": self.line,
            "column": self.column,
            "suggestions": list(self.suggestions),
        }


@dataclass(frozen=True, slots=True)
class ValidationReport:
    """The findings for one piece of code; renders as text, HTML and JSON."""

    code: str
    findings: tuple[Finding, ...] = ()

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.severity == "warning")

    @property
    def info(self) -> int:
        return sum(1 for f in self.findings if f.severity == "info")

    @property
    def ok(self) -> bool:
        """No errors (warnings allowed)."""
        return self.errors == 0

    @property
    def summary(self) -> str:
        if not self.findings:
            return "No problems found."
        parts = []
        if self.errors:
            parts.append(f"{self.errors} error{'s' if self.errors != 1 else ''}")
        if self.warnings:
            parts.append(f"{self.warnings} warning{'s' if self.warnings != 1 else ''}")
        if self.info:
            parts.append(f"{self.info} info note{'s' if self.info != 1 else ''} (nothing to fix)")
        listed = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
        first = next((f for f in self.findings if f.severity == "error"), None)
        first = first or next((f for f in self.findings if f.severity == "warning"), self.findings[0])
        return f"{listed}; first at line {first.line}: {first.message}"

    def to_dict(self) -> ValidationResult:
        return {
            "ok": self.ok,
            "errors": self.errors,
            "warnings": self.warnings,
            "info": self.info,
            "findings": [f.to_dict() for f in self.findings],
            "summary": self.summary,
        }

    def __str__(self) -> str:
        lines = [self.summary]
        for f in self.findings:
            hint = f" (did you mean: {', '.join(f.suggestions)})" if f.suggestions else ""
            lines.append(f"  {f.line}:{f.column} {f.severity} [{f.kind}] {f.message}{hint}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        status = "ok" if self.ok else "errors"
        head = f"<b class='{'strudel-ok' if self.ok else 'strudel-error'}'>{escape(self.summary)}</b>"
        rows = [
            (
                f"<span class='strudel-{f.severity}'>{escape(f.severity)}</span>",
                f"{f.line}:{f.column}",
                f"<code>{escape(f.kind)}</code>",
                escape(f.message),
                ", ".join(f"<code>{escape(s)}</code>" for s in f.suggestions),
            )
            for f in self.findings
        ]
        body = table(("severity", "line:col", "kind", "message", "suggestions"), rows) if rows else ""
        return styled(f"<div class='strudel-validation' data-status='{status}'>{head}{body}</div>")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        # No application/json here: JupyterLab ranks its JSON viewer above HTML, so the
        # table would never show. ``to_dict()`` (and ``%%strudel --json``) is the data view.
        return {"text/plain": str(self), "text/html": self._repr_html_()}


def in_reading_order(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """Findings by line and column, errors before warnings at one place."""
    return tuple(sorted(findings, key=lambda f: (f.line, f.column, f.severity != "error", f.kind, f.name)))


def cannot_validate(kind: str, why: str) -> ValidationResult:
    """The tool's answer when nothing could be checked: one error finding of ``kind`` saying why."""
    message = f"cannot validate: {why}"
    return {
        "ok": False,
        "errors": 1,
        "warnings": 0,
        "info": 0,
        "findings": [
            {
                "severity": "error",
                "kind": kind,
                "name": "code",
                "message": message,
                "line": 1,
                "column": 1,
                "suggestions": [],
            }
        ],
        "summary": message,
    }
