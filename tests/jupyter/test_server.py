"""The REST API behind the JupyterLab sidebar, driven through a real Jupyter server (jp_fetch).

Each test starts a server with the extension enabled by config, as an install does, and
talks HTTP to it with the test token (403 without it). The shared snapshot is served.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from strudel_jupyter import StrudelIndex
from strudel_jupyter.jupyter.rest.routes import _REFUSALS, API_ERROR_CODES, INDEX_SETTING, api_routes
from strudel_jupyter.vocabulary import DOMAINS, MODES, REASONS

pytest_plugins = ["pytest_jupyter.jupyter_server"]

REST_DOC = Path(__file__).resolve().parents[2] / "docs" / "rest-api.md"
VERBS = ("get", "post", "put", "patch", "delete")
REPL_COUNTS = {"samples": 139, "drum-machines": 1357, "synths": 150, "wavetables": 7, "user": 0, "all": 1654}


@pytest.fixture
def jp_server_config():
    return {"ServerApp": {"jpserver_extensions": {"strudel_jupyter": True}}}


@pytest.fixture
def api(jp_fetch):
    """GET/POST a route under strudel-jupyter/; returns (status, decoded JSON body)."""

    async def call(*parts, params=None, method="GET", body=None, headers=None):
        response = await jp_fetch(
            "strudel-jupyter", *parts, params=params, method=method, body=body, headers=headers, raise_error=False
        )
        assert response.headers["Content-Type"].startswith("application/json")
        return response.code, json.loads(response.body)

    return call


def assert_error(body, code):
    assert body["code"] == code
    assert isinstance(body["message"], str) and body["message"]
    assert "traceback" not in body


# --------------------------------------------------------------- knowledge
async def test_knowledge_answers_a_question(api):
    status, body = await api("knowledge", params={"q": "what does room do"})
    assert status == 200
    assert body["ok"] is True and body["mode"] == "detail"
    assert body["items"][0]["name"] == "room"
    assert len(body["items"][0]["examples"]) <= 2


async def test_knowledge_honours_domain_mode_and_limit(api):
    status, body = await api("knowledge", params={"q": "piano", "domain": "sounds", "mode": "search", "limit": "3"})
    assert status == 200 and body["domain"] == "sounds" and body["mode"] == "search"
    assert 1 <= len(body["items"]) <= 3
    assert all(item["kind"] in ("sound", "bank") for item in body["items"])


async def test_knowledge_post_takes_a_json_object(api):
    status, body = await api("knowledge", method="POST", body=json.dumps({"q": "rooom", "limit": 2}))
    assert status == 200
    assert body["items"][0]["name"] == "room" and body["items"][0]["match"] == "fuzzy"


async def test_knowledge_unknown_name_is_an_answer_with_real_suggestions(api):
    status, body = await api("knowledge", params={"q": "is trancegate valid"})
    assert status == 200
    assert body["ok"] is False and body["reason"] == "not_found"
    assert body["suggestions"]
    for name in body["suggestions"]:  # never an invented name: each is a real function or sound
        statuses = {(await api(route, name))[0] for route in ("reference", "sounds")}
        assert 200 in statuses, name


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({}, "missing_parameter"),
        ({"q": "   "}, "empty_query"),
        ({"q": "x" * 1001}, "query_too_long"),
        ({"q": "room", "domain": "drums"}, "invalid_parameter"),
        ({"q": "room", "mode": "verbose"}, "invalid_parameter"),
        ({"q": "room", "limit": "many"}, "invalid_parameter"),
        ({"q": "room", "limit": "0"}, "invalid_parameter"),
        ({"q": "room", "limit": "201"}, "invalid_parameter"),
    ],
)
async def test_knowledge_bad_parameters_are_400_with_a_code(api, params, code):
    status, body = await api("knowledge", params=params)
    assert status == 400
    assert_error(body, code)


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ("{not json", "invalid_json"),
        ('["room"]', "invalid_json"),
        ('{"q": 5}', "invalid_parameter"),
        ('{"q": "room", "colour": "red"}', "invalid_parameter"),
        ('{"q": "room", "limit": true}', "invalid_parameter"),
        ('{"domain": "sounds"}', "missing_parameter"),
    ],
)
async def test_knowledge_bad_bodies_are_400_with_a_code(api, body, code):
    status, reply = await api("knowledge", method="POST", body=body)
    assert status == 400
    assert_error(reply, code)


# --------------------------------------------------------------- reference
async def test_reference_list_is_the_tab_with_tag_counts(api):
    status, body = await api("reference")
    assert status == 200
    assert body["total"] == 509 and body["offset"] == 0 and body["limit"] == 100
    assert len(body["items"]) == 100
    assert set(body["items"][0]) == {"name", "synonyms", "tags"}  # light: no descriptions in lists
    assert body["status"] == "509 functions" and body["details"] == []  # no search, no tag: no details
    assert len(body["tags"]) == 24 and body["tags"]["superdough"] == 170
    assert "supradough" not in body["tags"]


async def test_reference_search_matches_names_and_synonyms_and_filters_by_tag(api):
    _, body = await api("reference", params={"search": "ROOM"})
    assert [item["name"] for item in body["items"]] == ["room", "roomdim", "roomfade", "roomlp", "roomsize"]
    _, tagged = await api("reference", params={"search": "lp", "tag": "envelope"})
    assert [i["name"] for i in tagged["items"]] == ["lpattack", "lpdecay", "lpenv", "lprelease", "lpsustain"]
    _, by_synonym = await api("reference", params={"search": "bandq"})
    assert by_synonym["items"] == [{"name": "bpq", "synonyms": ["bandq"], "tags": by_synonym["items"][0]["tags"]}]
    # under a search the details of every match come along, in list order
    assert [d["name"] for d in body["details"]] == ["room", "roomdim", "roomfade", "roomlp", "roomsize"]
    assert body["status"] == "5 functions matching “ROOM”"


async def test_reference_pages_cover_the_whole_tab(api):
    seen = []
    for offset in range(0, 509, 200):
        _, body = await api("reference", params={"offset": offset, "limit": 200})
        seen += [item["name"] for item in body["items"]]
    assert len(seen) == len(set(seen)) == 509


async def test_reference_search_without_a_match_offers_the_fuzzy_suggestion(api):
    status, body = await api("reference", params={"search": "rooom"})
    assert status == 200 and body["total"] == 0 and body["items"] == []
    assert body["suggestions"][0] == "room"


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({"tag": "nope"}, "invalid_parameter"),
        ({"offset": "-1"}, "invalid_parameter"),
        ({"limit": "2001"}, "invalid_parameter"),
        ({"search": "a" * 201}, "invalid_parameter"),
    ],
)
async def test_reference_list_bad_parameters_are_400(api, params, code):
    status, body = await api("reference", params=params)
    assert status == 400
    assert_error(body, code)


async def test_reference_bad_tag_lists_the_allowed_tags(api):
    _, body = await api("reference", params={"tag": "efects"})
    assert "filter" in body["allowed"] and body["allowed"][0] == "all"


async def test_reference_entry_has_description_html_params_and_examples(api):
    status, body = await api("reference", "room")
    assert status == 200
    assert body["name"] == "room" and body["kind"] == "function"
    assert body["description_html"].startswith("<p>Sets the level of reverb.")
    assert body["params"][0]["name"] == "level"
    assert len(body["examples"]) == 2 and "room(" in body["examples"][0]


async def test_reference_entry_by_synonym(api):
    _, listing = await api("reference", params={"search": ""})
    with_synonym = next(i for i in listing["items"] if i["synonyms"])
    status, body = await api("reference", with_synonym["synonyms"][0])
    assert status == 200 and body["name"] == with_synonym["name"]


async def test_an_engine_only_function_an_answer_names_has_a_page_saying_so(api):
    # Given leslie, documented for SuperDirt only: the tab lists no row for it
    _, listing = await api("reference", params={"search": "leslie"})
    assert all(i["name"] != "leslie" for i in listing["items"])
    # When its page is asked for (an answer's name clicked in the Ask box)
    status, body = await api("reference", "leslie")
    # Then it is there, saying which engine it needs before its own description
    assert status == 200 and body["name"] == "leslie"
    assert body["description_html"].startswith("<p class='strudel-engine-only'><strong>SuperDirt only</strong>")
    assert ".osc()" in body["description_html"] and "Leslie" in body["description_html"]


async def test_unknown_reference_entry_is_404_with_suggestions(api):
    status, body = await api("reference", "rooom")
    assert status == 404
    assert_error(body, "not_found")
    assert body["suggestions"][0] == "room"


# ------------------------------------------------------------------ sounds
async def test_sound_list_counts_are_the_repls(api):
    status, body = await api("sounds", params={"category": "drum-machines"})
    assert status == 200
    assert body["total"] == 1357 and body["category"] == "drum-machines"
    assert body["categories"] == REPL_COUNTS
    assert body["items"][0] == {
        "name": "9000_bd",
        "label": "9000_bd(1)",
        "count": 1,
        "type": "sample",
        "categories": ["drum-machines", "all"],
    }


async def test_sound_search_counts_matches_per_category(api):
    _, body = await api("sounds", params={"search": "piano", "category": "synths"})
    assert all("piano" in item["name"] for item in body["items"])
    assert body["matching"]["synths"] == body["total"] > 0
    assert body["matching"]["all"] >= body["matching"]["samples"] + body["matching"]["synths"]
    assert body["categories"] == REPL_COUNTS  # whole-registry counts stay on the buttons


async def test_sound_category_aliases_are_accepted(api):
    _, body = await api("sounds", params={"category": "drums", "limit": 1})
    assert body["category"] == "drum-machines" and body["total"] == 1357


async def test_synths_print_no_count(api):
    _, body = await api("sounds", params={"search": "sawtooth", "category": "synths"})
    saw = next(item for item in body["items"] if item["name"] == "sawtooth")
    assert saw["count"] is None and saw["label"] == "sawtooth"


async def test_sound_search_without_a_match_offers_suggestions(api):
    _, body = await api("sounds", params={"search": "pianno"})
    assert body["total"] == 0 and "piano" in body["suggestions"]


@pytest.mark.parametrize(
    ("params", "code"),
    [({"category": "loops"}, "invalid_parameter"), ({"limit": "x"}, "invalid_parameter")],
)
async def test_sound_list_bad_parameters_are_400(api, params, code):
    status, body = await api("sounds", params=params)
    assert status == 400
    assert_error(body, code)


async def test_sound_entry_and_bank(api):
    status, bd = await api("sounds", "bd")
    assert status == 200
    assert bd["kind"] == "sound" and bd["label"] == "bd(8)" and bd["usage"] == 's("bd")'
    # each drum machine once, as .bank() spells it; aliases (tr909) are the same machine
    assert "RolandTR909" in bd["banks_with_sound"] and "tr909" not in bd["banks_with_sound"]
    assert len(bd["banks_with_sound"]) == 69
    status, bank = await api("sounds", "RolandTR909")
    assert status == 200 and bank["kind"] == "bank" and "bd" in bank["sounds"]


async def test_unknown_sound_is_404_with_suggestions(api):
    status, body = await api("sounds", "pianno")
    assert status == 404
    assert_error(body, "not_found")
    assert "piano" in body["suggestions"]


# ------------------------------------------------------------------ facets
async def test_categories_and_tags_with_counts(api):
    status, body = await api("categories")
    assert status == 200 and body["categories"] == REPL_COUNTS
    assert list(body["categories"]) == ["samples", "drum-machines", "synths", "wavetables", "user", "all"]
    status, body = await api("tags")
    assert status == 200 and body["total"] == 509
    assert body["tags"]["filter"] == 46 and list(body["tags"]) == sorted(body["tags"], key=str.lower)


async def test_registered_user_sounds_show_under_user(api, jp_web_app, shared_snapshot_dir):
    # Given a server answering from an index of its own, with one sample map registered
    index = StrudelIndex.from_path(shared_snapshot_dir)
    index.register_sounds({"swoop": ["swoop/a.wav", "swoop/b.wav"]}, "https://example.com/")
    jp_web_app.settings[INDEX_SETTING] = index
    # When the sidebar asks for the user category
    _, body = await api("sounds", params={"category": "user"})
    # Then the new sound is there, counted as the REPL counts it
    assert body["categories"]["user"] == 1
    assert body["items"] == [
        {"name": "swoop", "label": "swoop(2)", "count": 2, "type": "sample", "categories": ["samples", "user", "all"]}
    ]


async def test_registering_sounds_is_seen_by_the_next_request(api, jp_web_app, shared_snapshot_dir):
    # Given a server that has already answered the user category (and kept that answer)
    index = StrudelIndex.from_path(shared_snapshot_dir)
    jp_web_app.settings[INDEX_SETTING] = index
    _, before = await api("sounds", params={"category": "user"})
    assert before["total"] == 0
    # When sounds are registered
    index.register_sounds({"swish": "swish.wav"}, "https://example.com/")
    # Then the same request sees them, and so do the counts on other routes
    _, after = await api("sounds", params={"category": "user"})
    assert after["total"] == 1 and after["items"][0]["name"] == "swish"
    _, categories = await api("categories")
    assert categories["categories"]["user"] == 1


# ------------------------------------------------------------------ errors
ROUTES = [
    ("knowledge",),
    ("reference",),
    ("reference", "room"),
    ("sounds",),
    ("sounds", "bd"),
    ("categories",),
    ("tags",),
]


@pytest.mark.parametrize("parts", ROUTES)
async def test_every_route_refuses_requests_without_a_token(api, parts):
    status, body = await api(*parts, params={"q": "room"}, headers={"Authorization": ""})
    assert status == 403
    assert_error(body, "forbidden")


@pytest.mark.parametrize("parts", ROUTES)
async def test_every_route_answers_with_the_token(api, parts):
    status, _body = await api(*parts, params={"q": "room"})
    assert status == 200


async def test_unknown_method_is_a_json_405(api):
    status, body = await api("reference", method="POST", body="{}")
    assert status == 405
    assert_error(body, "method_not_allowed")


async def test_a_bug_is_a_500_without_a_traceback(api, jp_web_app):
    # Given an index that breaks (a server-side bug, not user input)
    class Broken:
        @property
        def reference(self):
            raise RuntimeError("secret internals")

    jp_web_app.settings[INDEX_SETTING] = Broken()
    status, body = await api("tags")
    assert status == 500
    assert body == {"code": "internal_error", "message": "The Strudel lookup failed unexpectedly."}


async def test_post_without_a_token_is_refused_too(api):
    status, body = await api("knowledge", method="POST", body='{"q": "room"}', headers={"Authorization": ""})
    assert status == 403
    assert_error(body, "forbidden")


async def test_every_domain_and_mode_of_the_vocabulary_is_accepted(api):
    # Given each word of the shared vocabulary, the REST API takes it as the core does
    for domain in DOMAINS:
        status, body = await api("knowledge", params={"q": "saw", "domain": domain})
        assert status == 200 and body["ok"], domain
    for mode in MODES:
        status, body = await api("knowledge", params={"q": "saw", "mode": mode})
        assert status == 200 and body["ok"], mode
    # and a word outside it is refused with the whole vocabulary in the message
    status, body = await api("knowledge", params={"q": "saw", "mode": "verbose"})
    assert status == 400 and all(mode in body["message"] for mode in MODES)


# ---------------------------------------------------------- the route table
def test_every_verb_of_every_route_is_authenticated():
    # Given the whole route table, every verb a handler defines goes through tornado's authenticated
    for _pattern, handler in api_routes():
        verbs = [verb for verb in VERBS if verb in vars(handler)]
        assert verbs, handler
        for verb in verbs:
            assert hasattr(getattr(handler, verb), "__wrapped__"), f"{handler.__name__}.{verb} is not authenticated"


def test_routes_live_under_the_base_url():
    routes = [pattern for pattern, _handler in api_routes("/lab/user/me/")]
    assert routes and all(r.startswith("/lab/user/me/strudel-jupyter/") for r in routes)
    assert len(set(routes)) == len(routes)


def test_the_rest_doc_lists_every_route_and_error_code():
    # Given docs/rest-api.md, every verb and route of the table has its section
    doc = REST_DOC.read_text(encoding="utf-8")
    for pattern, handler in api_routes():
        path = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"<\1>", pattern)
        for verb in (v for v in VERBS if v in vars(handler)):
            assert f"{verb.upper()} {path}" in doc, f"{verb.upper()} {path} is not in docs/rest-api.md"
    # and the errors table names every code an error body can carry
    errors = doc.split("## Errors", 1)[1].split("\n## ", 1)[0]
    assert {code for code in API_ERROR_CODES if f"`{code}`" not in errors} == set()


def test_refused_reasons_are_reasons_of_the_core_and_codes_of_the_api():
    assert set(_REFUSALS) <= set(REASONS)
    assert {code for _status, code in _REFUSALS.values()} <= set(API_ERROR_CODES)
