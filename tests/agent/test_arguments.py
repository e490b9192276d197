"""Argument errors an agent can act on: each bad field listed, the valid ones used, texts bounded."""

from __future__ import annotations

import json

import pytest
from jsonschema import validate

from strudel_jupyter import get_index
from strudel_jupyter.agent import ENVELOPE_SCHEMA, make_registry
from strudel_jupyter.agent.arguments import quote


@pytest.fixture(scope="module")
def registry(shared_snapshot_dir):
    return make_registry(index=get_index(shared_snapshot_dir))


def knowledge(registry, arguments):
    envelope = registry.execute({"name": "strudel_knowledge", "arguments": arguments})
    validate(envelope, ENVELOPE_SCHEMA)
    return envelope


def test_bad_fields_of_the_object_query_are_each_listed_and_the_rest_is_used(registry):
    # Given the object form of query with a bad domain and a bad limit
    envelope = knowledge(registry, {"query": {"q": "room", "domain": "zz", "limit": "x"}})
    # Then the call runs with the valid field
    assert envelope["success"] and envelope["result"]["items"][0]["name"] == "room"
    # and each bad field is named, not "is not valid under any of the given schemas"
    assert envelope["warnings"] == [
        "ignored invalid argument: query/domain: 'zz' is not one of ['auto', 'reference', 'sounds', None]",
        "ignored invalid argument: query/limit: 'x' is not of type 'integer', 'null'",
    ]


def test_unknown_fields_of_the_object_query_are_dropped_too(registry):
    envelope = knowledge(registry, {"query": {"q": "room", "colour": "red"}, "extra": 1})
    assert envelope["success"] and envelope["result"]["ok"]
    assert len(envelope["warnings"]) == 2
    assert all("Additional properties are not allowed" in w for w in envelope["warnings"])


def test_an_object_query_without_q_fails_naming_q(registry):
    envelope = knowledge(registry, {"query": {"domain": "sounds"}})
    assert envelope["error_type"] == "invalid_arguments"
    assert envelope["violations"] == ["query: 'q' is a required property"]


def test_a_query_of_the_wrong_type_says_what_types_are_taken(registry):
    envelope = knowledge(registry, {"query": 42})
    assert envelope["error_type"] == "invalid_arguments"
    assert envelope["violations"] == ["query: 42 is not of type 'string' or 'object'"]


def test_a_huge_value_is_quoted_by_a_short_prefix(registry):
    # Given a 100,000-character query and an unknown tool with a 100,000-character name
    envelope = knowledge(registry, {"query": "a" * 100_000})
    unknown = registry.execute({"name": "b" * 100_000, "arguments": {}})
    # Then the errors stay short and say how long the value was
    assert envelope["error_type"] == "invalid_arguments" and "(100000 characters) is too long" in envelope["error"]
    assert len(json.dumps(envelope)) < 1_000
    assert unknown["error_type"] == "unknown_tool" and "(100000 characters)" in unknown["error"]
    assert len(json.dumps(unknown)) < 1_000
    # and so does the log
    assert len(registry.log.records()[-1]["error"]) < 500


def test_many_violations_are_counted_not_all_listed(registry):
    # Given a call with a thousand bad tool names
    envelope = registry.execute({"name": "search_tools", "arguments": {"names": [f"tool{i}" for i in range(1000)]}})
    # Then the warnings list the first ones and count the rest
    assert envelope["success"] and len(envelope["warnings"]) == 20
    assert envelope["warnings"][-1] == "ignored invalid argument: ... and 982 more violations"
    assert len(json.dumps(envelope["warnings"])) < 3_000


def test_quote_keeps_short_values_whole():
    assert quote("room") == "'room'"
    assert quote("x" * 200, 10) == "'xxxxxxxxx... (200 characters)"


def test_arguments_no_json_document_could_hold_are_warnings_not_tool_errors():
    """Found by benchmarks/fuzz.py: a 5,000-digit number, a tuple key or nesting deeper than
    Python's repr can follow made the schema check itself fail, and the call a tool_error."""
    from strudel_jupyter.agent import default_registry

    registry = default_registry()
    deep: object = "x"
    for _ in range(3000):
        deep = [deep]
    calls = [
        {"name": "strudel_knowledge", "arguments": {"query": "room", "limit": 10**5000}},
        {"name": "strudel_knowledge", "arguments": {"query": {("a", "b"): 1, "q": "room"}}},
        {"name": "strudel_knowledge", "arguments": {"query": "room", "junk": deep}},
    ]
    for call in calls:
        envelope = registry.execute(call)
        # Then the call runs with the valid arguments, and the bad one is a warning
        assert envelope["success"] and envelope["result"]["items"][0]["name"] == "room", envelope
        assert envelope["warnings"]
    assert registry.execute({"name": "search_tools", "arguments": deep})["error_type"] == "invalid_arguments"
