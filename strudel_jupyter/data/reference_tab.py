"""The REPL reference tab's rules: which doclets it lists, de-duplication, tags and their row.

One source of truth, read from Strudel's ``Reference.jsx``. Standard library only (the build
hook counts a snapshot with it).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .collation import collation_key

#: Tags the reference tab never shows in its tag row.
IGNORED_TAGS: tuple[str, ...] = ("supradough", "superdirt")

#: What the reference tab calls an entry with no ``tags`` field.
UNTAGGED = "untagged"


def _string_tags(doc: Mapping[str, Any]) -> list[str]:
    tags = doc.get("tags")
    return [t for t in tags if isinstance(t, str) and t] if isinstance(tags, list) else []


def is_visible_doc(doc: Mapping[str, Any]) -> bool:
    """The reference tab's ``isValid``: named, not ``_``-internal, described, not engine-only."""
    return _documented(doc) and engine_only(doc) is None


def _documented(doc: Mapping[str, Any]) -> bool:
    name = doc.get("name")
    return isinstance(name, str) and bool(name) and not name.startswith("_") and bool(doc.get("description"))


def engine_only(doc: Mapping[str, Any]) -> str | None:
    """The one audio engine a doclet's function works with, when the tab hides it for that:
    "SuperDirt" (tagged ``superdirt`` but not ``superdough``) or "supradough"; else None."""
    tags = _string_tags(doc)
    if "superdough" in tags:
        return None
    if "superdirt" in tags:
        return "SuperDirt"
    return "supradough" if "supradough" in tags else None


def engine_only_docs(docs: Iterable[Mapping[str, Any]]) -> Iterator[tuple[Mapping[str, Any], str]]:
    """Yield ``(doclet, engine)`` for each documented function the tab hides as engine-only
    (``leslie``, ``squiz``: SuperDirt's), the first doclet of a name only, in file order."""
    seen: set[str] = set()
    for doc in docs:
        if not isinstance(doc, Mapping) or not _documented(doc) or doc["name"] in seen:
            continue
        engine = engine_only(doc)
        if engine is not None:
            seen.add(doc["name"])
            yield doc, engine


def filter_tags(doc: Mapping[str, Any]) -> list[str]:
    """Tags the tab filters by: string tags only; a doclet with no ``tags`` field is ``untagged``.

    A doclet whose tags are all jsdoc objects keeps no tag at all, as in the REPL.
    """
    if doc.get("tags") is None:
        return [UNTAGGED]
    return _string_tags(doc)


def normalise_tags(raw: Any) -> list[str]:
    """Tags for tool results: strings kept, objects -> ``value`` or ``text``, empties dropped."""
    out: list[str] = []
    if not isinstance(raw, list):
        return out
    for tag in raw:
        if isinstance(tag, dict):
            tag = tag.get("value") or tag.get("text")
        if isinstance(tag, str):
            tag = tag.strip()
            if tag and tag not in out:
                out.append(tag)
    return out


def reference_entries(docs: Iterable[Mapping[str, Any]]) -> Iterator[tuple[Mapping[str, Any], list[str]]]:
    """Yield ``(doclet, kept_synonyms)`` for each entry the reference tab lists, in file order.

    One ``seen`` set for names and synonyms: the first doclet of a name wins, and a
    synonym already claimed by an earlier name is dropped from the later entry.
    """
    seen: set[str] = set()
    for doc in docs:
        if not isinstance(doc, Mapping) or not is_visible_doc(doc):
            continue
        name = doc["name"]
        if name in seen:
            continue
        seen.add(name)
        kept: list[str] = []
        synonyms = doc.get("synonyms")
        for synonym in synonyms if isinstance(synonyms, list) else []:
            if isinstance(synonym, str) and synonym and synonym not in seen:
                kept.append(synonym)
                seen.add(synonym)
        yield doc, kept


def tag_counts(tag_lists: Iterable[Iterable[str]]) -> dict[str, int]:
    """The tag row: every filter tag except the ignored ones, sorted, with its count."""
    counts: dict[str, int] = {}
    for tags in tag_lists:
        for tag in tags:
            if tag and tag not in IGNORED_TAGS:
                counts[tag] = counts.get(tag, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: collation_key(kv[0])))
