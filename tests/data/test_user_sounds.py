"""The per-user sound store that kernels and the Jupyter server share (data/user_sounds.py)."""

from __future__ import annotations

import json
import multiprocessing
import os

import pytest

from strudel_jupyter.data.index import StrudelIndex, register_sounds
from strudel_jupyter.data.user_sounds import (
    MAX_STORE_BYTES,
    add_user_sounds,
    read_user_sounds,
    remove_user_sounds,
)
from tests.conftest import SHARED_SNAPSHOT


@pytest.fixture
def store(tmp_path, monkeypatch):
    path = tmp_path / "jupyter-data" / "strudel-jupyter" / "user-sounds.json"
    monkeypatch.setenv("STRUDEL_USER_SOUNDS", str(path))
    return path


def test_a_registered_map_is_read_back_as_user_sounds(store):
    add_user_sounds({"swoop": ["a.wav", "b.wav"], "smash": {"c3": "c3.wav"}}, "https://example.com/s/")
    found = read_user_sounds()
    assert sorted(found.entries) == ["smash", "swoop"] and found.problems == []
    assert found.entries["swoop"]["samples"] == ["https://example.com/s/a.wav", "https://example.com/s/b.wav"]
    assert "prebake" not in found.entries["swoop"]  # so the tab lists it under user


def test_another_index_sees_the_sounds_and_their_removal(store):
    # Given two indexes, as two kernels (or a kernel and the server) hold them
    kernel, server = StrudelIndex.from_path(SHARED_SNAPSHOT), StrudelIndex.from_path(SHARED_SNAPSHOT)
    assert server.sounds.category_counts["user"] == 0
    # When one saves a map, the other shows it in the user category on its next sync
    add_user_sounds({"swoop": ["a.wav"]}, "https://example.com/")
    assert server.user_sounds_changed() and server.sync_user_sounds()
    assert [e.name for e in server.sounds.in_category("user")] == ["swoop"]
    assert not server.sync_user_sounds()  # nothing new: the registry stays as it is
    # When it is removed, it goes from both
    assert remove_user_sounds(["swoop"]) == ["swoop"]
    server.sync_user_sounds(), kernel.sync_user_sounds()
    assert server.sounds.category_counts["user"] == kernel.sounds.category_counts["user"] == 0
    assert server.sounds.category_counts["all"] == 1654


def test_register_sounds_on_the_shared_index_saves_to_the_store(store):
    keys = register_sounds({"wobble": ["w.wav"]}, "https://example.com/")
    assert keys == ["wobble"]
    assert "wobble" in read_user_sounds().entries
    assert remove_user_sounds() == ["wobble"] and read_user_sounds().entries == {}


def test_a_bad_map_raises_and_saves_nothing(store):
    with pytest.raises(ValueError):
        add_user_sounds({"bad": 3}, None)
    assert not store.exists()


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\xff\xfe",
        b"[1, 2]",
        json.dumps({"maps": "x"}).encode(),
        b"[" * 100_000 + b"]" * 100_000,
    ],
)
def test_a_corrupt_store_is_reported_not_trusted(store, content):
    store.parent.mkdir(parents=True)
    store.write_bytes(content)
    found = read_user_sounds()
    assert found.entries == {} and len(found.problems) == 1
    index = StrudelIndex.from_path(SHARED_SNAPSHOT)
    index.sync_user_sounds()
    assert index.user_problems == found.problems and index.sounds.category_counts["all"] == 1654


def test_hostile_maps_are_left_out_one_by_one(store):
    store.parent.mkdir(parents=True)
    good = {"sample_map": {"ok": ["ok.wav"]}, "base_url": "https://example.com/"}
    hostile = [
        {"sample_map": {"x": 3}},  # not a path
        {"sample_map": "rm -rf"},  # not a map
        {"sample_map": {"y": ["y.wav"]}, "base_url": 7},
        {"sample_map": {"bd": ["a.wav"]}, "prebake": True},  # cannot pretend to be a prebake sound
    ]
    store.write_text(json.dumps({"maps": [good, *hostile]}))
    found = read_user_sounds()
    assert sorted(found.entries) == ["bd", "ok"] and len(found.problems) == 3
    assert all("prebake" not in data for data in found.entries.values())


def test_a_huge_store_is_refused(store):
    store.parent.mkdir(parents=True)
    store.write_bytes(b" " * (MAX_STORE_BYTES + 1))
    assert "more than" in read_user_sounds().problems[0]


def _writer(path: str, n: int) -> None:
    os.environ["STRUDEL_USER_SOUNDS"] = path
    for i in range(10):
        add_user_sounds({f"k{n}_{i}": ["a.wav"]}, "https://example.com/")


def test_two_kernels_writing_at_once_both_land(store):
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_writer, args=(str(store), n)) for n in range(2)]
    for w in writers:
        w.start()
    for w in writers:
        w.join(60)
        assert w.exitcode == 0
    assert len(read_user_sounds().entries) == 20
    assert not list(store.parent.glob(".user-sounds-*"))  # no temporary file left behind


def test_syncing_user_sounds_keeps_the_general_midi_names_as_text(store):
    # Given an index whose gm_* sounds are found by their General MIDI names
    from strudel_jupyter import strudel_knowledge

    index = StrudelIndex.from_path(SHARED_SNAPSHOT)
    assert strudel_knowledge("electric piano", index=index)["items"][0]["name"] == "gm_epiano1"
    # When another process saves user sounds and this index syncs them
    add_user_sounds({"swoop": ["a.wav"]}, "https://example.com/")
    assert index.sync_user_sounds()
    # Then the new registry still carries the program names
    assert strudel_knowledge("electric piano", index=index)["items"][0]["name"] == "gm_epiano1"


def test_the_store_follows_the_jupyter_data_dir_as_it_changes(monkeypatch, tmp_path):
    from strudel_jupyter.data.user_sounds import store_path

    # Given no override, When the Jupyter data dir changes between calls (kept per environment)
    monkeypatch.delenv("STRUDEL_USER_SOUNDS", raising=False)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "one"))
    first = store_path()
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "two"))
    # Then each call answers the dir of its moment
    assert first.is_relative_to(tmp_path / "one") and store_path().is_relative_to(tmp_path / "two")
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "one"))
    assert store_path() == first
