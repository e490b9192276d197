"""The first pass: one walk over the syntax tree that records what the code defines and uses.

It returns frozen :class:`Definitions`: the names the code declares, each with its scope
(a callback's parameter ``s`` is ``s`` only inside the callback), object properties,
``register()``-ed functions, sounds and banks the code registers, whether it loads
remote samples, sends to SuperDirt or starts hydra; and, in source order, the nodes the
checks read (calls, identifiers, strings, escapes), without ``K(...)`` bodies
(kabelsalat: its own language).

Scopes follow JavaScript: ``var`` and function declarations belong to the enclosing
function (function declarations in blocks too, as sloppy-mode scripts have it), ``let``,
``const`` and classes to the enclosing block, parameters to their function, a catch
parameter to its clause, imports and assignments to undeclared names to the whole code.
A name is visible in all of its scope, before its declaration too (hoisting; the
temporal dead zone is not modelled).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tree_sitter import Node

from ..data.sounds_tab import sound_key
from .bindings import Binding, Bindings
from .deadline import Deadline
from .positions import SourceText
from .scope import PATTERN_CALLBACKS, REMOTE_LOADERS, SOUND_REGISTRARS, SUPERDIRT_OUTPUTS
from .strings import string_value
from .tree import call_args, callee_name, walk

__all__ = ["Definitions", "collect_definitions"]

_FUNCTIONS = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "function_expression",
        "function",
        "generator_function",
        "arrow_function",
        "method_definition",
        "class_static_block",
    }
)
_NAMED_FUNCTION_EXPRESSIONS = frozenset({"function_expression", "function", "generator_function", "class"})
_BLOCKS = frozenset({"statement_block", "for_statement", "for_in_statement", "switch_body"})
_GLOBAL_OBJECTS = frozenset({"window", "globalThis", "self"})
# The node types the first pass reads anything from (most nodes are punctuation and the like).
_DEFINING = frozenset(
    {
        "comment",
        "variable_declarator",
        "function_declaration",
        "generator_function_declaration",
        "class_declaration",
        "formal_parameters",
        "arrow_function",
        "catch_clause",
        "import_specifier",
        "namespace_import",
        "import_clause",
        "for_in_statement",
        "assignment_expression",
        "pair",
        "method_definition",
        "field_definition",
        "shorthand_property_identifier",
        "identifier",
        "call_expression",
    }
    | _NAMED_FUNCTION_EXPRESSIONS
)

Range = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Definitions:
    """What the code defines, and the nodes the checks read (in source order)."""

    bindings: Bindings
    properties: frozenset[str]  # object keys, methods and fields the code defines anywhere
    registered: frozenset[str]  # register('name', ...): a global function and a Pattern method
    sounds: frozenset[str]  # sound keys samples({...}), registerSound(...)... define
    banks: frozenset[str]  # bank names aliasBank({...}) defines (lower case)
    remote_sounds: bool  # samples('github:...') and friends: sound names cannot be judged offline
    superdirt: bool  # .osc(): SuperDirt may provide sounds the registry lacks
    hydra: bool  # initHydra() brings hydra's globals
    mini_off: tuple[Range, ...]  # byte ranges between "// mini-off" and "// mini-on"
    calls: tuple[Node, ...]
    callees: Mapping[int, tuple[str, str]]  # every call's callee_name(), by node id
    identifiers: tuple[Node, ...]
    strings: tuple[Node, ...]
    escapes: tuple[Node, ...]

    def is_defined(self, name: str, at: int) -> bool:
        """Whether ``name`` means something the code defines, at byte ``at``."""
        return name in self.registered or self.bindings.lookup(name, at) is not None

    def binding(self, name: str, at: int) -> Binding | None:
        return self.bindings.lookup(name, at)


# A node to visit: the node, its parent and grandparent, the scope var and function
# declarations go to, the scope let, const and class go to, and whether it is inside K(...)
# (definitions there count, the checks do not look).
_Context = tuple[Node, Node | None, Node | None, Range, Range, bool]


def collect_definitions(root: Node, source: SourceText, *, deadline: Deadline | None = None) -> Definitions:
    """Walk the tree once and return what the code defines and what the checks should read.

    Raises :class:`~strudel_jupyter.validator.deadline.OutOfTime` when ``deadline`` passes first.
    """
    return _Collector(source, deadline or Deadline(None)).run(root)


class _Collector:
    def __init__(self, source: SourceText, deadline: Deadline) -> None:
        self.source = source
        self.deadline = deadline
        self.program: Range = (0, len(source.data) + 1)
        self.bindings: list[Binding] = []
        self.assigned: list[tuple[str, int]] = []  # x = ...: a new global unless x is declared there
        self.properties: set[str] = set()
        self.registered: set[str] = set()
        self.sounds: set[str] = set()
        self.banks: set[str] = set()
        self.remote_sounds = self.superdirt = self.hydra = False
        self.comments: list[Node] = []
        self.calls: list[Node] = []
        self.callees: dict[int, tuple[str, str]] = {}
        self.identifiers: list[Node] = []
        self.strings: list[Node] = []
        self.escapes: list[Node] = []

    def run(self, root: Node) -> Definitions:
        # What the checks read, by node type (outside K(...) bodies).
        checked = {
            "call_expression": self.calls,
            "identifier": self.identifiers,
            "shorthand_property_identifier": self.identifiers,
            "string": self.strings,
            "template_string": self.strings,
            "escape_sequence": self.escapes,
        }
        # node, its parent and grandparent, the function and block scopes around it, inside K(...)
        stack: list[_Context] = [(root, None, None, self.program, self.program, False)]
        visited = 0
        while stack:  # a loop, not recursion: code may nest thousands of levels deep
            node, parent, grandparent, function, block, skipped = stack.pop()
            visited += 1
            if not visited & 1023:
                self.deadline.check()
            t = node.type
            if not skipped and t in checked:
                checked[t].append(node)
            kabelsalat = t in _DEFINING and self._visit(node, t, parent, grandparent, function, block)
            if not node.child_count:
                continue
            if t in _FUNCTIONS:
                function = block = (node.start_byte, node.end_byte)
            elif t in _BLOCKS:
                block = (node.start_byte, node.end_byte)
            for child in reversed(node.children):
                inside_k = skipped or (kabelsalat and child.type == "arguments")
                stack.append((child, node, parent, function, block, inside_k))
        return Definitions(
            bindings=self._bindings(),
            properties=frozenset(self.properties),
            registered=frozenset(self.registered),
            sounds=frozenset(self.sounds),
            banks=frozenset(self.banks),
            remote_sounds=self.remote_sounds,
            superdirt=self.superdirt,
            hydra=self.hydra,
            mini_off=self._mini_off(),
            calls=tuple(self.calls),
            callees=MappingProxyType(self.callees),
            identifiers=tuple(self.identifiers),
            strings=tuple(self.strings),
            escapes=tuple(self.escapes),
        )

    # ----------------------------------------------------------- one node
    def _visit(
        self, node: Node, t: str, parent: Node | None, grandparent: Node | None, function: Range, block: Range
    ) -> bool:
        """Record what ``node`` (of type ``t``) defines; True for a K(...) call, whose arguments are kabelsalat."""
        text = self.source.text
        if t == "comment":
            self.comments.append(node)
        elif t == "variable_declarator":
            lexical = parent is not None and parent.type == "lexical_declaration"
            name = node.child_by_field_name("name")
            value = node.child_by_field_name("value") if name is not None and name.type == "identifier" else None
            self._declare(_pattern_names(name, text), block if lexical else function, value=value)
        elif t in ("function_declaration", "generator_function_declaration"):
            self._declare_name(node, function)
        elif t == "class_declaration":
            self._declare_name(node, block)
        elif t in _NAMED_FUNCTION_EXPRESSIONS:
            self._declare_name(node, (node.start_byte, node.end_byte))
        elif t == "formal_parameters" and parent is not None:
            names = [n for c in node.named_children for n in _pattern_names(c, text)]
            self._parameters(names, parent, grandparent)
        elif t == "arrow_function":
            param = node.child_by_field_name("parameter")
            if param is not None:
                self._parameters(_pattern_names(param, text), node, parent)
        elif t == "catch_clause":
            names = _pattern_names(node.child_by_field_name("parameter"), text)
            self._declare(names, (node.start_byte, node.end_byte))
        elif t in ("import_specifier", "namespace_import", "import_clause"):
            self._declare([text(c) for c in node.named_children if c.type == "identifier"], self.program)
        elif t == "for_in_statement":
            self._for_in(node, function)
        elif t == "assignment_expression":
            self._assignment(node)
        elif t == "pair":
            key = node.child_by_field_name("key")
            if key is not None:
                self.properties.add(text(key).strip("'\"`"))
        elif t in ("method_definition", "field_definition"):
            name = node.child_by_field_name("name") or node.child_by_field_name("property")
            if name is not None:
                self.properties.add(text(name))
        elif t == "shorthand_property_identifier":
            self.properties.add(text(node))
        elif t == "identifier":
            if node.end_byte - node.start_byte == len("initHydra") and text(node) == "initHydra":
                self.hydra = True
        elif t == "call_expression":
            return self._call(node)
        return False

    def _declare(self, names: list[str], scope: Range, *, value: Node | None = None, pattern: bool = False) -> None:
        self.bindings.extend(Binding(n, scope[0], scope[1], pattern, value) for n in names)

    def _declare_name(self, node: Node, scope: Range) -> None:
        name = node.child_by_field_name("name")
        if name is not None:
            self._declare([self.source.text(name)], scope)

    def _parameters(self, names: list[str], function: Node, parent: Node | None) -> None:
        """Parameters of a callback handed to .every/.sometimes/... are patterns (the first one)."""
        scope = (function.start_byte, function.end_byte)
        call = parent.parent if parent is not None and parent.type == "arguments" else None
        if call is not None and call.type == "call_expression":
            if callee_name(call, self.source)[1] in PATTERN_CALLBACKS:
                self._declare(names[:1], scope, pattern=True)
                self._declare(names[1:], scope)
                return
        self._declare(names, scope)

    def _for_in(self, node: Node, function: Range) -> None:
        names = _pattern_names(node.child_by_field_name("left"), self.source.text)
        kind = node.child_by_field_name("kind")
        if kind is None:  # for (x of xs): an assignment
            self.assigned.extend((n, node.start_byte) for n in names)
        else:
            self._declare(names, function if kind.type == "var" else (node.start_byte, node.end_byte))

    def _assignment(self, node: Node) -> None:
        left = node.child_by_field_name("left")
        if left is not None and left.type == "identifier":
            self.assigned.append((self.source.text(left), left.start_byte))  # sloppy mode: maybe a global
        elif left is not None and left.type == "member_expression":
            prop = left.child_by_field_name("property")
            owner = left.child_by_field_name("object")
            if prop is not None:
                self.properties.add(self.source.text(prop))
                if owner is not None and self.source.text(owner) in _GLOBAL_OBJECTS:
                    self._declare([self.source.text(prop)], self.program)  # window.foo = ... makes a global

    def _call(self, call: Node) -> bool:
        """Sounds, banks and functions a call registers; True for K(...), whose body is kabelsalat."""
        how, name = self.callees[call.id] = callee_name(call, self.source)
        if how == "method" and name in SUPERDIRT_OUTPUTS:
            self.superdirt = True
        if name == "K" and how:
            return True
        if how != "bare":
            return False
        args = call_args(call)
        first = args[0] if args else None
        if name == "register" and first is not None:
            value = string_value(self.source, first)
            if value is not None:
                self.registered.add(value.value)
        elif name == "samples":
            if first is not None and first.type == "object":
                for pair in first.named_children:
                    key = pair.child_by_field_name("key") if pair.type == "pair" else None
                    if key is not None:
                        text = self.source.text(key).strip("'\"`")
                        if text != "_base":
                            self.sounds.add(sound_key(text))
            else:
                self.remote_sounds = True
        elif name in REMOTE_LOADERS:
            self.remote_sounds = True
        elif name in SOUND_REGISTRARS:
            for arg in args:
                value = string_value(self.source, arg)
                if value is not None:
                    self.sounds.add(sound_key(value.value))
        elif name == "aliasBank":
            if first is not None and first.type == "object":
                for node in walk(first):
                    self.deadline.check()
                    if node.type == "string":
                        value = string_value(self.source, node)
                        if value is not None:
                            self.banks.add(value.value.lower())
            else:
                self.remote_sounds = True
        return False

    # ------------------------------------------------------------ results
    def _bindings(self) -> Bindings:
        declared = Bindings(self.bindings)
        globals_ = [n for n, at in self.assigned if declared.lookup(n, at) is None]
        if not globals_:
            return declared
        return Bindings([*self.bindings, *(Binding(n, *self.program) for n in dict.fromkeys(globals_))])

    def _mini_off(self) -> tuple[Range, ...]:
        # As the transpiler: "// mini-off" ... "// mini-on" turns string parsing off.
        ranges: list[Range] = []
        opened: list[int] = []
        for node in sorted(self.comments, key=lambda n: n.start_byte):
            body = self.source.text(node)
            body = body[2:-2] if body.startswith("/*") else body[2:]
            body = body.strip()
            if body.startswith("mini-off"):
                opened.append(node.start_byte)
            elif body.startswith("mini-on") and opened:
                ranges.append((opened.pop(), node.end_byte))
        ranges.extend((start, len(self.source.data)) for start in opened)
        return tuple(ranges)


def _pattern_names(node: Node | None, text: Callable[[Node], str]) -> list[str]:
    """Names a declaration pattern binds (``a``, ``{a, b: c}``, ``[a, ...b]``, ``a = 1``)."""
    names: list[str] = []
    stack = [node]  # a loop, not recursion: patterns may nest thousands of levels deep
    while stack:
        node = stack.pop()
        if node is None:
            continue
        t = node.type
        if t in ("identifier", "shorthand_property_identifier_pattern"):
            names.append(text(node))
        elif t in ("assignment_pattern", "object_assignment_pattern"):
            stack.append(node.child_by_field_name("left"))
        elif t == "pair_pattern":
            stack.append(node.child_by_field_name("value"))
        elif t in ("object_pattern", "array_pattern", "rest_pattern"):
            stack.extend(reversed(node.named_children))
    return names
