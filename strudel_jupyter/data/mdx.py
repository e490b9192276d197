"""Reading Strudel's MDX tutorial pages: headings and anchors, prose, examples, JsDoc tags, names.

``split_page`` turns one page into raw passages (a heading's section; each ``<MiniRepl
tune={`...`} />`` example with the prose before it); ``example_names`` reads the functions an
example calls and the sounds it plays with tree-sitter's JavaScript grammar (the parser the
validator uses). Anchors are the website's: github-slugger's, as Astro makes them.
``data/pages.py`` links the passages to the index's real names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

__all__ = ["PAGE_SITE", "RawPassage", "example_names", "js_parser", "page_url", "slugify", "split_page"]

PAGE_SITE = "https://strudel.cc/"
#: A passage's prose is kept up to this many characters (a section can run for pages).
PASSAGE_TEXT_CHARS = 1200
#: An example longer than this is not parsed for names (the pages' longest is ~2,500).
EXAMPLE_PARSE_CHARS = 20_000


# ------------------------------------------------------------------ anchors
_SLUG_DROP = re.compile(r"[^\w\- ]", re.UNICODE)


def slugify(heading: str) -> str:
    """A heading's anchor as the website makes it (github-slugger): lower case, punctuation gone, spaces -> -."""
    return _SLUG_DROP.sub("", heading.lower()).replace(" ", "-")


class _Slugger:
    """github-slugger's numbering: the second "Delay" on a page is ``delay-1``."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def slug(self, heading: str) -> str:
        original = slug = slugify(heading)
        while slug in self.seen:
            self.seen[original] += 1
            slug = f"{original}-{self.seen[original]}"
        self.seen[slug] = 0
        return slug


def page_url(page: str, anchor: str = "") -> str:
    """``learn/effects.mdx``, ``delay`` -> ``https://strudel.cc/learn/effects/#delay``."""
    path = page.removesuffix(".mdx")
    return f"{PAGE_SITE}{path}/" + (f"#{anchor}" if anchor else "")


# ------------------------------------------------------------------ reading MDX
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_JSDOC_NAME = re.compile(r"""\bname=(?:"([^"]+)"|'([^']+)'|\{["'`]([^"'`]+)["'`]\})""")
_TUNE = re.compile(r"""\btune=\{\s*(`|'|")""")
_TAG = re.compile(r"</?[A-Za-z][^<>]*?/?>")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"\*\*|__|\*|`|\||-{3,}")  # emphasis, code marks, table rules
_SPACE = re.compile(r"\s+")


def _inline_text(markdown: str) -> str:
    """Markdown/MDX prose as plain words: tags, link targets and emphasis marks gone."""
    text = _LINK.sub(r"\1", markdown)
    text = _TAG.sub(" ", text)
    text = _EMPHASIS.sub("", text)
    return _SPACE.sub(" ", text).strip()


def _front_matter(lines: list[str]) -> tuple[str, int]:
    """The page's ``title`` and the line after its front matter."""
    if not lines or lines[0].strip() != "---":
        return "", 0
    title = ""
    for i in range(1, len(lines)):
        if lines[i].strip() == "---":
            return title, i + 1
        key, _, value = lines[i].partition(":")
        if key.strip() == "title":
            title = value.strip().strip("'\"")
    return title, len(lines)


_STRING_STOPS = {q: re.compile(r"\\[\s\S]|" + q) for q in "`'\""}
_ELEMENT_STOPS = re.compile(r"[`'\"{}>]|/>")


def _string_end(text: str, start: int, quote: str) -> int:
    """Index of the quote closing a JS string/template literal opened just before ``start`` (-1: none)."""
    for stop in _STRING_STOPS[quote].finditer(text, start):
        if stop.group() == quote:
            return stop.start()
    return -1


def _unescape(literal: str) -> str:
    """A JS literal's escapes that the pages use: \\` \\' \\" \\$ \\\\ (others kept as written)."""
    return re.sub(r"\\([`'\"$\\])", r"\1", literal)


def _component_end(text: str, start: int) -> int:
    """End of the JSX element starting at ``start`` (after its ``/>`` or ``</Name>``), strings skipped."""
    depth = 0
    i = start + 1
    while True:
        stop = _ELEMENT_STOPS.search(text, i)
        if stop is None:
            return len(text)
        c = stop.group()
        i = stop.end()
        if c in "`'\"":  # an attribute's string, or one inside its {...}: skipped whole
            end = _string_end(text, i, c)
            if end < 0:
                return len(text)
            i = end + 1
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif depth == 0 and c == "/>":
            return i
        elif depth == 0 and c == ">":
            # an element with children: up to its closing tag
            name = re.match(r"<([A-Za-z]+)", text[start:])
            close = text.find(f"</{name.group(1)}>", i) if name else -1
            return close + len(name.group(0)) + 2 if name and close >= 0 else i


@dataclass(frozen=True, slots=True)
class RawPassage:
    """A passage as read from the page, before its names are checked against the index."""

    page: str
    title: str
    heading: str
    anchor: str
    level: int
    text: str
    examples: tuple[str, ...]
    documents: tuple[str, ...]


@dataclass
class _Section:
    heading: str
    anchor: str
    level: int
    prose: list[str] = field(default_factory=list)
    documents: list[str] = field(default_factory=list)
    # (prose before it, example) pairs, in order
    examples: list[tuple[str, str]] = field(default_factory=list)

    def take_prose(self) -> str:
        text = _inline_text(" ".join(self.prose))
        self.prose = []
        return text


_COMPONENT = re.compile(r"<(MiniRepl|JsDoc)\b")


def _element(element: str) -> tuple[str, str] | None:
    """``("repl", tune)`` or ``("jsdoc", name)`` of one component's source, if it has one."""
    if element.startswith("<JsDoc"):
        name = _JSDOC_NAME.search(element)
        if name:
            full = next(g for g in name.groups() if g)
            return "jsdoc", re.split(r"[.#]", full)[-1]  # Pattern.xen, Pattern#hush: xen, hush
        return None
    tune = _TUNE.search(element)
    if tune:
        close = _string_end(element, tune.end(), tune.group(1))
        if close > 0:
            code = _unescape(element[tune.end() : close]).strip()
            if code:
                return "repl", code
    return None


# What is not prose, found in one pass: a fence, a heading line, an import/export/comment
# line, the start of a component (anywhere in a line: a table row, inside a <Box>).
_SPECIAL = re.compile(
    r"^(?P<fence>[ \t]*(?:```|~~~)).*$"
    r"|^(?P<heading>#{1,6}[ \t]+\S.*)$"
    r"|^(?P<skip>[ \t]*(?:import |export |\{/\*)).*$"
    r"|(?P<component><(?:MiniRepl|JsDoc)\b)",
    re.M,
)
_FENCE_END = re.compile(r"^[ \t]*(?:```|~~~).*$", re.M)


def _blocks(body: str) -> Iterator[tuple[str, str]]:
    """``("heading", line) | ("prose", text) | ("repl", tune) | ("jsdoc", name)``, in page order."""
    pos = 0
    while True:
        special = _SPECIAL.search(body, pos)
        end = special.start() if special else len(body)
        if body[pos:end].strip():
            yield "prose", body[pos:end]
        if special is None:
            return
        pos = special.end()
        if special.group("fence"):  # a code block: skipped to its closing fence
            closing = _FENCE_END.search(body, pos + 1)
            pos = closing.end() if closing else len(body)
        elif special.group("heading"):
            yield "heading", special.group("heading")
        elif special.group("component"):
            pos = _component_end(body, special.start())
            found = _element(body[special.start() : pos])
            if found is not None:
                yield found


def split_page(page: str, source: str) -> list[RawPassage]:
    """The passages of one MDX page (``page`` is its path under ``pages/``, e.g. ``learn/effects.mdx``)."""
    lines = source.split("\n")
    title, start = _front_matter(lines)
    body = "\n".join(lines[start:])
    slugger = _Slugger()
    sections = [_Section(title or page, "", 0)]
    for kind, value in _blocks(body):
        section = sections[-1]
        if kind == "heading":
            match = _HEADING.match(value)
            assert match is not None
            heading = _inline_text(match.group(2))
            sections.append(_Section(heading, slugger.slug(heading), len(match.group(1))))
        elif kind == "prose":
            section.prose.append(value)
        elif kind == "jsdoc":
            section.documents.append(value)
        else:
            section.examples.append((section.take_prose(), value))
    return [passage for section in sections for passage in _section_passages(page, title, section)]


def _section_passages(page: str, title: str, section: _Section) -> list[RawPassage]:
    """A section without examples is one passage; with examples, one per example with the prose before it."""
    after = section.take_prose()
    documents = tuple(dict.fromkeys(section.documents))

    def passage(text: str, examples: tuple[str, ...]) -> RawPassage:
        return RawPassage(
            page,
            title,
            section.heading,
            section.anchor,
            section.level,
            text[:PASSAGE_TEXT_CHARS],
            examples,
            documents,
        )

    if not section.examples:
        return [passage(after, ())] if after or documents else []
    last = len(section.examples) - 1
    # the prose after the last example explains it too
    return [
        passage(f"{before} {after}".strip() if n == last else before, (example,))
        for n, (before, example) in enumerate(section.examples)
    ]


# ------------------------------------------------------------------ names in examples
_SOUND_FUNCTIONS = frozenset({"s", "sound"})
# A word of mini-notation that can name a sound: not a number after an operator (bd*2, hh:3).
_MINI_WORD = re.compile(r"(?<![\w*/!@%:?^.-])\w+")


def js_parser() -> Callable[[bytes], object]:
    import tree_sitter_javascript
    from tree_sitter import Language, Parser

    return Parser(Language(tree_sitter_javascript.language())).parse


def example_names(code: str, parse: Callable[[bytes], object] | None = None) -> tuple[list[str], list[str]]:
    """``(functions called, sound words in s("...")/sound("..."))`` of one example, as written.

    Read from tree-sitter's JavaScript tree: a call's callee (``f(...)`` or ``x.f(...)``), and
    the words of a string or template literal passed first to ``s`` or ``sound``.
    """
    from tree_sitter import Node

    data = code[:EXAMPLE_PARSE_CHARS].encode("utf-8")
    tree = (parse or js_parser())(data)
    calls: list[str] = []
    sounds: list[str] = []
    stack: list[Node] = [tree.root_node]  # type: ignore[attr-defined]
    while stack:
        node = stack.pop()
        stack.extend(reversed(node.children))
        if node.type != "call_expression":
            continue
        callee = node.child_by_field_name("function")
        if callee is None:
            continue
        if callee.type == "member_expression":
            callee = callee.child_by_field_name("property")
        if callee is None or callee.type not in ("identifier", "property_identifier"):
            continue
        name = data[callee.start_byte : callee.end_byte].decode("utf-8", "replace")
        calls.append(name)
        if name not in _SOUND_FUNCTIONS:
            continue
        args = node.child_by_field_name("arguments")
        first = next((c for c in args.named_children if c.type != "comment"), None) if args else None
        if first is not None and first.type in ("string", "template_string"):
            for part in first.named_children:
                if part.type == "string_fragment":
                    text = data[part.start_byte : part.end_byte].decode("utf-8", "replace")
                    sounds.extend(_MINI_WORD.findall(text))
    return calls, sounds
