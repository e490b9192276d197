"""Snapshot resolution, validation and installation."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from strudel_jupyter import SnapshotError, load_snapshot
from strudel_jupyter.data.snapshot import (
    MANIFEST_FILE,
    PACKAGED_SNAPSHOT_DIR,
    install_snapshot,
    resolve_snapshot_dir,
    verify_manifest,
    write_manifest,
)


@pytest.fixture()
def snapshot_copy(tmp_path: Path, shared_snapshot_dir: Path) -> Path:
    dest = tmp_path / "snap"
    dest.mkdir()
    for name in ("doc.json", "soundmap.json", "symbols.json"):
        shutil.copy(shared_snapshot_dir / name, dest / name)
    return dest


def test_explicit_path_beats_env_which_beats_packaged(monkeypatch, tmp_path, shared_snapshot_dir):
    monkeypatch.setenv("STRUDEL_SNAPSHOT", str(shared_snapshot_dir))
    assert resolve_snapshot_dir(tmp_path) == (tmp_path, "path")
    assert resolve_snapshot_dir() == (shared_snapshot_dir, "env")
    monkeypatch.delenv("STRUDEL_SNAPSHOT")
    if (PACKAGED_SNAPSHOT_DIR / "doc.json").exists():
        assert resolve_snapshot_dir() == (PACKAGED_SNAPSHOT_DIR, "packaged")
    else:
        with pytest.raises(SnapshotError, match="no snapshot found"):
            resolve_snapshot_dir()


def test_the_packaged_snapshot_is_where_the_build_hook_embeds_it():
    """Given the build hook's destination, the run-time resolution looks in that same place."""
    import strudel_jupyter

    package = Path(strudel_jupyter.__file__).resolve().parent
    hook = (package.parent / "hatch_build.py").read_text(encoding="utf-8")
    assert 'PACKAGE_DIR / "_data" / "snapshot"' in hook
    assert PACKAGED_SNAPSHOT_DIR == package / "_data" / "snapshot"


def test_loads_the_shared_snapshot(shared_snapshot_dir):
    snap = load_snapshot(shared_snapshot_dir)
    assert snap.origin == "path"
    assert len(snap.docs) == 599
    assert len(snap.soundmap) == 1655
    assert snap.symbols is not None and "globals" in snap.symbols


@pytest.mark.parametrize(
    ("file", "content", "problem"),
    [
        ("doc.json", None, "file is missing"),
        ("doc.json", "", "file is empty"),
        ("doc.json", '{"docs": [{"name": "room", "desc', "truncated JSON"),
        ("doc.json", '{"doclets": []}', '"docs" array'),
        ("doc.json", '{"docs": [1, 2]}', "docs[0] is int"),
        ("doc.json", '{"docs": [{"name": 3}]}', "docs[0].name is int"),
        ("doc.json", '{"docs": [{"name": "_x", "description": "y"}]}', "no documented entries"),
        ("soundmap.json", "[]", "non-empty JSON object"),
        ("soundmap.json", '{"bd": {"type": "sample"}}', 'has no "data" object'),
        ("soundmap.json", '{"bd": {"data": {}}}', "data.type"),
        ("symbols.json", '{"globals": []}', '"globals" (object)'),
        ("soundmap.json", b"\xff\xfe\x00garbage", "not UTF-8"),
    ],
)
def test_broken_snapshots_raise_snapshot_error_naming_file_and_problem(snapshot_copy, file, content, problem):
    path = snapshot_copy / file
    if content is None:
        path.unlink()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    with pytest.raises(SnapshotError) as info:
        load_snapshot(snapshot_copy)
    assert info.value.path == path
    assert problem in str(info.value)


def test_a_truncated_real_file_is_reported_as_truncated(snapshot_copy):
    data = (snapshot_copy / "soundmap.json").read_bytes()
    (snapshot_copy / "soundmap.json").write_bytes(data[: len(data) // 2])
    with pytest.raises(SnapshotError, match=r"soundmap.json: truncated JSON"):
        load_snapshot(snapshot_copy)


def test_unreadable_file(snapshot_copy):
    # a directory where a file should be cannot be read, whoever runs the test (root included)
    (snapshot_copy / "doc.json").unlink()
    (snapshot_copy / "doc.json").mkdir()
    with pytest.raises(SnapshotError, match="doc.json: cannot read file"):
        load_snapshot(snapshot_copy)


def test_missing_directory(tmp_path):
    with pytest.raises(SnapshotError, match="does not exist"):
        load_snapshot(tmp_path / "nope")


def test_manifest_records_sha256_counts_and_source(snapshot_copy):
    manifest = write_manifest(snapshot_copy, source="test", versions={"@strudel/core": "1.2.6"})
    assert manifest["counts"]["reference"] == 509
    assert manifest["counts"]["sounds"] == {
        "samples": 139,
        "drum-machines": 1357,
        "synths": 150,
        "wavetables": 7,
        "user": 0,
        "all": 1654,
    }
    assert set(manifest["files"]) == {"doc.json", "soundmap.json", "symbols.json"}
    assert all(len(f["sha256"]) == 64 for f in manifest["files"].values())
    assert json.loads((snapshot_copy / MANIFEST_FILE).read_text())["source"] == "test"
    assert verify_manifest(snapshot_copy) == []
    (snapshot_copy / "symbols.json").write_text("{}")
    assert verify_manifest(snapshot_copy) == ["symbols.json: sha256 differs from manifest"]


def test_install_is_atomic_and_keeps_the_previous_snapshot_on_bad_input(tmp_path, shared_snapshot_dir):
    dest = tmp_path / "pkg" / "snapshot"
    manifest = install_snapshot(shared_snapshot_dir, dest, source_label="shared")
    assert (dest / "doc.json").read_bytes() == (shared_snapshot_dir / "doc.json").read_bytes()
    assert (dest / "sample-maps" / "index.json").exists()
    assert not (dest / "README.md").exists()  # provenance goes in the manifest, not copies of prose
    assert manifest["source"] == "shared"
    before = {p.name: p.read_bytes() for p in dest.iterdir() if p.is_file()}

    broken = tmp_path / "broken"
    shutil.copytree(shared_snapshot_dir, broken, ignore=shutil.ignore_patterns("README.md"))
    (broken / "doc.json").chmod(0o644)
    (broken / "doc.json").write_text('{"docs": [')
    with pytest.raises(SnapshotError):
        install_snapshot(broken, dest)
    after = {p.name: p.read_bytes() for p in dest.iterdir() if p.is_file()}
    assert after == before
    assert [p.name for p in dest.parent.iterdir()] == ["snapshot"]  # no staging left behind
