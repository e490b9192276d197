"""The reference index mirrors the REPL's reference tab (Reference.jsx) on the real snapshot."""

from __future__ import annotations

import json

import pytest

from strudel_jupyter import reference_frame
from strudel_jupyter.data.collation import collation_key
from strudel_jupyter.data.reference_tab import filter_tags, is_visible_doc, normalise_tags

# The tag row of the reference tab on the shared snapshot (its README's table).
REPL_TAG_COUNTS = {
    "superdough": 170,
    "temporal": 94,
    "external_io": 46,
    "filter": 46,
    "envelope": 45,
    "lfo": 45,
    "internals": 41,
    "generators": 35,
    "combiners": 29,
    "wavetable": 27,
    "samples": 21,
    "amplitude": 20,
    "tonal": 20,
    "midi": 17,
    "pitch": 17,
    "math": 16,
    "orbit": 16,
    "stepwise": 14,
    "visualization": 13,
    "functional": 12,
    "distortion": 11,
    "fm": 8,
    "untagged": 7,
    "internal": 2,
}


@pytest.fixture(scope="module")
def ref(shared_index):
    return shared_index.reference


def test_the_tab_lists_509_entries_carrying_691_names(ref):
    assert len(ref) == 509
    assert sum(1 + len(e.synonyms) for e in ref.entries) == 691


def test_tag_counts_equal_the_repl_tag_row(ref):
    assert ref.tag_counts == REPL_TAG_COUNTS
    assert "supradough" not in ref.tag_counts and "superdirt" not in ref.tag_counts


def test_entries_are_sorted_like_locale_compare_and_unique(ref):
    names = [e.name for e in ref.entries]
    assert names == sorted(names, key=collation_key)
    assert len(set(names)) == len(names)
    assert names.index("euclid") < names.index("euclidLegato") < names.index("euclidRot")


def test_filter_rules_drop_internal_undocumented_and_engine_only_entries(shared_snapshot_dir, ref):
    docs = json.loads((shared_snapshot_dir / "doc.json").read_text())["docs"]

    def engine_only(doc):
        tags = [t for t in doc.get("tags") or [] if isinstance(t, str)]
        return "superdough" not in tags and ("superdirt" in tags or "supradough" in tags)

    hidden = {d["name"] for d in docs if d.get("description") and engine_only(d)}
    shown_elsewhere = {d["name"] for d in docs if d.get("description") and not engine_only(d)}
    assert len(hidden) == 16
    assert not (hidden - shown_elsewhere) & set(ref.by_name)
    assert all(not e.name.startswith("_") for e in ref.entries)
    assert not is_visible_doc({"name": "x", "description": "", "tags": []})
    assert not is_visible_doc({"name": "x", "description": "d", "tags": ["supradough"]})
    assert is_visible_doc({"name": "x", "description": "d", "tags": ["supradough", "superdough"]})


def test_first_entry_wins_and_claims_its_synonyms(ref):
    # density is a control's own entry, so fast (later in doc.json) shows no synonym density,
    # although doc.json lists it; the raw list is kept for lookups.
    assert ref.by_name["density"].name == "density"
    assert ref.by_name["fast"].synonyms == ()
    assert ref.by_name["fast"].doc_synonyms == ("density",)
    assert ref.get("sound").name == "s"
    assert ref.by_name["lpf"].synonyms == ("cutoff", "ctf", "lp")


def test_note_resolves_to_the_documented_control_not_the_dough_class_member(ref):
    note = ref.by_name["note"]
    assert note.source == "packages/core/controls.mjs"
    assert note.params == ()
    assert len(note.examples) == 4


def test_entry_fields(ref):
    room = ref.by_name["room"]
    assert room.description.startswith("Sets the level of reverb.")
    assert "<p>" in room.description_html
    assert room.params == ({"name": "level", "type": "number | Pattern", "description": "between 0 and 1"},)
    assert room.examples[0] == 's("bd sd [~ bd] sd").room("<0 .2 .4 .6 .8 1>")'
    assert room.tags == ("orbit", "superdough")
    assert room.usage == "room(level)"


def test_tags_normalised_for_tools_but_strings_only_for_the_filter():
    doc = {"tags": ["samples", "superdirt", {"title": "superdirtonly", "text": ""}, {"title": "tag", "value": "viz"}]}
    assert normalise_tags(doc["tags"]) == ["samples", "superdirt", "viz"]
    assert filter_tags(doc) == ["samples", "superdirt"]
    assert filter_tags({"name": "x"}) == ["untagged"]
    assert filter_tags({"tags": [{"title": "noautocomplete", "text": ""}]}) == []


def test_reference_frame_is_a_copy_with_the_documented_columns():
    frame = reference_frame()
    assert len(frame) == 509
    assert {"name", "synonyms", "description", "description_html", "params", "examples", "tags", "source"} <= set(
        frame.columns
    )
    frame.loc["room", "description"] = "vandalised"
    assert reference_frame().loc["room", "description"].startswith("Sets the level of reverb")


def test_search_box_matches_names_and_synonyms_case_insensitively(ref):
    names = {e.name for e in ref.with_name_containing("CUTOFF")}
    assert "lpf" in names and "hpf" in names  # lpf via synonym cutoff, hpf via hcutoff
