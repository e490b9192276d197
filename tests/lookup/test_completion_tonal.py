"""Completion of tonal names: scale names in .scale("C:..."), chord symbols in chord("C..."), dictionaries in .dict("...")."""

from __future__ import annotations

import shutil

from strudel_jupyter import StrudelIndex
from strudel_jupyter.lookup.completion import complete, completion_context


def test_every_scale_is_offered_as_the_repl_writes_it(shared_index) -> None:
    # Given the cursor right after a tonic and ':'
    result = complete('n("0 2").scale("C:', index=shared_index, limit=500)
    # Then every scale name and alias is offered, with ':' for spaces, and only those
    texts = {c.text for c in result.items}
    assert texts == {n.replace(" ", ":") for n in shared_index.tonal.scale_names}
    assert "minor:pentatonic" in texts and "bebop:major" in texts
    assert all(c.kind == "scale" for c in result.items)
    # and each one the REPL accepts after the tonic
    assert all(shared_index.tonal.read_scale("C:" + t).problem is None for t in texts)


def test_a_scale_name_with_spaces_completes_past_its_colons(shared_index) -> None:
    result = complete('n("0").scale("C:minor:p', index=shared_index)
    assert result.items[0].text == "minor:pentatonic"
    assert (result.start, result.end) == (len('n("0").scale("C:'), len('n("0").scale("C:minor:p'))
    assert result.items[0].detail == "scale: 1P 3m 4P 5P 7m"


def test_chord_symbols_after_a_root(shared_index) -> None:
    code = 'chord("<C^7 F#m'
    context = completion_context(code, len(code))
    assert context is not None and (context.slot, context.word) == ("chord", "m")
    result = complete(code, index=shared_index)
    texts = [c.text for c in result.items]
    assert texts[0] == "m" and "m7" in texts and "m7b5" in texts
    assert set(texts) <= set(shared_index.tonal.symbols_of("ireal"))
    assert all(t.startswith("m") for t in texts)  # case matters: M7 is not m7
    assert result.start == len('chord("<C^7 F#')
    # before a root is typed there is nothing to offer
    assert complete('chord("', index=shared_index).items == []
    assert complete('chord("c', index=shared_index).items == []


def test_voicing_dictionaries_in_dict(shared_index) -> None:
    result = complete('chord("C^7").dict("l', index=shared_index)
    assert [c.text for c in result.items] == ["legacy", "lefthand"]  # the shorter first, as for any prefix
    assert all(c.kind == "voicing" for c in result.items)


def test_without_tonal_json_scales_come_from_the_docs(tmp_path, shared_snapshot_dir) -> None:
    for name in ("doc.json", "soundmap.json", "symbols.json"):
        shutil.copy(shared_snapshot_dir / name, tmp_path / name)
    bare = StrudelIndex.from_path(tmp_path)
    assert complete('n("0").scale("C:mi', index=bare).items[0].text == "minor"
    assert complete('chord("C^', index=bare).items == []
