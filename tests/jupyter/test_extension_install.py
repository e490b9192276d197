"""The installed package is a working Jupyter extension, checked with Jupyter's own commands.

These run what a user (or JupyterLab's extension CI) runs: ``jupyter server extension list``,
``jupyter labextension list`` and ``python -m jupyterlab.browser_check --no-browser-test``
(the full browser check downloads a browser with ``npx playwright install``, which fails
offline; ``test_browser.py`` drives Debian's Chromium for the real check instead).
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from jupyter_core.paths import jupyter_config_path, jupyter_path

import strudel_jupyter

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;]*m")
VERSION = re.escape(strudel_jupyter.__version__)


def run_jupyter(*args: str, tmp_path: Path, timeout: int = 180) -> tuple[int, str]:
    """Run a Jupyter command in isolated config/runtime dirs; returns (exit code, output without colours)."""
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"),
    }
    done = subprocess.run(
        [sys.executable, "-m", *args], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=timeout
    )
    return done.returncode, ANSI.sub("", done.stdout + done.stderr)


def test_server_extension_is_enabled_and_ok(tmp_path):
    code, output = run_jupyter("jupyter", "server", "extension", "list", tmp_path=tmp_path)
    assert code == 0, output
    assert re.search(r"strudel_jupyter\s+enabled", output), output
    assert re.search(rf"strudel_jupyter {VERSION}\s+OK", output), output


def test_server_extension_is_enabled_by_the_installed_config_file():
    # pip installs jupyter-config/server-config into etc/jupyter/jupyter_server_config.d
    installed = [
        Path(d) / "jupyter_server_config.d" / "strudel_jupyter.json"
        for d in jupyter_config_path()
        if (Path(d) / "jupyter_server_config.d" / "strudel_jupyter.json").exists()
    ]
    assert installed, "strudel_jupyter.json is in no jupyter_server_config.d: was the package installed with pip?"
    shipped = json.loads((ROOT / "jupyter-config" / "server-config" / "strudel_jupyter.json").read_text())
    assert json.loads(installed[0].read_text()) == shipped
    assert shipped == {"ServerApp": {"jpserver_extensions": {"strudel_jupyter": True}}}


def test_labextension_is_installed_enabled_and_ok(tmp_path):
    code, output = run_jupyter("jupyter", "labextension", "list", tmp_path=tmp_path)
    assert code == 0, output
    line = next((ln for ln in output.splitlines() if "strudel-jupyter" in ln), "")
    assert re.search(rf"strudel-jupyter v{VERSION}\s+enabled\s+OK\s+\(python, strudel-jupyter\)", line), output


def test_installed_labextension_is_the_built_one():
    # Given the prebuilt extension shipped in share/jupyter/labextensions
    installed = next(
        (Path(p) / "strudel-jupyter" for p in jupyter_path("labextensions") if (Path(p) / "strudel-jupyter").exists()),
        None,
    )
    assert installed is not None, "no share/jupyter/labextensions/strudel-jupyter: run pip install -e ."
    meta = json.loads((installed / "package.json").read_text())
    source = json.loads((ROOT / "labextension" / "package.json").read_text())
    # Then it is this package's build, at this package's version, with its federated entry point
    assert meta["name"] == source["name"] == "strudel-jupyter"
    assert meta["version"] == source["version"] == strudel_jupyter.__version__
    entry = meta["jupyterlab"]["_build"]["load"]
    assert (installed / entry).is_file()
    assert strudel_jupyter._jupyter_labextension_paths() == [{"src": "labextension", "dest": "strudel-jupyter"}]


def test_browser_check_without_a_browser_passes(tmp_path):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    code, output = run_jupyter(
        "jupyterlab.browser_check",
        "--no-browser-test",
        "--allow-root",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        tmp_path=tmp_path,
    )
    assert code == 0, output[-4000:]
    assert "strudel_jupyter | extension was successfully loaded" in output, output[-4000:]
    assert "REST API registered under /strudel-jupyter/" in output
    assert "Test Complete" in output or "Exiting normally" in output, output[-4000:]


@pytest.mark.parametrize("name", ["package.json", "tsconfig.json", "yarn.lock", ".yarnrc.yml", "install.json"])
def test_labextension_sources_are_complete(name):
    # The build installs from the npm registry only, with a committed lock file (CI installs are immutable).
    path = ROOT / "labextension" / name
    assert path.is_file(), f"labextension/{name} is missing"
    if name == ".yarnrc.yml":
        text = path.read_text()
        assert "nodeLinker: node-modules" in text and 'npmRegistryServer: "https://registry.npmjs.org"' in text
    if name == "yarn.lock":
        assert "@jupyter/builder@npm:" in path.read_text()
