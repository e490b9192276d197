"""A ``strudel_knowledge`` response as plain text: what the CLI prints and ``text/plain`` shows."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from ..data.sounds_tab import count_unit

__all__ = ["answer_without_suggestions", "count_label", "header_text", "item_text", "page_lines", "render_text"]

_NOUNS = {"function": "function", "sound": "sound", "bank": "bank"}


def header_text(response: Mapping[str, Any]) -> str:
    """The first line of an answer, in the user's words: ``list synths: 30 of 150 sounds``.

    Names what was asked and how much of it is shown; no internal terms (domain, mode).
    """
    items = list(response.get("items") or [])
    kinds = {str(i.get("kind")) for i in items}
    noun = _NOUNS.get(kinds.pop(), "result") if len(kinds) == 1 else "result"
    total = response.get("total")
    count = len(items)
    if isinstance(total, int) and total > count:
        amount = f"{count} of {total} {noun}s"
    else:
        amount = f"{count} {noun}{'' if count == 1 else 's'}"
    return f"{response.get('query', '')}: {amount}"


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


def count_label(item: Mapping[str, Any]) -> str:
    """``8 samples``, ``1 table``, ``12 fonts``: what the number after a sound name counts."""
    return count_unit(str(item.get("type")), item.get("count") or 0)


def answer_without_suggestions(response: Mapping[str, Any]) -> str:
    """The answer without its trailing "Did you mean: ...", which people get on a line of its own."""
    # The answer repeats the suggestions for agents, who read only the answer.
    return str(response.get("answer", "")).split(" Did you mean:", 1)[0]


def _sound_text(item: Mapping[str, Any]) -> list[str]:
    count = f", {count_label(item)}" if item.get("count") is not None else ""
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
    """One item (function, sound or bank) as lines of text; the first line names it."""
    kind = item.get("kind")
    if kind == "function":
        return _function_text(item, width)
    if kind == "bank":
        return _bank_text(item)
    return _sound_text(item)


def page_lines(response: Mapping[str, Any]) -> list[str]:
    """The tutorial pages an answer cites: ``tutorial: learn/effects.mdx#delay-1 (https://strudel.cc/...)``.

    Then the passage's own example, when it has one that calls the answer's function.
    """
    lines = []
    for page in response.get("pages") or []:
        lines.append(f"tutorial: {page['source']} ({page['url']})")
        if page.get("example"):
            lines += ["  example from the tutorial:"] + ["    " + line for line in str(page["example"]).splitlines()]
    return lines


def render_text(response: Mapping[str, Any], *, width: int = 88) -> str:
    """A readable plain-text rendering of a response (what the CLI and ``text/plain`` show)."""
    if not response.get("ok"):
        lines = [
            f"Not found: {response.get('query', '')!s}"
            if response.get("reason") == "not_found"
            else f"Error ({response.get('reason', 'error')}): {response.get('answer', '')}"
        ]
        if response.get("reason") == "not_found":
            lines.append(answer_without_suggestions(response))
        if response.get("suggestions"):
            lines.append("Did you mean: " + ", ".join(response["suggestions"]))
        lines += [f"note: {n}" for n in response.get("notes") or []]
        return "\n".join(lines)
    items = response.get("items") or []
    mode = response.get("mode")
    lines = [header_text(response)]
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
    lines += page_lines(response)
    lines += [f"note: {n}" for n in response.get("notes") or []]
    return "\n".join(lines)
