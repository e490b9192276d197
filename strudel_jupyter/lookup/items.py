"""Answer items: the JSON shapes ``strudel_knowledge`` and the tabs return (see the spec), and their builders.

The types and the functions that build them from index entries live together: one concept, one module.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from ..data.reference import ReferenceEntry
from ..data.sounds import Bank, SoundEntry
from ..data.tonal import ChordType, ScaleType, TonalIndex, VoicingDictionary
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
    "TonalChord",
    "TonalEntry",
    "TonalNames",
    "TonalScale",
    "TonalVoicing",
    "TonalWhat",
    "bank_item",
    "function_item",
    "sound_item",
    "tonal_chord",
    "tonal_scale",
    "tonal_voicing",
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


class TonalScale(TypedDict):
    """A scale type ``scale()`` accepts after a tonic (tonal.json)."""

    kind: Literal["scale"]
    name: str  # tonal's name: "minor pentatonic"
    written: str  # as a scale string writes it after the tonic: "minor:pentatonic"
    aliases: list[str]
    intervals: list[str]
    usage: str
    examples: list[str]
    match: Match
    score: float


class TonalChord(TypedDict):
    """A chord type tonal knows, with the symbols that spell it and the voicing dictionaries that have them."""

    kind: Literal["chord"]
    name: str  # tonal's name, or the first symbol where tonal has none
    symbols: list[str]
    quality: str
    intervals: list[str]
    dictionaries: list[str]  # voicing dictionaries with at least one of the symbols
    usage: str
    examples: list[str]
    match: Match
    score: float


class TonalVoicing(TypedDict):
    """A voicing dictionary of ``voicing()`` and the chord symbols it has."""

    kind: Literal["voicing"]
    name: str
    default: bool  # the dictionary voicing() uses without .dict(...)
    symbols: list[str]
    mode: str | None
    anchor: str | None
    range: list[str] | None
    usage: str
    examples: list[str]
    match: Match
    score: float


TonalEntry = TonalScale | TonalChord | TonalVoicing
#: What a ``tonal`` field lists.
TonalWhat = Literal["scales", "chord types", "voicing dictionaries"]


class TonalNames(TypedDict):
    """The tonal names a scale, chord or voicing answer is about: a top-level ``tonal`` field, never items.

    Items hold only the spec's kinds (the functions that read these names come first); the
    names themselves (``minor pentatonic``, ``m7b5``, ``lefthand``) are here, bounded by
    ``MAX_TONAL_NAMES``, for front ends to show.
    """

    what: TonalWhat
    found: bool  # False: the names are the closest real ones to a name tonal does not know
    names: list[str]  # the entries' names, in order
    total: int  # how many there are in all (more than shown when a limit cut the listing)
    entries: list[TonalEntry]


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
    tonal: NotRequired[TonalNames]
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
    tonal: NotRequired[TonalNames]
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


def tonal_scale(scale: ScaleType, *, match: Match = "listed", score: float = 0.0, tonic: str = "C") -> TonalScale:
    usage = f'n("0 2 4").scale("{tonic}:{scale.written}")'
    return {
        "kind": "scale",
        "name": scale.name,
        "written": scale.written,
        "aliases": list(scale.aliases),
        "intervals": list(scale.intervals),
        "usage": usage,
        "examples": [usage],
        "match": match,
        "score": score,
    }


def tonal_chord(chord: ChordType, tonal: TonalIndex, *, match: Match = "listed", score: float = 0.0) -> TonalChord:
    dictionaries = [d.name for d in tonal.voicings.values() if any(s in d.symbols for s in chord.symbols)]
    default = tonal.symbols_of() or ()
    voiced = next((s for s in chord.symbols if s in default), None)
    usage = f'chord("C{voiced}").voicing()' if voiced is not None else ""
    return {
        "kind": "chord",
        "name": chord.name or (chord.symbols[0] if chord.symbols else ""),
        "symbols": list(chord.symbols),
        "quality": chord.quality,
        "intervals": list(chord.intervals),
        "dictionaries": dictionaries,
        "usage": usage,
        "examples": [usage] if usage else [],
        "match": match,
        "score": score,
    }


def tonal_voicing(
    dictionary: VoicingDictionary, tonal: TonalIndex, *, match: Match = "listed", score: float = 0.0
) -> TonalVoicing:
    default = dictionary.name == tonal.default_voicing
    preferred: tuple[str, ...] = ("^7", "m7", "7", "", "m")  # the chords a usage line reads best with
    sample = [s for s in preferred if s in dictionary.symbols][:2] or list(dictionary.symbols[:2])
    chords = " ".join(root + s for root, s in zip(("C", "D"), sample, strict=False))
    chosen = "" if default else f'.dict("{dictionary.name}")'
    usage = f'chord("<{chords}>"){chosen}.voicing()'
    return {
        "kind": "voicing",
        "name": dictionary.name,
        "default": default,
        "symbols": list(dictionary.symbols),
        "mode": dictionary.mode,
        "anchor": dictionary.anchor,
        "range": list(dictionary.range) if dictionary.range else None,
        "usage": usage,
        "examples": [usage],
        "match": match,
        "score": score,
    }
