"""``%%strudel`` cells in a real browser: highlighting, Tab with docs, findings as you type.

Every test runs in JupyterLab 4 and again in Notebook 7 (one server per front end for the
module), except Contextual Help, which Notebook 7 does not have. The server is a subprocess
that imports this checkout's package (PYTHONPATH), so the editor routes are this checkout's;
Debian's Chromium, driven by Playwright, types into a notebook cell as a person does.
Screenshots land in ``artifacts/screenshots/`` (light and dark theme; Notebook 7's are
``notebook7-*.png``). Missing Chromium or a missing built extension fails: never a skip.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.jupyter import test_browser as harness
from tests.jupyter.test_browser import (
    TIMEOUT_MS,
    jp_asyncio_loop,  # noqa: F401  (pytest-jupyter's loop must not be Playwright's)
    jp_server_cleanup,  # noqa: F401
    run_command,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"

TYPO_CELL = '%%strudel\n// a drum loop\ns("hh*4").gain(0.6)\ns("bd sd").rooom(0.5)'
CELL = "%%strudel\nstack(\n  s(\"bd*2 [sd cp]\").bank('tr909'),\n  note(\"<c e g>\").s('sawtooth')\n)\ns('bd') // it's"


JUPYTERLAB = pytest.param("jupyterlab", id="jupyterlab4")
NOTEBOOK = pytest.param("notebook", id="notebook7")


# pytest groups a module's tests by the index of this fixture's param: a test that overrides it
# with [JUPYTERLAB] (index 0) shares the JupyterLab server only while JUPYTERLAB comes first.
@pytest.fixture(scope="module", params=[JUPYTERLAB, NOTEBOOK])
def lab(request, tmp_path_factory, shared_snapshot_dir):
    """JupyterLab 4, then Notebook 7, serving ``cells.ipynb``: one server each for the module."""
    base = tmp_path_factory.mktemp(f"cells-{request.param}")
    harness.empty_notebook(harness.lab_root(base) / "cells.ipynb")
    with harness.running_lab(base, shared_snapshot_dir, app=request.param) as server:
        yield server


@pytest.fixture(scope="module")
def browser():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with harness.chromium() as launched:
        yield launched


@pytest.fixture
def page(browser, lab):
    """The notebook open in the front end under test; no error from our plugins on the way."""
    context = browser.new_context(viewport={"width": 1200, "height": 760})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(lab.notebook_url("cells.ipynb"))
    page.locator(".jp-Notebook .jp-Cell").first.wait_for()
    yield page
    context.close()
    assert not [e for e in errors if "strudel" in e.lower()], errors


@pytest.fixture
def shot(page, lab):
    """Save a screenshot by name: JupyterLab's notebook panel, or Notebook 7's whole page (``notebook7-<name>``)."""

    def save(name: str, *, whole_page: bool = False) -> None:
        page.wait_for_timeout(300)  # let the last paint settle
        if lab.app == "notebook":
            page.screenshot(path=str(SCREENSHOTS / f"notebook7-{name}.png"))
        elif whole_page:
            page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
        else:
            page.locator(".jp-NotebookPanel").first.screenshot(path=str(SCREENSHOTS / f"{name}.png"))

    return save


def use_theme(page, name: str) -> None:
    light = "false" if "Dark" in name else "true"
    run_command(page, name, shows=page.locator(f"body[data-jp-theme-light='{light}'] #main"))


def editor(page):
    return page.locator(".jp-Notebook .jp-Cell").first.locator(".cm-content")


def type_cell(page, text: str) -> None:
    editor(page).click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(text)


def colour_of(page, css_var: str) -> str:
    return page.evaluate(
        """v => { const e = document.createElement('span'); e.style.color = `var(${v})`;
                 document.body.appendChild(e); const c = getComputedStyle(e).color; e.remove(); return c; }""",
        css_var,
    )


def text_colour(page, text: str) -> str:
    """The colour the editor paints the innermost span holding ``text``."""
    return page.evaluate(
        """t => { const spans = [...document.querySelectorAll('.jp-Notebook .cm-content span')]
                   .filter(s => s.textContent.includes(t));
                 const inner = spans.find(s => ![...s.querySelectorAll('span')].some(c => c.textContent.includes(t)));
                 return inner ? getComputedStyle(inner).color : null; }""",
        text,
    )


def test_a_strudel_cell_is_highlighted_as_javascript_with_mini_notation(page, shot):
    # Given a %%strudel cell with an apostrophe in a comment
    type_cell(page, CELL)
    # Then the editor switches to Strudel mode
    page.locator(".cm-editor.jp-strudel-editor").wait_for()
    # and "// it's" is painted as a comment, not as the start of a (Python) string
    page.wait_for_function(
        "() => [...document.querySelectorAll('.cm-content span')].some(s => s.textContent === \"// it's\")"
    )
    assert text_colour(page, "// it's") == colour_of(page, "--jp-mirror-editor-comment-color")
    # and nothing in the cell is painted in the editor's error colour
    error_red = colour_of(page, "--jp-mirror-editor-error-color")
    painted = page.locator(".jp-Notebook .cm-content span").evaluate_all(
        "spans => spans.map(s => getComputedStyle(s).color)"
    )
    assert painted and error_red not in painted, (error_red, painted)
    # and double-quoted strings are mini-notation, with their operators picked out; single quotes are not
    minis = page.locator(".cm-strudel-mini")
    assert {minis.nth(i).inner_text() for i in range(minis.count())} == {'"bd*2 [sd cp]"', '"<c e g>"'}
    assert page.locator(".cm-strudel-mini-op").count() == 5  # * [ ] < >
    assert text_colour(page, "'tr909'") == colour_of(page, "--jp-mirror-editor-string-color")
    # and the magic's line is marked as the magic
    assert page.locator(".cm-strudel-magic").inner_text() == "%%strudel"
    shot("light-cell-highlighting")

    # When the first line is no longer the magic, the cell is Python again
    page.keyboard.press("Control+Home")
    page.keyboard.press("Delete")
    page.wait_for_function("() => !document.querySelector('.cm-editor.jp-strudel-editor')")
    assert page.locator(".cm-strudel-mini").count() == 0


def test_tab_after_ro_offers_room_with_its_documentation(page, shot):
    # Given a %%strudel cell ending in `.ro`
    type_cell(page, '%%strudel\nnote("c e")\n  .ro')
    page.locator(".cm-editor.jp-strudel-editor").wait_for()
    # When I press Tab
    page.keyboard.press("Tab")
    completer = page.locator(".jp-Completer")
    completer.wait_for(state="visible")
    # Then room is first, typed as a function, and the docs panel shows its description and one example
    first = completer.locator(".jp-Completer-item").first
    assert first.locator(".jp-Completer-match").inner_text() == "room"
    assert first.locator(".jp-Completer-typeExtended").inner_text() == "function"
    docs = completer.locator(".jp-Completer-docpanel .jp-strudel-docs")
    docs.wait_for(state="visible")
    assert docs.locator(".jp-Strudel-description").inner_text().startswith("Sets the level of reverb.")
    assert "level" in docs.locator(".jp-Strudel-params").inner_text()
    assert docs.locator(".jp-Strudel-code pre").count() == 1
    # and the example's Insert and Copy are in view, not cut off by the panel's edge
    page.wait_for_timeout(200)
    for name in ("Insert", "Copy"):
        button = docs.locator(".jp-Strudel-code").first.get_by_role("button", name=name)
        assert button.evaluate(
            """el => {
                const r = el.getBoundingClientRect();
                const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                const panel = el.closest('.jp-Completer-docpanel').getBoundingClientRect();
                return r.height > 0 && r.bottom <= panel.bottom + 1 && !!hit && el.contains(hit);
            }"""
        ), name
    shot("light-completer-docs")
    # When I accept it, the word is completed in place
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.jp-Notebook .cm-content').innerText.endsWith('.room')")
    page.locator(".jp-Completer").wait_for(state="hidden")


def test_tab_inside_s_offers_sounds_and_shift_tab_shows_docs(page, shot):
    type_cell(page, '%%strudel\ns("b')
    page.locator(".cm-editor.jp-strudel-editor").wait_for()
    page.keyboard.press("Tab")
    items = page.locator(".jp-Completer .jp-Completer-item")
    items.first.wait_for(state="visible")
    assert items.first.locator(".jp-Completer-match").inner_text() == "bd"
    assert items.first.locator(".jp-Completer-typeExtended").inner_text() == "sound"
    page.keyboard.press("Escape")
    # When the cursor sits on a function name and I press Shift+Tab
    type_cell(page, '%%strudel\ns("bd").room(0.5)')
    page.keyboard.press("Control+End")
    for _ in range(len("m(0.5)")):
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("Shift+Tab")
    # Then its documentation shows under the cursor
    tooltip = page.locator(".jp-strudel-docsTooltip")
    tooltip.wait_for(state="visible")
    assert tooltip.locator(".jp-Strudel-detailName").inner_text() == "room"
    shot("light-shift-tab-docs")
    # When I press Escape, the docs close and I am still editing the cell (in both front ends)
    page.keyboard.press("Escape")
    tooltip.wait_for(state="detached")
    assert page.locator(".jp-Notebook.jp-mod-editMode").count() == 1


# Notebook 7 has no Contextual Help panel (its Shift+Tab tooltip is the test above).
@pytest.mark.parametrize("lab", [JUPYTERLAB], indirect=True)
def test_contextual_help_shows_the_docs_from_the_kernel(page):
    # Given the extension loaded in the notebook's kernel (a first cell runs %load_ext)
    type_cell(page, "%load_ext strudel_jupyter")
    page.keyboard.press("Shift+Enter")
    page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".cm-content").wait_for()
    page.locator(".jp-Notebook .jp-Cell").first.locator(".jp-InputPrompt", has_text="[1]:").wait_for(timeout=60_000)
    # When the cursor sits on a function name in a %%strudel cell and Contextual Help is open
    page.keyboard.insert_text('%%strudel\ns("bd").room(0.5)')
    run_command(page, "Show Contextual Help", shows=page.locator(".jp-Inspector"))
    page.locator(".jp-Notebook .jp-Cell").nth(1).locator(".cm-content").click()
    page.keyboard.press("Control+End")
    for _ in range(len("m(0.5)")):
        page.keyboard.press("ArrowLeft")
    # Then the help panel shows room's card, as the kernel answers it
    page.locator(".jp-Inspector .strudel-function").wait_for(timeout=15_000)
    assert "Sets the level of reverb" in page.locator(".jp-Inspector").inner_text()


def test_a_typo_is_underlined_as_you_type_and_the_quick_fix_replaces_it(page, shot):
    # Given a %%strudel cell, when I type a misspelt method
    type_cell(page, TYPO_CELL.removesuffix(".rooom(0.5)"))
    page.locator(".cm-editor.jp-strudel-editor").wait_for()
    page.keyboard.type(".rooom(0.5)")
    typed = time.monotonic()
    # Then within a second of the last keystroke the name is underlined
    underline = page.locator(".cm-lintRange-error")
    underline.wait_for(timeout=3000)
    elapsed = time.monotonic() - typed
    assert elapsed < 1.0, f"the finding took {elapsed:.2f} s"
    assert underline.inner_text() == "rooom"
    # and hovering shows the message with room offered as a quick fix
    underline.hover()
    tooltip = page.locator(".cm-tooltip-lint")
    tooltip.wait_for(state="visible")
    assert "rooom" in tooltip.inner_text() and "room" in tooltip.inner_text()
    shot("light-diagnostic")
    # When I apply the fix, the name is replaced and the finding goes
    tooltip.locator("button.cm-diagnosticAction", has_text="room").first.click()
    page.wait_for_function("() => document.querySelector('.jp-Notebook .cm-content').innerText.includes('.room(0.5)')")
    page.locator(".cm-lintRange-error").wait_for(state="detached", timeout=3000)
    assert "rooom" not in editor(page).inner_text()


def test_the_sidebar_opens_in_the_left_area_and_inserts_a_strudel_cell(page, shot):
    # Given a notebook open, when I run the sidebar's command from the palette
    panel = page.locator("#jp-left-stack .jp-StrudelPanel")
    run_command(page, "Open Strudel Reference and Sounds", shows=panel)
    # Then the sidebar shows in the left area (Notebook 7 has one too), and its search answers
    reference = harness.tabpanel(page, "Reference")
    reference.get_by_role("searchbox", name="Search functions by name or synonym").fill("room")
    reference.locator(".jp-Strudel-detail[data-name='room']").wait_for()
    shot("light-sidebar-room", whole_page=True)
    # When I insert room's first example, the empty cell becomes a highlighted %%strudel cell holding it
    reference.get_by_role("button", name="Insert example 1 of room into the active cell").click()
    page.locator(".cm-editor.jp-strudel-editor").wait_for()
    assert editor(page).locator(".cm-line").all_inner_texts() == ["%%strudel", harness.ROOM_EXAMPLE]


def test_dark_theme_screenshots(page, shot):
    use_theme(page, "JupyterLab Dark")
    try:
        type_cell(page, CELL)
        page.locator(".cm-editor.jp-strudel-editor").wait_for()
        page.locator(".cm-strudel-mini").first.wait_for()
        assert text_colour(page, "// it's") == colour_of(page, "--jp-mirror-editor-comment-color")
        shot("dark-cell-highlighting")

        type_cell(page, '%%strudel\nnote("c e").ro')
        page.keyboard.press("Tab")
        page.locator(".jp-Completer-docpanel .jp-strudel-docs").wait_for(state="visible")
        shot("dark-completer-docs")
        page.keyboard.press("Enter")  # accept: the completer closes
        page.locator(".jp-Completer").wait_for(state="hidden")

        type_cell(page, TYPO_CELL)
        underline = page.locator(".cm-lintRange-error")
        underline.wait_for(timeout=3000)
        underline.hover()
        page.locator(".cm-tooltip-lint").wait_for(state="visible")
        shot("dark-diagnostic")
    finally:
        use_theme(page, "JupyterLab Light")
