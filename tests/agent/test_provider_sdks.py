"""Definitions, calls and replies checked with each provider SDK's own types and normalisers (offline)."""

from __future__ import annotations

import copy
import json
import typing

import pytest
from anthropic.types import Message, MessageParam, ToolParam
from openai.lib._pydantic import _ensure_strict_json_schema
from openai.types.chat import ChatCompletion, ChatCompletionFunctionToolParam, ChatCompletionToolMessageParam
from openai.types.responses import FunctionToolParam, ResponseFunctionToolCall, ResponseInputItemParam
from pydantic import TypeAdapter

from strudel_jupyter import get_index
from strudel_jupyter.agent import make_registry

CODE = 's("bd sd").fastt(2)'


@pytest.fixture(scope="module")
def registry(shared_snapshot_dir):
    return make_registry(index=get_index(shared_snapshot_dir))


def walk(schema):
    """Every sub-schema of ``schema``."""
    yield schema
    for key in ("properties",):
        for sub in schema.get(key, {}).values():
            yield from walk(sub)
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in schema.get(key, ()):
            yield from walk(sub)
    if isinstance(schema.get("items"), dict):
        yield from walk(schema["items"])


def assert_declared(definition, typed_dict):
    """The SDK accepts it, and every key is one the SDK's type declares."""
    TypeAdapter(typed_dict).validate_python(definition)
    assert set(definition) <= set(typing.get_type_hints(typed_dict))


# ------------------------------------------------------------------ definitions
def test_openai_definitions_are_strict_and_the_sdks_strict_normaliser_leaves_them_as_they_are(registry):
    for fmt, typed_dict in (("openai", ChatCompletionFunctionToolParam), ("openai_responses", FunctionToolParam)):
        for definition in registry.definitions(fmt, all=True):
            assert_declared(definition, typed_dict)
            strict_holder = definition["function"] if fmt == "openai" else definition
            assert strict_holder["strict"] is True
            parameters = strict_holder["parameters"]
            # The SDK's own strict normaliser (what openai.pydantic_function_tool applies) changes nothing
            normalised = _ensure_strict_json_schema(copy.deepcopy(parameters), path=(), root=parameters)
            assert normalised == parameters
            for sub in walk(parameters):
                assert not {"minLength", "maxLength", "default"} & set(sub)  # keywords strict mode refuses
                if sub.get("type") == "object":
                    assert sub["additionalProperties"] is False
                    assert sub["required"] == list(sub["properties"])


def test_anthropic_definitions_state_strict_false_and_keep_the_bounds(registry):
    for definition in registry.definitions("anthropic", all=True):
        assert_declared(definition, ToolParam)
        assert definition["strict"] is False
    knowledge = registry.definitions("anthropic")[0]["input_schema"]
    assert knowledge["required"] == ["query"]
    assert knowledge["properties"]["limit"]["maximum"] == 200
    assert knowledge["properties"]["query"]["anyOf"][0]["maxLength"] == 1000


def test_what_a_strict_model_sends_runs_without_warnings(registry):
    # Given arguments as strict mode makes a model send them: every property, null for "not given"
    flat = {"query": "room", "domain": None, "mode": None, "limit": None}
    nested = {**flat, "query": {"q": "room", "domain": "reference", "mode": None, "limit": None}}
    searched = {"query": "validate", "category": None, "names": None, "limit": None}
    for name, arguments in (("strudel_knowledge", flat), ("strudel_knowledge", nested), ("search_tools", searched)):
        envelope = registry.execute({"name": name, "arguments": json.dumps(arguments)})
        # Then each call runs as if the nulls were not sent
        assert envelope["success"] and "warnings" not in envelope, envelope
    assert registry.execute({"name": "strudel_knowledge", "arguments": flat})["result"]["items"][0]["name"] == "room"


def test_search_tools_enums_are_the_registrys_names_and_categories_and_follow_registration(shared_snapshot_dir):
    own = make_registry(index=get_index(shared_snapshot_dir))
    properties = own.schema("search_tools")["properties"]
    assert properties["names"]["items"]["enum"] == [
        "strudel_knowledge",
        "strudel_validate",
        "strudel_events",
        "search_tools",
    ]
    assert properties["category"]["enum"] == ["discovery", "events", "reference", "validation", None]
    # When a tool is registered, the enums in the next definitions include it
    own.register("strudel_render", lambda **kw: {}, {"type": "object"}, "audio")
    properties = own.definitions("openai")[1]["function"]["parameters"]["properties"]
    assert properties["names"]["items"]["enum"][-1] == "strudel_render"
    assert properties["category"]["enum"] == ["audio", "discovery", "events", "reference", "validation", None]
    # and a call with a name outside the enum is told so, and still runs
    envelope = own.execute({"name": "search_tools", "arguments": {"names": ["nope"], "query": "check"}})
    assert envelope["success"] and "names/0: 'nope' is not one of" in envelope["warnings"][0]


# ------------------------------------------------------------- whole model messages
def test_openai_chat_completion_message_runs_every_call(registry):
    # Given a ChatCompletion (the SDK's model) with two tool calls
    completion = ChatCompletion.model_validate(
        {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 0,
            "model": "gpt-test",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "tool_calls",
                    "message": {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {
                                "id": "c1",
                                "type": "function",
                                "function": {"name": "strudel_validate", "arguments": json.dumps({"code": CODE})},
                            },
                            {
                                "id": "c2",
                                "type": "function",
                                "function": {"name": "strudel_knowledge", "arguments": '{"query": "fast"}'},
                            },
                        ],
                    },
                }
            ],
        }
    )
    # Then the completion, or its message, gives one tool message per call, in order
    for message in (completion, completion.choices[0].message, completion.model_dump()):
        replies = registry.run_message(message)
        assert [r["tool_call_id"] for r in replies] == ["c1", "c2"]
        for reply in replies:
            assert_declared(reply, ChatCompletionToolMessageParam)
        assert json.loads(replies[0]["content"])["result"]["findings"][0]["name"] == "fastt"


def test_openai_responses_output_runs_every_call(registry):
    output = [
        {"type": "reasoning", "id": "rs_1", "summary": []},
        ResponseFunctionToolCall(
            type="function_call", call_id="call_1", name="strudel_validate", arguments=json.dumps({"code": CODE})
        ),
        ResponseFunctionToolCall(type="function_call", call_id="call_2", name="search_tools", arguments="{}"),
    ]
    replies = registry.run_message(output)
    assert [(r["type"], r["call_id"]) for r in replies] == [
        ("function_call_output", "call_1"),
        ("function_call_output", "call_2"),
    ]
    adapter = TypeAdapter(ResponseInputItemParam)
    for reply in replies:
        adapter.validate_python(reply)
    assert registry.run_message({"object": "response", "output": output}) == replies


def test_anthropic_message_runs_every_call_into_one_user_message(registry):
    # Given an Anthropic Message (the SDK's model) with text and two tool_use blocks
    message = Message.model_validate(
        {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-test",
            "stop_reason": "tool_use",
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
            "content": [
                {"type": "text", "text": "Let me check."},
                {"type": "tool_use", "id": "toolu_1", "name": "strudel_validate", "input": {"code": CODE}},
                {"type": "tool_use", "id": "toolu_2", "name": "strudel_validate", "input": {"code": 7}},
            ],
        }
    )
    # Then the replies are one user message of tool_result blocks, a failed call marked is_error
    (reply,) = registry.run_message(message)
    TypeAdapter(MessageParam).validate_python(reply)
    assert reply["role"] == "user"
    assert [(b["tool_use_id"], b.get("is_error", False)) for b in reply["content"]] == [
        ("toolu_1", False),
        ("toolu_2", True),
    ]
    assert registry.run_message(message.model_dump()) == [reply]


def test_a_message_without_tool_calls_needs_no_reply(registry):
    assert registry.run_message({"role": "assistant", "content": "done"}) == []
    assert registry.run_message({"role": "assistant", "content": [{"type": "text", "text": "done"}]}) == []
    assert registry.run_message([]) == []
