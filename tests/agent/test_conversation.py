"""A conversation's own tool set: discovery joins it, calls outside it are logged, native deferred loading."""

from __future__ import annotations

import json
import typing

import pytest
from anthropic.types import MessageParam, ToolParam, ToolUseBlock
from openai.types.responses import ResponseInputItemParam, ResponseToolSearchCall
from openai.types.responses import ToolParam as ResponsesToolParam
from pydantic import TypeAdapter

from strudel_jupyter import get_index
from strudel_jupyter.agent import make_registry


@pytest.fixture()
def registry(shared_snapshot_dir):
    return make_registry(index=get_index(shared_snapshot_dir))


def tool_use(name, arguments, call_id="toolu_1"):
    return ToolUseBlock(type="tool_use", id=call_id, name=name, input=arguments)


def names(definitions):
    return [d.get("name") or d.get("function", {}).get("name") or d["type"] for d in definitions]


def test_a_discovered_tool_joins_the_next_definitions(registry):
    # Given a conversation that starts with the core set
    chat = registry.conversation()
    assert names(chat.definitions("anthropic")) == ["strudel_knowledge", "search_tools"]
    # When the model searches for a tool to check code
    reply = chat.run(tool_use("search_tools", {"query": "check my code"}))
    assert json.loads(reply["content"])["result"]["tools"][0]["name"] == "strudel_validate"
    # Then the next model call is offered strudel_validate, with its full schema (and strudel_events,
    # which checks code too: what it plays)
    listed = chat.definitions("anthropic")
    assert names(listed) == ["strudel_knowledge", "search_tools", "strudel_validate", "strudel_events"]
    assert listed[2]["input_schema"] == registry.schema("strudel_validate")
    assert names(chat.definitions("openai")) == names(listed)
    # and the registry's own core set, and other conversations, are unchanged
    assert names(registry.definitions("anthropic")) == ["strudel_knowledge", "search_tools"]
    assert names(registry.conversation().definitions("anthropic")) == ["strudel_knowledge", "search_tools"]


def test_a_call_to_a_tool_outside_the_set_runs_is_logged_as_such_and_joins(registry):
    chat = registry.conversation()
    # When the model calls strudel_validate without having searched for it
    envelope = chat.execute(tool_use("strudel_validate", {"code": 's("bd")'}))
    # Then the call runs
    assert envelope["success"] and envelope["result"]["ok"]
    # and the log says it was not in the conversation's set
    record = registry.log.records()[-1]
    assert (record["tool"], record["conversation"], record["active"]) == ("strudel_validate", chat.id, False)
    # and it is in the set from now on
    chat.execute(tool_use("strudel_validate", {"code": 's("sd")'}))
    assert registry.log.records()[-1]["active"] is True
    assert "strudel_validate" in chat.active
    # and calls outside any conversation log neither
    registry.execute(tool_use("strudel_validate", {"code": 's("hh")'}))
    assert (registry.log.records()[-1]["conversation"], registry.log.records()[-1]["active"]) == (None, None)


def test_a_failed_call_or_an_unknown_tool_adds_nothing(registry):
    chat = registry.conversation()
    chat.execute(tool_use("strudel_validate", {"code": 42}))
    chat.execute(tool_use("no_such_tool", {}))
    assert chat.active == ["strudel_knowledge", "search_tools"]
    assert registry.log.records()[-1]["active"] is None


def test_registered_and_removed_tools_follow_the_registry(registry):
    chat = registry.conversation()
    registry.register("strudel_extra", lambda **kw: {"ok": True}, {"type": "object"}, "extras")
    chat.run(tool_use("search_tools", {"category": "extras"}))
    assert "strudel_extra" in chat.active
    registry.unregister("strudel_extra")
    assert "strudel_extra" not in names(chat.definitions("mcp"))


# ------------------------------------------------------------- native deferred loading
def test_anthropic_deferred_loading_lists_every_tool_and_answers_with_tool_references(registry):
    # Given a conversation that uses Anthropic's deferred loading
    chat = registry.conversation(deferred=True)
    listed = chat.definitions("anthropic")
    # Then every tool is sent, the ones not yet found with defer_loading
    assert {d["name"]: d.get("defer_loading", False) for d in listed} == {
        "strudel_knowledge": False,
        "strudel_validate": True,
        "strudel_events": True,
        "search_tools": False,
    }
    for definition in listed:
        TypeAdapter(ToolParam).validate_python(definition)
        assert set(definition) <= set(typing.get_type_hints(ToolParam))
    # When search_tools finds strudel_validate
    reply = chat.run(tool_use("search_tools", {"query": "validate"}))
    # Then the tool_result loads it with a tool_reference block, in a valid user message
    text, *references = reply["content"]
    assert json.loads(text["text"])["success"] is True
    assert references == [{"type": "tool_reference", "tool_name": "strudel_validate"}]
    TypeAdapter(MessageParam).validate_python({"role": "user", "content": [reply]})
    # and the next definitions no longer defer it (only what no search found yet)
    assert [d["name"] for d in chat.definitions("anthropic") if d.get("defer_loading")] == ["strudel_events"]


def test_openai_responses_deferred_loading_adds_the_hosted_tool_search(registry):
    chat = registry.conversation(deferred=True)
    listed = chat.definitions("openai_responses")
    assert listed[-1] == {"type": "tool_search"}
    deferred = {d["name"] for d in listed if d.get("defer_loading")}
    assert deferred == {"strudel_validate", "strudel_events"}
    adapter = TypeAdapter(ResponsesToolParam)
    for definition in listed:
        adapter.validate_python(definition)
    # and chat completions, which cannot defer, get the conversation's set
    assert names(chat.definitions("openai")) == ["strudel_knowledge", "search_tools"]
    # Once every tool is in the set, there is nothing to search for
    chat.activate("strudel_validate")
    chat.activate("strudel_events")
    assert {"type": "tool_search"} not in chat.definitions("openai_responses")


def test_openai_client_executed_tool_search_is_answered_with_the_definitions_found(registry):
    # Given a deferred conversation that runs OpenAI's tool search itself
    chat = registry.conversation(deferred=True, tool_search="client")
    listed = chat.definitions("openai_responses")
    adapter = TypeAdapter(ResponsesToolParam)
    for definition in listed:
        adapter.validate_python(definition)
    # Then the tool_search tool takes search_tools' place, with its description and schema
    assert names(listed) == ["strudel_knowledge", "strudel_validate", "strudel_events", "tool_search"]
    assert listed[1]["defer_loading"] is True
    assert listed[-1]["execution"] == "client" and listed[-1]["parameters"] == registry.schema("search_tools")
    # When the model's output has a client tool search (and a server one, which OpenAI answers)
    output = [
        ResponseToolSearchCall(
            type="tool_search_call",
            id="ts_1",
            call_id="call_ts",
            execution="client",
            status="completed",
            arguments={"query": "validate code"},
        ),
        ResponseToolSearchCall(
            type="tool_search_call", id="ts_2", execution="server", status="completed", arguments={"query": "x"}
        ),
    ]
    (reply,) = chat.run_message(output)
    # Then the reply is a tool_search_output that loads what search_tools found
    TypeAdapter(ResponseInputItemParam).validate_python(reply)
    assert (reply["type"], reply["call_id"], reply["execution"]) == ("tool_search_output", "call_ts", "client")
    assert reply["tools"][0] == registry.definitions("openai_responses", names=["strudel_validate"])[0]
    assert "search_tools" not in names(reply["tools"])
    # and the search is in the log as a search_tools call of this conversation, and the tools joined
    assert registry.log.records()[-1]["tool"] == "search_tools"
    assert not any(d.get("defer_loading") for d in chat.definitions("openai_responses"))
