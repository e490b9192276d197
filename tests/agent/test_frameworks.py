"""Frameworks that build tools from the plain functions get the registry's schemas (offline).

LangChain, pydantic-ai and smolagents read the signatures; litellm reads names and docstrings
(``function_to_dict``) and takes the registry's OpenAI definitions as they are.
"""

from __future__ import annotations

import os

import pytest

from strudel_jupyter.agent import default_registry, tools

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # litellm reads its bundled map, no network

PLAIN = (tools.strudel_knowledge, tools.strudel_validate, tools.search_tools)
#: Keys a framework may add to a property beside the registry's own.
ADDED = {"title", "default"}


def registry_properties(fn):
    return default_registry().schema(fn.__name__)["properties"]


def without_added(properties):
    return {name: {k: v for k, v in spec.items() if k not in ADDED} for name, spec in properties.items()}


def test_langchain_structured_tools_have_the_registrys_schemas():
    from langchain_core.tools import StructuredTool
    from langchain_core.utils.function_calling import convert_to_openai_tool

    for fn in PLAIN:
        # Given a LangChain tool built from the plain function
        tool = StructuredTool.from_function(fn)
        # Then its arguments schema, and the OpenAI tool LangChain sends, are the registry's
        assert without_added(tool.args_schema.model_json_schema()["properties"]) == registry_properties(fn)
        sent = convert_to_openai_tool(tool)["function"]["parameters"]["properties"]
        assert without_added(sent) == registry_properties(fn)
    # and a bad mode is a warning from the registry, not a validation error from pydantic
    envelope = StructuredTool.from_function(tools.strudel_knowledge).invoke({"query": "room", "mode": "bogus"})
    assert envelope["success"] and envelope["warnings"][0].startswith("ignored invalid argument: mode: 'bogus'")


def test_pydantic_ai_tools_have_the_registrys_schemas():
    from pydantic_ai import Tool

    for fn in PLAIN:
        tool = Tool(fn)
        schema = tool.function_schema.json_schema
        assert without_added(schema["properties"]) == registry_properties(fn)
        assert schema.get("required", []) == default_registry().schema(fn.__name__).get("required", [])
    # pydantic-ai checks types only: the registry's bounds become warnings when the call runs
    validated = Tool(tools.strudel_knowledge).function_schema.validator.validate_python({"query": "x", "limit": 500})
    assert validated["limit"] == 500


def test_smolagents_tools_have_the_registrys_types_enums_and_descriptions():
    from smolagents import tool

    for fn in PLAIN:
        # Given a smolagents tool (it reads the type hints and the Google-style docstring)
        inputs = tool(fn).inputs
        properties = registry_properties(fn)
        assert list(inputs) == list(properties)
        for name, spec in properties.items():
            # Then each input has the registry's description, enum and nullability
            assert inputs[name]["description"] == " ".join(spec["description"].split())
            assert inputs[name].get("enum") == ([v for v in spec["enum"] if v is not None] if "enum" in spec else None)
            types = spec.get("type") or [option["type"] for option in spec["anyOf"]]
            assert inputs[name].get("nullable", False) == ("null" in types)
    assert tool(tools.strudel_knowledge).inputs["limit"]["type"] == "integer"
    # and calling it answers the envelope
    assert tool(tools.strudel_validate)(code='s("bd")')["result"]["ok"] is True


def test_litellm_reads_the_plain_functions_and_takes_the_registry_definitions():
    from litellm.llms.anthropic.chat.transformation import AnthropicConfig
    from litellm.utils import function_to_dict

    # Given litellm's function_to_dict (it failed on string annotations before)
    for fn in PLAIN:
        described = function_to_dict(fn)
        # Then the names, required parameters and summary are the registry's
        assert described["name"] == fn.__name__
        assert list(described["parameters"]["properties"]) == list(registry_properties(fn))
        assert described["parameters"].get("required", []) == default_registry().schema(fn.__name__).get("required", [])
        assert described["description"] == fn.__doc__.split("\n\n")[0]
    # and litellm turns the registry's strict OpenAI definitions into Anthropic tools unchanged
    openai_tools = default_registry().definitions("openai", all=True)
    mapped, _ = AnthropicConfig()._map_tools(openai_tools)
    assert [t["name"] for t in mapped] == [t["function"]["name"] for t in openai_tools]
    for anthropic_tool, openai_tool in zip(mapped, openai_tools, strict=True):
        assert anthropic_tool["input_schema"]["properties"] == openai_tool["function"]["parameters"]["properties"]


@pytest.mark.parametrize("fn", PLAIN, ids=lambda fn: fn.__name__)
def test_the_mcp_sdks_signature_tools_have_the_registrys_schemas(fn):
    from mcp.server.mcpserver import MCPServer

    server = MCPServer("signature-test")
    server.add_tool(fn)
    import anyio
    from mcp import Client

    async def main():
        async with Client(server) as client:
            return (await client.list_tools()).tools[0].input_schema

    assert without_added(anyio.run(main)["properties"]) == registry_properties(fn)


def test_jupyter_server_mcp_serves_the_plain_functions_with_the_registrys_schemas():
    import importlib

    import anyio
    from fastmcp import Client
    from jupyter_server_mcp.mcp_server import MCPServer as JupyterMCPServer

    from strudel_jupyter.agent import JUPYTER_SERVER_MCP_TOOLS

    # Given jupyter-server-mcp's own server, with the tools its entry point names
    server = JupyterMCPServer()
    specs = [spec.rsplit(":", 1) for spec in JUPYTER_SERVER_MCP_TOOLS]
    server.register_tools([getattr(importlib.import_module(module), name) for module, name in specs])

    async def main():
        async with Client(server.mcp) as client:
            listed = await client.list_tools()
            called = await client.call_tool("strudel_knowledge", {"query": "room", "mode": "bogus"})
            return listed, called

    listed, called = anyio.run(main)
    # Then the schemas it serves are the registry's
    for tool in listed:
        assert without_added(tool.input_schema["properties"]) == registry_properties(getattr(tools, tool.name))
    # and a call answers the envelope, the bad mode a warning
    assert called.structured_content["success"] is True
    assert called.structured_content["warnings"][0].startswith("ignored invalid argument: mode: 'bogus'")
