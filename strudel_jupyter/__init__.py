"""strudel-jupyter: the Strudel REPL's reference and sounds tabs in Jupyter, for people and agents."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._version import __version__

if TYPE_CHECKING:
    from .ask.knowledge import strudel_knowledge
    from .data.index import StrudelIndex, banks_frame, get_index, reference_frame, register_sounds, sounds_frame
    from .data.snapshot import Snapshot, SnapshotError, load_snapshot
    from .data.sounds_tab import SOUND_CATEGORIES
    from .jupyter.panel import StrudelPanel
    from .render.response_html import render_html
    from .render.response_text import render_text
    from .render.results import KnowledgeResult
    from .validator.report import ValidationReport
    from .validator.validation import strudel_validate, validate_code

# Public names and the module that defines each. They load on first use, so that Jupyter
# Server (which imports every server extension at start-up), the CLI and the MCP server
# do not pay for ipywidgets, pandas or the parser until they need them.
_EXPORTS = {
    "SOUND_CATEGORIES": "data.sounds_tab",
    "KnowledgeResult": "render.results",
    "Snapshot": "data.snapshot",
    "SnapshotError": "data.snapshot",
    "StrudelIndex": "data.index",
    "StrudelPanel": "jupyter.panel",
    "ValidationReport": "validator.report",
    "banks_frame": "data.index",
    "get_index": "data.index",
    "load_snapshot": "data.snapshot",
    "reference_frame": "data.index",
    "register_sounds": "data.index",
    "render_html": "render.response_html",
    "render_text": "render.response_text",
    "sounds_frame": "data.index",
    "strudel_knowledge": "ask.knowledge",
    "strudel_validate": "validator.validation",
    "validate_code": "validator.validation",
}

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
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip __getattr__
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext strudel_jupyter``: registers the ``%strudel`` / ``%%strudel`` magics."""
    from .jupyter.magics import StrudelMagics, register_question_marks

    ipython.register_magics(StrudelMagics)
    register_question_marks(ipython)  # "%strudel what does room do?" asks, not IPython's help
    editor_help = importlib.import_module(".jupyter.completer", __name__)  # Tab and Shift+Tab in Strudel code
    editor_help.register_completer(ipython)
    editor_help.register_inspector(ipython)


def _jupyter_labextension_paths() -> list[dict[str, str]]:
    return [{"src": "labextension", "dest": "strudel-jupyter"}]


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "strudel_jupyter"}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    """Serve the REST API behind the JupyterLab sidebar (see ``server.py``)."""
    from .jupyter.rest.routes import setup_handlers
    from .jupyter.rest.samples import StrudelSamples

    samples = StrudelSamples(parent=server_app)  # c.StrudelSamples.* in the server's config
    setup_handlers(server_app.web_app, samples=samples.cache())
    server_app.log.info(
        "strudel-jupyter: REST API registered under /strudel-jupyter/; samples from %s cached in %s",
        samples.mirror,
        samples.cache_dir,
    )
