"""``strudel-jupyter samples status | fetch | clear``, run as a user would run it.

Given a stand-in CDN on 127.0.0.1 (this machine cannot reach Strudel's), when a pack is
fetched, then every file it names is cached with a progress line and status counts them;
given no reachable sample server, fetch says so in one line and exits non-zero.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from strudel_jupyter.data.sample_cache import sample_catalog

from .conftest import SHARED_SNAPSHOT
from .standin_cdn import closed_port_url, standin_cdn, wav_bytes

__all__ = ["standin_cdn"]  # the fixture, used by name


def samples(*args: str, mirror: str, cache) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "STRUDEL_SNAPSHOT": str(SHARED_SNAPSHOT),
        "STRUDEL_SAMPLE_MIRROR": mirror,
        "STRUDEL_SAMPLE_CACHE": str(cache),
    }
    return subprocess.run(
        [sys.executable, "-m", "strudel_jupyter", "samples", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.fixture
def wavetables_cdn(standin_cdn):
    """The stand-in serving the whole uzu-wavetables pack: its map and the 16 files it names."""
    standin_cdn.add("uzu-wavetables.json", (SHARED_SNAPSHOT / "sample-maps" / "uzu-wavetables.json").read_bytes())
    standin_cdn.files["uzu-wavetables.json"].content_type = "application/json"
    for i, path in enumerate(sample_catalog(SHARED_SNAPSHOT).pack("uzu-wavetables").files):
        standin_cdn.add(path, wav_bytes(200 + i))
    return standin_cdn


def test_fetch_caches_a_whole_pack_with_progress_then_status_and_clear_see_it(wavetables_cdn, tmp_path):
    cache = tmp_path / "cache"
    done = samples("fetch", "uzu-wavetables", mirror=wavetables_cdn.url, cache=cache)
    assert done.returncode == 0, done.stderr
    assert "uzu-wavetables: 17/17 files" in done.stderr  # the map and its 16 files
    assert "uzu-wavetables: 17 files cached" in done.stdout
    files = sample_catalog(SHARED_SNAPSHOT).pack("uzu-wavetables").files
    assert all((cache / path).read_bytes() == wavetables_cdn.files[path].body for path in files)
    assert all(wavetables_cdn.requests[path] == 1 for path in files)
    # status: the pack's files and sounds, as a table and as JSON
    table = samples("status", mirror=wavetables_cdn.url, cache=cache)
    assert table.returncode == 0
    row = next(line for line in table.stdout.splitlines() if line.startswith("uzu-wavetables"))
    assert row.split()[1:3] == ["16/16", "2/2"] and row.endswith("cached")
    report = json.loads(samples("status", "--json", mirror=wavetables_cdn.url, cache=cache).stdout)
    pack = next(p for p in report["packs"] if p["name"] == "uzu-wavetables")
    assert pack["files"] == 16 and report["files"] == 17
    assert report["bytes"] == sum(p.stat().st_size for p in cache.rglob("*") if p.is_file())
    # fetching again asks upstream for nothing
    assert samples("fetch", "uzu-wavetables", mirror=wavetables_cdn.url, cache=cache).returncode == 0
    assert all(wavetables_cdn.requests[path] == 1 for path in files)
    # clear empties it
    cleared = samples("clear", mirror=wavetables_cdn.url, cache=cache)
    assert cleared.returncode == 0 and "removed 17 files" in cleared.stdout
    assert not [p for p in cache.rglob("*") if p.is_file()]


def test_fetch_without_access_says_so_in_one_line_and_exits_non_zero(tmp_path):
    done = samples("fetch", "piano", mirror=closed_port_url(), cache=tmp_path)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "cannot be reached" in done.stderr
    assert done.stdout == "" and not [p for p in tmp_path.rglob("*") if p.is_file()]


def test_fetch_from_the_real_cdn_here_says_it_cannot_be_reached(tmp_path):
    env_mirror = "https://strudel.b-cdn.net/"  # this machine has no access to it
    done = samples("fetch", "piano", mirror=env_mirror, cache=tmp_path)
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert "strudel.b-cdn.net" in done.stderr and "cannot be reached" in done.stderr


def test_files_upstream_lacks_are_counted_and_the_exit_is_non_zero(standin_cdn, tmp_path):
    # Given the stand-in with the drum kit's map but only two of the 41 files it names
    standin_cdn.add("uzu-drumkit.json", (SHARED_SNAPSHOT / "sample-maps" / "uzu-drumkit.json").read_bytes())
    standin_cdn.files["uzu-drumkit.json"].content_type = "application/json"
    done = samples("fetch", "uzu-drumkit", mirror=standin_cdn.url, cache=tmp_path)
    assert done.returncode == 1
    assert "39 files could not be fetched" in done.stderr and "404" in done.stderr
    assert "uzu-drumkit: 3 files cached" in done.stdout


def test_an_unknown_pack_lists_the_real_ones(tmp_path):
    done = samples("fetch", "pianoo", mirror=closed_port_url(), cache=tmp_path)
    assert done.returncode == 2 and "no pack pianoo" in done.stderr and "piano, vcsl" in done.stderr
