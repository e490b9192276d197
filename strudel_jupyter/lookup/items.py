"""Answer items: the JSON shapes ``strudel_knowledge`` and the tabs return (see the spec), and their builders.

The types and the functions that build them from index entries live together: one concept, one module.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from ..data.reference import ReferenceEntry
from ..data.sounds import Bank, SoundEntry
from ..vocabulary import Match
from .ranking import Hit

__all__ = [
    "BankItem",
    "FunctionItem",
    "Item",
    "KnowledgeFailure",
    "KnowledgeResponse",
    "KnowledgeSuccess",
    "PageCitation",
    "Param",
    "SoundItem",
    "bank_item",
    "function_item",
    "sound_item",
]


class Param(TypedDict):
    name: str
    type: str
    description: str


class FunctionItem(TypedDict):
    kind: Literal["function"]
    name: str
    synonyms: list[str]
    description: str
    usage: str
    params: list[Param]
    examples: list[str]
    tags: list[str]
    source: str
    match: Match
    score: float
    via: NotRequired[str]


class SoundItem(TypedDict):
    kind: Literal["sound"]
    name: str
    type: str
    category: str
    categories: list[str]
    tag: str
    count: int | None
    bank: str
    sound: str
    usage: str
    examples: list[str]
    match: Match
    score: float
    alias_of: NotRequired[str]
    sample_index: NotRequired[int]
    via: NotRequired[str]


class BankItem(TypedDict):
    kind: Literal["bank"]
    name: str
    label: str
    category: str
    count: int
    sounds: list[str]
    aliases: list[str]
    usage: str
    examples: list[str]
    match: Match
    score: float
    alias_of: NotRequired[str]


Item = FunctionItem | SoundItem | BankItem


class PageCitation(TypedDict):
    """A passage of Strudel's tutorial pages an answer cites (``lookup/pages.py``)."""

    source: str  # the page under the snapshot's pages/ with the heading's anchor: learn/effects.mdx#delay-1
    url: str  # the same place on the website: https://strudel.cc/learn/effects/#delay-1
    title: str  # the page's title
    heading: str  # the section's heading
    function: str  # the answer's function the passage is about
    example: NotRequired[str]  # the passage's example, when it calls that function


class KnowledgeSuccess(TypedDict):
    ok: Literal[True]
    query: str
    domain: Literal["reference", "sounds", "auto"]
    mode: Literal["search", "detail", "list"]
    answer: str
    items: list[Item]
    sources: list[str]
    notes: list[str]
    groups: NotRequired[dict[str, list[Item]]]
    total: NotRequired[int]
    pages: NotRequired[list[PageCitation]]
    confidence: NotRequired[float]  # 0-1, free-text answers (lookup/confidence.py)


class KnowledgeFailure(TypedDict):
    ok: Literal[False]
    query: str
    reason: str
    answer: str
    suggestions: list[str]
    sources: list[str]
    notes: NotRequired[list[str]]
    domain: NotRequired[str]
    mode: NotRequired[str]
    items: NotRequired[list[Item]]
    confidence: NotRequired[float]  # 0-1: how close the closest names come (lookup/confidence.py)


KnowledgeResponse = KnowledgeSuccess | KnowledgeFailure


def function_item(entry: ReferenceEntry, hit: Hit | None, *, examples: int) -> FunctionItem:
    item: FunctionItem = {
        "kind": "function",
        "name": entry.name,
        "synonyms": list(entry.synonyms),
        "description": entry.description,
        "usage": entry.usage,
        "params": [dict(p) for p in entry.params],  # type: ignore[misc]
        "examples": list(entry.examples[:examples]),
        "tags": list(entry.tags),
        "source": entry.source,
        "match": hit.match if hit else "listed",
        "score": round(hit.score, 3) if hit else 0.0,
    }
    if hit and hit.via and hit.via != entry.name:
        item["via"] = hit.via
    return item


def sound_item(entry: SoundEntry, hit: Hit | None, *, sample_index: int | None = None) -> SoundItem:
    item: SoundItem = {
        "kind": "sound",
        "name": entry.name,
        "type": entry.type,
        "category": entry.category,
        "categories": [c for c in entry.categories if c != "all"],
        "tag": entry.tag,
        "count": entry.count,
        "bank": entry.bank,
        "sound": entry.sound,
        "usage": entry.usage,
        "examples": [entry.usage],
        "match": hit.match if hit else "listed",
        "score": round(hit.score, 3) if hit else 0.0,
    }
    if entry.alias_of:
        item["alias_of"] = entry.alias_of
    if sample_index is not None:
        item["sample_index"] = sample_index
    if hit and hit.via and hit.via != entry.name:
        item["via"] = hit.via
    return item


def bank_item(bank: Bank, hit: Hit | None) -> BankItem:
    item: BankItem = {
        "kind": "bank",
        "name": bank.bank,
        "label": bank.label,
        "category": bank.category,
        "count": bank.n_sounds,
        "sounds": list(bank.sounds),
        "aliases": list(bank.aliases),
        "usage": bank.usage,
        "examples": [bank.usage],
        "match": hit.match if hit else "listed",
        "score": round(hit.score, 3) if hit else 0.0,
    }
    if bank.alias_of:
        item["alias_of"] = bank.alias_of
    return item
