"""HTML in one place: the building blocks and the one style sheet every HTML output uses.

Answers (``render/response_html.py``), the validator's report and the ipywidgets panel
build their HTML from these blocks and style it by class only; no inline ``style=``
anywhere else. Every output carries the style sheet (:func:`styled`), because a notebook
output in JupyterLab, Notebook 7 or VS Code has no other way to get it; the panel carries
it once (:func:`style_element`). Colours come from JupyterLab's theme variables, with
fallbacks that read in light and dark themes.

Text is always escaped here; markup from the data (a doc.json description) must have been
through ``data.htmltext.sanitize_html`` before it reaches these functions.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = [
    "STYLESHEET",
    "code",
    "escape",
    "picture",
    "facts_table",
    "style_element",
    "styled",
    "table",
    "tag_chips",
]

# Specificity: JupyterLab right-aligns and centres tables in outputs with selectors like
# ``:not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon th`` (two classes and a tag), so the
# table rules name two classes and two tags (``.strudel-output table.strudel-table th``).
#: Every class the package's HTML uses: outputs under ``.strudel-output``; the panel's own
#: layout under ``.strudel-panel`` (the panel is a ``.strudel-output`` too).
STYLESHEET = """
.strudel-output { line-height: 1.45; }
.strudel-output table.strudel-table { border-collapse: collapse; margin: 0.3em 0; table-layout: auto; }
.strudel-output table.strudel-table td, .strudel-output table.strudel-table th {
  text-align: left; vertical-align: top; padding: 0.15em 0.8em 0.15em 0; }
.strudel-output table.strudel-table th { white-space: nowrap; }
.strudel-output pre { background: var(--jp-layout-color2, rgba(128,128,128,0.12));
  color: var(--jp-content-font-color1, inherit); padding: 0.4em 0.6em; border-radius: 3px;
  overflow-x: auto; white-space: pre; margin: 0.2em 0 0.6em; }
.strudel-output .strudel-name { margin: 0.2em 0 0.4em; font-size: 115%; }
.strudel-output .strudel-tag { background: var(--jp-layout-color3, rgba(128,128,128,0.2));
  border: 1px solid var(--jp-border-color2, rgba(128,128,128,0.5)); border-radius: 3px;
  padding: 0 0.35em; font-size: 85%; }
.strudel-output .strudel-header, .strudel-output .strudel-status {
  color: var(--jp-content-font-color2, inherit); font-size: 90%; }
.strudel-output .strudel-ok { color: var(--jp-success-color1, #1a7f37); font-weight: bold; }
.strudel-output .strudel-error { color: var(--jp-error-color1, #cf222e); font-weight: bold; }
.strudel-output .strudel-warning { color: var(--jp-warn-color1, #9a6700); font-weight: bold; }
.strudel-output .strudel-info { color: var(--jp-content-font-color2, inherit); }
.strudel-panel .strudel-detail { padding: 0 0.8em; overflow: auto; }
.strudel-panel .strudel-detail p, .strudel-panel .strudel-answer p { margin: 0.35em 0; }
.strudel-panel .strudel-detail pre, .strudel-panel .strudel-answer pre { white-space: pre-wrap; }
.strudel-panel .strudel-answer { max-height: 22em; overflow: auto; padding-left: 0.8em; margin: 0.2em 0 0.6em;
  border-left: 3px solid var(--jp-brand-color1, #1976d2); }
.strudel-panel .strudel-list select { font-family: var(--jp-code-font-family, monospace); }
.strudel-panel .widget-button { font-size: 90%; }
.strudel-output img.strudel-picture { display: block; max-width: 100%; height: auto; margin: 0.3em 0 0.6em; }
""".strip()


def escape(value: Any) -> str:
    """Text as HTML, quotes included (safe in attributes too)."""
    return html.escape(str(value), quote=True)


def code(value: Any) -> str:
    """Text as inline code."""
    return f"<code>{escape(value)}</code>"


def tag_chips(tags: Iterable[str]) -> str:
    """Tags as chips, as the REPL's reference tab shows them."""
    return " ".join(f"<span class='strudel-tag'>{escape(t)}</span>" for t in tags)


def _classes(*names: str) -> str:
    return escape(" ".join(n for n in names if n))


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], *, cls: str = "") -> str:
    """A table whose cells are already HTML; headers are text (none: no header row)."""
    head = "<thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in headers) + "</tr></thead>" if headers else ""
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table class='{_classes('strudel-table', cls)}'>{head}<tbody>{body}</tbody></table>"


def facts_table(pairs: Iterable[tuple[str, str]]) -> str:
    """A two-column table of label (text) and value (already HTML)."""
    body = "".join(f"<tr><th>{escape(k)}</th><td>{v}</td></tr>" for k, v in pairs)
    return f"<table class='strudel-table strudel-facts'>{body}</table>"


def picture(svg: str, *, alt: str) -> str:
    """An SVG picture as an ``<img>`` (a data URL): sanitizers keep it, and no script in it could run."""
    data = base64.b64encode(svg.encode("utf-8", "replace")).decode("ascii")
    return f"<img class='strudel-picture' alt='{escape(alt)}' src='data:image/svg+xml;base64,{data}'>"


def style_element() -> str:
    """The style sheet as a ``<style>`` element, for a view that holds many fragments (the panel)."""
    return f"<style>{STYLESHEET}</style>"


def styled(body: str, *, cls: str = "") -> str:
    """Wrap a fragment as one output: the style sheet, then the fragment in ``.strudel-output``."""
    return f"{style_element()}<div class='{_classes('strudel-output', cls)}'>{body}</div>"
