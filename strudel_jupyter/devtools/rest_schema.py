"""Write the REST API's JSON Schema from the Python types (``jupyter/rest/payloads.py``).

    python -m strudel_jupyter.devtools.rest_schema [--out PATH]

The schema (``labextension/schema/rest.schema.json`` by default, committed) is where the
sidebar's TypeScript types come from (``jlpm schema:types``), and the tests validate real
responses against it. Regenerate both after changing a response type; a test fails until then.

pydantic writes the schema; it is a dev dependency, so only this module imports it.
"""

from __future__ import annotations

import argparse
import json
import sys
import types
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typing_extensions
from pydantic import TypeAdapter
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from ..jupyter.rest.payloads import RestResponses

__all__ = ["DEFAULT_OUT", "rest_schema", "schema_text"]

#: Where the sidebar's build reads the schema from, in a source checkout.
DEFAULT_OUT = Path(__file__).resolve().parents[2] / "labextension" / "schema" / "rest.schema.json"
SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class _ClosedObjects(GenerateJsonSchema):
    """pydantic's generator, with two choices made for a response contract.

    Objects are closed (``additionalProperties: false``): a key the server sends but the types
    do not declare fails validation, and the TypeScript interfaces get no index signature.
    Fields carry no title: json-schema-to-typescript would turn each titled field into a
    type alias of its own (``export type Name = string``).
    """

    def typed_dict_schema(self, schema: core_schema.TypedDictSchema) -> JsonSchemaValue:
        json_schema = super().typed_dict_schema(schema)
        json_schema["additionalProperties"] = False
        return json_schema

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def _pydantic_ready(tp: Any, done: dict[Any, Any]) -> Any:
    """``tp`` with every ``typing.TypedDict`` in it rebuilt as a ``typing_extensions.TypedDict``.

    pydantic refuses ``typing.TypedDict`` before Python 3.12, and the package's types use it
    (the package needs no typing_extensions at run time). The copies keep names, docstrings
    and which keys are required. Which keys are required is read from the ``NotRequired`` /
    ``Required`` wrappers, not from ``__required_keys__``: under ``from __future__ import
    annotations`` Python 3.11 counts every key as required there.
    """
    if typing_extensions.is_typeddict(tp):
        if tp not in done:
            fields = {}
            for key, hint in typing.get_type_hints(tp, include_extras=True).items():
                if typing.get_origin(hint) in (typing.Required, typing.NotRequired):
                    required, hint = typing.get_origin(hint) is typing.Required, typing.get_args(hint)[0]
                else:
                    required = tp.__total__
                wrapper = typing_extensions.Required if required else typing_extensions.NotRequired
                fields[key] = wrapper[_pydantic_ready(hint, done)]
            rebuilt = typing_extensions.TypedDict(tp.__name__, fields)  # type: ignore[misc]  # name known at run time
            rebuilt.__doc__, rebuilt.__module__ = tp.__doc__, tp.__module__
            done[tp] = rebuilt
        return done[tp]
    args = typing.get_args(tp)
    origin = typing.get_origin(tp)
    if not args or origin is typing.Literal:
        return tp
    ready = tuple(_pydantic_ready(arg, done) for arg in args)
    if origin in (typing.Union, types.UnionType):
        return typing.Union[ready]  # noqa: UP007 (built from a tuple of members)
    return origin[ready]


def rest_schema() -> dict[str, Any]:
    """The JSON Schema of :class:`RestResponses`: one property per route, shared ``$defs``."""
    adapter: TypeAdapter[Any] = TypeAdapter(_pydantic_ready(RestResponses, {}))
    schema = adapter.json_schema(mode="serialization", schema_generator=_ClosedObjects)
    return {"$schema": SCHEMA_DIALECT, **schema}


def schema_text() -> str:
    """The schema file's exact text (stable: pydantic keeps declaration order)."""
    return json.dumps(rest_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"file to write (default: {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
