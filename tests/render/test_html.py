"""HTML in one place: the blocks, the one style sheet, no inline styles, theme-aware colours."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from strudel_jupyter import get_index, strudel_knowledge
from strudel_jupyter.render.html import STYLESHEET, facts_table, style_element, styled, table, tag_chips
from strudel_jupyter.render.response_html import render_html, render_item_html
from strudel_jupyter.render.results import KnowledgeResult

PACKAGE = Path(__file__).resolve().parents[2] / "strudel_jupyter"

#: Questions whose answers cover every shape render_html has: detail, search, list, bank,
#: grouped, not found, refused.
QUESTIONS = ["room", "what does fast do", "reverb", "sounds:drum-machines", "bank:tr909", "saw", "trancegate", ""]


class _Tags(HTMLParser):
    """Every start tag with its attributes, and the text of every <style> element."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.styles: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_style = tag == "style"

    def handle_endtag(self, tag):
        self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.styles.append(data)


def parse(fragment: str) -> _Tags:
    parser = _Tags()
    parser.feed(fragment)
    return parser


@pytest.mark.parametrize("question", QUESTIONS)
def test_answers_are_styled_by_class_only_and_carry_the_style_sheet(question):
    # Given an answer of each shape, rendered as a notebook output
    page = render_html(strudel_knowledge(question), index=get_index())
    parsed = parse(page)
    # Then no element has an inline style, and the output carries the one style sheet once
    assert [tag for tag, attrs in parsed.tags if "style" in attrs] == []
    assert parsed.styles == [STYLESHEET]
    assert page.startswith(style_element()) and "class='strudel-output strudel-result" in page


def test_every_table_gets_the_class_the_style_sheet_aligns():
    # Given answers with params tables, facts tables and list tables
    pages = [render_html(strudel_knowledge(q)) for q in ("room", "is bd available", "sounds:drum-machines")]
    tables = [attrs.get("class") or "" for page in pages for tag, attrs in parse(page).tags if tag == "table"]
    # Then every table is a .strudel-table, which the style sheet left-aligns against JupyterLab's right-align
    assert len(tables) >= 3 and all("strudel-table" in cls.split() for cls in tables)
    assert re.search(r"table\.strudel-table td[^{]*\{[^}]*text-align: left", STYLESHEET)


def test_item_cards_are_fragments_without_a_style_sheet():
    card = render_item_html(strudel_knowledge("room")["items"][0])
    assert "<style>" not in card and card.startswith("<div class='strudel-item strudel-function'>")


def test_knowledge_result_shows_the_styled_answer():
    bundle = KnowledgeResult(strudel_knowledge("room"))._repr_mimebundle_()
    assert bundle["text/html"].startswith(style_element())


def test_colours_follow_the_jupyterlab_theme_with_fallbacks():
    # Given the style sheet, every colour it names is a JupyterLab theme variable with a fallback
    colours = re.findall(r"#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\)", STYLESHEET)
    assert colours, "the style sheet names fallback colours"
    themed = re.findall(r"var\(--jp-[\w-]+, (#[0-9a-fA-F]{3,8}|rgba?\([^)]*\)|inherit|monospace)\)", STYLESHEET)
    assert sorted(colours) == sorted(c for c in themed if c.startswith(("#", "rgb")))


def test_blocks_escape_their_text():
    hostile = "<script>alert(1)</script>"
    assert "<script>" not in table([hostile], [["<b>cell html</b>"]])
    assert "<b>cell html</b>" in table(["h"], [["<b>cell html</b>"]])  # cells are HTML by contract
    assert "<script>" not in facts_table([(hostile, "v")]) and "<script>" not in tag_chips([hostile])
    assert "<script>" not in styled("x", cls="' onclick='alert(1)")
    assert "onclick='" not in styled("x", cls="' onclick='alert(1)")


def test_a_table_without_headers_has_no_header_row():
    assert "<thead>" not in table((), [["a", "b"]]) and table((), [["a"]]).count("<tr>") == 1


@pytest.mark.parametrize(
    "path",
    sorted(p for part in ("render", "jupyter", "agent") for p in (PACKAGE / part).rglob("*.py")) + [PACKAGE / "cli.py"],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_front_ends_write_no_inline_styles(path):
    # Given a front-end or render module, its source has no style= attribute and no <style> of its own
    source = path.read_text(encoding="utf-8")
    assert not re.search(r"""\bstyle\s*=\s*['"\\{]""", source), "style by class, in render/html.py's STYLESHEET"
    if path.name != "html.py":
        assert "<style" not in source, "the one style sheet lives in render/html.py"
