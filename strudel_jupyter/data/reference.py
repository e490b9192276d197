"""The reference tab's data: every documented function, as the REPL lists it."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from .collation import collation_key
from .derived import Derived
from .htmltext import html_to_text, sanitize_html
from .phrasebook import package_phrases
from .reference_tab import filter_tags, normalise_tags, reference_entries, tag_counts
from .textindex import TextIndex, segment, split_identifier

if TYPE_CHECKING:  # pandas loads only when a DataFrame is asked for
    import pandas as pd

__all__ = ["REFERENCE_COLUMNS", "ReferenceEntry", "ReferenceIndex", "ReferenceParts", "reference_parts"]

REFERENCE_COLUMNS = [
    "name",
    "synonyms",
    "doc_synonyms",
    "synonyms_text",
    "all_names",
    "description",
    "description_html",
    "params",
    "examples",
    "tags",
    "filter_tags",
    "usage",
    "source",
    "memberof",
    "kind",
    "longname",
]

# Text fields and their weight in relevance: a word in a name says more than one
# in a long description. ``phrases``: the phrasebook's phrases for the function (what
# musicians call it, data/phrasebook.py), their words loose: "play my riff backwards" holds
# rev's "backwards" and "play backwards" though no phrase is in it whole.
_FIELD_WEIGHTS = {
    "name": 4.0,
    "synonyms": 3.0,
    "description": 1.0,
    "params": 0.4,
    "tags": 1.0,
    "comments": 0.5,
    "arguments": 0.5,
    "phrases": 0.5,
}
# "low-pass", "band-pass": the docs write some compounds with a hyphen in one place and as
# one word in another ("lowpass"), and a question either way; the text holds both.
_HYPHENATED = re.compile(r"\b([A-Za-z]{2,})-([A-Za-z]{2,})\b")


def _with_compounds(text: str, one_words: frozenset[str]) -> str:
    """``text`` with each hyphenated compound also written as one word, where the docs
    write that word too (``one_words``: "hi-hat" stays an instrument's, not "hihat")."""
    joined = [a + b for a, b in _HYPHENATED.findall(text) if (a + b).lower() in one_words]
    return f"{text} {' '.join(joined)}" if joined else text


_COMMENT = re.compile(r"//(.*)$|/\*(.*?)\*/", re.M | re.S)


def _example_comments(examples: Iterable[str]) -> str:
    """Prose inside the examples' comments ("// =140 bpm in 4/4") says what they show."""
    return " ".join(a or b for ex in examples for a, b in _COMMENT.findall(ex))


# A call whose first argument is a string: its name, the quote, the string. One pattern for
# every entry (a pattern per name compiled 500 regexes at each index build, a third of it).
_STRING_CALL = re.compile(r"(?<![\w$])([A-Za-z_$][\w$]*)\(\s*([\"'`])(.*?)\2", re.S)


def _own_arguments(name: str, examples: Iterable[str]) -> str:
    """The strings the examples pass to the function itself: ``struct("x ~ x ~")`` says
    what ``struct`` takes, so "the rhythm x ~ x x" finds it."""
    return " ".join(
        m.group(3) for ex in examples if name in ex for m in _STRING_CALL.finditer(ex) if m.group(1) == name
    )


_WORD = re.compile(r"[A-Za-z_$][\w$]*")


@dataclass(frozen=True, slots=True)
class ReferenceEntry:
    """One entry of the reference tab (plain data; the DataFrame holds the same rows)."""

    name: str
    synonyms: tuple[str, ...]  # as the tab shows them (claimed synonyms dropped)
    doc_synonyms: tuple[str, ...]  # every synonym doc.json lists
    synonyms_text: str
    description: str  # plain text
    description_source: str  # the HTML as doc.json has it: never display this, use description_html
    params: tuple[dict[str, str], ...]
    examples: tuple[str, ...]
    tags: tuple[str, ...]  # normalised (strings + object tags' value/text)
    filter_tags: tuple[str, ...]  # what the tab filters by
    usage: str
    source: str
    memberof: str
    kind: str
    longname: str

    @property
    def description_html(self) -> str:
        """The description as sanitised HTML, safe to display."""
        return sanitize_html(self.description_source)

    @property
    def all_names(self) -> str:
        return " ".join((self.name, *self.synonyms))

    def summary(self) -> str:
        """The first sentence of the description."""
        first = self.description.split("\n", 1)[0]
        match = re.search(r"(?<=[.!?])\s", first)
        return first[: match.start()] if match else first


def _param(raw: Mapping[str, Any]) -> dict[str, str]:
    names = (raw.get("type") or {}).get("names") or []
    return {
        "name": str(raw.get("name") or ""),
        "type": " | ".join(str(n) for n in names),
        "description": html_to_text(str(raw.get("description") or "")),
    }


def _source(doc: Mapping[str, Any]) -> str:
    meta = doc.get("meta") or {}
    path, filename = meta.get("path") or "", meta.get("filename") or ""
    return f"{path}/{filename}" if path and filename else filename or path


def _usage(name: str, params: tuple[dict[str, str], ...], examples: tuple[str, ...]) -> str:
    """A call signature from the documented params; without params, as the examples use it."""
    args = [p["name"] for p in params if p["name"] and "." not in p["name"]]
    if args:
        return f"{name}({', '.join(args)})"
    escaped = re.escape(name)
    calls = [m for ex in examples for m in re.findall(rf"(?<![\w$]){escaped}\s*\((\s*\)?)", ex)]
    if calls:
        return f"{name}()" if all(c.strip() == ")" for c in calls) else f"{name}(...)"
    if any(re.search(rf"(?<![\w$]){escaped}(?![\w$])", ex) for ex in examples):
        return name  # a signal or constant used as a value: sine, silence
    return f"{name}()"


def entry_of(doc: Mapping[str, Any], kept: list[str]) -> ReferenceEntry:
    """One doclet as an entry, with the synonyms it keeps (the tab's: see ``reference_entries``)."""
    params = tuple(_param(p) for p in doc.get("params") or () if isinstance(p, Mapping))
    examples = tuple(e for e in doc.get("examples") or () if isinstance(e, str) and e.strip())
    doc_synonyms = tuple(s for s in doc.get("synonyms") or () if isinstance(s, str) and s)
    name = doc["name"]
    return ReferenceEntry(
        name=name,
        synonyms=tuple(kept),
        doc_synonyms=doc_synonyms,
        synonyms_text=str(doc.get("synonyms_text") or ""),
        description=html_to_text(doc["description"]),
        description_source=doc["description"],
        params=params,
        examples=examples,
        tags=tuple(normalise_tags(doc.get("tags"))),
        filter_tags=tuple(filter_tags(doc)),
        usage=_usage(name, params, examples),
        source=_source(doc),
        memberof=str(doc.get("memberof") or ""),
        kind=str(doc.get("kind") or ""),
        longname=str(doc.get("longname") or name),
    )


#: The reference's costly parts as plain data (``data/index_cache.py`` keeps them between
#: processes): ``entries`` (one tuple per entry, fields in order), ``text`` (the text index's
#: plain data) and ``inlinks``. Everything else is derived from them in a millisecond.
ReferenceParts = dict[str, Any]


def reference_parts(
    docs: Iterable[Mapping[str, Any]], *, phrases: Mapping[str, Sequence[str]] | None = None
) -> ReferenceParts:
    """Build the reference's costly parts from ``doc.json``'s doclets (~70 ms).

    ``phrases``: what musicians call each function, by its name or a synonym (default: the
    package's phrasebook, ``data/phrasebook.py``); a text field of its own.
    """
    if phrases is None:
        phrases = package_phrases(sounds=False)
    entries = [entry_of(doc, kept) for doc, kept in reference_entries(docs)]
    entries.sort(key=lambda e: collation_key(e.name))
    # Run-together names (setcpm, roomsize) are split into the words they are made of,
    # using the docs' own vocabulary, so "set the tempo" finds setcpm. Names that are
    # words of the prose themselves (anchor, offset) stay whole; short parts must be names.
    prose = {w.lower() for e in entries for w in _WORD.findall(e.description) if len(w) >= 3}
    names = {n.lower() for e in entries for n in (e.name, *e.synonyms) if len(n) >= 2}
    vocabulary = frozenset(prose | names)

    def name_words(name: str) -> str:
        parts = split_identifier(name)
        if len(parts) == 1 and name.lower() not in prose - names:
            parts += segment(name.lower(), vocabulary)
        return " ".join(parts) + " " + name.lower()

    # the phrasebook's phrases for an entry, whether they name it or one of its synonyms
    owner = {s: e.name for e in entries for s in e.synonyms}
    owner.update({e.name: e.name for e in entries})
    said: dict[str, list[str]] = {}
    for target, written in phrases.items():
        if target in owner:
            said.setdefault(owner[target], []).extend(written)
    text = TextIndex(
        {
            e.name: {
                "name": name_words(e.name),
                "synonyms": [name_words(s) for s in e.doc_synonyms],
                "description": _with_compounds(e.description, vocabulary),
                "params": [_with_compounds(f"{p['name']} {p['description']}", vocabulary) for p in e.params],
                "tags": " ".join(e.tags),
                "comments": _example_comments(e.examples),
                "arguments": _own_arguments(e.name, e.examples),
                "phrases": said.get(e.name, ()),
            }
            for e in entries
        },
        _FIELD_WEIGHTS,
        apart=("phrases",),
    )
    return {
        "entries": [tuple(getattr(e, f) for f in _ENTRY_FIELDS) for e in entries],
        "text": text.to_plain(),
        "inlinks": ReferenceIndex._inlinks(entries),
    }


_ENTRY_FIELDS = tuple(f.name for f in fields(ReferenceEntry))


class ReferenceIndex:
    """The reference tab's entries with lookups by name, synonym and text."""

    def __init__(
        self,
        docs: Iterable[Mapping[str, Any]] = (),
        *,
        parts: ReferenceParts | None = None,
        phrases: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        """Built from ``docs`` (and ``phrases``: see :func:`reference_parts`), or from
        :func:`reference_parts` already built (the same index)."""
        if parts is None:
            parts = reference_parts(docs, phrases=phrases)
        entries = [ReferenceEntry(*row) for row in parts["entries"]]
        self.entries: tuple[ReferenceEntry, ...] = tuple(entries)
        self.by_name: dict[str, ReferenceEntry] = {e.name: e for e in entries}
        self.by_synonym: dict[str, ReferenceEntry] = {s: e for e in entries for s in e.synonyms}
        # doc.json synonyms an earlier entry claimed (``density`` of ``fast``) still say
        # something true about the function, so lookups keep them as a weaker link.
        self.by_doc_synonym: dict[str, list[ReferenceEntry]] = {}
        for e in entries:
            for s in e.doc_synonyms:
                self.by_doc_synonym.setdefault(s, []).append(e)
        self.by_lower: dict[str, list[tuple[str, ReferenceEntry]]] = {}
        for e in entries:
            for n in (e.name, *e.synonyms):
                self.by_lower.setdefault(n.lower(), []).append((n, e))
        self.tag_counts: dict[str, int] = tag_counts(e.filter_tags for e in entries)
        self.tags: frozenset[str] = frozenset(t for e in entries for t in (*e.tags, *e.filter_tags))
        self.text = TextIndex.from_plain(parts["text"])
        self.inlinks: dict[str, int] = parts["inlinks"]
        # Priors for text relevance, from the docs themselves: entries other entries point
        # to ("see room") are the central ones; entries with no example are mostly internals.
        self.priors: dict[str, float] = {
            e.name: (1.0 + 0.2 * math.log1p(self.inlinks.get(e.name, 0))) * (1.0 if e.examples else 0.85)
            for e in entries
        }
        self._derived = Derived()  # the DataFrame, built on first use

    @staticmethod
    def _inlinks(entries: Iterable[ReferenceEntry]) -> dict[str, int]:
        """How many other entries mention each name: a popularity prior from the docs themselves."""
        names = {e.name for e in entries}
        counts: dict[str, int] = {}
        for e in entries:
            words = set(_WORD.findall(e.description)) | {w for ex in e.examples for w in _WORD.findall(ex)}
            for word in words & names:
                if word != e.name:
                    counts[word] = counts.get(word, 0) + 1
        return counts

    # ------------------------------------------------------------------ lookups
    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, name: object) -> bool:
        return name in self.by_name or name in self.by_synonym

    def get(self, name: str) -> ReferenceEntry | None:
        """The entry called ``name`` or having it as a synonym (exact, case-sensitive)."""
        return self.by_name.get(name) or self.by_synonym.get(name)

    def with_tag(self, tag: str) -> list[ReferenceEntry]:
        return [e for e in self.entries if tag in e.filter_tags or tag in e.tags]

    def with_name_containing(self, text: str) -> list[ReferenceEntry]:
        """Entries whose name or a shown synonym contains ``text`` (case-insensitive): the tab's search box."""
        needle = text.lower()
        return [e for e in self.entries if needle in e.all_names.lower()]

    @property
    def frame(self) -> pd.DataFrame:
        """One row per entry, sorted as the tab sorts, indexed by name (built on first use)."""
        return self._derived.get_or_build("frame", self._build_frame)

    def _build_frame(self) -> pd.DataFrame:
        import pandas as pd

        rows = [
            {
                "name": e.name,
                "synonyms": list(e.synonyms),
                "doc_synonyms": list(e.doc_synonyms),
                "synonyms_text": e.synonyms_text,
                "all_names": e.all_names,
                "description": e.description,
                "description_html": e.description_html,
                "params": [dict(p) for p in e.params],
                "examples": list(e.examples),
                "tags": list(e.tags),
                "filter_tags": list(e.filter_tags),
                "usage": e.usage,
                "source": e.source,
                "memberof": e.memberof,
                "kind": e.kind,
                "longname": e.longname,
            }
            for e in self.entries
        ]
        frame = pd.DataFrame(rows, columns=REFERENCE_COLUMNS)
        frame.index = pd.Index(frame["name"], name="id")
        return frame
