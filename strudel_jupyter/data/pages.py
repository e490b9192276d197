"""Strudel's own tutorial pages (the snapshot's ``pages/``), split into passages linked to functions.

The website's pages are MDX (``data/mdx.py`` reads them): a passage is a heading's section,
or, where the section has examples, each example with the prose before it. Each passage
links to:

* the functions its ``<JsDoc>`` tags document (a strong link: the section is about them);
* the functions its examples call, read with tree-sitter's JavaScript grammar (the parser
  the validator uses), kept only when the reference has them;
* the sounds its examples play (``s("...")`` / ``sound("...")`` mini-notation), kept only
  when the registry has them.

A snapshot without ``pages/`` (the npm pipeline cannot build them) simply has no passages.
The parse is cached per user (``$STRUDEL_CACHE_DIR``), keyed by the pages' own bytes.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Iterable, Mapping
from dataclasses import astuple, dataclass
from pathlib import Path

from .index_cache import CACHE_ENV, user_cache_dir
from .mdx import PAGE_SITE, RawPassage, example_names, js_parser, page_url, split_page
from .snapshot import PAGES_DIR
from .textindex import TextIndex, tokenize

__all__ = ["CACHE_ENV", "PAGE_SITE", "Passage", "Passages", "load_passages"]

# Field weights of the passages' text index: a heading names its topic.
_FIELD_WEIGHTS = {"heading": 3.0, "title": 1.0, "text": 1.0, "documents": 2.0}


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
        self.by_function: dict[str, list[int]] = {}
        for n, p in enumerate(self.passages):
            for name in p.functions:
                self.by_function.setdefault(name, []).append(n)
        self._text: TextIndex | None = None
        self._lock = threading.Lock()
        self._words: dict[int, frozenset[str]] = {}

    @property
    def text(self) -> TextIndex:
        """BM25F over the passages (keys: their positions as strings), built on first use.

        Only descriptions need it (``lookup/pages.py:passage_evidence``); citing a page for
        a name does not, so the first answer does not wait for it.
        """
        if self._text is None:
            with self._lock:
                if self._text is None:
                    self._text = TextIndex(
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
        return self._text

    def words(self, n: int) -> frozenset[str]:
        """The stems of passage ``n``'s heading and prose (kept once read)."""
        found = self._words.get(n)
        if found is None:
            p = self.passages[n]
            found = self._words[n] = frozenset(tokenize(f"{p.heading} {p.text}"))
        return found

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


# ------------------------------------------------------------------ reading, with a cache
#: Where the pages' parse is kept between processes (the first answer should not wait for
#: 46 pages and ~470 examples to be parsed again): $STRUDEL_CACHE_DIR, else the user's cache.
_CACHE_FORMAT = 2  # raise when what is cached (or how it is read) changes
_CACHE_FILES = 4  # parses kept, one per snapshot's pages

# One page's passages as read, names unchecked: [raw passage fields..., calls, sound words]
_Read = list[tuple[RawPassage, list[str], list[str]]]


def _read_pages(directory: Path, files: list[Path]) -> _Read:
    """Split every page and read its examples' names (the slow part: MDX and tree-sitter)."""
    parse = js_parser()
    read: _Read = []
    for path in files:
        page = path.relative_to(directory / PAGES_DIR).as_posix()
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # an unreadable page is skipped: the pages are an extra, never a failure
        for raw in split_page(page, source):
            calls: list[str] = []
            words: list[str] = []
            for example in raw.examples:
                names, played = example_names(example, parse)
                calls += names
                words += played
            read.append((raw, calls, words))
    return read


def _pages_key(directory: Path, files: list[Path]) -> str:
    digest = hashlib.sha256(f"{_CACHE_FORMAT}".encode())
    for path in files:
        digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"\1unreadable")
    return digest.hexdigest()[:32]


def _cached_read(directory: Path, files: list[Path]) -> _Read:
    """:func:`_read_pages`, kept as JSON under the pages' own hash (any cache problem: read again)."""
    path = user_cache_dir() / f"pages-{_pages_key(directory, files)}.json"
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
        return [
            (RawPassage(row[0], row[1], row[2], row[3], row[4], row[5], tuple(row[6]), tuple(row[7])), row[8], row[9])
            for row in rows
        ]
    except (OSError, ValueError, TypeError, IndexError):
        pass
    read = _read_pages(directory, files)
    rows = [[*astuple(raw)[:6], list(raw.examples), list(raw.documents), calls, words] for raw, calls, words in read]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(rows), encoding="utf-8")
        tmp.replace(path)
        # older snapshots' parses: the few most recent are kept (a snapshot changes rarely)
        kept = sorted(path.parent.glob("pages-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in kept[_CACHE_FILES:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only home: parsed again next time
    return read


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
    passages = [
        Passage(
            raw.page,
            raw.title,
            raw.heading,
            raw.anchor,
            raw.text,
            raw.examples,
            tuple(dict.fromkeys(functions[n] for n in raw.documents if n in functions)),
            tuple(dict.fromkeys(functions[n] for n in calls if n in functions)),
            tuple(dict.fromkeys(w for w in words if w in known_sounds)),
        )
        for raw, calls, words in (_cached_read(directory, files) if files else [])
    ]
    return Passages(passages, pages=len(files))
