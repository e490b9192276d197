"""docs/errors.md lists every failure code the package can produce, each in its own section.

The codes come from two places: the named Literal types (``vocabulary.Reason``,
``agent.schemas.ToolErrorType``, ``jupyter.rest.routes.ApiErrorCode``, the validator's ``KINDS``
and ``Severity``) and the source itself, read for the literal patterns that produce codes
(``_failure(q, "not_found", ...)``, ``QueryError("empty_query", ...)``, ``reason="..."``,
``self.add_at(node, "warning", "unknown_sound", ...)``, ``ApiError(400, "invalid_json", ...)``),
so a new code fails this test until it is documented, even before it joins a Literal type.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import get_args

import pytest

from strudel_jupyter.agent.schemas import ENVELOPE_SCHEMA, TOOL_ERROR_TYPES
from strudel_jupyter.jupyter.rest import base as rest_base
from strudel_jupyter.jupyter.rest import routes as server
from strudel_jupyter.validator import validation
from strudel_jupyter.vocabulary import REASONS

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "strudel_jupyter"
DOC = ROOT / "docs" / "errors.md"

#: A code: a lower-case word or snake_case words ("syntax", "not_found").
CODE = re.compile(r"^[a-z]+(?:_[a-z]+)*$")
#: Calls that produce a failure or a finding: their code arguments are string constants.
PRODUCER = re.compile(r"fail|error|refus|cannot|finding|^add(?:_at)?$", re.IGNORECASE)

SECTIONS = {
    "reasons": "`strudel_knowledge`: `reason`",
    "findings": "`strudel_validate`: finding `kind` and `severity`",
    "tools": "Agent tool envelope: `error_type`",
    "rest": "REST API: `code` and HTTP status",
}


# ------------------------------------------------------------------ reading
def _callee(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _text(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def produced_codes(source: str, *, keys: tuple[str, ...], literal_names: tuple[str, ...] = ()) -> set[str]:
    """Codes the source produces: code-like string constants given to a producer call,
    ``key="..."`` keywords, ``{"key": "..."}`` entries, and ``Name = Literal[...]`` types."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            if PRODUCER.search(_callee(node)):
                found.update(t for t in map(_text, node.args) if t and CODE.match(t))
            found.update(t for k in node.keywords if k.arg in keys and (t := _text(k.value)))
        elif isinstance(node, ast.Dict):
            found.update(t for k, v in zip(node.keys, node.values, strict=True) if _text(k) in keys and (t := _text(v)))
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Subscript):
            named = {t.id for t in node.targets if isinstance(t, ast.Name)}
            if named & set(literal_names) and "Literal" in ast.unparse(node.value.value):
                inner = node.value.slice
                found.update(t for e in getattr(inner, "elts", [inner]) if (t := _text(e)))
    return found


def scan(*folders: str, **kwargs) -> set[str]:
    paths = [p for folder in folders for p in (PACKAGE / folder).rglob("*.py")]
    assert paths, f"no Python files under {folders}"  # a renamed stage must not empty the scan
    return set().union(*(produced_codes(p.read_text(encoding="utf-8"), **kwargs) for p in paths))


def section_text(section: str) -> str:
    return DOC.read_text(encoding="utf-8").split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]


def table_rows(section: str) -> list[list[str]]:
    """The cells of every body row of the section's tables (header and rule rows left out)."""
    lines = [line for line in section_text(section).splitlines() if line.startswith("|")]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines]
    rule = [all(set(c) <= {"-", ":"} and c for c in row) for row in rows]
    return [row for i, row in enumerate(rows) if not rule[i] and not (i + 1 < len(rows) and rule[i + 1])]


def documented(section: str) -> set[str]:
    """The backticked codes in the code column of the section's tables (the REST table: second)."""
    column = 1 if section == SECTIONS["rest"] else 0
    cells = [row[column] for row in table_rows(section) if len(row) > column]
    return {c for cell in cells for c in re.findall(r"`([^`]+)`", cell) if CODE.match(c)}


def rest_rows() -> set[tuple[str, str]]:
    """(status, code) of every row of the REST table."""
    rows = table_rows(SECTIONS["rest"])
    return {(row[0], c) for row in rows if len(row) > 1 for c in re.findall(r"`([a-z_]+)`", row[1])}


# ------------------------------------------------------------------- codes
def knowledge_reasons() -> set[str]:
    return set(REASONS) | scan("lookup", "ask", keys=("reason",), literal_names=("Reason",))


def finding_codes() -> set[str]:
    scanned = scan("validator", keys=("kind", "severity"), literal_names=("Severity", "FindingKind", "Kind"))
    typed = set(getattr(validation, "KINDS", {})) | set(get_args(getattr(validation, "Severity", None)) or ())
    return scanned | typed


def tool_error_types() -> set[str]:
    return set(TOOL_ERROR_TYPES) | scan("agent", keys=("error_type",))


#: The REST API's modules: the route table, its base, and the editor and user-sounds routes.
REST_SOURCES = [
    PACKAGE / "jupyter" / "rest" / f"{name}.py" for name in ("routes", "base", "editor", "user_sounds", "samples")
]


def rest_codes() -> set[str]:
    codes = set(server.API_ERROR_CODES)
    for source in REST_SOURCES:
        codes |= produced_codes(source.read_text(encoding="utf-8"), keys=("code",))
    return codes


# ------------------------------------------------------------------- tests
@pytest.mark.parametrize(
    ("family", "codes"),
    [
        ("reasons", knowledge_reasons),
        ("findings", finding_codes),
        ("tools", tool_error_types),
        ("rest", rest_codes),
    ],
)
def test_every_code_the_package_produces_is_documented(family, codes):
    # Given every code of a family, from its Literal type and from the source that produces it
    produced = codes()
    # When docs/errors.md's section for that family is read
    listed = documented(SECTIONS[family])
    # Then each code has its row
    assert produced - listed == set(), f"document these in docs/errors.md, section {SECTIONS[family]!r}"


def test_the_scans_see_the_codes_the_package_produces_today():
    """If a rewrite hides its codes from the reader (say, behind constants), this fails first."""
    assert {"not_found", "empty_query", "invalid_query", "internal_error"} <= scan(
        "lookup", "ask", keys=("reason",), literal_names=("Reason",)
    )
    assert {"error", "warning", "syntax", "unknown_method", "unknown_sound", "invalid_input"} <= scan(
        "validator", keys=("kind", "severity"), literal_names=("Severity", "FindingKind", "Kind")
    )
    assert scan("agent", keys=("error_type",)) == set(TOOL_ERROR_TYPES)


def test_the_reader_catches_a_new_code_in_every_pattern():
    # Given source that produces codes in each of the shapes the package uses
    source = """
def f(self, q, node):
    _failure(q, "brand_new_reason", f"message {q}")
    raise QueryError("another_reason", "the query is odd")
    self.add_at(node, "warning", "new_kind", name, "a message with spaces")
    return {"reason": "in_a_dict", "answer": "text"}, Thing(reason="as_a_keyword")
Severity = Literal["error", "notice"]
"""
    # When it is read, then every code is found and no message is
    assert produced_codes(source, keys=("reason",), literal_names=("Severity",)) == {
        "brand_new_reason",
        "another_reason",
        "warning",
        "new_kind",
        "in_a_dict",
        "as_a_keyword",
        "error",
        "notice",
    }


def test_the_typed_codes_and_the_docs_agree_both_ways():
    # The families this package types in full: no stale row either
    assert documented(SECTIONS["tools"]) == set(TOOL_ERROR_TYPES)
    assert documented(SECTIONS["reasons"]) == set(REASONS)
    assert {code for _status, code in rest_rows()} == set(server.API_ERROR_CODES)
    assert ENVELOPE_SCHEMA["oneOf"][1]["properties"]["error_type"]["enum"] == list(TOOL_ERROR_TYPES)


def test_rest_codes_are_documented_with_the_status_the_server_sends():
    # Given every (status, code) pair the server raises, maps from the core, or maps from tornado
    raised = {
        (str(node.args[0].value), node.args[1].value)
        for source in REST_SOURCES
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and _callee(node) == "ApiError" and isinstance(node.args[0], ast.Constant)
    }
    refusals = {(str(status), code) for status, code in rest_base._REFUSALS.values()}
    from_tornado = {(str(status), code) for status, code in rest_base._HTTP_CODES.items()}
    pairs = raised | refusals | from_tornado
    assert len(raised) >= 5
    # Then each pair is a row of the REST table
    assert pairs - rest_rows() == set()
