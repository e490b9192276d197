"""The sample cache's core (data/sample_cache.py), on the real snapshot's sample maps.

Given the snapshot's sample-maps/ and a stand-in CDN on 127.0.0.1, when files are asked for,
then only what the maps list is fetched, each once, and the cache stays under its cap by
deleting the least recently used files.
"""

from __future__ import annotations

import json
import os
import time
import urllib.parse

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from traitlets.config import Config

from strudel_jupyter.data.sample_cache import (
    SampleCache,
    SampleFetchError,
    SampleNotListed,
    SamplePathEscapes,
    parse_size,
    sample_catalog,
)
from strudel_jupyter.jupyter.rest.samples import StrudelSamples
from strudel_jupyter.limits import SAMPLE_CACHE_MAX_BYTES

from ..conftest import SHARED_SNAPSHOT
from ..standin_cdn import UZU_BD, closed_port_url, standin_cdn, wav_bytes

__all__ = ["standin_cdn"]  # the fixture, used by name

MAPS = SHARED_SNAPSHOT / "sample-maps"


def cache_for(cdn, directory, **options) -> SampleCache:
    return SampleCache(directory, snapshot_dir=SHARED_SNAPSHOT, mirror=cdn.url, **options)


# ------------------------------------------------------------ the catalog
def test_the_catalog_lists_each_cdn_map_and_every_file_it_names():
    catalog = sample_catalog(SHARED_SNAPSHOT)
    listed = json.loads((MAPS / "index.json").read_text())["maps"]
    on_cdn = {m["url"].removeprefix("https://strudel.b-cdn.net/") for m in listed if m["url"]}
    assert on_cdn <= set(catalog.paths)  # every map with a CDN URL
    # every file of the uzu drum kit, under the base URL prebake gives it, decoded
    kit = json.loads((MAPS / "uzu-drumkit.json").read_text())
    files = {f"uzu-drumkit/{f}" for key, value in kit.items() if key != "_base" for f in value}
    assert files == set(catalog.pack("uzu-drumkit").files)
    # a note-keyed map (piano) names one file per note; the map's own _base is not a file
    piano = json.loads((MAPS / "piano.json").read_text())["piano"]
    assert set(catalog.pack("piano").files) == {f"piano/{f}" for f in piano.values()}
    assert not any("raw.githubusercontent" in path for path in catalog.paths)
    # the inline Dirt-Samples map has no JSON on the CDN, but its files are there
    dirt = catalog.pack("dirt-samples")
    assert dirt.map_path is None and dirt.files[0].startswith("Dirt-Samples/")
    # names with spaces are listed decoded, and keep upstream's spelling for the fetch
    vcsl = next(p for p in catalog.pack("vcsl").files if " " in p)
    assert "%20" in catalog.paths[vcsl][0] and urllib.parse.unquote(catalog.paths[vcsl][0]) == vcsl


@pytest.mark.parametrize("path", ["../x", "piano/../../x", "/etc/passwd", "a\\b", "piano/./x", "x\x00", ""])
def test_paths_that_would_leave_the_cache_are_refused_before_the_catalog(tmp_path, path):
    cache = SampleCache(tmp_path, snapshot_dir=SHARED_SNAPSHOT, mirror=closed_port_url())
    with pytest.raises(SamplePathEscapes):
        cache.get(path)


def test_a_path_on_the_host_but_in_no_map_is_not_listed(tmp_path, standin_cdn):
    cache = cache_for(standin_cdn, tmp_path)
    with pytest.raises(SampleNotListed):
        cache.get("secret.txt")
    assert standin_cdn.requests["secret.txt"] == 0


# ------------------------------------------------------------ eviction
def test_least_recently_used_files_go_first_under_a_small_cap(tmp_path, standin_cdn):
    # Given four listed files of 1,644 bytes and a cap that holds three
    kit = sample_catalog(SHARED_SNAPSHOT).pack("uzu-drumkit").files[:4]
    for i, path in enumerate(kit):
        standin_cdn.add(path, wav_bytes(100 + i))
    size = len(wav_bytes(100))
    cache = cache_for(standin_cdn, tmp_path, max_bytes=3 * size + 10)
    for path in kit[:3]:
        cache.get(path)
        time.sleep(0.02)  # distinct mtimes
    # When the first is used again, then a fourth fetched
    assert cache.get(kit[0]).source == "cache"
    time.sleep(0.02)
    cache.get(kit[3])
    # Then the least recently used one (the second) is gone, and the rest stay
    on_disk = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert on_disk == {kit[0], kit[2], kit[3]}
    assert sum((tmp_path / p).stat().st_size for p in on_disk) <= cache.max_bytes
    # and asking for it again fetches it again
    assert cache.get(kit[1]).source == "upstream" and standin_cdn.requests[kit[1]] == 2


def test_clear_removes_everything_and_status_counts_per_pack(tmp_path, standin_cdn):
    cache = cache_for(standin_cdn, tmp_path)
    for path in UZU_BD:
        cache.get(path)
    packs, files, size = cache.status()
    kit = next(p for p in packs if p.name == "uzu-drumkit")
    assert (files, kit.files, kit.sounds, kit.total_files) == (2, 2, 1, 41)
    assert size == kit.bytes == sum(len(standin_cdn.files[p].body) for p in UZU_BD)
    assert cache.clear() == (2, size)
    assert not any(tmp_path.rglob("*"))
    assert cache.status()[1:] == (0, 0)


def test_a_wrong_content_type_or_a_body_over_its_length_is_not_cached(tmp_path, standin_cdn):
    cache = cache_for(standin_cdn, tmp_path)
    standin_cdn.add(UZU_BD[0], b"<html></html>", "text/html")
    standin_cdn.files[UZU_BD[1]].declared_length = 10**6
    for path in UZU_BD:
        with pytest.raises(SampleFetchError) as caught:
            cache.get(path)
        assert caught.value.reason == "invalid_upstream"
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]
    assert cache.reachable is True  # upstream answered: it is reachable, just wrong


def test_an_unreachable_upstream_is_not_asked_again_at_once(tmp_path):
    cache = SampleCache(tmp_path, snapshot_dir=SHARED_SNAPSHOT, mirror=closed_port_url())
    with pytest.raises(SampleFetchError) as caught:
        cache.get(UZU_BD[0])
    assert caught.value.reason == "unreachable" and cache.reachable is False
    with pytest.raises(SampleFetchError):
        cache.get(UZU_BD[1])
    assert cache.fetches == 1  # the second answer came at once, without a connection
    served = cache.get("uzu-drumkit.json")  # a map: the snapshot's copy
    assert served.source == "snapshot" and served.file.read_bytes() == (MAPS / "uzu-drumkit.json").read_bytes()


# ------------------------------------------------------------ settings
def test_the_environment_sets_mirror_cache_and_cap(tmp_path, monkeypatch, standin_cdn):
    monkeypatch.setenv("STRUDEL_SAMPLE_MIRROR", standin_cdn.url.rstrip("/"))
    monkeypatch.setenv("STRUDEL_SAMPLE_CACHE", str(tmp_path / "env-cache"))
    monkeypatch.setenv("STRUDEL_SAMPLE_CACHE_MAX_BYTES", "5M")
    settings = StrudelSamples()
    assert (settings.mirror, settings.cache_dir, settings.max_bytes) == (
        standin_cdn.url,
        str(tmp_path / "env-cache"),
        5 * 1024 * 1024,
    )
    cache = SampleCache(snapshot_dir=SHARED_SNAPSHOT)  # the CLI's way: no arguments
    assert cache.get(UZU_BD[0]).source == "upstream"
    assert (tmp_path / "env-cache" / UZU_BD[0]).read_bytes() == standin_cdn.files[UZU_BD[0]].body


def test_config_traits_win_over_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("STRUDEL_SAMPLE_MIRROR", "http://env.example/")
    monkeypatch.setenv("STRUDEL_SAMPLE_CACHE_MAX_BYTES", "5M")
    config = Config({"StrudelSamples": {"mirror": "https://mirror.example/packs", "max_bytes": 1234}})
    settings = StrudelSamples(config=config)
    assert settings.mirror == "https://mirror.example/packs/" and settings.max_bytes == 1234


def test_without_settings_the_cdn_and_the_jupyter_data_dir_are_used(monkeypatch):
    for name in ("STRUDEL_SAMPLE_MIRROR", "STRUDEL_SAMPLE_CACHE", "STRUDEL_SAMPLE_CACHE_MAX_BYTES"):
        monkeypatch.delenv(name, raising=False)
    from jupyter_core.paths import jupyter_data_dir

    settings = StrudelSamples()
    assert settings.mirror == "https://strudel.b-cdn.net/"
    assert settings.cache_dir == os.path.join(jupyter_data_dir(), "strudel-jupyter", "samples")
    assert settings.max_bytes == SAMPLE_CACHE_MAX_BYTES


@pytest.mark.parametrize("bad", ["ftp://x/", "not a url", "http://"])
def test_a_mirror_must_be_an_http_url(bad):
    with pytest.raises(Exception, match="http"):
        StrudelSamples(config=Config({"StrudelSamples": {"mirror": bad}}))


@pytest.mark.parametrize(
    ("text", "size"), [("500M", 500 * 1024**2), ("2G", 2 * 1024**3), ("1024", 1024), ("1.5k", 1536)]
)
def test_sizes_read_as_people_write_them(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["lots", "-1", "0"])
def test_sizes_that_are_not_sizes_are_refused(text):
    with pytest.raises(ValueError):
        parse_size(text)


def test_a_bad_environment_value_falls_back_to_the_default_with_a_warning(monkeypatch, caplog):
    # the server's REST API must not go down for a typo in an environment variable
    monkeypatch.setenv("STRUDEL_SAMPLE_MIRROR", "strudel.b-cdn.net")  # no scheme
    monkeypatch.setenv("STRUDEL_SAMPLE_CACHE_MAX_BYTES", "lots")
    settings = StrudelSamples()
    with caplog.at_level("WARNING"):
        assert settings.mirror == "https://strudel.b-cdn.net/"
        assert settings.max_bytes == SAMPLE_CACHE_MAX_BYTES
    assert "STRUDEL_SAMPLE_MIRROR" in caplog.text and "STRUDEL_SAMPLE_CACHE_MAX_BYTES" in caplog.text


_CATALOG_PATHS = sorted(sample_catalog(SHARED_SNAPSHOT).paths)
_LOOKUP: dict[str, SampleCache] = {}  # one cache (one catalog read) for every generated path


@given(
    st.one_of(
        st.text(max_size=60),
        st.sampled_from(["..", ".", "/", "%2e", "\\", "\x00", "piano", "VCSL"]).flatmap(
            lambda part: st.lists(st.sampled_from([part, "x", "..", "piano.json", ""]), max_size=6).map("/".join)
        ),
        st.sampled_from(_CATALOG_PATHS[:50]).map(lambda p: p.replace("/", "/../", 1)),
    )
)
@settings(max_examples=300, deadline=None)
def test_any_path_is_listed_inside_the_cache_or_refused(tmp_path_factory, path):
    # Given any request path, When it is looked up, Then it is a listed path inside the cache, or refused
    directory = tmp_path_factory.getbasetemp() / "lookup"
    cache = _LOOKUP.setdefault(
        "cache", SampleCache(directory, snapshot_dir=SHARED_SNAPSHOT, mirror="http://127.0.0.1:9/")
    )
    try:
        cache.lookup(path)
    except (SamplePathEscapes, SampleNotListed):
        return
    assert path in _CATALOG_PATHS
    assert (directory / path).resolve().is_relative_to(directory.resolve())
