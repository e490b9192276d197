"""Strudel's samples through the Jupyter server, in a real browser (issue #23).

JupyterLab runs as in ``test_browser.py`` with ``STRUDEL_SAMPLE_MIRROR`` pointing at a stand-in
for Strudel's CDN on 127.0.0.1: it serves the real drum-machine map and alias file (bytes of the
snapshot's copies) and generated WAV files at the real paths of the map's RolandTR808 entries.
The browser asks the server (``strudel-jupyter/samples/...``), never the stand-in: the tests
read the signal at the audio output as ``test_browser_audio.py`` does, stop the stand-in, and
hear the same sample again from the server's cache. A sample that is neither upstream nor cached
gives the one-line offline message, and a pattern made of it never says "Playing".
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path

import nbformat
import pytest

from tests.conftest import SHARED_SNAPSHOT
from tests.standin_cdn import StandinCDN, _handler, wav_bytes

from . import test_browser as harness
from .test_browser import TIMEOUT_MS, dark_theme, run_command, sidebar, tabpanel
from .test_browser import jp_asyncio_loop as jp_asyncio_loop
from .test_browser import jp_server_cleanup as jp_server_cleanup
from .test_browser_audio import PEAK_SCRIPT, SILENCE, SOUND, TAP_SCRIPT, search_sound, wait_for_silence

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
MAPS = SHARED_SNAPSHOT / "sample-maps"
DRUMS = "tidal-drum-machines/machines/"


def _tr808(sound: str) -> str:
    """The CDN path of the first sample of RolandTR808's ``sound`` (from the snapshot's real map)."""
    files = json.loads((MAPS / "tidal-drum-machines.json").read_text(encoding="utf-8"))[f"RolandTR808_{sound}"]
    return DRUMS + files[0]


class StoppableCDN:
    """The stand-in CDN on its own thread, which a test can stop (the CDN goes away)."""

    def __init__(self, cdn: StandinCDN) -> None:
        self.cdn = cdn
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(cdn))
        cdn.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.server.shutdown()
            self.server.server_close()
            self.running = False


@pytest.fixture(scope="module")
def cdn() -> Iterator[StoppableCDN]:
    standin = StandinCDN()
    for name in ("tidal-drum-machines.json", "tidal-drum-machines-alias.json"):
        standin.add(name, (MAPS / name).read_bytes(), "application/json")
    # half a second of a 220 Hz sine, at the bass drum's real path; the hi-hat is on no server
    standin.add(_tr808("bd"), wav_bytes(220, frames=4000))
    server = StoppableCDN(standin)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def lab(tmp_path_factory, shared_snapshot_dir, cdn):
    base = tmp_path_factory.mktemp("lab-samples")
    root = harness.lab_root(base)
    notebook = nbformat.v4.new_notebook()
    for source in (
        "%load_ext strudel_jupyter",
        '%%strudel --play\ns("bd*4").bank("RolandTR808")',
        '%%strudel --play\ns("hh*8").bank("RolandTR808")',
        # a long evaluation error next to the buttons
        '%%strudel --play\ns("bd").thisFunctionDoesNotExistAndItsNameIsLongEnoughToFillTheWholeRowOfThePlayer()',
    ):
        notebook.cells.append(nbformat.v4.new_code_cell(source))
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, root / "drums.ipynb")
    with harness.running_lab(base, shared_snapshot_dir, env={"STRUDEL_SAMPLE_MIRROR": cdn.cdn.url}) as server:
        yield server


@pytest.fixture(scope="module")
def browser(lab):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with harness.chromium("--autoplay-policy=no-user-gesture-required") as launched:
        yield launched


@pytest.fixture
def page(browser, lab):
    """A fresh browser context (no HTTP cache, no loaded engine) on the notebook, output tap installed."""
    context = browser.new_context(viewport={"width": 1100, "height": 820})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(TAP_SCRIPT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(lab.page_url("/lab/tree/drums.ipynb"))
    page.locator(".jp-Notebook .jp-Cell").first.wait_for()
    page.locator(".jp-SideBar [data-id='strudel-jupyter-sidebar']").wait_for()
    yield page
    context.close()
    assert not [e for e in errors if "strudel" in e.lower()], errors


def peak(page, ms: int, *, until: float | None = None) -> float:
    return float(page.evaluate(PEAK_SCRIPT, [ms, until]))


def sample_requests(page) -> list[str]:
    """The sample and map URLs this page fetched (Resource Timing)."""
    return page.evaluate(
        "() => performance.getEntriesByType('resource').map(e => e.name)"
        ".filter(n => n.includes('tidal-drum-machines') || n.includes('b-cdn'))"
    )


def sounds_tab(page):
    run_command(page, "Open Strudel Reference and Sounds", shows=page.locator(".jp-StrudelPanel"))
    sidebar(page).get_by_role("tab", name="Sounds", exact=True).click()
    return tabpanel(page, "Sounds")


def shot(page, name: str) -> None:
    page.wait_for_timeout(300)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def assert_whole(locator) -> None:
    """The element's text fits (nothing clipped) and its box lies inside its output or panel."""
    fits = locator.evaluate(
        """el => {
            const box = el.getBoundingClientRect();
            const frame = el.closest('.jp-Strudel-pattern, .jp-StrudelPanel, .widget-hbox').getBoundingClientRect();
            return {
                clipped: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1,
                inside: box.left >= frame.left - 1 && box.right <= frame.right + 1 && box.width > 0,
                text: el.innerText,
            };
        }"""
    )
    assert not fits["clipped"] and fits["inside"], fits


def assert_buttons(output, *, sounding: bool) -> None:
    """The player's buttons say what sounds: Play enabled (to start or try again) and pressed only
    while its pattern sounds; Stop enabled only then (a silent pattern has nothing to stop)."""
    play, stop = output.locator(".jp-Strudel-play"), output.locator(".jp-Strudel-stop")
    assert play.is_enabled()
    assert play.get_attribute("aria-pressed") == ("true" if sounding else "false")
    assert stop.is_enabled() is sounding and stop.get_attribute("aria-pressed") is None


def test_a_drum_sample_plays_through_the_server_then_from_its_cache_when_the_cdn_is_gone(browser, lab, cdn):
    # Given the stand-in CDN up, when I click RolandTR808's bass drum in the Sounds tab
    context = browser.new_context(viewport={"width": 1100, "height": 820})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(TAP_SCRIPT)
    page = context.new_page()
    page.goto(lab.page_url("/lab/tree/drums.ipynb"))
    page.locator(".jp-SideBar [data-id='strudel-jupyter-sidebar']").wait_for()
    sounds = sounds_tab(page)
    search_sound(sounds, "rolandtr808_bd").click()
    # Then it sounds, the status says so, and it came through the server, never from the CDN itself
    assert peak(page, 6000, until=SOUND) > SOUND
    sounds.locator(".jp-Strudel-auditionStatus", has_text="Played rolandtr808_bd").wait_for()
    fetched = sample_requests(page)
    assert f"{lab.url}/strudel-jupyter/samples/{_tr808('bd')}" in fetched, fetched
    assert not [url for url in fetched if "b-cdn" in url or cdn.cdn.url in url]
    assert cdn.cdn.requests[_tr808("bd")] == 1
    shot(page, "light-sidebar-sample-playing")
    context.close()

    # When the CDN goes away, a fresh page (no browser cache, a new engine) plays the same sample
    cdn.stop()
    context = browser.new_context(viewport={"width": 1100, "height": 820})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(TAP_SCRIPT)
    page = context.new_page()
    sources: list[str] = []
    page.on(
        "response",
        lambda r: sources.append(r.headers.get("x-strudel-sample-source", "")) if _tr808("bd") in r.url else None,
    )
    page.goto(lab.page_url("/lab/tree/drums.ipynb"))
    page.locator(".jp-SideBar [data-id='strudel-jupyter-sidebar']").wait_for()
    with dark_theme(page):
        sounds = sounds_tab(page)
        search_sound(sounds, "rolandtr808_bd").click()
        # Then it still sounds: the server answered from its cache
        assert peak(page, 6000, until=SOUND) > SOUND
        sounds.locator(".jp-Strudel-auditionStatus", has_text="Played rolandtr808_bd").wait_for()
        assert "cache" in sources, sources
        shot(page, "dark-sidebar-sample-playing")
    context.close()


def test_a_sample_neither_upstream_nor_cached_says_so_in_one_line(page, cdn):
    cdn.stop()
    # Given the CDN gone and the hi-hat never cached, when I click it
    sounds = sounds_tab(page)
    search_sound(sounds, "rolandtr808_hh").click()
    status = sounds.locator(".jp-Strudel-auditionStatus.jp-Strudel-error")
    status.wait_for()
    # Then one line says why, in the server's words, and nothing sounds
    text = status.locator(".jp-Strudel-messageText")
    assert "Strudel's sample server cannot be reached: synths still play" in text.inner_text()
    assert "1 sounds cached" in text.inner_text() or "sound cached" in text.inner_text()
    line = text.evaluate("el => parseFloat(getComputedStyle(el).lineHeight) || 16")
    assert text.bounding_box()["height"] <= 1.6 * line
    assert peak(page, 300) < SILENCE
    # with the details on demand only
    details = status.locator(".jp-Strudel-messageDetails")
    assert details.is_hidden()
    shot(page, "light-sidebar-offline-message")
    status.get_by_role("button", name="more").click()
    assert _tr808("hh").split("/")[-1] in details.inner_text()
    status.get_by_role("button", name="less").click()
    assert details.is_hidden()
    # and a synth still plays
    search_sound(sounds, "sawtooth").click()
    assert peak(page, 6000, until=SOUND) > SOUND
    search_sound(sounds, "rolandtr808_hh").click()
    status.wait_for()
    with dark_theme(page):
        shot(page, "dark-sidebar-offline-message")


def test_a_pattern_of_the_cached_bank_plays_and_one_that_cannot_sound_never_says_playing(page, cdn):
    cdn.stop()
    run_command(page, "Run All Cells")
    outputs = page.locator(".jp-Strudel-pattern")
    outputs.nth(2).wait_for()
    drums, hats, broken = outputs.nth(0), outputs.nth(1), outputs.nth(2)
    # Given the bass drum cached (first test), when I play the TR-808 pattern, it sounds
    drums.get_by_role("button", name="Play this Strudel pattern").click()
    drums.locator(".jp-Strudel-patternState", has_text="Playing").wait_for()
    assert peak(page, 6000, until=SOUND) > SOUND
    assert_buttons(drums, sounding=True)
    drums.get_by_role("button", name="■ Stop").click()
    drums.locator(".jp-Strudel-patternState", has_text="Stopped").wait_for()
    assert wait_for_silence(page) < SILENCE
    assert_buttons(drums, sounding=False)

    # A long evaluation error folds to one line under the buttons, which stay whole
    broken.get_by_role("button", name="Play this Strudel pattern").click()
    error = broken.locator(".jp-Strudel-patternState.jp-Strudel-error")
    error.wait_for()
    for button in (broken.locator(".jp-Strudel-play"), broken.locator(".jp-Strudel-stop")):
        assert_whole(button)
    assert_buttons(broken, sounding=False)  # nothing played before it: nothing to stop
    bar = broken.locator(".jp-Strudel-patternBar")
    assert bar.evaluate("el => el.scrollWidth <= el.clientWidth")
    message = error.locator(".jp-Strudel-messageText")
    line = message.evaluate("el => parseFloat(getComputedStyle(el).lineHeight) || 16")
    assert message.bounding_box()["height"] <= 1.6 * line
    # When I play the hi-hats (neither upstream nor cached), it says which sound and why
    hats.get_by_role("button", name="Play this Strudel pattern").click()
    state = hats.locator(".jp-Strudel-patternState.jp-Strudel-error")
    state.wait_for()
    text = state.locator(".jp-Strudel-messageText").inner_text()
    assert text.startswith("Silent: RolandTR808_hh: not cached. Strudel's sample server cannot be reached"), text
    assert "Playing" not in hats.locator(".jp-Strudel-patternState").inner_text()
    assert peak(page, 1000) < SILENCE
    # and its buttons say so: Play to try again, Stop not pressed (issue 22)
    assert_buttons(hats, sounding=False)
    # and the buttons keep their labels whole beside the folded message
    for button in (hats.locator(".jp-Strudel-play"), hats.locator(".jp-Strudel-stop")):
        assert_whole(button)
    assert hats.locator(".jp-Strudel-messageMore").is_visible()

    hats.scroll_into_view_if_needed()
    shot(page, "light-player-failing")
    with dark_theme(page):
        hats.scroll_into_view_if_needed()
        shot(page, "dark-player-failing")
        # "more" unfolds the whole message and its details
        state.get_by_role("button", name="more").click()
        hats_message = state.locator(".jp-Strudel-messageText")
        assert hats_message.bounding_box()["height"] > 1.6 * line
        assert _tr808("hh").split("/")[-1] in state.locator(".jp-Strudel-messageDetails").inner_text()
        shot(page, "dark-player-failing-unfolded")
