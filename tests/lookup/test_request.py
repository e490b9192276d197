"""Reading a request (coerce_request): whatever is sent becomes a KnowledgeRequest or a QueryError.

Given strings, objects and JSON strings, when they are read, then the valid fields are used,
bad fields become notes, limits are capped, and input that cannot be answered is a clear error.
"""

from __future__ import annotations

import pytest

from strudel_jupyter.lookup.request import KnowledgeRequest, QueryError, coerce_request
from strudel_jupyter.vocabulary import MAX_LIMIT, MAX_QUERY_CHARS


def read(query, **options) -> tuple[str, str, str, int | None]:
    request = coerce_request(query, **options)
    assert isinstance(request, KnowledgeRequest)
    return request.q, request.domain, request.mode, request.limit


# ------------------------------------------------------------------ good input
@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # strings: whitespace folded, width-variant letters normalised, prefixes left for the intent reader
        ("room", ("room", "auto", "auto", None)),
        ("  what  does\n room do ", ("what does room do", "auto", "auto", None)),
        ("ｒｏｏｍ", ("room", "auto", "auto", None)),
        ("symbol:fast", ("symbol:fast", "auto", "auto", None)),
        ("~", ("~", "auto", "auto", None)),  # mini-notation silence is something to ask about
        # objects
        ({"q": "room"}, ("room", "auto", "auto", None)),
        ({"q": "room", "domain": "sounds", "mode": "list", "limit": 3}, ("room", "sounds", "list", 3)),
        ({"q": "room", "domain": " Sounds ", "mode": "DETAIL"}, ("room", "sounds", "detail", None)),
        ({"q": "room", "limit": 2.0}, ("room", "auto", "auto", 2)),
        ({"q": "room", "limit": MAX_LIMIT}, ("room", "auto", "auto", MAX_LIMIT)),
        # the object as a JSON string
        ('{"q": "room", "domain": "sounds", "mode": "detail", "limit": 3}', ("room", "sounds", "detail", 3)),
        ('  {"q": "lpf"}  ', ("lpf", "auto", "auto", None)),
        ('{"q": "room"', ('{"q": "room"', "auto", "auto", None)),  # not JSON: read as text
    ],
)
def test_valid_input_is_read_as_sent(query, expected):
    assert read(query) == expected


def test_keyword_options_win_over_the_objects_fields():
    assert read({"q": "room", "domain": "sounds", "limit": 3}, domain="reference", limit=9) == (
        "room",
        "reference",
        "auto",
        9,
    )


# ------------------------------------------------------------- fields and notes
@pytest.mark.parametrize(
    ("query", "expected", "note"),
    [
        ({"q": "room", "limit": 999}, ("room", "auto", "auto", MAX_LIMIT), f"limit 999 capped at {MAX_LIMIT}"),
        ({"q": "room", "limit": "7"}, ("room", "auto", "auto", 7), "read limit '7' as the number 7"),
        # digits Python refuses to convert (past 4,300) are simply too many
        ({"q": "room", "limit": "9" * 5000}, ("room", "auto", "auto", MAX_LIMIT), "limit '999"),
        ({"q": "room", "limit": 10**5000}, ("room", "auto", "auto", MAX_LIMIT), "limit <an int too large to show>"),
        ({"q": "room", "limit": 0}, ("room", "auto", "auto", None), "ignored invalid limit 0"),
        ({"q": "room", "limit": -2}, ("room", "auto", "auto", None), "ignored invalid limit -2"),
        ({"q": "room", "limit": 2.5}, ("room", "auto", "auto", None), "ignored invalid limit 2.5"),
        ({"q": "room", "limit": True}, ("room", "auto", "auto", None), "ignored invalid limit True"),
        ({"q": "room", "limit": "many"}, ("room", "auto", "auto", None), "ignored invalid limit 'many'"),
        ({"q": "room", "domain": "tabs"}, ("room", "auto", "auto", None), "ignored invalid domain 'tabs'"),
        ({"q": "room", "domain": 3}, ("room", "auto", "auto", None), "ignored invalid domain 3"),
        ({"q": "room", "mode": "fast"}, ("room", "auto", "auto", None), "ignored invalid mode 'fast'"),
        ({"q": "room", "x": 1, "y": 2}, ("room", "auto", "auto", None), "ignored unknown field(s): x, y"),
        ('{"q": "room", "limit": 2}', ("room", "auto", "auto", 2), "the query was a JSON object"),
        ("room\u200b x", ("room x", "auto", "auto", None), "control characters in the query were ignored"),
        ("room\x00", ("room", "auto", "auto", None), "control characters in the query were ignored"),
    ],
)
def test_bad_fields_become_notes_and_the_valid_ones_are_used(query, expected, note):
    request = coerce_request(query)
    assert (request.q, request.domain, request.mode, request.limit) == expected
    assert any(n.startswith(note) for n in request.notes), request.notes


def test_a_mixed_object_keeps_every_valid_field():
    """Given one bad field among good ones, only the bad one is dropped (and named in a note)."""
    request = coerce_request({"q": "room", "domain": "sounds", "mode": "sideways", "limit": 4})
    assert (request.domain, request.mode, request.limit) == ("sounds", "auto", 4)
    assert [n.split(":")[0] for n in request.notes] == ["ignored invalid mode 'sideways'"]


def test_clean_input_has_no_notes():
    assert coerce_request({"q": "room", "domain": "reference", "mode": "search", "limit": 5}).notes == []


# ------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("query", "reason"),
    [
        (None, "invalid_query"),
        (42, "invalid_query"),
        (True, "invalid_query"),
        (["room"], "invalid_query"),
        ({}, "invalid_query"),
        ({"query": "room"}, "invalid_query"),
        ({"q": 5}, "invalid_query"),
        ('{"q": 5}', "invalid_query"),
        ("", "empty_query"),
        ("   \n\t ", "empty_query"),
        ({"q": "  "}, "empty_query"),
        ("?!.,;", "empty_query"),
        ("x" * (MAX_QUERY_CHARS + 1), "query_too_long"),
        ({"q": "x" * (MAX_QUERY_CHARS + 1)}, "query_too_long"),
    ],
)
def test_unanswerable_input_is_a_query_error_with_a_reason(query, reason):
    with pytest.raises(QueryError) as error:
        coerce_request(query)
    assert error.value.reason == reason and error.value.message


def test_the_longest_allowed_query_is_read():
    assert coerce_request("x" * MAX_QUERY_CHARS).q == "x" * MAX_QUERY_CHARS
