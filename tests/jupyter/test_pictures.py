"""What a pattern plays, as a picture, in every front end of the notebook: the ``%%strudel``
outputs, ``%%strudel --events``, the panel's examples and the sidebar's REST route.

The pictures come from Strudel's own engine (the real snapshot's), drawn by ``render/picture.py``.
"""

from __future__ import annotations

import base64
import json
import re
import xml.etree.ElementTree as ET

import pytest
from IPython.core.error import UsageError
from IPython.core.interactiveshell import InteractiveShell
from jsonschema import Draft202012Validator

from strudel_jupyter.devtools.rest_schema import DEFAULT_OUT
from strudel_jupyter.jupyter.magics import StrudelMagics
from strudel_jupyter.jupyter.panel import StrudelPanel
from strudel_jupyter.jupyter.playback import PATTERN_MIME, PatternEvents
from strudel_jupyter.jupyter.rest.routes import example_pictures_of
from strudel_jupyter.limits import MAX_DETAIL_PICTURES, MAX_PICTURE_CYCLES
from strudel_jupyter.render.picture import PALETTE, PICTURE_CYCLES, SVG_MIME

pytest_plugins = ["pytest_jupyter.jupyter_server"]

SVG = "{http://www.w3.org/2000/svg}"
DRUMS = 's("bd*4, hh*8")\n'


@pytest.fixture
def magics(shared_index):
    return StrudelMagics(InteractiveShell.instance(), index=shared_index)


def row_labels(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text for g in root.iter(f"{SVG}g") if g.get("text-anchor") == "end" for t in g.iter(f"{SVG}text")]


def boxes(svg: str) -> int:
    """Event boxes: the rectangles in the palette's colour groups."""
    root = ET.fromstring(svg)
    return sum(len(list(g.iter(f"{SVG}rect"))) for g in root.iter(f"{SVG}g") if g.get("fill") in PALETTE)


def img_svgs(html: str) -> list[str]:
    """The SVG pictures an HTML output embeds as <img> data URLs."""
    return [base64.b64decode(m).decode() for m in re.findall(r"src='data:image/svg\+xml;base64,([^']+)'", html)]


# ------------------------------------------------------------------ %%strudel
def test_a_strudel_cell_output_carries_the_picture_of_what_it_plays(magics):
    # Given a cell of drums, run through %%strudel
    result = magics.strudel("", DRUMS)
    bundle = result._repr_mimebundle_()
    # Then the bundle has an image/svg+xml picture: one row per sound, a box per hit over the first cycles
    svg = bundle[SVG_MIME]
    assert row_labels(svg) == ["bd", "hh"]
    assert boxes(svg) == 12 * PICTURE_CYCLES
    # and the same picture under the HTML (front ends that show HTML first), beside the pattern output
    assert img_svgs(bundle["text/html"]) == [svg]
    assert bundle[PATTERN_MIME]["code"] == DRUMS and result.ok


def test_play_output_carries_the_picture_too(magics):
    bundle = magics.strudel("--play", 'note("c3 e3 g3").s("sawtooth")\n')._repr_mimebundle_()
    assert row_labels(bundle[SVG_MIME]) == ["g3", "f#3", "f3", "e3", "d#3", "d3", "c#3", "c3"]


@pytest.mark.parametrize(
    ("code", "labels"),
    [
        # written with flats: each row as written, the keys between in flats (issue 22: not d#2)
        ('note("eb2 f2 bb2").s("sawtooth")\n', ["bb2", "a2", "ab2", "g2", "gb2", "f2", "e2", "eb2"]),
        # a flat scale: tonal's own spelling
        ('n("0 2 4").scale("Eb:major")\n', ["Bb3", "A3", "Ab3", "G3", "Gb3", "F3", "E3", "Eb3"]),
        # numbers made from a note written with a flat are spelled with flats
        (
            'note("eb2").add(note("<0 12>"))\n',
            ["eb3", "d3", "db3", "c3", "b2", "bb2", "a2", "ab2", "g2", "gb2", "f2", "e2", "eb2"],
        ),
        # a chord symbol with a flat root: tonal's voicing (D3 Bb3 D4 F4 Bb4), the keys between in flats
        (
            'chord("Bb").voicing()\n',
            ["Bb4", "A4", "Ab4", "G4", "Gb4", "F4", "E4", "Eb4", "D4", "Db4", "C4", "B3", "Bb3"],
        ),
    ],
)
def test_the_pianoroll_labels_notes_as_the_code_writes_them(magics, code, labels):
    svg = magics.strudel("", code)._repr_mimebundle_()[SVG_MIME]
    names = row_labels(svg)
    assert names[: len(labels)] == labels
    assert not any("#" in name for name in names)


def test_code_that_does_not_evaluate_shows_its_findings_and_no_picture(magics):
    result = magics.strudel("", 's("bd sd").fasst(2)\n')
    bundle = result._repr_mimebundle_()
    assert SVG_MIME not in bundle and "data:image/svg+xml" not in bundle["text/html"]
    assert not result.ok and result.findings[0].kind == "unknown_method"


def test_events_option_shows_the_events_table_with_its_picture(magics):
    # When a cell runs with --events 2
    result = magics.strudel("--events 2", DRUMS)
    # Then it is the events of two cycles, as the engine's DataFrame
    assert isinstance(result, PatternEvents) and result.ok
    frame = result.frame
    assert len(frame) == 24 and sorted(frame["cycle"].unique()) == [0, 1]
    assert (frame[frame["s"] == "bd"].groupby("cycle").size() == 4).all()
    # shown as a table and a picture of those two cycles
    bundle = result._repr_mimebundle_()
    assert boxes(bundle[SVG_MIME]) == 24
    assert "<table" in bundle["text/html"] and img_svgs(bundle["text/html"]) == [bundle[SVG_MIME]]
    assert "24 events in cycles 0-1" in bundle["text/plain"]


def test_events_default_to_one_cycle(magics):
    assert len(magics.strudel("--events", DRUMS).frame) == 12


def test_events_of_code_that_does_not_evaluate_say_why(magics):
    result = magics.strudel("--events", 'note("c3 e3").scale(\n')
    bundle = result._repr_mimebundle_()
    assert not result.ok and result.frame is None
    assert "The code does not play" in bundle["text/plain"] and SVG_MIME not in bundle


@pytest.mark.parametrize(
    "line", ["--events 0", f"--events {MAX_PICTURE_CYCLES + 1}", "--events 2 --play", "--events --json"]
)
def test_events_options_out_of_bounds_are_usage_errors(magics, line):
    with pytest.raises(UsageError):
        magics.strudel(line, DRUMS)


def test_events_belong_to_the_cell_magic(magics):
    with pytest.raises(UsageError, match="--events belong to %%strudel"):
        magics.strudel("--events 2 room")


# ------------------------------------------------------------------ the panel
def test_the_panels_function_detail_shows_each_examples_picture(shared_index):
    # Given the panel, when a function with examples is searched
    panel = StrudelPanel(index=shared_index)
    panel.ref_search.value = "fast"
    item = shared_index.reference.get("fast")
    # Then the detail shows a picture under each of its examples (our own SVG, as an <img>)
    shown = img_svgs(panel.ref_detail.value)
    assert len(shown) >= len(item.examples) >= 1
    for svg in shown:
        ET.fromstring(svg)
    html = panel.ref_detail.value
    first_code = html.index("strudel-example")
    assert first_code < html.index("strudel-picture")  # under the example, not above it


def test_the_panel_draws_at_most_the_capped_number_of_pictures(shared_index):
    panel = StrudelPanel(index=shared_index)
    panel.ref_search.value = "s"  # many entries match
    assert len(img_svgs(panel.ref_detail.value)) <= MAX_DETAIL_PICTURES


# ------------------------------------------------------------------ the sidebar's route
SCHEMA = json.loads(DEFAULT_OUT.read_text(encoding="utf-8"))


def test_the_pictures_payload_has_one_picture_per_example_and_matches_the_schema(shared_index):
    payload = example_pictures_of(shared_index, "fast")
    validator = Draft202012Validator({"$defs": SCHEMA["$defs"], **SCHEMA["properties"]["example_pictures"]})
    assert list(validator.iter_errors(payload)) == []
    examples = shared_index.reference.get("fast").examples
    assert payload["name"] == "fast" and payload["cycles"] == PICTURE_CYCLES
    assert len(payload["pictures"]) == len(examples) and all(payload["pictures"])


@pytest.fixture
def jp_server_config():
    return {"ServerApp": {"jpserver_extensions": {"strudel_jupyter": True}}}


async def test_the_pictures_route_answers_through_the_server(jp_fetch):
    response = await jp_fetch("strudel-jupyter", "reference", "room", "pictures")
    body = json.loads(response.body)
    assert response.code == 200 and body["name"] == "room"
    assert body["pictures"] and all(p is None or p.startswith("<svg") for p in body["pictures"])
    missing = await jp_fetch("strudel-jupyter", "reference", "roooom", "pictures", raise_error=False)
    assert missing.code == 404 and json.loads(missing.body)["code"] == "not_found"


def test_the_markup_checker_lets_our_pictures_through_and_nothing_dressed_as_one():
    from strudel_jupyter.render.html import picture

    from ..hostile import unsafe_markup

    ours = picture(magics_free_svg(), alt="x")
    assert unsafe_markup(ours) == []
    for hostile in (
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        "<svg><script>alert(1)</script></svg>",
    ):
        dressed = f"<img class='strudel-picture' src='data:image/svg+xml;base64,{base64.b64encode(hostile.encode()).decode()}'>"
        assert unsafe_markup(dressed), hostile


def magics_free_svg() -> str:
    from strudel_jupyter.render.picture import events_svg

    from ..render.frames import frame_of, hits

    return events_svg(frame_of(*hits("<script>", 4)))
