"""Sounds: names the registry lacks, banks, bank + sound pairs, and sample indices past the end.

These are warnings: the REPL evaluates the code, skips the events and logs "sound X not
found" (or wraps the index). A sound name is judged with the controls its chain sets: a
``.bank(...)`` anywhere along ``n("0 1").bank("tr808").s("bd")`` (or on a ``stack(...)`` it
sits in) makes ``bd`` mean ``tr808_bd``, and ``n`` is its sample index unless a scale
makes it a degree.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tree_sitter import Node

from ...data.sounds_tab import index_slots, sound_key
from ..mininotation import Atom
from ..scope import PASS_THROUGH, PATTERN_CALLBACKS, SCALE_METHODS, VALUE_COMBINATORS
from ..strings import StringValue
from .context import CheckContext
from .suggestions import closest_names, rank_names, suggest_sounds

__all__ = ["check_sounds"]


def check_sounds(ctx: CheckContext) -> None:
    """Check the sounds of every ``s(...)``/``sound(...)`` call and the names of every ``.bank(...)``."""
    for call in ctx.defs.calls:
        ctx.tick()
        how, name = ctx.callee(call)
        if how == "bare" and ctx.is_defined(name, call):
            continue  # the code's own s or bank (a callback parameter, say) is not the control
        if name in ctx.scope.sound_controls:
            _check_sound_call(ctx, call)
        elif name == "bank":
            _check_bank_names(ctx, call)


def mini_values(ctx: CheckContext, node: Node) -> Iterator[tuple[Atom, StringValue]]:
    """Value atoms of a string argument (or of strings inside cat/seq/stack/... calls)."""
    stack = [node]  # a loop, not recursion: arrays may nest thousands of levels deep
    while stack:
        ctx.tick()
        node = stack.pop()
        value = ctx.string(node)
        if value is not None:
            for atom in ctx.mini(value.value).values:  # a syntax error is reported by the syntax check
                yield atom, value
            continue
        inner: list[Node] = []
        if node.type == "call_expression":
            how, name = ctx.callee(node)
            if how == "bare" and name in VALUE_COMBINATORS and not ctx.is_defined(name, node):
                inner = ctx.args(node)
        elif node.type in ("array", "parenthesized_expression"):
            inner = node.named_children
        stack.extend(reversed(inner))


@dataclass(slots=True)
class _ChainControls:
    """The controls one sound call's chain sets besides the sound."""

    banks: list[tuple[Atom, StringValue]] = field(default_factory=list)
    ns: list[Atom] = field(default_factory=list)
    dynamic_bank: bool = False  # .bank(someVariable)
    scaled: bool = False  # n is a scale degree, not a sample index


def _chain(ctx: CheckContext, call: Node) -> _ChainControls:
    """Controls set along the method chain of a sound call, and of the stacks it sits in."""
    found = _ChainControls()
    seen: set[int] = set()

    def take(c: Node) -> None:
        if c.id in seen:
            return
        seen.add(c.id)
        _, name = ctx.callee(c)
        if name == "bank":
            for arg in ctx.args(c):
                atoms = list(mini_values(ctx, arg))
                if not atoms:
                    found.dynamic_bank = True
                found.banks.extend(atoms)
        elif name == "n":
            for arg in ctx.args(c):
                found.ns.extend(a for a, _ in mini_values(ctx, arg))
        elif name in SCALE_METHODS or name == "note":
            found.scaled = True

    # down: the receivers of this call (n("0 1").bank("x").s("bd"))
    node: Node | None = call
    while node is not None and node.type == "call_expression":
        ctx.tick()
        take(node)
        fn = node.child_by_field_name("function")
        node = fn.child_by_field_name("object") if fn is not None and fn.type == "member_expression" else None
        while node is not None and node.type == "parenthesized_expression":
            node = node.named_children[-1] if node.named_children else None
    # up: methods called on the result, through stack(...)/cat(...) arguments
    node = call
    while node is not None:
        ctx.tick()  # node.parent walks down from the root: long chains cost depth squared
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
            _, name = ctx.callee(outer)
            if name not in PASS_THROUGH and name not in PATTERN_CALLBACKS:
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


def _unjudgeable(ctx: CheckContext) -> str:
    if ctx.defs.superdirt:
        return " (unless SuperDirt provides it: this code sends to SuperDirt with .osc())"
    if ctx.defs.remote_sounds:
        return " (unless the remote samples this code loads define it: they cannot be checked offline)"
    return ""


def _check_bank_names(ctx: CheckContext, call: Node) -> None:
    for arg in ctx.args(call):
        for atom, value in mini_values(ctx, arg):
            ctx.tick()
            if atom.is_silence or atom.is_number:
                continue
            bank = atom.text.lower()
            if bank in ctx.scope.bank_prefixes or bank in ctx.defs.banks:
                continue
            if any(k.startswith(bank + "_") for k in ctx.defs.sounds):
                continue
            ctx.add(
                "warning",
                "unknown_bank",
                atom.text,
                f"bank {atom.text!r} is not in the sound registry{_unjudgeable(ctx)}",
                value.source_offset(atom.start),
                closest_names(bank, ctx.scope.bank_choices, limit=5),
            )


def _check_sound_call(ctx: CheckContext, call: Node) -> None:
    chain = _chain(ctx, call)
    banks = list(dict.fromkeys(a.text.lower() for a, _ in chain.banks if not (a.is_silence or a.is_number)))
    registry = ctx.index.sounds.registry
    for arg in ctx.args(call):
        for atom, value in mini_values(ctx, arg):
            ctx.tick()
            if atom.is_silence or atom.is_number or atom.text == "_":
                continue
            name = sound_key(atom.text)
            offset = value.source_offset(atom.start)
            if chain.dynamic_bank:
                continue
            if banks:
                for bank in banks:
                    _check_banked_sound(ctx, atom, name, bank, offset, len(banks) > 1, chain)
                continue
            if name in ctx.defs.sounds:
                continue
            if name not in ctx.scope.sounds:
                _unknown_sound(ctx, atom, name, offset)
                continue
            _check_index(ctx, atom, name, registry.get(name, {}), offset, chain)


def _unknown_sound(ctx: CheckContext, atom: Atom, name: str, offset: int) -> None:
    sounds = ctx.index.sounds
    hint = ""
    if name in sounds.banks:
        bank = sounds.banks[name]
        hint = f'; {atom.text} is a bank: use it as s("{bank.sounds[0]}").bank("{bank.label}")'
    suggestions = suggest_sounds(ctx, name)
    ctx.add(
        "warning",
        "unknown_sound",
        atom.text,
        f"sound {atom.text!r} is not in the sound registry, so it will be silent{_unjudgeable(ctx)}{hint}",
        offset,
        suggestions,
    )


def _check_banked_sound(
    ctx: CheckContext, atom: Atom, name: str, bank: str, offset: int, several: bool, chain: _ChainControls
) -> None:
    key = f"{bank}_{name}"
    if key in ctx.defs.sounds or bank in ctx.defs.banks:
        return
    if key in ctx.scope.sounds:
        _check_index(ctx, atom, key, ctx.index.sounds.registry.get(key, {}), offset, chain)
        return
    if bank not in ctx.scope.bank_prefixes:
        return  # reported once as unknown_bank
    members = sorted({k[len(bank) + 1 :] for k in ctx.scope.sounds if k.startswith(bank + "_")})
    label = ctx.index.sounds.banks[bank].label if bank in ctx.index.sounds.banks else bank
    shown = ", ".join(members[:12]) + (", ..." if len(members) > 12 else "")
    # With several banks in one pattern ("<tr909 tr808>") this pair may never play.
    maybe = " (if this pair plays)" if several else ""
    ctx.add(
        "warning",
        "sound_not_in_bank",
        atom.text,
        f"bank {label!r} has no sound {atom.text!r}: {key} is not registered, so it will be silent{maybe}"
        f"{_unjudgeable(ctx)}; the bank has: {shown}",
        offset,
        closest_names(name, members, limit=5) or rank_names(name, members, cutoff=0.0),
    )


def _check_index(ctx: CheckContext, atom: Atom, key: str, data: Any, offset: int, chain: _ChainControls) -> None:
    count = index_slots(data)
    if count is None:
        return  # synths, and note-keyed maps (piano) where the index picks within a note
    indices: list[Atom] = [a for tail in atom.tails[:1] for a in tail]
    if not indices and not chain.scaled:
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
            ctx.add(
                "warning",
                "sample_index",
                f"{atom.text}:{index_atom.text}",
                f"{key} has {count} sample{'s' if count != 1 else ''} (0-{count - 1}); index {n} wraps to "
                f"{atom.text}:{wrapped} (the REPL takes the index modulo the count)",
                offset,
                [f"{atom.text}:{wrapped}", f"{atom.text}:{count - 1}"],
            )
