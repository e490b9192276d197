"""Check Strudel code before it runs: names, sounds, banks and sample indices, with line and column.

``strudel_validate(code)`` is the agent tool (a JSON dict, never raises);
``validate_code(code)`` returns a :class:`ValidationReport` that renders in notebooks.

What counts as existing is the REPL's evaluation scope at the snapshot's commit
(``symbols.json``: globals, Pattern methods, controls), plus JavaScript's own
built-ins and whatever the code itself defines. The code is parsed with
tree-sitter's JavaScript grammar (error tolerant, so one typo does not hide the
rest); strings are read as mini-notation where the REPL reads them.

Severity rules (precision first: every example in the reference must pass):

* **error**: the REPL cannot evaluate the code. A JavaScript or mini-notation syntax
  error; a bare call or name that is not in scope (``ReferenceError``); a method that
  exists nowhere, called on something that is certainly a pattern (``TypeError``).
* **warning**: the code runs, but part of it will be silent or is doubtful. A sound,
  bank, or bank + sound combination missing from the registry (the REPL evaluates
  the code, skips those events and logs "sound X not found"; fix it anyway); a
  sample index past the end (the REPL wraps it: ``hh:12`` with 4 samples plays
  ``hh:0``); a real but undocumented name ("no reference entry", e.g. ``fm2``); an
  unknown method on a value whose type is unknown (``x.foo()`` where ``x`` could be
  anything). Sound findings say when the names cannot be judged offline: the code
  loads remote samples (``samples('github:...')``) or sends to SuperDirt (``.osc()``).
"""

from __future__ import annotations

import bisect
import html
import logging
import re
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict

from rapidfuzz import fuzz, process

from ..data.index import StrudelIndex, get_index
from ..data.snapshot import SnapshotError
from ..data.sounds_tab import index_slots, sound_key
from ..lookup.ranking import suggest
from .jsnames import HYDRA_GLOBALS, HYDRA_METHODS, JS_GLOBALS, JS_METHODS, JS_NAMESPACES, VALUE_METHODS
from .mininotation import Atom, parse_mini

log = logging.getLogger(__name__)

__all__ = [
    "KINDS",
    "Finding",
    "FindingDict",
    "ValidationReport",
    "ValidationResult",
    "strudel_validate",
    "validate_code",
]

Severity = Literal["error", "warning"]

#: Every finding kind, with what it means (shown in docs and tool descriptions).
KINDS: dict[str, str] = {
    "syntax": "JavaScript syntax error: the REPL cannot evaluate the code",
    "mini_syntax": "mini-notation syntax error in a string the REPL parses as a pattern",
    "unknown_function": "a bare call to a name that is not in the REPL scope",
    "unknown_name": "a variable that is neither defined in the code nor in the REPL scope",
    "not_a_global": "a name that exists only as a Pattern method, called or used bare",
    "unknown_method": "a .method() that exists neither in Strudel nor in JavaScript",
    "not_a_method": "a global function called as a method of a pattern",
    "undocumented": "real but has no reference entry (it may be internal or change)",
    "unknown_sound": "a sound name the sound registry does not have",
    "unknown_bank": "a .bank() name no registry sound starts with",
    "sound_not_in_bank": "the bank exists but has no such sound (bank_sound is not registered)",
    "sample_index": "a sample index past the sound's last sample (the REPL wraps it)",
    "invalid_input": "the code argument is not a string, or is too long",
    "snapshot_unavailable": "the Strudel snapshot could not be loaded, so nothing was checked",
    "internal_error": "the validator failed unexpectedly (a bug), so nothing was checked",
}

MAX_CODE_CHARS = 200_000
_MAX_SYNTAX_FINDINGS = 5

_OBJECT_PROTOTYPE = frozenset(
    "constructor toString toLocaleString valueOf hasOwnProperty isPrototypeOf propertyIsEnumerable "
    "__defineGetter__ __defineSetter__ __lookupGetter__ __lookupSetter__ __proto__".split()
)
# Functions whose callback receives a pattern (``.every(4, x => x.fast(2))``): inside the
# callback the parameter is certainly a pattern, so an unknown method on it is an error.
_PATTERN_CALLBACKS = frozenset(
    "every firstOf lastOf when off echoWith stutWith plyWith plyForEach within sometimesBy sometimes "
    "someCyclesBy someCycles somecycles somecyclesBy often rarely almostNever almostAlways always never "
    "superimpose layer jux juxBy juxby chunk chunkBack chunkback fastChunk fastchunk chunkInto chunkinto "
    "chunkBackInto chunkbackinto inside outside all each whenKey inhabit".split()
)
# Pattern combinators whose string arguments are values of the resulting pattern, so
# ``s(cat("bd", "sd"))`` names the sounds bd and sd.
_VALUE_COMBINATORS = frozenset(
    "cat seq sequence fastcat slowcat stack timecat timeCat arrange polymeter polymeterSteps choose "
    "chooseCycles randcat wchoose wchooseCycles wrandcat pure reify mini m".split()
)
# Calls whose arguments keep the pattern a control applies to (``stack(s("bd"), s("hh")).bank(...)``).
_PASS_THROUGH = _VALUE_COMBINATORS | frozenset({"n", "note"})
# Calls that load sounds whose names cannot be known offline.
_REMOTE_LOADERS = frozenset({"tables", "doughsamples", "loadSoundfont", "registerSamplesPrefix"})
_SOUND_REGISTRARS = frozenset({"registerSound", "registerWaveTable", "soundAlias"})
_SUPERDIRT_OUTPUTS = frozenset({"osc", "superdirt"})
_SCALE_METHODS = frozenset({"scale", "chord", "voicing", "voicings", "arp", "rootNotes", "mode"})


# ----------------------------------------------------------------- results
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
    findings: list[FindingDict]
    summary: str


@dataclass(frozen=True, slots=True)
class Finding:
    severity: Severity
    kind: str
    name: str
    message: str
    line: int  # 1-based
    column: int  # 1-based, in characters
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
        first = next((f for f in self.findings if f.severity == "error"), self.findings[0])
        return f"{' and '.join(parts)}; first at line {first.line}: {first.message}"

    def to_dict(self) -> ValidationResult:
        return {
            "ok": self.ok,
            "errors": self.errors,
            "warnings": self.warnings,
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
        color = "#1a7f37" if self.ok else "#cf222e"
        head = f'<div class="strudel-validation" data-status="{status}"><b style="color:{color}">{html.escape(self.summary)}</b>'
        if not self.findings:
            return head + "</div>"
        rows = []
        for f in self.findings:
            tint = "#cf222e" if f.severity == "error" else "#9a6700"
            sugg = ", ".join(f"<code>{html.escape(s)}</code>" for s in f.suggestions)
            rows.append(
                f'<tr><td style="color:{tint};font-weight:bold;white-space:nowrap">{f.severity}</td>'
                f"<td>{f.line}:{f.column}</td><td><code>{html.escape(f.kind)}</code></td>"
                f'<td style="text-align:left">{html.escape(f.message)}</td><td style="text-align:left">{sugg}</td></tr>'
            )
        table = (
            '<table style="margin-top:4px"><thead><tr><th>severity</th><th>line:col</th><th>kind</th>'
            '<th style="text-align:left">message</th><th style="text-align:left">suggestions</th></tr></thead><tbody>'
            + "".join(rows)
            + "</tbody></table>"
        )
        return head + table + "</div>"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        # No application/json here: JupyterLab ranks its JSON viewer above HTML, so the
        # table would never show. ``to_dict()`` (and ``%%strudel --json``) is the data view.
        return {"text/plain": str(self), "text/html": self._repr_html_()}


# ------------------------------------------------------------------- scope
@dataclass(slots=True)
class _Scope:
    """What exists in the REPL, derived once per index version."""

    version: int
    has_symbols: bool
    globals: frozenset[str]
    methods: frozenset[str]  # Pattern.prototype, Object.prototype removed
    not_global: frozenset[str]  # registered into strudelScope only
    prebake_methods: frozenset[str]
    composers: frozenset[str]
    alignments: frozenset[str]
    documented: frozenset[str]
    superdirt_only: frozenset[str]  # documented, but hidden by the tab: SuperDirt only
    sound_controls: frozenset[str]  # s, sound
    sounds: frozenset[str]
    bank_prefixes: frozenset[str]
    bank_choices: tuple[str, ...]
    global_choices: tuple[str, ...]
    method_choices: tuple[str, ...]


_COMPOSERS = frozenset(
    "set keep keepif add sub mul div mod pow band bor bxor blshift brshift lt gt lte gte eq eqt ne net and or func".split()
)
_SCOPE_LOCK = threading.Lock()


def _scope_for(index: StrudelIndex) -> _Scope:
    scope = index.derived.get("validation_scope")
    if scope is not None and scope.version == index.version:
        return scope
    with _SCOPE_LOCK:
        scope = index.derived.get("validation_scope")
        if scope is None or scope.version != index.version:
            scope = index.derived["validation_scope"] = _build_scope(index)
    return scope


def _build_scope(index: StrudelIndex) -> _Scope:
    ref = index.reference
    documented = set(ref.by_name) | set(ref.by_synonym) | set(ref.by_doc_synonym)
    superdirt_only = set()
    for doc in index.snapshot.docs:
        tags = doc.get("tags") or []
        if any(isinstance(t, dict) and t.get("title") == "superdirtonly" for t in tags):
            superdirt_only.add(str(doc.get("name") or ""))
            superdirt_only.update(doc.get("synonyms") or [])
    symbols = index.snapshot.symbols
    extra = (symbols or {}).get("extra") or {}
    aliases: dict[str, str] = extra.get("control_aliases") or {}
    documented |= {alias for alias, canonical in aliases.items() if canonical in documented}
    if symbols:
        globals_ = frozenset(symbols["globals"])
        methods = frozenset(symbols["methods"]) - _OBJECT_PROTOTYPE
    else:  # an older snapshot without symbols.json: the reference is all we know
        globals_ = methods = frozenset(documented)
    sound_controls = {"s", "sound"} | {alias for alias, canonical in aliases.items() if canonical == "s"}
    keys = frozenset(index.sounds.entries)
    prefixes = set()
    for key in keys:
        for i, ch in enumerate(key):
            if ch == "_" and i:
                prefixes.add(key[:i])
    banks = index.sounds.banks
    bank_choices = tuple(sorted({b.label for b in banks.values()} | set(banks)))
    public_globals = sorted(n for n in globals_ if not n.startswith("_"))
    public_methods = sorted(n for n in methods if not n.startswith("_"))
    # documented names first: suggestions should point at what the reference explains
    global_choices = tuple(sorted(public_globals, key=lambda n: n not in documented))
    method_choices = tuple(sorted(public_methods, key=lambda n: n not in documented))
    return _Scope(
        version=index.version,
        has_symbols=bool(symbols),
        globals=globals_,
        methods=methods,
        not_global=frozenset(extra.get("registered_not_global") or ()),
        prebake_methods=frozenset((extra.get("default_prebake_script") or {}).get("methods") or ()),
        composers=_COMPOSERS,
        alignments=frozenset(extra.get("operator_alignments") or ()),
        documented=frozenset(documented),
        superdirt_only=frozenset(superdirt_only - documented),
        sound_controls=frozenset(sound_controls),
        sounds=keys,
        bank_prefixes=frozenset(prefixes),
        bank_choices=bank_choices,
        global_choices=global_choices,
        method_choices=method_choices,
    )


# ------------------------------------------------------------------ parser
_PARSER_LOCAL = threading.local()


def _parser():
    parser = getattr(_PARSER_LOCAL, "parser", None)
    if parser is None:
        import tree_sitter_javascript
        from tree_sitter import Language, Parser

        parser = _PARSER_LOCAL.parser = Parser(Language(tree_sitter_javascript.language()))
    return parser


def _walk(node) -> Iterator[Any]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.children))


_MAX_CODE_POINT = 0x10FFFF
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _decode_js_string(raw: str) -> tuple[str, list[int]]:
    """Cook a quoted string's body; also return, per cooked character, its offset in ``raw``."""
    out: list[str] = []
    where: list[int] = []
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch != "\\" or i + 1 >= len(raw):
            out.append(ch)
            where.append(i)
            i += 1
            continue
        nxt = raw[i + 1]
        start = i
        if nxt in "\r\n\u2028\u2029":  # line continuation
            i += 3 if raw.startswith("\r\n", i + 1) else 2
            continue
        if nxt == "x" and re.fullmatch(r"[0-9a-fA-F]{2}", raw[i + 2 : i + 4]):
            out.append(chr(int(raw[i + 2 : i + 4], 16)))
            i += 4
        elif nxt == "u" and raw[i + 2 : i + 3] == "{":
            end = raw.find("}", i)
            value = raw[i + 3 : end] if end > 0 else ""
            code = int(value, 16) if re.fullmatch(r"[0-9a-fA-F]+", value) else None
            # past U+10FFFF is a JavaScript syntax error, reported by _check_escape
            out.append("u" if code is None else chr(code) if code <= _MAX_CODE_POINT else "\ufffd")
            i = end + 1 if end > 0 else i + 2
        elif nxt == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", raw[i + 2 : i + 6]):
            out.append(chr(int(raw[i + 2 : i + 6], 16)))
            i += 6
        else:
            out.append(_ESCAPES.get(nxt, nxt))
            i += 2
        where.append(start)
    return "".join(out), where


@dataclass(slots=True)
class _StringValue:
    """A string literal's value, and where each of its characters is in the source (char offsets)."""

    value: str
    where: list[int]
    quote: str  # '"', "'" or "`"
    end: int  # char offset just past the value (for "unexpected end" errors)

    def source_offset(self, i: int) -> int:
        return self.where[i] if i < len(self.where) else self.end


@dataclass(slots=True)
class _ChainControls:
    """The controls one sound call's chain sets besides the sound."""

    banks: list[tuple[Atom, _StringValue]] = field(default_factory=list)
    ns: list[Atom] = field(default_factory=list)
    dynamic_bank: bool = False  # .bank(someVariable)
    scaled: bool = False  # n is a scale degree, not a sample index


# ----------------------------------------------------------------- analysis
class _Analysis:
    def __init__(self, code: str, index: StrudelIndex) -> None:
        self.code = code
        self.index = index
        self.scope = _scope_for(index)
        self.data = code.encode("utf-8")
        self.ascii = len(self.data) == len(code)
        self._byte_to_char: list[int] | None = None
        self.line_starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n|\u2028|\u2029", code)]
        self.findings: list[Finding] = []
        self._seen: set[tuple] = set()
        # what the code defines
        self.declared: set[str] = set()
        self.properties: set[str] = set()
        self.registered: set[str] = set()
        self.defined_sounds: set[str] = set()
        self.defined_banks: set[str] = set()
        self.remote_sounds = False
        self.superdirt = False
        self.hydra = False
        self.const_values: dict[str, Any] = {}
        self.pattern_params: set[str] = set()
        self.other_params: set[str] = set()
        self.skip_ranges: list[tuple[int, int]] = []  # byte ranges not analysed (K(...) bodies)
        self.mini_off: list[tuple[int, int]] = []  # byte ranges with mini-notation disabled

    # ---------------------------------------------------------- positions
    def _char(self, byte_offset: int) -> int:
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

    def _line_col(self, char_offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.line_starts, char_offset) - 1
        return line + 1, char_offset - self.line_starts[line] + 1

    def _text(self, node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")

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
        key = (kind, name) if once else (kind, name, char_offset)
        if key in self._seen:
            return
        self._seen.add(key)
        line, column = self._line_col(char_offset)
        # a lone surrogate from a "\uD83D" escape cannot travel as UTF-8 (MCP, REST): make it "?"
        name, message = _utf8(name), _utf8(message)
        self.findings.append(Finding(severity, kind, name, message, line, column, tuple(dict.fromkeys(suggestions))))

    def add_at(self, node, severity: Severity, kind: str, name: str, message: str, suggestions=(), **kw) -> None:
        self.add(severity, kind, name, message, self._char(node.start_byte), suggestions, **kw)

    # ------------------------------------------------------------- driver
    def run(self) -> list[Finding]:
        tree = _parser().parse(self.data)
        root = tree.root_node
        self._collect(root)
        if root.has_error:
            self._syntax_errors(root)
        self._check(root)
        self.findings.sort(key=lambda f: (f.line, f.column, f.severity != "error", f.kind, f.name))
        return self.findings

    def _skipped(self, node) -> bool:
        return any(a <= node.start_byte and node.end_byte <= b for a, b in self.skip_ranges)

    # ------------------------------------------------------- definitions
    def _collect(self, root) -> None:
        comments = []
        for node in _walk(root):
            t = node.type
            if t == "comment":
                comments.append(node)
            elif t == "variable_declarator":
                name = node.child_by_field_name("name")
                value = node.child_by_field_name("value")
                self.declared.update(self._pattern_names(name))
                if name is not None and name.type == "identifier":
                    text = self._text(name)
                    # a name declared twice has no single value to reason about
                    self.const_values[text] = None if text in self.const_values else value
            elif t in (
                "function_declaration",
                "generator_function_declaration",
                "class_declaration",
                "function_expression",
                "function",
                "generator_function",
                "class",
            ):
                name = node.child_by_field_name("name")
                if name is not None:
                    self.declared.add(self._text(name))
            elif t in ("formal_parameters",):
                names = [n for c in node.named_children for n in self._pattern_names(c)]
                self.declared.update(names)
                self._note_params(node.parent, names)
            elif t == "arrow_function":
                param = node.child_by_field_name("parameter")
                if param is not None:
                    names = self._pattern_names(param)
                    self.declared.update(names)
                    self._note_params(node, names)
            elif t == "catch_clause":
                self.declared.update(self._pattern_names(node.child_by_field_name("parameter")))
            elif t in ("import_specifier", "namespace_import", "import_clause"):
                for c in node.named_children:
                    if c.type == "identifier":
                        self.declared.add(self._text(c))
            elif t == "for_in_statement":
                self.declared.update(self._pattern_names(node.child_by_field_name("left")))
            elif t == "assignment_expression":
                left = node.child_by_field_name("left")
                if left is not None and left.type == "identifier":
                    self.declared.add(self._text(left))  # sloppy-mode global
                elif left is not None and left.type == "member_expression":
                    prop = left.child_by_field_name("property")
                    owner = left.child_by_field_name("object")
                    if prop is not None:
                        self.properties.add(self._text(prop))
                        if owner is not None and self._text(owner) in ("window", "globalThis", "self"):
                            self.declared.add(self._text(prop))  # window.foo = ... makes a global
            elif t == "pair":
                key = node.child_by_field_name("key")
                if key is not None:
                    self.properties.add(self._text(key).strip("'\"`"))
            elif t in ("method_definition", "field_definition"):
                name = node.child_by_field_name("name") or node.child_by_field_name("property")
                if name is not None:
                    self.properties.add(self._text(name))
            elif t == "shorthand_property_identifier":
                self.properties.add(self._text(node))
            elif t == "identifier" and self._text(node) == "initHydra":
                self.hydra = True
            elif t == "call_expression":
                self._collect_call(node)
        self._mini_disable_ranges(comments)

    def _pattern_names(self, node) -> list[str]:
        """Names a declaration pattern binds (``a``, ``{a, b: c}``, ``[a, ...b]``, ``a = 1``)."""
        names: list[str] = []
        stack = [node]  # a loop, not recursion: patterns may nest thousands of levels deep
        while stack:
            node = stack.pop()
            if node is None:
                continue
            t = node.type
            if t in ("identifier", "shorthand_property_identifier_pattern"):
                names.append(self._text(node))
            elif t in ("assignment_pattern", "object_assignment_pattern"):
                stack.append(node.child_by_field_name("left"))
            elif t == "pair_pattern":
                stack.append(node.child_by_field_name("value"))
            elif t in ("object_pattern", "array_pattern", "rest_pattern"):
                stack.extend(reversed(node.named_children))
        return names

    def _callee_name(self, call) -> tuple[str, str]:
        """``("bare"|"method"|"", name)`` for a call expression."""
        fn = call.child_by_field_name("function")
        if fn is None:
            return "", ""
        if fn.type == "identifier":
            return "bare", self._text(fn)
        if fn.type == "member_expression":
            prop = fn.child_by_field_name("property")
            return "method", self._text(prop) if prop is not None else ""
        return "", ""

    def _note_params(self, function_node, names: list[str]) -> None:
        """Parameters of a callback handed to .every/.sometimes/... are patterns."""
        parent = function_node.parent if function_node is not None else None
        call = parent.parent if parent is not None and parent.type == "arguments" else None
        if call is not None and call.type == "call_expression" and self._callee_name(call)[1] in _PATTERN_CALLBACKS:
            if names:
                self.pattern_params.add(names[0])
                self.other_params.update(names[1:])
            return
        self.other_params.update(names)

    def _args(self, call) -> list[Any]:
        args = call.child_by_field_name("arguments")
        if args is None or args.type != "arguments":
            return []
        return [c for c in args.named_children if c.type != "comment"]

    def _collect_call(self, call) -> None:
        how, name = self._callee_name(call)
        args = self._args(call)
        if how == "method" and name in _SUPERDIRT_OUTPUTS:
            self.superdirt = True
        if name == "K" and how:
            arguments = call.child_by_field_name("arguments")
            if arguments is not None:  # kabelsalat code: its own language, not REPL scope
                self.skip_ranges.append((arguments.start_byte, arguments.end_byte))
            return
        if how != "bare":
            return
        first = args[0] if args else None
        if name == "register" and first is not None:
            value = self._string(first)
            if value is not None:
                self.registered.add(value.value)
        elif name == "samples":
            if first is not None and first.type == "object":
                for pair in first.named_children:
                    key = pair.child_by_field_name("key") if pair.type == "pair" else None
                    if key is not None:
                        text = self._text(key).strip("'\"`")
                        if text != "_base":
                            self.defined_sounds.add(sound_key(text))
            else:
                self.remote_sounds = True
        elif name in _REMOTE_LOADERS:
            self.remote_sounds = True
        elif name in _SOUND_REGISTRARS:
            for arg in args:
                value = self._string(arg)
                if value is not None:
                    self.defined_sounds.add(sound_key(value.value))
        elif name == "aliasBank":
            if first is not None and first.type == "object":
                for node in _walk(first):
                    if node.type == "string":
                        value = self._string(node)
                        if value is not None:
                            self.defined_banks.add(value.value.lower())
            else:
                self.remote_sounds = True

    def _mini_disable_ranges(self, comments) -> None:
        # As the transpiler: "// mini-off" ... "// mini-on" turns string parsing off.
        stack: list[int] = []
        for node in sorted(comments, key=lambda n: n.start_byte):
            body = self._text(node)
            body = body[2:-2] if body.startswith("/*") else body[2:]
            body = body.strip()
            if body.startswith("mini-off"):
                stack.append(node.start_byte)
            elif body.startswith("mini-on") and stack:
                self.mini_off.append((stack.pop(), node.end_byte))
        self.mini_off.extend((start, len(self.data)) for start in stack)

    # ------------------------------------------------------------ syntax
    def _syntax_errors(self, root) -> None:
        count = self._bracket_errors(root)
        if count:
            return  # the bracket message is exact; tree-sitter's ERROR nodes would only repeat it
        for node in _walk(root):
            if count >= _MAX_SYNTAX_FINDINGS:
                break
            if node.is_missing:
                what = node.type
                self.add_at(node, "error", "syntax", what, f"syntax error: missing {what!r}")
                count += 1
            elif node.type == "ERROR":
                text = self._text(node).strip()
                first = text.split()[0] if text.split() else text
                token = first[:20] if first else "end of input"
                self.add_at(node, "error", "syntax", token, f"syntax error near {token!r}")
                count += 1

    def _bracket_errors(self, root) -> int:
        """Unclosed or mismatched brackets: the most common syntax slip, located exactly."""
        pairs = {")": "(", "]": "[", "}": "{"}
        stack: list[Any] = []
        found = 0
        for node in _walk(root):
            if node.child_count or node.is_missing:
                continue
            t = node.type
            if t in ("(", "[", "{", "${"):
                stack.append(node)
            elif t in pairs:
                if stack and pairs[t] == stack[-1].type.lstrip("$"):
                    stack.pop()
                else:
                    opened = f" (the open one is {stack[-1].type!r})" if stack else ""
                    self.add_at(node, "error", "syntax", t, f"syntax error: unexpected {t!r}{opened}")
                    return 1
        for node in stack[:_MAX_SYNTAX_FINDINGS]:
            closer = {"(": ")", "[": "]", "{": "}", "${": "}"}[node.type]
            line, column = self._line_col(self._char(node.start_byte))
            self.add_at(
                node,
                "error",
                "syntax",
                node.type,
                f"syntax error: {node.type!r} opened at line {line}, column {column} is never closed (missing {closer!r})",
            )
            found += 1
        return found

    # ------------------------------------------------------------- checks
    def _check(self, root) -> None:
        stack = [root]
        while stack:
            node = stack.pop()
            if self.skip_ranges and self._skipped(node):
                continue
            t = node.type
            if t == "call_expression":
                self._check_call(node)
            elif t in ("identifier", "shorthand_property_identifier"):
                self._check_identifier(node)
            elif t == "string" or t == "template_string":
                self._check_string(node)
            elif t == "escape_sequence":
                self._check_escape(node)
            stack.extend(reversed(node.children))

    def _check_escape(self, node) -> None:
        """``\\u{110000}`` and beyond: JavaScript refuses to parse the string."""
        text = self._text(node)
        if not text.startswith("\\u{") or not text.endswith("}"):
            return
        parent = node.parent
        if parent is not None and parent.type == "template_string":
            tag = parent.parent
            if tag is not None and tag.type == "call_expression":
                return  # a tagged template keeps invalid escapes raw (cooked value undefined)
        try:
            code = int(text[3:-1], 16)
        except ValueError:
            return
        if code > _MAX_CODE_POINT:
            self.add_at(
                node,
                "error",
                "syntax",
                text,
                f"syntax error: {text} is not a Unicode code point (the largest is \\u{{10FFFF}})",
            )

    # names
    def _is_defined(self, name: str) -> bool:
        return name in self.declared or name in self.registered

    def _check_identifier(self, node) -> None:
        parent = node.parent
        if parent is None:
            return
        if parent.type == "call_expression" and parent.child_by_field_name("function") == node:
            return  # checked as a call
        if parent.type in ("ERROR",):
            return
        name = self._text(node)
        if self._known_value(name):
            return
        if name in self.scope.methods or name in self.scope.not_global:
            self.add_at(
                node,
                "error",
                "not_a_global",
                name,
                f"{name!r} is a Pattern method, not a global: use it on a pattern, e.g. pat.{name}(...)",
                self._suggest_globals(name),
            )
            return
        severity: Severity = "error" if self.scope.has_symbols and not self.hydra else "warning"
        self.add_at(
            node,
            severity,
            "unknown_name",
            name,
            f"{name!r} is not defined in this code and is not a Strudel or JavaScript global",
            self._suggest_globals(name),
        )

    def _known_value(self, name: str) -> bool:
        return (
            self._is_defined(name)
            or name in self.scope.globals
            or name in JS_GLOBALS
            or (self.hydra and name in HYDRA_GLOBALS)
            or name == "K"
        )

    def _check_call(self, call) -> None:
        how, name = self._callee_name(call)
        if how == "bare":
            self._check_bare_call(call, name)
        elif how == "method":
            self._check_method_call(call, name)
        if name in self.scope.sound_controls and not (how == "bare" and self._is_defined(name)):
            self._check_sound_call(call)
        elif name == "bank" and not (how == "bare" and self._is_defined(name)):
            self._check_bank_names(call)

    def _check_bare_call(self, call, name: str) -> None:
        fn = call.child_by_field_name("function")
        if self._is_defined(name) or name in JS_GLOBALS or name == "K":
            return
        if self.hydra and name in HYDRA_GLOBALS:
            return
        if name in self.scope.globals:
            self._undocumented(fn, name)
            return
        if name in self.scope.not_global or name in self.scope.methods:
            self.add_at(
                fn,
                "error",
                "not_a_global",
                name,
                f"{name}() is not a global function: {name} only exists as a Pattern method, "
                f'e.g. "0 1".{name}(...) or pat.{name}(...)',
                self._suggest_globals(name),
            )
            return
        severity: Severity = "error" if self.scope.has_symbols and not self.hydra else "warning"
        self.add_at(
            fn,
            severity,
            "unknown_function",
            name,
            f"{name}() does not exist in Strudel (not in the REPL scope, not defined in this code)",
            self._suggest_globals(name),
        )

    def _check_method_call(self, call, name: str) -> None:
        member = call.child_by_field_name("function")
        receiver = member.child_by_field_name("object")
        prop = member.child_by_field_name("property")
        if prop is None or prop.type == "private_property_identifier" or name == "K":
            return  # .K(...) is kabelsalat syntax the transpiler rewrites
        if name in self.properties or name in self.registered or name in self.scope.prebake_methods:
            return
        if (
            receiver is not None
            and receiver.type == "member_expression"
            and name in self.scope.alignments
            and self._text(receiver.child_by_field_name("property") or receiver) in self.scope.composers
        ):
            return  # pat.add.out(...), pat.set.squeeze(...)
        if name in self.scope.methods:
            if name not in JS_METHODS:
                self._undocumented(prop, name)
            return
        if name in JS_METHODS or name in VALUE_METHODS or name in _OBJECT_PROTOTYPE:
            return
        if self.hydra and name in HYDRA_METHODS:
            return
        kind = self._receiver_kind(receiver)
        if kind == "js":
            return  # Math.foo, document.bar: not Strudel's business
        if name in self.scope.globals:
            if kind == "pattern":
                self.add_at(
                    prop,
                    "error",
                    "not_a_method",
                    name,
                    f".{name}() is not a Pattern method: {name} is a global function, call it as {name}(...)",
                    self._suggest_methods(name),
                )
            return
        certain = kind == "pattern" and self.scope.has_symbols and not self.hydra
        where = "on a pattern" if kind == "pattern" else "(the receiver's type is not known)"
        self.add_at(
            prop,
            "error" if certain else "warning",
            "unknown_method",
            name,
            f".{name}() is not a Strudel Pattern method nor a JavaScript method {where}",
            self._suggest_methods(name),
        )

    def _receiver_kind(self, node, depth: int = 0) -> str:
        """``pattern`` (certainly a Strudel pattern), ``js`` (a JavaScript built-in value) or ``unknown``."""
        if node is None or depth > 8:
            return "unknown"
        t = node.type
        if t in ("string", "template_string"):
            return "pattern"  # the transpiler turns strings into patterns; string methods are known anyway
        if t in ("number", "array", "object", "regex", "true", "false", "null", "undefined"):
            return "js"
        if t == "parenthesized_expression":
            inner = [c for c in node.named_children if c.type != "comment"]
            return self._receiver_kind(inner[-1], depth + 1) if inner else "unknown"
        if t == "identifier":
            name = self._text(node)
            if name in self.declared:
                if name in self.pattern_params and name not in self.other_params and name not in self.const_values:
                    return "pattern"
                value = self.const_values.get(name)
                return self._receiver_kind(value, depth + 1) if value is not None else "unknown"
            if name in JS_NAMESPACES or name in JS_GLOBALS:
                return "js"
            if self.hydra and name in HYDRA_GLOBALS:
                return "unknown"
            if name in self.scope.globals:
                return "pattern"  # sine, rand, silence...
            return "unknown"
        if t == "call_expression":
            how, name = self._callee_name(node)
            if how == "bare":
                if self._is_defined(name) or name in JS_GLOBALS:
                    return "unknown"
                return "pattern" if name in self.scope.globals and name in self.scope.documented else "unknown"
            if how == "method":
                member = node.child_by_field_name("function")
                if name in self.scope.methods and name not in JS_METHODS:
                    return "pattern"
                # add, filter: both Strudel and JavaScript; a misspelt .fastt(): still the same
                # chain. Either way the receiver decides.
                if name in self.scope.methods or not self._known_method_anywhere(name):
                    return self._receiver_kind(member.child_by_field_name("object"), depth + 1)
            return "unknown"
        return "unknown"

    def _known_method_anywhere(self, name: str) -> bool:
        return (
            name in self.scope.methods
            or name in self.scope.globals
            or name in JS_METHODS
            or name in VALUE_METHODS
            or name in self.properties
            or name in self.registered
            or (self.hydra and name in HYDRA_METHODS)
        )

    def _undocumented(self, node, name: str) -> None:
        documented = self.scope.documented
        if self.hydra and (name in HYDRA_METHODS or name in HYDRA_GLOBALS or name == "initHydra"):
            return
        if name in documented or name in JS_METHODS or name in JS_GLOBALS:
            return
        if name.startswith("_") and name.lstrip("_") in documented:
            return  # _pianoroll, _scope: the inline-widget (or plain-argument) form of a documented name
        if name in self.scope.superdirt_only:
            message = (
                f"{name} is documented as SuperDirt-only (the reference tab hides it): "
                "it has no effect on the REPL's own audio output"
            )
        else:
            message = f"{name} exists in the REPL but has no reference entry; it may be internal or change"
        self.add_at(node, "warning", "undocumented", name, message, once=True)

    # suggestions: real names only
    def _suggest_globals(self, name: str) -> list[str]:
        scope = self.scope
        found = _rank_names(name, scope.global_choices)
        found += [s for s in suggest(self.index, name, domain="reference") if s in scope.globals]
        found += _rank_names(name, sorted(self.declared))
        return _unique(found, name)[:5]

    def _suggest_methods(self, name: str) -> list[str]:
        scope = self.scope
        found = _rank_names(name, scope.method_choices)
        found += [s for s in suggest(self.index, name, domain="reference") if s in scope.methods]
        found += _rank_names(name, sorted(self.properties | self.registered))
        return _unique(found, name)[:5]

    # ------------------------------------------------------------ strings
    def _string(self, node) -> _StringValue | None:
        """The value of a string literal or a template without substitutions, else None."""
        if node is None:
            return None
        text = self._text(node)
        start = self._char(node.start_byte)
        if node.type == "string" and len(text) >= 2:
            value, where = _decode_js_string(text[1:-1])
            return _StringValue(value, [start + 1 + w for w in where], text[0], start + len(text) - 1)
        if node.type == "template_string" and len(text) >= 2:
            # the transpiler reads a template's first chunk (up to the first ${...}), raw
            body = text[1:-1]
            cut = body.find("${")
            raw = body if cut < 0 else body[:cut]
            return _StringValue(raw, [start + 1 + i for i in range(len(raw))], "`", start + 1 + len(raw))
        return None

    def _check_string(self, node) -> None:
        parent = node.parent
        if node.type == "template_string" and parent is not None and parent.type == "call_expression":
            return  # tagged template (tidal`...`, mondo`...`): another language
        if node.type == "string" and not self._text(node).startswith('"'):
            return  # single quotes: a plain JavaScript string
        if parent is not None and parent.type in ("pair", "import_statement", "export_statement"):
            if parent.type != "pair" or parent.child_by_field_name("key") == node:
                return
        if any(a <= node.start_byte < b for a, b in self.mini_off):
            return
        value = self._string(node)
        if value is None:
            return
        parsed = parse_mini(value.value)
        if parsed.error is not None:
            offset = value.source_offset(parsed.error.offset)
            if parsed.error.too_deep:
                self.add("error", "mini_syntax", value.value, parsed.error.message, offset)
                return
            if value.quote == "`":
                why = "the REPL reads a `...` string as mini-notation, up to its first ${...}"
            else:
                why = 'the REPL reads every "..." string as mini-notation'
            message = f"{parsed.error.message} ({why}; write plain text in '...' quotes)"
            self.add("error", "mini_syntax", value.value, message, offset)

    def _mini_values(self, node) -> Iterator[tuple[Atom, _StringValue]]:
        """Value atoms of a string argument (or of strings inside cat/seq/stack/... calls)."""
        stack = [node]  # a loop, not recursion: arrays may nest thousands of levels deep
        while stack:
            node = stack.pop()
            value = self._string(node)
            if value is not None:
                for atom in parse_mini(value.value).values:  # a syntax error is reported by _check_string
                    yield atom, value
                continue
            inner: list[Any] = []
            if node.type == "call_expression":
                how, name = self._callee_name(node)
                if how == "bare" and name in _VALUE_COMBINATORS and not self._is_defined(name):
                    inner = self._args(node)
            elif node.type in ("array", "parenthesized_expression"):
                inner = node.named_children
            stack.extend(reversed(inner))

    # ------------------------------------------------------------- sounds
    def _chain(self, call) -> _ChainControls:
        """Controls set along the method chain of a sound call, and of the stacks it sits in."""
        found = _ChainControls()
        seen: set[int] = set()

        def take(c) -> None:
            if c.id in seen:
                return
            seen.add(c.id)
            how, name = self._callee_name(c)
            if name == "bank":
                for arg in self._args(c):
                    atoms = list(self._mini_values(arg))
                    if not atoms:
                        found.dynamic_bank = True
                    found.banks.extend(atoms)
            elif name == "n":
                for arg in self._args(c):
                    found.ns.extend(a for a, _ in self._mini_values(arg))
            elif name in _SCALE_METHODS or name == "note":
                found.scaled = True

        # down: the receivers of this call (n("0 1").bank("x").s("bd"))
        node = call
        while node is not None and node.type == "call_expression":
            take(node)
            fn = node.child_by_field_name("function")
            node = fn.child_by_field_name("object") if fn is not None and fn.type == "member_expression" else None
            while node is not None and node.type == "parenthesized_expression":
                node = node.named_children[-1] if node.named_children else None
        # up: methods called on the result, through stack(...)/cat(...) arguments
        node = call
        while node is not None:
            parent = node.parent
            if parent is None:
                break
            if parent.type == "member_expression" and parent.child_by_field_name("object") == node:
                outer = parent.parent
                if outer is None or outer.type != "call_expression":
                    break
                take(outer)
                node = outer
            elif parent.type in ("parenthesized_expression", "array", "spread_element"):
                node = parent
            elif parent.type == "arguments" and parent.parent is not None and parent.parent.type == "call_expression":
                outer = parent.parent
                how, name = self._callee_name(outer)
                if name not in _PASS_THROUGH and name not in _PATTERN_CALLBACKS:
                    break
                node = outer
            elif parent.type in ("arrow_function", "return_statement"):
                node = parent
            elif parent.type == "statement_block" and node.type == "return_statement":
                fn = parent.parent
                node = fn if fn is not None and fn.type in ("arrow_function", "function_expression") else None
            else:
                break
        return found

    def _check_bank_names(self, call) -> None:
        for arg in self._args(call):
            for atom, value in self._mini_values(arg):
                if atom.is_silence or atom.is_number:
                    continue
                bank = atom.text.lower()
                if bank in self.scope.bank_prefixes or bank in self.defined_banks:
                    continue
                if any(k.startswith(bank + "_") for k in self.defined_sounds):
                    continue
                self.add(
                    "warning",
                    "unknown_bank",
                    atom.text,
                    f"bank {atom.text!r} is not in the sound registry{self._unjudgeable()}",
                    value.source_offset(atom.start),
                    _closest(bank, self.scope.bank_choices, limit=5),
                )

    def _check_sound_call(self, call) -> None:
        chain = self._chain(call)
        banks = list(dict.fromkeys(a.text.lower() for a, _ in chain.banks if not (a.is_silence or a.is_number)))
        registry = self.index.sounds.registry
        for arg in self._args(call):
            for atom, value in self._mini_values(arg):
                if atom.is_silence or atom.is_number or atom.text == "_":
                    continue
                name = sound_key(atom.text)
                offset = value.source_offset(atom.start)
                if chain.dynamic_bank:
                    continue
                if banks:
                    for bank in banks:
                        self._check_banked_sound(atom, name, bank, offset, len(banks) > 1, chain)
                    continue
                if name in self.defined_sounds:
                    continue
                if name not in self.scope.sounds:
                    self._unknown_sound(atom, name, offset)
                    continue
                self._check_index(atom, name, registry.get(name, {}), offset, chain)

    def _unjudgeable(self) -> str:
        if self.superdirt:
            return " (unless SuperDirt provides it: this code sends to SuperDirt with .osc())"
        if self.remote_sounds:
            return " (unless the remote samples this code loads define it: they cannot be checked offline)"
        return ""

    def _unknown_sound(self, atom: Atom, name: str, offset: int) -> None:
        sounds = self.index.sounds
        hint = ""
        if name in sounds.banks:
            bank = sounds.banks[name]
            hint = f'; {atom.text} is a bank: use it as s("{bank.sounds[0]}").bank("{bank.label}")'
        suggestions = [s for s in suggest(self.index, name, domain="sounds") if s in self.scope.sounds]
        self.add(
            "warning",
            "unknown_sound",
            atom.text,
            f"sound {atom.text!r} is not in the sound registry, so it will be silent{self._unjudgeable()}{hint}",
            offset,
            suggestions,
        )

    def _check_banked_sound(
        self, atom: Atom, name: str, bank: str, offset: int, several: bool, chain: _ChainControls
    ) -> None:
        key = f"{bank}_{name}"
        if key in self.defined_sounds or bank in self.defined_banks:
            return
        if key in self.scope.sounds:
            self._check_index(atom, key, self.index.sounds.registry.get(key, {}), offset, chain)
            return
        if bank not in self.scope.bank_prefixes:
            return  # reported once as unknown_bank
        members = sorted({k[len(bank) + 1 :] for k in self.scope.sounds if k.startswith(bank + "_")})
        label = self.index.sounds.banks[bank].label if bank in self.index.sounds.banks else bank
        shown = ", ".join(members[:12]) + (", ..." if len(members) > 12 else "")
        # With several banks in one pattern ("<tr909 tr808>") this pair may never play.
        maybe = " (if this pair plays)" if several else ""
        self.add(
            "warning",
            "sound_not_in_bank",
            atom.text,
            f"bank {label!r} has no sound {atom.text!r}: {key} is not registered, so it will be silent{maybe}"
            f"{self._unjudgeable()}; the bank has: {shown}",
            offset,
            _closest(name, members, limit=5) or _rank_names(name, members, cutoff=0.0),
        )

    def _check_index(
        self, atom: Atom, key: str, data: dict[str, Any], offset: int, chain: _ChainControls | None
    ) -> None:
        count = index_slots(data)
        if count is None:
            return  # synths, and note-keyed maps (piano) where the index picks within a note
        indices: list[Atom] = [a for tail in atom.tails[:1] for a in tail]
        if not indices and chain is not None and not chain.scaled:
            indices = chain.ns
        for index_atom in indices:
            if not index_atom.is_number:
                continue
            try:
                n = round(float(index_atom.text))
            except ValueError:
                continue
            if n >= count:
                wrapped = n % count
                self.add(
                    "warning",
                    "sample_index",
                    f"{atom.text}:{index_atom.text}",
                    f"{key} has {count} sample{'s' if count != 1 else ''} (0-{count - 1}); index {n} wraps to "
                    f"{atom.text}:{wrapped} (the REPL takes the index modulo the count)",
                    offset,
                    [f"{atom.text}:{wrapped}", f"{atom.text}:{count - 1}"],
                )


def _utf8(text: str) -> str:
    return text.encode("utf-8", "replace").decode("utf-8")


def _closest(word: str, choices: Iterable[str], *, limit: int = 3, cutoff: float = 70.0) -> list[str]:
    choices = list(choices)
    if not word or not choices:
        return []
    lowered = [c.lower() for c in choices]
    hits = process.extract(word.lower(), lowered, scorer=fuzz.WRatio, limit=limit * 3, score_cutoff=cutoff)
    ranked = sorted(hits, key=lambda h: (-(h[1] + fuzz.ratio(word.lower(), h[0]) * 0.5), len(h[0])))
    return [choices[i] for _, _, i in ranked[:limit]]


def _rank_names(word: str, choices: Iterable[str], *, limit: int = 5, cutoff: float = 60.0) -> list[str]:
    """Names spelled like ``word`` (``fastt`` -> ``fast``), or hidden in it (``trancegate`` -> ``gate``)."""
    choices = list(choices)
    low = word.lower()
    if not low or not choices:
        return []
    lowered = [c.lower() for c in choices]
    scored: dict[int, float] = {}
    for _, ratio, i in process.extract(low, lowered, scorer=fuzz.ratio, limit=limit * 3, score_cutoff=cutoff):
        scored[i] = ratio + (5 if lowered[i][:1] == low[:1] else 0)
    for i, c in enumerate(lowered):
        if len(c) >= 4 and c in low and c != low:
            scored[i] = max(scored.get(i, 0.0), 75.0 + len(c))
    ranked = sorted(scored.items(), key=lambda kv: (-kv[1], len(choices[kv[0]]), choices[kv[0]]))
    return [choices[i] for i, _ in ranked[:limit]]


def _unique(names: Iterable[str], exclude: str) -> list[str]:
    return [n for n in dict.fromkeys(names) if n != exclude]


# ----------------------------------------------------------------- public
def validate_code(code: str, *, index: StrudelIndex | None = None) -> ValidationReport:
    """Check Strudel code; returns a :class:`ValidationReport` (``.ok`` means no errors).

    Raises ``TypeError`` when ``code`` is not a string, ``ValueError`` when it is too
    long and ``SnapshotError`` when there is no snapshot (``strudel_validate`` turns
    every problem into a value instead).
    """
    problem = _input_problem(code)
    if problem is not None:
        raise (ValueError if isinstance(code, str) else TypeError)(problem)
    if not code.strip():
        return ValidationReport(code, ())
    analysis = _Analysis(code, index or get_index())
    try:
        return ValidationReport(code, tuple(analysis.run()))
    except RecursionError:
        # The checks are loops and the mini-notation parser has a depth limit, so only a
        # caller already deep in the stack gets here; say so rather than raise.
        message = "syntax error: the code is nested too deeply to check; flatten it"
        return ValidationReport(code, (Finding("error", "syntax", "", message, 1, 1),))


def strudel_validate(code: Any, *, index: StrudelIndex | None = None) -> ValidationResult:
    """The agent tool: check Strudel code and return findings as JSON (never raises).

    ``{"ok", "errors", "warnings", "findings": [{severity, kind, name, message, line,
    column, suggestions}], "summary"}``; ``ok`` is true when there is no error.
    """
    problem = _input_problem(code)
    if problem is not None:
        return _cannot_validate("invalid_input", problem)
    try:
        return validate_code(code, index=index).to_dict()
    except SnapshotError as exc:
        return _cannot_validate("snapshot_unavailable", f"the Strudel snapshot could not be loaded: {exc}")
    except Exception:  # the contract: an agent-facing call never raises
        log.exception("strudel_validate failed")
        return _cannot_validate("internal_error", "the validator failed unexpectedly; nothing was checked")


def _input_problem(code: Any) -> str | None:
    # Only these are "invalid_input": an exception from inside the checks is a bug, not bad input.
    if not isinstance(code, str):
        return f"code must be a string, got {type(code).__name__}"
    if len(code) > MAX_CODE_CHARS:
        return f"code is too long ({len(code)} characters; the limit is {MAX_CODE_CHARS})"
    return None


def _cannot_validate(kind: str, why: str) -> ValidationResult:
    message = f"cannot validate: {why}"
    return {
        "ok": False,
        "errors": 1,
        "warnings": 0,
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
