"""strudel-jupyter: the Strudel REPL's reference and sounds tabs in Jupyter, for people and agents."""

from __future__ import annotations

from typing import Any

from ._version import __version__
from .categories import SOUND_CATEGORIES
from .index import StrudelIndex, banks_frame, get_index, reference_frame, register_sounds, sounds_frame
from .knowledge import strudel_knowledge
from .render import KnowledgeResult, render_html, render_text
from .snapshot import Snapshot, SnapshotError, load_snapshot
from .validation import ValidationReport, strudel_validate, validate_code

__all__ = [
    "SOUND_CATEGORIES",
    "KnowledgeResult",
    "Snapshot",
    "SnapshotError",
    "StrudelIndex",
    "StrudelPanel",
    "ValidationReport",
    "__version__",
    "banks_frame",
    "get_index",
    "load_ipython_extension",
    "load_snapshot",
    "reference_frame",
    "register_sounds",
    "render_html",
    "render_text",
    "sounds_frame",
    "strudel_knowledge",
    "strudel_validate",
    "validate_code",
]


def __getattr__(name: str) -> Any:
    # The panel pulls in ipywidgets: load it on first use, not for the CLI or the MCP server.
    if name == "StrudelPanel":
        from .panel import StrudelPanel

        return StrudelPanel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext strudel_jupyter``: registers the ``%strudel`` / ``%%strudel`` magics."""
    from .magics import StrudelMagics

    ipython.register_magics(StrudelMagics)


def _jupyter_labextension_paths() -> list[dict[str, str]]:
    return [{"src": "labextension", "dest": "strudel-jupyter"}]


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "strudel_jupyter"}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    """Serve the REST API behind the JupyterLab sidebar (see ``server.py``)."""
    from .server import setup_handlers

    setup_handlers(server_app.web_app)
    server_app.log.info("strudel-jupyter: REST API registered under /strudel-jupyter/")
