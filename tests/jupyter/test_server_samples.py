"""The sample cache route, through a real Jupyter server and a stand-in CDN on 127.0.0.1.

Given a server whose ``StrudelSamples`` traits point at the stand-in and at a cache directory
of the test's own, when the browser asks ``samples/<path>``, then only the listed maps and the
files they name come back (from upstream once, then from disk), nothing else does, and a
bad answer from upstream is never cached.
"""

from __future__ import annotations

import asyncio
import json
from urllib.parse import quote

import pytest
from jupyter_server.utils import url_path_join
from tornado.httpclient import HTTPClientError

from ..conftest import SHARED_SNAPSHOT
from ..standin_cdn import PIANO_FILE, UZU_BD, VCSL_FILE, closed_port_url, standin_cdn, wav_bytes

__all__ = ["standin_cdn"]  # the fixture, used by name

pytest_plugins = ["pytest_jupyter.jupyter_server"]


@pytest.fixture
def cache_dir(tmp_path):
    return tmp_path / "samples"


@pytest.fixture
def mirror(standin_cdn):
    return standin_cdn.url


@pytest.fixture
def jp_server_config(mirror, cache_dir):
    return {
        "ServerApp": {"jpserver_extensions": {"strudel_jupyter": True}},
        "StrudelSamples": {"mirror": mirror, "cache_dir": str(cache_dir), "max_bytes": 10_000_000},
    }


@pytest.fixture
def sample(jp_serverapp, http_server_client, jp_auth_header, jp_base_url):
    """GET samples/<path>, the path sent exactly as given (``jp_fetch`` would escape it again).

    Returns (status, headers, body bytes).
    """

    async def call(path):
        url = url_path_join(jp_base_url, "strudel-jupyter", "samples") + "/" + path
        response = await http_server_client.fetch(url, headers=dict(jp_auth_header), raise_error=False)
        return response.code, response.headers, response.body

    return call


async def status_of(jp_fetch, **params):
    response = await jp_fetch("strudel-jupyter", "samples-status", params=params)
    return json.loads(response.body)


# ------------------------------------------------------------ listed paths
async def test_a_listed_map_comes_from_upstream_once_then_from_the_cache(sample, standin_cdn, cache_dir):
    status, headers, body = await sample("piano.json")
    assert status == 200 and headers["X-Strudel-Sample-Source"] == "upstream"
    assert headers["Content-Type"] == "application/json"
    assert body == (SHARED_SNAPSHOT / "sample-maps" / "piano.json").read_bytes()  # upstream's bytes
    status, headers, again = await sample("piano.json")
    assert status == 200 and headers["X-Strudel-Sample-Source"] == "cache" and again == body
    assert standin_cdn.requests["piano.json"] == 1
    assert (cache_dir / "piano.json").read_bytes() == body


async def test_a_file_a_map_names_is_served_with_its_type(sample, standin_cdn):
    status, headers, body = await sample(PIANO_FILE)
    assert status == 200 and body == standin_cdn.files[PIANO_FILE].body
    assert headers["Content-Type"] == "audio/mpeg" and int(headers["Content-Length"]) == len(body)


async def test_a_file_whose_name_has_spaces_is_asked_for_percent_encoded(sample, standin_cdn):
    status, _headers, body = await sample(quote(VCSL_FILE))
    assert status == 200 and body == wav_bytes(330)
    assert standin_cdn.requests[VCSL_FILE] == 1


# ------------------------------------------------------------ refused paths
@pytest.mark.parametrize(
    "path",
    ["secret.txt", "piano/not-in-the-map.mp3", "index.json", "doc.json", "piano", "piano/", "Dirt-Samples.json"],
)
async def test_a_path_no_map_lists_is_404_and_upstream_is_never_asked(sample, standin_cdn, path):
    status, _headers, body = await sample(path)
    assert status == 404 and json.loads(body)["code"] == "not_found"
    assert sum(standin_cdn.requests.values()) == 0


@pytest.mark.parametrize(
    "path",
    [
        "..%2F..%2Fetc%2Fpasswd",
        "piano%2F..%2F..%2Fsecret.txt",
        "%2Fetc%2Fpasswd",
        "piano/%2E%2E/%2E%2E/x",
        "a%5C..%5Cb",
    ],
)
async def test_a_path_that_would_leave_the_cache_is_400(sample, standin_cdn, path):
    status, _headers, body = await sample(path)
    assert status == 400 and json.loads(body)["code"] == "invalid_parameter"
    assert sum(standin_cdn.requests.values()) == 0


async def test_without_a_token_the_route_is_403(jp_fetch, standin_cdn):
    with pytest.raises(HTTPClientError) as caught:
        await jp_fetch("strudel-jupyter", "samples", "piano.json", headers={"Authorization": ""})
    assert caught.value.code == 403
    assert json.loads(caught.value.response.body)["code"] == "forbidden"
    with pytest.raises(HTTPClientError) as caught:
        await jp_fetch("strudel-jupyter", "samples-status", headers={"Authorization": ""})
    assert caught.value.code == 403
    assert sum(standin_cdn.requests.values()) == 0


# ------------------------------------------------------------ upstream
async def test_concurrent_requests_for_one_file_fetch_it_once(sample, standin_cdn):
    standin_cdn.files[UZU_BD[0]].delay = 0.5  # all requests arrive while the first fetch is running
    answers = await asyncio.gather(*(sample(UZU_BD[0]) for _ in range(6)))
    assert {status for status, _h, _b in answers} == {200}
    assert {body for _s, _h, body in answers} == {standin_cdn.files[UZU_BD[0]].body}
    assert standin_cdn.requests[UZU_BD[0]] == 1


async def test_a_truncated_upstream_answer_is_not_cached(sample, standin_cdn, cache_dir):
    served = standin_cdn.files[UZU_BD[1]]
    served.declared_length = len(served.body) + 500  # Content-Length larger than the body
    status, _headers, body = await sample(UZU_BD[1])
    assert status == 502 and json.loads(body)["code"] == "upstream_error"
    assert not (cache_dir / UZU_BD[1]).exists()
    assert not [p for p in cache_dir.rglob("*") if p.is_file()]  # no half-written file left either
    served.declared_length = None  # upstream answers whole again: fetched, then cached
    status, headers, body = await sample(UZU_BD[1])
    assert status == 200 and body == served.body and headers["X-Strudel-Sample-Source"] == "upstream"
    assert standin_cdn.requests[UZU_BD[1]] == 2


async def test_an_html_page_in_place_of_a_sample_is_not_cached(sample, standin_cdn, cache_dir):
    standin_cdn.add(UZU_BD[0], b"<html>log in to the wifi</html>", "text/html")
    status, _headers, body = await sample(UZU_BD[0])
    assert status == 502 and "text/html" in json.loads(body)["message"]
    assert not (cache_dir / UZU_BD[0]).exists()


async def test_status_counts_what_the_cache_holds(sample, jp_fetch, cache_dir):
    assert (await sample(UZU_BD[0]))[0] == (await sample(UZU_BD[1]))[0] == (await sample("piano.json"))[0] == 200
    status = await status_of(jp_fetch)
    assert status["reachable"] is True and status["error"] is None
    assert status["files"] == 3 and status["sounds"] == 1  # two files of one sound (bd), and a map
    assert status["bytes"] == sum(p.stat().st_size for p in cache_dir.rglob("*") if p.is_file())
    assert status["cache_dir"] == str(cache_dir) and status["max_bytes"] == 10_000_000
    packs = {p["name"]: p for p in status["packs"]}
    assert packs["uzu-drumkit"]["files"] == 2 and packs["uzu-drumkit"]["total_files"] == 41
    assert packs["piano"]["map_cached"] is True and packs["piano"]["files"] == 0
    assert "1 sound cached" in status["message"]


# ------------------------------------------------------------ an upstream that cannot be reached
class TestUnreachableUpstream:
    @pytest.fixture
    def mirror(self):
        return closed_port_url()

    async def test_a_map_comes_from_the_snapshot_and_a_sample_says_why_not(self, sample, jp_fetch, cache_dir):
        status, headers, body = await sample("piano.json")
        assert status == 200 and headers["X-Strudel-Sample-Source"] == "snapshot"
        assert body == (SHARED_SNAPSHOT / "sample-maps" / "piano.json").read_bytes()
        assert not (cache_dir / "piano.json").exists()  # the snapshot's copy is not cached as upstream's
        status, _headers, body = await sample(PIANO_FILE)
        assert status == 502 and json.loads(body)["code"] == "upstream_unreachable"
        report = await status_of(jp_fetch)
        assert report["reachable"] is False and report["error"]
        assert report["message"].startswith("Strudel's sample server cannot be reached: synths still play; 0 sounds")

    async def test_status_check_asks_upstream(self, jp_fetch):
        assert (await status_of(jp_fetch))["reachable"] is None  # not asked yet
        assert (await status_of(jp_fetch, check="1"))["reachable"] is False


# ------------------------------------------------------------ settings from the environment
class TestEnvironment:
    """Given no StrudelSamples config but STRUDEL_SAMPLE_MIRROR and STRUDEL_SAMPLE_CACHE set when the server starts."""

    @pytest.fixture
    def jp_server_config(self, standin_cdn, cache_dir, monkeypatch):
        monkeypatch.setenv("STRUDEL_SAMPLE_MIRROR", standin_cdn.url)
        monkeypatch.setenv("STRUDEL_SAMPLE_CACHE", str(cache_dir))
        monkeypatch.setenv("STRUDEL_SAMPLE_CACHE_MAX_BYTES", "3M")
        return {"ServerApp": {"jpserver_extensions": {"strudel_jupyter": True}}}

    async def test_the_server_fetches_from_the_mirror_into_the_cache(self, sample, jp_fetch, standin_cdn, cache_dir):
        status, _headers, body = await sample(UZU_BD[0])
        assert status == 200 and standin_cdn.requests[UZU_BD[0]] == 1
        assert (cache_dir / UZU_BD[0]).read_bytes() == body
        report = await status_of(jp_fetch)
        assert report["mirror"] == standin_cdn.url and report["max_bytes"] == 3 * 1024 * 1024


class TestSmallCap:
    """Given a cap that holds two of the stand-in's drum kit samples."""

    @pytest.fixture
    def jp_server_config(self, mirror, cache_dir, standin_cdn):
        size = len(standin_cdn.files[UZU_BD[0]].body)
        return {
            "ServerApp": {"jpserver_extensions": {"strudel_jupyter": True}},
            "StrudelSamples": {"mirror": mirror, "cache_dir": str(cache_dir), "max_bytes": 2 * size + 100},
        }

    async def test_the_least_recently_used_sample_goes_first(self, sample, standin_cdn, cache_dir):
        third = "uzu-drumkit/brk/10_break_amen_pprocessed.wav"  # named by the real map, like UZU_BD
        standin_cdn.add(third, wav_bytes(90))
        for path in (*UZU_BD, UZU_BD[0]):  # the first is used again: the second is now the oldest
            assert (await sample(path))[0] == 200
            await asyncio.sleep(0.02)
        assert (await sample(third))[0] == 200
        on_disk = {p.relative_to(cache_dir).as_posix() for p in cache_dir.rglob("*") if p.is_file()}
        assert on_disk == {UZU_BD[0], third}
