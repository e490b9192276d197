"""Sound in a real browser: the Sounds tab auditions and notebook patterns really make sound.

JupyterLab runs as in ``test_browser.py``; Debian's Chromium runs with
``--autoplay-policy=no-user-gesture-required``. Before any page script, an init script puts an
``AnalyserNode`` between every node and the audio destination: the tests read the signal
that reaches the speakers (peak of the time-domain data), not clicks or DOM states. Samples
come from WAV files these tests generate and serve from 127.0.0.1 (this machine has no CDN),
registered with ``register_sounds`` in the server (the sidebar) and in the kernel (notebooks).
"""

from __future__ import annotations

import http.server
import json
import math
import os
import struct
import threading
import time
import wave
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from . import test_browser as harness
from .test_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    TIMEOUT_MS,
    _free_port,
    run_command,
    sidebar,
    tabpanel,
)

# pytest-jupyter fixtures neutralised as in test_browser.py (re-exported, so pytest finds them here)
from .test_browser import jp_asyncio_loop as jp_asyncio_loop
from .test_browser import jp_server_cleanup as jp_server_cleanup

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
#: A signal this loud is sound; below SILENCE it is nothing (a sine of amplitude 0.8 reads ~0.8).
SOUND = 0.05
SILENCE = 1e-4

#: Put an AnalyserNode in front of the audio destination of every context, before any page script.
TAP_SCRIPT = """
(() => {
  const connect = AudioNode.prototype.connect;
  const taps = new Map();
  window.__strudelTaps = [];
  AudioNode.prototype.connect = function (target, ...rest) {
    if (typeof AudioDestinationNode !== 'undefined' && target instanceof AudioDestinationNode) {
      let tap = taps.get(target);
      if (!tap) {
        tap = target.context.createAnalyser();
        tap.fftSize = 2048;
        tap.smoothingTimeConstant = 0;
        connect.call(tap, target);
        taps.set(target, tap);
        window.__strudelTaps.push(tap);
      }
      return connect.call(this, tap, ...rest);
    }
    return connect.call(this, target, ...rest);
  };
})();
"""

#: The loudest sample that reached the destination during `ms` milliseconds (polled every 10 ms),
#: or as soon as it passes `until` (when given).
PEAK_SCRIPT = """
async ([ms, until]) => {
  const buffer = new Float32Array(2048);
  let peak = 0;
  const end = performance.now() + ms;
  while (performance.now() < end && !(until && peak > until)) {
    for (const tap of window.__strudelTaps || []) {
      tap.getFloatTimeDomainData(buffer);
      for (const v of buffer) peak = Math.max(peak, Math.abs(v));
    }
    await new Promise(resolve => setTimeout(resolve, 10));
  }
  return peak;
}
"""


#: The level (dB) at one frequency at the output now, the loudest over the taps.
LEVEL_AT_SCRIPT = """
(frequency) => {
  let level = -Infinity;
  for (const tap of window.__strudelTaps || []) {
    const data = new Float32Array(tap.frequencyBinCount);
    tap.getFloatFrequencyData(data);
    level = Math.max(level, data[Math.round(frequency / (tap.context.sampleRate / tap.fftSize))]);
  }
  return level;
}
"""


def _write_tone(path: Path, frequency: float, seconds: float = 0.6, amplitude: float = 0.8) -> None:
    rate = 44_100
    frames = b"".join(
        struct.pack("<h", int(amplitude * 32767 * math.sin(2 * math.pi * frequency * i / rate)))
        for i in range(int(rate * seconds))
    )
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(frames)


class WavServer:
    """Serves generated WAV files from 127.0.0.1 with CORS (JupyterLab is another origin)."""

    def __init__(self, folder: Path) -> None:
        self.requests: list[str] = []
        requests = self.requests

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(folder), **kwargs)

            def do_GET(self) -> None:
                if self.path.startswith("/slow/"):
                    time.sleep(1.5)  # a sample that takes its time to download
                super().do_GET()

            def end_headers(self) -> None:
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Cache-Control", "no-store")
                super().end_headers()

            def log_message(self, format: str, *args) -> None:
                requests.append(self.path)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def wavs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("wavs")
    (folder / "slow").mkdir()
    for name, frequency in (("a.wav", 440), ("b.wav", 550), ("c.wav", 660), ("kernel.wav", 330), ("slow/a.wav", 770)):
        _write_tone(folder / name, frequency)
    server = WavServer(folder)
    yield server
    server.close()


def _notebook(path: Path, *sources: str, outputs: dict[int, list] | None = None) -> None:
    notebook = nbformat.v4.new_notebook()
    for i, source in enumerate(sources):
        cell = nbformat.v4.new_code_cell(source)
        cell.outputs = [nbformat.from_dict(o) for o in (outputs or {}).get(i, [])]
        notebook.cells.append(cell)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, path)


@pytest.fixture(scope="module")
def lab(tmp_path_factory, shared_snapshot_dir, wavs):
    base = tmp_path_factory.mktemp("lab-audio")
    root = harness.lab_root(base)
    closed = _free_port()  # nothing listens there: an unreachable sample host
    # Sounds registered in the server process show in (and play from) the sidebar.
    config = base / "config"
    config.mkdir()
    (config / "jupyter_server_config.py").write_text(
        "from strudel_jupyter import register_sounds\n"
        f"register_sounds({{'testtone': ['a.wav', 'b.wav', 'c.wav']}}, {wavs.url!r})\n"
        f"register_sounds({{'deadtone': ['gone.wav']}}, 'http://127.0.0.1:{closed}/')\n"
        f"register_sounds({{'missingtone': ['missing.wav']}}, {wavs.url!r})\n"
        f"register_sounds({{'slowtone': ['slow/a.wav']}}, {wavs.url!r})\n"
    )
    _notebook(
        root / "play.ipynb",
        "%load_ext strudel_jupyter\nfrom strudel_jupyter import register_sounds\n"
        f"register_sounds({{'kerneltone': ['kernel.wav']}}, {wavs.url!r})",
        '%%strudel --play\nnote("c3 e3 g3 c4").s("sawtooth").room(0.2)',
        '%%strudel --play\ns("kerneltone*2")',
        '%%strudel\nnote("c3").s("sawtoth")',
        '%%strudel --play\nnote("c3").s(',
    )
    _notebook(
        root / "panel.ipynb",
        "from strudel_jupyter import StrudelPanel\npanel = StrudelPanel()\npanel.tabs.selected_index = 1\n"
        'panel.snd_search.value = "sawtooth"\npanel',
    )
    # A saved pattern output whose code would leave a mark if it ever ran.
    saved = {
        "output_type": "display_data",
        "metadata": {},
        "data": {
            "application/vnd.strudel.pattern+json": {
                "kind": "pattern",
                "code": 'window.__strudelRan = true; note("c3").s("sawtooth")',
                "validation": {"ok": True, "errors": 0, "warnings": 0, "findings": [], "summary": "No problems found."},
                "sounds": {},
            },
            "text/plain": "Strudel pattern",
        },
    }
    _notebook(root / "untrusted.ipynb", "# saved elsewhere", outputs={0: [saved]})
    with harness.running_lab(base, shared_snapshot_dir, config=config) as server:
        yield server


@pytest.fixture(scope="module")
def browser(lab):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with harness.chromium("--autoplay-policy=no-user-gesture-required") as launched:
        yield launched


def _open(browser, lab, notebook: str):
    """A new browser context on `notebook`, with the output tap installed; (context, page, page errors)."""
    context = browser.new_context(viewport={"width": 1360, "height": 860})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(TAP_SCRIPT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(lab.page_url(f"/lab/tree/{notebook}"))
    page.locator(".jp-Notebook .jp-Cell").first.wait_for()
    page.locator(".jp-SideBar [data-id='strudel-jupyter-sidebar']").wait_for()
    try:
        page.locator(".jp-StatusBar-TextItem", has_text="Idle").first.wait_for(timeout=20_000)
    except PlaywrightTimeout:
        pass
    return context, page, errors


@pytest.fixture
def page(browser, lab):
    context, page, errors = _open(browser, lab, "play.ipynb")
    yield page
    context.close()
    assert not [e for e in errors if "strudel" in e.lower()], errors


#: Every peak measured, by test, written to artifacts/screenshots/levels.json for the record.
LEVELS: dict[str, list[float]] = {}


def peak(page, ms: int, *, until: float | None = None) -> float:
    """The loudest output level within ``ms`` (returning as soon as it passes ``until``, if given)."""
    level = float(page.evaluate(PEAK_SCRIPT, [ms, until]))
    LEVELS.setdefault(os.environ.get("PYTEST_CURRENT_TEST", "?").split(" ")[0], []).append(round(level, 5))
    (SCREENSHOTS / "levels.json").write_text(json.dumps(LEVELS, indent=1))
    return level


def wait_for_silence(page, seconds: float = 6) -> float:
    """Poll until the output is silent (release and reverb tails end); return the last peak."""
    deadline = time.monotonic() + seconds
    level = peak(page, 200)
    while level >= SILENCE and time.monotonic() < deadline:
        level = peak(page, 200)
    return level


def audio_chunk_loaded(page) -> bool:
    return page.evaluate("() => performance.getEntriesByType('resource').some(e => e.name.includes('strudel-audio'))")


def sounds_tab(page):
    run_command(page, "Open Strudel Reference and Sounds", shows=page.locator(".jp-StrudelPanel"))
    sidebar(page).get_by_role("tab", name="Sounds", exact=True).click()
    return tabpanel(page, "Sounds")


def search_sound(sounds, name: str):
    sounds.get_by_role("searchbox", name="Search sounds by name").fill(name)
    option = sounds.locator(f"[role=option][data-name='{name}']")
    option.wait_for()
    return option


def shot(page, name: str) -> None:
    page.wait_for_timeout(300)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def test_a_synth_auditions_in_the_sounds_tab_and_the_engine_loads_only_then(page):
    sounds = sounds_tab(page)
    row = search_sound(sounds, "sawtooth")
    # Given the sidebar open, the audio engine's chunk has not been loaded
    assert not audio_chunk_loaded(page)
    assert peak(page, 200) == 0
    # When I click the synth's row
    row.click()
    # Then a note sounds at the output, and the engine's chunk came on that click
    assert peak(page, 6000, until=SOUND) > SOUND
    assert audio_chunk_loaded(page)
    sounds.locator(".jp-Strudel-auditionStatus", has_text="Played sawtooth").wait_for()
    # and it plays once: silence after its half-second note and release
    assert wait_for_silence(page) < SILENCE
    # Enter on the focused row plays it again
    sounds.get_by_role("listbox", name="Sounds").focus()
    page.keyboard.press("Enter")
    assert peak(page, 6000, until=SOUND) > SOUND
    assert wait_for_silence(page) < SILENCE


def test_a_second_sound_stops_the_first(page):
    sounds = sounds_tab(page)
    # Given the sawtooth synth sounding its a3 (220 Hz) for about a second; finding the next
    # row by typing can outlast it on a busy machine, so the Given is tried up to three times
    for _attempt in range(3):
        search_sound(sounds, "sawtooth").click()
        sounds.locator(".jp-Strudel-auditionStatus", has_text="Played sawtooth").wait_for()
        page.wait_for_function(f"({LEVEL_AT_SCRIPT})(220) > -40", timeout=3000)  # the note has started
        started = time.monotonic()
        row = search_sound(sounds, "testtone")
        if page.evaluate(LEVEL_AT_SCRIPT, 220) > -40 and time.monotonic() - started < 0.8:
            break  # still sounding
        wait_for_silence(page)
    else:
        pytest.fail("the sawtooth never still sounded when the second row was ready (machine too busy)")
    # When I click another sound (a 440 Hz sine) before it ends
    row.click()
    sounds.locator(".jp-Strudel-auditionStatus", has_text="Played testtone").wait_for()
    page.wait_for_timeout(100)
    # Then the new one sounds and the first is gone
    assert page.evaluate(LEVEL_AT_SCRIPT, 440) > -40
    assert page.evaluate(LEVEL_AT_SCRIPT, 220) < -80


def test_a_registered_sample_plays_at_the_chosen_index_and_failures_say_why(page, wavs):
    sounds = sounds_tab(page)
    # Given sounds registered with register_sounds() whose WAVs come from 127.0.0.1
    row = search_sound(sounds, "testtone")
    wavs.requests.clear()
    # When I click it, the first sample downloads and plays
    row.click()
    assert peak(page, 6000, until=SOUND) > SOUND
    sounds.locator(".jp-Strudel-auditionStatus", has_text="Played testtone").wait_for()
    assert "/a.wav" in wavs.requests
    assert wait_for_silence(page) < SILENCE
    # When I hold the 2 key while clicking (as in the REPL), sample 2 plays, and the field says 2
    sounds.get_by_role("listbox", name="Sounds").focus()
    page.keyboard.down("2")
    row.click()
    page.keyboard.up("2")
    assert peak(page, 6000, until=SOUND) > SOUND
    sounds.locator(".jp-Strudel-auditionStatus", has_text="Played testtone:2").wait_for()
    assert "/c.wav" in wavs.requests
    assert sounds.locator(".jp-Strudel-auditionIndex").input_value() == "2"
    sounds.locator(".jp-Strudel-auditionIndex").fill("1")
    row.click()
    sounds.locator(".jp-Strudel-auditionStatus", has_text="Played testtone:1").wait_for()
    assert "/b.wav" in wavs.requests
    sounds.locator(".jp-Strudel-auditionIndex").fill("0")
    shot(page, "light-sounds-audition")
    wait_for_silence(page)

    # A sample that takes its time says it is loading, then plays
    search_sound(sounds, "slowtone").click()
    sounds.locator(".jp-Strudel-auditionStatus[data-state='loading']", has_text="Loading slowtone…").wait_for()
    assert peak(page, 6000, until=SOUND) > SOUND
    sounds.locator(".jp-Strudel-auditionStatus", has_text="Played slowtone").wait_for()
    wait_for_silence(page)

    # When the sample's host cannot be reached, the tab says so in place, and nothing sounds
    search_sound(sounds, "deadtone").click()
    status = sounds.locator(".jp-Strudel-auditionStatus.jp-Strudel-error")
    status.filter(has_text="cannot be reached").wait_for()
    assert "deadtone" in status.inner_text()
    assert peak(page, 500) < SILENCE
    # and a 404 is named as such
    search_sound(sounds, "missingtone").click()
    status.filter(has_text="answered 404").wait_for()
    shot(page, "light-sounds-audition-error")

    # Offline (no CDN, an empty sample cache), the REPL's own sounds fail in one line, never silently:
    # a Dirt-Samples sample (its map is inline, its WAV through the server's sample route)
    search_sound(sounds, "casio").click()
    status.filter(has_text="(casio is not cached)").wait_for()
    text = status.locator(".jp-Strudel-messageText")
    assert text.inner_text().startswith("Strudel's sample server cannot be reached: synths still play; 0 sounds cached")
    line = text.evaluate("el => parseFloat(getComputedStyle(el).lineHeight) || 16")
    assert text.bounding_box()["height"] <= 1.6 * line  # one line, not a block listing every map
    assert status.locator(".jp-Strudel-messageDetails").is_hidden()
    # the controls above it stay whole
    for control in (sounds.locator(".jp-Strudel-auditionLabel"), sounds.get_by_role("searchbox")):
        assert control.evaluate("el => el.scrollWidth <= el.clientWidth")
    # a sound whose sample map is on the CDN (the server answers its map from the snapshot)
    search_sound(sounds, "piano").click()
    status.filter(has_text="(piano is not cached)").wait_for()
    # the details, on demand, say where and why
    status.get_by_role("button", name="more").click()
    assert "strudel-jupyter/samples/piano/" in status.locator(".jp-Strudel-messageDetails").inner_text()
    # a General MIDI soundfont (from its own host, not through the server)
    search_sound(sounds, "gm_piano").click()
    status.filter(has_text="Could not load gm_piano (soundfont)").wait_for()
    assert peak(page, 300) < SILENCE
    shot(page, "light-sounds-offline-soundfont")


def _run_all(page) -> None:
    run_command(page, "Run All Cells")
    page.locator(".jp-Strudel-pattern").nth(2).wait_for()


def test_a_pattern_output_plays_stops_and_one_plays_at_a_time(page, wavs):
    _run_all(page)
    outputs = page.locator(".jp-Strudel-pattern")
    first, second = outputs.nth(0), outputs.nth(1)
    # The output shows the validator's findings above the code it will run, exactly as written
    assert first.locator(".jp-Strudel-findingsOk").inner_text() == "Validator: No problems found."
    # (IPython hands the cell magic the cell with its final newline)
    assert first.locator(".jp-Strudel-patternCode").inner_text() == 'note("c3 e3 g3 c4").s("sawtooth").room(0.2)\n'
    # Plain %%strudel shows its report (here an error) with the play action under the code
    check = page.locator(".jp-Strudel-pattern[data-view='check']")
    assert "unknown_sound" in check.locator(".jp-Strudel-findings").inner_text()
    assert check.locator(".jp-Strudel-patternCode + .jp-Strudel-patternBar").count() == 1
    # Nothing plays before a click
    assert peak(page, 300) == 0
    # When I click Play, the pattern sounds
    first.get_by_role("button", name="Play this Strudel pattern").click()
    first.locator(".jp-Strudel-patternState", has_text="Playing").wait_for()
    assert peak(page, 6000, until=SOUND) > SOUND
    shot(page, "light-pattern-playing")
    # Strudel's scope is installed, and JupyterLab keeps the browser's own window.focus
    assert page.evaluate("() => typeof window.note === 'function' && typeof window.stack === 'function'")
    assert page.evaluate("() => String(window.focus).includes('[native code]')")
    # When I click Stop, it falls silent
    first.get_by_role("button", name="■ Stop").click()
    first.locator(".jp-Strudel-patternState", has_text="Stopped").wait_for()
    assert wait_for_silence(page) < SILENCE

    # A pattern of a sample registered in the kernel plays (its WAV from 127.0.0.1)
    wavs.requests.clear()
    second.get_by_role("button", name="Play this Strudel pattern").click()
    second.locator(".jp-Strudel-patternState", has_text="Playing").wait_for()
    assert peak(page, 6000, until=SOUND) > SOUND
    assert "/kernel.wav" in wavs.requests
    # Starting the first stops the second: one pattern at a time
    first.get_by_role("button", name="Play this Strudel pattern").click()
    first.locator(".jp-Strudel-patternState", has_text="Playing").wait_for()
    second.locator(".jp-Strudel-patternState", has_text="Stopped").wait_for()
    assert peak(page, 6000, until=SOUND) > SOUND
    # "Stop all Strudel audio" (Alt+.) silences everything at once
    page.locator(".jp-Notebook").click()
    page.keyboard.press("Alt+Period")
    first.locator(".jp-Strudel-patternState", has_text="Stopped").wait_for()
    # at once: no release or reverb tail to wait for (the Stop button above lets them ring)
    assert wait_for_silence(page, seconds=0.5) < SILENCE

    # Code that does not evaluate says why next to its Play button, and stays silent
    broken = outputs.nth(3)
    broken.get_by_role("button", name="Play this Strudel pattern").click()
    broken.locator(".jp-Strudel-patternState.jp-Strudel-error").wait_for()
    assert "Error" in broken.locator(".jp-Strudel-patternState").inner_text()
    assert peak(page, 500) < SILENCE


def test_without_the_autoplay_flag_the_click_itself_starts_the_sound(browser, lab):
    # Chromium's default policy: audio starts only from a user gesture. The engine's chunk
    # arrives after the click, so the click must resume the audio context by itself.
    strict = browser.browser_type.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
    try:
        context, page, errors = _open(strict, lab, "play.ipynb")
        sounds = sounds_tab(page)
        search_sound(sounds, "sawtooth").click()
        assert peak(page, 6000, until=SOUND) > SOUND
        assert page.evaluate("() => window.__strudelTaps.every(tap => tap.context.state === 'running')")
        context.close()
    finally:
        strict.close()
    assert not [e for e in errors if "strudel" in e.lower()], errors


def test_the_panel_plays_a_picked_sound_through_the_extension(browser, lab):
    context, page, errors = _open(browser, lab, "panel.ipynb")
    try:
        # Given the %strudel panel on its Sounds tab, searched for "sawtooth"
        run_command(page, "Run All Cells")
        select = page.locator(".strudel-panel .strudel-list select").last
        select.wait_for()
        page.wait_for_function(
            "el => [...el.options].some(o => o.textContent === 'sawtooth')", arg=select.element_handle()
        )
        assert peak(page, 200) == 0
        # When I pick a sound, it sounds (the labextension's engine plays the panel's output)
        select.select_option(label="sawtooth")
        # (through the kernel, a widget message and an output: under load this can take seconds)
        assert peak(page, 10_000, until=SOUND) > SOUND
        page.locator(".strudel-panel .jp-Strudel-pattern[data-view='sound']").wait_for()
        assert wait_for_silence(page) < SILENCE
        shot(page, "light-panel-audition")
        # The play button, the "sample" label and the other buttons keep their whole text, wide or narrow
        play = page.locator(".strudel-panel button", has_text="▶ play")
        label = page.locator(".strudel-panel .widget-label", has_text="sample").first
        buttons = [
            page.locator(".strudel-panel button:visible", has_text=t).first for t in ("Ask", "Clear", "Insert", "Copy")
        ]
        for width in (1360, 760):
            page.set_viewport_size({"width": width, "height": 860})
            page.wait_for_timeout(300)
            for control in (play, label, *buttons):
                fits = control.evaluate(
                    "el => ({text: el.innerText, fits: el.scrollWidth <= el.clientWidth,"
                    " inside: el.getBoundingClientRect().right <= el.closest('.strudel-panel')"
                    ".getBoundingClientRect().right + 1})"
                )
                assert fits["fits"] and fits["inside"], (width, fits)
        assert play.inner_text() == "▶ play" and label.inner_text() == "sample"
        shot(page, "light-panel-audition-narrow")
    finally:
        context.close()
    assert not [e for e in errors if "strudel" in e.lower()], errors


def test_dark_theme_screenshots_of_the_audition_and_a_playing_output(page):
    run_command(page, "JupyterLab Dark", shows=page.locator("body[data-jp-theme-light='false'] .jp-LabShell"))
    try:
        _run_all(page)
        first = page.locator(".jp-Strudel-pattern").nth(0)
        first.get_by_role("button", name="Play this Strudel pattern").click()
        first.locator(".jp-Strudel-patternState", has_text="Playing").wait_for()
        sounds = sounds_tab(page)
        search_sound(sounds, "sawtooth").click()
        sounds.locator(".jp-Strudel-auditionStatus", has_text="Played sawtooth").wait_for()
        shot(page, "dark-pattern-playing-and-audition")
        run_command(page, "Stop all Strudel audio")
        first.locator(".jp-Strudel-patternState", has_text="Stopped").wait_for()
    finally:
        run_command(page, "JupyterLab Light", shows=page.locator("body[data-jp-theme-light='true'] .jp-LabShell"))


def test_an_untrusted_notebooks_pattern_output_never_evaluates(browser, lab):
    context, page, errors = _open(browser, lab, "untrusted.ipynb")
    try:
        # Given a notebook saved elsewhere with a pattern output, opened here (not trusted)
        output = page.locator(".jp-Strudel-pattern")
        output.wait_for()
        # Then the code shows, with the reason it does not run, and Play is off
        output.locator(".jp-Strudel-untrusted").wait_for()
        assert "window.__strudelRan" in output.locator(".jp-Strudel-patternCode").inner_text()
        play = output.get_by_role("button", name="Play this Strudel pattern")
        assert play.is_disabled()
        # Even a click forced on the button evaluates nothing and loads no engine
        play.dispatch_event("click")
        page.wait_for_timeout(1000)
        assert page.evaluate("() => window.__strudelRan") is None
        assert not audio_chunk_loaded(page)
        assert peak(page, 300) == 0
        shot(page, "light-untrusted-output")
    finally:
        context.close()
    assert not [e for e in errors if "strudel" in e.lower()], errors
