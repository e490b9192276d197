"""tonal.json: loaded as an optional snapshot file, indexed on first use, read as the REPL reads scale strings."""

from __future__ import annotations

import json
import shutil

import pytest

from strudel_jupyter.data.snapshot import SnapshotError, load_snapshot
from strudel_jupyter.data.tonal import split_chord


def _copy(src, dest, *names):
    for name in names:
        shutil.copy(src / name, dest / name)


def test_the_shared_snapshot_has_the_readme_counts(shared_index):
    # Given the shared snapshot's tonal.json (its README: 92 scale types, 106 chord types, six dictionaries)
    tonal = shared_index.tonal
    assert tonal is not None
    assert len(tonal.scales) == 92 and len(tonal.chords) == 106
    assert set(tonal.voicings) == {"lefthand", "triads", "guidetones", "legacy", "ireal", "ireal-ext"}
    assert tonal.default_voicing == "ireal"
    # every scale name and alias is a key; aliases lead to their scale
    assert len(tonal.scale_names) == 92 + sum(len(s.aliases) for s in tonal.scales)
    assert tonal.scale("aeolian").name == "minor"
    assert tonal.scale("minor:pentatonic").name == "minor pentatonic"
    assert tonal.scale("Bebop Major").name == "bebop major"
    assert tonal.scale("nosuch") is None


@pytest.mark.parametrize(
    ("text", "tonic", "scale", "problem"),
    [
        ("C:minor:pentatonic", "C", "minor pentatonic", None),
        ("C4 bebop major", "C4", "bebop major", None),
        ("Cb2 major", "Cb2", "major", None),
        ("c:Major", "c", "major", None),
        ("minor", "", "minor", None),  # no tonic: the REPL plays it from C
        ("C", "C", None, "incomplete"),  # a tonic without a name
        ("nosuch", "", None, "incomplete"),  # Strudel's getScale: empty and no tonic
        ("C:nosuch", "C", None, "invalid"),
        ("bebop", "", "bebop", None),  # 'b' starts it, but it is no note
    ],
)
def test_a_scale_string_is_read_as_getScale_reads_it(shared_index, text, tonic, scale, problem):
    reading = shared_index.tonal.read_scale(text)
    assert reading.tonic == tonic
    assert (reading.scale.name if reading.scale else None) == scale
    assert reading.problem == problem


def test_messages_are_the_repls_own(shared_index):
    tonal = shared_index.tonal
    assert tonal.read_scale("C:nosuch").message == 'Invalid scale name "C nosuch"'
    assert tonal.read_scale("C").message.startswith('Scale name C is incomplete. Make sure to use ":" instead')
    assert tonal.read_scale("C:major").message == ""


def test_chords_split_as_chord_voicings_does():
    assert split_chord("C^7") == ("C", "^7", "")
    assert split_chord("F#m7b5") == ("F#", "m7b5", "")
    assert split_chord("Bb7/D") == ("Bb", "7", "D")
    assert split_chord("C") == ("C", "", "")
    assert split_chord("c^7") is None  # the root must be upper case


def test_a_snapshot_without_tonal_json_still_loads(tmp_path, shared_snapshot_dir):
    _copy(shared_snapshot_dir, tmp_path, "doc.json", "soundmap.json")
    snap = load_snapshot(tmp_path)
    assert snap.tonal is None and "tonal.json" not in snap.files


def test_a_malformed_tonal_json_is_refused_with_where(tmp_path, shared_snapshot_dir):
    _copy(shared_snapshot_dir, tmp_path, "doc.json", "soundmap.json")
    raw = json.loads((shared_snapshot_dir / "tonal.json").read_text(encoding="utf-8"))
    raw["scales"][3]["aliases"] = "not a list"
    (tmp_path / "tonal.json").write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(SnapshotError, match=r"tonal.json: scales\[3\].aliases must be a list of strings"):
        load_snapshot(tmp_path)
