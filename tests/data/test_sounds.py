"""The sounds index mirrors the REPL's sounds tab (SoundsTab.jsx) and superdough's registry rules."""

from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strudel_jupyter import StrudelIndex, banks_frame, sounds_frame, strudel_knowledge
from strudel_jupyter.data.sounds import process_sample_map
from strudel_jupyter.data.sounds_tab import in_sound_category, sample_count, sound_key

REPL_COUNTS = {"samples": 139, "drum-machines": 1357, "synths": 150, "wavetables": 7, "user": 0, "all": 1654}


@pytest.fixture(scope="module")
def snd(shared_index):
    return shared_index.sounds


def test_category_counts_equal_the_repl(snd):
    assert snd.category_counts == REPL_COUNTS
    for category, count in REPL_COUNTS.items():
        assert len(sounds_frame(category)) == count
    assert len(sounds_frame("drums")) == 1357  # the button's internal name works too


def test_category_rules(snd):
    assert in_sound_category("bd", {"type": "sample", "tag": "drum-machines", "prebake": True}, "drum-machines")
    assert not in_sound_category("bd", {"type": "sample", "tag": "drum-machines", "prebake": True}, "samples")
    assert in_sound_category("x", {"type": "soundfont", "prebake": True}, "synths")
    assert in_sound_category("x", {"type": "sample"}, "user")  # no prebake -> user
    assert not in_sound_category("_base", {"type": "sample"}, "all")
    assert snd.entries["bus"].categories == ("all",)  # type input shows only under all
    assert "_base" in snd.entries and "_base" not in snd.names


def test_sample_counts_as_the_tab_prints_them(snd):
    assert snd.entries["bd"].count == 8
    assert snd.entries["piano"].count == 29  # note-keyed object: its number of keys
    assert snd.entries["gm_piano"].count == sample_count(snd.registry["gm_piano"]) > 1
    assert snd.entries["wt_digital"].count == 5
    assert snd.entries["sawtooth"].count is None
    assert sample_count({"type": "sample", "samples": "one.wav"}) == 1


def test_sorted_like_the_tab(snd):
    assert list(snd.names[:3]) == ["9000_bd", "9000_cb", "9000_cr"]
    assert all(not n.startswith("_") for n in snd.names)


def test_banks_and_aliases_match_the_registry(shared_snapshot_dir, snd):
    recorded = json.loads((shared_snapshot_dir / "soundmap-aliases.json").read_text())
    derived = {k: e.alias_of for k, e in snd.entries.items() if e.alias_of}
    assert derived == recorded  # all 645 alias keys, derived from the registry alone
    tr909 = snd.get_bank("RolandTR909")
    assert tr909.label == "RolandTR909" and tr909.aliases == ("tr909",)
    assert "bd" in tr909.sounds
    assert snd.get_bank("tr909").alias_of == "rolandtr909"
    assert snd.bank_sound("tr909", "bd").alias_of == "rolandtr909_bd"
    assert "rolandtr909" in snd.by_sound["bd"]
    frame = banks_frame()
    assert frame.loc["rolandtr909", "aliases"] == ["tr909"]


def test_lookups_are_case_insensitive_like_the_registry(snd):
    assert snd.get("RolandTR909_BD").name == "rolandtr909_bd"
    assert sound_key("My Sound") == "my_sound"
    assert sound_key("  Two  Spaces ") == "_two_spaces_"


def test_process_sample_map_mirrors_samples(shared_snapshot_dir):
    entries = process_sample_map(
        {"_base": "https://own/", "Kick Drum": ["k/1.wav", "k/2.wav"], "wt_fm": "w/fm.wav", "keys": {"c3": "k/c3.wav"}},
        "https://cdn/",
        prebake=True,
        tag="drum-machines",
    )
    assert entries["kick_drum"] == {
        "type": "sample",
        "samples": ["https://cdn/k/1.wav", "https://cdn/k/2.wav"],
        "baseUrl": "https://cdn/",
        "prebake": True,
        "tag": "drum-machines",
    }
    assert entries["wt_fm"]["type"] == "wavetable" and entries["wt_fm"]["tables"] == ["https://cdn/w/fm.wav"]
    assert entries["keys"]["samples"] == {"c3": ["https://cdn/k/c3.wav"]}
    assert entries["_base"]["samples"] == ["https://cdn/https://own/"]  # superdough registers it too
    # without an explicit base the map's own _base is used; github: is expanded; no prebake key
    own = process_sample_map({"_base": "github:me/samples", "hat": ["h.wav"]})
    assert own["hat"]["samples"] == ["https://raw.githubusercontent.com/me/samples/main/h.wav"]
    assert "prebake" not in own["hat"] and "tag" not in own["hat"]


def test_prebake_reproduces_the_snapshot_registry(shared_snapshot_dir):
    """Replaying the prebake's samples() calls over the shared sample maps gives the snapshot's entries."""
    maps = json.loads((shared_snapshot_dir / "sample-maps" / "index.json").read_text())["maps"]
    registry = json.loads((shared_snapshot_dir / "soundmap.json").read_text())
    checked = 0
    for spec in maps:
        if spec["loadedBy"] != "samples()":
            continue
        sample_map = json.loads((shared_snapshot_dir / "sample-maps" / spec["file"]).read_text())
        for key, data in process_sample_map(sample_map, spec["baseUrl"], **spec["options"]).items():
            if key != "_base":
                assert registry[key]["data"] == data, key
                checked += 1
    # piano 1 + vcsl 128 + tidal-drum-machines 683 + uzu-drumkit 16 + wavetables 7 + mridangam 13 + dirt 10
    assert checked == 858


def test_register_sounds_adds_user_sounds_and_the_index_notices(fresh_index):
    before = fresh_index.version
    assert strudel_knowledge("list user sounds", index=fresh_index)["items"] == []
    keys = fresh_index.register_sounds({"Swoop": ["swoop/a.wav", "swoop/b.wav"]}, "https://example.com/")
    assert keys == ["swoop"]
    assert fresh_index.version == before + 1
    assert fresh_index.sounds.category_counts["user"] == 1
    listed = strudel_knowledge("list user sounds", index=fresh_index)
    assert [i["name"] for i in listed["items"]] == ["swoop"]
    found = strudel_knowledge("is swoop available", index=fresh_index)
    assert found["ok"] and found["items"][0]["count"] == 2
    assert "swoop" in sounds_frame("user", index=fresh_index).index


def test_a_bad_sample_map_registers_nothing(fresh_index):
    before = dict(fresh_index.sounds.registry)
    with pytest.raises(ValueError, match="invalid sample map"):
        fresh_index.register_sounds({"good": ["a.wav"], "bad": 42})
    with pytest.raises(ValueError, match="non-empty"):
        fresh_index.register_sounds({})
    with pytest.raises(ValueError, match="offline"):
        fresh_index.register_sounds("github:tidalcycles/dirt-samples")
    assert fresh_index.sounds.registry == before


def test_register_from_a_local_strudel_json(fresh_index, tmp_path):
    (tmp_path / "strudel.json").write_text(json.dumps({"_base": "https://x/", "zap": ["z.wav"]}))
    assert "zap" in fresh_index.register_sounds(tmp_path)
    assert fresh_index.sounds.get("zap").base_url == "https://x/"


def test_registering_while_others_read_never_shows_a_half_built_registry(fresh_index):
    """Given readers browsing and searching while a writer registers sounds one by one."""
    import threading

    from strudel_jupyter.lookup.browse import browse_sounds
    from strudel_jupyter.lookup.tables import tables_for

    errors: list[BaseException] = []
    done = threading.Event()

    def reader() -> None:
        try:
            while not done.is_set():
                browse_sounds("zzq", "user", index=fresh_index)
                strudel_knowledge("list user sounds", index=fresh_index)
                fresh_index.sounds.with_name_containing("zzq")
        except BaseException as exc:  # noqa: BLE001 - any failure in a thread is the finding
            errors.append(exc)

    threads = [threading.Thread(target=reader) for _ in range(3)]
    for t in threads:
        t.start()
    for i in range(30):
        fresh_index.register_sounds({f"zzq{i}": ["a.wav"]}, "https://example.com/")
    done.set()
    for t in threads:
        t.join()
    # Then no reader failed, and what is derived from the current version knows every sound
    assert errors == []
    assert {f"zzq{i}" for i in range(30)} <= set(tables_for(fresh_index).sound_names)
    assert fresh_index.sounds.category_counts["user"] == 30


def test_noise_synths_are_played_without_a_note(snd):
    # Given the synths the reference's noise entries play ("Adds pink noise": <white pink brown>,
    # "crackle noise density": crackle)
    assert snd.noises == {"white", "pink", "brown", "crackle"}
    # Then their usage plays the sound, with no pitch to give it; pitched synths keep a note
    assert [snd.get(n).usage for n in ("white", "pink", "brown", "crackle")] == [
        's("white")',
        's("pink")',
        's("brown")',
        's("crackle")',
    ]
    assert snd.get("sine").usage == 'note("c e g").s("sine")'
    assert snd.get("z_noise").usage == 'note("c e g").s("z_noise")'  # ZZFX's noise takes a frequency
    assert snd.get("bd").usage == 's("bd")'  # perlin noise's example plays bd: a sample, not a noise synth
    assert strudel_knowledge("what is pink")["items"][0]["usage"] == 's("pink")'


def test_which_synths_are_noise_comes_from_the_docs(tmp_path, shared_snapshot_dir):
    # Given a snapshot whose noise entry plays other synths
    for name in ("soundmap.json", "symbols.json"):
        shutil.copyfile(shared_snapshot_dir / name, tmp_path / name)
    doc = json.loads((shared_snapshot_dir / "doc.json").read_text(encoding="utf-8"))
    for entry in doc["docs"]:
        if entry.get("name") == "noise":
            entry["examples"] = ["note(\"c\").s('sine').sound(`<supersaw pink>`)"]
        if entry.get("name") == "density":
            entry["description"] = "<p>how dense the crackles are</p>"
    (tmp_path / "doc.json").write_text(json.dumps(doc), encoding="utf-8")
    snd = StrudelIndex.from_path(tmp_path).sounds
    # Then the noises are those, and what the docs no longer call noise has a pitch again
    assert snd.noises == {"sine", "supersaw", "pink"}
    assert snd.get("sine").usage == 's("sine")' and snd.get("white").usage == 'note("c e g").s("white")'
    assert snd.get("crackle").usage == 'note("c e g").s("crackle")'
    # and registering user sounds keeps the rule
    fresh = StrudelIndex.from_path(tmp_path)
    fresh.register_sounds({"swoop": ["a.wav"]}, "https://example.com/")
    assert fresh.sounds.noises == snd.noises and fresh.sounds.get("pink").usage == 's("pink")'


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("aB9_: \t\u00a0\u2003xé-"), max_size=12))
def test_a_sound_key_is_the_name_lower_cased_with_spaces_as_underscores(name):
    # Given any name (letters, digits, spaces of several kinds); Then its key is the registry's
    # normalisation (the shortcut for a name of letters and digits only gives the same)
    from strudel_jupyter.data.sounds_tab import _WHITESPACE

    assert sound_key(name) == _WHITESPACE.sub("_", name.lower())
