"""Ranking over the index: exact > synonym > prefix > fuzzy, then text relevance.

Every hit names a real entry of the index: names come only from the snapshot,
never from the query, so nothing returned here can be invented.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from .categories import sound_key
from .index import StrudelIndex
from .textindex import tokenize

__all__ = ["Hit", "SearchTables", "rank_names", "search_reference", "search_sounds", "suggest", "tables_for"]

# Score bands: a better kind of match always outranks a worse one.
EXACT, CASE_EXACT, SYNONYM, DOC_SYNONYM = 100.0, 97.0, 95.0, 90.0
PREFIX_MIN, PREFIX_MAX = 70.0, 89.0
FUZZY_MIN, FUZZY_MAX = 30.0, 59.0
FUZZY_CUTOFF = 75.0  # rapidfuzz ratio below which a name is not offered as a match
SUGGEST_CUTOFF = 60.0


@dataclass(frozen=True, slots=True)
class Hit:
    domain: str  # "reference" or "sounds"
    kind: str  # "function", "sound" or "bank"
    name: str
    match: str  # "exact", "synonym", "prefix", "fuzzy" or "text"
    score: float
    via: str = ""  # the query word or synonym that matched, when not the name itself

    @property
    def key(self) -> tuple[str, str]:
        return (self.kind, self.name)


class SearchTables:
    """Lookup tables derived from an index version (sorted names, name parts, fuzzy choices)."""

    def __init__(self, index: StrudelIndex) -> None:
        self.version = index.version
        ref = index.reference
        ref_names = sorted({n for e in ref.entries for n in (e.name, *e.synonyms)}, key=str.lower)
        self.ref_lower = [n.lower() for n in ref_names]
        self.ref_names = ref_names
        snd = index.sounds
        self.sound_names = list(snd.names)  # already sorted by collation (lower-case keys)
        self.sound_sorted = sorted(snd.names)
        self.bank_names = sorted(snd.banks)
        self.all_choices = [*self.ref_lower, *self.sound_names, *self.bank_names]


def tables_for(index: StrudelIndex) -> SearchTables:
    """Tables for the index's current version (rebuilt after ``register_sounds``)."""
    tables = index.derived.get("search_tables")
    if tables is None or tables.version != index.version:
        tables = index.derived["search_tables"] = SearchTables(index)
    return tables


def _prefixed(sorted_lower: Sequence[str], prefix: str, limit: int = 50) -> list[int]:
    start = bisect.bisect_left(sorted_lower, prefix)
    out = []
    for i in range(start, min(start + limit, len(sorted_lower))):
        if not sorted_lower[i].startswith(prefix):
            break
        out.append(i)
    return out


def _fuzzy_score(ratio: float) -> float:
    return FUZZY_MIN + (FUZZY_MAX - FUZZY_MIN) * (ratio - FUZZY_CUTOFF) / (100.0 - FUZZY_CUTOFF)


def _add(hits: dict[tuple[str, str], Hit], hit: Hit) -> None:
    old = hits.get(hit.key)
    if old is None or hit.score > old.score:
        hits[hit.key] = hit


# ------------------------------------------------------------------ reference
def search_reference(index: StrudelIndex, token: str, *, fuzzy: bool = True) -> list[Hit]:
    """Name lookup for one word: exact, synonym, case-insensitive, prefix, name part, fuzzy."""
    ref, tables = index.reference, tables_for(index)
    hits: dict[tuple[str, str], Hit] = {}
    token = token.strip()
    if not token:
        return []
    entry = ref.by_name.get(token)
    if entry:
        _add(hits, Hit("reference", "function", entry.name, "exact", EXACT))
    entry = ref.by_synonym.get(token)
    if entry:
        _add(hits, Hit("reference", "function", entry.name, "synonym", SYNONYM, via=token))
    for entry in ref.by_doc_synonym.get(token, ()):
        _add(hits, Hit("reference", "function", entry.name, "synonym", DOC_SYNONYM, via=token))
    lower = token.lower()
    for name, entry in ref.by_lower.get(lower, ()):
        if name == entry.name:
            _add(hits, Hit("reference", "function", entry.name, "exact", CASE_EXACT, via=token))
        else:
            _add(hits, Hit("reference", "function", entry.name, "synonym", SYNONYM - 3, via=name))
    if hits:
        return sorted(hits.values(), key=_order)
    if len(lower) >= 2:
        for i in _prefixed(tables.ref_lower, lower):
            name = tables.ref_names[i]
            entry = ref.get(name)
            if entry is None:
                continue
            score = PREFIX_MIN + (PREFIX_MAX - PREFIX_MIN) * len(lower) / len(name)
            _add(hits, Hit("reference", "function", entry.name, "prefix", score, via=name if name != entry.name else ""))
    if fuzzy and len(lower) >= 3:
        for choice, ratio, i in process.extract(
            lower, tables.ref_lower, scorer=fuzz.ratio, limit=8, score_cutoff=FUZZY_CUTOFF
        ):
            entry = ref.get(tables.ref_names[i])
            if entry is not None:
                _add(hits, Hit("reference", "function", entry.name, "fuzzy", _fuzzy_score(ratio), via=choice))
    return sorted(hits.values(), key=_order)


# --------------------------------------------------------------------- sounds
def split_sound_index(token: str) -> tuple[str, int | None]:
    """``bd:3`` -> ``("bd", 3)``: the mini-notation sample index."""
    name, sep, number = token.partition(":")
    if sep and number.isdigit():
        return name, int(number)
    return token, None


def search_sounds(index: StrudelIndex, token: str, *, fuzzy: bool = True) -> list[Hit]:
    """Sound and bank lookup for one word (case-insensitive, as the registry is)."""
    snd, tables = index.sounds, tables_for(index)
    name, _n = split_sound_index(token.strip())
    key = sound_key(name)
    if not key or key.startswith("_"):
        return []
    hits: dict[tuple[str, str], Hit] = {}
    if key in snd.entries:
        _add(hits, Hit("sounds", "sound", key, "exact", EXACT))
    if key in snd.banks:
        _add(hits, Hit("sounds", "bank", key, "exact", EXACT - 1))
    if hits:
        return sorted(hits.values(), key=_order)
    if len(key) >= 2:
        for i in _prefixed(tables.sound_sorted, key):
            found = tables.sound_sorted[i]
            score = PREFIX_MIN + (PREFIX_MAX - PREFIX_MIN) * len(key) / len(found)
            _add(hits, Hit("sounds", "sound", found, "prefix", score))
        for i in _prefixed(tables.bank_names, key, limit=10):
            found = tables.bank_names[i]
            score = PREFIX_MIN + (PREFIX_MAX - PREFIX_MIN) * len(key) / len(found)
            _add(hits, Hit("sounds", "bank", found, "prefix", score))
    if fuzzy and len(key) >= 3:
        for choice, ratio, _i in process.extract(
            key, tables.all_choices[len(tables.ref_lower) :], scorer=fuzz.ratio, limit=8, score_cutoff=FUZZY_CUTOFF
        ):
            kind = "sound" if choice in snd.entries else "bank"
            _add(hits, Hit("sounds", kind, choice, "fuzzy", _fuzzy_score(ratio)))
    return sorted(hits.values(), key=_order)


# ----------------------------------------------------------------------- text
def text_reference(index: StrudelIndex, words: Iterable[str]) -> list[tuple[str, float, float]]:
    """``[(name, relevance, coverage)]`` for a concept query, best first.

    Relevance is BM25F over names, synonyms, descriptions, params and tags, scaled by
    how many of the query's words a doc covers and a small prior for how often other
    entries point to it ("see also room").
    """
    terms = list(dict.fromkeys(t for w in words for t in tokenize(w)))
    if not terms:
        return []
    ref = index.reference
    scored = ref.text.score(terms)
    n = len(terms)
    out = []
    for name, (bm25, matched) in scored.items():
        coverage = matched / n
        entry = ref.by_name[name]
        # Priors from the docs themselves: entries other entries point to ("see room")
        # are the central ones; entries with no example are mostly internals.
        prior = (1.0 + 0.2 * math.log1p(ref.inlinks.get(name, 0))) * (1.0 if entry.examples else 0.85)
        out.append((name, bm25 * coverage**1.5 * prior, coverage))
    out.sort(key=lambda x: (-x[1], x[0]))
    return _favour_roots(out)


def _favour_roots(scored: list[tuple[str, float, float]], window: int = 12) -> list[tuple[str, float, float]]:
    """Among close hits, a name that starts several others (room: roomsize, roomfade) is their root."""
    top = scored[:window]
    lowered = [name.lower() for name, _, _ in top]
    boosted = []
    for name, score, coverage in top:
        low = name.lower()
        family = sum(1 for other in lowered if other != low and len(low) >= 3 and other.startswith(low))
        boosted.append((name, score * (1.0 + 0.1 * min(family, 3)), coverage))
    boosted.sort(key=lambda x: (-x[1], x[0]))
    return boosted + scored[window:]


def text_sounds(index: StrudelIndex, words: Iterable[str]) -> list[tuple[str, float, float]]:
    """``[(key, relevance, coverage)]`` by the words of sound names (``acoustic guitar``)."""
    terms = list(dict.fromkeys(t for w in words for t in tokenize(w)))
    if not terms:
        return []
    scored = index.sounds.text.score(terms)
    n = len(terms)
    out = [(k, s * (m / n) ** 1.5 / (1 + 0.02 * len(k)), m / n) for k, (s, m) in scored.items()]
    out.sort(key=lambda x: (-x[1], len(x[0]), x[0]))
    return out


# ----------------------------------------------------------------- suggestions
def suggest(index: StrudelIndex, word: str, *, domain: str = "auto", limit: int = 5) -> list[str]:
    """Real names close to ``word`` (for not-found answers); never a name the index lacks."""
    tables = tables_for(index)
    lower = word.strip().lower()
    if not lower:
        return []
    scored: dict[str, float] = {}
    if domain in ("auto", "reference"):
        for choice, ratio, i in process.extract(
            lower, tables.ref_lower, scorer=fuzz.WRatio, limit=limit * 2, score_cutoff=SUGGEST_CUTOFF
        ):
            entry = index.reference.get(tables.ref_names[i])
            if entry is not None:
                scored[entry.name] = max(scored.get(entry.name, 0), ratio + (5 if choice[:1] == lower[:1] else 0))
        # names hidden inside the word ("trancegate" holds "gate")
        for name in tables.ref_names:
            if len(name) >= 4 and name.lower() in lower and name.lower() != lower:
                entry = index.reference.get(name)
                if entry is not None:
                    scored[entry.name] = max(scored.get(entry.name, 0), 70 + len(name))
    if domain in ("auto", "sounds"):
        key = sound_key(split_sound_index(lower)[0])
        for choice, ratio, _i in process.extract(
            key, tables.all_choices[len(tables.ref_lower) :], scorer=fuzz.WRatio, limit=limit * 2,
            score_cutoff=SUGGEST_CUTOFF,
        ):  # fmt: skip
            bonus = 5 if choice[:1] == key[:1] else 0
            scored[choice] = max(scored.get(choice, 0), fuzz.ratio(key, choice) * 0.5 + ratio * 0.5 + bonus)
    ranked = sorted(scored.items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))
    return [name for name, _ in ranked[:limit]]


def _order(hit: Hit) -> tuple:
    return (-hit.score, hit.domain != "reference", len(hit.name), hit.name)


def rank_names(hits: Iterable[Hit]) -> list[Hit]:
    """Deduplicate (best hit per item wins) and order deterministically."""
    best: dict[tuple[str, str], Hit] = {}
    for hit in hits:
        _add(best, hit)
    return sorted(best.values(), key=_order)
