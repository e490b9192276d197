"""The JSON shapes ``strudel_knowledge`` returns (see the spec), in one place."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

__all__ = [
    "BankItem",
    "FunctionItem",
    "Item",
    "KnowledgeFailure",
    "KnowledgeResponse",
    "KnowledgeSuccess",
    "Param",
    "SoundItem",
]

Match = Literal["exact", "synonym", "prefix", "fuzzy", "text", "listed"]


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


KnowledgeResponse = KnowledgeSuccess | KnowledgeFailure
