"""The words of sounds: General MIDI programs, the drum-kit convention, banks, sample paths."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from strudel_jupyter import load_snapshot
from strudel_jupyter.data.index import StrudelIndex
from strudel_jupyter.data.snapshot import PROGRAMS_FILE, SnapshotError, write_manifest
from strudel_jupyter.data.sound_words import DRUM_WORDS, phrases, program_names, sample_path_words, sounds_for_word


def _copy(shared: Path, dest: Path, *names: str) -> Path:
    dest.mkdir()
    for name in names:
        shutil.copy(shared / name, dest / name)
    return dest


def test_the_snapshot_loads_the_general_midi_programs_of_every_gm_sound(shared_snapshot_dir):
    # Given the shared snapshot, When it loads
    snap = load_snapshot(shared_snapshot_dir)
    # Then every gm_* sound of the registry has its programs, and nothing else has
    gm_keys = {k for k in snap.soundmap if k.startswith("gm_")}
    assert set(snap.programs) == gm_keys
    assert {"program": "Electric Piano 1", "family": "Piano"} in snap.programs["gm_epiano1"]
    assert PROGRAMS_FILE in snap.files


def test_a_snapshot_without_the_programs_file_still_loads(tmp_path, shared_snapshot_dir):
    # Given a snapshot with only the required files
    snap_dir = _copy(shared_snapshot_dir, tmp_path / "snap", "doc.json", "soundmap.json")
    # When it loads, Then it has no programs, and gm sounds are found by their names only
    index = StrudelIndex.from_path(snap_dir)
    assert index.snapshot.programs == {}
    assert PROGRAMS_FILE not in index.snapshot.files


def test_a_malformed_programs_file_is_a_snapshot_error_naming_it(tmp_path, shared_snapshot_dir):
    snap_dir = _copy(shared_snapshot_dir, tmp_path / "snap", "doc.json", "soundmap.json")
    (snap_dir / PROGRAMS_FILE).write_text(json.dumps({"gm_piano": [{"program": 1}]}))
    with pytest.raises(SnapshotError, match=PROGRAMS_FILE):
        load_snapshot(snap_dir)


def test_the_manifest_covers_the_programs_file(tmp_path, shared_snapshot_dir):
    snap_dir = _copy(shared_snapshot_dir, tmp_path / "snap", "doc.json", "soundmap.json", PROGRAMS_FILE)
    manifest = write_manifest(snap_dir, source="test")
    assert manifest["files"][PROGRAMS_FILE]["bytes"] == (shared_snapshot_dir / PROGRAMS_FILE).stat().st_size


def test_program_names_skip_notes_about_broken_fonts(shared_index):
    # Given gm_acoustic_guitar_steel, whose gm.mjs block also lists two broken fonts
    programs = shared_index.snapshot.programs["gm_acoustic_guitar_steel"]
    assert any("//" in p["program"] for p in programs)
    # Then only the program name is text
    assert program_names(programs) == ("Acoustic Guitar (steel)", "Guitar")


@pytest.mark.parametrize(
    ("word", "first"),
    [("kick", "bd"), ("snare", "sd"), ("hat", "hh"), ("rimshot", "rim"), ("cowbell", "cb"), ("clap", "cp")],
)
def test_drum_words_name_the_abbreviations(word, first):
    assert sounds_for_word(word)[0] == first


def test_the_convention_names_no_sound_the_registry_lacks(shared_index):
    # Every abbreviation of the convention is the sound part of some drum-machine key
    parts = {e.sound for e in shared_index.sounds.entries.values() if "drum-machines" in e.categories}
    assert set(DRUM_WORDS) <= parts


def test_sample_folders_are_text_for_sounds(shared_index):
    # Given VCSL's sax, filed under Reed Aerophones/Tenor Saxophone
    folders, files = sample_path_words(shared_index.sounds.registry["sax"])
    assert "Tenor Saxophone" in folders and "Reed Aerophones" in folders
    assert files  # a few file names too
    # Then "saxophone" finds it, though its name does not say so
    assert "saxophon" in shared_index.sounds.text and shared_index.sounds.text.score(["saxophon"]).get("sax")


def test_phrases_run_neighbouring_words_together():
    assert phrases(["Electric Piano 1", "kick drum"]) == "electricpiano piano1 kickdrum"
