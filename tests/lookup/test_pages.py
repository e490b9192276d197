"""Answers cite Strudel's own tutorial pages: the passage about the answer's top function."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.lookup.pages import PAGE_EVIDENCE, best_passage, passage_evidence, with_page_evidence


def test_what_does_delay_do_cites_the_effects_page_at_delay(shared_index):
    # Given the question of the issue
    response = strudel_knowledge("what does delay do")
    # Then doc.json comes first, then the effects page's delay section and its address
    assert response["items"][0]["name"] == "delay"
    assert response["sources"] == [
        "doc.json",
        "learn/effects.mdx#delay-1",  # the page's second "delay" heading: "## Delay" took #delay
        "https://strudel.cc/learn/effects/#delay-1",
    ]
    (page,) = response["pages"]
    assert (page["function"], page["heading"]) == ("delay", "delay")
    effects = (shared_index.snapshot.path / "pages" / "learn" / "effects.mdx").read_text()
    assert f"title: {page['title']}\n" in effects  # the page's own title, from its front matter


def test_every_documented_function_cites_a_page_that_documents_it(shared_index):
    # Given every function some page shows with a <JsDoc> tag
    documented = {name for p in shared_index.passages.passages for name in p.documents}
    assert len(documented) > 150
    for name in sorted(documented):
        response = strudel_knowledge(f"symbol:{name}")
        # Then its detail answer cites a section whose JsDoc tag documents it
        cited = response["pages"][0]
        passage = next(p for p in shared_index.passages.documenting(name) if p.source == cited["source"])
        assert name in passage.documents and cited["url"] == passage.url


def test_a_function_only_called_in_examples_cites_one_of_them_with_its_example(shared_index):
    # Given a function no page documents with a tag but whose examples call it
    passages = shared_index.passages
    called_only = sorted(n for n, ids in passages.by_function.items() if not passages.documenting(n) and len(ids) >= 1)
    assert called_only
    name = called_only[0]
    passage = best_passage(shared_index, name)
    assert passage is not None and name in passage.calls
    response = strudel_knowledge(f"symbol:{name}")
    assert response["pages"][0]["source"] == passage.source
    assert response["pages"][0]["example"] in passage.examples


def test_the_questions_words_pick_among_a_functions_passages(shared_index):
    # Given s, which a great many examples call, and words only one kind of section uses
    plain = best_passage(shared_index, "s")
    assert plain is not None and "s" in plain.documents + plain.calls
    # Then a question's words move the citation to a passage whose text holds them
    words = ["drum", "machine", "bank"]
    chosen = best_passage(shared_index, "bank", words)
    assert chosen is not None and "bank" in chosen.functions


@pytest.mark.parametrize("query", ["list synths", "is bd available", "symbol:trancegate"])
def test_answers_without_a_top_function_cite_no_page(query):
    response = strudel_knowledge(query)
    assert "pages" not in response
    assert not any(s.startswith("https://") or ".mdx" in s for s in response["sources"])


def test_passage_evidence_names_real_functions_with_a_strength(shared_index):
    # Given words a section about a function is written in
    evidence = passage_evidence(shared_index, ["random", "notes", "choose"])
    assert evidence and set(evidence) <= set(shared_index.reference.by_name)
    assert all(0.0 < v <= 1.0 for v in evidence.values())
    assert evidence["choose"] == 1.0 and "chooseCycles" in evidence
    # one word shared with a heading is no topic: "ear" (stemmed like "early") alone gives nothing
    assert passage_evidence(shared_index, ["ear"]) == {}
    assert passage_evidence(shared_index, []) == {} and passage_evidence(shared_index, ["zzqx"]) == {}


def test_page_evidence_lifts_the_functions_a_description_is_about(shared_index):
    # Given the docs' text rows for a description, with choose found last and weakly
    words = ["random", "notes", "choose"]
    scored = [("rand", 2.0, 1.0), ("irand", 1.5, 1.0), ("choose", 0.5, 0.5)]
    rows = with_page_evidence(shared_index, words, scored)
    by_name = {name: (rel, cov) for name, rel, cov in rows}
    # Then the passage about choose lifts it, and the docs' own rows keep their coverage
    assert by_name["choose"] == (0.5 + PAGE_EVIDENCE * 1.0 * 2.0, 0.5)
    assert rows == sorted(rows, key=lambda row: -row[1])
    # and a function only the pages name joins as a real candidate answering none of the words
    joined = [(name, cov) for name, _, cov in rows if name not in {"rand", "irand", "choose"}]
    assert joined and all(cov == 0.0 and name in shared_index.reference.by_name for name, cov in joined)
    # words no passage is about change nothing
    assert with_page_evidence(shared_index, ["zzqx", "qqzx"], scored) == scored


def _evidence_sorting_every_passage(index, words):
    """``passage_evidence`` read the general way: every passage scored, all of them sorted."""
    from strudel_jupyter.data.textindex import tokenize
    from strudel_jupyter.lookup.pages import _COMMON_CALLS, _FOCUSED_CALLS, EVIDENCE_PASSAGES

    passages = index.passages
    terms = list(dict.fromkeys(t for t in tokenize(" ".join(words)) if t in passages.text))
    scored = sorted(passages.text.score(terms).items(), key=lambda kv: (-kv[1][1], -kv[1][0])) if terms else []
    if not scored or scored[0][1][1] < max(2, len(terms) / 2):
        return {}
    (top_score, top_matched), evidence = scored[0][1], {}
    for key, (score, matched) in scored[:EVIDENCE_PASSAGES]:
        if matched < top_matched:
            break
        share = score / top_score if top_score else 0.0
        passage = passages.passages[int(key)]
        for name in passage.documents:
            evidence[name] = max(evidence.get(name, 0.0), share)
        if len(passage.calls) <= _FOCUSED_CALLS:
            for name in passage.calls:
                if len(passages.by_function[name]) <= len(passages) * _COMMON_CALLS:
                    evidence[name] = max(evidence.get(name, 0.0), share / 2)
    return evidence


_PAGE_WORDS = st.sampled_from(
    "delay feedback reverb room filter cutoff pattern note scale chord arp fast slow every bar cycle "
    "sample drum kick snare euclid random degrade pan gain swing shuffle mini notation".split()
)


@settings(max_examples=150, deadline=None)
@given(words=st.lists(_PAGE_WORDS, min_size=1, max_size=8))
def test_passage_evidence_is_what_sorting_every_passage_gives(shared_index, words):
    # Given a question's words, when the passages' evidence is read from the best-matched ones only
    # Then it is what scoring and sorting every passage gives, to the bit
    assert passage_evidence(shared_index, words) == _evidence_sorting_every_passage(shared_index, words)
