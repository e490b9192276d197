"""Ranking over the index: exact > synonym > prefix > fuzzy, then text relevance.

Every hit names a real entry of the index: names come only from the snapshot,
never from the query, so nothing returned here can be invented.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..data.index import StrudelIndex
from ..data.sounds import BANK_DOC
from ..data.sounds_tab import sound_key
from ..data.textindex import split_identifier, tokenize, word_stems
from ..data.tonal import split_chord
from ..vocabulary import Domain, Kind, Match
from . import fuzzy
from .chance_words import chance_phrases
from .closest import closest, did_you_mean
from .glossary import expand, load_glossary
from .intent import QUESTION_VERBS, STOPWORDS, Chance
from .pages import with_page_evidence
from .phrasebook import PhraseHit, load_phrasebook, phrase_hits, phrase_weight, resolve
from .relevance import text_reference, text_sounds, word_importance
from .spelling import correct_words
from .tables import prefixed, tables_for
from .tonal_words import tonal_phrases

__all__ = [
    "Hit",
    "Ranking",
    "choose_domain",
    "docs_terms",
    "join_words",
    "known_word",
    "prose_words",
    "rank_names",
    "rank_reference",
    "rank_sounds",
    "rank_words",
    "split_sound_index",
    "suggest",
]

# ------------------------------------------------------------------- scores
# One 0-100 scale for every hit. Each kind of match owns a band, so a better kind always
# outranks a worse one (exact > synonym > prefix > fuzzy > text for one name; rank_words
# has the rules for sentences).
SCORE_EXACT = 100.0  # the name itself, as typed
# Exact names of different kinds answering one question step down by one point, so the
# question decides their order and none can fall below another kind of match: a check
# lists the function, then the sound, then the bank; quoted code lists the sounds it
# plays, then its banks, then the functions it calls.
SCORE_EXACT_SECOND = 99.0
SCORE_EXACT_THIRD = 98.0
SCORE_CASE_EXACT = 97.0  # the name in another case: JavaScript would not find it, but it is meant
SCORE_PLURAL = 96.0  # a sound's name in the plural ("congas"): the name, one step below other cases
SCORE_SYNONYM = 95.0  # a synonym the reference tab shows (cutoff of lpf)
SCORE_CASE_SYNONYM = 92.0  # a shown synonym in another case: below the synonym as typed
SCORE_DOC_SYNONYM = 90.0  # a doc.json synonym another entry claimed (density of fast): a weaker link
SCORE_PREFIX_MIN, SCORE_PREFIX_MAX = 70.0, 89.0  # the share of the name typed, scaled into the band
SCORE_FUZZY_MIN, SCORE_FUZZY_MAX = 50.0, 69.0  # the edit ratio from FUZZY_CUTOFF to 100, scaled
SCORE_TEXT_BAND = (10.0, 49.0)  # text relevance behind a single name-like word: below every name match
SCORE_SENTENCE_BAND = (10.0, 80.0)  # text relevance of a description, which leads over its name clues
# In a description a name is one clue among several: an exact one sits mid-band, others low.
SCORE_STRONG_CLUE, SCORE_WEAK_CLUE_MAX = 50.0, 20.0
SCORE_MISSPELT_BASE = 55.0  # a misspelt name in a description: above most text, below the best
# A phrasebook phrase ("ratchet" -> ply, lookup/phrasebook.py), by its weight (its length) and
# the rarity of its words in the docs: a specific one above every text relevance (a
# description's best is 80), a vague one below it; always below a synonym.
SCORE_PHRASE_MIN, SCORE_PHRASE_MAX = 72.0, 85.0
# ... plus up to this much by its item's text relevance to the whole question (its docs' words
# and, loose, all its phrases: the ``phrases`` field, data/reference.py): among phrase hits and
# close text, the entry the rest of the question also describes leads.
SCORE_PHRASE_TEXT_LIFT = 6.0
SCORE_PHRASE_STEP = 0.5  # each further sound of a family phrase ("thumb piano"), one step down
# A family listing ("euclid-related"): the word itself, names starting with it (mid prefix
# band), then names merely containing it (below every prefix).
SCORE_FAMILY_PREFIX, SCORE_FAMILY_INSIDE = 80.0, 60.0
# Ordering names found in one query: the query's text relevance and the matched word's
# rarity can each pull a name down this far (a common verb such as "add" says less).
TEXT_ORDER_PENALTY, RARITY_PENALTY = 20.0, 10.0

STRONG: tuple[Match, ...] = ("exact", "synonym")
#: English words that are also names (``each``, ``per``, ``into``, ``take``): in a description
#: they say how often, where or in what order, or are the question's verb, and their name
#: weighs only part of what it weighs for a name asked about (relevance.PROSE_NAME_SHARE)
PROSE_WORDS = frozenset(
    tokenize(" ".join(["each every all per into as when time", *sorted(QUESTION_VERBS), "takes picks adds sets"]))
)
FUZZY_CUTOFF = 75.0  # rapidfuzz ratio below which a name is not offered as a match
BANK_MEMBERS_LEADING = 5  # at most this many of a named bank's sounds lead (its hh, oh for "hats")
MISSPELT_RATIO = 80.0  # ratio from which a word found nowhere is taken for a misspelt name
# ... and read as that name (harpsicord 95, glockenspeil 92; drown/brown 80), in a word long
# enough that one edit rarely makes another English word (going/gong)
CORRECTED_RATIO, CORRECTED_LETTERS = 85.0, 6
MISSPELT_MEMO_WORDS = 4096  # words whose misspelling candidates are kept per registry version


@dataclass(slots=True)
class Hit:
    """One ranked name. Treated as a value: changed only through ``dataclasses.replace``.

    (Not ``frozen``: a frozen dataclass takes three times as long to build, and a long
    question builds a few hundred of these.)
    """

    domain: Domain  # "reference" or "sounds"
    kind: Kind
    name: str
    match: Match
    score: float
    via: str = ""  # the query word or synonym that matched, when not the name itself
    coverage: float = 1.0  # share of the query's words this item answers (text hits)

    @property
    def key(self) -> tuple[str, str]:
        return (self.kind, self.name)


def _fuzzy_score(ratio: float) -> float:
    return SCORE_FUZZY_MIN + (SCORE_FUZZY_MAX - SCORE_FUZZY_MIN) * (ratio - FUZZY_CUTOFF) / (100.0 - FUZZY_CUTOFF)


def _prefix_score(typed: str, name: str) -> float:
    return SCORE_PREFIX_MIN + (SCORE_PREFIX_MAX - SCORE_PREFIX_MIN) * len(typed) / len(name)


def _add(hits: dict[tuple[str, str], Hit], hit: Hit) -> None:
    key = (hit.kind, hit.name)  # ``hit.key``, without the property's call (a long question adds hundreds)
    old = hits.get(key)
    if old is None or hit.score > old.score:
        hits[key] = hit


# ------------------------------------------------------------------ reference
def rank_reference(index: StrudelIndex, token: str, *, fuzzy: bool = True, prefix: bool = True) -> list[Hit]:
    """Reference names for one word, best first: exact, synonym, other case, prefix, fuzzy."""
    ref = index.reference
    hits: dict[tuple[str, str], Hit] = {}
    token = token.strip()
    if not token:
        return []
    entry = ref.by_name.get(token)
    if entry:
        _add(hits, Hit("reference", "function", entry.name, "exact", SCORE_EXACT))
    entry = ref.by_synonym.get(token)
    if entry:
        _add(hits, Hit("reference", "function", entry.name, "synonym", SCORE_SYNONYM, via=token))
    for entry in ref.by_doc_synonym.get(token, ()):
        _add(hits, Hit("reference", "function", entry.name, "synonym", SCORE_DOC_SYNONYM, via=token))
    lower = token.lower()
    for name, entry in ref.by_lower.get(lower, ()):
        if name == entry.name:
            _add(hits, Hit("reference", "function", entry.name, "exact", SCORE_CASE_EXACT, via=token))
        else:
            _add(hits, Hit("reference", "function", entry.name, "synonym", SCORE_CASE_SYNONYM, via=name))
    if hits:
        return sorted(hits.values(), key=_order)
    if not prefix and not fuzzy:
        return []  # (a question's words, each looked up as typed: most are no name)
    tables = tables_for(index)  # (only a word no name is, as typed, needs the tables)
    if prefix and len(lower) >= 2:
        for i in prefixed(tables.ref_lower, lower):
            name = tables.ref_names[i]
            entry = ref.get(name)
            if entry is None:
                continue
            via = name if name != entry.name else ""
            _add(hits, Hit("reference", "function", entry.name, "prefix", _prefix_score(lower, name), via=via))
    if fuzzy and len(lower) >= 3:
        for close in closest(lower, tables.ref_fuzzy, cutoff=FUZZY_CUTOFF, limit=8):
            entry = ref.get(tables.ref_names[close.key])
            if entry is not None:
                score = _fuzzy_score(close.score)
                _add(hits, Hit("reference", "function", entry.name, "fuzzy", score, via=close.choice))
    return sorted(hits.values(), key=_order)


# --------------------------------------------------------------------- sounds
def split_sound_index(token: str) -> tuple[str, int | None]:
    """``bd:3`` -> ``("bd", 3)``: the mini-notation sample index."""
    name, sep, number = token.partition(":")
    if sep and number.isdigit():
        return name, int(number)
    return token, None


def rank_sounds(index: StrudelIndex, token: str, *, fuzzy: bool = True, prefix: bool = True) -> list[Hit]:
    """Sounds and banks for one word, best first (case-insensitive, as the registry is)."""
    snd = index.sounds
    name, _n = split_sound_index(token.strip())
    key = sound_key(name)
    if not key or key.startswith("_"):
        return []
    hits: dict[tuple[str, str], Hit] = {}
    if key in snd.entries:
        _add(hits, Hit("sounds", "sound", key, "exact", SCORE_EXACT))
    if key in snd.banks:
        _add(hits, Hit("sounds", "bank", key, "exact", SCORE_EXACT_SECOND))
    if not hits and key.endswith("s") and _n is None:
        # "congas", "bongos": a plural of a sound's or bank's name is that name
        single = key[:-1]
        if single in snd.entries:
            _add(hits, Hit("sounds", "sound", single, "exact", SCORE_PLURAL, via=token.strip()))
        if single in snd.banks:
            _add(hits, Hit("sounds", "bank", single, "exact", SCORE_PLURAL - 1.0, via=token.strip()))
    if hits:
        return sorted(hits.values(), key=_order)
    if not prefix and not fuzzy:
        return []  # (a question's words, each looked up as typed: most are no name)
    tables = tables_for(index)  # (only a word no name is, as typed, needs the tables)
    if prefix and len(key) >= 2:
        for i in prefixed(tables.sound_sorted, key):
            found = tables.sound_sorted[i]
            _add(hits, Hit("sounds", "sound", found, "prefix", _prefix_score(key, found)))
        for i in prefixed(tables.bank_names, key, limit=10):
            found = tables.bank_names[i]
            _add(hits, Hit("sounds", "bank", found, "prefix", _prefix_score(key, found)))
    if fuzzy and len(key) >= 3:
        for close in closest(key, tables.sound_choices, cutoff=FUZZY_CUTOFF, limit=8):
            kind: Kind = "sound" if close.choice in snd.entries else "bank"
            _add(hits, Hit("sounds", kind, close.choice, "fuzzy", _fuzzy_score(close.score)))
    return sorted(hits.values(), key=_order)


# ----------------------------------------------------------------- suggestions
def suggest(index: StrudelIndex, word: str, *, domain: str = "auto", limit: int = 5) -> list[str]:
    """Real names close to ``word`` (for not-found answers); never a name the index lacks.

    The package's one "did you mean" (:func:`did_you_mean`): a small edit distance, or
    one function name containing the other ("trancegate" holds ``gate`` if such a name exists).
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
        for close in did_you_mean(lower, tables.ref_fuzzy, limit=limit * 3):
            entry = index.reference.get(tables.ref_names[close.key])
            if entry is not None:
                offer(entry.name, close.score)
    if domain in ("auto", "sounds"):
        key = sound_key(split_sound_index(lower)[0])
        # sound names are many and short: only their spelling, never one inside the word
        for close in did_you_mean(key, tables.sound_choices, limit=limit * 3, contained=False):
            offer(close.choice, close.score)
    ranked = sorted(scored.items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))
    return [name for name, _ in ranked[:limit]]


def _order(hit: Hit) -> tuple:
    return (-hit.score, hit.domain != "reference", len(hit.name), hit.name)


def rank_names(hits: Iterable[Hit]) -> list[Hit]:
    """Deduplicate (best hit per item wins) and order deterministically."""
    best: dict[tuple[str, str], Hit] = {}
    for hit in hits:  # ``_add``, inlined: the hits of both domains of a long question pass here
        key = (hit.kind, hit.name)
        old = best.get(key)
        if old is None or hit.score > old.score:
            best[key] = hit
    return sorted(best.values(), key=_order)


# ---------------------------------------------------------------- whole query
@dataclass
class Ranking:
    """Ranked hits per domain for a list of query words."""

    words: list[str]
    corrections: dict[str, str] = field(default_factory=dict)  # misspelt word as typed -> the word read
    reference: list[Hit] = field(default_factory=list)
    sounds: list[Hit] = field(default_factory=list)
    sentence: bool = False  # the words read as a description: text relevance leads
    names_a_sound: bool = False  # words that name sounds ("kick", "closed hats"), not a function
    # a word of the query is a name of this domain (kept apart from the hits: in a
    # description a name's text hit may outscore its demoted name hit)
    named: frozenset[Domain] = frozenset()
    # the glossary reads some words as the docs' ("big hall", "warmer"): a clue for the
    # reference, weaker than a name typed ("put the snare in a big hall" asks for reverb)
    described: bool = False
    # words found nowhere that were read as misspelt names ("harpsicord"): not missing from Strudel
    misspelt: frozenset[str] = frozenset()
    # entries a phrasebook phrase of the question names, with the phrase's support (0-1)
    phrased: dict[tuple[str, str], float] = field(default_factory=dict)
    # entries a phrase names, with the share of the question its words are (each word weighted
    # by its rarity in the docs, as the text's coverage is)
    phrase_share: dict[tuple[str, str], float] = field(default_factory=dict)
    # what the entries a phrase names answer of the question: their phrases' share plus
    # their text's coverage (``_fused_with_text``); the domain choice reads it
    answered: dict[tuple[str, str], float] = field(default_factory=dict)
    # functions whose input the question names (a scale, a chord, a chance): the name is
    # what that function reads, not a family's word its members share
    inputs_named: frozenset[str] = frozenset()
    # the words as written, before neighbours were joined into names ("delay time"): the
    # docs' text reads a description by them (delaytime's docs are not all "delay time")
    spelled: list[str] = field(default_factory=list)

    def strong(self, domain: str) -> bool:
        hits = self.reference if domain == "reference" else self.sounds
        return bool(hits) and hits[0].match in STRONG and hits[0].score >= SCORE_DOC_SYNONYM


def _all_lower(index: StrudelIndex) -> frozenset[str]:
    """Every name of either tab, lower-cased: a quick no for the word runs join_words tries."""
    return index.derived.get_or_build(
        ("ranking", "all_lower"),
        lambda: frozenset([*index.reference.by_lower, *index.sounds.entries, *index.sounds.banks]),
    )


def _no_name_typed(index: StrudelIndex, word: str, names: frozenset[str] | None = None) -> bool:
    """``word`` is surely no name of either tab as typed: ``rank_reference`` and ``rank_sounds``
    without prefixes or fuzzy matches find nothing for it (a plain word, lower-cased, is no
    name, synonym or sound key, nor the plural of one; nor a doc.json synonym as typed)."""
    if not word.isalnum():
        return False  # (spaces, "bd:3", "gm_piano": left to the full lookups)
    names, lower = _all_lower(index) if names is None else names, word.lower()
    return (
        lower not in names
        and word not in index.reference.by_doc_synonym
        and not (lower.endswith("s") and lower[:-1] in names)
    )


def _known(
    index: StrudelIndex, candidate: str, reference: bool, sounds: bool, names: frozenset[str] | None = None
) -> str | None:
    lower = candidate.lower()
    if lower not in (names if names is not None else _all_lower(index)):
        return None
    if sounds and (lower in index.sounds.entries or lower in index.sounds.banks):
        return lower
    if reference:
        ref = index.reference
        if candidate in ref.by_name or candidate in ref.by_synonym:
            return candidate
        found = ref.by_lower.get(candidate.lower())
        if found:
            return found[0][0]
    return None


def _spelled_out(index: StrudelIndex, initials: str, run: Sequence[str]) -> bool:
    """``run`` spells ``initials`` out: its docs use those words ("low pass filter" for lpf).

    Without this, any three words with the right first letters ("every now different")
    would become a name.
    """
    entry = index.reference.by_name.get(initials)
    if entry is None:
        return False
    described = set(tokenize(f"{entry.description} {' '.join(entry.synonyms)}"))
    return all(t in described for w in run for t in tokenize(w))


def join_words(index: StrudelIndex, words: Sequence[str], *, reference: bool = True, sounds: bool = True) -> list[str]:
    """Neighbouring words that together spell one real name become that name.

    "gm violin" -> ``gm_violin``, "euclid rot" -> ``euclidRot``, and initials of three or
    more words: "low pass filter" -> ``lpf``. Only names the index has are produced.
    """
    if len(words) < 2:
        return list(words)
    out: list[str] = []
    names = _all_lower(index)
    # a quick no for most runs, from the words lower-cased once (ASCII words: a run's lower
    # case is its words' lower cases together): no spelling of it is a name, nor its initials
    lows = [w.lower() for w in words] if all(w.isascii() for w in words) else None
    initials = index.reference.by_name if reference else {}
    i = 0
    while i < len(words):
        joined = None
        for size in (4, 3, 2):  # longest run first
            if i + size <= len(words):
                if lows is not None:
                    run = lows[i : i + size]
                    if (
                        "".join(run) not in names
                        and "_".join(run) not in names
                        and (size < 3 or "".join([w[:1] for w in run]) not in initials)
                    ):
                        continue
                joined = _joined_name(index, words[i : i + size], reference, sounds, names)
                if joined:
                    out.append(joined)
                    i += size
                    break
        if not joined:
            out.append(words[i])
            i += 1
    return out


def _joined_name(
    index: StrudelIndex, run: Sequence[str], reference: bool, sounds: bool, names: frozenset[str]
) -> str | None:
    """The one real name the words of ``run`` spell together, or None."""
    together, snake = "".join(run), "_".join(run).lower()
    if together.lower() in names or snake in names:  # a camelCase spelling lower-cases to ``together``
        camel = run[0] + "".join(w[:1].upper() + w[1:] for w in run[1:])
        for candidate in (snake, together, camel):
            joined = _known(index, candidate, reference, sounds, names)
            if joined:
                return joined
    # two-letter initials are too ambiguous (sound names such as rd, oh)
    if len(run) >= 3 and reference:
        initials = "".join([w[:1] for w in run]).lower()
        if initials in index.reference.by_name and all(w.isalpha() for w in run) and _spelled_out(index, initials, run):
            return initials
    return None


def _text_hits(
    domain: Domain, kind: Kind, scored: list[tuple[str, float, float]], band: tuple[float, float]
) -> list[Hit]:
    """Text relevance as hits in ``band``; a sounds document keyed ``bank:<name>`` is a bank."""
    if not scored:
        return []
    top = scored[0][1] or 1.0
    low, high = band
    hits = []
    for name, rel, cov in scored[:40]:
        hit_kind: Kind = kind
        if domain == "sounds" and name.startswith(BANK_DOC):
            hit_kind, name = "bank", name[len(BANK_DOC) :]
        hits.append(Hit(domain, hit_kind, name, "text", low + (high - low) * rel / top, "", cov))  # (via, coverage)
    return hits


def _demote(hit: Hit) -> Hit:
    """In a descriptive query a name match is one clue among several, not the answer."""
    if hit.match in STRONG:
        return replace(hit, score=SCORE_STRONG_CLUE)
    return replace(hit, score=min(hit.score, SCORE_WEAK_CLUE_MAX))


@dataclass(slots=True)
class _Typed:
    """What the words of a question are as names typed (the first part of ``rank_words``)."""

    reference: list[Hit]
    sounds: list[Hit]
    strong_words: int = 0  # words that are a name or synonym as typed (not only in another case)
    sound_names: list[str] = field(default_factory=list)  # words that are a sound's or bank's name
    function_names: list[str] = field(default_factory=list)  # words that are a function's name or synonym


def rank_words(
    index: StrudelIndex,
    words: Sequence[str],
    *,
    reference: bool = True,
    sounds: bool = True,
    context: Sequence[str] = (),
    neighbours: bool = False,
    phrase: Sequence[str] = (),
    chance: Chance | None = None,
    describes: bool = False,
) -> Ranking:
    """Rank both domains for the content words of a query.

    One name-like word: exact > synonym > prefix > fuzzy > text. Several words that are
    all names: each name. A description ("how do I speed up a pattern"): text relevance
    over the snapshot's own docs leads, name matches count as clues, phrasebook phrases
    lift what they name, and a word found nowhere is treated as a misspelt name.
    ``context`` words (sample, sound...) help the reference text but are not looked up as
    names. ``neighbours`` keeps prefix, fuzzy and text hits next to an exact one (for
    explicit search/list modes). ``chance``: a chance the question states in words
    (``intent.read_chance``), a phrase for the function applying something that often.
    ``describes``: the question asks for one function by what it does ("which control sets
    the high-pass filter resonance"), so its words are a description even when each is a name
    (hpf, resonance).

    The parts, in order: misspellings first (``correct_words``), names typed
    (``_names_typed``), one word (``_one_word``) or how the words read together
    (``_read_together``), several names (``_several_names``), and for a description or a
    word the evidence of the docs' text, the phrasebook and misspelt names (``_fused_evidence``).
    """
    words, corrections = correct_words(index, words)
    if corrections:  # misspellings first: "fats" is read as fast before anything is matched
        phrase = [corrections.get(w, w) for w in phrase]
    spelled = list(words)
    words = join_words(index, words, reference=reference, sounds=sounds)
    ranking = Ranking(words, corrections=corrections, spelled=spelled)
    if not words:
        return ranking
    typed = _names_typed(index, ranking, reference=reference, sounds=sounds)
    if len(words) == 1:
        if typed.strong_words and not neighbours:
            ranking.reference, ranking.sounds = rank_names(typed.reference), rank_names(typed.sounds)
            return ranking
        _one_word(index, ranking, typed, reference=reference, sounds=sounds, neighbours=neighbours)
    _read_together(index, ranking, typed, reference=reference, sounds=sounds, describes=describes)
    if len(words) > 1 and not ranking.sentence and not neighbours:
        return _several_names(index, ranking, typed, context)
    _fused_evidence(
        index, ranking, typed, reference=reference, sounds=sounds, context=context, phrase=phrase, chance=chance
    )
    return ranking


def _names_typed(index: StrudelIndex, ranking: Ranking, *, reference: bool, sounds: bool) -> _Typed:
    """Each word's names as typed: exact, synonym, other case (and prefixes for a lone word)."""
    typed = _Typed([], [])
    names = _all_lower(index)
    for word in ranking.words:
        # several words: a word's names are a clue, its prefixes ("pad": pad*) are only noise
        prefix = len(ranking.words) == 1
        if not prefix and _no_name_typed(index, word, names):
            continue  # (most words of a question: nothing to look up)
        r = rank_reference(index, word, fuzzy=False, prefix=prefix) if reference else []
        s = rank_sounds(index, word, fuzzy=False, prefix=prefix) if sounds else []
        if not r and not s:
            continue  # a word that is no name as typed (most words of a question): nothing to note
        # "pattern" matching the class Pattern only by case is no evidence the query is a list of names
        typed.strong_words += any(h.match in STRONG and h.score != SCORE_CASE_EXACT for h in (*r, *s))
        ranking.named |= {h.domain for h in (*r, *s) if h.match in STRONG and h.score != SCORE_CASE_EXACT}
        if any(h.match in STRONG for h in s):
            typed.sound_names.append(word)
        if any(h.match in STRONG and h.score != SCORE_CASE_EXACT for h in r):
            typed.function_names.append(word)
        typed.reference += r
        typed.sounds += s
    return typed


def _one_word(
    index: StrudelIndex, ranking: Ranking, typed: _Typed, *, reference: bool, sounds: bool, neighbours: bool
) -> None:
    """A lone word that is no name as typed: its prefixes and fuzzy neighbours, unless it is a
    plain word of the docs, the sounds or the glossary (then its text answers)."""
    word = ranking.words[0]
    typed.reference = rank_reference(index, word) if reference else []
    typed.sounds = rank_sounds(index, word) if sounds else []
    if known_word(index, word) and not neighbours:
        # a word the docs, the sounds or the glossary use is meant as typed, not misspelt:
        # "kick" is a drum, not a typo of pick; fuzzy neighbours only when nothing else answers
        texts = (reference and text_reference(index, [word])) or (sounds and text_sounds(index, [word]))
        if texts:
            typed.reference = [h for h in typed.reference if h.match != "fuzzy"]
            typed.sounds = [h for h in typed.sounds if h.match != "fuzzy"]
        # a word naming sounds ("kick", "piano") leans to the sounds, unless the glossary
        # says it is a word for what the docs describe ("louder" is gain, not pipeorgan_loud)
        stems = word_stems(word)
        ranking.names_a_sound = sounds and all(t in index.sounds.naming_words for t in stems) and not expand(stems)


def _read_together(
    index: StrudelIndex, ranking: Ranking, typed: _Typed, *, reference: bool, sounds: bool, describes: bool = False
) -> None:
    """Several words not all names (or asked as what one function does) are a description:
    do they describe a sound, or use the glossary's words for what the docs describe?"""
    words = ranking.words
    ranking.sentence = len(words) > 1 and (describes or typed.strong_words < len(words))
    if not ranking.sentence:
        return
    stems = [t for w in words for t in word_stems(w)]
    # a word the glossary reads as the docs' ("warmer") and that is no sound's name ("supersaw")
    described = bool(expand([t for w in words if w not in typed.sound_names for t in word_stems(w)]))
    # every word names sounds ("closed hats", "steel drums") and none is a word the
    # glossary reads as the docs' ("muffled"): the question describes a sound
    ranking.names_a_sound = sounds and all(t in index.sounds.naming_words for t in stems) and not described
    ranking.described = described and reference


def _several_names(index: StrudelIndex, ranking: Ranking, typed: _Typed, context: Sequence[str]) -> Ranking:
    """Several names ("add a delay effect", "bd sd hh"): each is answered; the text of the
    whole query decides their order, so the verb "add" does not lead over "delay"."""
    words = ranking.words
    ranked = _order_by_text(index, rank_names(typed.reference), text_reference(index, [*words, *context]))
    ranking.reference = _prose_names_last(ranked)
    snd_hits = typed.sounds
    members = _bank_members(index, words, snd_hits)
    if members:  # the names it was asked by follow, one step down
        snd_hits = [replace(h, score=min(h.score, SCORE_EXACT_SECOND)) for h in snd_hits]
    ranking.sounds = rank_names([*members, *snd_hits])
    return ranking


def _prose_names_last(hits: list[Hit]) -> list[Hit]:
    """Among names found in one question, those typed as English words (``PROSE_WORDS``:
    "echo every note", "range of each note") follow the names meant; a question of such words
    only keeps its order."""

    def prose(hit: Hit) -> bool:
        word = hit.via or hit.name
        return word.islower() and all(t in PROSE_WORDS for t in tokenize(word))

    if all(prose(h) for h in hits) or not any(prose(h) for h in hits):
        return hits
    return [h for h in hits if not prose(h)] + [h for h in hits if prose(h)]


def _fused_evidence(
    index: StrudelIndex,
    ranking: Ranking,
    typed: _Typed,
    *,
    reference: bool,
    sounds: bool,
    context: Sequence[str],
    phrase: Sequence[str],
    chance: Chance | None = None,
) -> None:
    """A description's (or a lone word's) hits: names as clues, the docs' text (and the
    tutorial pages), the phrasebook's phrases and misspelt names, fused into one order."""
    words = ranking.words
    band = SCORE_SENTENCE_BAND if ranking.sentence else SCORE_TEXT_BAND
    ref_hits, snd_hits = typed.reference, typed.sounds
    if ranking.sentence:
        ref_hits = [_demote(h) for h in ref_hits]
        snd_hits = [_demote(h) for h in snd_hits]
    # a longer word in no description, no name and no glossary is most likely a misspelt name:
    # the text reads it as that name's word ("harpsicord" as harpsichord)
    misspelt = _misspelt_words(index, words, reference=reference, sounds=sounds) if ranking.sentence else {}
    corrected = {w: _corrected(w, hits) for w, hits in misspelt.items()}
    ranking.misspelt = frozenset(misspelt)
    read = [corrected.get(w, w) for w in words]
    if reference:
        prose = _prose_stems(read, context) if ranking.sentence else frozenset()
        described = [corrected.get(w, w) for w in ranking.spelled] if ranking.sentence else read
        scored = text_reference(index, [*described, *context], prose=prose)
        if ranking.sentence:  # Strudel's tutorial pages: one more signal for a description
            scored = with_page_evidence(index, read, scored)
        ref_hits += _text_hits("reference", "function", scored, band)
    if sounds:
        # a chance's number is an amount, never part of a sound's name ("hats 30% of the time"
        # is no RY30's hats)
        amount = {w for w in chance.words if w[:1].isdigit()} if chance is not None else set()
        heard = [w for w in read if w not in amount] or read
        said = [w for w in phrase if w not in amount] if phrase else phrase
        snd_hits += _text_hits("sounds", "sound", text_sounds(index, heard, phrase=said), band)
    ref_phrases, snd_phrases = _phrase_evidence(
        index, ranking, typed, reference=reference, sounds=sounds, phrase=phrase, chance=chance
    )
    docs = _docs_lead(index, ranking, ref_hits, ref_phrases)
    if docs is not None and docs.leader.score < SCORE_SENTENCE_BAND[1]:
        # the entry the question is worded as leads the text that covers less of it
        docs.leader = replace(docs.leader, score=SCORE_SENTENCE_BAND[1] + DOCS_LIFT)
        ref_hits.append(docs.leader)
    ref_hits += _fused_with_text(ref_phrases, ref_hits, ranking, docs=docs)
    if ranking.sentence:
        ref_hits += _members_described(ref_hits, ranking.inputs_named)
        ref_hits += _members_worded(index, ref_hits, ranking.spelled or words)
        ref_hits += _pointed_to(index, ref_hits)
    snd_hits += _fused_with_text(snd_phrases, snd_hits, ranking)
    for word, hits in misspelt.items():
        sure = corrected[word] != word
        for hit in hits:
            # a name typed, if surely misspelt, answers its word and says which tab is meant
            (ref_hits if hit.domain == "reference" else snd_hits).append(
                replace(hit, coverage=1 / len(words) if sure else 0.0)
            )
            if sure:
                ranking.named |= {hit.domain}
    ranking.reference, ranking.sounds = rank_names(ref_hits), rank_names(snd_hits)


def _prose_stems(read: Sequence[str], context: Sequence[str]) -> frozenset[str]:
    """The stems of a description's words that are names only by chance: English words for how
    often, where and in what order ("each", "every", "per", "into", "time") and the question's
    own verbs ("takes", "pick", "add"), written in lower case, not as code."""
    return frozenset(t for w in (*read, *context) if w.islower() for t in word_stems(w) if t in PROSE_WORDS)


def _phrase_evidence(
    index: StrudelIndex,
    ranking: Ranking,
    typed: _Typed,
    *,
    reference: bool,
    sounds: bool,
    phrase: Sequence[str],
    chance: Chance | None = None,
) -> tuple[list[Hit], list[Hit]]:
    """The phrasebook's hits of each domain, placed for a description or a lone word, and
    what they say about the question (its support for the confidence, its domain)."""
    if not ranking.sentence and typed.strong_words:
        return [], []  # only names, typed as such (a search or list of them), take no phrase
    ref_phrases, snd_phrases, spanned, ranking.phrase_share, ranking.inputs_named = _phrasebook_hits(
        index,
        phrase or ranking.words,
        reference=reference,
        sounds=sounds,
        typed={"reference": _code_names(typed.function_names), "sounds": {w.lower() for w in typed.sound_names}},
        chance=chance,
    )
    if not ranking.sentence:
        # one word: a name it starts (prefix) is the likelier meaning. A phrase for a function
        # beats fuzzy neighbours and text; one for a sound stays below fuzzy neighbours (sound
        # names are many and short: a near miss of one is likelier a typo than a description)
        ref_phrases = [replace(h, score=h.score - SCORE_PHRASE_MAX + SCORE_PREFIX_MIN - 0.5) for h in ref_phrases]
        snd_phrases = [replace(h, score=h.score - SCORE_PHRASE_MAX + SCORE_FUZZY_MIN - 0.5) for h in snd_phrases]
        if ref_phrases and not snd_phrases:
            ranking.names_a_sound = False  # "slower" is the phrasebook's slow, not the sample wineglass_slow
    for hit in (*ref_phrases, *snd_phrases):  # the evidence a phrase gives (lookup/confidence.py)
        ranking.phrased[hit.key] = max(ranking.phrased.get(hit.key, 0.0), _phrase_support(hit))
    if ranking.sentence and ref_phrases:
        # a function's phrase reads the question like a glossary word does ("ratchet the
        # hats": ratchet is what drummers call ply, the hats what it is done to)
        ranking.described = True
        ranking.names_a_sound = False  # (as a glossary word would: the words are not all sound names)
        if typed.sound_names and all(
            w.lower() in spanned["reference"] and w.lower() not in spanned["sounds"] for w in typed.sound_names
        ):
            ranking.named -= {"sounds"}
    return ref_phrases, snd_phrases


def _prose_words(index: StrudelIndex) -> frozenset[str]:
    """The words of the reference's descriptions."""
    return index.derived.get_or_build(
        ("ranking", "prose_words"),
        lambda: frozenset(t for e in index.reference.entries for t in tokenize(e.description)),
    )


prose_words = _prose_words  # (``lookup/sound_request.py`` reads the same words)


def _rarest_idf(index: StrudelIndex) -> float:
    """The docs' highest idf (their rarest word's), 1 when they have none: kept per index, as
    the scan over every word of the docs cost a long question a tenth of a millisecond."""
    idf = index.reference.text.idf
    return index.derived.get_or_build(("ranking", "rarest_idf"), lambda: max(idf.values(), default=1.0) or 1.0)


@functools.cache
def _everyday_stems() -> frozenset[str]:
    """The words of the phrasebook's and the glossary's phrases (both read once)."""
    return load_phrasebook().stems | load_glossary().stems


def _code_names(words: Sequence[str]) -> set[str]:
    """The function names typed that read as code, not as English: ``lpf``, ``degradeBy``.

    A name whose words musicians use in their own phrases (the phrasebook's and the
    glossary's: "slow down", "every other bar", "delay") is an English word in a question.
    """
    everyday = _everyday_stems()
    return {w.lower() for w in words if not w.islower() or not all(t in everyday for t in tokenize(w))}


def _phrasebook_hits(
    index: StrudelIndex,
    words: Sequence[str],
    *,
    reference: bool,
    sounds: bool,
    typed: dict[str, set[str]],
    chance: Chance | None = None,
) -> tuple[list[Hit], list[Hit], dict[str, set[str]], dict[tuple[str, str], float], frozenset[str]]:
    """What the question's phrases name (lookup/phrasebook.py), as text hits of each domain,
    the words each domain's phrases span, and the share of the question (by the words'
    importance, ``relevance.word_importance``) each named entry's phrases span together
    ("laser zap: pitch dives" says penv three times), and the functions whose input the
    question names (tonal.json's names, chord symbols, a chance).

    A phrase scores above the docs' text relevance by how specific it is (its length) and
    how rare its words are in the docs; below a name of its domain ``typed`` elsewhere in
    the question (a name typed is stronger evidence than a phrase). Coverage is the share
    of the question's words the phrase spans, so a phrase that says all of it ("thumb
    piano") tips the domain as text covering it all would.
    """
    # tonal.json's names in words, and a chance stated in words: names, as rare as any word
    tonal = tonal_phrases(index, words) + chance_phrases(index, words, chance)
    chords = _chord_symbols(index, words)
    found = phrase_hits(index, words) + chords + tonal + _nth_samples(index, words) + _value_span(index, words)
    out: dict[str, list[Hit]] = {"reference": [], "sounds": []}
    spanned: dict[str, set[str]] = {"reference": set(), "sounds": set()}
    said: dict[tuple[str, str], set[str]] = {}  # the words each entry's phrases span, together
    # (the docs' and the sounds' own words: not the phrasebook's field of their text indexes)
    idf, docs_words, sounds_words = index.reference.text.idf, index.reference.text.own, index.sounds.text.own
    rarest = _rarest_idf(index)
    prose = _prose_words(index)
    importance = {w.lower(): word_importance(index.reference.text, w) for w in words}
    question = sum(importance.values()) or 1.0
    for hit in found:
        # a phrase of words the docs seldom use says more than one of their everyday words
        stems = hit.key
        rarity = sum(min(idf[t] / rarest if t in docs_words else 1.0, 1.0) for t in stems) / max(len(stems), 1)
        if len(stems) == 1 and stems[0] in docs_words:
            rarity *= 0.6  # one word the docs use: their text weighs it already
        if hit in tonal:
            rarity = 1.0
        score = SCORE_PHRASE_MIN + (SCORE_PHRASE_MAX - SCORE_PHRASE_MIN) * hit.weight * rarity
        own = {w.lower() for w in words[hit.start : hit.end]}
        if hit.sounds and all(t in sounds_words or t in prose for w in own for t in word_stems(w)):
            # the sounds' own words (drum-kit words, General MIDI names) say it already, and
            # a word of the functions' docs ("static", "ping") is read by those docs
            continue
        coverage = min(len(own) / len(words), 1.0)
        for n, (domain, kind, name) in enumerate(resolve(index, hit.target, sounds=hit.sounds)):
            if (domain == "reference" and reference) or (domain == "sounds" and sounds):
                step = SCORE_PHRASE_STEP * n
                value = score - step if not typed[domain] - own else _below_names(score - step)
                out[domain].append(Hit(domain, kind, name, "text", value, via=hit.phrase, coverage=coverage))
                spanned[domain] |= own
                said.setdefault((kind, name), set()).update(own)
    shares = {key: min(sum(importance.get(w, 1.0) for w in own) / question, 1.0) for key, own in said.items()}
    inputs = frozenset(hit.target for hit in (*chords, *tonal))
    return out["reference"], out["sounds"], spanned, shares, inputs


#: The function a chord symbol typed in a question asks about (tonal.json's symbols are its input).
CHORD_SYMBOL_TARGET = "voicing"


def _chord_symbols(index: StrudelIndex, words: Sequence[str]) -> list[PhraseHit]:
    """Chord symbols typed in a question ("Cmaj7", "Dm7", "m7b5"), read as a phrase for the
    function that voices chord symbols: the symbols are tonal.json's (``data/tonal.py``), so
    what counts as a chord is the snapshot's, never a list of ours.

    A symbol with a root as chords are written ("G7", "Cmaj7", "Am") or one with a digit
    and a letter ("maj7", "sus4"); a bare "dim", "add" or "4" is left to English, and a root
    with one digit other than 7 or 9 to the notes ("A4", "C3" are a note in an octave).
    """
    tonal = index.tonal
    if tonal is None or CHORD_SYMBOL_TARGET not in index.reference.by_name:
        return []
    found = []
    for n, word in enumerate(words):
        split = split_chord(word)
        rooted = split is not None and bool(split[1]) and split[1] in tonal.by_chord_symbol
        if rooted and split is not None and len(split[1]) == 1 and split[1].isdigit() and split[1] not in "79":
            rooted = False  # a note in an octave
        spelled = word in tonal.by_chord_symbol and any(c.isdigit() for c in word) and any(c.isalpha() for c in word)
        if rooted or spelled:
            key = tuple(tokenize(word))
            found.append(PhraseHit(CHORD_SYMBOL_TARGET, word, n, n + 1, phrase_weight(key), False, key))
    return found


#: The function choosing which sample of a sound's folder plays (doc.json's name).
SAMPLE_INDEX_TARGET = "n"
# (not "eighth", "sixteenth": note values, "dotted eighth echo")
_ORDINALS = frozenset("second third fourth fifth sixth seventh 2nd 3rd 4th 5th 6th 7th".split())


def _nth_samples(index: StrudelIndex, words: Sequence[str]) -> list[PhraseHit]:
    """An ordinal before a sound's word ("the third kick", "the 2nd snare sample"): which
    sample of the folder plays, read as a phrase for ``n``."""
    if SAMPLE_INDEX_TARGET not in index.reference.by_name:
        return []
    found = []
    naming = index.sounds.naming_words
    for i, word in enumerate(words[:-1]):
        after = word_stems(words[i + 1])
        if word.lower() in _ORDINALS and after and all(t in naming or t == "sampl" for t in after):
            key = tuple(tokenize(word)) + tuple(after)
            found.append(
                PhraseHit(SAMPLE_INDEX_TARGET, f"{word} {words[i + 1]}", i, i + 2, phrase_weight(key), False, key)
            )
    return found


#: The function scaling a signal's 0-1 into the values asked for (doc.json's name).
VALUE_SPAN_TARGET = "range"


def _value_span(index: StrudelIndex, words: Sequence[str]) -> list[PhraseHit]:
    """Values asked for as a span ("go between 200 and 2000": the words read "between 200
    2000"), in a question with no word of chance (a random number between two is ``irand``'s):
    a phrase for ``range``, which scales a signal to a minimum and a maximum."""
    lower = [w.lower() for w in words]
    if VALUE_SPAN_TARGET not in index.reference.by_name or any(w.startswith("random") for w in lower):
        return []
    for i in range(len(lower) - 2):
        if lower[i] == "between" and _is_number(lower[i + 1]) and _is_number(lower[i + 2]):
            key = ("between", lower[i + 1], lower[i + 2])
            return [PhraseHit(VALUE_SPAN_TARGET, " ".join(words[i : i + 3]), i, i + 3, phrase_weight(key), False, key)]
    return []


def _is_number(word: str) -> bool:
    return word.replace(".", "", 1).lstrip("-").isdigit()


def _phrase_support(hit: Hit) -> float:
    """How much a phrase hit supports its item, 0-1: its place in the phrase band (how specific
    the phrase is), at least half when it spans the whole question."""
    place = (hit.score - SCORE_PHRASE_MIN) / (SCORE_PHRASE_MAX - SCORE_PHRASE_MIN)
    return min(1.0, max(0.3, place, hit.coverage / 2))


def _fused_with_text(
    phrases: list[Hit], hits: Sequence[Hit], ranking: Ranking, *, docs: DocsLead | None = None
) -> list[Hit]:
    """Phrase hits fused with the docs' text of the same question.

    A phrase hit answers at least the words its item's text hit answers (the best hit of an
    item is kept, and it must not lose what the docs' text said about the question; that
    coverage feeds the confidence). In a description (``ranking.sentence``) a phrase hit also
    rises by its item's text relevance, up to ``SCORE_PHRASE_TEXT_LIFT``, so the question's
    other words decide between phrases. What the item answers of the question for the domain
    choice is its phrases' share of the question plus what its text covers
    (``Ranking.answered``): "scratch" is what DJs call scrub, and with the docs' words for
    the rest it says more than the sounds' "hand" of "scratch a sample by hand".

    (A penalty on a phrase whose item covers less than the text's leader was tried in issue
    21: it won two visible cases and lost four of the 264 in eval_musician_dev6, so the
    phrase keeps its band.) Only a question worded as one entry's docs (``docs``: their own
    words hold all of it) puts that entry above a phrase whose item answers less of it.
    """
    if not phrases:
        return []
    covered: dict[tuple[str, str], float] = {(h.kind, h.name): h.coverage for h in hits if h.match == "text"}
    text: dict[tuple[str, str], float] = (
        {(h.kind, h.name): h.score for h in hits if h.match == "text"} if ranking.sentence else {}
    )
    low, high = SCORE_SENTENCE_BAND
    shares = ranking.phrase_share
    fused = []
    for hit in phrases:
        coverage = max(hit.coverage, covered.get(hit.key, 0.0))
        both = min(1.0, shares.get(hit.key, hit.coverage) + covered.get(hit.key, 0.0))
        ranking.answered[hit.key] = max(ranking.answered.get(hit.key, 0.0), both)
        lift = SCORE_PHRASE_TEXT_LIFT * max(0.0, text.get(hit.key, low) - low) / (high - low)
        score = hit.score + lift
        if docs is not None and hit.key != docs.leader.key and docs.says(hit.via):
            adds = docs.answered(hit.name, hit.via) - docs.answered(hit.name)
            if covered.get(hit.key, 0.0) + adds < docs.leader.coverage - DOCS_MARGIN:
                score = min(score, docs.leader.score - 0.5)
        fused.append(replace(hit, coverage=coverage, score=score))
    return fused


#: A family member's text must cover this much more of the question than its root's phrase
#: does to be the one meant ("ratchet ... each repeat quieter": plyWith, not ply).
MEMBER_MARGIN = 0.15


def _members_described(hits: Sequence[Hit], inputs_named: frozenset[str] = frozenset()) -> list[Hit]:
    """A phrase names a family's root (``ply``, ``tremolo``, ``delay``: names others start
    with); the member whose own text covers clearly more of the question than the root does
    is the one meant, and leads just above the root's phrase: "ratchet" says the family, "each
    repeat quieter" says ``plyWith``, "volume wobble ... locked to the tempo" ``tremolosync``.
    A function named by its input ("a minor key": ``scale``) is no family's word."""
    phrased = {h.key: h for h in hits if h.match == "text" and h.via and h.name not in inputs_named}
    if not phrased:
        return []
    text = [(h.name.lower(), h) for h in hits if h.match == "text" and not h.via]
    lifted: list[Hit] = []
    for root in phrased.values():
        low, least = root.name.lower(), root.coverage + MEMBER_MARGIN
        members = [h for lower, h in text if h.coverage >= least and h.name != root.name and lower.startswith(low)]
        if members:
            best = max(members, key=lambda h: (h.coverage, h.score))
            lifted.append(replace(best, score=root.score + 0.1, via=root.via))
    return lifted


#: A word says a family member (not its root) when the member's phrases or name hold it and
#: the root's do not, and the docs use it seldom enough to mean something (its importance,
#: ``relevance.word_importance``, at least this): "bigger" says roomsize, "quieter" plyWith.
MEMBER_WORD_IMPORTANCE = 0.6
MEMBER_ROOT_LETTERS = 3  # a root shorter than this ("s", "n") starts too many names to be a family


def _family_basis(index: StrudelIndex) -> tuple[list[str], list[str], dict[str, tuple[str, ...]], frozenset[str]]:
    """What reading families needs, read once (no tokenizing of phrases yet): the functions'
    names sorted by lower case (a family is a run of them), those lower-cased, each function's
    phrases and the question filler's stems."""

    def build() -> tuple[list[str], list[str], dict[str, tuple[str, ...]], frozenset[str]]:
        names = sorted((e.name for e in index.reference.entries), key=str.lower)
        phrases: dict[str, tuple[str, ...]] = {}
        for line in load_phrasebook().lines:
            if not line.sounds:
                phrases[line.target] = (*phrases.get(line.target, ()), *line.phrases)
        filler = frozenset(t for w in (*STOPWORDS, "not", "no", "never") for t in tokenize(w))
        return names, [n.lower() for n in names], phrases, filler

    return index.derived.get_or_build(("ranking", "family_basis"), build)


def _family_words(index: StrudelIndex, root: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The members of the family ``root`` heads (functions whose names start with it: room's
    roomsize, jux's juxBy), each with its own words: the stems of its phrases and its name's
    other parts that neither the root's phrases nor its name hold, that name no function, and
    that the docs use seldom (``MEMBER_WORD_IMPORTANCE``). Read per root, on first use."""

    def build() -> tuple[tuple[str, frozenset[str]], ...]:
        if len(root) < MEMBER_ROOT_LETTERS:
            return ()
        names, lowered, phrases, filler = _family_basis(index)
        low = root.lower()
        start = bisect.bisect_left(lowered, low)
        end = bisect.bisect_left(lowered, low + "\uffff", start)
        if end - start < 2:
            return ()

        def said(name: str) -> set[str]:
            return {t for p in (*phrases.get(name, ()), " ".join(split_identifier(name))) for t in tokenize(p)}

        text = index.reference.text
        own_root = said(root)
        members = []
        for name in names[start:end]:
            if name == root:
                continue
            own = frozenset(
                t
                for t in said(name) - own_root - filler
                # ("delay" in echoWith's phrases names delay; "randcat" is chooseCycles itself)
                if len(t) > 2 and index.reference.get(t) is None and word_importance(text, t) >= MEMBER_WORD_IMPORTANCE
            )
            if own:
                members.append((name, own))
        return tuple(members)

    return index.derived.get_or_build(("ranking", "family_words", root), build)


def _members_worded(index: StrudelIndex, hits: Sequence[Hit], words: Sequence[str]) -> list[Hit]:
    """A root named by a phrase or its name ("a bigger hall": room) whose family member the
    question's other words say ("bigger": roomsize's own word) is that member, which leads
    just above the root. Two members said alike say neither."""
    stems = {t for w in words for t in tokenize(w)}
    lifted: list[Hit] = []
    for root in hits:
        if (
            root.kind != "function"
            or root.match not in ("text", "exact", "synonym")
            or not root.via
            and root.match == "text"
        ):
            continue
        members = _family_words(index, root.name)
        if not members:
            continue
        said = sorted(((len(own & stems), name) for name, own in members if own & stems), reverse=True)
        if not said or (len(said) > 1 and said[0][0] == said[1][0]):
            continue
        entry = index.reference.by_name.get(said[0][1])
        if entry is not None:
            lifted.append(Hit("reference", "function", entry.name, "text", root.score + 0.1, root.via, root.coverage))
    return lifted


# "See fastcat": the whole description sends the reader elsewhere. ("An alias for firstOf" is
# left alone: ``every`` is the name musicians know, and both are answered by either.)
_POINTER = re.compile(r"\s*See\s+\.?(?P<x>[A-Za-z_$][\w$]*)\.?\s*")


def _pointed_to(index: StrudelIndex, hits: Sequence[Hit]) -> list[Hit]:
    """An entry whose whole description points to another ("See fastcat": ``sequence``) is
    that other's second name: a description it answers is the other's, which leads just
    above it."""
    pointers = _pointers(index)
    out: list[Hit] = []
    for hit in hits:
        if hit.match != "text" or hit.kind != "function":
            continue
        target = pointers.get(hit.name)
        if target is not None:
            out.append(replace(hit, name=target, score=hit.score + 0.05))
    return out


def _pointers(index: StrudelIndex) -> dict[str, str]:
    """The entries whose whole description points to another, with that other's name; built
    once per index (a description read per text hit cost a long question ~10 us)."""

    def build() -> dict[str, str]:
        found: dict[str, str] = {}
        for name, entry in index.reference.by_name.items():
            pointer = _POINTER.fullmatch(entry.description)
            target = index.reference.get(pointer.group("x")) if pointer else None
            if target is not None and target.name != name:
                found[name] = target.name
        return found

    return index.derived.get_or_build(("ranking", "pointers"), build)


#: A description most of whose words one entry's own words hold (its docs' and the
#: phrasebook's: "release time of the pitch envelope", prelease) is worded as that entry is:
#: among the text hits near the leader (DOCS_NEAR of its place in the band) the one that lacks
#: least of the question (at most DOCS_SLACK of it by the words' importance, holding at least
#: DOCS_HELD) leads the text, DOCS_LIFT above the band; a phrase naming another entry stays
#: below it when the leader's words hold the phrase's too and that entry's text and phrase
#: answer less of the question (by more than DOCS_MARGIN): release's "release time". (Tried
#: on the visible sets: slack 0.25-0.6, held 0.4-0.6, 0.55 best; capping phrases whose words the leader
#: lacks lost "make it darker by removing high frequencies" to hpf.)
DOCS_WHOLE, DOCS_MARGIN, DOCS_NEAR, DOCS_LIFT, DOCS_SLACK = 0.99, 0.1, 0.8, 0.1, 0.5
DOCS_HELD = 0.55


@dataclass
class DocsLead:
    """The entry a description is worded as (``_docs_lead``), and how much of the question
    an entry's own docs, with a phrase's words, answer."""

    leader: Hit
    terms: Mapping[str, frozenset[str]]  # each entry's words
    importance: Mapping[str, float]  # the share of the question of each of its stems to hold

    def says(self, phrase: str) -> bool:
        """Whether the leader's words hold every word of ``phrase`` the question has."""
        own = self.terms.get(self.leader.name, frozenset())
        return all(t in own for t in tokenize(phrase) if t in self.importance)

    def answered(self, name: str, phrase: str = "") -> float:
        """The share of the question ``name``'s own docs hold, with ``phrase``'s words."""
        own = self.terms.get(name, frozenset())
        said = set(tokenize(phrase)) if phrase else set()
        return sum(w for t, w in self.importance.items() if t in own or t in said)


def docs_terms(index: StrudelIndex) -> Mapping[str, frozenset[str]]:
    """Each function's words: its docs' (name, synonyms, description, params, tags, examples)
    and the phrasebook's phrases for it, as its text holds them; built once per index."""
    return index.derived.get_or_build(("ranking", "docs_terms"), index.reference.text.terms_by_document)


def _docs_lead(
    index: StrudelIndex, ranking: Ranking, hits: Sequence[Hit], phrases: Sequence[Hit] = ()
) -> DocsLead | None:
    """The text hit near a description's leader whose own words (``docs_terms``) hold most of
    the question: "change the pitch of a sample without changing its speed" is stretch's
    docs, though speed's name weighs more in the text. The words to hold are those some doc
    or one of the question's ``phrases`` holds (a word nothing holds costs every entry alike)."""
    if not ranking.sentence:
        return None
    texts = sorted((h for h in hits if h.match == "text"), key=lambda h: -h.score)
    if not texts:
        return None
    low = SCORE_SENTENCE_BAND[0]
    least = low + DOCS_NEAR * (texts[0].score - low)
    stems = [t for w in ranking.spelled or ranking.words for t in word_stems(w)]
    # a letter standing for a number ("n times") is no word the docs need to hold
    letters = any(len(t) == 1 for t in stems)
    if not any(h.score >= least and (letters or h.coverage >= DOCS_WHOLE - DOCS_SLACK) for h in texts):
        return None  # (no entry near the lead covers enough of it)
    text = index.reference.text
    said = {t for h in phrases for t in tokenize(h.via)}
    weights = {t: word_importance(text, t) for t in stems if len(t) > 1 and (t in text.idf or t in said)}
    total = sum(word_importance(text, t) for t in dict.fromkeys(stems)) or 1.0
    docs = DocsLead(texts[0], docs_terms(index), {t: w / total for t, w in weights.items()})
    whole = sum(docs.importance.values())  # what any doc or phrase could answer

    def lacking(hit: Hit) -> float:
        """The share of the question the hit's own words lack (1 when it holds too little)."""
        held = docs.answered(hit.name)
        share = whole - held
        if share > DOCS_SLACK or held < DOCS_HELD or hit.coverage < DOCS_WHOLE * whole - share:
            return 1.0
        return share

    # the entry whose words lack least of the question, the better text first among equals
    worded = [(lacking(h), n, h) for n, h in enumerate(texts) if h.score >= least]
    _share, _n, leader = min(((sh, n, h) for sh, n, h in worded if sh < 1.0), default=(0.0, 0, None))
    if leader is None:
        return None  # (covered through the glossary's meanings, not in its own words)
    docs.leader = leader
    return docs


def _below_names(score: float) -> float:
    """A phrase's score moved just below a name typed in a description (its clue)."""
    return SCORE_STRONG_CLUE - (SCORE_PHRASE_MAX - score) / 10 - 0.1


def _bank_members(index: StrudelIndex, words: Sequence[str], hits: list[Hit]) -> list[Hit]:
    """A bank named with a sound ("snare from a Linn LM-1", "linn snare"): that bank's sound.

    The bank's own sounds that the whole query describes (their text covers every word).
    """
    banks = {h.name for h in hits if h.kind == "bank" and h.match in STRONG}
    if not banks or len(words) < 2:
        return []
    return [
        Hit("sounds", "sound", key, "exact", SCORE_EXACT, via=" ".join(words))
        for key, _relevance, coverage in text_sounds(index, words)
        if coverage >= 1.0 and key.split("_", 1)[0] in banks
    ][:BANK_MEMBERS_LEADING]


def _misspelt_words(
    index: StrudelIndex, words: Sequence[str], *, reference: bool, sounds: bool
) -> dict[str, list[Hit]]:
    """The words found nowhere (no doc, no sound, no glossary) that misspell names, with those names."""
    vocab_ref, vocab_snd, glossary = index.reference.text.own, index.sounds.text.own, load_glossary().stems
    found: dict[str, list[Hit]] = {}
    for word in words:
        stems = word_stems(word)
        if len(word) >= 5 and stems and not any(t in vocab_ref or t in vocab_snd or t in glossary for t in stems):
            hits = _misspelt(index, word, reference=reference, sounds=sounds)
            if hits:
                found[word] = hits
    return found


def _corrected(word: str, hits: Sequence[Hit]) -> str:
    """The word of the likeliest name ``word`` misspells: harpsichord of gm_harpsichord for "harpsicord".

    A word that is a name with an ending ("jazzy" of jazz) is a word of its own, kept as typed,
    and so is a short word or one edit away from a name ("going" and gong, "drown" and brown):
    it is as likely another English word.
    """
    lower, best = word.lower(), max(hits, key=lambda h: h.score)  # the first of equals
    part = max(split_identifier(best.name) or [best.name], key=lambda p: fuzzy.fuzz.ratio(lower, p))
    sure = len(lower) >= CORRECTED_LETTERS and fuzzy.fuzz.ratio(lower, part) >= CORRECTED_RATIO
    return part if sure and not lower.startswith(part) else word


def _misspelt(index: StrudelIndex, word: str, *, reference: bool, sounds: bool) -> list[Hit]:
    """Names ``word`` (a word found nowhere) is most likely a misspelling of, scored above most text.

    Only edits of at least MISSPELT_RATIO; a name the word starts is left out (it is a
    prefix, which the text relevance already reads as the word's meaning).

    Memoised per registry version, for at most MISSPELT_MEMO_WORDS words: the everyday words
    of long questions ("making", "track") recur from question to question, and scanning
    every name for each is a tenth of a long question's time.
    """
    key = (word.strip().lower(), reference, sounds)
    memo: dict[tuple[str, bool, bool], tuple[Hit, ...]]
    memo = index.sounds.state.derived.get_or_build(("ranking", "misspelt"), dict)
    found = memo.get(key)
    if found is None:
        if len(memo) >= MISSPELT_MEMO_WORDS:
            memo.clear()  # bounded: pasted or hostile text cannot grow it
        found = memo[key] = tuple(_misspelt_names(index, key[0], reference=reference, sounds=sounds))
    return list(found)


def _misspelt_names(index: StrudelIndex, lower: str, *, reference: bool, sounds: bool) -> list[Hit]:
    tables = tables_for(index)
    if lower in _all_lower(index):
        return []

    def promoted(ratio: float) -> float:
        return SCORE_MISSPELT_BASE + (_fuzzy_score(ratio) - SCORE_FUZZY_MIN)

    hits: list[Hit] = []
    if reference:
        for close in closest(lower, tables.ref_fuzzy, cutoff=MISSPELT_RATIO, limit=8):
            entry = index.reference.get(tables.ref_names[close.key])
            if entry is not None and not close.choice.startswith(lower):
                hits.append(Hit("reference", "function", entry.name, "fuzzy", promoted(close.score), via=close.choice))
    key = sound_key(split_sound_index(lower)[0])
    if sounds and key and not key.startswith("_"):
        for close in closest(key, tables.prose_sounds, cutoff=MISSPELT_RATIO, limit=8):
            if not close.choice.startswith(key):
                kind: Kind = "sound" if close.choice in index.sounds.entries else "bank"
                hits.append(Hit("sounds", kind, close.choice, "fuzzy", promoted(close.score)))
    return hits


def known_word(index: StrudelIndex, word: str) -> bool:
    """``word`` is a plain word of the docs, of the sounds or of the glossary (not a name's misspelling)."""
    stems = tokenize(word)
    glossary = load_glossary().stems
    return (
        word.isalpha()
        and (word.islower() or word.istitle())
        and bool(stems)
        and all(t in index.reference.text.own or t in index.sounds.text.own or t in glossary for t in stems)
    )


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
        replace(
            h,
            score=h.score
            - TEXT_ORDER_PENALTY * (1.0 - relevance.get(h.name, 0.0) / top)
            - RARITY_PENALTY * (1.0 - rarity(h) / most),
        )
        for h in hits
    ]
    return sorted(rescored, key=_order)


_EVIDENCE = {"exact": 3.0, "synonym": 3.0, "prefix": 2.0, "fuzzy": 1.5}


NAMED_CLUE, DESCRIBED_CLUE = 0.1, 0.05  # what a name typed, or a glossary word, adds to a domain's evidence


def _evidence(hits: Sequence[Hit], sentence: bool, clue: float, answered: dict[tuple[str, str], float]) -> float:
    if not hits:
        return -1.0
    if sentence:  # the share of the words answered: by the docs' text and phrases, or by a misspelt name
        return (
            max(
                (max(h.coverage, answered.get((h.kind, h.name), 0.0)) for h in hits if h.match in ("text", "fuzzy")),
                default=0.0,
            )
            + clue
        )
    top = hits[0]
    return _EVIDENCE.get(top.match, 0.9 * top.coverage)


def choose_domain(ranking: Ranking, *, hint: Domain = "auto") -> Domain | None:
    """``reference``, ``sounds``, ``auto`` (both, grouped) or None when nothing matched.

    Both domains having an exact name ("sine") is a real ambiguity: grouped. Otherwise
    the domain with more evidence wins; words like "sound" or "function" tip the scale.
    """
    if not ranking.reference and not ranking.sounds:
        return None
    if not ranking.sentence and ranking.strong("reference") and ranking.strong("sounds"):
        return "reference" if hint == "reference" else "sounds" if hint == "sounds" else "auto"
    ref_clue = NAMED_CLUE if "reference" in ranking.named else DESCRIBED_CLUE if ranking.described else 0.0
    ref = _evidence(ranking.reference, ranking.sentence, ref_clue, ranking.answered)
    snd = _evidence(
        ranking.sounds, ranking.sentence, NAMED_CLUE if "sounds" in ranking.named else 0.0, ranking.answered
    )
    bonus = 0.15 if ranking.sentence else 0.6  # in a sentence, "sample" is weak evidence
    if hint == "reference" and ranking.reference:
        ref += bonus
    if (hint == "sounds" or ranking.names_a_sound) and ranking.sounds:
        snd += bonus
    return "reference" if ref >= snd else "sounds"
