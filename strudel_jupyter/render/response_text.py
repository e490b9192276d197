"""A ``strudel_knowledge`` response as plain text: what the CLI prints and ``text/plain`` shows."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from ..data.sounds_tab import count_unit

__all__ = [
    "answer_without_suggestions",
    "count_label",
    "header_text",
    "item_text",
    "page_lines",
    "render_text",
    "symbols_text",
    "verdict_text",
]

_NOUNS = {
    "function": "function",
    "sound": "sound",
    "bank": "bank",
    "scale": "scale",
    "chord": "chord type",
    "voicing": "voicing dictionary",
}
_PLURALS = {"voicing dictionary": "voicing dictionaries"}
#: A voicing dictionary's symbols in text: ireal has 85, all short; past this they are cut.
_SYMBOLS_SHOWN = 120


def header_text(response: Mapping[str, Any]) -> str:
    """The first line of an answer, in the user's words: ``list synths: 30 of 150 sounds``.

    Names what was asked and how much of it is shown; no internal terms (domain, mode).
    A scale, chord or voicing answer counts the names of its ``tonal`` field.
    """
    if response.get("tonal"):
        return _tonal_header(response)
    items = list(response.get("items") or [])
    kinds = {str(i.get("kind")) for i in items}
    noun = _NOUNS.get(kinds.pop(), "result") if len(kinds) == 1 else "result"
    total = response.get("total")
    count = len(items)
    plural = _PLURALS.get(noun, noun + "s")
    if isinstance(total, int) and total > count:
        amount = f"{count} of {total} {plural}"
    else:
        amount = f"{count} {noun if count == 1 else plural}"
    return f"{response.get('query', '')}: {amount}"


def _tonal_header(response: Mapping[str, Any]) -> str:
    """The first line of a scale, chord or voicing answer, from its ``tonal`` field: ``list scales: 92 scales``."""
    tonal = response.get("tonal") or {}
    entries = list(tonal.get("entries") or [])
    kinds = {str(e.get("kind")) for e in entries}
    noun = _NOUNS.get(kinds.pop(), "name") if len(kinds) == 1 else "name"
    total, count = tonal.get("total"), len(entries)
    plural = _PLURALS.get(noun, noun + "s")
    amount = f"{count} of {total} {plural}" if isinstance(total, int) and total > count else f"{count} {plural}"
    if count == 1:
        amount = f"1 {noun}"
    return f"{response.get('query', '')}: {amount}"


def _tonal_lines(response: Mapping[str, Any], width: int) -> list[str]:
    """A tonal answer's names (its ``tonal`` field): one line each in a listing, in full when there are few."""
    entries = list((response.get("tonal") or {}).get("entries") or [])
    lines: list[str] = []
    if response.get("mode") == "list" and entries and all(e.get("kind") == "voicing" for e in entries):
        for entry in entries:  # a dictionary's line is its symbols: show them
            lines += _tonal_text(entry, width)[:-1]
    elif response.get("mode") == "list" or not response.get("ok"):
        for entry in entries:
            lines += _tonal_text(entry, width)[:1]
    else:
        for entry in entries:
            lines += _tonal_text(entry, width)
    return lines


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


def symbols_text(symbols: list[str]) -> str:
    """Chord symbols as one line (``""``, the bare root, shown as such), bounded."""
    shown = ", ".join(s if s else '""' for s in symbols[:_SYMBOLS_SHOWN])
    return shown + (f" and {len(symbols) - _SYMBOLS_SHOWN} more" if len(symbols) > _SYMBOLS_SHOWN else "")


def _tonal_text(item: Mapping[str, Any], width: int) -> list[str]:
    kind = item.get("kind")
    if kind == "scale":
        aliases = f"aliases: {', '.join(item['aliases'])}; " if item.get("aliases") else ""
        head = f"{item['written']}  ({aliases}{' '.join(item.get('intervals') or [])})"
        return [head, f"  usage: {item['usage']}"]
    if kind == "chord":
        where = f"; in {', '.join(item['dictionaries'])}" if item.get("dictionaries") else "; in no voicing dictionary"
        head = f"{item['name']}  ({item.get('quality', '')}; symbols: {symbols_text(item.get('symbols') or [])}{where})"
        return [head] + ([f"  usage: {item['usage']}"] if item.get("usage") else [])
    count = len(item.get("symbols") or [])
    default = ", the default" if item.get("default") else ""
    lines = [f"{item['name']}  (voicing dictionary, {count} chord symbols{default})"]
    lines += textwrap.wrap(
        symbols_text(item.get("symbols") or []), width, initial_indent="  symbols: ", subsequent_indent="    "
    )
    return [*lines, f"  usage: {item['usage']}"]


def item_text(item: Mapping[str, Any], *, width: int = 88) -> list[str]:
    """One item (function, sound, bank, scale, chord type, voicing dictionary) as lines of text; the first names it."""
    kind = item.get("kind")
    if kind == "function":
        return _function_text(item, width)
    if kind == "bank":
        return _bank_text(item)
    if kind in ("scale", "chord", "voicing"):
        return _tonal_text(item, width)
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


#: How a "yes" to "is X valid" (a name, or quoted code) begins (``ask/code_questions.py``).
_YES = "Yes: "
_CODE_YES = "Yes: the code uses only names Strudel has"
_CODE_NO = "The code has problems:"


def verdict_text(response: Mapping[str, Any]) -> list[str]:
    """The verdict of an "is X valid" answer, first, as a person reads it; [] for other answers.

    ``valid: no problems found`` (then what the code uses), or ``valid: bd is in the sound registry``;
    code with problems reads ``invalid: <the problems>`` (see :func:`render_text`).
    """
    answer = str(response.get("answer", ""))
    if not response.get("ok") or not answer.startswith(_YES):
        return []
    if answer.startswith(_CODE_YES) and ")." in answer:
        uses, summary = answer.removeprefix(_YES).split(").", 1)
        summary = summary.strip().rstrip(".")
        return [f"valid: {summary[:1].lower()}{summary[1:]}", uses + ")"]
    return ["valid: " + answer.removeprefix(_YES).split(". ", 1)[0].rstrip(".")]


def render_text(response: Mapping[str, Any], *, width: int = 88) -> str:
    """A readable plain-text rendering of a response (what the CLI and ``text/plain`` show)."""
    if not response.get("ok") and response.get("reason") == "invalid_code" and _CODE_NO in str(response["answer"]):
        lines = ["invalid: " + str(response["answer"]).split(_CODE_NO, 1)[1].strip()]
        if response.get("suggestions"):
            lines.append("Did you mean: " + ", ".join(response["suggestions"]))
        lines += [f"note: {n}" for n in response.get("notes") or []]
        return "\n".join(lines)
    if not response.get("ok"):
        lines = [
            f"Not found: {response.get('query', '')!s}"
            if response.get("reason") == "not_found"
            else f"Error ({response.get('reason', 'error')}): {response.get('answer', '')}"
        ]
        if response.get("reason") == "not_found":
            lines.append(answer_without_suggestions(response))
        if (response.get("tonal") or {}).get("entries"):
            lines.append("closest:")
            lines += ["  " + line for line in _tonal_lines(response, width)]
        if response.get("suggestions"):
            lines.append("Did you mean: " + ", ".join(response["suggestions"]))
        lines += [f"note: {n}" for n in response.get("notes") or []]
        return "\n".join(lines)
    items = response.get("items") or []
    mode = response.get("mode")
    if response.get("tonal"):
        # The names first, read as the helper's listing; then the functions that read them.
        lines = [*verdict_text(response), header_text(response), *_tonal_lines(response, width)]
        if items:
            lines.append("functions that read them:")
            for item in items:  # one line each: the name and the first line of its description, cut to the width
                summary = str(item.get("description", "")).split("\n", 1)[0]
                lines.append(
                    f"  {item['name']:<16} {textwrap.shorten(summary, max(width - 19, 20), placeholder=' ...')}"
                )
        lines += page_lines(response)
        lines += [f"note: {n}" for n in response.get("notes") or []]
        return "\n".join(lines)
    lines = [*verdict_text(response), header_text(response)]
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
