"""Strudel's own tutorial pages (the snapshot's ``pages/``), split into passages linked to functions.

The website's pages are MDX: front matter, ``import`` lines, Markdown headings and prose,
``<MiniRepl tune={`...`} />`` examples and ``<JsDoc name="x" />`` tags (which the website
replaces by function x's doc.json entry). A passage is a heading's section, or, where the
section has examples, each example with the prose before it. Each passage links to:

* the functions its ``<JsDoc>`` tags document (a strong link: the section is about them);
* the functions its examples call, read with tree-sitter's JavaScript grammar (the parser
  the validator uses), kept only when the reference has them;
* the sounds its examples play (``s("...")`` / ``sound("...")`` mini-notation), kept only
  when the registry has them.

Anchors are the website's: each heading's text slugged as GitHub's slugger does (Astro
uses it), repeats numbered ``-1``, ``-2`` within a page. A snapshot without ``pages/`` (the
npm pipeline cannot build them) simply has no passages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .snapshot import PAGES_DIR
from .textindex import TextIndex

__all__ = [
    "PAGES_DIR",
    "PAGE_SITE",
    "Passage",
    "Passages",
    "RawPassage",
    "example_names",
    "load_passages",
    "page_url",
    "slugify",
    "split_page",
]

PAGE_SITE = "https://strudel.cc/"
#: A passage's prose is kept up to this many characters (a section can run for pages).
PASSAGE_TEXT_CHARS = 1200
#: An example longer than this is not parsed for names (the pages' longest is ~2,500).
EXAMPLE_PARSE_CHARS = 20_000

# Field weights of the passages' text index: a heading names its topic.
_FIELD_WEIGHTS = {"heading": 3.0, "title": 1.0, "text": 1.0, "documents": 2.0}


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
_FENCE = re.compile(r"^\s*(```|~~~)")
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
            return "jsdoc", full.rpartition(".")[2]  # Pattern.xen documents xen
        return None
    tune = _TUNE.search(element)
    if tune:
        close = _string_end(element, tune.end(), tune.group(1))
        if close > 0:
            code = _unescape(element[tune.end() : close]).strip()
            if code:
                return "repl", code
    return None


def _blocks(body: str) -> Iterator[tuple[str, str]]:
    """``("heading", line) | ("prose", text) | ("repl", tune) | ("jsdoc", name)``, in page order.

    Components are found anywhere in a line (a table row, a ``<Box>``) and may span lines.
    """
    pos = 0
    fenced = False
    while pos < len(body):
        newline = body.find("\n", pos)
        line_end = len(body) if newline < 0 else newline
        line = body[pos:line_end]
        stripped = line.lstrip()
        if _FENCE.match(line):
            fenced = not fenced
        elif fenced or stripped.startswith(("import ", "export ", "{/*")):
            pass
        elif _HEADING.match(line):
            yield "heading", line
        else:
            component = _COMPONENT.search(body, pos, line_end)
            if component is not None:
                before = body[pos : component.start()]
                if before.strip():
                    yield "prose", before
                end = _component_end(body, component.start())
                found = _element(body[component.start() : end])
                if found is not None:
                    yield found
                pos = end  # the rest of the line the element ends in is read as a line of its own
                continue
            yield "prose", line
        pos = line_end + 1


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


def _js_parser() -> Callable[[bytes], object]:
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
    tree = (parse or _js_parser())(data)
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


# ------------------------------------------------------------------ passages with links
@dataclass(frozen=True, slots=True)
class Passage:
    """One passage of a tutorial page, with the real functions and sounds it is about."""

    page: str  # its path under pages/: ``learn/effects.mdx``
    title: str  # the page's title
    heading: str  # the section's heading (the page's title before the first heading)
    anchor: str  # the website's anchor of the heading ("" at the top of the page)
    text: str  # plain prose, at most PASSAGE_TEXT_CHARS
    examples: tuple[str, ...]  # the MiniRepl code it shows (one, or none)
    documents: tuple[str, ...]  # functions its <JsDoc> tags document (a strong link)
    calls: tuple[str, ...]  # functions its examples call, reference names only
    sounds: tuple[str, ...]  # sounds its examples play, registry keys only

    @property
    def source(self) -> str:
        """How answers cite it: ``learn/effects.mdx#delay-1``."""
        return f"{self.page}#{self.anchor}" if self.anchor else self.page

    @property
    def url(self) -> str:
        """The page on the website, at the heading: ``https://strudel.cc/learn/effects/#delay-1``."""
        return page_url(self.page, self.anchor)

    @property
    def functions(self) -> tuple[str, ...]:
        """Every function it is linked to: the documented ones first."""
        return tuple(dict.fromkeys((*self.documents, *self.calls)))


class Passages:
    """All passages of a snapshot's pages, their text index and their links by function."""

    def __init__(self, passages: Iterable[Passage], *, pages: int) -> None:
        self.passages: tuple[Passage, ...] = tuple(passages)
        self.pages = pages
        self.text = TextIndex(
            {
                str(n): {
                    "heading": p.heading,
                    "title": p.title,
                    "text": p.text,
                    "documents": " ".join(p.documents),
                }
                for n, p in enumerate(self.passages)
            },
            _FIELD_WEIGHTS,
        )
        self.by_function: dict[str, list[int]] = {}
        for n, p in enumerate(self.passages):
            for name in p.functions:
                self.by_function.setdefault(name, []).append(n)

    def __len__(self) -> int:
        return len(self.passages)

    def documenting(self, name: str) -> list[Passage]:
        """Passages whose ``<JsDoc>`` tags document ``name``, in page order."""
        return [self.passages[n] for n in self.by_function.get(name, ()) if name in self.passages[n].documents]

    def linked(self, name: str) -> list[Passage]:
        """Every passage linked to ``name`` (documenting it or calling it), in page order."""
        return [self.passages[n] for n in self.by_function.get(name, ())]


def _page_files(directory: Path) -> list[Path]:
    root = directory / PAGES_DIR
    return sorted(root.rglob("*.mdx")) if root.is_dir() else []


def load_passages(
    directory: Path,
    functions: Mapping[str, str],
    sounds: Iterable[str],
) -> Passages:
    """Read ``directory/pages`` into :class:`Passages` (none without a ``pages/`` folder).

    ``functions`` maps every name the reference answers to (names and synonyms) to its
    entry's name; ``sounds`` are the registry's keys. Names found nowhere are dropped.
    """
    known_sounds = frozenset(sounds)
    files = _page_files(directory)
    parse = _js_parser() if files else None
    passages: list[Passage] = []
    for path in files:
        page = path.relative_to(directory / PAGES_DIR).as_posix()
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # an unreadable page is skipped: the pages are an extra, never a failure
        for raw in split_page(page, source):
            calls: list[str] = []
            played: list[str] = []
            for example in raw.examples:
                names, words = example_names(example, parse)
                calls.extend(functions[n] for n in names if n in functions)
                played.extend(w for w in words if w in known_sounds)
            documents = tuple(functions[n] for n in raw.documents if n in functions)
            passages.append(
                Passage(
                    raw.page,
                    raw.title,
                    raw.heading,
                    raw.anchor,
                    raw.text,
                    raw.examples,
                    tuple(dict.fromkeys(documents)),
                    tuple(dict.fromkeys(calls)),
                    tuple(dict.fromkeys(played)),
                )
            )
    return Passages(passages, pages=len(files))
