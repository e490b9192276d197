"""The tools as plain typed callables: routed through the registry, annotated from its schemas."""

from __future__ import annotations

import importlib
import inspect
import os
import subprocess
import sys
import tomllib
import typing
from pathlib import Path

from strudel_jupyter import get_index
from strudel_jupyter import strudel_knowledge as core_knowledge
from strudel_jupyter.agent import JUPYTER_SERVER_MCP_TOOLS, default_registry, make_registry, tools
from strudel_jupyter.validator.validation import strudel_validate as core_validate
from strudel_jupyter.vocabulary import MAX_LIMIT

ROOT = Path(__file__).resolve().parents[2]
PLAIN = (tools.strudel_knowledge, tools.strudel_validate, tools.search_tools)


def test_plain_callables_answer_the_registrys_envelope_around_the_core_results():
    # Given the default registry (conftest points it at the shared snapshot)
    envelope = tools.strudel_knowledge("what does fast do")
    # Then the result is the core's, in the registry's envelope
    assert envelope == {"success": True, "tool": "strudel_knowledge", "result": core_knowledge("what does fast do")}
    code = 's("bd").rooom(.5)'
    assert tools.strudel_validate(code)["result"] == core_validate(code)
    assert tools.search_tools("validate")["result"]["tools"][0]["name"] == "strudel_validate"


def test_plain_callables_check_arguments_like_any_tool_call_and_are_logged():
    registry = default_registry()
    before = len(registry.log)
    # When a framework passes an out-of-range limit and a mode that is not one of the modes
    envelope = tools.strudel_knowledge("room", mode="bogus", limit=500)
    # Then both are dropped with a warning each, and the call still answers
    assert envelope["success"] and envelope["result"]["items"][0]["name"] == "room"
    assert envelope["warnings"] == [
        "ignored invalid argument: limit: 500 is greater than the maximum of 200",
        "ignored invalid argument: mode: 'bogus' is not one of ['auto', 'search', 'detail', 'list', None]",
    ]
    # and a missing required value is an error value, not an exception
    failed = tools.strudel_validate("")
    assert (failed["success"], failed["error_type"]) == (False, "invalid_arguments")
    # and every call is in the registry's log
    assert len(registry.log) == before + 2
    assert registry.log.records()[-1]["tool"] == "strudel_validate"


def test_annotations_are_real_objects_with_the_registrys_schemas():
    registry = default_registry()
    for fn in PLAIN:
        # Given annotations evaluated at import (no strings for tools to resolve)
        params = inspect.signature(fn).parameters
        assert all(not isinstance(p.annotation, str) for p in params.values())
        hints = typing.get_type_hints(fn, include_extras=True)
        schema = registry.schema(fn.__name__)
        for name in params:
            # Then each parameter carries its description and its exact JSON Schema
            field, with_schema = typing.get_args(hints[name])[1:]
            assert with_schema.json_schema == schema["properties"][name]
            assert field.description == schema["properties"][name]["description"]
    required = [p for p, v in inspect.signature(tools.strudel_knowledge).parameters.items() if v.default is v.empty]
    assert required == ["query"]


def test_docstrings_document_every_parameter_from_the_schema():
    registry = default_registry()
    for fn in PLAIN:
        doc = inspect.getdoc(fn)
        assert doc and "Args:" in doc and "Returns:" in doc
        for name, spec in registry.schema(fn.__name__)["properties"].items():
            assert f"    {name}: {' '.join(spec['description'].split())}" in doc
    knowledge = inspect.getdoc(tools.strudel_knowledge)
    assert f"up to {MAX_LIMIT}" in knowledge
    assert (
        'mode: detail = one entry in full, search = ranked matches, list = a category; default auto (choices: ["auto", "search", "detail", "list"])'
        in knowledge
    )
    assert "leave findings of severity info alone" in inspect.getdoc(tools.strudel_validate)


def test_the_plain_functions_work_without_pydantic(shared_snapshot_dir):
    # Given an environment without pydantic (strudel-jupyter does not depend on it)
    script = (
        "import sys, typing; sys.modules['pydantic'] = None\n"
        "from strudel_jupyter.agent import tools\n"
        "meta = typing.get_args(typing.get_type_hints(tools.strudel_validate, include_extras=True)['code'])[1]\n"
        "print(type(meta).__name__, tools.strudel_validate('s(\"bd\")')['result']['ok'])\n"
    )
    env = {**os.environ, "STRUDEL_SNAPSHOT": str(shared_snapshot_dir), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120)
    # Then the functions import, carry their schemas in plain metadata, and answer
    assert done.stdout.split() == ["ParameterSchema", "True"], done.stderr


def test_bound_tools_use_their_own_registry():
    registry = make_registry(index=get_index())
    bound = tools.bound_tools(registry=registry)
    assert bound["strudel_validate"]('s("bd")')["result"]["ok"] is True
    assert len(registry.log) == 1 and registry.log.records()[0]["tool"] == "strudel_validate"
    assert inspect.signature(bound["strudel_knowledge"]) == inspect.signature(tools.strudel_knowledge)


def test_entry_point_for_jupyter_server_mcp_lists_importable_tools():
    # jupyter-server-mcp loads the "jupyter_server_mcp.tools" entry points: a list of
    # "module:function" specs, each registered by name and docstring.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    spec = project["project"]["entry-points"]["jupyter_server_mcp.tools"]["strudel_jupyter"]
    module, attribute = spec.split(":")
    specs = getattr(importlib.import_module(module), attribute)
    assert specs is JUPYTER_SERVER_MCP_TOOLS
    names = []
    for tool_spec in specs:
        module_path, function_name = tool_spec.rsplit(":", 1)
        fn = getattr(importlib.import_module(module_path), function_name)
        assert callable(fn) and fn.__doc__ and fn.__module__ == module_path
        names.append(fn.__name__)
    assert names == ["strudel_knowledge", "strudel_validate", "search_tools"]


def test_schemas_speak_the_vocabulary():
    # Given the agent tools' JSON Schemas
    from strudel_jupyter.agent.schemas import (
        ENVELOPE_SCHEMA,
        STRUDEL_KNOWLEDGE_SCHEMA,
        STRUDEL_VALIDATE_SCHEMA,
        TOOL_ERROR_TYPES,
    )
    from strudel_jupyter.validator.validation import MAX_CODE_CHARS
    from strudel_jupyter.vocabulary import DOMAINS, MAX_QUERY_CHARS, MODES

    props = STRUDEL_KNOWLEDGE_SCHEMA["properties"]
    string_form, object_form = props["query"]["anyOf"]
    # Then the enums are the shared words (plus null: strict modes send null for "not given")
    assert props["domain"]["enum"] == object_form["properties"]["domain"]["enum"] == [*DOMAINS, None]
    assert props["mode"]["enum"] == object_form["properties"]["mode"]["enum"] == [*MODES, None]
    # and the length limits are the core's
    assert string_form["maxLength"] == object_form["properties"]["q"]["maxLength"] == MAX_QUERY_CHARS
    assert STRUDEL_VALIDATE_SCHEMA["properties"]["code"]["maxLength"] == MAX_CODE_CHARS
    failure = ENVELOPE_SCHEMA["oneOf"][1]["properties"]["error_type"]
    assert failure["enum"] == list(TOOL_ERROR_TYPES)


def test_the_validate_tool_tells_agents_to_fix_errors_and_warnings_and_leave_info():
    from strudel_jupyter.agent.mcp_server import INSTRUCTIONS

    description = default_registry().definitions("mcp", names=["strudel_validate"])[0]["description"]
    assert "Fix every error and every warning" in description
    assert "Leave findings of severity info alone" in description
    assert "leave info findings alone" in INSTRUCTIONS
