"""Strudel's tutorial pages in answers: the passage an answer cites, and passages as evidence.

Two small, separate parts (``ranking.rank_words`` calls only :func:`with_page_evidence`, on
a description's text rows: one hook, so a new ranking model can take the evidence as it is):

* :func:`best_passage` picks, for a function, the passage of the website's pages that is
  most about it (its ``<JsDoc>`` tag, then a heading naming it, then an example calling it),
  the question's words breaking ties; :func:`cite_pages` adds it to a response's
  ``sources`` (the page path with its anchor, then its strudel.cc address) and ``pages``.
* :func:`passage_evidence` reads a description against the passages' text: the functions
  the best-matching passages document or call, each with a 0-1 strength;
  :func:`with_page_evidence` adds it to the docs' text relevance rows.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..data.pages import Passage
from ..data.textindex import tokenize

if TYPE_CHECKING:  # items.py imports the ranking, which imports this module
    from ..data.index import StrudelIndex
    from .items import KnowledgeSuccess, PageCitation

__all__ = ["best_passage", "cite_pages", "page_citation", "passage_evidence", "with_page_evidence"]

# How strongly a passage is about a function: its <JsDoc> tag documents it, its heading
# names it, or its example only calls it. Each step outweighs any text match.
_DOCUMENTS, _HEADING, _CALLS = 30.0, 20.0, 10.0
_MOST_SHARED = 9  # the question's words can lift a passage this far, less than one link step
# A passage whose example calls many functions is about none of them in particular.
_FOCUSED_CALLS = 6
# The website's sections, most reference-like first (the learn pages explain each function).
_SECTION_PRIOR = {"learn": 1.0, "workshop": 0.6, "recipes": 0.4, "understand": 0.4}
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")

#: How many of the best-matching passages lend their functions evidence.
EVIDENCE_PASSAGES = 4
#: The most a passage's evidence adds to a function's text relevance, as a share of the best one's.
PAGE_EVIDENCE = 0.5
NEW_CANDIDATE = 0.5  # a function only the pages name (none of the words in its docs): half the weight
# A function called in more than this share of all passages (s, note) is no evidence of a topic.
_COMMON_CALLS = 0.05


def _strength(passage: Passage, name: str) -> float:
    if name in passage.documents:
        return _DOCUMENTS
    if name.lower() in {w.lower() for w in _WORD.findall(passage.heading)}:
        return _HEADING
    return _CALLS if len(passage.calls) <= _FOCUSED_CALLS else _CALLS / 2


def _candidates(index: StrudelIndex, name: str) -> tuple[tuple[float, int], ...]:
    """``name``'s passages as ``(link strength + section prior, position)``, strongest first (kept per name)."""

    def build() -> tuple[tuple[float, int], ...]:
        passages = index.passages
        ranked = [
            (
                _strength(passages.passages[n], name)
                + _SECTION_PRIOR.get(passages.passages[n].page.split("/")[0], 0.0),
                n,
            )
            for n in passages.by_function.get(name, ())
        ]
        ranked.sort(key=lambda row: (-row[0], row[1]))
        return tuple(ranked)

    return index.derived.get_or_build(("pages", "candidates", name), build)


def best_passage(index: StrudelIndex, name: str, words: Sequence[str] = ()) -> Passage | None:
    """The passage most about function ``name`` (None when no page mentions it).

    Link strength first (documents > heading > example call), then how many of ``words``
    the passage's heading and prose hold (at most ``_MOST_SHARED``), then the learn pages
    before the workshop's, then page order.
    """
    candidates = _candidates(index, name)
    if not candidates:
        return None
    passages = index.passages
    terms = frozenset(tokenize(" ".join(words))) if words else frozenset()
    best, best_score = candidates[0][1], -1.0
    for static, n in candidates:
        if static + _MOST_SHARED <= best_score:
            break  # sorted: no later passage can catch up
        score = static + (min(len(terms & passages.words(n)), _MOST_SHARED) if terms else 0)
        if score > best_score:
            best, best_score = n, score
    return passages.passages[best]


def page_citation(passage: Passage, function: str) -> PageCitation:
    """How a response cites a passage for ``function``: path#anchor, address, title, heading, example."""
    citation: PageCitation = {
        "source": passage.source,
        "url": passage.url,
        "title": passage.title,
        "heading": passage.heading,
        "function": function,
    }
    example = next((e for e in passage.examples if function in passage.calls), None)
    if example:
        citation["example"] = example
    return citation


def cite_pages(index: StrudelIndex, response: KnowledgeSuccess, words: Sequence[str]) -> None:
    """Cite the tutorial passage about the response's top function, in place (nothing when none is).

    ``sources`` gains the page path with its anchor and its strudel.cc address; ``pages``
    holds the citation (title, heading, and the passage's example when it calls the
    function: a second example, kept apart from the item's, which are doc.json's own).
    """
    top = next((i for i in response["items"] if i["kind"] == "function"), None)
    if top is None or response["items"][0] is not top:
        return
    passage = best_passage(index, top["name"], words)
    if passage is None:
        return
    citation = page_citation(passage, top["name"])
    response["sources"] = [*response["sources"], citation["source"], citation["url"]]
    response["pages"] = [citation]


def passage_evidence(index: StrudelIndex, words: Sequence[str]) -> dict[str, float]:
    """Functions the passages best matching ``words`` are about, each with a 0-1 strength.

    A passage lends its documented functions full weight and the functions its example
    calls half (none when the example calls many); its share is its score against the best.
    """
    passages = index.passages
    held = passages.text.idf  # (its terms, as a dict)
    terms = list(dict.fromkeys(t for t in tokenize(" ".join(words)) if t in held))
    least = max(2, len(terms) / 2)  # one shared word is no evidence of a topic ("ear": early)
    if not terms or passages.text.most_held(terms) < least:
        return {}  # (counted before scoring: a long question's words are seldom half in one passage)
    totals: dict[str, list[float]] = {}  # ``{passage: [score, terms matched]}`` (``TextIndex.score``'s, uncopied)
    passages.text.accumulate(totals, [[(t, 1.0)] for t in terms])
    if not totals:
        return {}
    top_matched = max(matched for _score, matched in totals.values())
    if top_matched < least:
        return {}
    # only the passages matching the most terms lend evidence, the best few of them by score
    # (nsmallest is sorted()[:n], ties in the passages' order: no need to sort them all)
    best = [kv for kv in totals.items() if kv[1][1] == top_matched]
    scored = heapq.nsmallest(EVIDENCE_PASSAGES, best, key=lambda kv: -kv[1][0])
    top_score = scored[0][1][0]
    evidence: dict[str, float] = {}
    for key, (score, _matched) in scored:
        share = score / top_score if top_score else 0.0
        passage = passages.passages[int(key)]
        for name in passage.documents:
            evidence[name] = max(evidence.get(name, 0.0), share)
        if len(passage.calls) <= _FOCUSED_CALLS:
            for name in passage.calls:
                if len(passages.by_function[name]) <= len(passages) * _COMMON_CALLS:
                    evidence[name] = max(evidence.get(name, 0.0), share / 2)
    return evidence


def with_page_evidence(
    index: StrudelIndex, words: Sequence[str], scored: list[tuple[str, float, float]]
) -> list[tuple[str, float, float]]:
    """Text relevance rows ``(name, relevance, coverage)`` with the passages' evidence added.

    A function the best-matching passages are about gains up to ``PAGE_EVIDENCE`` of the
    best row's relevance; one the docs' text did not find joins as a candidate at
    ``NEW_CANDIDATE`` of that, with no coverage (it answers none of the words by its own
    docs, so it never decides the domain). Every name is a reference entry's: the pages'
    links are checked against the index when they are read.
    """
    if not scored:
        return scored
    evidence = passage_evidence(index, words)
    if not evidence:
        return scored
    top = scored[0][1]
    rows = [(name, rel + PAGE_EVIDENCE * evidence.get(name, 0.0) * top, cov) for name, rel, cov in scored]
    found = {name for name, _, _ in scored}
    # a function only the pages name joins as a candidate, answering none of the words itself
    rows += [(name, PAGE_EVIDENCE * e * top * NEW_CANDIDATE, 0.0) for name, e in evidence.items() if name not in found]
    rows.sort(key=lambda row: -row[1])  # stable: equal rows keep the docs' text order
    return rows
