"""ValidationReport: text, HTML (from render/html.py, classes only) and JSON."""

from __future__ import annotations

import json

from strudel_jupyter.render.html import STYLESHEET
from strudel_jupyter.validator.validation import ValidationReport, validate_code
from tests.hostile import unsafe_markup


def test_report_renders_as_text_and_html_with_json_as_data(index):
    report = validate_code('s("bd").fastt(2)\nnote("c <e")', index=index)
    bundle = report._repr_mimebundle_()
    # JupyterLab would show a JSON tree instead of the HTML table if both were offered
    assert set(bundle) == {"text/plain", "text/html"}
    assert json.loads(json.dumps(report.to_dict()))["errors"] == 2
    assert "'>' is missing" in bundle["text/plain"]
    assert "'>' is missing" not in bundle["text/html"] and "&#x27;&gt;&#x27; is missing" in bundle["text/html"]
    assert "1:9 error [unknown_method]" in bundle["text/plain"]
    clean = validate_code('s("bd")', index=index)
    assert clean.ok and isinstance(clean, ValidationReport) and "No problems" in clean._repr_html_()


def test_report_html_uses_the_shared_style_sheet_and_classes_only(index):
    # Given a report with an error and a warning, and a clean one
    report = validate_code('s("bd").fastt(2)\ns("kick")', index=index)
    clean = validate_code('s("bd")', index=index)
    # When they render as HTML
    html, ok = report._repr_html_(), clean._repr_html_()
    # Then each is one styled output (the package's style sheet, then .strudel-output) ...
    assert html.startswith(f"<style>{STYLESHEET}</style>") and "strudel-output" in html
    # ... styled by class only, with no inline style attribute anywhere
    assert "style=" not in html and "style=" not in ok
    # ... keeping the hooks tests and front ends look for
    assert "class='strudel-validation' data-status='errors'" in html
    assert "class='strudel-validation' data-status='ok'" in ok
    # ... and each severity carries its class: the summary, then one cell per finding
    assert "<b class='strudel-error'>" in html and "<b class='strudel-ok'>No problems found.</b>" in ok
    assert "<span class='strudel-error'>error</span>" in html
    assert "<span class='strudel-warning'>warning</span>" in html
    assert "<table" not in ok


def test_report_html_escapes_what_the_code_brings(index):
    # Given code whose syntax error quotes markup
    report = validate_code('s("bd"); @<img/src=x/onerror=alert(1)>', index=index)
    assert "<img/src=x" in str(report)  # the text report quotes it as written
    # When it renders as HTML
    html = report._repr_html_()
    # Then nothing the code wrote becomes markup; it shows as text
    assert unsafe_markup(html) == [] and "<img" not in html and "&lt;img/src=x/onerror=" in html
