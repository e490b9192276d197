"""Completion and inspection in Strudel code: from code and a cursor to typed, ranked names.

The one engine behind every editor surface: the IPython matcher (Tab in any Jupyter front
end), the REST ``complete`` and ``inspect`` routes (JupyterLab's completer and Shift+Tab).
It reads where the cursor is, as the REPL's editor does:

- after a dot, a Pattern method (``note("c e").ro`` -> ``room``);
- at the start of an expression, a global function (``sta`` -> ``stack``);
- inside the string of ``s("...")`` / ``sound("...")``, a sound (``s("b`` -> ``bd``);
- inside ``.bank("...")``, a bank; inside ``.scale("C:...")``, a scale name the docs use.

Names are ranked by :mod:`.ranking` (exact > synonym > prefix > fuzzy); this module only
adds the names a typed name is the start of (``room`` -> ``roomsize``), which completion
lists and a lookup does not. Every name offered is a real one from the snapshot.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal, TypedDict, get_args

from ..data.index import StrudelIndex, get_index
from ..vocabulary import Match
from .browse import FunctionDetail, SoundDetail, reference_detail, sound_detail
from .closest import closest
from .items import BankItem
from .ranking import FUZZY_CUTOFF, Hit, rank_names, rank_reference, rank_sounds
from .ranking import _fuzzy_score as fuzzy_score  # the bands are ranking.py's: one scale for every hit
from .ranking import _prefix_score as prefix_score
from .tables import prefixed, tables_for

__all__ = [
    "COMPLETION_KINDS",
    "DEFAULT_COMPLETIONS",
    "MAX_CODE_CHARS",
    "Completion",
    "CompletionContext",
    "CompletionItem",
    "CompletionKind",
    "Completions",
    "CompletionsDict",
    "Slot",
    "complete",
    "completion_context",
    "inspect_at",
]

#: What a completion item is: a reference function, a sound, a bank, or a scale name.
CompletionKind = Literal["function", "sound", "bank", "scale"]
COMPLETION_KINDS: tuple[str, ...] = get_args(CompletionKind)
#: Where the cursor is: the kind of name that fits there.
Slot = Literal["global", "method", "sound", "bank", "scale"]

#: Code longer than this is not read (a cell this long is not typed by hand).
MAX_CODE_CHARS = 100_000
DEFAULT_COMPLETIONS = 50
#: Prefix matches a short word can have (every sound starting with "b"): all are ranked, then cut.
_PREFIX_POOL = 5000

_IDENT = re.compile(r"[A-Za-z_$][\w$]*$")
_IDENT_CHAR = re.compile(r"[\w$]")
# the call a string is the first argument of: `s(`, `.bank(`, `sound (`
_CALL_BEFORE = re.compile(r"(\.\s*)?([A-Za-z_$][\w$]*)\s*\(\s*$")
# a sound word inside mini-notation: stops at spaces, brackets, operators and ':' (sample index)
_SOUND_CHARS = re.compile(r"[A-Za-z0-9_\-#.]")
_SCALE_CHARS = re.compile(r"[A-Za-z0-9_#:\-]")
_SCALE_ARG = re.compile(r"""\bscale\(\s*["'`]([^"'`]*)""")


class CompletionItem(TypedDict):
    """One completion: ``text`` replaces the word typed; ``name`` is the entry that documents it."""

    text: str
    kind: CompletionKind
    name: str
    match: Match
    score: float
    #: The first line of the description (functions), the sample count or type (sounds).
    detail: str


class CompletionsDict(TypedDict):
    """The completions of ``code[start:end]``, best first; ``slot`` null where no name fits."""

    slot: Slot | None
    start: int
    end: int
    items: list[CompletionItem]


@dataclass(frozen=True, slots=True)
class CompletionContext:
    """The slot under the cursor and the word typed so far, ``code[start:end]``."""

    slot: Slot
    word: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Completion:
    """One item: the text to insert, what it is, how it matched the word, and a one-line detail."""

    text: str
    kind: CompletionKind
    name: str  # the reference entry or registry name whose docs describe it
    match: Match
    score: float
    detail: str

    def to_dict(self) -> CompletionItem:
        return {
            "text": self.text,
            "kind": self.kind,
            "name": self.name,
            "match": self.match,
            "score": self.score,
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class Completions:
    """The items for ``code[start:end]``, best first; ``slot`` is None where nothing fits."""

    slot: Slot | None
    start: int
    end: int
    items: list[Completion]

    def to_dict(self) -> CompletionsDict:
        return {
            "slot": self.slot,
            "start": self.start,
            "end": self.end,
            "items": [c.to_dict() for c in self.items],
        }


# ------------------------------------------------------------------ context
def _scan(code: str, cursor: int) -> tuple[str, int]:
    """What the cursor is in: ``("code", -1)``, ``("comment", -1)`` or ``("string", start)``.

    A light JavaScript lexer: strings with their escapes, template literals (their
    ``${...}`` read as code), line and block comments. Regular expressions are rare in
    Strudel code and read as code.
    """
    i, n = 0, cursor
    templates: list[tuple[int, int]] = []  # (brace depth, start) of each template literal open at a ${
    braces = 0
    while i < n:
        ch = code[i]
        if ch == "/" and i + 1 < len(code) and code[i + 1] == "/":
            end = code.find("\n", i)
            if end == -1 or end >= n:
                return "comment", -1
            i = end + 1
            continue
        if ch == "/" and i + 1 < len(code) and code[i + 1] == "*":
            end = code.find("*/", i + 2)
            if end == -1 or end + 2 > n:
                return "comment", -1
            i = end + 2
            continue
        if ch in "\"'`" or (ch == "}" and templates and templates[-1][0] == braces):
            if ch == "}":  # the end of a ${...}: back in its template literal
                quote, start = "`", templates.pop()[1]
            else:
                quote, start = ch, i
            i += 1
            while i < n:
                c = code[i]
                if c == "\\":
                    i += 2
                    continue
                if c == quote:
                    break
                if quote == "`" and c == "$" and i + 1 < len(code) and code[i + 1] == "{":
                    templates.append((braces, start))
                    i += 1
                    break
                if c == "\n" and quote != "`":
                    break  # an unclosed string ends at the line (a syntax error the validator reports)
                i += 1
            else:
                return "string", start
            i += 1
            continue
        if ch == "{":
            braces += 1
        elif ch == "}":
            braces -= 1
        i += 1
    return "code", -1


def completion_context(
    code: str, cursor: int, *, sound_calls: Sequence[str] = ("s", "sound")
) -> CompletionContext | None:
    """The slot the cursor is in and the word before it, or None (a comment, a number, a note string)."""
    if not isinstance(code, str) or len(code) > MAX_CODE_CHARS:
        return None
    cursor = max(0, min(cursor, len(code)))
    where, string_start = _scan(code, cursor)
    if where == "comment":
        return None
    if where == "string":
        call = _CALL_BEFORE.search(code, 0, string_start)
        if call is None or call.end() != string_start:
            return None
        name, is_method = call.group(2), call.group(1) is not None
        if name in sound_calls:
            slot: Slot = "sound"
            allowed = _SOUND_CHARS
        elif name == "bank" and is_method:
            slot, allowed = "bank", _SOUND_CHARS
        elif name == "scale":
            slot, allowed = "scale", _SCALE_CHARS
        else:
            return None
        start = cursor
        while start > string_start + 1 and allowed.match(code[start - 1]):
            start -= 1
        word = code[start:cursor]
        if slot == "sound" and start > string_start + 1 and code[start - 1] == ":":
            return None  # a sample index (bd:3)
        if slot == "scale":
            tonic, sep, scale = word.partition(":")
            if not sep:
                return None  # the tonic is being typed (C, d3, G#)
            start += len(tonic) + 1
            word = scale
        return CompletionContext(slot, word, start, cursor)
    start = cursor
    while start > 0 and _IDENT_CHAR.match(code[start - 1]):
        start -= 1
    word = code[start:cursor]
    if word and not _IDENT.match(word):
        return None  # a number (0.5)
    before = start - 1
    while before >= 0 and code[before].isspace():
        before -= 1
    if before >= 0 and code[before] == ".":
        if before > 0 and code[before - 1].isdigit() and not word:
            return None  # 0. is a number being typed
        return CompletionContext("method", word, start, cursor)
    if not word:
        return None  # nothing typed at the start of an expression: too many names to list
    return CompletionContext("global", word, start, cursor)


# ------------------------------------------------------------------ ranking
def _shortest(names: Iterable[str], limit: int) -> list[str]:
    """The ``limit`` best prefix matches: the prefix band scores a shorter name higher, ties by name."""
    return heapq.nsmallest(limit, names, key=lambda name: (len(name), name))


def _function_hits(index: StrudelIndex, word: str, allowed: frozenset[str] | None, limit: int) -> list[Hit]:
    """Reference hits as ranking.py ranks the word, plus the names the word starts.

    Each hit's ``name`` is the name to write (``lp``, a synonym, and ``lpf`` are two
    items), its ``via`` the reference entry that documents it. Names the slot does not
    have (``allowed``) are left out before ranking.
    """
    tables, ref = tables_for(index), index.reference

    def fits(written: str, entry_name: str) -> bool:
        return allowed is None or written in allowed or entry_name in allowed

    hits = [
        replace(h, name=h.via if h.match in ("prefix", "synonym") and h.via else h.name, via=h.name)
        for h in (rank_reference(index, word) if word else [])
    ]
    lower = word.lower()
    # ranking.py lists prefixes from two letters and fuzzy matches from three; completion
    # also lists after one letter (or none, after a dot) and tries two-letter typos (.rv -> rev).
    starts: dict[str, str] = {}
    for i in prefixed(tables.ref_lower, lower, limit=_PREFIX_POOL):
        name = tables.ref_names[i]
        entry = ref.get(name)
        if entry is not None and fits(name, entry.name):
            starts[name] = entry.name
    for name in _shortest(starts, limit):
        hits.append(Hit("reference", "function", name, "prefix", prefix_score(lower, name), via=starts[name]))
    if len(lower) == 2:
        for close in closest(lower, tables.ref_fuzzy, cutoff=FUZZY_CUTOFF, limit=8):
            entry = ref.get(tables.ref_names[close.key])
            if entry is not None:
                hits.append(Hit("reference", "function", entry.name, "fuzzy", fuzzy_score(close.score), via=entry.name))
    return [h for h in rank_names(hits) if fits(h.name, h.via)]


def _sound_hits(index: StrudelIndex, word: str, kind: Literal["sound", "bank"], limit: int) -> list[Hit]:
    tables, snd = tables_for(index), index.sounds
    hits = [h for h in rank_sounds(index, word) if h.kind == kind] if word else []
    names = tables.sound_sorted if kind == "sound" else tables.bank_names
    key = word.lower()
    found = (names[i] for i in prefixed(names, key, limit=_PREFIX_POOL))
    if kind == "sound":
        found = (name for name in found if not snd.entries[name].hidden)
    for name in _shortest(found, limit):
        hits.append(Hit("sounds", kind, name, "prefix", prefix_score(key, name)))
    return rank_names(hits)


def _scale_names(index: StrudelIndex) -> list[str]:
    """Scale names the reference's own examples use (``C:minor`` -> ``minor``), sorted."""

    def build() -> list[str]:
        found: set[str] = set()
        for entry in index.reference.entries:
            for example in entry.examples:
                for arg in _SCALE_ARG.findall(example):
                    for token in re.split(r"[\s<>\[\]{},|]+", arg):
                        tonic, sep, scale = token.partition(":")
                        if sep and tonic and re.fullmatch(r"[a-z][a-z:]*", scale):
                            found.add(scale)
        return sorted(found)

    return index.derived.get_or_build("completion_scales", build)


def _scale_hits(index: StrudelIndex, word: str) -> list[Hit]:
    names = _scale_names(index)
    key = word.lower()
    hits = [Hit("reference", "function", n, "prefix", prefix_score(key, n)) for n in names if n.startswith(key)]
    if len(key) >= 2:
        hits += [
            Hit("reference", "function", c.choice, "fuzzy", fuzzy_score(c.score))
            for c in closest(key, names, cutoff=FUZZY_CUTOFF, limit=5)
        ]
    return rank_names(hits)


def _allowed_names(index: StrudelIndex, slot: Slot) -> frozenset[str] | None:
    """Names the REPL has in that slot (symbols.json), None when the snapshot lacks it."""
    symbols = index.snapshot.symbols
    if not symbols:
        return None
    key = "methods" if slot == "method" else "globals"
    return index.derived.get_or_build(("completion_scope", key), lambda: frozenset(symbols[key]))


def _first_line(text: str, limit: int = 80) -> str:
    line = text.strip().split("\n", 1)[0].strip()
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


def complete(
    code: str, cursor: int | None = None, *, index: StrudelIndex | None = None, limit: int = DEFAULT_COMPLETIONS
) -> Completions:
    """Typed, ranked completions for the word before ``cursor`` (default: the end) in Strudel code."""
    if not isinstance(code, str):
        return Completions(None, 0, 0, [])
    cursor = len(code) if cursor is None else cursor
    context = completion_context(code, cursor)
    if context is None:
        return Completions(None, cursor, cursor, [])
    index = index or get_index()
    items = _items(index, context, limit)
    return Completions(context.slot, context.start, context.end, items)


def _items(index: StrudelIndex, context: CompletionContext, limit: int) -> list[Completion]:
    out: list[Completion] = []
    if context.slot in ("global", "method"):
        ref = index.reference
        for hit in _function_hits(index, context.word, _allowed_names(index, context.slot), limit):
            entry = ref.get(hit.via)
            detail = _first_line(entry.description) if entry else ""
            out.append(Completion(hit.name, "function", hit.via, hit.match, round(hit.score, 3), detail))
            if len(out) >= limit:
                break
    elif context.slot in ("sound", "bank"):
        kind: Literal["sound", "bank"] = "sound" if context.slot == "sound" else "bank"
        snd = index.sounds
        for hit in _sound_hits(index, context.word, kind, limit):
            if kind == "sound":
                entry = snd.entries.get(hit.name)
                if entry is None or entry.hidden:
                    continue
                detail = f"{entry.count} sample{'s' if entry.count != 1 else ''}" if entry.count else entry.type
            else:
                bank = snd.get_bank(hit.name)
                if bank is None:
                    continue
                detail = f"{bank.label}: {bank.n_sounds} sounds"
            out.append(Completion(hit.name, kind, hit.name, hit.match, round(hit.score, 3), detail))
            if len(out) >= limit:
                break
    else:
        for hit in _scale_hits(index, context.word)[:limit]:
            out.append(Completion(hit.name, "scale", hit.name, hit.match, round(hit.score, 3), "scale"))
    return out


# ---------------------------------------------------------------- inspection
def inspect_at(
    code: str, cursor: int | None = None, *, index: StrudelIndex | None = None
) -> FunctionDetail | SoundDetail | BankItem | None:
    """The docs of the name under ``cursor`` (a function, a sound, a bank), or None.

    The whole word around the cursor is read (``.ro|om(`` names ``room``), in the slot the
    cursor is in; the answer is the sidebar's detail item (sanitised HTML included).
    """
    if not isinstance(code, str) or len(code) > MAX_CODE_CHARS:
        return None
    cursor = len(code) if cursor is None else max(0, min(cursor, len(code)))
    end = cursor
    chars = _IDENT_CHAR
    context = completion_context(code, cursor)
    if context is not None and context.slot in ("sound", "bank"):
        chars = _SOUND_CHARS
    while end < len(code) and chars.match(code[end]):
        end += 1
    context = completion_context(code, end)
    if context is None or not context.word:
        return None
    index = index or get_index()
    if context.slot in ("global", "method"):
        return reference_detail(context.word, index=index)
    if context.slot in ("sound", "bank"):
        return sound_detail(context.word, index=index)
    return None
