"""The Question being answered: the response shapes, and an explicit mode reshaping the natural one."""

from __future__ import annotations

import dataclasses

import pytest

from strudel_jupyter.lookup.answers.question import SOURCES, Question, failure
from strudel_jupyter.lookup.ranking import rank_reference


def ask(index, *, mode="auto", limit=None) -> Question:
    return Question(index, "fast", "auto", mode, limit)


def test_the_request_part_is_read_only(shared_index):
    with pytest.raises(dataclasses.FrozenInstanceError):
        ask(shared_index).mode = "list"  # type: ignore[misc]


def test_a_success_cites_the_sources_its_items_come_from(shared_index):
    question = ask(shared_index)
    items = question.items(rank_reference(shared_index, "fast"), examples=2)
    response = question.success("reference", "detail", "answer", items, total=1)
    assert (response["ok"], response["mode"], response["sources"], response["total"]) == (
        True,
        "detail",
        ["doc.json", "learn/time-modifiers.mdx#fast", "https://strudel.cc/learn/time-modifiers/#fast"],
        1,
    )
    assert "groups" not in response


@pytest.mark.parametrize(("mode", "examples"), [("search", 1), ("list", 1), ("detail", 2)])
def test_an_explicit_mode_reshapes_the_natural_one(shared_index, mode, examples):
    """Given a detail answer, when the request asked for another mode, the items follow that mode."""
    question = ask(shared_index, mode=mode)
    items = question.items(rank_reference(shared_index, "density"), examples=2)
    response = question.success("reference", "detail" if mode != "detail" else "search", "answer", items)
    assert response["mode"] == mode
    assert all(len(i["examples"]) <= examples for i in response["items"])
    if mode == "detail":
        assert len(response["items"]) == 1


def test_an_item_without_examples_gets_a_note(shared_index):
    bare = next(e for e in shared_index.reference.entries if not e.examples)
    question = ask(shared_index)
    response = question.success(
        "reference", "detail", "a", question.items(rank_reference(shared_index, bare.name), examples=2)
    )
    assert f"{bare.name} has no example in the bundled snapshot." in response["notes"]


def test_a_failure_has_the_spec_shape():
    response = failure("q", "not_found", "no", ["room"], domains=("sounds",), notes=["n"])
    assert response == {
        "ok": False,
        "query": "q",
        "reason": "not_found",
        "answer": "no",
        "suggestions": ["room"],
        "items": [],
        "sources": [SOURCES["sounds"]],
        "notes": ["n"],
    }
