"""search_tools: find registered tools by keyword, category or name, with their full schemas.

Ranked like the core's lookups: BM25F over the tools' own words (same tokenizer and stemming
as the reference search), plus a fuzzy match on names.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from rapidfuzz import fuzz

from ..data.textindex import TextIndex, tokenize
from ..lookup.closest import closest
from .schemas import DEFAULT_TOOLS, MAX_TOOLS

__all__ = ["ToolFinder", "ToolInfo"]


class ToolInfo(Protocol):
    """What discovery reads of a tool (``registry.Tool`` is one)."""

    @property
    def name(self) -> str: ...
    @property
    def category(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def keywords(self) -> tuple[str, ...]: ...
    @property
    def core(self) -> bool: ...


class ToolFinder:
    """Ranks tools; the text index is rebuilt only when the registry's version changes."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._text: tuple[int, TextIndex] | None = None

    def _text_index(self, tools: Sequence[ToolInfo], version: int) -> TextIndex:
        with self._lock:
            if self._text is not None and self._text[0] == version:
                return self._text[1]
            docs = {
                t.name: {
                    "name": t.name,
                    "keywords": " ".join(t.keywords),
                    "category": t.category,
                    "description": t.description,
                }
                for t in tools
            }
            text = TextIndex(docs, {"name": 4.0, "keywords": 3.0, "category": 2.0, "description": 1.0})
            self._text = (version, text)
            return text

    def find(
        self,
        tools: Sequence[ToolInfo],
        version: int,
        schema_of: Callable[[str], Mapping[str, Any]],
        query: str | None = "",
        *,
        category: str | None = None,
        names: Sequence[str] | None = None,
        limit: int | None = DEFAULT_TOOLS,
    ) -> dict[str, Any]:
        query = query or ""
        categories: dict[str, int] = {}
        for t in tools:
            categories[t.category] = categories.get(t.category, 0) + 1
        notes: list[str] = []
        pool = list(tools)
        if names:
            wanted = set(names)
            pool = [t for t in pool if t.name in wanted]
            unknown = sorted(wanted - {t.name for t in pool})
            if unknown:
                notes.append(f"no tool named {', '.join(unknown)}")
        if category:
            pool = [t for t in pool if t.category.lower() == category.strip().lower()]
            if not pool:
                notes.append(f"no tool in category {category!r}; categories: {', '.join(sorted(categories))}")
        scores: dict[str, float] = {}
        terms = tokenize(query)
        everything = sorted(pool, key=lambda t: (not t.core, t.category, t.name))
        if terms:
            allowed = {t.name for t in pool}
            for name, (score, matched) in self._text_index(tools, version).score(terms).items():
                if name in allowed:
                    scores[name] = score * (matched / len(terms))
            for hit in closest(query.strip(), [t.name for t in pool], scorer=fuzz.WRatio, cutoff=80, limit=5):
                scores[hit.choice] = scores.get(hit.choice, 0.0) + hit.score / 20.0
            ranked = sorted((t for t in pool if t.name in scores), key=lambda t: (-scores[t.name], t.name))
            if not ranked:
                notes.append("no tool matches; all tools are listed")
                ranked = everything
        else:
            ranked = everything
        count = max(1, min(int(limit or DEFAULT_TOOLS), MAX_TOOLS))
        return {
            "query": query,
            "category": category,
            "tools": [
                {
                    "name": t.name,
                    "category": t.category,
                    "description": t.description,
                    "parameters": dict(schema_of(t.name)),
                    "score": round(scores.get(t.name, 0.0), 3),
                }
                for t in ranked[:count]
            ],
            "categories": dict(sorted(categories.items())),
            "notes": notes,
        }
