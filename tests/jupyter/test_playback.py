"""Playable outputs from the kernel: ``%%strudel --play``, ``play()``, the panel's audition, and
the sound sources the browser's engine registers (``GET sound-sources``).

What the browser does with them (sound at the output) is tested in test_browser_audio.py.
"""

from __future__ import annotations

import json
import time

import pytest
from IPython.core.error import UsageError
from IPython.core.interactiveshell import InteractiveShell

from strudel_jupyter import StrudelIndex, ValidationReport
from strudel_jupyter.data.sound_sources import sound_sources, user_sounds
from strudel_jupyter.jupyter.magics import StrudelMagics
from strudel_jupyter.jupyter.panel import StrudelPanel
from strudel_jupyter.jupyter.playback import PATTERN_MIME, CheckedCode, PlayablePattern, play
from strudel_jupyter.jupyter.rest.routes import INDEX_SETTING

pytest_plugins = ["pytest_jupyter.jupyter_server"]

CODE = 'note("c3 e3 g3").s("sawtooth").room(0.2)\n'


@pytest.fixture
def magics(fresh_index):
    return StrudelMagics(InteractiveShell.instance(), index=fresh_index)


# ------------------------------------------------------------- %%strudel --play
def test_play_option_gives_a_playable_output_of_exactly_the_cell(magics, fresh_index):
    # Given a sound registered in this kernel from a local server
    fresh_index.register_sounds({"kick": ["kick.wav", "kick2.wav"]}, "http://127.0.0.1:8000/")
    # When a cell runs through %%strudel --play
    result = magics.strudel("--play", CODE)
    # Then it is a playable pattern whose bundle has its own MIME type with the exact code
    assert isinstance(result, PlayablePattern)
    bundle = result._repr_mimebundle_()
    payload = bundle[PATTERN_MIME]
    assert payload["kind"] == "pattern" and payload["code"] == CODE
    # the validator's findings, and the kernel's own sounds with whole URLs, so they play
    assert payload["validation"]["ok"] is True and payload["validation"]["findings"] == []
    assert payload["sounds"] == {
        "kick": {"type": "sample", "files": ["http://127.0.0.1:8000/kick.wav", "http://127.0.0.1:8000/kick2.wav"]}
    }
    json.dumps(payload)  # a notebook can store it
    # and text and HTML fallbacks for front ends without the extension, with the code as text
    assert CODE.strip() in bundle["text/plain"] and "No problems found." in bundle["text/plain"]
    assert "&quot;c3 e3 g3&quot;" in bundle["text/html"] and "<script" not in bundle["text/html"]


def test_play_keeps_the_findings_and_plays_only_on_a_click(magics):
    result = magics.strudel("--play", 's("bd sd").fasst(2)\n')
    payload = result._repr_mimebundle_()[PATTERN_MIME]
    # The findings travel with the code (shown above it); nothing in the payload starts it
    assert not result.ok and payload["validation"]["errors"] == 1
    assert payload["validation"]["findings"][0]["kind"] == "unknown_method"
    assert "autoplay_until" not in payload


def test_plain_cell_magic_is_still_the_report_with_a_play_action(magics):
    report = magics.strudel("", CODE)
    # The report keeps its API (ok, findings, to_dict) ...
    assert isinstance(report, ValidationReport) and isinstance(report, CheckedCode)
    assert report.ok and report.to_dict()["findings"] == []
    # ... and its display adds the play action on the same code, in the "check" view
    payload = report._repr_mimebundle_()[PATTERN_MIME]
    assert payload["view"] == "check" and payload["code"] == CODE
    assert magics.strudel("--json", CODE) == report.to_dict()


@pytest.mark.parametrize(
    ("line", "cell", "message"),
    [
        ("--json --play", CODE, "--json or --play, not both"),
        ("--play room", None, "--play belongs to %%strudel"),
        ("--play room", CODE, "takes only --json or --play"),
    ],
)
def test_play_option_misuse_is_a_usage_error(magics, line, cell, message):
    with pytest.raises(UsageError, match=message):
        magics.strudel(line, cell)


def test_play_helper_is_what_the_magic_returns(fresh_index):
    assert play(CODE, index=fresh_index) == StrudelMagics(index=fresh_index).strudel("--play", CODE)
    with pytest.raises(TypeError):
        play(42, index=fresh_index)  # type: ignore[arg-type]


# ------------------------------------------------------------------ panel audition
def test_picking_a_sound_in_the_panel_plays_it_through_a_sound_output(fresh_index):
    panel = StrudelPanel(index=fresh_index)
    # Given a search (its first row is selected for the detail, which must not play)
    panel.snd_search.value = "sawtooth"
    assert panel.last_audition is None
    # When I pick a sound, it is sent to JupyterLab to play now, once
    panel.snd_list.select.value = "z_sawtooth"
    sound = panel.last_audition
    assert sound is not None
    payload = sound._repr_mimebundle_()[PATTERN_MIME]
    assert payload["kind"] == "sound" and payload["sound"] == "z_sawtooth" and payload["n"] == 0
    # only right after the click: reopened later, the output waits for a click on its button
    assert time.time() * 1000 < payload["autoplay_until"] <= (time.time() + 11) * 1000
    # The play button plays the selection at the chosen sample index
    panel.snd_index.value = 3
    panel.snd_play.click()
    assert panel.last_audition.sound == "z_sawtooth" and panel.last_audition.n == 3


# ------------------------------------------------------------------ sound sources
def test_sound_sources_list_the_prebakes_maps_in_order_and_the_user_sounds(fresh_index, shared_snapshot_dir):
    listed = json.loads((shared_snapshot_dir / "sample-maps" / "index.json").read_text())["maps"]
    sources = sound_sources(fresh_index)
    # The prebake's sample maps, in its call order, with its base URLs and options
    expected = [m["file"].removesuffix(".json") for m in listed if not m["loadedBy"].startswith("aliasBank")]
    assert [m["name"] for m in sources["maps"]] == expected
    piano = sources["maps"][0]
    assert piano["url"] == "https://strudel.b-cdn.net/piano.json" and piano["options"] == {"prebake": True}
    # the map the REPL passes inline travels whole; the others are fetched by the browser
    inline = [m for m in sources["maps"] if m["url"] is None]
    assert [m["name"] for m in inline] == ["dirt-samples"] and "casio" in inline[0]["map"]
    assert sources["alias_url"] == "https://strudel.b-cdn.net/tidal-drum-machines-alias.json"
    # No user sounds until some are registered; then their whole URLs
    assert sources["user"] == {}
    fresh_index.register_sounds({"swoop": {"c4": "s/c4.wav"}}, "https://example.com/")
    assert user_sounds(fresh_index) == {"swoop": {"type": "sample", "files": {"c4": ["https://example.com/s/c4.wav"]}}}


@pytest.fixture
def jp_server_config():
    return {"ServerApp": {"jpserver_extensions": {"strudel_jupyter": True}}}


async def test_the_sound_sources_route_serves_them_and_sees_new_user_sounds(jp_fetch, jp_web_app, shared_snapshot_dir):
    index = StrudelIndex.from_path(shared_snapshot_dir)
    jp_web_app.settings[INDEX_SETTING] = index
    response = await jp_fetch("strudel-jupyter", "sound-sources")
    body = json.loads(response.body)
    assert body == json.loads(json.dumps(sound_sources(index)))
    index.register_sounds({"swish": "swish.wav"}, "http://127.0.0.1:9/")
    body = json.loads((await jp_fetch("strudel-jupyter", "sound-sources")).body)
    assert body["user"] == {"swish": {"type": "sample", "files": ["http://127.0.0.1:9/swish.wav"]}}
