"""The tools as plain typed callables: signatures, docstrings, the jupyter-server-mcp entry point."""

from __future__ import annotations

import importlib
import inspect
import tomllib
import typing
from pathlib import Path

from strudel_jupyter import get_index
from strudel_jupyter import strudel_knowledge as core_knowledge
from strudel_jupyter.agent import JUPYTER_SERVER_MCP_TOOLS, default_registry, tools
from strudel_jupyter.code.validation import strudel_validate as core_validate
from strudel_jupyter.vocabulary import DEFAULT_LIMIT, MAX_LIMIT

ROOT = Path(__file__).resolve().parents[2]


def test_plain_callables_return_the_core_results():
    # The default index is the shared snapshot (conftest sets STRUDEL_SNAPSHOT)
    assert tools.strudel_knowledge("what does fast do") == core_knowledge("what does fast do")
    assert tools.strudel_knowledge("fast", mode="detail", limit=1) == core_knowledge(
        {"q": "fast", "mode": "detail", "limit": 1}
    )
    code = 's("bd").rooom(.5)'
    assert tools.strudel_validate(code) == core_validate(code)
    found = tools.search_tools("validate")
    assert found["tools"][0]["name"] == "strudel_validate"
    assert found == default_registry().find_tools("validate")


def test_signatures_are_typed_and_documented_for_frameworks():
    for fn in (tools.strudel_knowledge, tools.strudel_validate, tools.search_tools):
        hints = typing.get_type_hints(fn)
        params = inspect.signature(fn).parameters
        assert set(params) <= set(hints) and hints["return"] == dict[str, typing.Any]
        doc = inspect.getdoc(fn)
        assert doc and "Args:" in doc and "Returns:" in doc
        for name in params:
            assert f"{name}:" in doc, f"{fn.__name__} does not document {name}"
    required = [p for p, v in inspect.signature(tools.strudel_knowledge).parameters.items() if v.default is v.empty]
    assert required == ["query"]


def test_documented_limit_is_the_cores_limit():
    # Frameworks show the docstring to the model: it must allow what the core allows
    doc = inspect.getdoc(tools.strudel_knowledge)
    assert f"limit: number of items to return (1-{MAX_LIMIT}, default {DEFAULT_LIMIT})" in doc
    assert tools.bound_tools(get_index())["strudel_knowledge"].__doc__ == tools.strudel_knowledge.__doc__


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
        assert callable(fn) and fn.__doc__
        names.append(fn.__name__)
    assert names == ["strudel_knowledge", "strudel_validate", "search_tools"]


def test_schemas_and_annotations_speak_the_vocabulary():
    # Given the agent tools' JSON Schemas and the plain callables' annotations
    from strudel_jupyter.agent.schemas import (
        ENVELOPE_SCHEMA,
        STRUDEL_KNOWLEDGE_SCHEMA,
        STRUDEL_VALIDATE_SCHEMA,
        TOOL_ERROR_TYPES,
    )
    from strudel_jupyter.code.validation import MAX_CODE_CHARS
    from strudel_jupyter.vocabulary import DOMAINS, MAX_QUERY_CHARS, MODES, Domain, Mode

    props = STRUDEL_KNOWLEDGE_SCHEMA["properties"]
    string_form, object_form = props["query"]["anyOf"]
    # Then the enums are the shared words, in both the flat and the object form
    assert props["domain"]["enum"] == object_form["properties"]["domain"]["enum"] == list(DOMAINS)
    assert props["mode"]["enum"] == object_form["properties"]["mode"]["enum"] == list(MODES)
    # and the length limits are the core's
    assert string_form["maxLength"] == MAX_QUERY_CHARS
    assert STRUDEL_VALIDATE_SCHEMA["properties"]["code"]["maxLength"] == MAX_CODE_CHARS
    failure = ENVELOPE_SCHEMA["oneOf"][1]["properties"]["error_type"]
    assert failure["enum"] == list(TOOL_ERROR_TYPES)
    # and the callables are annotated with the same Literal types
    for fn in (tools.strudel_knowledge, tools.bound_tools(get_index())["strudel_knowledge"]):
        hints = typing.get_type_hints(fn)
        assert hints["domain"] == Domain | None and hints["mode"] == Mode | None
