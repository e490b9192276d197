"""Every notebook in ``notebooks/`` runs clean, top to bottom, in a real kernel."""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
# Saved notebooks stay light: a few small outputs at most, no embedded tables of the registry.
MAX_SAVED_OUTPUT_BYTES = 20_000


def test_there_are_notebooks_to_run():
    assert any(p.name == "01_reference_and_sounds.ipynb" for p in NOTEBOOKS)


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_without_errors_or_warnings(path, shared_snapshot_dir):
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=180, kernel_name="python3", allow_errors=False)
    # The kernel reads the same snapshot as the tests, and imports this checkout even when
    # the package is not installed.
    env = {
        **os.environ,
        "STRUDEL_SNAPSHOT": os.environ.get("STRUDEL_SNAPSHOT", str(shared_snapshot_dir)),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    client.execute(cwd=str(path.parent), env=env)  # raises CellExecutionError on any error
    stderr = [
        (cell.source.splitlines()[0] if cell.source else "", output.get("text", ""))
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if output.get("output_type") == "stream" and output.get("name") == "stderr"
    ]
    assert stderr == [], f"{path.name} writes to stderr: {stderr}"
    executed = [c for c in notebook.cells if c.cell_type == "code" and c.source.strip()]
    assert all(c.get("execution_count") for c in executed)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_saved_without_heavy_outputs(path):
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    size = sum(len(json.dumps(c.get("outputs", []))) for c in notebook.cells if c.cell_type == "code")
    assert size <= MAX_SAVED_OUTPUT_BYTES, f"{path.name} carries {size} bytes of outputs: clear them before saving"
