"""A ``strudel_knowledge`` response as HTML for notebooks: the ``%strudel`` output and the panel.

Built from ``render/html.py``'s blocks and styled by class only. Text from the response is
escaped; the only markup taken from the data is a description, and that always passes
through ``sanitize_html`` (doc.json is written by many hands).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..data.htmltext import sanitize_html
from ..data.pages import PAGE_SITE
from ..data.sounds_tab import sound_label
from .html import code, escape, facts_table, styled, table, tag_chips
from .response_text import answer_without_suggestions, count_label, header_text

if TYPE_CHECKING:
    from ..data.index import StrudelIndex

__all__ = ["render_html", "render_item_html"]

_RESULT_CLASS = "strudel-result"


def _description_html(item: Mapping[str, Any], index: StrudelIndex | None) -> str:
    if item.get("description_html"):
        return sanitize_html(str(item["description_html"]))
    entry = index.reference.by_name.get(item.get("name", "")) if index is not None else None
    # Only borrow the index's HTML when it describes the same thing the response does.
    if entry is not None and entry.description == item.get("description"):
        return entry.description_html
    paragraphs = [p for p in str(item.get("description", "")).split("\n") if p.strip()]
    return "".join(f"<p>{escape(p)}</p>" for p in paragraphs)


def _examples_html(examples: list[str]) -> str:
    return "".join(f"<pre class='strudel-example'>{code(ex)}</pre>" for ex in examples)


def _function_html(item: Mapping[str, Any], index: StrudelIndex | None) -> str:
    parts = [f"<h3 class='strudel-name'>{code(item['name'])}</h3>"]
    synonyms = item.get("synonyms") or []
    if synonyms:
        parts.append(f"<p><strong>Synonyms:</strong> {', '.join(code(s) for s in synonyms)}</p>")
    elif item.get("synonyms_text"):
        parts.append(f"<p><strong>Synonyms:</strong> {escape(item['synonyms_text'])}</p>")
    tags = item.get("display_tags", item.get("tags")) or []
    if tags:
        parts.append(f"<p class='strudel-tags'>{tag_chips(tags)}</p>")
    if item.get("usage"):
        parts.append(f"<p><strong>Usage:</strong> {code(item['usage'])}</p>")
    parts.append(f"<div class='strudel-description'>{_description_html(item, index)}</div>")
    params = [p for p in item.get("params") or [] if p.get("name")]
    if params:
        rows = [(code(p["name"]), escape(p.get("type") or "any"), escape(p.get("description", ""))) for p in params]
        parts.append(table(("param", "type", "description"), rows, cls="strudel-params"))
    examples = item.get("examples") or []
    if examples:
        parts.append(f"<p><strong>Example{'s' if len(examples) > 1 else ''}:</strong></p>{_examples_html(examples)}")
    else:
        parts.append("<p><em>No example in the bundled docs.</em></p>")
    return "".join(parts)


def _sound_html(item: Mapping[str, Any]) -> str:
    title = item.get("label") or item["name"]
    facts = [("type", escape(item.get("type", ""))), ("category", escape(item.get("category", "")))]
    other = [c for c in item.get("categories") or [] if c not in (item.get("category"), "all")]
    if other:
        facts.append(("also in", escape(", ".join(other))))
    if item.get("tag"):
        facts.append(("tag", escape(item["tag"])))
    if item.get("count") is not None:
        facts.append(("count", escape(count_label(item))))
    if item.get("bank"):
        facts.append(("bank", code(item["bank"])))
    if item.get("alias_of"):
        facts.append(("alias of", code(item["alias_of"])))
    facts.append(("usage", code(item.get("usage", ""))))
    banks = item.get("banks_with_sound")
    if banks:
        label = f"banks with {item.get('sound', item['name'])} ({len(banks)})"
        facts.append((label, ", ".join(code(b) for b in banks)))
    return f"<h3 class='strudel-name'>{code(title)}</h3>{facts_table(facts)}"


def _bank_html(item: Mapping[str, Any]) -> str:
    facts = [("category", escape(item.get("category", ""))), ("sounds", escape(item.get("count", "")))]
    if item.get("alias_of"):
        facts.append(("alias of", code(item["alias_of"])))
    if item.get("aliases"):
        facts.append(("aliases", ", ".join(code(a) for a in item["aliases"])))
    facts.append(("usage", code(item.get("usage", ""))))
    sounds = " ".join(code(s) for s in item.get("sounds") or [])
    title = code(item.get("label") or item["name"])
    return f"<h3 class='strudel-name'>bank {title}</h3>{facts_table(facts)}<p>{sounds}</p>"


def render_item_html(item: Mapping[str, Any], *, index: StrudelIndex | None = None) -> str:
    """One item (function, sound or bank) as an HTML card: a fragment, unstyled on its own.

    Takes the spec's items and the richer ones ``browse.reference_detail`` /
    ``sound_detail`` return (sanitised ``description_html``, ``banks_with_sound``).
    With ``index=``, a function's description is shown as the docs' (sanitised) HTML.
    Wrap it with ``render.html.styled`` to show it as an output of its own.
    """
    kind = item.get("kind")
    if kind == "function":
        body = _function_html(item, index)
    elif kind == "bank":
        body = _bank_html(item)
    else:
        body = _sound_html(item)
    return f"<div class='strudel-item strudel-{escape(kind or 'sound')}'>{body}</div>"


def _list_row(item: Mapping[str, Any]) -> tuple[str, str, str]:
    if item["kind"] == "function":
        summary = str(item.get("description", "")).split("\n", 1)[0]
        return code(item["name"]), escape(", ".join(item.get("synonyms") or [])), escape(summary)
    if item["kind"] == "bank":
        label = code(item.get("label") or item["name"])
        return label, escape(f"bank · {item.get('count')} sounds"), code(item.get("usage", ""))
    label = code(sound_label(item["name"], item.get("count")))
    return label, escape(f"{item.get('type', '')} · {item.get('category', '')}"), code(item.get("usage", ""))


def _notes_html(notes: list[str]) -> str:
    if not notes:
        return ""
    return "<ul class='strudel-notes'>" + "".join(f"<li><em>{escape(n)}</em></li>" for n in notes) + "</ul>"


def _pages_html(pages: list[Mapping[str, Any]]) -> str:
    """The tutorial pages an answer cites: a link to the website's section, and the page's path."""
    links = []
    for page in pages:
        url = str(page.get("url", ""))
        label = escape(" › ".join(t for t in (page.get("title"), page.get("heading")) if t) or page.get("source", ""))
        # only the website's own addresses become links (the response could come from anywhere)
        link = (
            f"<a href='{escape(url)}' target='_blank' rel='noopener noreferrer'>{label}</a>"
            if url.startswith(PAGE_SITE)
            else label
        )
        example = _examples_html([str(page["example"])]) if page.get("example") else ""
        links.append(f"<li>{link} {code(page.get('source', ''))}{example}</li>")
    if not links:
        return ""
    return "<div class='strudel-pages'><strong>Tutorial:</strong><ul>" + "".join(links) + "</ul></div>"


def _failure_html(response: Mapping[str, Any]) -> str:
    if response.get("reason") == "not_found":
        parts = [
            f"<p><strong>Not found:</strong> {code(response.get('query', ''))}</p>",
            f"<p>{escape(answer_without_suggestions(response))}</p>",
        ]
    else:
        reason = escape(response.get("reason", "error"))
        parts = [f"<p><strong>Error ({reason}):</strong> {escape(response.get('answer', ''))}</p>"]
    suggestions = response.get("suggestions") or []
    if suggestions:
        parts.append("<p><strong>Did you mean:</strong> " + ", ".join(code(s) for s in suggestions) + "</p>")
    parts.append(_notes_html(list(response.get("notes") or [])))
    return "".join(parts)


def _answer_html(response: Mapping[str, Any], index: StrudelIndex | None) -> str:
    items = list(response.get("items") or [])
    mode = response.get("mode")
    parts = [f"<p class='strudel-header'>{escape(header_text(response))}</p>"]
    # A list's rows follow in full: its answer sentence ("a, b and 18 more") would only repeat them.
    if not items:
        parts.append(f"<p>{escape(response.get('answer', ''))}</p>")
    if mode == "list" and items:
        # A bank asked for by name (bank:tr909) gets its card; its sounds follow as rows.
        parts += [render_item_html(item, index=index) for item in items if item["kind"] == "bank"]
        rows = [_list_row(item) for item in items if item["kind"] != "bank"]
        if rows:
            parts.append(table((), rows, cls="strudel-list"))
    elif response.get("groups"):
        for group, members in response["groups"].items():
            if members:
                parts.append(f"<h4>{escape(group)}</h4>")
                parts += [render_item_html(item, index=index) for item in members]
    else:
        parts += [render_item_html(item, index=index) for item in items]
    parts.append(_pages_html(list(response.get("pages") or [])))
    parts.append(_notes_html(list(response.get("notes") or [])))
    return "".join(parts)


def render_html(response: Mapping[str, Any], *, index: StrudelIndex | None = None) -> str:
    """A ``strudel_knowledge`` response as one styled HTML output (text escaped, descriptions sanitised).

    Detail and search answers show each item as a card (description, params table,
    examples as code blocks; sounds with type, category and count); lists show a
    compact table; failures show the reason and the suggestions.
    """
    if not response.get("ok"):
        return styled(_failure_html(response), cls=f"{_RESULT_CLASS} strudel-failure")
    return styled(_answer_html(response, index), cls=_RESULT_CLASS)
