"""Tokenising, light stemming and a small BM25F index for concept queries.

Text relevance is computed from the snapshot's own words (names, synonyms,
descriptions, params, tags), so it follows the snapshot when Strudel changes:
there is no hand-written concept -> function table anywhere.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

__all__ = ["WORD_RE", "TextIndex", "split_identifier", "stem", "tokenize", "word_stems"]

WORD_RE = _WORD = re.compile(r"[A-Za-z]+|\d+")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_VOWELS = frozenset("aeiouy")


def split_identifier(name: str) -> list[str]:
    """``euclidLegatoRot`` -> ``[euclid, legato, rot]``; ``gm_violin`` -> ``[gm, violin]``."""
    return [p.lower() for p in _CAMEL.findall(name)]


def _undouble(word: str) -> str:
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz" and word[-1] not in _VOWELS:
        return word[:-1]
    return word


def _restore_e(base: str) -> str:
    """What -ing / -ed was added to: "running" -> run, "timing" -> time, "making" -> make.

    A short stem ending consonant-vowel-consonant lost its final e (Porter's rule), so
    "timing" meets "time" and "fading" meets "fade".
    """
    undoubled = _undouble(base)
    if undoubled != base:
        return undoubled
    if len(base) >= 3 and base[-1] not in "aeiouwxy" and base[-2] in "aeiou" and base[-3] not in _VOWELS:
        vowels_then_consonant = sum(
            1 for a, b in zip(base, base[1:], strict=False) if a in _VOWELS and b not in _VOWELS
        )
        if vowels_then_consonant == 1:
            return base + "e"
    return base


_BRITISH = (("isation", "ization"), ("ising", "izing"), ("ised", "ized"), ("ises", "izes"), ("ise", "ize"))


def _american(w: str) -> str:
    """British spellings as the docs spell them: randomise -> randomize, colour -> color, centre -> center."""
    if len(w) > 5:
        for british, american in _BRITISH:
            if w.endswith(british) and not w.endswith(("wise", "rise", "cise", "oise", "vise")):
                return w[: -len(british)] + american
        if w.endswith("our") and not w.endswith(("pour", "hour", "four", "tour")):
            return w[:-3] + "or"
        if w.endswith("tre"):
            return w[:-3] + "ter"
    return w


def stem(word: str) -> str:
    """A deliberately light English stemmer: British spellings, plural, -ing, -ed, -ly, -er, final -e.

    Both the snapshot's text and queries go through it, so it only needs to be
    consistent, not linguistically exact ("randomly" ~ "random", "speeds" ~ "speed",
    "reversed" ~ "reverse").
    """
    w = word.lower()
    if len(w) <= 3 or not w.isalpha():
        return w
    w = _american(w)
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("sses"):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    if w.endswith("ing") and len(w) > 5:
        w = _restore_e(w[:-3])
    elif w.endswith("ed") and len(w) > 4:
        w = _restore_e(w[:-2])
    elif w.endswith("ly") and len(w) > 4:
        w = w[:-2]
    if w.endswith("er") and len(w) > 5:
        w = _undouble(w[:-2])
    if w.endswith("e") and len(w) > 4:
        w = w[:-1]
    return w


def segment(word: str, vocabulary: frozenset[str] | set[str], *, shortest: int = 2) -> list[str]:
    """Split a run-together lower-case name into known words: ``setcpm`` -> ``[set, cpm]``.

    Fewest parts wins (the whole word itself is not a part); returns ``[]`` when ``word``
    cannot be covered by two or more vocabulary words of at least ``shortest`` letters.
    """
    n = len(word)
    best: list[list[str] | None] = [None] * (n + 1)
    best[0] = []
    for end in range(shortest, n + 1):
        for start in range(0, end - shortest + 1):
            head = best[start]
            part = word[start:end]
            if head is None or (start == 0 and end == n) or part not in vocabulary:
                continue
            current = best[end]
            if current is None or len(head) + 1 < len(current):
                best[end] = [*head, part]
    parts = best[n]
    return parts if parts is not None and len(parts) >= 2 else []


def _stems_of(raw: str) -> tuple[str, ...]:
    parts = split_identifier(raw) if not raw.islower() else [raw]
    return tuple(stem(p) for p in parts)


# A bounded memo of a pure function (queries must not grow it without limit), for words of
# a word's length: a run of letters thousands long (pasted or hostile text) is stemmed but
# never kept, so the memo stays a few MB. An index's derived data lives in data/derived.py.
_MEMO_WORD_CHARS = 40
_MEMO_WORDS = 50_000
_word_stems = functools.lru_cache(maxsize=_MEMO_WORDS)(_stems_of)
# One plain word's stems (most calls, hundreds per long question): a dict read costs half
# the checks and the lru's call; bounded as the lru is (emptied when full).
_plain_words: dict[str, tuple[str, ...]] = {}


def tokenize(text: str) -> list[str]:
    """Lower-cased stems of the words in ``text``; camelCase and snake_case are split."""
    stems = _plain_words.get(text)
    if stems is not None:
        return list(stems)
    if text.isascii() and text.isalpha() and len(text) <= _MEMO_WORD_CHARS:
        stems = _stems_of(text)  # one plain word: what the loop below gives
        if len(_plain_words) >= _MEMO_WORDS:
            _plain_words.clear()
        _plain_words[text] = stems
        return list(stems)
    out: list[str] = []
    for raw in _WORD.findall(text):
        out.extend(_word_stems(raw) if len(raw) <= _MEMO_WORD_CHARS else _stems_of(raw))
    return out


def word_stems(text: str) -> tuple[str, ...]:
    """``tokenize(text)`` as a tuple, not copied for each caller: for callers that only read the
    stems (a long question asks for its words' stems a few hundred times)."""
    stems = _plain_words.get(text)
    return stems if stems is not None else tuple(tokenize(text))


class TextIndex:
    """BM25F over weighted fields of a fixed set of documents (keys are document ids).

    ``fields`` per document: ``{field_name: text}``; ``weights``: ``{field_name: weight}``.
    ``apart``: fields of words said *about* a document rather than by it (the phrasebook's):
    they score like the others, but their words are not :attr:`own`, and a query word a
    document holds only there counts ``apart_match`` of a word towards what it covers.
    """

    def __init__(
        self,
        documents: Mapping[str, Mapping[str, str | Sequence[str]]],
        weights: Mapping[str, float],
        *,
        k1: float = 1.2,
        b: float = 0.75,
        apart: Collection[str] = (),
        apart_match: float = 1.0,
    ) -> None:
        self.k1, self.b, self.apart_match = k1, b, apart_match
        tfs: dict[str, dict[str, float]] = {}
        lengths: dict[str, float] = {}
        own: set[str] = set()
        said: dict[str, set[str]] = {}  # per document, what only its apart fields hold
        for key, fields in documents.items():
            tf: dict[str, float] = {}
            get = tf.get
            length = 0.0
            mine: set[str] = set()
            aside: set[str] = set()
            for field_name, text in fields.items():
                weight = weights.get(field_name, 1.0)
                if not weight or not text:
                    continue
                tokens = tokenize(text if isinstance(text, str) else " ".join(text))
                for token in tokens:
                    tf[token] = get(token, 0.0) + weight
                length += weight * len(tokens)
                (aside if field_name in apart else mine).update(tokens)
            own |= mine
            if aside and apart_match != 1.0:
                said[key] = aside - mine
            tfs[key] = tf
            lengths[key] = length
        n = max(len(tfs), 1)
        avg = sum(lengths.values()) / n or 1.0
        df = Counter(token for tf in tfs.values() for token in tf)
        idf = self.idf = {t: math.log(1.0 + (n - c + 0.5) / (c + 0.5)) for t, c in df.items()}
        postings: dict[str, list[tuple[str, float]]] = {t: [] for t in df}
        # the documents holding a term only in an apart field (kept apart when it counts less)
        aside_postings: dict[str, list[tuple[str, float]]] = {}
        k1_plus = k1 + 1.0
        nothing: frozenset[str] = frozenset()
        for key, tf in tfs.items():
            norm = k1 * (1.0 - b + b * lengths[key] / avg)
            only_said = said.get(key, nothing)
            for token, f in tf.items():
                posting = (key, idf[token] * f * k1_plus / (f + norm))
                if token in only_said:
                    aside_postings.setdefault(token, []).append(posting)
                else:
                    postings[token].append(posting)
        self._postings = postings
        self._aside = aside_postings
        self._holders: dict[str, frozenset[str]] = {}
        self.size = len(tfs)
        #: the terms the documents' own fields hold (not only an ``apart`` field)
        self.own: frozenset[str] = frozenset(own)

    # ------------------------------------------------------------- plain data
    def to_plain(self) -> tuple[Any, ...]:
        """What the index is, as plain data (``data/index_cache.py`` keeps it between processes)."""
        return (self.k1, self.b, self.size, self.idf, self._postings, self._aside, self.apart_match, self.own)

    @classmethod
    def from_plain(cls, plain: Sequence[object]) -> TextIndex:
        """The index :meth:`to_plain` gave, without tokenising anything again."""
        k1, b, size, idf, postings, aside, apart_match, own = plain
        if not (
            isinstance(idf, dict)
            and isinstance(postings, dict)
            and isinstance(aside, dict)
            and isinstance(size, int)
            and isinstance(own, frozenset)
        ):
            raise TypeError("not a text index's plain data")
        index = cls.__new__(cls)
        index.k1, index.b, index.apart_match = float(k1), float(b), float(apart_match)  # type: ignore[arg-type]
        index.size, index.idf, index._postings, index._aside, index.own = size, idf, postings, aside, own
        index._holders = {}
        return index

    def weight(self, term: str, key: str) -> float:
        """What ``term`` earns document ``key`` (0 when the document lacks it)."""
        return next((w for k, w in self._postings.get(term, ()) if k == key), 0.0)

    def terms_by_document(self) -> dict[str, frozenset[str]]:
        """Each document's terms in its own fields (not those only an ``apart`` field holds)."""
        found: dict[str, set[str]] = {}
        for term, posting in self._postings.items():
            for key, _weight in posting:
                found.setdefault(key, set()).add(term)
        return {key: frozenset(terms) for key, terms in found.items()}

    def holders(self, term: str) -> frozenset[str]:
        """The documents holding ``term`` in any field (an ``apart`` one too); kept per term
        (the index's own terms only, so at most its vocabulary)."""
        found = self._holders.get(term)
        if found is None:
            found = frozenset(k for k, _w in (*self._postings.get(term, ()), *self._aside.get(term, ())))
            if term in self._postings or term in self._aside:
                self._holders[term] = found
        return found

    def most_held(self, terms: Iterable[str]) -> int:
        """The most of ``terms`` (each counted once) one document holds, in any field: counted at
        C speed, at least the words :meth:`score_slots` counts any document as matching (one-term
        slots at importance 1), and exactly that for an index with no ``apart`` fields."""
        held: Counter[str] = Counter()
        for term in dict.fromkeys(terms):
            held.update(self.holders(term))
        return max(held.values(), default=0)

    def __contains__(self, token: str) -> bool:
        return token in self._postings  # (the same terms as ``idf``'s: a hot loop reads that dict)

    def score(self, terms: Iterable[str]) -> dict[str, tuple[float, float]]:
        """``{doc: (bm25f score, number of distinct query terms matched)}``."""
        return self.score_slots([[(t, 1.0)] for t in dict.fromkeys(terms)])

    def score_slots(
        self, slots: Sequence[Sequence[tuple[str, float]]], importance: Sequence[float] = ()
    ) -> dict[str, tuple[float, float]]:
        """Score query *slots*: each slot is one query word with weighted alternative terms.

        A document earns, per slot, its best alternative; ``matched`` counts slots (each
        counting its ``importance``, 1 by default), so an alternative spelling never inflates coverage.
        """
        totals: dict[str, list[float]] = {}
        self.accumulate(totals, slots, importance)
        return {k: (v[0], v[1]) for k, v in totals.items()}

    def accumulate(
        self,
        totals: dict[str, list[float]],
        slots: Sequence[Sequence[tuple[str, float]]],
        importance: Sequence[float] = (),
    ) -> None:
        """:meth:`score_slots` adding into ``totals`` (``{doc: [score, matched]}``) in place.

        The hot loop of every text query: callers that sum several scorings skip building
        and copying a dict for each.
        """
        postings, aside = self._postings, self._aside
        get = totals.get
        for n, slot in enumerate(slots):
            counts = importance[n] if n < len(importance) else 1.0
            if len(slot) == 1 and slot[0][1] == 1.0:  # one term at full weight (most words)
                items: Iterable[tuple[str, float]] = postings.get(slot[0][0], ())
            elif len(slot) == 1:
                term, weight = slot[0]
                items = [(key, w * weight) for key, w in postings.get(term, ())]
            else:  # alternatives: a document earns its best one
                items = _best_alternative(postings, slot).items()
            for key, w in items:
                acc = get(key)
                if acc is None:
                    totals[key] = [w, counts]
                else:
                    acc[0] += w
                    acc[1] += counts
            if aside:
                for term, _weight in slot:
                    if term in aside:  # (a slot none of whose terms is apart adds nothing there)
                        self._accumulate_aside(totals, slot, counts)
                        break

    def _accumulate_aside(
        self, totals: dict[str, list[float]], slot: Sequence[tuple[str, float]], counts: float
    ) -> None:
        """A slot's documents that hold it only in an apart field: its full score, part of a word."""
        own = _best_alternative(self._postings, slot) if len(slot) > 1 else {}
        part = counts * self.apart_match
        for key, w in _best_alternative(self._aside, slot).items():
            acc = totals.get(key)
            if key in own:  # answered by its own words already: the better score only
                if acc is not None and w > own[key]:
                    acc[0] += w - own[key]
            elif acc is None:
                totals[key] = [w, part]
            else:
                acc[0] += w
                acc[1] += part


def _best_alternative(
    postings: Mapping[str, list[tuple[str, float]]], slot: Sequence[tuple[str, float]]
) -> dict[str, float]:
    """Per document, its best weighted alternative of a slot."""
    best: dict[str, float] = {}
    for term, weight in slot:
        for key, w in postings.get(term, ()):
            w *= weight
            if w > best.get(key, 0.0):
                best[key] = w
    return best
