"""The completion engine: where the cursor is in Strudel code, and the real names that fit there."""

from __future__ import annotations

import pytest

from strudel_jupyter.lookup.completion import complete, completion_context, inspect_at


def texts(code: str, index, cursor: int | None = None) -> list[str]:
    return [c.text for c in complete(code, cursor, index=index).items]


# ------------------------------------------------------------------ context
@pytest.mark.parametrize(
    ("code", "slot", "word"),
    [
        ('note("c e").ro', "method", "ro"),
        ('note("c e")\n  .ro', "method", "ro"),
        ('s("bd").', "method", ""),
        ("sta", "global", "sta"),
        ('stack(s("bd"), sil', "global", "sil"),
        ('s("b', "sound", "b"),
        ("sound('bd h", "sound", "h"),
        ('s("<bd [sd cp]>*2 h', "sound", "h"),
        ('s("bd").bank("tr9', "bank", "tr9"),
        ('n("0 2").scale("C:mi', "scale", "mi"),
        ('s(`bd ${"x"} h', "sound", "h"),
    ],
)
def test_the_slot_and_word_under_the_cursor(code: str, slot: str, word: str) -> None:
    context = completion_context(code, len(code))
    assert context is not None
    assert (context.slot, context.word) == (slot, word)
    assert code[context.start : context.end] == word


@pytest.mark.parametrize(
    "code",
    [
        '// s("b',
        '/* s("b',
        's("bd:',  # a sample index
        'note("c e',  # notes are not names
        's("bd").room(0.',  # a number
        'n("0 2").scale("C',  # the tonic
        "",
        'const label = "b',
    ],
)
def test_no_slot_where_no_name_fits(code: str) -> None:
    assert completion_context(code, len(code)) is None


def test_a_closed_comment_or_string_before_the_cursor_is_skipped() -> None:
    code = '/* "x */ s("bd") // it\'s\n.ro'
    context = completion_context(code, len(code))
    assert context is not None and (context.slot, context.word) == ("method", "ro")


# ------------------------------------------------------------------ ranking
def test_room_comes_first_after_ro(shared_index) -> None:
    result = complete('note("c e").ro', index=shared_index)
    first = result.items[0]
    assert (first.text, first.kind, first.match) == ("room", "function", "prefix")
    assert first.detail.startswith("Sets the level of reverb")
    assert {"roomsize", "roomdim"} <= {c.text for c in result.items}


def test_an_exact_name_comes_first_then_the_names_it_starts(shared_index) -> None:
    result = texts('s("bd").room', shared_index)
    assert result[0] == "room"
    assert "roomsize" in result


def test_methods_after_a_dot_globals_at_the_start(shared_index) -> None:
    # arrange is a global function, not a Pattern method; rev is both
    assert "arrange" in texts("arr", shared_index)
    assert "arrange" not in texts('s("bd").arr', shared_index)
    assert "rev" in texts('s("bd").re', shared_index)
    assert "rev" in texts("re", shared_index)


def test_a_two_letter_typo_offers_the_name(shared_index) -> None:
    result = complete('note("c").rv', index=shared_index)
    assert [c.text for c in result.items][:1] == ["rev"]
    assert result.items[0].match == "fuzzy"


def test_sounds_inside_s_are_sounds_shortest_first(shared_index) -> None:
    result = complete('s("b', index=shared_index)
    assert result.slot == "sound"
    assert result.items[0].text == "bd"
    assert all(c.kind == "sound" and c.text.startswith("b") for c in result.items)
    assert len(result.items) == 50


def test_banks_inside_bank(shared_index) -> None:
    result = complete('s("bd").bank("tr9', index=shared_index)
    assert [(c.text, c.kind) for c in result.items] == [("tr909", "bank")]


def test_scale_names_inside_scale(shared_index) -> None:
    result = texts('n("0 2 4").scale("C:mi', shared_index)
    assert result[0] == "minor"
    assert "mixolydian" in result


def test_synonyms_complete_as_typed(shared_index) -> None:
    # lp is a synonym of lpf: both are offered, each documented by lpf's entry
    result = complete('s("bd").lp', index=shared_index)
    by_text = {c.text: c for c in result.items}
    assert result.items[0].text == "lp" and result.items[0].match == "synonym"
    assert by_text["lp"].name == by_text["lpf"].name == "lpf"


def test_user_sounds_complete_once_registered(fresh_index) -> None:
    fresh_index.register_sounds({"swoosh": ["swoosh/a.wav"]}, "https://example.com/")
    assert texts('s("swo', fresh_index)[0] == "swoosh"


def test_every_name_offered_is_real(shared_index, names) -> None:
    for code in ('s("bd").', 'note("c").r', "s", 's("', 's("bd").bank("', "x.fas"):
        for item in complete(code, index=shared_index).items:
            assert item.text.lower() in names or item.kind == "scale", (code, item)


def test_bad_input_answers_nothing(shared_index) -> None:
    assert complete(None, index=shared_index).items == []  # type: ignore[arg-type]
    assert complete("x" * 200_001, index=shared_index).items == []
    assert complete('s("b', 99, index=shared_index).items[0].text == "bd"  # cursor clamped


# ---------------------------------------------------------------- inspection
def test_inspect_the_name_under_the_cursor(shared_index) -> None:
    code = 's("bd").room(0.5)'
    room = inspect_at(code, code.index("room") + 2, index=shared_index)
    assert room is not None and room["name"] == "room"
    assert "reverb" in room["description_html"]  # type: ignore[typeddict-item]
    bd = inspect_at(code, 3, index=shared_index)
    assert bd is not None and (bd["kind"], bd["name"]) == ("sound", "bd")
    assert inspect_at(code, code.index("0.5") + 1, index=shared_index) is None
