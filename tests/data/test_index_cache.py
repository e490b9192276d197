"""The index's costly parts kept between processes (data/index_cache.py), read from the real snapshot."""

from __future__ import annotations

import json
import marshal
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from strudel_jupyter.ask.knowledge import strudel_knowledge
from strudel_jupyter.data import index_cache
from strudel_jupyter.data.index import StrudelIndex
from strudel_jupyter.data.snapshot import load_snapshot

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"


def _visible_queries(shared_snapshot_dir: Path) -> list:
    """Every query of the visible eval sets (the untouched blind set is never read case by case)."""
    files = sorted((shared_snapshot_dir.parent / "eval").glob("*.jsonl"))
    files += sorted(f for f in FIXTURES.glob("eval_*.jsonl") if "blind" not in f.name)
    queries = [json.loads(line)["query"] for f in files for line in f.read_text().splitlines() if line.strip()]
    assert len(files) >= 8 and len(queries) >= 700
    return queries


@pytest.fixture()
def cache_dir(tmp_path, monkeypatch) -> Path:
    """An empty user cache and no packaged index file: whatever is kept, the test wrote."""
    monkeypatch.setenv(index_cache.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(index_cache, "PACKAGED_INDEX_PATH", tmp_path / "package" / index_cache.INDEX_FILE)
    return tmp_path / "cache"


def _kept_files(cache_dir: Path) -> list[Path]:
    return sorted(cache_dir.glob("index-*.marshal"))


def test_the_loaded_index_answers_every_visible_eval_question_as_the_built_one(shared_snapshot_dir, cache_dir):
    # Given the index built from the snapshot's JSON, and the same index loaded from the parts
    # a first build kept (a new snapshot object, as a new process would read it)
    built = StrudelIndex(load_snapshot(shared_snapshot_dir), cache=False)
    assert _kept_files(cache_dir) == []  # cache=False keeps nothing
    StrudelIndex(load_snapshot(shared_snapshot_dir))  # builds and keeps
    [kept] = _kept_files(cache_dir)
    kept.write_bytes(kept.read_bytes())  # only the file is left: what is loaded next comes from it
    loaded = StrudelIndex(load_snapshot(shared_snapshot_dir))
    assert loaded.reference.entries == built.reference.entries
    assert list(loaded.sounds.entries.items()) == list(built.sounds.entries.items())
    # When every question of the visible eval sets is asked of both
    # Then every answer is the same JSON
    for query in _visible_queries(shared_snapshot_dir):
        a = json.dumps(strudel_knowledge(query, index=built), sort_keys=True, default=str)
        b = json.dumps(strudel_knowledge(query, index=loaded), sort_keys=True, default=str)
        assert a == b, query


def test_the_package_builds_the_index_beside_the_packaged_snapshot_and_it_is_used(
    shared_snapshot_dir, cache_dir, tmp_path
):
    # Given the package build's step (hatch_build.py), run with the standard library only
    # (no site-packages: the build environment has only hatchling, stood in for here)
    target = tmp_path / "package" / index_cache.INDEX_FILE
    code = (
        "import sys, types; sys.path.insert(0, sys.argv[1])\n"
        "for n in ('hatchling', 'hatchling.builders', 'hatchling.builders.hooks', 'hatchling.builders.hooks.plugin',"
        " 'hatchling.builders.hooks.plugin.interface'):\n"
        "    sys.modules[n] = types.ModuleType(n)\n"
        "sys.modules['hatchling.builders.hooks.plugin.interface'].BuildHookInterface = object\n"
        "import hatch_build as h\n"
        "h._import_build_module('data.index_cache').write_index(sys.argv[2], sys.argv[3])\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'nh3', 'pandas', 'rapidfuzz', 'tree_sitter'}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-S", "-c", code, str(ROOT), str(shared_snapshot_dir), str(target)],
        capture_output=True,
        text=True,
        check=True,
    )
    # Then it wrote the index's parts without any of the package's dependencies
    assert out.stdout.strip() == "[]"
    assert target.stat().st_size > 100_000
    # and an index over the same snapshot loads them: nothing is built or kept at run time
    index = StrudelIndex(load_snapshot(shared_snapshot_dir))
    assert _kept_files(cache_dir) == []
    assert strudel_knowledge("what does room do", index=index)["items"][0]["name"] == "room"


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data, key: data[: len(data) // 2], id="truncated"),
        pytest.param(lambda data, key: b"not marshal data at all", id="garbage"),
        pytest.param(lambda data, key: b"", id="empty"),
        pytest.param(lambda data, key: marshal.dumps(("0" * 64, marshal.loads(data)[1])), id="stale-key"),
        pytest.param(
            lambda data, key: marshal.dumps((key, {"reference": {}, "sounds": []})), id="right-key-wrong-shape"
        ),
        pytest.param(lambda data, key: marshal.dumps([key]), id="not-a-pair"),
    ],
)
def test_a_stale_or_corrupt_kept_index_is_built_again_never_an_error(shared_snapshot_dir, cache_dir, damage):
    # Given a kept index file that is damaged (or another snapshot's, or older code's)
    snapshot = load_snapshot(shared_snapshot_dir)
    StrudelIndex(snapshot)
    [kept] = _kept_files(cache_dir)
    key = index_cache.cache_key(snapshot)
    kept.write_bytes(damage(kept.read_bytes(), key))
    # When an index is made over the snapshot
    index = StrudelIndex(load_snapshot(shared_snapshot_dir))
    # Then it is built again, answers, and the good parts are kept in place of the bad ones
    assert len(index.reference) > 500 and len(index.sounds) > 1000
    assert strudel_knowledge("what does room do", index=index)["items"][0]["name"] == "room"
    assert marshal.loads(kept.read_bytes())[0] == key


def test_the_key_follows_the_snapshots_bytes_and_a_snapshot_not_read_from_files_keeps_nothing(
    shared_snapshot_dir, cache_dir, tmp_path
):
    # Given a copy of the snapshot whose doc.json differs by one byte of whitespace
    copy = tmp_path / "snapshot"
    shutil.copytree(shared_snapshot_dir, copy, ignore=shutil.ignore_patterns("pages", "engine", "sample-maps"))
    (copy / "doc.json").chmod(0o644)
    (copy / "doc.json").write_bytes((shared_snapshot_dir / "doc.json").read_bytes() + b"\n")
    original, changed = load_snapshot(shared_snapshot_dir), load_snapshot(copy)
    # Then the two keys differ (same data, other bytes: never mistaken for one another)
    assert index_cache.cache_key(original) != index_cache.cache_key(changed)
    assert index_cache.cache_key(original) == index_cache.cache_key(load_snapshot(shared_snapshot_dir))
    # and a snapshot made in memory (no digest) is built every time, nothing kept
    import dataclasses

    in_memory = dataclasses.replace(original, digest=None)
    assert index_cache.cache_key(in_memory) is None
    StrudelIndex(in_memory)
    assert _kept_files(cache_dir) == []


def test_a_cache_that_cannot_be_written_only_means_building_again(shared_snapshot_dir, tmp_path, monkeypatch):
    # Given a user cache under a regular file (no directory can be made there, even as root)
    # and no packaged index file
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv(index_cache.CACHE_ENV, str(blocker / "cache"))
    monkeypatch.setattr(index_cache, "PACKAGED_INDEX_PATH", tmp_path / "package" / index_cache.INDEX_FILE)
    # When an index is made twice
    for _ in range(2):
        index = StrudelIndex(load_snapshot(shared_snapshot_dir))
        # Then each is built and answers; nothing is left behind
        assert strudel_knowledge("what does room do", index=index)["items"][0]["name"] == "room"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]
    # and the package build's step says so instead of failing silently
    with pytest.raises(OSError):
        index_cache.write_index(shared_snapshot_dir, blocker / "index.marshal")
