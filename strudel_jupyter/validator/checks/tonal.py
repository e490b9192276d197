"""Tonal names: scale names in ``.scale("...")`` and chord symbols in ``chord("...")`` before ``.voicing()``.

Both are warnings: the REPL evaluates the code, and the problem shows when the pattern plays.
An unknown scale name throws while the pattern is queried (``Invalid scale name "C nosuch"``
or ``Scale name C is incomplete...``): the REPL logs it and the pattern plays nothing. A chord
symbol the voicing dictionary lacks makes ``voicing()`` log ``[voicing]: unknown chord "X"``
and that event is silent. Strings are read as the REPL reads them: double quotes and
backticks as mini-notation (``"<C:major D:minor>"``: one scale per step, ``:`` for spaces),
single quotes as one plain string (``'C minor'``). Without a ``tonal.json`` nothing is checked.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace

from tree_sitter import Node

from ...data.tonal import TonalIndex, split_chord
from ...limits import MAX_SCALE_READINGS
from ..mininotation import Atom
from .context import CheckContext
from .suggestions import closest_names

__all__ = ["check_tonal"]

#: Longest name a message quotes in full (the finding's ``name`` keeps it whole).
_SHOWN_CHARS = 80
#: Calls that add voicing dictionaries or change the default one (@strudel/tonal's exports).
_REGISTERS_VOICINGS = frozenset({"addVoicings", "registerVoicings", "setDefaultVoicings", "setVoicingRange"})
#: Calls whose first argument is a voicing dictionary's name.
_DICTIONARY_CONTROLS = frozenset({"dict", "dictionary"})


def check_tonal(ctx: CheckContext) -> None:
    """Check the scale names of every ``scale(...)`` and the chord symbols of voiced ``chord(...)`` calls."""
    tonal = ctx.index.tonal
    if tonal is None:
        return
    chords: list[Node] = []
    registers = False  # the code adds voicing dictionaries or changes the default: chords are not judged
    for call in ctx.defs.calls:
        ctx.tick()
        how, name = ctx.callee(call)
        if not how or (how == "bare" and ctx.is_defined(name, call)):
            continue
        if name == "scale":
            _check_scale_call(ctx, tonal, call)
        elif name == "chord":
            chords.append(call)
        elif name in _REGISTERS_VOICINGS:
            registers = True
    if not registers:
        for call in chords:
            _check_chord_call(ctx, tonal, call)


def _steps(ctx: CheckContext, node: Node) -> Iterator[tuple[str, int, Atom | None]]:
    """``(text, offset, atom)`` of each value a string argument holds, as the REPL reads it."""
    value = ctx.string(node)
    if value is None:
        return
    if value.quote == "'":  # a plain JavaScript string: one value, spaces and all
        if value.value.strip():
            yield value.value, value.source_offset(0), None
        return
    for atom in ctx.mini(value.value).values:  # a syntax error is reported by the syntax check
        if not atom.is_silence:
            yield atom.text, value.source_offset(atom.start), atom


def _readings(atom: Atom | None, text: str) -> list[str]:
    """The scale strings a step stands for: ``C:<major minor>`` is ``C:major`` and ``C:minor``."""
    if atom is None or not atom.tails:
        return [text]
    choices = [[a.text for a in tail] for tail in atom.tails]
    if any(not c for c in choices):
        return []
    count = 1
    for c in choices:
        count *= len(c)
        if count > MAX_SCALE_READINGS:
            return []
    return [":".join((atom.text, *combo)) for combo in itertools.product(*choices)]


def _check_scale_call(ctx: CheckContext, tonal: TonalIndex, call: Node) -> None:
    args = ctx.args(call)
    if not args:
        return
    for text, offset, atom in _steps(ctx, args[0]):
        for scale in _readings(atom, text):
            ctx.tick()
            reading = tonal.read_scale(scale)
            if reading.problem is None:
                continue
            # the message quotes the name: a very long one is cut there (the finding's name keeps it)
            quoted = replace(reading, text=_shown(reading.text), type_name=_shown(reading.type_name))
            if reading.problem == "invalid" or (not reading.tonic and reading.type_name):
                suggestions = closest_names(reading.type_name, tonal.scale_names, limit=5, cutoff=60.0)
                written = [f"{reading.tonic or 'C'}:{s.replace(' ', ':')}" for s in suggestions]
                ctx.add(
                    "warning",
                    "unknown_scale",
                    scale,
                    f"{quoted.message}: {quoted.type_name!r} is not a scale name tonal knows, so this "
                    "pattern plays nothing (the REPL throws this while it plays)",
                    offset,
                    written,
                )
            else:
                ctx.add(
                    "warning",
                    "incomplete_scale",
                    scale,
                    f"{quoted.message} (the REPL throws this while it plays, so this pattern plays nothing)",
                    offset,
                    [f"{reading.tonic}:major", f"{reading.tonic}:minor"],
                )


def _chain_calls(ctx: CheckContext, call: Node) -> list[Node]:
    """The calls of ``call``'s method chain in the order they apply: its receivers, then it,
    then the methods called on its result."""
    receivers: list[Node] = []
    node: Node | None = call
    while node is not None and node.type == "call_expression":
        receivers.append(node)
        fn = node.child_by_field_name("function")
        node = fn.child_by_field_name("object") if fn is not None and fn.type == "member_expression" else None
    found = receivers[::-1]
    node = call
    while True:
        ctx.tick()
        parent = node.parent
        if parent is None or parent.type != "member_expression" or parent.child_by_field_name("object") != node:
            break
        outer = parent.parent
        if outer is None or outer.type != "call_expression":
            break
        found.append(outer)
        node = outer
    return found


def _dictionary(ctx: CheckContext, tonal: TonalIndex, chain: list[Node]) -> tuple[str, bool]:
    """The voicing dictionary a chain uses (``.dict("lefthand")``, else the default) and whether
    the chain is judged at all: it must call ``.voicing()`` and name a dictionary it knows."""
    names = [ctx.callee(c)[1] for c in chain]
    if "voicing" not in names or "voicings" in names:
        return "", False  # no voicing (chord is then only a value), or the legacy voicings(name)
    dictionary = tonal.default_voicing
    voiced_at = names.index("voicing")
    for c, name in zip(chain[:voiced_at], names[:voiced_at], strict=True):  # a .dict() after voicing() is too late
        if name not in _DICTIONARY_CONTROLS:
            continue
        args = ctx.args(c)
        steps = [text for text, _, _ in _steps(ctx, args[0])] if args else []
        if len(steps) != 1 or steps[0] not in tonal.voicings:
            return "", False  # a pattern of dictionaries, or one the code registers itself
        dictionary = steps[0]
    return dictionary, True


def _check_chord_call(ctx: CheckContext, tonal: TonalIndex, call: Node) -> None:
    args = ctx.args(call)
    if not args:
        return
    dictionary, judged = _dictionary(ctx, tonal, _chain_calls(ctx, call))
    symbols = tonal.symbols_of(dictionary) if judged else None
    if symbols is None:
        return
    for text, offset, atom in _steps(ctx, args[0]):
        ctx.tick()
        if atom is not None and (atom.tails or atom.is_number):
            continue
        parts = split_chord(text)
        if parts is not None and parts[1] in symbols:
            continue
        ctx.add(
            "warning",
            "unknown_chord",
            text,
            _chord_message(_shown(text), parts, dictionary),
            offset,
            _chord_suggestions(text, parts, symbols),
        )


def _shown(text: str) -> str:
    return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 1] + "…"


def _chord_message(text: str, parts: tuple[str, str, str] | None, dictionary: str) -> str:
    silent = f'voicing() logs [voicing]: unknown chord "{text}" and this chord is silent'
    if parts is None:
        return f"{text!r} is not a chord: a root A-G (upper case, with b or #) then a symbol, e.g. C^7; {silent}"
    return f"the voicing dictionary {dictionary!r} has no chord symbol {parts[1]!r}; {silent}"


def _chord_suggestions(text: str, parts: tuple[str, str, str] | None, symbols: tuple[str, ...]) -> list[str]:
    if parts is None:
        fixed = split_chord(text[:1].upper() + text[1:])
        return [text[:1].upper() + text[1:]] if fixed is not None and fixed[1] in symbols else []
    root, symbol, _bass = parts
    close = closest_names(symbol, [s for s in symbols if s], limit=5, cutoff=50.0) if symbol else []
    return [root + s for s in (close or symbols[:5])]  # a small dictionary: what it has
