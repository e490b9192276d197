"""Tab completion and inspection of Strudel code in the kernel, so every Jupyter front end has them.

Completion: an IPython completion matcher (API v2). In a ``%%strudel`` cell's body, and
after ``%strudel`` on a line, it hands the code and the cursor to the core's completion
engine (``lookup/completion.py``) and answers typed items (``function``, ``sound``,
``bank``, ``scale``), in the engine's order, instead of Python's. ipykernel sends the types
in the reply's ``_jupyter_types_experimental`` metadata.

Inspection (Shift+Tab, JupyterLab's Contextual Help, hovers in other front ends): IPython
has no hook for it, so the kernel's ``do_inspect`` is wrapped: in Strudel code it answers
the docs of the name under the cursor (text and the package's HTML card), and hands
anything else to the original. Anywhere outside Strudel code both answer as before.
"""

from __future__ import annotations

import re
from typing import Any

from IPython.core.completer import CompletionContext, SimpleCompletion, SimpleMatcherResult, context_matcher

from ..data.index import StrudelIndex, get_index
from ..data.snapshot import SnapshotError
from ..lookup.completion import complete, inspect_at
from ..render.html import styled
from ..render.response_html import render_item_html
from ..render.response_text import item_text

__all__ = [
    "MATCHER_ID",
    "register_completer",
    "register_inspector",
    "strudel_code_at",
    "strudel_inspect",
    "strudel_matches",
]

MATCHER_ID = "strudel_jupyter"

# The magic on the cell's first line, as the editor extension reads it (labextension/src/cells).
_CELL_MAGIC = re.compile(r"\A[ \t]*%%strudel(?=\s)[^\n]*\n")
_LINE_MAGIC = re.compile(r"^\s*%strudel(?=\s)")


def _line_column(text: str, offset: int) -> tuple[int, int]:
    before = text[: max(0, min(offset, len(text)))]
    return before.count("\n"), len(before) - (before.rfind("\n") + 1)


def strudel_code_at(full_text: str, line: int, column: int) -> tuple[str, int] | None:
    """The Strudel code the cursor is in and the cursor's offset in it, or None for Python.

    A ``%%strudel`` cell's code is its body (the magic's own line is IPython's); a
    ``%strudel`` line's is the rest of that line.
    """
    lines = full_text.split("\n")
    if not 0 <= line < len(lines):
        return None
    offset = sum(len(text) + 1 for text in lines[:line]) + min(column, len(lines[line]))
    cell = _CELL_MAGIC.match(full_text)
    if cell is not None:
        if offset < cell.end():
            return None
        return full_text[cell.end() :], offset - cell.end()
    magic = _LINE_MAGIC.match(lines[line])
    if magic is not None and column > magic.end():
        start = magic.end() + 1
        return lines[line][start:], column - start
    return None


def strudel_matches(context: CompletionContext, *, index: StrudelIndex | None = None) -> SimpleMatcherResult:
    """The completions for one request: Strudel names in Strudel code, nothing elsewhere."""
    found = strudel_code_at(context.full_text, context.cursor_line, context.cursor_position)
    if found is None:
        return {"completions": []}
    code, cursor = found
    try:
        index = index or get_index()
    except SnapshotError:
        return {"completions": []}  # no snapshot, no names: Python's completions stand
    answer = complete(code, cursor, index=index, limit=context.limit or 50)
    if answer.slot is None:
        return {"completions": []}
    return {
        "completions": [SimpleCompletion(item.text, type=item.kind) for item in answer.items],
        "matched_fragment": code[answer.start : answer.end],
        "ordered": True,  # the engine's ranking, not IPython's alphabetical sort
        "suppress": True,  # in Strudel code, Python's names are noise
    }


def register_completer(ipython: Any, *, index: StrudelIndex | None = None) -> None:
    """Add the matcher to ``ipython``'s completer once (``%load_ext`` may run twice)."""
    completer = getattr(ipython, "Completer", None)
    if completer is None:
        return

    @context_matcher(identifier=MATCHER_ID, priority=100)
    def strudel_matcher(context: CompletionContext) -> SimpleMatcherResult:
        return strudel_matches(context, index=index)

    others = [m for m in completer.custom_matchers if getattr(m, "matcher_identifier", None) != MATCHER_ID]
    completer.custom_matchers[:] = [*others, strudel_matcher]


def strudel_inspect(code: str, cursor_pos: int, *, index: StrudelIndex | None = None) -> dict[str, Any] | None:
    """An ``inspect_reply`` for the Strudel name under the cursor, or None (not Strudel code, no name)."""
    found = strudel_code_at(code, *_line_column(code, cursor_pos))
    if found is None:
        return None
    try:
        index = index or get_index()
    except SnapshotError:
        return None
    item = inspect_at(*found, index=index)
    if item is None:
        return None
    return {
        "status": "ok",
        "found": True,
        "data": {
            "text/plain": "\n".join(item_text(item)),
            "text/html": styled(render_item_html(item, index=index)),
        },
        "metadata": {},
    }


def register_inspector(ipython: Any, *, index: StrudelIndex | None = None) -> None:
    """Wrap the kernel's ``do_inspect`` once, if ``ipython`` runs in a kernel (not in a terminal)."""
    kernel = getattr(ipython, "kernel", None)
    original = getattr(kernel, "do_inspect", None)
    if kernel is None or original is None or getattr(original, "strudel_jupyter", False):
        return

    def do_inspect(code: str, cursor_pos: int, detail_level: int = 0, omit_sections: Any = ()) -> Any:
        reply = strudel_inspect(code, cursor_pos, index=index)
        return reply if reply is not None else original(code, cursor_pos, detail_level, omit_sections)

    do_inspect.strudel_jupyter = True  # type: ignore[attr-defined]
    kernel.do_inspect = do_inspect
