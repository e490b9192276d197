"""The folders are the data flow: each stage imports only the stages before it.

Given every module of the package, when its imports are read (imports under
``if TYPE_CHECKING:`` excluded: they never run), then no stage reaches a later one and no
front end reaches another front end, except the edges listed in ``EXCEPTIONS`` with why.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "strudel_jupyter"

#: Stage of each top-level part of the package, in the order data flows.
STAGES = {
    "_version": 0,
    "vocabulary": 0,
    "limits": 0,  # every bound on outside input (sizes, nesting, time, workers)
    "data": 1,
    "render": 2,  # presentation of response mappings; needs only the data layer
    "pipeline": 2,  # build tool: writes snapshots with the data layer's loader
    "engine": 3,  # Strudel's own JavaScript engine in V8: evaluates code, queries events
    "lookup": 4,  # names and text: reading, ranking, describing, listing, completion
    "validator": 5,  # checks of Strudel code; may use the lookup's "did you mean" and the engine
    "ask": 6,  # strudel_knowledge: the question router above the lookup and the validator
    "jupyter": 7,
    "agent": 7,
    "cli": 7,
    "__main__": 7,
    "devtools": 8,
    "__init__": 8,  # lazy re-exports of the public API
}

#: Front ends: each may use the core, never another front end.
FRONT_ENDS = {
    "jupyter.magics": "magics",
    "jupyter.completer": "kernel completer",
    "jupyter.panel": "panel",
    # the REST API: the route table and its parts
    "jupyter.rest": "REST API",
    "agent": "agent tools",
    "cli": "CLI",
}

#: (importer, imported) edges that go against the flow, each with its reason.
EXCEPTIONS = {
    # `%strudel` with no query opens the panel, as issue 3 asks.
    ("jupyter.magics", "jupyter.panel"),
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


def _runtime_imports(source: str, module: str, *, is_package: bool = False) -> set[str]:
    """Package-internal modules that ``module`` imports, outside ``if TYPE_CHECKING:``."""
    tree = ast.parse(source)
    own = module.split(".")
    package = own if is_package else own[:-1]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                target = ".".join([*base, node.module] if node.module else base)
            elif node.module and node.module.startswith("strudel_jupyter"):
                target = node.module.removeprefix("strudel_jupyter").lstrip(".")
            else:
                target = None
            if target is not None:
                if node.module is None or target == ".".join(package):  # from . import x
                    found.update(f"{target}.{a.name}".strip(".") for a in node.names)
                else:
                    found.add(target)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("strudel_jupyter."):
                    found.add(alias.name.removeprefix("strudel_jupyter."))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _part(module: str) -> str:
    return module.split(".")[0]


def _front_end(module: str) -> str | None:
    for prefix, front in FRONT_ENDS.items():
        if module == prefix or module.startswith(prefix + "."):
            return front
    return None


def _excepted(importer: str, imported: str) -> bool:
    return any(
        (importer == a or importer.startswith(a + ".")) and (imported == b or imported.startswith(b + "."))
        for a, b in EXCEPTIONS
    )


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "_data" not in p.parts and "node_modules" not in p.parts)


def test_every_part_of_the_package_has_a_stage():
    parts = {_part(_module_name(p)) for p in MODULES}
    assert parts <= set(STAGES), f"place these in STAGES: {sorted(parts - set(STAGES))}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: _module_name(p))
def test_imports_flow_one_way(path: Path):
    importer = _module_name(path)
    source = path.read_text(encoding="utf-8")
    for imported in sorted(_runtime_imports(source, importer, is_package=path.name == "__init__.py")):
        if _excepted(importer, imported):
            continue
        assert STAGES[_part(imported)] <= STAGES[_part(importer)], (
            f"{importer} (stage {STAGES[_part(importer)]}) imports {imported} (a later stage)"
        )
        mine, theirs = _front_end(importer), _front_end(imported)
        if mine and theirs:
            assert mine == theirs, f"front end {mine} imports another front end, {theirs}"


def test_the_checker_sees_a_backward_import():
    """Given a data module that imports the lookup stage, the reader reports that edge."""
    edges = _runtime_imports("from ..lookup.ranking import suggest\n", "data.probe")
    assert edges == {"lookup.ranking"}
    assert STAGES[_part("lookup.ranking")] > STAGES[_part("data.probe")]


def test_type_only_imports_are_not_edges():
    """``if TYPE_CHECKING:`` imports never run, so they are not part of the flow."""
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..jupyter.panel import StrudelPanel\n"
    assert _runtime_imports(source, "data.probe") == set()


@pytest.mark.parametrize("part", sorted(p for p in STAGES if (PACKAGE / p / "__init__.py").exists()))
def test_each_stage_package_says_its_stage_number_as_this_test_does(part):
    """One stage numbering: a stage package's docstring opens with ``Stage N, <name>:`` as ``STAGES`` says."""
    docstring = ast.get_docstring(ast.parse((PACKAGE / part / "__init__.py").read_text(encoding="utf-8"))) or ""
    assert docstring.startswith(f"Stage {STAGES[part]}, {part}:"), docstring.splitlines()[:1]
