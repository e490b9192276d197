"""The editor routes (complete, inspect, validate) through a real Jupyter server (jp_fetch).

Given a server with the extension enabled, when the editor of a ``%%strudel`` cell posts
its code and cursor, then the answers are the core's: completions ranked by the one
engine, the docs of the name under the cursor, the validator's findings; bad bodies are
400s with a code, and no token is a 403.
"""

from __future__ import annotations

import json

import pytest

pytest_plugins = ["pytest_jupyter.jupyter_server"]


@pytest.fixture
def jp_server_config():
    return {"ServerApp": {"jpserver_extensions": {"strudel_jupyter": True}}}


@pytest.fixture
def post(jp_fetch):
    async def call(route, body, headers=None):
        text = body if isinstance(body, str) else json.dumps(body)
        response = await jp_fetch(
            "strudel-jupyter", route, method="POST", body=text, headers=headers, raise_error=False
        )
        assert response.headers["Content-Type"].startswith("application/json")
        return response.code, json.loads(response.body)

    return call


async def test_complete_ranks_room_first_after_ro(post):
    code = 'note("c e").ro'
    status, body = await post("complete", {"code": code, "cursor": len(code)})
    assert status == 200
    assert (body["slot"], body["start"], body["end"]) == ("method", len(code) - 2, len(code))
    first = body["items"][0]
    assert (first["text"], first["kind"], first["name"]) == ("room", "function", "room")
    assert first["detail"].startswith("Sets the level of reverb")


async def test_complete_sounds_and_banks_with_a_limit(post):
    status, body = await post("complete", {"code": 's("b'})
    assert status == 200 and body["items"][0]["text"] == "bd" and body["items"][0]["kind"] == "sound"
    status, body = await post("complete", {"code": 's("bd").bank("tr', "limit": 2})
    assert status == 200 and len(body["items"]) == 2 and {i["kind"] for i in body["items"]} == {"bank"}


async def test_complete_where_no_name_fits_is_empty(post):
    status, body = await post("complete", {"code": '// s("b'})
    assert status == 200 and body == {"slot": None, "start": 7, "end": 7, "items": []}


async def test_inspect_the_name_under_the_cursor(post):
    code = 's("bd").room(0.5)'
    status, body = await post("inspect", {"code": code, "cursor": code.index("room") + 1})
    assert status == 200
    item = body["item"]
    assert item["name"] == "room" and "reverb" in item["description_html"] and item["params"]
    status, body = await post("inspect", {"code": code, "cursor": code.index("0.5")})
    assert status == 200 and body == {"item": None}


async def test_validate_finds_a_typo_with_its_suggestion(post):
    status, body = await post("validate", {"code": 's("bd").rooom(0.5)'})
    assert status == 200 and body["ok"] is False
    [finding] = body["findings"]
    assert (finding["kind"], finding["name"], finding["line"], finding["column"]) == ("unknown_method", "rooom", 1, 9)
    assert finding["suggestions"][0] == "room"
    status, body = await post("validate", {"code": 's("bd sd").room(0.5)'})
    assert status == 200 and body["ok"] is True and body["findings"] == []


@pytest.mark.parametrize(
    ("route", "body", "code"),
    [
        ("complete", "not json", "invalid_json"),
        ("complete", [1, 2], "invalid_json"),
        ("complete", {}, "missing_parameter"),
        ("complete", {"code": 5}, "invalid_parameter"),
        ("complete", {"code": "s", "cursor": 2}, "invalid_parameter"),
        ("complete", {"code": "s", "cursor": True}, "invalid_parameter"),
        ("complete", {"code": "s", "limit": 0}, "invalid_parameter"),
        ("complete", {"code": "s", "colour": "red"}, "invalid_parameter"),
        ("inspect", {"code": "s", "cursor": -1}, "invalid_parameter"),
        ("validate", {"code": "s", "cursor": 1}, "invalid_parameter"),  # validate takes no cursor
        ("validate", {"code": "x" * (65 * 1024)}, "invalid_json"),  # past the body bound
    ],
)
async def test_bad_bodies_are_400_with_a_code(post, route, body, code):
    status, answer = await post(route, body)
    assert status == 400
    assert answer["code"] == code and answer["message"]


@pytest.mark.parametrize("route", ["complete", "inspect", "validate"])
async def test_no_token_is_403(post, route):
    status, answer = await post(route, {"code": "s"}, headers={"Authorization": ""})
    assert status == 403 and answer["code"] == "forbidden"


async def test_get_is_405(jp_fetch):
    response = await jp_fetch("strudel-jupyter", "validate", raise_error=False)
    assert response.code == 405
