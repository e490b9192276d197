"""Pictures of what a pattern plays, in a real JupyterLab: a ``%%strudel`` output (light and dark
themes), the sidebar's function detail and the notebook panel's. Screenshots land in
``artifacts/browser/`` (``*-pictures-*.png``).
"""

from __future__ import annotations

import pytest

from tests.jupyter import test_browser as harness
from tests.jupyter.test_browser_browse import set_sidebar_width

# The shared harness's fixtures (JupyterLab subprocess, Chromium, the opened sidebar).
jp_asyncio_loop, jp_server_cleanup = harness.jp_asyncio_loop, harness.jp_server_cleanup
lab, browser, page = harness.lab, harness.browser, harness.page
run_command, shot, tabpanel = harness.run_command, harness.shot, harness.tabpanel

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DRUMS_AND_BASS = 'stack(s("bd*4, hh*8").bank("RolandTR909"), note("<c2 eb2> g2").s("sawtooth").gain(0.6))'


def _loaded_pictures(locator) -> int:
    """How many of the pictures under ``locator`` the browser decoded (an <img> with a real size)."""
    return locator.evaluate_all("imgs => imgs.filter(i => i.complete && i.naturalWidth > 100).length")


def _run_cell(page, source: str):
    cell = page.locator(".jp-Notebook .jp-Cell").first
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(source)
    page.keyboard.press("Shift+Enter")
    return cell


def test_a_strudel_cell_shows_its_picture_in_light_and_dark(page):
    # Given the extension loaded (a cell magic must open its cell, so in a run of its own)
    cell = _run_cell(page, "%load_ext strudel_jupyter")
    cell.locator(".jp-InputPrompt", has_text="[1]").wait_for(timeout=60_000)
    # When a %%strudel cell of drums and a bass line runs
    cell = _run_cell(page, f"%%strudel\n{DRUMS_AND_BASS}")
    # Then the pattern output shows the picture under the code
    picture = cell.locator(".jp-Strudel-pattern img.jp-Strudel-picture")
    picture.wait_for(timeout=60_000)
    page.wait_for_function("img => img.complete && img.naturalWidth > 100", arg=picture.element_handle())
    assert _loaded_pictures(picture) == 1
    cell.scroll_into_view_if_needed()
    shot(page, "light-pictures-strudel-cell")
    # and in the dark theme it is the same transparent picture on the dark background
    with harness.dark_theme(page):
        shot(page, "dark-pictures-strudel-cell")


def test_the_sidebar_function_detail_shows_each_examples_picture(page):
    # Given the sidebar's Reference tab, when I open fast
    reference = tabpanel(page, "Reference")
    reference.get_by_role("searchbox", name="Search functions by name or synonym").fill("fast")
    detail = reference.locator(".jp-Strudel-detail[data-name='fast']")
    detail.wait_for()
    # Then a picture shows under each of its examples, each a decoded image
    examples = detail.locator(".jp-Strudel-code").count()
    pictures = detail.locator("img.jp-Strudel-picture")
    page.wait_for_function(
        "([el, n]) => el.querySelectorAll('img.jp-Strudel-picture').length >= n",
        arg=[detail.element_handle(), examples],
        timeout=30_000,
    )
    page.wait_for_timeout(300)
    assert examples >= 1 and _loaded_pictures(pictures) == examples
    # and each picture sits right under its code block
    follows = detail.evaluate(
        "el => [...el.querySelectorAll('.jp-Strudel-code')].every(c => c.nextElementSibling"
        " && c.nextElementSibling.querySelector('img.jp-Strudel-picture'))"
    )
    assert follows
    # (a wider sidebar, the first picture in view, for the screenshots)
    set_sidebar_width(page, 560)
    pictures.first.evaluate("el => el.scrollIntoView({block: 'center'})")
    shot(page, "light-pictures-sidebar-fast")
    detail.locator(".jp-Strudel-examples").screenshot(
        path=str(harness.ARTIFACTS / "light-pictures-sidebar-fast-examples.png")
    )
    with harness.dark_theme(page):
        shot(page, "dark-pictures-sidebar-fast")


def test_the_notebook_panels_function_detail_shows_each_examples_picture(page):
    _run_cell(page, "%load_ext strudel_jupyter\n%strudel")
    panel = page.locator(".strudel-panel")
    panel.wait_for(timeout=60_000)
    panel.locator("input[placeholder='Search functions…']").fill("fast")
    pictures = panel.locator(".strudel-detail img.strudel-picture")
    pictures.first.wait_for(timeout=30_000)
    page.wait_for_timeout(500)
    assert _loaded_pictures(pictures) >= 1
    pictures.first.evaluate("el => el.scrollIntoView({block: 'center'})")
    shot(page, "light-pictures-notebook-panel-fast")
