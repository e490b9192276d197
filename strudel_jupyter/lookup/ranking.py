"""Ranking over the index: exact > synonym > prefix > fuzzy, then text relevance.

Every hit names a real entry of the index: names come only from the snapshot,
never from the query, so nothing returned here can be invented.
"""

from __future__ import annotations

import bisect
import heapq
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from rapidfuzz import fuzz, process

from ..data.index import StrudelIndex
from ..data.sounds_tab import sound_key
from ..data.textindex import tokenize

__all__ = [
    "Hit",
    "Ranking",
    "SearchTables",
    "choose_domain",
    "join_words",
    "rank_names",
    "rank_words",
    "search_reference",
    "search_sounds",
    "suggest",
    "tables_for",
]

# Score bands: a better kind of match always outranks a worse one
# (exact > synonym > prefix > fuzzy > text for a name; see rank_words for sentences).
EXACT, CASE_EXACT, SYNONYM, DOC_SYNONYM = 100.0, 97.0, 95.0, 90.0
PREFIX_MIN, PREFIX_MAX = 70.0, 89.0
FUZZY_MIN, FUZZY_MAX = 50.0, 69.0
TEXT_BAND = (10.0, 49.0)  # text relevance behind a single name-like word
SENTENCE_BAND = (10.0, 80.0)  # text relevance of a descriptive query
STRONG = ("exact", "synonym")
TEXT_CANDIDATES = 60  # text hits kept per domain (more than any answer shows)
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
    coverage: float = 1.0  # share of the query's words this item answers (text hits)

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
        self.sound_choices = [*self.sound_names, *self.bank_names]  # fuzzy matching over keys and banks


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
            _add(
                hits, Hit("reference", "function", entry.name, "prefix", score, via=name if name != entry.name else "")
            )
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
            key, tables.sound_choices, scorer=fuzz.ratio, limit=8, score_cutoff=FUZZY_CUTOFF
        ):
            kind = "sound" if choice in snd.entries else "bank"
            _add(hits, Hit("sounds", kind, choice, "fuzzy", _fuzzy_score(ratio)))
    return sorted(hits.values(), key=_order)


# ----------------------------------------------------------------------- text
def _slots(index: StrudelIndex, words: Iterable[str]) -> list[list[tuple[str, float]]]:
    """One slot per query word: its stems, plus names it starts with when the docs lack the word.

    "arpeggiate" is in no description, but starts with the function name ``arp``.
    """
    ref_text = index.reference.text
    tables = tables_for(index)
    slots = []
    for word in words:
        stems = tokenize(word)
        if not stems:
            continue
        slot = [(t, 1.0) for t in stems]
        lower = word.lower()
        if len(lower) >= 5 and not any(t in ref_text for t in stems):
            for i in _prefixed_by(tables.ref_lower, lower):
                slot += [(t, 0.7) for t in tokenize(tables.ref_names[i])]
        slots.append(slot)
    return slots


def _prefixed_by(sorted_lower: Sequence[str], word: str) -> list[int]:
    """Indices of names (3+ letters) that ``word`` starts with."""
    out = []
    for end in range(3, len(word)):
        i = bisect.bisect_left(sorted_lower, word[:end])
        if i < len(sorted_lower) and sorted_lower[i] == word[:end]:
            out.append(i)
    return out


def text_reference(index: StrudelIndex, words: Iterable[str]) -> list[tuple[str, float, float]]:
    """``[(name, relevance, coverage)]`` for a concept query, best first.

    Relevance is BM25F over names, synonyms, descriptions, params and tags, scaled by
    how many of the query's words a doc covers and a small prior for how often other
    entries point to it ("see also room").
    """
    slots = _slots(index, words)
    if not slots:
        return []
    ref = index.reference
    scored = ref.text.score_slots(slots)
    n = len(slots)
    priors = ref.priors
    # only the best few matter downstream; nlargest keeps long-tail queries cheap
    best = heapq.nlargest(
        TEXT_CANDIDATES,
        ((name, bm25 * (matched / n) ** 1.5 * priors[name], matched / n) for name, (bm25, matched) in scored.items()),
        key=lambda x: (x[1], _Reversed(x[0])),
    )
    return _favour_roots(best)


class _Reversed(str):
    """Sort key helper: ties in score go to the alphabetically first name."""

    __slots__ = ()

    def __lt__(self, other: str) -> bool:  # type: ignore[override]
        return str.__gt__(self, other)


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
    """Real names close to ``word`` (for not-found answers); never a name the index lacks.

    Close means a small edit distance (rapidfuzz ratio), or one name containing the other
    ("trancegate" holds ``gate`` if such a name exists).
    """
    tables = tables_for(index)
    lower = word.strip().lower()
    if len(lower) < 2:
        return []
    scored: dict[str, float] = {}

    def offer(name: str, score: float) -> None:
        if score > scored.get(name, 0.0):
            scored[name] = score

    if domain in ("auto", "reference"):
        ref = index.reference
        for _choice, ratio, i in process.extract(
            lower, tables.ref_lower, scorer=fuzz.ratio, limit=limit * 3, score_cutoff=SUGGEST_CUTOFF
        ):
            entry = ref.get(tables.ref_names[i])
            if entry is not None:
                offer(entry.name, ratio + (3.0 if tables.ref_lower[i][:1] == lower[:1] else 0.0))
        if len(lower) >= 4:
            for i, name in enumerate(tables.ref_lower):
                if len(name) >= 4 and name != lower and (name in lower or lower in name):
                    entry = ref.get(tables.ref_names[i])
                    if entry is not None:
                        offer(entry.name, 60.0 + 30.0 * min(len(name), len(lower)) / max(len(name), len(lower)))
    if domain in ("auto", "sounds"):
        key = sound_key(split_sound_index(lower)[0])
        choices = tables.sound_choices
        for choice, ratio, _i in process.extract(
            key, choices, scorer=fuzz.ratio, limit=limit * 3, score_cutoff=SUGGEST_CUTOFF
        ):
            offer(choice, ratio + (3.0 if choice[:1] == key[:1] else 0.0))
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


# ---------------------------------------------------------------- whole query
@dataclass
class Ranking:
    """Ranked hits per domain for a list of query words."""

    words: list[str]
    reference: list[Hit] = field(default_factory=list)
    sounds: list[Hit] = field(default_factory=list)
    sentence: bool = False  # the words read as a description: text relevance leads

    def strong(self, domain: str) -> bool:
        hits = self.reference if domain == "reference" else self.sounds
        return bool(hits) and hits[0].match in STRONG and hits[0].score >= DOC_SYNONYM


def _known(index: StrudelIndex, candidate: str, reference: bool, sounds: bool) -> str | None:
    if sounds and (candidate.lower() in index.sounds.entries or candidate.lower() in index.sounds.banks):
        return candidate.lower()
    if reference:
        ref = index.reference
        if candidate in ref.by_name or candidate in ref.by_synonym:
            return candidate
        found = ref.by_lower.get(candidate.lower())
        if found:
            return found[0][0]
    return None


def join_words(index: StrudelIndex, words: Sequence[str], *, reference: bool = True, sounds: bool = True) -> list[str]:
    """Neighbouring words that together spell one real name become that name.

    "gm violin" -> ``gm_violin``, "euclid rot" -> ``euclidRot``, and initials of three or
    more words: "low pass filter" -> ``lpf``. Only names the index has are produced.
    """
    if len(words) < 2:
        return list(words)
    out: list[str] = []
    i = 0
    while i < len(words):
        joined = None
        for size in (4, 3, 2):  # longest run first
            run = list(words[i : i + size])
            if len(run) < size:
                continue
            camel = run[0] + "".join(w[:1].upper() + w[1:] for w in run[1:])
            for candidate in ("_".join(run).lower(), "".join(run), camel):
                joined = _known(index, candidate, reference, sounds)
                if joined:
                    break
            # two-letter initials are too ambiguous (sound names such as rd, oh)
            if not joined and size >= 3 and reference and all(w.isalpha() for w in run):
                initials = "".join(w[0] for w in run).lower()
                joined = initials if initials in index.reference.by_name else None
            if joined:
                out.append(joined)
                i += size
                break
        if not joined:
            out.append(words[i])
            i += 1
    return out


def _text_hits(domain: str, kind: str, scored: list[tuple[str, float, float]], band: tuple[float, float]) -> list[Hit]:
    if not scored:
        return []
    top = scored[0][1] or 1.0
    low, high = band
    return [
        Hit(domain, kind, name, "text", low + (high - low) * rel / top, coverage=cov) for name, rel, cov in scored[:40]
    ]


def _demote(hit: Hit) -> Hit:
    """In a descriptive query a name match is one clue among several, not the answer."""
    if hit.match in STRONG:
        return replace(hit, score=50.0)
    return replace(hit, score=min(hit.score, 20.0))


def rank_words(
    index: StrudelIndex,
    words: Sequence[str],
    *,
    reference: bool = True,
    sounds: bool = True,
    context: Sequence[str] = (),
    neighbours: bool = False,
) -> Ranking:
    """Rank both domains for the content words of a query.

    One name-like word: exact > synonym > prefix > fuzzy > text. Several words that are
    all names: each name. A description ("how do I speed up a pattern"): text relevance
    over the snapshot's own docs leads, name matches count as clues, and a word found
    nowhere is treated as a misspelt name. ``context`` words (sample, sound...) help the
    reference text but are not looked up as names. ``neighbours`` keeps prefix, fuzzy
    and text hits next to an exact one (for explicit search/list modes).
    """
    words = join_words(index, words, reference=reference, sounds=sounds)
    ranking = Ranking(words)
    if not words:
        return ranking
    ref_hits: list[Hit] = []
    snd_hits: list[Hit] = []
    strong_words = 0
    for word in words:
        r = search_reference(index, word, fuzzy=False) if reference else []
        s = search_sounds(index, word, fuzzy=False) if sounds else []
        # "pattern" matching the class Pattern only by case is no evidence the query is a list of names
        strong_words += any(h.match in STRONG and h.score != CASE_EXACT for h in (*r, *s))
        ref_hits += r
        snd_hits += s
    if len(words) == 1:
        if strong_words and not neighbours:
            ranking.reference, ranking.sounds = rank_names(ref_hits), rank_names(snd_hits)
            return ranking
        ref_hits = search_reference(index, words[0]) if reference else []
        snd_hits = search_sounds(index, words[0]) if sounds else []
    ranking.sentence = len(words) > 1 and strong_words < len(words)
    if len(words) > 1 and not ranking.sentence and not neighbours:
        # Several names ("add a delay effect", "bd sd hh"): each is answered; the text of the
        # whole query decides their order, so the verb "add" does not lead over "delay".
        ranking.reference = _order_by_text(index, rank_names(ref_hits), text_reference(index, [*words, *context]))
        ranking.sounds = rank_names(snd_hits)
        return ranking
    band = SENTENCE_BAND if ranking.sentence else TEXT_BAND
    if ranking.sentence:
        ref_hits = [_demote(h) for h in ref_hits]
        snd_hits = [_demote(h) for h in snd_hits]
    if reference:
        ref_hits += _text_hits("reference", "function", text_reference(index, [*words, *context]), band)
    if sounds:
        snd_hits += _text_hits("sounds", "sound", text_sounds(index, words), band)
    if ranking.sentence:
        vocab_ref, vocab_snd = index.reference.text, index.sounds.text
        for word in words:
            stems = tokenize(word)
            # a longer word in no description and no name is most likely a misspelt name
            if len(word) >= 5 and stems and not any(t in vocab_ref or t in vocab_snd for t in stems):
                for hit in (*search_reference(index, word), *search_sounds(index, word)):
                    if (
                        hit.match == "fuzzy"
                        and hit.score >= _fuzzy_score(80.0)
                        and (reference if hit.domain == "reference" else sounds)
                    ):
                        promoted = replace(hit, score=55.0 + (hit.score - FUZZY_MIN))
                        (ref_hits if hit.domain == "reference" else snd_hits).append(promoted)
    ranking.reference, ranking.sounds = rank_names(ref_hits), rank_names(snd_hits)
    return ranking


def _order_by_text(index: StrudelIndex, hits: list[Hit], scored: list[tuple[str, float, float]]) -> list[Hit]:
    """Order names found in one query by what the whole query is about.

    Two clues: the text relevance of the whole query to each entry, and how rare the
    matched word is in the docs (a common verb such as "add" says less than "vibrato").
    """
    relevance = {name: rel for name, rel, _ in scored}
    top = max((relevance.get(h.name, 0.0) for h in hits), default=0.0) or 1.0
    idf = index.reference.text.idf

    def rarity(hit: Hit) -> float:
        stems = tokenize(hit.via or hit.name)
        return max((idf.get(t, 0.0) for t in stems), default=0.0)

    most = max((rarity(h) for h in hits), default=0.0) or 1.0
    rescored = [
        replace(h, score=h.score - 20.0 * (1.0 - relevance.get(h.name, 0.0) / top) - 10.0 * (1.0 - rarity(h) / most))
        for h in hits
    ]
    return sorted(rescored, key=_order)


_EVIDENCE = {"exact": 3.0, "synonym": 3.0, "prefix": 2.0, "fuzzy": 1.5}


def _evidence(hits: Sequence[Hit], sentence: bool) -> float:
    if not hits:
        return -1.0
    if sentence:
        return max((h.coverage for h in hits if h.match == "text"), default=0.0) + 0.1 * any(
            h.match in STRONG for h in hits
        )
    top = hits[0]
    return _EVIDENCE.get(top.match, 0.9 * top.coverage)


def choose_domain(ranking: Ranking, *, hint: str = "auto") -> str | None:
    """``reference``, ``sounds``, ``auto`` (both, grouped) or None when nothing matched.

    Both domains having an exact name ("sine") is a real ambiguity: grouped. Otherwise
    the domain with more evidence wins; words like "sound" or "function" tip the scale.
    """
    if not ranking.reference and not ranking.sounds:
        return None
    if not ranking.sentence and ranking.strong("reference") and ranking.strong("sounds"):
        return "reference" if hint == "reference" else "sounds" if hint == "sounds" else "auto"
    ref = _evidence(ranking.reference, ranking.sentence)
    snd = _evidence(ranking.sounds, ranking.sentence)
    bonus = 0.15 if ranking.sentence else 0.6  # in a sentence, "sample" is weak evidence
    if hint == "reference" and ranking.reference:
        ref += bonus
    if hint == "sounds" and ranking.sounds:
        snd += bonus
    return "reference" if ref >= snd else "sounds"
