"""Browsing the two tabs as the REPL does: search box + tag / category filter.

The ipywidgets panel, the REST API behind the JupyterLab sidebar and anything
else that mirrors the tabs ask this module, so the REPL's semantics live once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

from ..data.index import StrudelIndex, get_index
from ..data.reference import ReferenceEntry
from ..data.reference_tab import IGNORED_TAGS
from ..data.sounds import SoundEntry
from ..data.sounds_tab import SOUND_CATEGORIES, normalise_category
from ..data.sounds_tab import sound_label as label_with_count
from .answers.engine_only import ENGINE_NEEDS, engine_only_entries
from .concepts import concept_functions, drum_sounds
from .items import BankItem, FunctionItem, SoundItem, bank_item, function_item, sound_item
from .ranking import suggest
from .relevance import text_sounds

__all__ = [
    "CLOSEST",
    "DETAILS_SHOWN",
    "FunctionDetail",
    "ReferenceBrowse",
    "SoundDetail",
    "SoundsBrowse",
    "browse_reference",
    "browse_sounds",
    "reference_detail",
    "sound_detail",
    "sound_label",
    "sounds_status",
    "reference_status",
    "banks_with_sound",
    "detail_code",
]

ALL = "all"
#: Under a search or a tag the REPL shows every match's detail; we show this many at most.
DETAILS_SHOWN = 30
#: What precedes the suggestion buttons when nothing matches (both front ends).
CLOSEST = "Closest:"
SUGGESTIONS = 5


@dataclass(frozen=True)
class ReferenceBrowse:
    search: str
    tag: str
    entries: list[ReferenceEntry]
    tag_counts: dict[str, int]  # the tab's tag row (whole reference)
    suggestions: list[str] = field(default_factory=list)  # real names, when nothing matches

    @property
    def total(self) -> int:
        return len(self.entries)

    @property
    def details(self) -> list[str]:
        """The entries whose details show under the list, as in the REPL.

        Under a search or a tag: every match (at most :data:`DETAILS_SHOWN`); with no match,
        the closest real name; with neither, none (the user picks one).
        """
        if not self.entries:
            return self.suggestions[:1]
        if self.search or self.tag != ALL:
            return [e.name for e in self.entries[:DETAILS_SHOWN]]
        return []


@dataclass(frozen=True)
class SoundsBrowse:
    search: str
    category: str
    entries: list[SoundEntry]
    category_counts: dict[str, int]  # whole registry, per category
    matching_counts: dict[str, int]  # under the current search, per category
    suggestions: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.entries)

    @property
    def details(self) -> list[str]:
        """The sound whose detail shows: the exact name searched for, else the closest real one."""
        if not self.entries:
            return self.suggestions[:1]
        typed = self.search.lower()
        return [e.name for e in self.entries if e.name == typed][:1]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def reference_status(found: ReferenceBrowse) -> str:
    """The reference tab's status line, the same words in every front end."""
    tag = f" tagged {found.tag}" if found.tag != ALL else ""
    if not found.entries:
        closest = f" {CLOSEST}" if found.suggestions else ""
        return f"No function{tag} contains “{found.search}”.{closest}"
    search = f" matching “{found.search}”" if found.search else ""
    shown = len(found.details)
    details = f"; details of the first {shown}" if 1 < shown < found.total else ""
    return f"{_plural(found.total, 'function')}{tag}{search}{details}"


def sounds_status(found: SoundsBrowse) -> str:
    """The sounds tab's status line, the same words in every front end."""
    where = f" in {found.category}" if found.category != ALL else ""
    if not found.entries and found.search:
        closest = f" {CLOSEST}" if found.suggestions else ""
        return f"No sound{where} contains “{found.search}”.{closest}"
    if not found.entries:
        if found.category == "user":
            return "No user sounds yet: register_sounds() in a notebook, or Import below."
        return "No sounds loaded"
    search = f" matching “{found.search}”" if found.search else ""
    return f"{_plural(found.total, 'sound')}{where}{search}"


def browse_reference(search: str = "", tag: str = ALL, *, index: StrudelIndex | None = None) -> ReferenceBrowse:
    """Entries whose name or synonyms contain ``search`` (case-insensitive), optionally with ``tag``.

    Raises ``ValueError`` for a tag the reference does not have.
    """
    index = index or get_index()
    ref = index.reference
    search = (search or "").strip()
    tag = (tag or ALL).strip()
    if tag != ALL and tag not in ref.tag_counts:
        raise ValueError(f"unknown tag {tag!r}; tags: {', '.join(ref.tag_counts)}")
    entries = ref.with_name_containing(search) if search else list(ref.entries)
    if tag != ALL:
        entries = [e for e in entries if tag in e.filter_tags]
    suggestions = _reference_suggestions(index, search) if search and not entries else []
    return ReferenceBrowse(search, tag, entries, dict(ref.tag_counts), suggestions)


def browse_sounds(search: str = "", category: str = ALL, *, index: StrudelIndex | None = None) -> SoundsBrowse:
    """Sounds whose name contains ``search`` (case-insensitive) in a tab category.

    Raises ``ValueError`` for an unknown category.
    """
    index = index or get_index()
    snd = index.sounds
    canonical = normalise_category(category or ALL)
    if canonical is None:
        raise ValueError(f"unknown category {category!r}; categories: {', '.join(SOUND_CATEGORIES)}")
    search = (search or "").strip()
    matching = snd.with_name_containing(search) if search else [snd.entries[k] for k in snd.names]
    counts = {c: 0 for c in SOUND_CATEGORIES}
    for entry in matching:
        for c in entry.categories:
            counts[c] += 1
    entries = [e for e in matching if canonical in e.categories]
    suggestions = _sound_suggestions(index, search, canonical) if search and not entries else []
    return SoundsBrowse(search, canonical, entries, dict(snd.category_counts), counts, suggestions)


# The search box keeps the REPL's rule (a name contains the text); when nothing matches, the
# suggestions also say what a musician's word means: "kick" -> bd, "reverb" -> room.
def _reference_suggestions(index: StrudelIndex, search: str) -> list[str]:
    found = [*concept_functions(index, search), *suggest(index, search, domain="reference")]
    return list(dict.fromkeys(found))[:SUGGESTIONS]


def _sound_suggestions(index: StrudelIndex, search: str, category: str) -> list[str]:
    snd = index.sounds
    found = drum_sounds(index, search)
    found += [
        key
        for key, _relevance, coverage in text_sounds(index, search.split())[:SUGGESTIONS]
        if coverage >= 1.0 and key in snd.entries
    ]
    found += suggest(index, search, domain="sounds")
    in_category = [n for n in dict.fromkeys(found) if (e := snd.get(n)) is None or category in e.categories]
    return in_category[:SUGGESTIONS]


def sound_label(entry: SoundEntry) -> str:
    """How the sounds tab prints a name: ``bd(8)``; synths without a count."""
    return label_with_count(entry.name, entry.count)


class FunctionDetail(FunctionItem):
    """GET reference/<name>: the function item with every example, plus the tab's extras."""

    #: The description as HTML, sanitised on the server (and again in the sidebar).
    description_html: str
    synonyms_text: str
    display_tags: list[str]


class SoundDetail(SoundItem):
    """GET sounds/<name> for a sound: the sound item plus its label and the banks that have it."""

    label: str
    banks_with_sound: list[str]


def reference_detail(name: str, *, index: StrudelIndex | None = None) -> FunctionDetail | None:
    """One entry in the spec's item shape (all examples, sanitised HTML added), or None."""
    index = index or get_index()
    entry = index.reference.get(name)
    notice = ""
    if entry is None:
        # a function documented for one engine only (leslie): the tab has no row for it, but an
        # answer names it, so its page says what it is and what it needs
        found = engine_only_entries(index).get(name)
        if found is None:
            return None
        entry, engine = found
        notice = (
            f"<p class='strudel-engine-only'><strong>{escape(engine)} only</strong>: "
            f"{escape(ENGINE_NEEDS[engine])}. The REPL's reference tab does not list it.</p>"
        )
    return {
        **function_item(entry, None, examples=len(entry.examples)),
        "description_html": notice + entry.description_html,
        "synonyms_text": entry.synonyms_text,
        "display_tags": [t for t in entry.filter_tags if t not in IGNORED_TAGS],
    }


def sound_detail(name: str, *, index: StrudelIndex | None = None) -> SoundDetail | BankItem | None:
    """A sound (or, failing that, a bank) in the spec's item shape, or None."""
    index = index or get_index()
    entry = index.sounds.get(name)
    if entry is not None and not entry.hidden:
        return {
            **sound_item(entry, None),
            "label": sound_label(entry),
            "banks_with_sound": banks_with_sound(entry, index=index),
        }
    bank = index.sounds.get_bank(name)
    return bank_item(bank, None) if bank else None


def banks_with_sound(entry: SoundEntry, *, index: StrudelIndex | None = None) -> list[str]:
    """Drum-machine banks that have this entry's sound (``bd``), each bank once (no aliases).

    Only drum machines: ``.bank("gm")`` with ``s("piano")`` is ``gm_piano``, a different
    instrument, not another piano. Labels as ``.bank()`` takes them (``BossDR110``).
    """
    snd = (index or get_index()).sounds
    if entry.category != "drum-machines" and entry.bank:
        return []
    banks = (snd.banks[b] for b in snd.by_sound.get(entry.sound, ()))
    return [b.label for b in banks if b.category == "drum-machines" and not b.alias_of]


def detail_code(item: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The code blocks a detail offers to Insert or Copy, as ``(label, code)``, in display order.

    A function: each example (``example 2 of room``). A sound: its snippet ``s("name")``,
    then its usage when that says more (``s("bd").bank("RolandTR909")``). A bank: its usage.
    The labels are the sidebar's (its buttons' accessible names).
    """
    kind = item.get("kind")
    if kind == "function":
        name = item["name"]
        return [(f"example {i} of {name}", code) for i, code in enumerate(item.get("examples") or [], 1)]
    if kind == "bank":
        return [(f"usage of bank {item['label']}", item["usage"])]
    snippet = f's("{item["name"]}")'
    usage = item.get("usage") or snippet
    return [(snippet, snippet)] + ([(f"usage of {item['name']}", usage)] if usage != snippet else [])
