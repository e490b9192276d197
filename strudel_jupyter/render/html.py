"""HTML in one place: the building blocks and the one style sheet every HTML output uses.

Answers (``render/results.py``), the validator's report and the ipywidgets panel build
their HTML from these blocks and style it by class only; no inline ``style=`` anywhere
else. Every output carries the style sheet (:func:`styled`), because a notebook output in
JupyterLab, Notebook 7 or VS Code has no other way to get it. Colours come from
JupyterLab's theme variables, with fallbacks that read in light and dark themes.

Text is always escaped here; markup from the data (a doc.json description) must have been
through ``data.htmltext.sanitize_html`` before it reaches these functions.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["STYLESHEET", "code", "escape", "facts_table", "styled", "table", "tag_chips"]

#: Every class the package's HTML uses, scoped under ``.strudel-output``.
STYLESHEET = """
.strudel-output { line-height: 1.45; }
.strudel-output table { border-collapse: collapse; margin: 0.3em 0; }
.strudel-output td, .strudel-output th { text-align: left; vertical-align: top; padding: 0.15em 0.8em 0.15em 0; }
.strudel-output th { white-space: nowrap; }
.strudel-output pre { background: var(--jp-layout-color2, rgba(128,128,128,0.12)); padding: 0.4em 0.6em;
  border-radius: 3px; overflow-x: auto; white-space: pre; margin: 0.2em 0 0.6em; }
.strudel-output .strudel-tag { border: 1px solid rgba(128,128,128,0.5); border-radius: 3px; padding: 0 0.35em;
  font-size: 85%; }
.strudel-output .strudel-header { opacity: 0.7; font-size: 90%; }
.strudel-output .strudel-ok { color: var(--jp-success-color1, #1a7f37); font-weight: bold; }
.strudel-output .strudel-error { color: var(--jp-error-color1, #cf222e); font-weight: bold; }
.strudel-output .strudel-warning { color: var(--jp-warn-color1, #9a6700); font-weight: bold; }
.strudel-output .strudel-info { opacity: 0.75; }
""".strip()


def escape(value: Any) -> str:
    """Text as HTML, quotes included (safe in attributes too)."""
    return html.escape(str(value), quote=True)


def code(value: Any) -> str:
    return f"<code>{escape(value)}</code>"


def tag_chips(tags: Iterable[str]) -> str:
    return " ".join(f"<span class='strudel-tag'>{escape(t)}</span>" for t in tags)


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], *, cls: str = "") -> str:
    """A table whose cells are already HTML; headers are text."""
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    klass = f" class='{escape(cls)}'" if cls else ""
    return f"<table{klass}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def facts_table(pairs: Iterable[tuple[str, str]]) -> str:
    """A two-column table of label (text) and value (already HTML)."""
    body = "".join(f"<tr><th>{escape(k)}</th><td>{v}</td></tr>" for k, v in pairs)
    return f"<table class='strudel-facts'>{body}</table>"


def styled(body: str, *, cls: str = "") -> str:
    """Wrap a fragment as one output: the style sheet, then the fragment in ``.strudel-output``."""
    klass = f"strudel-output {cls}".strip()
    return f"<style>{STYLESHEET}</style><div class='{escape(klass)}'>{body}</div>"
