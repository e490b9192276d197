"""The agent tool registry: definitions per provider, execution of every call shape, errors, log, discovery."""

from __future__ import annotations

import json
import threading
from types import SimpleNamespace

import pandas as pd
import pytest
from jsonschema import Draft202012Validator, validate

from strudel_jupyter import get_index, strudel_knowledge
from strudel_jupyter.agent import ENVELOPE_SCHEMA, FORMATS, ToolRegistry, make_registry
from strudel_jupyter.validator.validation import strudel_validate
from strudel_jupyter.vocabulary import MAX_LIMIT

CODE = 's("bd sd").fastt(2)'


@pytest.fixture(scope="module")
def index(shared_snapshot_dir):
    return get_index(shared_snapshot_dir)


@pytest.fixture()
def registry(index):
    return make_registry(index=index)


def assert_envelope(envelope):
    validate(envelope, ENVELOPE_SCHEMA)  # every result, success or not, has the documented shape
    json.dumps(envelope)
    return envelope


# --------------------------------------------------------------- definitions
def test_default_definitions_are_the_compact_core_set(registry):
    names = [d["function"]["name"] for d in registry.definitions("openai")]
    assert names == ["strudel_knowledge", "search_tools"]
    assert {d["name"] for d in registry.definitions("anthropic", all=True)} == {
        "strudel_knowledge",
        "strudel_validate",
        "search_tools",
    }
    assert [d["name"] for d in registry.definitions("mcp", names=["strudel_validate"])] == ["strudel_validate"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_definitions_are_valid_json_schema_in_every_format(registry, fmt):
    for definition in registry.definitions(fmt, all=True):
        if fmt == "openai":
            assert definition["type"] == "function"
            name, description, schema = (definition["function"][k] for k in ("name", "description", "parameters"))
        elif fmt == "openai_responses":
            name, description, schema = definition["name"], definition["description"], definition["parameters"]
        elif fmt == "anthropic":
            name, description, schema = definition["name"], definition["description"], definition["input_schema"]
        elif fmt == "mcp":
            name, description, schema = definition["name"], definition["description"], definition["inputSchema"]
        else:
            name, description, schema = definition["title"], definition["description"], definition
            assert definition["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        Draft202012Validator.check_schema(schema)  # the meta-schema check
        assert schema["type"] == "object" and name in registry and len(description) > 40
        json.dumps(definition)


def test_definitions_are_copies(registry):
    registry.definitions("anthropic")[0]["input_schema"]["properties"].clear()
    assert registry.definitions("anthropic")[0]["input_schema"]["properties"]


def test_unknown_format_or_name_is_refused(registry):
    with pytest.raises(ValueError, match="unknown format"):
        registry.definitions("gemini")
    with pytest.raises(KeyError, match="nope"):
        registry.definitions("openai", names=["nope"])


# ---------------------------------------------------- calls in every shape
def openai_call(name, arguments):
    return {"id": "call_1", "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}


def openai_object(name, arguments):  # what the openai SDK returns: attributes, arguments as a JSON string
    return SimpleNamespace(
        id="call_2", type="function", function=SimpleNamespace(name=name, arguments=json.dumps(arguments))
    )


def responses_call(name, arguments):
    return {"type": "function_call", "call_id": "fc_1", "name": name, "arguments": json.dumps(arguments)}


def anthropic_block(name, arguments):
    return {"type": "tool_use", "id": "toolu_1", "name": name, "input": arguments}


def anthropic_object(name, arguments):  # the anthropic SDK's ToolUseBlock
    return SimpleNamespace(type="tool_use", id="toolu_2", name=name, input=arguments)


SHAPES = {
    "plain-dict": lambda n, a: {"name": n, "arguments": a},
    "plain-json": lambda n, a: {"name": n, "arguments": json.dumps(a)},
    "openai": openai_call,
    "openai-object": openai_object,
    "openai-responses": responses_call,
    "anthropic": anthropic_block,
    "anthropic-object": anthropic_object,
}


@pytest.mark.parametrize("shape", SHAPES)
def test_each_call_shape_runs_the_real_tools(registry, index, shape):
    make = SHAPES[shape]
    # validate: the same result as calling the core directly
    envelope = assert_envelope(registry.execute(make("strudel_validate", {"code": CODE})))
    assert envelope == {"success": True, "tool": "strudel_validate", "result": strudel_validate(CODE, index=index)}
    assert envelope["result"]["findings"][0]["name"] == "fastt"
    # knowledge: the spec's response, unchanged
    envelope = assert_envelope(registry.execute(make("strudel_knowledge", {"query": "what does room do"})))
    assert envelope["result"] == strudel_knowledge("what does room do", index=index)
    assert envelope["result"]["items"][0]["name"] == "room"
    # discovery
    envelope = assert_envelope(registry.execute(make("search_tools", {"query": "check my code for errors"})))
    assert envelope["result"]["tools"][0]["name"] == "strudel_validate"


def test_knowledge_options_map_to_the_spec_object_form(registry, index):
    args = {"query": "reverb", "domain": "reference", "limit": 2}
    envelope = registry.execute({"name": "strudel_knowledge", "arguments": args})
    expected = strudel_knowledge({"q": "reverb", "domain": "reference", "limit": 2}, index=index)
    assert envelope["result"] == expected and len(expected["items"]) <= 2
    obj = {"q": "bd", "domain": "sounds"}
    assert registry.execute({"name": "strudel_knowledge", "arguments": {"query": obj}})["result"] == strudel_knowledge(
        obj, index=index
    )


def test_result_messages_for_each_provider(registry):
    call = openai_call("strudel_validate", {"code": CODE})
    message = registry.run(call)
    assert message["role"] == "tool" and message["tool_call_id"] == "call_1"
    assert json.loads(message["content"])["result"]["ok"] is False

    block = registry.run(anthropic_object("strudel_validate", {"code": CODE}))
    assert block["type"] == "tool_result" and block["tool_use_id"] == "toolu_2" and "is_error" not in block
    failed = registry.run(anthropic_block("nope", {}))
    assert failed["is_error"] is True and json.loads(failed["content"])["error_type"] == "unknown_tool"

    output = registry.run(responses_call("search_tools", {}))
    assert output["type"] == "function_call_output" and output["call_id"] == "fc_1"
    # an explicit format wins over the call's own shape
    assert registry.result_message(call, registry.execute(call), "anthropic")["tool_use_id"] == "call_1"


# -------------------------------------------------------------- error paths
@pytest.mark.parametrize(
    ("call", "error_type", "says"),
    [
        ({"name": "strudel_valdate", "arguments": {}}, "unknown_tool", "Did you mean strudel_validate"),
        ({"name": "strudel_validate", "arguments": "{code: 1"}, "invalid_json", "not valid JSON"),
        ({"name": "strudel_validate", "arguments": "[1, 2]"}, "invalid_arguments", "must be a JSON object"),
        ({"name": "strudel_validate", "arguments": {}}, "invalid_arguments", "'code' is a required property"),
        ({"name": "strudel_validate", "arguments": ""}, "invalid_arguments", "'code' is a required property"),
        (
            {"name": "strudel_validate", "arguments": {"code": 5}},
            "invalid_arguments",
            "code: 5 is not of type 'string'",
        ),
        ({"name": "", "arguments": {}}, "invalid_call", "no tool name"),
        ({"arguments": {}}, "invalid_call", "needs a 'name'"),
        (None, "invalid_call", "must be an object"),
        (42, "invalid_call", "must be an object"),
        ("call strudel_validate please", "invalid_call", "must be an object"),
    ],
)
def test_every_error_is_an_envelope_with_a_clear_message(registry, call, error_type, says):
    envelope = assert_envelope(registry.execute(call))
    assert envelope["success"] is False and envelope["error_type"] == error_type
    assert says in envelope["error"]


def test_every_schema_violation_is_listed(registry):
    envelope = registry.execute({"name": "strudel_knowledge", "arguments": {"domain": "songs", "limit": 0}})
    assert envelope["error_type"] == "invalid_arguments"
    assert len(envelope["violations"]) == 3  # query missing, domain not in enum, limit below minimum
    assert all(v in envelope["error"] for v in envelope["violations"])
    assert "Expected: {query: string|object (required)" in envelope["error"]


def test_valid_arguments_are_still_used_when_only_optional_ones_are_wrong(registry, index):
    envelope = assert_envelope(
        registry.execute(
            {"name": "strudel_knowledge", "arguments": {"query": "room", "limit": MAX_LIMIT + 1, "colour": "red"}}
        )
    )
    assert envelope["success"] is True
    assert envelope["result"] == strudel_knowledge("room", index=index)
    assert len(envelope["warnings"]) == 2
    assert any("'colour' was unexpected" in w for w in envelope["warnings"])
    assert any(f"limit: {MAX_LIMIT + 1} is greater than the maximum of {MAX_LIMIT}" in w for w in envelope["warnings"])


def test_the_tools_limit_is_the_cores_limit(registry, index):
    # Given the core's own cap on limit (its notes tell callers "up to" it)
    schema = registry.schema("strudel_knowledge")
    # Then the schema allows exactly that much, in both argument forms, and says so
    object_form = schema["properties"]["query"]["anyOf"][1]["properties"]["limit"]
    assert schema["properties"]["limit"]["maximum"] == object_form["maximum"] == MAX_LIMIT
    assert f"up to {MAX_LIMIT}" in schema["properties"]["limit"]["description"]
    # When an agent follows the core's note and asks for the full page
    envelope = assert_envelope(
        registry.execute({"name": "strudel_knowledge", "arguments": {"query": "list sounds", "limit": MAX_LIMIT}})
    )
    # Then the call runs with that limit, not with the limit dropped as invalid
    assert envelope["success"] is True and "warnings" not in envelope
    assert len(envelope["result"]["items"]) == MAX_LIMIT
    assert envelope["result"] == strudel_knowledge({"q": "list sounds", "limit": MAX_LIMIT}, index=index)


def test_handler_exceptions_become_tool_errors():
    registry = ToolRegistry()

    def explode(x: int) -> int:
        raise RuntimeError("the amp caught fire")

    registry.register("explode", explode, {"type": "object", "properties": {"x": {"type": "integer"}}}, "test")
    envelope = assert_envelope(registry.execute({"name": "explode", "arguments": {"x": 1}}))
    assert envelope["error_type"] == "tool_error"
    assert envelope["error"] == "explode failed: RuntimeError: the amp caught fire"


class ExplodingCall:
    """An SDK-like object whose every attribute access fails."""

    def __getattr__(self, key):
        raise RuntimeError("the wire came loose")


def test_calls_that_cannot_even_be_read_are_envelopes(registry):
    # Given calls that break the reader: JSON nested 100000 levels deep, an object whose
    # attributes raise, and arguments nested 100000 levels deep
    deep_call = "[" * 100_000
    deep_arguments = {"name": "strudel_validate", "arguments": "[" * 100_000}
    # When each is executed
    deep = assert_envelope(registry.execute(deep_call))
    exploding = assert_envelope(registry.execute(ExplodingCall()))
    nested = assert_envelope(registry.execute(deep_arguments))
    # Then each is the usual failure envelope (not a raised exception), and is logged
    assert (deep["error_type"], deep["tool"]) == ("invalid_call", None) and "nested too deeply" in deep["error"]
    assert exploding["error_type"] == "invalid_call"
    assert "could not be read" in exploding["error"] and "the wire came loose" in exploding["error"]
    assert nested["error_type"] == "invalid_json" and nested["tool"] == "strudel_validate"
    assert "nested too deeply" in nested["error"]
    assert [r["error_type"] for r in registry.log.records()] == ["invalid_call", "invalid_call", "invalid_json"]
    # and the provider message for them is built without raising either
    message = registry.run(ExplodingCall())
    assert message["role"] == "tool" and json.loads(message["content"])["error_type"] == "invalid_call"


@pytest.mark.parametrize(
    ("name", "schema", "match"),
    [
        ("bad name!", {"type": "object"}, "tool names"),
        ("ok", {"type": "string"}, "must describe an object"),
        ("ok", {"type": "object", "properties": {"x": {"type": "nonsense"}}}, "not a valid JSON Schema"),
    ],
)
def test_registering_a_broken_tool_fails_loudly(name, schema, match):
    with pytest.raises(ValueError, match=match):
        ToolRegistry().register(name, lambda **kw: kw, schema, "test")


# ------------------------------------------------------------------ the log
def test_every_call_is_logged_and_the_log_clears(registry):
    registry.execute(openai_call("strudel_validate", {"code": CODE}))
    registry.execute({"name": "nope", "arguments": {}})
    registry.execute({"name": "strudel_knowledge", "arguments": "{not json"})
    frame = registry.log.frame()
    assert isinstance(frame, pd.DataFrame) and len(frame) == 3
    assert list(frame.columns) == [
        "timestamp",
        "tool",
        "call_id",
        "arguments",
        "duration_ms",
        "success",
        "error_type",
        "error",
        "result_chars",
        "conversation",
        "active",
    ]
    first, unknown, bad_json = frame.to_dict("records")
    assert first["tool"] == "strudel_validate" and first["call_id"] == "call_1" and first["success"]
    assert first["arguments"] == {"code": CODE} and first["duration_ms"] >= 0 and first["result_chars"] > 100
    assert (unknown["success"], unknown["error_type"], unknown["result_chars"]) == (False, "unknown_tool", 0)
    assert bad_json["arguments"] == "{not json" and bad_json["error_type"] == "invalid_json"
    assert str(frame["timestamp"].dt.tz) == "UTC"
    registry.log.clear()
    assert len(registry.log) == 0 and registry.log.frame().empty


def test_the_log_is_bounded_and_thread_safe(index):
    registry = make_registry(index=index, log_size=50)
    errors: list[BaseException] = []

    def worker(n: int) -> None:
        try:
            for i in range(20):
                registry.execute({"name": "strudel_validate", "arguments": {"code": f's("bd*{n + i + 1}")'}})
        except BaseException as exc:  # noqa: BLE001 - any failure in a thread is the finding
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(registry.log) == 50 == registry.log.maxlen  # 160 calls, the newest 50 kept
    assert registry.log.frame()["success"].all()


# ---------------------------------------------------------------- discovery
def test_search_tools_ranks_by_keyword_and_filters_by_category(registry):
    result = registry.find_tools("validate my strudel code")
    assert result["tools"][0]["name"] == "strudel_validate"
    assert result["tools"][0]["parameters"]["required"] == ["code"]
    assert result["categories"] == {"discovery": 1, "reference": 1, "validation": 1}
    sounds = registry.find_tools("which sounds and banks exist")
    assert sounds["tools"][0]["name"] == "strudel_knowledge"
    only_validation = registry.find_tools("", category="validation")
    assert [t["name"] for t in only_validation["tools"]] == ["strudel_validate"]
    missing = registry.find_tools("x", category="nope")
    assert missing["tools"] == [] and "categories: discovery, reference, validation" in missing["notes"][0]
    everything = registry.find_tools("")
    assert {t["name"] for t in everything["tools"]} == set(registry.names)


def test_a_registered_tool_is_discoverable_but_not_in_the_core_set(registry):
    registry.register(
        "count_cycles",
        lambda code: {"cycles": 1},
        {"type": "object", "properties": {"code": {"type": "string"}}},
        "analysis",
        description="Count how many cycles a Strudel pattern lasts.",
        keywords=("tempo", "length"),
    )
    assert "count_cycles" not in [d["name"] for d in registry.definitions("anthropic")]
    found = registry.execute({"name": "search_tools", "arguments": {"query": "pattern length"}})
    assert found["result"]["tools"][0]["name"] == "count_cycles"
    assert registry.execute({"name": "count_cycles", "arguments": {"code": "x"}})["result"] == {"cycles": 1}


def test_find_tools_is_what_search_tools_answers(registry):
    # Given the registry's Python method and the agent-facing tool of the same job
    envelope = registry.execute({"name": "search_tools", "arguments": {"query": "check code", "limit": 2}})
    # Then the tool keeps its public name and answers with find_tools' result
    assert envelope["success"] and envelope["result"] == registry.find_tools("check code", limit=2)
    assert not hasattr(registry, "search"), "one word, one meaning: the method is find_tools"


@pytest.mark.parametrize("typo", ["strudel_valdate", "strudel_knowlege", "search_tool", "validate_strudel", "zzz"])
def test_did_you_mean_for_tools_is_the_shared_closest_helper(registry, typo):
    # Given a misspelled tool name, the suggestions are rapidfuzz's WRatio matches at 60 and up, best three
    from rapidfuzz import fuzz, process

    expected = [c for c, _, _ in process.extract(typo, registry.names, scorer=fuzz.WRatio, limit=3, score_cutoff=60)]
    error = registry.execute({"name": typo, "arguments": {}})["error"]
    hint = error.split(" Did you mean ", 1)[1].split("?", 1)[0].split(", ") if "Did you mean" in error else []
    assert hint == expected
    # and a name-like query ranks the tool it names first
    if expected:
        assert registry.find_tools(typo)["tools"][0]["name"] in expected
