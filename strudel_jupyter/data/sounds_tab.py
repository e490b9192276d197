"""The REPL sounds tab's rules: category filters, hidden names, sample counts and labels.

One source of truth, read from Strudel's ``SoundsTab.jsx``: every index, front end and
manifest asks this module. Standard library only: the build hook counts a snapshot with it
before pandas exists in the build environment.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

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

_DRUM_TAG = "drum-machines"
_WHITESPACE = re.compile(r"\s+")


def sound_key(name: str) -> str:
    """Normalise a sound name the way ``registerSound`` does (lower case, whitespace -> ``_``)."""
    lower = name.lower()
    return lower if lower.isalnum() else _WHITESPACE.sub("_", lower)  # (a letter or digit is no space)


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
