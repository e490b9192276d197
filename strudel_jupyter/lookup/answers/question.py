"""The question being answered, and the two response shapes every answer ends in.

A :class:`Question` holds what was asked and how (read-only) plus the notes gathered
while answering; :meth:`Question.success` and :func:`failure` build the spec's response.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ...data.index import StrudelIndex
from ...vocabulary import Domain, Mode
from ..intent import content_tokens
from ..items import Item, KnowledgeFailure, KnowledgeSuccess, bank_item, function_item, sound_item
from ..pages import cite_pages
from ..ranking import Hit, split_sound_index

__all__ = ["NOT_FOUND", "SOURCES", "AnsweredMode", "Question", "failure"]

#: Where each domain's names come from, as responses cite them.
SOURCES = {"reference": "doc.json", "sounds": "soundMap"}
NOT_FOUND = "No authoritative match in bundled Strudel reference/sounds."

#: The mode a response reports: what the answer turned out to be, never ``auto``.
AnsweredMode = Literal["search", "detail", "list"]


@dataclass(frozen=True, slots=True)
class Question:
    """One query being answered: the request (read-only) and the notes gathered on the way."""

    index: StrudelIndex
    q: str
    domain: Domain  # as requested: ``auto`` lets the question decide
    mode: Mode  # as requested: ``auto`` lets the answer decide
    limit: int | None
    notes: list[str] = field(default_factory=list)  # the one part that grows while answering

    def limit_or(self, default: int) -> int:
        """The requested limit, or ``default`` when none was given."""
        return self.limit or default

    def item(self, hit: Hit, *, examples: int) -> Item | None:
        """The response item for a hit (None if the index no longer has it)."""
        if hit.kind == "function":
            entry = self.index.reference.by_name.get(hit.name)
            return function_item(entry, hit, examples=examples) if entry else None
        if hit.kind == "sound":
            name, n = split_sound_index(hit.via) if hit.via else (hit.name, None)
            sound = self.index.sounds.entries.get(hit.name)
            return sound_item(sound, hit, sample_index=n if n is not None and name else None) if sound else None
        bank = self.index.sounds.banks.get(hit.name)
        return bank_item(bank, hit) if bank else None

    def items(self, hits: Iterable[Hit], *, examples: int) -> list[Item]:
        """The response items for ``hits``, in order."""
        return [i for i in (self.item(h, examples=examples) for h in hits) if i]

    def success(
        self,
        domain: Domain,
        mode: AnsweredMode,
        answer: str,
        items: list[Item],
        *,
        groups: dict[str, list[Item]] | None = None,
        total: int | None = None,
    ) -> KnowledgeSuccess:
        """An ``ok`` response; an explicitly requested mode reshapes the natural one."""
        if self.mode != "auto" and self.mode != mode:
            items, mode = self._reshape(items)
        for item in items:
            if item["kind"] == "function" and not item["examples"]:
                self.notes.append(f"{item['name']} has no example in the bundled snapshot.")
        used = {("reference" if i["kind"] == "function" else "sounds") for i in items} or (
            {domain} if domain in SOURCES else set(SOURCES)
        )
        response: KnowledgeSuccess = {
            "ok": True,
            "query": self.q,
            "domain": domain,
            "mode": mode,
            "answer": answer,
            "items": items,
            "sources": [SOURCES[d] for d in ("reference", "sounds") if d in used],
            "notes": self.notes,
        }
        if groups:
            response["groups"] = groups
        if total is not None:
            response["total"] = total
        cite_pages(self.index, response, content_tokens(self.q))  # the tutorial page about the top function
        return response

    def _reshape(self, items: list[Item]) -> tuple[list[Item], AnsweredMode]:
        """Honour an explicit mode: detail keeps the top item with <= 2 examples; search/list <= 1."""
        if self.mode == "detail":
            top = [item.copy() for item in items[:1]]
            if top and top[0]["kind"] == "function":
                entry = self.index.reference.by_name[top[0]["name"]]
                top[0]["examples"] = list(entry.examples[:2])
            return top, "detail"
        shaped = []
        for item in items:
            copy = item.copy()
            copy["examples"] = item["examples"][:1]
            shaped.append(copy)
        return shaped, "list" if self.mode == "list" else "search"


def failure(
    query: str,
    reason: str,
    answer: str,
    suggestions: Sequence[str] = (),
    *,
    domains: Iterable[str] = ("reference", "sounds"),
    notes: Sequence[str] = (),
) -> KnowledgeFailure:
    """A not-``ok`` response: ``reason`` is a stable code, ``suggestions`` real names only."""
    return {
        "ok": False,
        "query": query.encode("utf-8", "replace").decode("utf-8"),  # echoed: never a lone surrogate
        "reason": reason,
        "answer": answer,
        "suggestions": list(suggestions),
        "items": [],
        "sources": [SOURCES[d] for d in ("reference", "sounds") if d in domains],
        "notes": list(notes),
    }
