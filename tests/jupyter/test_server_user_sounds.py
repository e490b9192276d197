"""The user-sounds routes: your own sounds, shared by kernels and the sidebar (a real Jupyter server)."""

from __future__ import annotations

import json

import pytest

from strudel_jupyter import StrudelIndex
from strudel_jupyter.data.user_sounds import add_user_sounds, read_user_sounds
from strudel_jupyter.jupyter.rest.routes import INDEX_SETTING

pytest_plugins = ["pytest_jupyter.jupyter_server"]


@pytest.fixture
def jp_server_config():
    return {"ServerApp": {"jpserver_extensions": {"strudel_jupyter": True}}}


@pytest.fixture
def store(tmp_path, monkeypatch):
    path = tmp_path / "store" / "user-sounds.json"
    monkeypatch.setenv("STRUDEL_USER_SOUNDS", str(path))
    return path


@pytest.fixture
def api(jp_fetch, jp_web_app, shared_snapshot_dir, store):
    """A server with an index of its own (the store starts empty); returns (status, JSON body)."""
    jp_web_app.settings[INDEX_SETTING] = StrudelIndex.from_path(shared_snapshot_dir)

    async def call(*parts, params=None, method="GET", body=None):
        response = await jp_fetch("strudel-jupyter", *parts, params=params, method=method, body=body, raise_error=False)
        return response.code, json.loads(response.body)

    return call


async def test_a_kernel_registration_shows_on_the_next_request(api):
    _, before = await api("user-sounds")
    assert before["names"] == [] and before["problems"] == []
    # When a kernel saves a map in the store
    add_user_sounds({"swoop": ["a.wav", "b.wav"]}, "https://example.com/")
    # Then the server's next answers list it under user, with a new version to poll
    _, after = await api("user-sounds")
    assert after["names"] == ["swoop"] and after["version"] != before["version"]
    _, page = await api("sounds", params={"category": "user"})
    assert [i["label"] for i in page["items"]] == ["swoop(2)"]


async def test_a_folder_under_the_root_imports_as_the_repl_does(api, jp_root_dir, jp_base_url):
    # Given a folder of samples, one subfolder per sound
    for name in ("kick/1.wav", "kick/2.wav", "snare/a.wav", "notes.txt"):
        path = jp_root_dir / "my-samples" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"RIFF")
    status, body = await api("user-sounds", method="POST", body=json.dumps({"folder": "my-samples"}))
    assert status == 200 and body["added"] == ["kick", "snare"]
    stored = read_user_sounds().entries
    # served by Jupyter Server's files route, under the server's base URL
    base = jp_base_url.rstrip("/")
    assert stored["kick"]["samples"] == [f"{base}/files/my-samples/kick/1.wav", f"{base}/files/my-samples/kick/2.wav"]


@pytest.mark.parametrize("folder", ["../", "/etc", "nope", ""])
async def test_a_folder_outside_the_root_or_missing_is_refused(api, folder):
    status, body = await api("user-sounds", method="POST", body=json.dumps({"folder": folder}))
    assert status == 400 and body["code"] == "invalid_parameter"
    assert read_user_sounds().entries == {}


async def test_a_sample_map_imports_and_removes(api):
    body = json.dumps({"sample_map": {"wub": ["w.wav"], "zap": ["z.wav"]}, "base_url": "https://example.com/"})
    status, added = await api("user-sounds", method="POST", body=body)
    assert status == 200 and added["names"] == ["wub", "zap"]
    status, removed = await api("user-sounds", method="DELETE", params={"name": "wub"})
    assert removed["removed"] == ["wub"] and removed["names"] == ["zap"]
    _, emptied = await api("user-sounds", method="DELETE")
    assert emptied["names"] == [] and emptied["removed"] == ["zap"]


async def test_a_bad_body_is_refused(api):
    status, body = await api("user-sounds", method="POST", body=json.dumps({"sample_map": {"x": 3}}))
    assert status == 400 and body["code"] == "invalid_parameter"
    status, body = await api("user-sounds", method="POST", body="[1]")
    assert status == 400 and body["code"] == "invalid_json"


async def test_a_corrupt_store_is_reported(api, store):
    store.parent.mkdir(parents=True, exist_ok=True)
    store.write_text("{oops")
    _, body = await api("user-sounds")
    assert body["names"] == [] and len(body["problems"]) == 1
