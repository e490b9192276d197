"""The REST payload types, written once: Python types -> JSON Schema -> TypeScript.

The committed schema (``labextension/schema/rest.schema.json``) must be what the Python types
in ``jupyter/rest/payloads.py`` generate now, the committed TypeScript (``src/rest.generated.ts``)
what the schema generates, and real answers (from the core and through a real server) must
validate against the schema, which is closed: an undeclared key fails.
"""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from strudel_jupyter.ask.knowledge import strudel_knowledge
from strudel_jupyter.data.index import get_index
from strudel_jupyter.devtools.rest_schema import DEFAULT_OUT, main, rest_schema, schema_text
from strudel_jupyter.jupyter.rest import routes as server
from strudel_jupyter.jupyter.rest.payloads import RestResponses
from strudel_jupyter.lookup.browse import browse_sounds

pytest_plugins = ["pytest_jupyter.jupyter_server"]

LABEXTENSION = Path(__file__).resolve().parents[2] / "labextension"
SCHEMA = json.loads(DEFAULT_OUT.read_text(encoding="utf-8"))

#: Route (as registered by setup_handlers, base "/") -> its property in RestResponses.
ROUTE_TYPES = {
    "/strudel-jupyter/knowledge": "knowledge",
    "/strudel-jupyter/reference": "reference",
    "/strudel-jupyter/reference/(?P<name>[^/]+)": "reference_entry",
    "/strudel-jupyter/sounds": "sounds",
    "/strudel-jupyter/sounds/(?P<name>[^/]+)": "sound_entry",
    "/strudel-jupyter/categories": "categories",
    "/strudel-jupyter/tags": "tags",
    "/strudel-jupyter/sound-sources": "sound_sources",
    "/strudel-jupyter/complete": "complete",
    "/strudel-jupyter/inspect": "inspect",
    "/strudel-jupyter/validate": "validate",
    "/strudel-jupyter/user-sounds": "user_sounds",
    "/strudel-jupyter/samples-status": "samples_status",
}
#: Routes whose answer is not JSON: the sample cache serves Strudel's files as they are.
BINARY_ROUTES = ["/strudel-jupyter/samples/(?P<path>.+)"]


def validator(name: str) -> Draft202012Validator:
    """A validator for one property of RestResponses (one route's body), with the shared $defs."""
    return Draft202012Validator({"$defs": SCHEMA["$defs"], **SCHEMA["properties"][name]})


def problems(name: str, body: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in validator(name).iter_errors(body)]


# ------------------------------------------------------------ the schema itself
def test_the_schema_is_valid_json_schema():
    Draft202012Validator.check_schema(SCHEMA)


def test_the_committed_schema_is_a_fresh_generation():
    assert DEFAULT_OUT.read_text(encoding="utf-8") == schema_text(), (
        "the Python REST types changed: run `jlpm schema` in labextension/ (or "
        "`python -m strudel_jupyter.devtools.rest_schema` then `jlpm schema:types`) and commit both"
    )


def test_the_command_writes_the_same_text(tmp_path):
    out = tmp_path / "nested" / "rest.schema.json"
    assert main(["--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == schema_text()


def test_every_route_has_a_response_type():
    # Given the route table the server registers
    class App:
        settings: dict[str, Any] = {"base_url": "/"}
        routes: list[str] = []

        def add_handlers(self, host: str, routes: list[tuple[str, Any]]) -> None:
            self.routes += [path for path, _handler in routes]

    app = App()
    server.setup_handlers(app)
    # Then each route has its body in RestResponses, and RestResponses has nothing else but errors
    assert sorted(app.routes) == sorted([*ROUTE_TYPES, *BINARY_ROUTES])
    assert set(RestResponses.__annotations__) == {*ROUTE_TYPES.values(), "error"}
    assert set(SCHEMA["properties"]) == set(RestResponses.__annotations__)


def test_optional_keys_are_optional_and_the_rest_required():
    # NotRequired under `from __future__ import annotations` is easy to lose on Python 3.11
    defs = rest_schema()["$defs"]
    assert "via" not in defs["FunctionItem"]["required"] and "name" in defs["FunctionItem"]["required"]
    assert {"alias_of", "sample_index", "via"}.isdisjoint(defs["SoundItem"]["required"])
    assert {"groups", "total"}.isdisjoint(defs["KnowledgeSuccess"]["required"])
    assert {"description_html", "display_tags", "synonyms_text"} <= set(defs["FunctionDetail"]["required"])
    assert {"suggestions", "allowed"}.isdisjoint(defs["ErrorReply"]["required"])


def test_the_schema_refuses_a_drifted_answer():
    # Given a real reference entry, which validates
    entry = server.reference_entry(get_index(), "room")
    assert problems("reference_entry", entry) == []
    # When a key is added, dropped, or a kind changes, then it no longer does
    extra, missing, wrong = copy.deepcopy(entry), copy.deepcopy(entry), copy.deepcopy(entry)
    extra["colour"] = "red"
    del missing["description_html"]
    wrong["kind"] = "sound"
    for drifted in (extra, missing, wrong):
        assert problems("reference_entry", drifted), drifted


# ------------------------------------------------------------ answers of the core
KNOWLEDGE_QUERIES = [
    ("what does room do", {}),
    ("sine", {}),  # a name in both tabs: answers with groups
    ("rooom", {}),
    ("rdim", {}),  # found via a synonym
    ('s("bd:3")', {}),  # a sound with a sample index
    ("tr909_bd", {}),  # an alias
    ("list synths", {}),
    ("list banks", {}),
    ("tr909", {"domain": "sounds"}),
    ("room", {"mode": "list"}),
    ("piano", {"domain": "sounds", "mode": "search", "limit": 3}),
    ("list reverb functions", {}),
    ("is trancegate valid", {}),  # ok: false, not_found
    ('s("bd").fooo()', {}),  # ok: false, invalid_code, with items
    ("", {}),  # ok: false, empty_query
    (5, {}),  # ok: false, invalid_query
]


@pytest.mark.parametrize(("query", "options"), KNOWLEDGE_QUERIES, ids=[repr(q) for q, _ in KNOWLEDGE_QUERIES])
def test_knowledge_answers_validate(query, options):
    answer = strudel_knowledge(query, **options)
    assert problems("knowledge", answer) == []


def test_the_spread_covers_both_outcomes_and_groups():
    answers = [strudel_knowledge(q, **o) for q, o in KNOWLEDGE_QUERIES]
    assert {a["ok"] for a in answers} == {True, False}
    assert {a.get("mode") for a in answers if a["ok"]} == {"detail", "search", "list"}
    sine = answers[[q for q, _ in KNOWLEDGE_QUERIES].index("sine")]
    assert {"reference", "sounds"} <= set(sine["groups"])
    assert any("sample_index" in i for a in answers for i in a.get("items", []))


def test_every_reference_entry_sound_and_bank_validates():
    index = get_index()
    for entry in index.reference.entries:
        assert problems("reference_entry", server.reference_entry(index, entry.name)) == [], entry.name
    for entry in browse_sounds(index=index).entries:  # every sound the tab lists
        assert problems("sound_entry", server.sound_entry(index, entry.name)) == [], entry.name
    for key, bank in index.sounds.banks.items():
        if index.sounds.get(key) is None:  # a sound of the same name wins over the bank
            reply = server.sound_entry(index, key)
            assert reply["kind"] == "bank" and problems("sound_entry", reply) == [], bank.label


# ------------------------------------------------------------ answers of the server
@pytest.fixture
def jp_server_config():
    return {"ServerApp": {"jpserver_extensions": {"strudel_jupyter": True}}}


@pytest.fixture
def api(jp_fetch):
    """GET/POST a route under strudel-jupyter/; returns (status, decoded JSON body)."""

    async def call(*parts, params=None, method="GET", body=None):
        response = await jp_fetch("strudel-jupyter", *parts, params=params, method=method, body=body, raise_error=False)
        return response.code, json.loads(response.body)

    return call


#: Per RestResponses property: requests (path parts, query parameters) answered with 200.
ROUTE_SAMPLES: dict[str, list[tuple[tuple[str, ...], dict[str, str]]]] = {
    "knowledge": [
        (("knowledge",), {"q": "what does room do"}),
        (("knowledge",), {"q": "sine"}),
        (("knowledge",), {"q": "list synths", "mode": "list"}),
        (("knowledge",), {"q": 's("bd:3")'}),
        (("knowledge",), {"q": "is trancegate valid"}),
    ],
    "reference": [
        (("reference",), {}),
        (("reference",), {"search": "lp", "tag": "envelope"}),
        (("reference",), {"search": "rooom"}),
        (("reference",), {"offset": "500", "limit": "20"}),
    ],
    "reference_entry": [(("reference", "room"), {}), (("reference", "rdim"), {}), (("reference", "note"), {})],
    "sounds": [
        (("sounds",), {}),
        (("sounds",), {"category": "synths"}),
        (("sounds",), {"search": "pianno"}),
        (("sounds",), {"category": "user"}),
    ],
    "sound_entry": [
        (("sounds", "bd"), {}),
        (("sounds", "sawtooth"), {}),
        (("sounds", "tr909_bd"), {}),
        (("sounds", "RolandTR909"), {}),
    ],
    "categories": [(("categories",), {})],
    "tags": [(("tags",), {})],
    "sound_sources": [(("sound-sources",), {})],
    "user_sounds": [(("user-sounds",), {})],
    "samples_status": [(("samples-status",), {}), (("samples-status",), {"check": "1"})],
}

#: Per RestResponses property of a POST route: JSON bodies answered with 200.
POST_SAMPLES: dict[str, list[dict[str, object]]] = {
    "complete": [
        {"code": 'note("c e").ro'},
        {"code": 's("bd").bank("tr9', "cursor": 17, "limit": 3},
        {"code": "// nothing here"},
    ],
    "inspect": [{"code": 's("bd").room(.5)', "cursor": 10}, {"code": 's("bd")', "cursor": 3}, {"code": "1 + 2"}],
    "validate": [{"code": 's("bd").rooom(0.5)'}, {"code": 's("bd sd")'}, {"code": 's("bd'}],
}

#: Requests the server refuses: every error body is an ErrorReply.
ERROR_SAMPLES = [
    (("knowledge",), {}, 400),
    (("knowledge",), {"q": "room", "limit": "0"}, 400),
    (("reference",), {"tag": "nope"}, 400),  # with `allowed`
    (("sounds",), {"category": "loops"}, 400),
    (("reference", "rooom"), {}, 404),  # with `suggestions`
    (("sounds", "pianno"), {}, 404),
    (("samples", "secret.txt"), {}, 404),  # a path no sample map lists
]


def test_every_route_has_samples():
    assert {*ROUTE_SAMPLES, *POST_SAMPLES} == set(ROUTE_TYPES.values())


@pytest.mark.parametrize("name", list(POST_SAMPLES))
async def test_post_route_responses_validate(api, name):
    for body in POST_SAMPLES[name]:
        status, answer = await api(name, method="POST", body=json.dumps(body))
        assert status == 200, (body, answer)
        assert problems(name, answer) == [], body


@pytest.mark.parametrize("name", list(ROUTE_SAMPLES))
async def test_route_responses_validate(api, name):
    for parts, params in ROUTE_SAMPLES[name]:
        status, body = await api(*parts, params=params)
        assert status == 200, (parts, params, body)
        assert problems(name, body) == [], (parts, params)


async def test_knowledge_post_validates(api):
    status, body = await api("knowledge", method="POST", body=json.dumps({"q": "rooom", "limit": 2}))
    assert status == 200 and problems("knowledge", body) == []


async def test_error_bodies_validate(api):
    for parts, params, expected in ERROR_SAMPLES:
        status, body = await api(*parts, params=params)
        assert status == expected, (parts, params, body)
        assert problems("error", body) == [], (parts, params)


# ------------------------------------------------------------ the TypeScript
def test_the_generated_typescript_is_current(tmp_path):
    node = shutil.which("node")
    if node is None or not (LABEXTENSION / "node_modules" / "json-schema-to-typescript").is_dir():
        pytest.skip("needs node and `jlpm install` in labextension/")
    fresh = tmp_path / "rest.generated.ts"
    done = subprocess.run(
        [node, "scripts/schema-types.mjs", "--out", str(fresh)],
        cwd=LABEXTENSION,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    committed = (LABEXTENSION / "src" / "rest.generated.ts").read_text(encoding="utf-8")
    assert committed == fresh.read_text(encoding="utf-8"), "run `jlpm schema:types` in labextension/ and commit"
