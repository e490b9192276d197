"""The pipeline's soundfont-programs.json: read from @strudel/soundfonts as published on npm.

The extraction step runs on the npm package's own ``gm.mjs`` (fetched with ``npm pack`` at
the version the pipeline pins); the full build runs it too (test_pipeline_parity.py).
Without npm these tests FAIL: CI must provide it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from strudel_jupyter.data.snapshot import PROGRAMS_FILE
from strudel_jupyter.pipeline import HELPER_DIR
from strudel_jupyter.pipeline.soundfont_programs import read_programs, write_programs

PACKAGE = "@strudel/soundfonts"


@pytest.fixture(scope="module")
def npm_gm_module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``gm.mjs`` of the pinned @strudel/soundfonts release, unpacked from the npm registry."""
    npm = shutil.which("npm")
    assert npm, "npm is required for the pipeline tests"
    version = json.loads((HELPER_DIR / "package.json").read_text())["dependencies"][PACKAGE]
    where = tmp_path_factory.mktemp("npm-pack")
    out = subprocess.run(
        [npm, "pack", f"{PACKAGE}@{version}", "--silent"],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    tarball = where / out.stdout.strip().splitlines()[-1]
    with tarfile.open(tarball) as archive:
        member = archive.getmember("package/gm.mjs")
        archive.extract(member, where, filter="data")
    return where / "package" / "gm.mjs"


def test_the_npm_release_gives_the_shared_file_byte_for_byte(npm_gm_module, tmp_path, shared_snapshot_dir):
    # Given gm.mjs of @strudel/soundfonts from npm, When the pipeline's step reads it
    count = write_programs(npm_gm_module, tmp_path / PROGRAMS_FILE)
    # Then the file is the shared snapshot's, byte for byte
    assert (tmp_path / PROGRAMS_FILE).read_bytes() == (shared_snapshot_dir / PROGRAMS_FILE).read_bytes()
    assert count == 125


def test_merged_programs_and_broken_font_notes_are_read_as_strudel_states_them(npm_gm_module):
    programs = read_programs(npm_gm_module.read_text(encoding="utf-8"))
    assert [p["program"] for p in programs["gm_piano"]] == [
        "Acoustic Grand Piano",
        "Bright Acoustic Piano",
        "Electric Grand Piano",
        "Honky_tonk Piano",
    ]
    assert all("buggy zones" not in p["program"] for p in programs["gm_pad_metallic"])


def test_a_file_without_gm_blocks_is_refused():
    with pytest.raises(ValueError, match="no gm_"):
        read_programs("export default {}\n")
