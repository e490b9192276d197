"""The JupyterLab sidebar in a real browser, and the harness every browser test shares.

JupyterLab (or Notebook 7: :func:`running_lab` with ``app="notebook"``) runs as a subprocess
on 127.0.0.1 with a token, an isolated config, runtime, settings and workspace directory,
and serves the shared snapshot. Debian's Chromium (:func:`chromium`), driven by Playwright
(no browser download), does what a person does: opens the sidebar from the command palette,
searches, filters, inserts an example into a notebook cell. Screenshots land in
``artifacts/browser/`` (light and dark theme).

Missing Chromium or a missing built extension fails these tests: they never skip.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import nbformat
import pytest
from jupyter_core.paths import jupyter_path
from playwright.sync_api import Browser, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "browser"
CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking flags Chromium keeps calling hosts this network closes.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
ROOM_EXAMPLE = 's("bd sd [~ bd] sd").room("<0 .2 .4 .6 .8 1>")'
TIMEOUT_MS = 30_000

# The JupyterLab news and update pop-ups would cover the screenshots.
QUIET_NOTIFICATIONS = {"fetchNews": "false", "checkForUpdates": False}

#: The front ends a test can start: JupyterLab 4 or Notebook 7 (the same labextensions load in both).
App = Literal["jupyterlab", "notebook"]
#: Where each front end opens a notebook file.
NOTEBOOK_PAGES: dict[App, str] = {"jupyterlab": "/lab/tree/{}", "notebook": "/notebooks/{}"}


# pytest-jupyter (loaded by test_server.py) adds two autouse fixtures to every test. Here
# JupyterLab runs as a subprocess, and Playwright's sync API drives its own asyncio loop, which
# their defaults would pick up as "the current loop" and close under it: give them nothing to do.
@pytest.fixture
def jp_asyncio_loop():
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()


@pytest.fixture
def jp_server_cleanup():
    yield


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _installed_labextension() -> Path | None:
    for base in jupyter_path("labextensions"):
        candidate = Path(base) / "strudel-jupyter" / "package.json"
        if candidate.exists():
            return candidate
    return None


class Lab:
    """A running JupyterLab or Notebook 7 (``app``) at ``url``, serving ``root``."""

    def __init__(self, url: str, token: str, root: Path, log: Path, app: App = "jupyterlab") -> None:
        self.url, self.token, self.root, self.log, self.app = url, token, root, log, app

    def page_url(self, path: str) -> str:
        return f"{self.url}{path}?token={self.token}&reset"

    def notebook_url(self, name: str) -> str:
        """The page that opens the notebook ``name`` (a path under ``root``) in this front end."""
        return self.page_url(NOTEBOOK_PAGES[self.app].format(name))

    def log_tail(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]


def lab_root(base: Path) -> Path:
    """The folders of a test JupyterLab under ``base``: its root (returned) and quiet user settings."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's Chromium (apt-get install -y chromium)")
    if _installed_labextension() is None:
        pytest.fail("the strudel-jupyter labextension is not installed: run `pip install -e .` (builds it with jlpm)")
    root, settings = base / "root", base / "user-settings" / "@jupyterlab" / "apputils-extension"
    root.mkdir()
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(json.dumps(QUIET_NOTIFICATIONS))
    return root


@contextlib.contextmanager
def running_lab(
    base: Path,
    snapshot: Path,
    *,
    config: Path | None = None,
    app: App = "jupyterlab",
    env: dict[str, str] | None = None,
) -> Iterator[Lab]:
    """JupyterLab (Notebook 7 with ``app="notebook"``) serving ``base/root`` (see :func:`lab_root`).

    It runs until the block ends. The server and its kernels import this checkout's package,
    read ``snapshot``, and keep their own user-sound store, so sounds one lab's kernels
    register never reach another's tests. Their sample cache starts empty and Strudel's
    sample CDN is a closed port on 127.0.0.1 (offline, at once) unless ``env`` says otherwise.
    """
    root, port, token = base / "root", _free_port(), uuid.uuid4().hex
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "STRUDEL_SNAPSHOT": str(snapshot),
        "STRUDEL_USER_SOUNDS": str(base / "user-sounds.json"),
        "JUPYTER_CONFIG_DIR": str(config or base / "config"),
        "JUPYTER_RUNTIME_DIR": str(base / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(base / "user-settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(base / "workspaces"),
        "STRUDEL_SAMPLE_CACHE": str(base / "sample-cache"),
        "STRUDEL_SAMPLE_MIRROR": f"http://127.0.0.1:{_free_port()}/",
        **(env or {}),
    }
    log = base / f"{app}.log"
    # Notebook 7 runs JupyterLab's server extension too, so the LabApp flags hold for both.
    command = [
        sys.executable,
        "-m",
        app,
        "--no-browser",
        "--allow-root",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    with log.open("w") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=root)
    server = Lab(f"http://127.0.0.1:{port}", token, root, log, app)
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None:
                pytest.fail(f"{app} exited with {process.returncode}:\n{server.log_tail()}")
            try:
                with urllib.request.urlopen(f"{server.url}/api/status?token={token}", timeout=2) as reply:
                    if reply.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"{app} did not answer within 90 s:\n{server.log_tail()}")
            time.sleep(0.3)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@contextlib.contextmanager
def chromium(*extra_args: str) -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright (no browser download), until the block ends."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=[*CHROMIUM_ARGS, *extra_args]
        )
        try:
            yield browser
        finally:
            browser.close()


def empty_notebook(path: Path) -> None:
    notebook = nbformat.v4.new_notebook()
    notebook.cells.append(nbformat.v4.new_code_cell(""))
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, path)


@pytest.fixture(scope="module")
def lab(tmp_path_factory, shared_snapshot_dir):
    base = tmp_path_factory.mktemp("lab")
    empty_notebook(lab_root(base) / "demo.ipynb")
    with running_lab(base, shared_snapshot_dir) as server:
        yield server


@pytest.fixture(scope="module")
def browser(lab):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with chromium() as launched:
        yield launched


@pytest.fixture
def page(browser, lab):
    """JupyterLab with the demo notebook open and the Strudel sidebar opened from the command palette."""
    context = browser.new_context(viewport={"width": 1360, "height": 860})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=lab.url)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(lab.notebook_url("demo.ipynb"))
    page.locator(".jp-Notebook .jp-Cell").first.wait_for()
    # the sidebar's tab in the left bar: the extension was found, loaded and activated
    page.locator(".jp-SideBar [data-id='strudel-jupyter-sidebar']").wait_for()
    try:  # a notebook whose kernel is up has settled (the kernel is not needed, so go on without)
        page.locator(".jp-StatusBar-TextItem", has_text="Idle").first.wait_for(timeout=15_000)
    except PlaywrightTimeout:
        pass
    run_command(page, "Open Strudel Reference and Sounds", shows=page.locator(".jp-StrudelPanel"))
    yield page
    context.close()
    assert not [e for e in errors if "strudel" in e.lower()], errors


def run_command(page, label: str, *, shows=None) -> None:
    """Run a command as a person does: Ctrl+Shift+C, type its label, pick it.

    While the notebook is still loading it can take the focus back, which closes the
    palette; then, like a person, try again (until ``shows`` is visible, when given).
    """
    palette = page.locator(".lm-CommandPalette-input").first
    item = page.locator(".lm-CommandPalette-item.lm-mod-active", has_text=label)
    for _attempt in range(10):
        try:
            page.keyboard.press("Control+Shift+C")
            palette.fill(label, timeout=2000)
            item.click(timeout=2000)
            if shows is not None:
                shows.wait_for(state="visible", timeout=3000)
            return
        except PlaywrightTimeout:
            page.keyboard.press("Escape")
    raise AssertionError(f"the command {label!r} never ran from the palette")


@contextlib.contextmanager
def dark_theme(page):
    """JupyterLab's dark theme for the ``with`` block, the light one again after it."""
    run_command(page, "JupyterLab Dark", shows=page.locator("body[data-jp-theme-light='false'] .jp-LabShell"))
    try:
        yield
    finally:
        run_command(page, "JupyterLab Light", shows=page.locator("body[data-jp-theme-light='true'] .jp-LabShell"))


def sidebar(page):
    return page.locator(".jp-StrudelPanel")


def tabpanel(page, name: str):
    return sidebar(page).get_by_role("tabpanel", name=name, exact=True)


def shot(page, name: str) -> None:
    page.wait_for_timeout(300)  # let the last paint settle (debounced inputs, fonts)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_sidebar_search_filter_and_insert(page, lab):
    panel = sidebar(page)
    reference = tabpanel(page, "Reference")

    # Given the Reference tab, when I search for a misspelt name
    reference.get_by_role("searchbox", name="Search functions by name or synonym").fill("rooom")
    # Then it says nothing contains it and shows the closest real function, room
    reference.locator(".jp-Strudel-status", has_text="No function contains “rooom”").wait_for()
    title = reference.locator(".jp-Strudel-detailName")
    title.filter(has_text="room").wait_for()
    assert title.inner_text() == "room"
    assert reference.locator(".jp-Strudel-description").inner_text().startswith("Sets the level of reverb.")
    assert reference.locator(".jp-Strudel-params").inner_text().count("level") >= 1
    assert reference.locator(".jp-Strudel-code pre").first.inner_text() == ROOM_EXAMPLE
    shot(page, "light-reference-rooom")

    # When I insert the first example into the active notebook cell
    reference.get_by_role("button", name="Insert example 1 of room into the active cell").click()
    # Then the cell is a runnable %%strudel cell holding exactly that code
    cell = page.locator(".jp-Notebook .jp-Cell").first
    page.wait_for_function(
        "([el, code]) => el.textContent === code",
        arg=[cell.locator(".cm-content").element_handle(), "%%strudel" + ROOM_EXAMPLE],
        timeout=TIMEOUT_MS,
    )
    assert cell.locator(".cm-line").all_inner_texts() == ["%%strudel", ROOM_EXAMPLE]

    # When I switch to the Sounds tab and pick drum-machines
    panel.get_by_role("tab", name="Sounds", exact=True).click()
    sounds = tabpanel(page, "Sounds")
    drums = sounds.locator(".jp-Strudel-filter[data-filter='drum-machines']")
    drums.click()
    # Then the button and the status show the REPL's count, 1357
    sounds.locator(".jp-Strudel-status", has_text="1357 sounds in drum-machines").wait_for()
    assert drums.get_attribute("aria-pressed") == "true"
    assert drums.locator(".jp-Strudel-count").inner_text() == "1357"
    # and the long list is rendered a page at a time
    options = sounds.get_by_role("option")
    assert options.count() == 200
    assert options.first.inner_text() == "9000_bd(1)"
    shot(page, "light-sounds-drum-machines")
    sounds.get_by_role("button", name="Show 200 more (1157 not shown)").click()
    page.wait_for_function("() => document.querySelectorAll('.jp-StrudelPanel [role=option]').length > 200")
    assert options.count() == 400

    # When I open bd, its snippet is ready to copy
    sounds.get_by_role("searchbox", name="Search sounds by name").fill("bd")
    sounds.locator(".jp-Strudel-status", has_text="matching “bd”").wait_for()
    sounds.get_by_role("option", name="bd(8)", exact=True).click()
    sounds.locator(".jp-Strudel-detailName", has_text="bd").wait_for()
    assert sounds.locator(".jp-Strudel-detailName").inner_text() == "bd"
    facts = sounds.locator(".jp-Strudel-facts").inner_text()
    assert "samples\n8" in facts and "drum-machines" in facts
    # and Copy puts the ready snippet on the clipboard
    sounds.get_by_role("button", name='Copy s("bd")').click()
    page.wait_for_function("async () => (await navigator.clipboard.readText()) === 's(\"bd\")'")
    shot(page, "light-sounds-bd")


def test_knowledge_box_and_keyboard(page):
    panel = sidebar(page)
    # Given the knowledge box, when I ask a question
    ask = panel.locator(".jp-Strudel-knowledge input")
    ask.fill("what does room do")
    ask.press("Enter")
    # Then the core's answer shows as results (name, one line, usage), with a link that opens room
    answer = panel.locator(".jp-Strudel-answerItem")
    answer.filter(has_text="Sets the level of reverb").wait_for()
    shot(page, "light-knowledge")
    panel.locator(".jp-Strudel-answer").get_by_role("button", name="room", exact=True).click()
    tabpanel(page, "Reference").locator(".jp-Strudel-detailName", has_text="room").wait_for()

    # Keyboard: from the search box, ArrowDown enters the list, arrows move, Enter opens
    reference = tabpanel(page, "Reference")
    search = reference.get_by_role("searchbox", name="Search functions by name or synonym")
    search.fill("lp")
    reference.locator(".jp-Strudel-status", has_text="matching “lp”").wait_for()
    search.press("ArrowDown")
    listbox = reference.get_by_role("listbox", name="Functions")
    assert listbox.evaluate("el => el === document.activeElement")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    second = reference.get_by_role("option").nth(1)
    assert second.get_attribute("aria-selected") == "true"
    reference.locator(".jp-Strudel-detailName", has_text=second.get_attribute("data-name")).wait_for()
    # Tab moves on to the next control, never into a trap
    page.keyboard.press("Tab")
    # (the details' first code block, which scrolls sideways, or a button)
    assert page.evaluate("document.activeElement.tagName") in ("BUTTON", "PRE")
    assert page.evaluate("!!document.activeElement.closest('.jp-Strudel-tabpanel')")
    # The tabs switch with the arrow keys
    panel.get_by_role("tab", name="Reference", exact=True).focus()
    page.keyboard.press("ArrowRight")
    assert panel.get_by_role("tab", name="Sounds", exact=True).get_attribute("aria-selected") == "true"


def test_dark_theme_reads_well(page):
    panel = sidebar(page)
    run_command(page, "JupyterLab Dark", shows=page.locator("body[data-jp-theme-light='false'] .jp-LabShell"))
    try:
        reference = tabpanel(page, "Reference")
        reference.get_by_role("searchbox", name="Search functions by name or synonym").fill("room")
        reference.locator(".jp-Strudel-detail[data-name='room']").wait_for()
        # The panel takes the theme's colours: a dark background, light text
        colours = panel.evaluate("el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]")
        background, text = (_luminance(c) for c in colours)
        assert background < 0.2 < 0.6 < text, colours
        shot(page, "dark-reference-room")
        panel.get_by_role("tab", name="Sounds", exact=True).click()
        sounds = tabpanel(page, "Sounds")
        sounds.locator(".jp-Strudel-filter[data-filter='drum-machines']").click()
        sounds.locator(".jp-Strudel-status", has_text="1357 sounds in drum-machines").wait_for()
        sounds.get_by_role("option").nth(2).click()
        sounds.locator(".jp-Strudel-detail").wait_for()
        shot(page, "dark-sounds-drum-machines")
    finally:
        run_command(page, "JupyterLab Light", shows=page.locator("body[data-jp-theme-light='true'] .jp-LabShell"))


def _luminance(css_colour: str) -> float:
    """Relative luminance (0 black .. 1 white) of an ``rgb(...)``/``rgba(...)`` colour."""
    parts = css_colour[css_colour.index("(") + 1 : css_colour.index(")")].split(",")
    r, g, b = (float(p) / 255 for p in parts[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


# --------------------------------------------------------- paging and races
def drum_machines_a_page_at_a_time(page):
    """The Sounds tab showing drum-machines' first page; returns the tab and its "Show more" button."""
    panel = sidebar(page)
    panel.get_by_role("tab", name="Sounds", exact=True).click()
    sounds = tabpanel(page, "Sounds")
    sounds.locator(".jp-Strudel-filter[data-filter='drum-machines']").click()
    sounds.locator(".jp-Strudel-status", has_text="1357 sounds in drum-machines").wait_for()
    more = sounds.get_by_role("button", name="Show 200 more (1157 not shown)")
    more.wait_for()
    return sounds, more


def test_show_more_during_a_new_search_keeps_the_new_list_whole(page):
    # Given drum-machines listed a page at a time
    sounds, more = drum_machines_a_page_at_a_time(page)
    # and the server slow to answer the first page of a search for "b"
    held = []
    page.route(re.compile(r".*/strudel-jupyter/sounds\?.*search=b&.*offset=0.*"), lambda route: held.append(route))
    # When I type "b" and click "Show more" while that search is in flight
    sounds.get_by_role("searchbox", name="Search sounds by name").fill("b")
    page.wait_for_timeout(400)  # past the typing pause: the search request is on its way
    assert len(held) == 1, "the search request was not held"
    # the list is filtered at once, and "Show more" waits for the search's own page...
    button = sounds.locator(".jp-Strudel-more")
    assert button.get_attribute("hidden") is not None
    # ...and a click that still reaches it (a stale click) must not append the old list's rows
    button.dispatch_event("click")
    page.wait_for_timeout(1000)  # a "more" answer would be in
    held[0].continue_()  # now the search's answer arrives
    page.wait_for_timeout(1500)
    # Then the list is the new search's first page, with no rows appended from elsewhere
    status = sounds.locator(".jp-Strudel-status").inner_text()
    labels = sounds.get_by_role("option").all_inner_texts()
    assert "matching “b”" in status, status
    total = int(status.split()[0])
    assert len(labels) == min(total, 200), (len(labels), total)
    assert all("b" in label.lower() for label in labels)
    assert len(set(labels)) == len(labels)


def test_show_more_clicked_twice_appends_one_page(page):
    sounds, more = drum_machines_a_page_at_a_time(page)
    held = []
    page.route(re.compile(r".*/strudel-jupyter/sounds\?.*offset=200.*"), lambda route: held.append(route))
    more.click()
    page.wait_for_timeout(300)
    more.click()
    page.wait_for_timeout(300)
    for route in held:
        route.continue_()
    page.wait_for_timeout(1500)
    labels = sounds.get_by_role("option").all_inner_texts()
    assert len(labels) == 400 and len(set(labels)) == 400, (len(held), len(labels), len(set(labels)))
