"""``KnowledgeResult``: a ``strudel_knowledge`` response that reads as data and displays itself.

What the ``%strudel`` magic returns: HTML in a notebook (``render/response_html.py``),
text in a terminal (``render/response_text.py``), the JSON itself with ``raw=True``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from .response_html import render_html
from .response_text import render_text

if TYPE_CHECKING:
    from ..data.index import StrudelIndex

__all__ = ["KnowledgeResult"]


class KnowledgeResult(Mapping[str, Any]):
    """A ``strudel_knowledge`` response that displays itself and still reads as data.

    ``r["items"]``, ``r.ok``, ``r.names``, ``r.to_dict()``; in a notebook it renders as
    HTML, in a terminal as text. With ``raw=True`` it shows the JSON itself.
    """

    def __init__(self, response: Mapping[str, Any], *, index: StrudelIndex | None = None, raw: bool = False) -> None:
        self._response = dict(response)
        self._index = index
        self.raw = raw

    # data
    def __getitem__(self, key: str) -> Any:
        return self._response[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._response)

    def __len__(self) -> int:
        return len(self._response)

    @property
    def ok(self) -> bool:
        return bool(self._response.get("ok"))

    @property
    def query(self) -> str:
        return str(self._response.get("query", ""))

    @property
    def answer(self) -> str:
        return str(self._response.get("answer", ""))

    @property
    def names(self) -> list[str]:
        """The names of the items, in order."""
        return [str(i.get("name")) for i in self._response.get("items") or []]

    @property
    def suggestions(self) -> list[str]:
        return list(self._response.get("suggestions") or [])

    def to_dict(self) -> dict[str, Any]:
        """A deep copy of the response (plain JSON types)."""
        return copy.deepcopy(self._response)

    def to_json(self, *, indent: int | None = 2) -> str:
        return json.dumps(self._response, indent=indent, ensure_ascii=False)

    # display
    def __repr__(self) -> str:
        state = "ok" if self.ok else f"not ok: {self._response.get('reason')}"
        return f"<KnowledgeResult {self.query!r} ({state}, {len(self.names)} items)>"

    def __str__(self) -> str:
        return self.to_json() if self.raw else render_text(self._response)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        # JupyterLab ranks application/json above text/html, so a bundle holding both
        # shows a JSON tree: the readable view leaves JSON out, ``raw=True`` is the JSON view.
        if self.raw:
            return {"text/plain": self.to_json(), "application/json": self.to_dict()}
        return {"text/plain": render_text(self._response), "text/html": render_html(self._response, index=self._index)}
