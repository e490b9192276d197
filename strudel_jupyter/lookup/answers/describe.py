"""The one-line descriptions answers are written in: a function, a sound, a bank, a list of hits."""

from __future__ import annotations

from collections.abc import Sequence

from ...data.index import StrudelIndex
from ...data.reference import ReferenceEntry
from ...data.sounds import Bank, SoundEntry
from ...data.sounds_tab import count_unit
from ..ranking import Hit
from .question import NOT_FOUND

__all__ = ["describe_bank", "describe_function", "describe_hit", "describe_hits", "describe_sound", "join_names"]


def join_names(names: Sequence[str], limit: int = 8) -> str:
    """``a, b, c and 5 more``: the first ``limit`` names of a list."""
    shown = ", ".join(names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def describe_function(entry: ReferenceEntry) -> str:
    """Summary, synonyms, usage, params and the first example of a reference entry."""
    params = "; ".join(
        f"{p['name']} ({p['type']}){': ' + p['description'] if p['description'] else ''}"
        for p in entry.params
        if p["name"]
    )
    parts = [f"{entry.name}: {entry.summary()}"]
    if entry.synonyms:
        parts.append(f"Synonyms: {', '.join(entry.synonyms)}.")
    parts.append(f"Usage: {entry.usage}.")
    if params:
        parts.append(f"Params: {params}.")
    parts.append(f"Example: {entry.examples[0]}" if entry.examples else "No example in the bundled docs.")
    return " ".join(parts)


def describe_sound(entry: SoundEntry) -> str:
    """Type, category, sample count and usage of a sound."""
    alias = f" (alias of {entry.alias_of})" if entry.alias_of else ""
    count = f", {count_unit(entry.type, entry.count)}" if entry.count is not None else ""
    return f"{entry.name}{alias}: {entry.type} sound in {entry.category}{count}. Use {entry.usage}."


def describe_bank(bank: Bank) -> str:
    """Label, category, sounds, usage and aliases of a bank."""
    alias = f", alias of {bank.alias_of}" if bank.alias_of else ""
    aliases = f" Aliases: {', '.join(bank.aliases)}." if bank.aliases else ""
    return (
        f"Bank {bank.label} ({bank.category}{alias}) has {bank.n_sounds} sounds: "
        f"{join_names(list(bank.sounds), 12)}. Use {bank.usage}.{aliases}"
    )


def describe_hit(index: StrudelIndex, hit: Hit) -> str:
    """The description of whatever ``hit`` names."""
    if hit.kind == "function":
        return describe_function(index.reference.by_name[hit.name])
    if hit.kind == "sound":
        return describe_sound(index.sounds.entries[hit.name])
    return describe_bank(index.sounds.banks[hit.name])


def describe_hits(index: StrudelIndex, hits: Sequence[Hit], *, detail: bool) -> str:
    """An answer's text: up to three descriptions (detail), or the best match and the others' names."""
    if not hits:
        return NOT_FOUND
    if detail:
        return " | ".join(describe_hit(index, hit) for hit in hits[:3])
    top = hits[0]
    others = [f"{h.name} ({h.match})" for h in hits[1:]]
    return f"Best match ({top.match}): {describe_hit(index, top)}" + (f" Also: {', '.join(others)}." if others else "")
