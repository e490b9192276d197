"""The spec's item shapes (payloads.py) built from index entries, for every front end."""

from __future__ import annotations

from .payloads import BankItem, FunctionItem, SoundItem
from .reference import ReferenceEntry
from .search import Hit
from .sounds import Bank, SoundEntry

__all__ = ["bank_item", "function_item", "sound_item"]


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
