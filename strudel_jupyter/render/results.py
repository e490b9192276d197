"""Turn a ``strudel_knowledge`` response into text or HTML for people (terminal, notebooks).

Shared by every front end that shows responses: the CLI prints ``render_text``,
the ``%strudel`` magic and the ipywidgets panel show ``render_html`` /
``KnowledgeResult``.
"""

from __future__ import annotations

import copy
import html
import json
import textwrap
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ..data.htmltext import sanitize_html
from ..data.sounds_tab import count_unit, sound_label

if TYPE_CHECKING:
    from ..data.index import StrudelIndex

__all__ = ["KnowledgeResult", "item_text", "render_html", "render_item_html", "render_text"]


def _function_text(item: Mapping[str, Any], width: int) -> list[str]:
    head = item["name"] + (f"  (synonyms: {', '.join(item['synonyms'])})" if item.get("synonyms") else "")
    lines = [head, "  usage: " + item["usage"]]
    if item.get("tags"):
        lines.append("  tags: " + ", ".join(item["tags"]))
    for para in str(item.get("description", "")).split("\n"):
        lines += textwrap.wrap(para, width, initial_indent="  ", subsequent_indent="  ") or [""]
    for p in item.get("params") or []:
        desc = f" - {p['description']}" if p.get("description") else ""
        lines.append(f"  param {p['name']} : {p['type'] or 'any'}{desc}")
    for ex in item.get("examples") or []:
        lines += ["  example:"] + ["    " + line for line in ex.splitlines()]
    return lines


def _count_label(item: Mapping[str, Any]) -> str:
    """``8 samples``, ``1 table``, ``12 fonts``: what the number after a sound name counts."""
    return count_unit(str(item.get("type")), item.get("count") or 0)


def _answer_without_suggestions(response: Mapping[str, Any]) -> str:
    # The answer repeats the suggestions for agents; people get them on their own line.
    return str(response.get("answer", "")).split(" Did you mean:", 1)[0]


def _sound_text(item: Mapping[str, Any]) -> list[str]:
    count = f", {_count_label(item)}" if item.get("count") is not None else ""
    alias = f", alias of {item['alias_of']}" if item.get("alias_of") else ""
    return [f"{item['name']}  ({item['type']}, {item['category']}{count}{alias})", f"  usage: {item['usage']}"]


def _bank_text(item: Mapping[str, Any]) -> list[str]:
    aliases = f", aliases: {', '.join(item['aliases'])}" if item.get("aliases") else ""
    return [
        f"bank {item['label']}  ({item['category']}, {item['count']} sounds{aliases})",
        "  sounds: " + " ".join(item["sounds"]),
        f"  usage: {item['usage']}",
    ]


def item_text(item: Mapping[str, Any], *, width: int = 88) -> list[str]:
    kind = item.get("kind")
    if kind == "function":
        return _function_text(item, width)
    if kind == "bank":
        return _bank_text(item)
    return _sound_text(item)


def render_text(response: Mapping[str, Any], *, width: int = 88) -> str:
    """A readable plain-text rendering of a response (what the CLI and ``text/plain`` show)."""
    if not response.get("ok"):
        lines = [
            f"Not found: {response.get('query', '')!s}"
            if response.get("reason") == "not_found"
            else f"Error ({response.get('reason', 'error')}): {response.get('answer', '')}"
        ]
        if response.get("reason") == "not_found":
            lines.append(_answer_without_suggestions(response))
        if response.get("suggestions"):
            lines.append("Did you mean: " + ", ".join(response["suggestions"]))
        lines += [f"note: {n}" for n in response.get("notes") or []]
        return "\n".join(lines)
    items = response.get("items") or []
    mode, domain = response.get("mode"), response.get("domain")
    header = f"[{domain} · {mode}] {response.get('query', '')}"
    total = response.get("total")
    if total is not None and total > len(items):
        header += f"  ({len(items)} of {total})"
    lines = [header]
    if mode == "list" and items and all(i["kind"] != "function" for i in items):
        for item in items:
            lines += item_text(item, width=width)[:1]
    elif mode == "list":
        for item in items:
            summary = str(item.get("description", "")).split("\n", 1)[0]
            lines.append(f"{item['name']:<18} {summary}" if item["kind"] == "function" else item_text(item)[0])
    else:
        for n, item in enumerate(items):
            if n:
                lines.append("")
            lines += item_text(item, width=width)
    if not items:
        lines.append(str(response.get("answer", "")))
    lines += [f"note: {n}" for n in response.get("notes") or []]
    return "\n".join(lines)


# ---------------------------------------------------------------------- HTML
# Everything below builds HTML for notebooks (magics, panel). Text from the response
# is escaped; the only markup taken from the data is a description, and that always
# passes through ``sanitize_html`` (doc.json is written by many hands).

_CSS_CLASS = "strudel-result"
# Inline, so tags read as tags in notebook outputs too (the panel has its own style sheet).
_TAG_STYLE = "border:1px solid rgba(128,128,128,0.5);border-radius:3px;padding:0 0.35em;font-size:85%"


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _code(value: Any) -> str:
    return f"<code>{_e(value)}</code>"


def _description_html(item: Mapping[str, Any], index: StrudelIndex | None) -> str:
    if item.get("description_html"):
        return sanitize_html(str(item["description_html"]))
    entry = index.reference.by_name.get(item.get("name", "")) if index is not None else None
    # Only borrow the index's HTML when it describes the same thing the response does.
    if entry is not None and entry.description == item.get("description"):
        return entry.description_html
    paragraphs = [p for p in str(item.get("description", "")).split("\n") if p.strip()]
    return "".join(f"<p>{_e(p)}</p>" for p in paragraphs)


# JupyterLab right-aligns table cells in outputs; these tables read left to right.
def _td(content: str) -> str:
    return f"<td style='text-align:left'>{content}</td>"


def _th(content: str) -> str:
    return f"<th style='text-align:left;padding-right:1em'>{content}</th>"


def _rows(pairs: list[tuple[str, str]]) -> str:
    """A two-column facts table; values are already HTML."""
    body = "".join(f"<tr>{_th(_e(k))}{_td(v)}</tr>" for k, v in pairs)
    return f"<table class='strudel-facts'>{body}</table>"


def _examples_html(examples: list[str]) -> str:
    return "".join(f"<pre class='strudel-example'><code>{_e(ex)}</code></pre>" for ex in examples)


def _function_html(item: Mapping[str, Any], index: StrudelIndex | None) -> str:
    parts = [f"<h3 class='strudel-name'>{_code(item['name'])}</h3>"]
    synonyms = item.get("synonyms") or []
    if synonyms:
        parts.append(f"<p><strong>Synonyms:</strong> {', '.join(_code(s) for s in synonyms)}</p>")
    elif item.get("synonyms_text"):
        parts.append(f"<p><strong>Synonyms:</strong> {_e(item['synonyms_text'])}</p>")
    tags = item.get("display_tags", item.get("tags")) or []
    if tags:
        badges = " ".join(f"<span class='strudel-tag' style='{_TAG_STYLE}'>{_e(t)}</span>" for t in tags)
        parts.append(f"<p class='strudel-tags'>{badges}</p>")
    if item.get("usage"):
        parts.append(f"<p><strong>Usage:</strong> {_code(item['usage'])}</p>")
    parts.append(f"<div class='strudel-description'>{_description_html(item, index)}</div>")
    params = [p for p in item.get("params") or [] if p.get("name")]
    if params:
        rows = "".join(
            f"<tr>{_td(_code(p['name']))}{_td(_e(p.get('type') or 'any'))}{_td(_e(p.get('description', '')))}</tr>"
            for p in params
        )
        head = "".join(_th(h) for h in ("param", "type", "description"))
        parts.append(f"<table class='strudel-params'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
    examples = item.get("examples") or []
    if examples:
        parts.append(f"<p><strong>Example{'s' if len(examples) > 1 else ''}:</strong></p>{_examples_html(examples)}")
    else:
        parts.append("<p><em>No example in the bundled docs.</em></p>")
    return "".join(parts)


def _sound_html(item: Mapping[str, Any]) -> str:
    title = item.get("label") or item["name"]
    facts = [("type", _e(item.get("type", ""))), ("category", _e(item.get("category", "")))]
    other = [c for c in item.get("categories") or [] if c not in (item.get("category"), "all")]
    if other:
        facts.append(("also in", _e(", ".join(other))))
    if item.get("tag"):
        facts.append(("tag", _e(item["tag"])))
    if item.get("count") is not None:
        facts.append(("count", _e(_count_label(item))))
    if item.get("bank"):
        facts.append(("bank", _code(item["bank"])))
    if item.get("alias_of"):
        facts.append(("alias of", _code(item["alias_of"])))
    facts.append(("usage", _code(item.get("usage", ""))))
    banks = item.get("banks_with_sound")
    if banks:
        label = f"banks with {item.get('sound', item['name'])} ({len(banks)})"
        facts.append((label, ", ".join(_code(b) for b in banks)))
    return f"<h3 class='strudel-name'>{_code(title)}</h3>{_rows(facts)}"


def _bank_html(item: Mapping[str, Any]) -> str:
    facts = [("category", _e(item.get("category", ""))), ("sounds", _e(item.get("count", "")))]
    if item.get("alias_of"):
        facts.append(("alias of", _code(item["alias_of"])))
    if item.get("aliases"):
        facts.append(("aliases", ", ".join(_code(a) for a in item["aliases"])))
    facts.append(("usage", _code(item.get("usage", ""))))
    sounds = " ".join(_code(s) for s in item.get("sounds") or [])
    return f"<h3 class='strudel-name'>bank {_code(item.get('label') or item['name'])}</h3>{_rows(facts)}<p>{sounds}</p>"


def render_item_html(item: Mapping[str, Any], *, index: StrudelIndex | None = None) -> str:
    """One item (function, sound or bank) as an HTML card.

    Takes the spec's items and the richer ones ``browse.reference_detail`` /
    ``sound_detail`` return (sanitised ``description_html``, ``banks_with_sound``).
    With ``index=``, a function's description is shown as the docs' (sanitised) HTML.
    """
    kind = item.get("kind")
    if kind == "function":
        body = _function_html(item, index)
    elif kind == "bank":
        body = _bank_html(item)
    else:
        body = _sound_html(item)
    return f"<div class='strudel-item strudel-{_e(kind or 'sound')}'>{body}</div>"


def _list_html(items: list[Mapping[str, Any]]) -> str:
    rows = []
    for item in items:
        if item["kind"] == "function":
            summary = str(item.get("description", "")).split("\n", 1)[0]
            rows.append((_code(item["name"]), _e(", ".join(item.get("synonyms") or [])), _e(summary)))
        elif item["kind"] == "bank":
            rows.append(
                (
                    _code(item.get("label") or item["name"]),
                    _e(f"bank · {item.get('count')} sounds"),
                    _code(item.get("usage", "")),
                )
            )
        else:
            label = sound_label(item["name"], item.get("count"))
            rows.append(
                (_code(label), _e(f"{item.get('type', '')} · {item.get('category', '')}"), _code(item.get("usage", "")))
            )
    body = "".join("<tr>" + "".join(_td(c) for c in row) + "</tr>" for row in rows)
    return f"<table class='strudel-list'><tbody>{body}</tbody></table>"


def _notes_html(notes: list[str]) -> str:
    if not notes:
        return ""
    return "<ul class='strudel-notes'>" + "".join(f"<li><em>{_e(n)}</em></li>" for n in notes) + "</ul>"


def render_html(response: Mapping[str, Any], *, index: StrudelIndex | None = None) -> str:
    """A ``strudel_knowledge`` response as HTML for notebooks (all text escaped, descriptions sanitised).

    Detail and search answers show each item as a card (description, params table,
    examples as code blocks; sounds with type, category and count); lists show a
    compact table; failures show the reason and the suggestions.
    """
    query = _e(response.get("query", ""))
    if not response.get("ok"):
        if response.get("reason") == "not_found":
            parts = [f"<p><strong>Not found:</strong> {_code(response.get('query', ''))}</p>"]
            parts.append(f"<p>{_e(_answer_without_suggestions(response))}</p>")
        else:
            parts = [
                f"<p><strong>Error ({_e(response.get('reason', 'error'))}):</strong> "
                f"{_e(response.get('answer', ''))}</p>"
            ]
        suggestions = response.get("suggestions") or []
        if suggestions:
            parts.append("<p><strong>Did you mean:</strong> " + ", ".join(_code(s) for s in suggestions) + "</p>")
        parts.append(_notes_html(list(response.get("notes") or [])))
        return f"<div class='{_CSS_CLASS} strudel-failure'>{''.join(parts)}</div>"

    items = list(response.get("items") or [])
    mode, domain = response.get("mode"), response.get("domain")
    total = response.get("total")
    shown = f" · {len(items)} of {total}" if total is not None and total > len(items) else ""
    parts = [
        f"<p class='strudel-header' style='opacity:0.7;font-size:90%'>{_e(domain)} · {_e(mode)} · "
        f"<code>{query}</code>{_e(shown)}</p>"
    ]
    if mode == "list" or not items:
        parts.append(f"<p>{_e(response.get('answer', ''))}</p>")
    if mode == "list" and items:
        # A bank asked for by name (bank:tr909) gets its card; its sounds follow as rows.
        parts += [render_item_html(item, index=index) for item in items if item["kind"] == "bank"]
        rows = [item for item in items if item["kind"] != "bank"]
        if rows:
            parts.append(_list_html(rows))
    elif response.get("groups"):
        for group, members in response["groups"].items():
            if members:
                parts.append(f"<h4>{_e(group)}</h4>")
                parts += [render_item_html(item, index=index) for item in members]
    else:
        parts += [render_item_html(item, index=index) for item in items]
    parts.append(_notes_html(list(response.get("notes") or [])))
    return f"<div class='{_CSS_CLASS}'>{''.join(parts)}</div>"


# -------------------------------------------------------------- result object
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
