"""Text relevance: how well the snapshot's own docs (and sound names) answer a description.

BM25F over names, synonyms, descriptions, params and tags (``data/textindex.py``), scaled by
how much of the query a doc covers. ``ranking.py`` places these scores below name matches.
"""

from __future__ import annotations

import bisect
import functools
import heapq
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter

from ..data.index import StrudelIndex
from ..data.sounds import BANK_DOC
from ..data.textindex import WORD_RE, TextIndex, segment, split_identifier, tokenize, word_stems
from .glossary import EXPANSION_WEIGHT, expand
from .intent import STOPWORDS
from .tables import prefixed_by, tables_for

__all__ = ["TEXT_CANDIDATES", "text_reference", "text_sounds", "word_importance"]

TEXT_CANDIDATES = 60  # text hits kept per domain (more than any answer shows)
MEANING_CANDIDATES = 25  # docs kept per glossary meaning


Slot = list[tuple[str, float]]  # one query word: alternative terms with their weights


@dataclass(slots=True)
class _Group:
    """Query words read together: their own slots, and what the glossary says they mean.

    (Not ``frozen``: a frozen dataclass takes three times as long to build, and a long
    question builds one per word, for each domain.)
    """

    literal: list[Slot]
    meaning: list[Slot]  # the glossary's docs words, one slot each (empty: no glossary entry)


# How much a query word counts towards a doc's coverage: by its rarity in the docs (idf), so
# a doc that holds "fade" answers more of "slow fade-in at the start of each note" than one
# holding "each" and "note". A word the docs use in a tenth of their entries counts
# IMPORTANCE_FLOOR, one they use in a handful counts fully.
IMPORTANCE_FULL_IDF = 4.0
IMPORTANCE_FLOOR = 0.3


def _importance(text: TextIndex, slot: Slot) -> float:
    if len(slot) == 1:  # one term (most words): what the general reading below gives, without its generators
        term, weight = slot[0]
        if term.isdigit():
            return IMPORTANCE_FLOOR
        idf = text.idf.get(term, 0.0) if weight >= 1.0 else 0.0
        return min(1.0, max(IMPORTANCE_FLOOR, idf / IMPORTANCE_FULL_IDF)) if idf else 1.0
    return _importance_of_alternatives(text, slot)


def _term_importance(text: TextIndex, term: str) -> float:
    """``_importance`` of one term at full weight, without building its slot."""
    if term.isdigit():
        return IMPORTANCE_FLOOR
    idf = text.idf.get(term, 0.0)
    return min(1.0, max(IMPORTANCE_FLOOR, idf / IMPORTANCE_FULL_IDF)) if idf else 1.0


def _importance_of_alternatives(text: TextIndex, slot: Slot) -> float:
    """``_importance`` of any slot: the rarest of its full-weight terms decides."""
    if all(t.isdigit() for t, _ in slot):
        return IMPORTANCE_FLOOR  # "16 little bits", "up 2 steps": the amount, not the topic
    idf = max((text.idf.get(t, 0.0) for t, w in slot if w >= 1.0), default=0.0)
    if not idf:
        return 1.0  # a word the docs lack: it answers nothing here, and costs every doc alike
    return min(1.0, max(IMPORTANCE_FLOOR, idf / IMPORTANCE_FULL_IDF))


def word_importance(text: TextIndex, word: str) -> float:
    """How much ``word`` counts towards a doc's coverage of a question (by its rarity in ``text``)."""
    stems = word_stems(word)
    if len(stems) == 1:
        return _term_importance(text, stems[0])
    return _importance(text, [(t, 1.0) for t in stems]) if stems else 0.0


def _word_slot(index: StrudelIndex, word: str) -> Slot:
    """A word's stems, plus names it starts with when the docs lack the word.

    "arpeggiate" is in no description, but starts with the function name ``arp``; a word
    that is itself a sound's name ("vibraphone") is that sound, not a longer ``vib``.
    """
    return _slot_of(index, word, tokenize(word))


def _slot_of(index: StrudelIndex, word: str, stems: Sequence[str]) -> Slot:
    """``_word_slot`` of a word whose stems are known."""
    slot = [(t, 1.0) for t in stems]
    lower = word.lower()
    if len(lower) < 5 or not stems or not index.reference.text.own.isdisjoint(stems):
        return slot  # (most words: the docs hold them)
    sounds = index.sounds
    if lower not in sounds.entries and lower not in sounds.banks:
        tables = tables_for(index)
        for i in prefixed_by(tables.ref_lower, lower):
            slot += [(t, 0.7) for t in tokenize(tables.ref_names[i])]
    return slot


def _groups(slots: list[Slot], keys: list[str], *, sounds: bool = False) -> list[_Group]:
    """Group the slots of a query by the glossary phrases their ``keys`` (stems) spell."""
    groups: list[_Group] = []
    i = 0
    for found in expand(keys, sounds=sounds):
        groups += [_Group([slot], []) for slot in slots[i : found.start]]
        groups.append(_Group(slots[found.start : found.end], [[(t, EXPANSION_WEIGHT)] for t in found.targets]))
        i = found.end
    groups += [_Group([slot], []) for slot in slots[i:]]
    return groups


@functools.lru_cache(maxsize=1024)
def _meaning_scores(text: TextIndex, targets: tuple[str, ...]) -> tuple[dict[str, tuple[float, float]], float]:
    """A glossary meaning's scores over a text index, and the best of them (the doc that
    holds the meaning best answers it fully, the others in proportion).

    Memoised: an index never changes once built, and the glossary has few meanings, so
    this holds at most a few hundred entries.
    """
    scores = text.score_slots([[(t, EXPANSION_WEIGHT)] for t in targets])
    best = max((v[0] for v in scores.values()), default=0.0) or 1.0
    # the docs holding a meaning weakly ("filter" alone, of "low pass filter cutoff") cannot
    # rank anyway: keeping the best few keeps long questions fast
    kept = heapq.nlargest(MEANING_CANDIDATES, scores.items(), key=lambda kv: kv[1][0])
    return dict(kept), best


def _score_groups(text: TextIndex, groups: list[_Group]) -> tuple[dict[str, list[float]], float]:
    """``({doc: [score, words answered]}, words)`` for grouped slots.

    A group's words are answered by the words themselves or, at a lower weight, by what the
    glossary says they mean: a doc gets the better of the two, and for the meaning the
    share of its docs words it holds (all of "low pass filter cutoff" beats "filter").
    """
    plain = [slot for g in groups if not g.meaning for slot in g.literal]
    weights = [_importance(text, slot) for slot in plain]
    words = sum(weights) + sum(len(g.literal) for g in groups if g.meaning)
    # the words without a glossary meaning score in one pass, as they always did
    totals: dict[str, list[float]] = {}
    text.accumulate(totals, plain, weights)
    for group in groups:
        if not group.meaning:
            continue
        size, targets = len(group.literal), len(group.meaning)
        literal: dict[str, list[float]] = {}
        text.accumulate(literal, group.literal)
        meaning, best_meaning = _meaning_scores(text, tuple(t for slot in group.meaning for t, _ in slot))
        scale = size / targets
        # the docs holding the meaning: the better of the two readings (inlined: the hot loop)
        for doc, (mean_score, _mean_matched) in meaning.items():
            score, answered = literal.pop(doc, (0.0, 0.0))
            mean_answered = size * mean_score / best_meaning
            mean_score *= scale
            if mean_answered > answered or (mean_answered == answered and mean_score > score):
                score, answered = mean_score, mean_answered
            acc = totals.get(doc)
            if acc is None:
                totals[doc] = [score, answered]
            else:
                acc[0] += score
                acc[1] += answered
        # the others hold the words only
        for doc, pair in literal.items():
            acc = totals.get(doc)
            if acc is None:
                totals[doc] = pair
            else:
                acc[0] += pair[0]
                acc[1] += pair[1]
    return totals, words


def _some_doc_holds_each(text: TextIndex, slots: list[Slot]) -> bool:
    """Some document holds every slot (one of its terms, in any field)."""
    common: frozenset[str] | None = None
    for slot in sorted(slots, key=len):
        held = text.holders(slot[0][0]) if len(slot) == 1 else frozenset().union(*(text.holders(t) for t, _ in slot))
        common = held if common is None else common & held
        if not common:
            return False
    return True


def text_reference(
    index: StrudelIndex, words: Iterable[str], *, whole: bool = False, prose: Collection[str] = ()
) -> list[tuple[str, float, float]]:
    """``[(name, relevance, coverage)]`` for a concept query, best first.

    Relevance is BM25F over names, synonyms, descriptions, params and tags, scaled by
    how many of the query's words a doc covers and a small prior for how often other
    entries point to it ("see also room"). Everyday words count through the glossary.
    ``whole``: only docs covering every word are wanted, so a word no doc holds (and no
    glossary meaning answers) means ``[]`` at once, and so does a scoring no doc covers whole.
    """
    words = list(words)  # (read twice: the slots, then the word pairs)
    slots: list[Slot] = []
    keys: list[str] = []
    for word in words:
        stems = word_stems(word)
        slot = _slot_of(index, word, stems)
        if slot:
            slots.append(slot)
            keys.append(" ".join(stems))
    if not slots:
        return []
    ref = index.reference
    groups = _groups(slots, keys)
    if whole and not _some_doc_holds_each(ref.text, [g.literal[0] for g in groups if not g.meaning]):
        return []  # (a doc lacking a word without a glossary meaning cannot cover the whole)
    scored, n = _score_groups(ref.text, groups)
    if whole and not any(matched / n >= 1.0 for _bm25, matched in scored.values()):
        return []  # no doc covers every word: what the rows below would show, without building them
    if prose:
        _unnamed(index, scored, [g.literal[0] for g in groups if not g.meaning], prose)
    priors = ref.priors
    shares: dict[float, tuple[float, float]] = {}  # matched -> (coverage, coverage ** 1.5): docs share a few values
    rows = []
    for name, (bm25, matched) in scored.items():
        share = shares.get(matched)
        if share is None:
            c = matched / n
            share = shares[matched] = (c, c**1.5)
        rows.append((name, bm25 * share[1] * priors[name], share[0]))
    rows = _best(rows)
    spelled = _spelling_names(index, {t for slot in slots for t, w in slot if w >= 1.0})
    if spelled:
        rows = [(name, rel * NAME_PARTS_BOOST if name in spelled else rel, cov) for name, rel, cov in rows]
        _by_relevance(rows)
    # (the entries' pairs, when a question built them already: no other pair raises an entry)
    pairs = _query_pairs(ref.text, words, index.derived.get(("relevance", "pair_entries")))
    if pairs:
        rows = _with_pair_evidence(index, rows, pairs)
    # ties go to the alphabetically first name
    return _favour_roots(rows)


# A name made of words ("tremoloshape", "fmrelease", "delayfeedback") whose words all stand in
# the question, in any order ("the shape of the tremolo", "release time of the fm envelope"):
# the question spells that name out, as the docs' own names say what they set.
NAME_PARTS_BOOST = 1.5


def _name_parts(index: StrudelIndex) -> tuple[dict[str, frozenset[str]], dict[str, list[str]]]:
    """Each entry of two or more words: the stems of its words (camelCase split, or a
    run-together name split by the docs' vocabulary), and the entries by each of their
    words' stems; built once per index."""

    def build() -> tuple[dict[str, frozenset[str]], dict[str, list[str]]]:
        entries = index.reference.entries
        prose = {w.lower() for e in entries for w in WORD_RE.findall(e.description) if len(w) >= 3}
        names = {n.lower() for e in entries for n in (e.name, *e.synonyms) if len(n) >= 2}
        vocabulary = frozenset(prose | names)
        out: dict[str, frozenset[str]] = {}
        for e in entries:
            parts = split_identifier(e.name)
            if len(parts) == 1 and e.name.lower() not in prose - names:
                parts = segment(e.name.lower(), vocabulary)
            stems = frozenset(t for p in parts for t in tokenize(p))
            if len(stems) >= 2:
                out[e.name] = stems
        by_stem: dict[str, list[str]] = {}
        for name, stems in out.items():
            for t in stems:
                by_stem.setdefault(t, []).append(name)
        return out, by_stem

    return index.derived.get_or_build(("relevance", "name_parts"), build)


def _spelling_names(index: StrudelIndex, stems: set[str]) -> frozenset[str]:
    """The entries whose name's words the question's stems all hold."""
    if len(stems) < 2:
        return frozenset()
    parts, by_stem = _name_parts(index)
    candidates = {name for t in stems for name in by_stem.get(t, ())}
    return frozenset(name for name in candidates if parts[name] <= stems)


# Phrase evidence: two words of the question that stand together in an entry's description
# or params too ("waveshaping distortion", "edo scale", "start later") say more than the same
# words found apart. A pair counts by its words' importances multiplied, and only when both
# are somewhat rare (PAIR_LEAST); an entry's relevance grows by PAIR_BOOST per pair it holds,
# at most PAIR_MOST pairs.
PAIR_BOOST = 0.4
PAIR_MOST = 3
PAIR_LEAST = 0.5  # a pair with a word the docs use everywhere ("between", "pattern") says nothing


def _content_stems(text: str) -> list[str]:
    """The stems of ``text``'s words that are no question filler, in order."""
    return [t for w in WORD_RE.findall(text) if w.lower() not in STOPWORDS for t in word_stems(w)]


def _query_pairs(
    text: TextIndex, words: Iterable[str], held: Collection[tuple[str, str]] | None = None
) -> dict[tuple[str, str], float]:
    """Neighbouring content words of the question, as stem pairs, with their importance (only
    those of ``held``, the pairs some entry holds, when given)."""
    stems = _content_stems(" ".join(words))
    if len(stems) < 2:
        return {}
    idf = text.idf
    pairs: dict[tuple[str, str], float] = {}
    for a, b in zip(stems, stems[1:], strict=False):
        if a == b or a not in idf or b not in idf or (held is not None and (a, b) not in held):
            continue  # (a word the docs lack weighs 0 here)
        first, second = _term_importance(text, a), _term_importance(text, b)
        if min(first, second) >= PAIR_LEAST:
            pairs[(a, b)] = first * second
    return pairs


def _pair_entries(index: StrudelIndex) -> dict[tuple[str, str], frozenset[str]]:
    """The entries holding each pair of neighbouring content stems in their description or
    params (built once per index)."""

    def build() -> dict[tuple[str, str], frozenset[str]]:
        found: dict[tuple[str, str], set[str]] = {}
        for e in index.reference.entries:
            for passage in (e.description, *(str(p.get("description") or "") for p in e.params)):
                stems = _content_stems(passage)
                for pair in zip(stems, stems[1:], strict=False):
                    found.setdefault(pair, set()).add(e.name)
        return {pair: frozenset(names) for pair, names in found.items()}

    return index.derived.get_or_build(("relevance", "pair_entries"), build)


def _with_pair_evidence(
    index: StrudelIndex, rows: list[tuple[str, float, float]], pairs: dict[tuple[str, str], float]
) -> list[tuple[str, float, float]]:
    """``rows`` with each entry's relevance raised by the question's word pairs its docs hold."""
    holders = _pair_entries(index)
    held: dict[str, list[float]] = {}
    for pair, weight in pairs.items():
        for name in holders.get(pair, ()):
            held.setdefault(name, []).append(weight)
    if not held:
        return rows
    out = []
    for name, rel, cov in rows:
        weights = held.get(name)
        if weights:
            rel *= 1.0 + PAIR_BOOST * sum(sorted(weights, reverse=True)[:PAIR_MOST])
        out.append((name, rel, cov))
    _by_relevance(out)
    return out


#: What a function's own name weighs in its text when a question uses the name as an everyday
#: word ("takes", "each", "per"): a plain word of the sentence, not the name asked for.
PROSE_NAME_SHARE = 0.0


def _word_names(index: StrudelIndex) -> dict[str, tuple[str, ...]]:
    """The entries named by one lower-case word, by its stem: ``{"take": ("take",), "each": ("each",)}``."""

    def build() -> dict[str, tuple[str, ...]]:
        names: dict[str, list[str]] = {}
        for entry in index.reference.entries:
            if entry.name.isalpha() and entry.name.islower():
                for stem in tokenize(entry.name):
                    names.setdefault(stem, []).append(entry.name)
        return {k: tuple(v) for k, v in names.items()}

    return index.derived.get_or_build(("relevance", "word_names"), build)


def _unnamed(index: StrudelIndex, scored: dict[str, list[float]], slots: list[Slot], prose: Collection[str]) -> None:
    """Entries whose one-word name is a word the question uses as English (``prose``: stems)
    lose what that word earned them through their name (``PROSE_NAME_SHARE`` of it kept)."""
    text = index.reference.text
    for slot in slots:
        if len(slot) != 1 or slot[0][0] not in prose:
            continue
        term = slot[0][0]
        for entry in _word_names(index).get(term, ()):
            acc = scored.get(entry)
            weight = text.weight(term, entry)
            if acc is None or not weight:
                continue
            acc[0] -= weight * (1.0 - PROSE_NAME_SHARE)
            acc[1] -= _importance(text, slot) * (1.0 - PROSE_NAME_SHARE)


# A sound's relevance is divided by ``1 + 0.02 * len(key)`` (the shorter name first).
def _shorter_first(index: StrudelIndex) -> dict[str, float]:
    """Each sounds document's divisor ``1 + 0.02 * len(key)``, kept per index (a long question
    reads it for a few hundred candidates)."""

    def build() -> dict[str, float]:
        keys = [*index.sounds.entries, *(BANK_DOC + bank for bank in index.sounds.banks)]
        return {key: 1 + 0.02 * len(key) for key in keys}

    return index.derived.get_or_build(("relevance", "shorter_first"), build)


def _by_relevance(rows: list[tuple[str, float, float]]) -> None:
    """Sort ``(name, relevance, coverage)`` rows in place, best first, equals by name: what
    sorting by ``(-relevance, name)`` gives, in two sorts by C-level keys (stable: the name
    decides among equals), twice as fast as building each row's key tuple."""
    rows.sort(key=_NAME)
    rows.sort(key=_RELEVANCE, reverse=True)


_NAME, _RELEVANCE = itemgetter(0), itemgetter(1)


def _best(
    rows: list[tuple[str, float, float]], order: Callable[[tuple[str, float, float]], tuple] | None = None
) -> list[tuple[str, float, float]]:
    """The TEXT_CANDIDATES ``(key, relevance, coverage)`` rows of highest relevance, in ``order``
    (default: ``_by_relevance``'s; ``rows`` is sorted and cut in place: pass a list of your own).

    Only the best few matter downstream: sorting by relevance alone (a C-level key) and
    then only the rows at or above the cut by ``order`` keeps long questions cheap.
    """
    if len(rows) > TEXT_CANDIDATES:
        rows.sort(key=itemgetter(1), reverse=True)
        cut, end = rows[TEXT_CANDIDATES - 1][1], TEXT_CANDIDATES
        while end < len(rows) and rows[end][1] == cut:  # ties at the cut are decided by ``order``
            end += 1
        del rows[end:]
    if order is None:
        _by_relevance(rows)
    else:
        rows.sort(key=order)
    return rows[:TEXT_CANDIDATES]


def _favour_roots(scored: list[tuple[str, float, float]], window: int = 12) -> list[tuple[str, float, float]]:
    """Among close hits, a name that starts several others (room: roomsize, roomfade) is their root."""
    top = scored[:window]
    lowered = sorted(name.lower() for name, _, _ in top)
    boosted = []
    for name, score, coverage in top:
        low = name.lower()
        family = 0
        if len(low) >= 3:  # the names after ``low`` in sorted order that start with it
            i = bisect.bisect_right(lowered, low)
            while i < len(lowered) and lowered[i].startswith(low):
                family += 1
                i += 1
        boosted.append((name, score * (1.0 + 0.1 * min(family, 3)), coverage))
    _by_relevance(boosted)
    return boosted + scored[window:]


def text_sounds(
    index: StrudelIndex, words: Sequence[str], *, phrase: Sequence[str] = ()
) -> list[tuple[str, float, float]]:
    """``[(key, relevance, coverage)]`` by the words of sounds (``acoustic guitar``, ``kick``).

    Neighbours in ``phrase`` (default: ``words``) that run together into a phrase of some
    sound ("electric piano") count as one more word. Keys of bank documents start with ``bank:``.
    """
    terms = list(dict.fromkeys(t for w in words for t in word_stems(w)))
    if not terms:
        return []
    text = index.sounds.text
    groups = _groups([[(t, 1.0)] for t in terms], terms, sounds=True)
    # neighbouring words as one phrase ("electric piano"), where some sound has that phrase
    raw = [w.lower() for word in (phrase or words) for w in WORD_RE.findall(word)]
    # (run together, then stemmed as the sounds' phrases were: "steel drums" -> steeldrum)
    held = text.idf  # (its terms, as a dict)
    pairs = [p for a, b in zip(raw, raw[1:], strict=False) for p in word_stems(a + b) if p in held and p not in terms]
    groups += [_Group([[(pair, 1.0)]], []) for pair in dict.fromkeys(pairs)]
    scored, n = _score_groups(text, groups)
    shares: dict[float, tuple[float, float]] = {}  # as in ``text_reference``
    shorter = _shorter_first(index)
    out = []
    for k, (s, m) in scored.items():
        share = shares.get(m)
        if share is None:
            c = m / n
            share = shares[m] = (c, c**1.5)
        out.append((k, s * share[1] / shorter[k], share[0]))
    return _best(out, lambda x: (-x[1], len(x[0]), x[0]))
