"""The Strudel REPL's own rules for what its two side tabs show.

One source of truth: the reference tab's entry filter, de-duplication and tag
handling (``Reference.jsx``) and the sounds tab's category filters and sample
counts (``SoundsTab.jsx``). Every index, front end and manifest asks this module.

Pure standard library on purpose: the build hook imports it to count a snapshot
before pandas exists in the build environment.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

__all__ = [
    "IGNORED_TAGS",
    "SOUND_CATEGORIES",
    "SOUND_CATEGORY_ALIASES",
    "UNTAGGED",
    "category_counts",
    "collation_key",
    "filter_tags",
    "count_unit",
    "in_sound_category",
    "index_slots",
    "is_hidden_sound",
    "is_visible_doc",
    "normalise_category",
    "normalise_tags",
    "reference_entries",
    "sample_count",
    "sound_categories",
    "sound_key",
    "sound_label",
    "tag_counts",
]

#: The sounds tab's filter buttons, in the REPL's order, plus ``all``.
SOUND_CATEGORIES: tuple[str, ...] = ("samples", "drum-machines", "synths", "wavetables", "user", "all")

#: Other spellings people (and agents) use for the same buttons.
SOUND_CATEGORY_ALIASES: dict[str, str] = {
    "sample": "samples",
    "drums": "drum-machines",
    "drum": "drum-machines",
    "drum-machine": "drum-machines",
    "drum_machines": "drum-machines",
    "drum_machine": "drum-machines",
    "drummachines": "drum-machines",
    "drummachine": "drum-machines",
    "synth": "synths",
    "wavetable": "wavetables",
    "users": "user",
    "my": "user",
    "custom": "user",
    "imported": "user",
    "everything": "all",
    "every": "all",
    "synthesizer": "synths",
    "synthesizers": "synths",
    "synthesiser": "synths",
    "synthesisers": "synths",
    "drum-kit": "drum-machines",
    "drum-kits": "drum-machines",
    "wave-table": "wavetables",
    "wave-tables": "wavetables",
}

#: Tags the reference tab never shows in its tag row.
IGNORED_TAGS: tuple[str, ...] = ("supradough", "superdirt")

#: What the reference tab calls an entry with no ``tags`` field.
UNTAGGED = "untagged"

_DRUM_TAG = "drum-machines"
_WHITESPACE = re.compile(r"\s+")


# --------------------------------------------------------------------- sounds
def sound_key(name: str) -> str:
    """Normalise a sound name the way ``registerSound`` does (lower case, whitespace -> ``_``)."""
    return _WHITESPACE.sub("_", name.lower())


def is_hidden_sound(name: str) -> bool:
    """The sounds tab hides registry keys starting with ``_`` (e.g. ``_base``)."""
    return name.startswith("_")


def normalise_category(category: str) -> str | None:
    """Map a category label or alias (``drums``, ``Synths``) to the canonical name, or None."""
    key = category.strip().lower()
    if key in SOUND_CATEGORIES:
        return key
    return SOUND_CATEGORY_ALIASES.get(key)


def in_sound_category(name: str, data: Mapping[str, Any], category: str) -> bool:
    """True when the sounds tab shows ``name`` under ``category`` (canonical name)."""
    if is_hidden_sound(name):
        return False
    kind = data.get("type")
    if category == "all":
        return True
    if category == "user":
        return not data.get("prebake")
    if category == "drum-machines":
        return kind == "sample" and data.get("tag") == _DRUM_TAG
    if category == "samples":
        return kind == "sample" and data.get("tag") != _DRUM_TAG
    if category == "synths":
        return kind in ("synth", "soundfont")
    if category == "wavetables":
        return kind == "wavetable"
    raise ValueError(f"unknown sound category {category!r}; expected one of {', '.join(SOUND_CATEGORIES)}")


def sound_categories(name: str, data: Mapping[str, Any]) -> tuple[str, ...]:
    """Every category whose filter shows this sound (a user sample is also a sample)."""
    return tuple(c for c in SOUND_CATEGORIES if in_sound_category(name, data, c))


def _count(value: Any) -> int:
    if isinstance(value, list):
        return len(value)
    if isinstance(value, dict):
        return len(value)
    return 1


def sample_count(data: Mapping[str, Any]) -> int | None:
    """The number the sounds tab prints after a name; None where it prints none (synths)."""
    kind = data.get("type")
    if kind == "sample":
        return _count(data.get("samples"))
    if kind == "wavetable":
        return _count(data.get("tables"))
    if kind == "soundfont":
        fonts = data.get("fonts")
        return len(fonts) if isinstance(fonts, list) else 0
    return None


def index_slots(data: Mapping[str, Any]) -> int | None:
    """How many entries ``name:n`` chooses from (the REPL wraps ``n`` around), or None.

    Samples, wavetables and soundfonts pick from their list; a synth ignores the index, and a
    note-keyed map (``piano``) picks within the note played, so neither has a fixed count.
    """
    files = data.get("samples", data.get("tables", data.get("fonts")))
    return len(files) if isinstance(files, list) and files else None


def sound_label(name: str, count: int | None) -> str:
    """How the sounds tab prints a name: ``bd(8)``; synths without a count."""
    return name if count is None else f"{name}({count})"


def count_unit(kind: str, count: int) -> str:
    """What the number after a sound counts: "8 samples", "5 tables", "1 font"."""
    unit = {"wavetable": "table", "soundfont": "font"}.get(kind, "sample")
    return f"{count} {unit}{'' if count == 1 else 's'}"


def category_counts(soundmap: Mapping[str, Mapping[str, Any]]) -> dict[str, int]:
    """Count the sounds tab's categories over a ``{name: {"data": {...}}}`` registry."""
    counts = dict.fromkeys(SOUND_CATEGORIES, 0)
    for name, entry in soundmap.items():
        for category in sound_categories(name, entry.get("data", {})):
            counts[category] += 1
    return counts


# ------------------------------------------------------------------ reference
def _string_tags(doc: Mapping[str, Any]) -> list[str]:
    tags = doc.get("tags")
    return [t for t in tags if isinstance(t, str) and t] if isinstance(tags, list) else []


def is_visible_doc(doc: Mapping[str, Any]) -> bool:
    """The reference tab's ``isValid``: named, not ``_``-internal, described, not engine-only."""
    name = doc.get("name")
    if not isinstance(name, str) or not name or name.startswith("_") or not doc.get("description"):
        return False
    tags = _string_tags(doc)
    supradough_only = "supradough" in tags and "superdough" not in tags
    superdirt_only = "superdirt" in tags and "superdough" not in tags
    return not (supradough_only or superdirt_only)


def filter_tags(doc: Mapping[str, Any]) -> list[str]:
    """Tags the tab filters by: string tags only; a doclet with no ``tags`` field is ``untagged``.

    A doclet whose tags are all jsdoc objects keeps no tag at all, as in the REPL.
    """
    if doc.get("tags") is None:
        return [UNTAGGED]
    return _string_tags(doc)


def normalise_tags(raw: Any) -> list[str]:
    """Tags for tool results: strings kept, objects -> ``value`` or ``text``, empties dropped."""
    out: list[str] = []
    if not isinstance(raw, list):
        return out
    for tag in raw:
        if isinstance(tag, dict):
            tag = tag.get("value") or tag.get("text")
        if isinstance(tag, str):
            tag = tag.strip()
            if tag and tag not in out:
                out.append(tag)
    return out


def reference_entries(docs: Iterable[Mapping[str, Any]]) -> Iterator[tuple[Mapping[str, Any], list[str]]]:
    """Yield ``(doclet, kept_synonyms)`` for each entry the reference tab lists, in file order.

    One ``seen`` set for names and synonyms: the first doclet of a name wins, and a
    synonym already claimed by an earlier name is dropped from the later entry.
    """
    seen: set[str] = set()
    for doc in docs:
        if not isinstance(doc, Mapping) or not is_visible_doc(doc):
            continue
        name = doc["name"]
        if name in seen:
            continue
        seen.add(name)
        kept: list[str] = []
        synonyms = doc.get("synonyms")
        for synonym in synonyms if isinstance(synonyms, list) else []:
            if isinstance(synonym, str) and synonym and synonym not in seen:
                kept.append(synonym)
                seen.add(synonym)
        yield doc, kept


def tag_counts(tag_lists: Iterable[Iterable[str]]) -> dict[str, int]:
    """The tag row: every filter tag except the ignored ones, sorted, with its count."""
    counts: dict[str, int] = {}
    for tags in tag_lists:
        for tag in tags:
            if tag and tag not in IGNORED_TAGS:
                counts[tag] = counts.get(tag, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: collation_key(kv[0])))


def _collation_table() -> dict[int, str]:
    # Punctuation < digits < letters, letters folded to lower case (ICU root order).
    table = {}
    for code in range(32, 127):
        ch = chr(code)
        if ch.isalpha():
            table[code] = chr(0x100 + ord(ch.lower()))
        elif ch.isdigit():
            table[code] = chr(0x80 + code)
        else:
            table[code] = chr(code)
    return table


_COLLATION = _collation_table()


def collation_key(text: str) -> tuple[str, str]:
    """Approximate JavaScript's ``localeCompare`` (ICU root collation) for ASCII names.

    Primary: punctuation < digits < letters, letters compared case-insensitively;
    tertiary: lower case before upper case at the first difference.
    """
    return (text.translate(_COLLATION), text.swapcase())
