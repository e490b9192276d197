"""Names: bare names and calls that are not in scope, methods that exist nowhere, undocumented ones.

A name the code declares counts only inside the declaration's scope (the first pass's
bindings). Severity follows what the REPL would do: an unknown bare name is a
``ReferenceError`` (error); an unknown method on something certainly a pattern is a
``TypeError`` (error), on a value of unknown type only doubtful (warning).
"""

from __future__ import annotations

from typing import Literal

from tree_sitter import Node

from ...limits import MAX_RECEIVER_DEPTH
from ..jsnames import HYDRA_GLOBALS, HYDRA_METHODS, JS_GLOBALS, JS_METHODS, JS_NAMESPACES, VALUE_METHODS
from ..report import Severity
from ..scope import OBJECT_PROTOTYPE
from .context import CheckContext
from .suggestions import suggest_globals, suggest_methods

__all__ = ["check_names", "receiver_kind"]

ReceiverKind = Literal["pattern", "js", "unknown"]


def check_names(ctx: CheckContext) -> None:
    """Check every identifier and call the first pass found, in source order."""
    for node in ctx.defs.identifiers:
        ctx.tick()
        _check_identifier(ctx, node)
    for call in ctx.defs.calls:
        ctx.tick()
        how, name = ctx.callee(call)
        if how == "bare":
            _check_bare_call(ctx, call, name)
        elif how == "method":
            _check_method_call(ctx, call, name)


def _strict(ctx: CheckContext) -> Severity:
    # Without symbols.json only the reference is known; after initHydra, hydra adds names we do not list.
    return "error" if ctx.scope.has_symbols and not ctx.defs.hydra else "warning"


def _check_identifier(ctx: CheckContext, node: Node) -> None:
    parent = node.parent
    if parent is None:
        return
    if parent.type == "call_expression" and parent.child_by_field_name("function") == node:
        return  # checked as a call
    if parent.type == "ERROR":
        return
    if parent.type == "unary_expression" and ctx.text(parent.child_by_field_name("operator") or parent) == "typeof":
        return  # typeof x is valid JavaScript for an undeclared x: it is "undefined", no ReferenceError
    name = ctx.text(node)
    if ctx.is_defined(name, node) or ctx.scope.is_global(name, hydra=ctx.defs.hydra):
        return
    if name in ctx.scope.methods or name in ctx.scope.not_global:
        ctx.add_at(
            node,
            "error",
            "not_a_global",
            name,
            f"{name!r} is a Pattern method, not a global: use it on a pattern, e.g. pat.{name}(...)",
            suggest_globals(ctx, name, node),
        )
        return
    ctx.add_at(
        node,
        _strict(ctx),
        "unknown_name",
        name,
        f"{name!r} is not defined in this code and is not a Strudel or JavaScript global",
        suggest_globals(ctx, name, node),
    )


def _check_bare_call(ctx: CheckContext, call: Node, name: str) -> None:
    fn = call.child_by_field_name("function")
    assert fn is not None  # a bare call has one
    if ctx.is_defined(name, call) or name in JS_GLOBALS or name == "K":
        return
    if ctx.defs.hydra and name in HYDRA_GLOBALS:
        return
    if name in ctx.scope.globals:
        _undocumented(ctx, fn, name)
        return
    if name in ctx.scope.not_global or name in ctx.scope.methods:
        ctx.add_at(
            fn,
            "error",
            "not_a_global",
            name,
            f"{name}() is not a global function: {name} only exists as a Pattern method, "
            f'e.g. "0 1".{name}(...) or pat.{name}(...)',
            suggest_globals(ctx, name, fn),
        )
        return
    ctx.add_at(
        fn,
        _strict(ctx),
        "unknown_function",
        name,
        f"{name}() does not exist in Strudel (not in the REPL scope, not defined in this code)",
        suggest_globals(ctx, name, fn),
    )


def _check_method_call(ctx: CheckContext, call: Node, name: str) -> None:
    member = call.child_by_field_name("function")
    assert member is not None  # a method call has one
    receiver = member.child_by_field_name("object")
    prop = member.child_by_field_name("property")
    if prop is None or prop.type == "private_property_identifier" or name == "K":
        return  # .K(...) is kabelsalat syntax the transpiler rewrites
    scope, defs = ctx.scope, ctx.defs
    if name in defs.properties or name in defs.registered or name in scope.prebake_methods:
        return
    if (
        receiver is not None
        and receiver.type == "member_expression"
        and name in scope.alignments
        and ctx.text(receiver.child_by_field_name("property") or receiver) in scope.composers
    ):
        return  # pat.add.out(...), pat.set.squeeze(...)
    if name in scope.methods:
        if name not in JS_METHODS:
            _undocumented(ctx, prop, name)
        return
    if name in JS_METHODS or name in VALUE_METHODS or name in OBJECT_PROTOTYPE:
        return
    if defs.hydra and name in HYDRA_METHODS:
        return
    kind = receiver_kind(ctx, receiver)
    if kind == "js":
        return  # Math.foo, document.bar: not Strudel's business
    if name in scope.globals:
        if kind == "pattern":
            ctx.add_at(
                prop,
                "error",
                "not_a_method",
                name,
                f".{name}() is not a Pattern method: {name} is a global function, call it as {name}(...)",
                suggest_methods(ctx, name),
            )
        return
    certain = kind == "pattern" and scope.has_symbols and not defs.hydra
    where = "on a pattern" if kind == "pattern" else "(the receiver's type is not known)"
    ctx.add_at(
        prop,
        "error" if certain else "warning",
        "unknown_method",
        name,
        f".{name}() is not a Strudel Pattern method nor a JavaScript method {where}",
        suggest_methods(ctx, name),
    )


def receiver_kind(ctx: CheckContext, node: Node | None, depth: int = 0) -> ReceiverKind:
    """``pattern`` (certainly a Strudel pattern), ``js`` (a JavaScript built-in value) or ``unknown``."""
    if node is None or depth > MAX_RECEIVER_DEPTH:
        return "unknown"
    t = node.type
    if t in ("string", "template_string"):
        return "pattern"  # the transpiler turns strings into patterns; string methods are known anyway
    if t in ("number", "array", "object", "regex", "true", "false", "null", "undefined"):
        return "js"
    if t == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        return receiver_kind(ctx, inner[-1], depth + 1) if inner else "unknown"
    if t == "identifier":
        return _identifier_kind(ctx, node, depth)
    if t == "call_expression":
        how, name = ctx.callee(node)
        if how == "bare":
            if ctx.is_defined(name, node) or name in JS_GLOBALS:
                return "unknown"
            return "pattern" if name in ctx.scope.globals and name in ctx.scope.documented else "unknown"
        if how == "method":
            member = node.child_by_field_name("function")
            if name in ctx.scope.methods and name not in JS_METHODS:
                return "pattern"
            # add, filter: both Strudel and JavaScript; a misspelt .fastt(): still the same
            # chain. Either way the receiver decides.
            if member is not None and (name in ctx.scope.methods or not _known_method_anywhere(ctx, name)):
                return receiver_kind(ctx, member.child_by_field_name("object"), depth + 1)
    return "unknown"


def _identifier_kind(ctx: CheckContext, node: Node, depth: int) -> ReceiverKind:
    name = ctx.text(node)
    binding = ctx.defs.binding(name, node.start_byte)
    if binding is not None:
        if binding.is_pattern:
            return "pattern"
        return receiver_kind(ctx, binding.value, depth + 1) if binding.value is not None else "unknown"
    if name in JS_NAMESPACES or name in JS_GLOBALS:
        return "js"
    if ctx.defs.hydra and name in HYDRA_GLOBALS:
        return "unknown"
    if name in ctx.scope.globals:
        return "pattern"  # sine, rand, silence...
    return "unknown"


def _known_method_anywhere(ctx: CheckContext, name: str) -> bool:
    return (
        ctx.scope.is_method(name, hydra=ctx.defs.hydra)
        or name in ctx.scope.globals
        or name in ctx.defs.properties
        or name in ctx.defs.registered
    )


def _undocumented(ctx: CheckContext, node: Node, name: str) -> None:
    documented = ctx.scope.documented
    if ctx.defs.hydra and (name in HYDRA_METHODS or name in HYDRA_GLOBALS or name == "initHydra"):
        return
    if name in documented or name in JS_METHODS or name in JS_GLOBALS:
        return
    if name.startswith("_") and name.lstrip("_") in documented:
        return  # _pianoroll, _scope: the inline-widget (or plain-argument) form of a documented name
    if name in ctx.scope.superdirt_only:
        message = (
            f"{name} is documented as SuperDirt-only (the reference tab hides it): "
            "it has no effect on the REPL's own audio output"
        )
    else:
        message = f"{name} exists in the REPL but has no reference entry: valid code, nothing to fix"
    # info, not a warning: the name is real and the code valid; an agent must not "fix" it
    ctx.add_at(node, "info", "undocumented", name, message, once=True)
