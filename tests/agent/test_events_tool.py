"""The agent's ``strudel_events`` tool: what a pattern plays, in lines a model can check."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from strudel_jupyter.agent import default_registry, make_registry, tools
from strudel_jupyter.agent.definitions import FORMATS
from strudel_jupyter.agent.schemas import ENVELOPE_SCHEMA, STRUDEL_EVENTS_SCHEMA
from strudel_jupyter.data.index import get_index
from strudel_jupyter.limits import MAX_CODE_CHARS, MAX_PICTURE_CYCLES, MAX_SUMMARY_CHARS

jsonschema = pytest.importorskip("jsonschema")


@pytest.fixture
def registry(shared_snapshot_dir):
    return make_registry(index=get_index(shared_snapshot_dir))


def events(registry, **arguments):
    envelope = registry.execute({"name": "strudel_events", "arguments": arguments})
    jsonschema.validate(envelope, ENVELOPE_SCHEMA)
    return envelope


def test_drums_are_four_bd_and_eight_hh_per_cycle(registry):
    # Given s("bd*4, hh*8"), when the model asks what it plays
    envelope = events(registry, code='s("bd*4, hh*8")')
    result = envelope["result"]
    # Then it plays 12 events: 4 bd and 8 hh per cycle, at their positions
    assert envelope["success"] and result["ok"] and result["events"] == 12
    assert result["per_cycle"] == {"bd": "4", "hh": "8"}
    assert result["timeline"] == ["cycle 0: bd at 0, 1/4, 1/2, 3/4; hh x8 every 1/8"]
    assert "events per cycle: bd 4, hh 8" in result["summary"]
    assert "picture" not in result  # only on request
    assert len(result["summary"]) <= MAX_SUMMARY_CHARS


def test_notes_banks_and_control_ranges_are_said(registry):
    code = 'stack(s("bd*2").bank("RolandTR909"), note("c2 g2").s("sawtooth").gain("<0.5 0.8>"))'
    result = events(registry, code=code, cycles=2)["result"]
    assert result["timeline"] == ["cycles 0-1: RolandTR909_bd at 0, 1/2; sawtooth: c2 at 0, g2 at 1/2"]
    assert result["ranges"]["note"].startswith("c2-g2") and result["ranges"]["gain"] == "0.5-0.8"


def test_the_picture_comes_on_request(registry):
    result = events(registry, code='s("bd*4, hh*8")', picture=True)["result"]
    root = ET.fromstring(result["picture"])
    assert root.tag == "{http://www.w3.org/2000/svg}svg"


def test_code_that_does_not_run_is_ok_false_with_the_repls_message_and_position(registry):
    envelope = events(registry, code='s("bd sd").fasst(2)')
    result = envelope["result"]
    assert envelope["success"] and result["ok"] is False
    assert "fasst" in result["error"]["message"] and "does not play" in result["summary"]
    mini = events(registry, code='s("bd [sd")')["result"]
    assert mini["ok"] is False and mini["error"]["line"] == 1


@pytest.mark.parametrize(
    ("arguments", "error_type"),
    [
        ({}, "invalid_arguments"),
        ({"code": 5}, "invalid_arguments"),
        ({"code": "x" * (MAX_CODE_CHARS + 1)}, "invalid_arguments"),
    ],
)
def test_bad_calls_are_error_values(registry, arguments, error_type):
    envelope = events(registry, **arguments)
    assert envelope["success"] is False and envelope["error_type"] == error_type


def test_too_many_cycles_is_dropped_with_a_warning_and_the_call_still_runs(registry):
    envelope = events(registry, code='s("bd")', cycles=MAX_PICTURE_CYCLES + 1)
    assert envelope["success"] and envelope["result"]["cycles"] == 1 and envelope["warnings"]


def test_the_schema_is_bounded_by_the_limits_and_listed_in_every_format(registry):
    props = STRUDEL_EVENTS_SCHEMA["properties"]
    assert props["code"]["maxLength"] == MAX_CODE_CHARS and props["cycles"]["maximum"] == MAX_PICTURE_CYCLES
    for fmt in FORMATS:
        assert registry.definitions(fmt, names=["strudel_events"]), fmt
    (mcp,) = registry.definitions("mcp", names=["strudel_events"])
    assert mcp["inputSchema"]["required"] == ["code"] and "what it plays" in mcp["description"]


def test_search_tools_finds_it_by_what_it_is_for(registry):
    found = registry.find_tools("what does my pattern play")
    assert found["tools"][0]["name"] == "strudel_events"
    assert registry.find_tools("validate")["tools"][0]["name"] == "strudel_validate"


def test_the_plain_function_goes_through_the_default_registry():
    registry = default_registry()
    before = len(registry.log)
    envelope = tools.strudel_events('s("bd*4, hh*8")', cycles=2)
    assert envelope["result"]["per_cycle"] == {"bd": "4", "hh": "8"}
    assert len(registry.log) == before + 1
