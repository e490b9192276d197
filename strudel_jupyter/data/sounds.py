"""The sounds tab's data: the runtime sound registry, its categories and banks."""

from __future__ import annotations

import copy
import json
import os
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .collation import collation_key
from .derived import Derived
from .phrasebook import FAMILY_MEMBERS, family_keys, field_text, package_phrases
from .sound_words import (
    NAMING_FIELDS,
    SOUND_PHRASES_MATCH,
    SOUND_TEXT_WEIGHTS,
    drum_words,
    phrases,
    program_names,
    sample_path_words,
)
from .sounds_tab import SOUND_CATEGORIES, is_hidden_sound, sample_count, sound_categories, sound_key
from .textindex import TextIndex, tokenize

if TYPE_CHECKING:  # pandas loads only when a DataFrame is asked for
    import pandas as pd

__all__ = [
    "BANK_COLUMNS",
    "BANK_DOC",
    "SOUND_COLUMNS",
    "Bank",
    "SoundEntry",
    "SoundsIndex",
    "SoundsParts",
    "process_sample_map",
    "sounds_parts",
]

SOUND_COLUMNS = [
    "name",
    "type",
    "tag",
    "prebake",
    "count",
    "category",
    "categories",
    "bank",
    "sound",
    "alias_of",
    "usage",
    "base_url",
]
BANK_COLUMNS = ["bank", "label", "sounds", "n_sounds", "category", "aliases", "alias_of", "usage"]

#: The key prefix of a bank's document in the sounds text index (sound keys never hold ":").
BANK_DOC = "bank:"

#: The order categories are named in when one sound shows under several filters.
_PRIMARY = ("drum-machines", "samples", "synths", "wavetables")
_PLAYED_WITH_NOTES = ("synth", "soundfont", "wavetable")


@dataclass(frozen=True, slots=True)
class SoundEntry:
    name: str  # registry key (lower case)
    type: str
    tag: str
    prebake: bool
    count: int | None  # as the tab prints it; None for synths
    category: str  # the main category, or the raw type when none applies (``input``)
    categories: tuple[str, ...]  # every filter that shows it, ``all`` and ``user`` included
    bank: str  # the part before the first ``_`` ("" when none)
    sound: str  # the rest: what ``s("...")`` names inside ``.bank(...)``
    alias_of: str  # the original key when this key was added by bank aliasing
    usage: str
    base_url: str

    @property
    def hidden(self) -> bool:
        return is_hidden_sound(self.name)


@dataclass(frozen=True, slots=True)
class Bank:
    bank: str  # lower case, as keys are
    label: str  # original spelling where the registry shows it (sample URLs), else ``bank``
    sounds: tuple[str, ...]
    category: str
    aliases: tuple[str, ...]
    alias_of: str
    usage: str

    @property
    def n_sounds(self) -> int:
        return len(self.sounds)


# ----------------------------------------------------------- sample-map rules
def _github_path(base: str, subpath: str = "") -> str:
    path = base[len("github:") :].rstrip("/")
    parts = path.split("/")
    user = parts[0]
    repo = parts[1] if len(parts) >= 2 else "samples"
    branch = parts[2] if len(parts) >= 3 else "main"
    rest = [*parts[3:], subpath]
    return f"https://raw.githubusercontent.com/{user}/{repo}/{branch}/{'/'.join(rest)}"


def _resolve_base(base: str) -> str:
    if base.startswith("bubo:"):
        base = f"github:Bubobubobubobubo/dough-{base.split(':')[1]}"
    return _github_path(base) if base.startswith("github:") else base


def _check_sample_map(sample_map: Mapping[str, Any]) -> None:
    problems = []
    for key, value in sample_map.items():
        if not isinstance(key, str) or not key.strip():
            problems.append(f"{key!r}: a sound name must be a non-empty string")
        elif isinstance(value, str):
            continue
        elif isinstance(value, list):
            if not value or not all(isinstance(v, str) for v in value):
                problems.append(f"{key!r}: expected a non-empty list of sample paths (strings)")
        elif isinstance(value, Mapping):
            for note, files in value.items():
                ok = isinstance(files, str) or (isinstance(files, list) and all(isinstance(f, str) for f in files))
                if not ok:
                    problems.append(f"{key!r}.{note}: expected a path or a list of paths")
        else:
            problems.append(f"{key!r}: wrong sample map format (got {type(value).__name__})")
    if problems:
        raise ValueError("invalid sample map: " + "; ".join(problems[:10]))


def process_sample_map(
    sample_map: Mapping[str, Any],
    base_url: str | None = None,
    *,
    prebake: bool | None = None,
    tag: str | None = None,
) -> dict[str, dict[str, Any]]:
    """What Strudel's ``samples(map, baseUrl, {prebake, tag})`` registers, as registry entries.

    Mirrors superdough: the default base URL is the map's ``_base``; an entry's own
    ``_base`` replaces it from then on; ``github:``/``bubo:`` bases are expanded; note-keyed
    objects keep their keys; ``wt_`` names become wavetables; keys are lower-cased
    with whitespace turned into ``_``; unset options are left out (so no ``prebake``
    means the sound is a user sound). Raises ``ValueError`` before anything is returned
    when the map is malformed.
    """
    if not isinstance(sample_map, Mapping) or not sample_map:
        raise ValueError("a sample map must be a non-empty object {name: path | [paths] | {note: paths}}")
    _check_sample_map(sample_map)
    if base_url is not None and not isinstance(base_url, str):
        raise TypeError(f"base_url must be a string (a URL or github:user/repo), got {type(base_url).__name__}")
    declared_base = base_url if base_url is not None else str(sample_map.get("_base") or "")
    running_base = declared_base
    entries: dict[str, dict[str, Any]] = {}
    for key, value in sample_map.items():
        if isinstance(value, str):
            value = [value]
        if isinstance(value, Mapping) and isinstance(value.get("_base"), str) and value["_base"]:
            running_base = value["_base"]
        base = _resolve_base(running_base)
        if isinstance(value, list):
            files: Any = [base + v for v in value]
        else:
            files = {note: [base + f for f in ([s] if isinstance(s, str) else s)] for note, s in value.items()}
        wavetable = key.startswith("wt_")
        data: dict[str, Any] = {
            "type": "wavetable" if wavetable else "sample",
            "tables" if wavetable else "samples": files,
        }
        data["baseUrl"] = declared_base
        if prebake is not None:
            data["prebake"] = prebake
        if tag is not None:
            data["tag"] = tag
        entries[sound_key(key)] = data
    return entries


def load_sample_map(source: Mapping[str, Any] | str | os.PathLike[str]) -> Mapping[str, Any]:
    """Accept a sample map object or a local ``strudel.json``-style file."""
    if isinstance(source, Mapping):
        return source
    if isinstance(source, (str, os.PathLike)):
        text = os.fspath(source)
        if re.match(r"^[a-z]+:", text) and not Path(text).exists():
            raise ValueError(
                f"cannot fetch {text!r}: lookups work offline; download the sample map and pass the file or dict"
            )
        path = Path(text).expanduser()
        if path.is_dir():
            path = path / "strudel.json"
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ValueError(f"no sample map file at {path}") from None
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path} is not valid JSON: {exc}") from None
    raise TypeError(f"expected a sample map dict or a path, got {type(source).__name__}")


# ---------------------------------------------------------------------- index
def _fingerprint(data: Mapping[str, Any]) -> Any:
    files = data.get("samples", data.get("tables"))
    if isinstance(files, list):
        return (data.get("type"), tuple(files))
    if isinstance(files, Mapping):
        return (data.get("type"), tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in files.items()))
    return (data.get("type"), json.dumps(data, sort_keys=True))


def _usage(name: str, data: Mapping[str, Any], bank: str, sound: str, label: str, drum: bool, noise: bool) -> str:
    if data.get("type") in _PLAYED_WITH_NOTES and not noise:  # a noise has no pitch to give it
        return f'note("c e g").s("{name}")'
    if drum and bank and sound:
        return f's("{sound}").bank("{label}")'
    return f's("{name}")'


#: One registry version's costly parts as plain data (``data/index_cache.py`` keeps the
#: snapshot's between processes): ``names``, ``banks`` and ``entries`` (one tuple per bank or
#: entry, fields in order, entries in registry order), ``by_sound``, ``by_category``, ``text``
#: (the text index's plain data) and ``naming_words``.
SoundsParts = dict[str, Any]

_ENTRY_FIELDS = tuple(f.name for f in fields(SoundEntry))
_BANK_FIELDS = tuple(f.name for f in fields(Bank))


def sounds_parts(
    registry: Mapping[str, Mapping[str, Any]],
    programs: Mapping[str, list[dict[str, str]]] | None = None,
    noises: frozenset[str] = frozenset(),
) -> SoundsParts:
    """Build a registry's costly parts (~70 ms for the snapshot's): see :data:`SoundsParts`."""
    programs = programs or {}
    visible = sorted((k for k in registry if not is_hidden_sound(k)), key=collation_key)
    cats = {k: sound_categories(k, data) for k, data in registry.items()}
    primary = {k: _primary(c, registry[k]) for k, c in cats.items()}
    members: dict[str, list[tuple[str, str]]] = {}
    for key in visible:
        bank, sep, sound = key.partition("_")
        if sep and bank and sound:
            members.setdefault(bank, []).append((sound, key))
    labels, alias_of = _bank_aliases(registry, members)
    aliases: dict[str, list[str]] = {}
    for alias, original in alias_of.items():
        aliases.setdefault(original, []).append(alias)
    banks: dict[str, Bank] = {}
    for bank, items in members.items():
        counted = Counter(primary[k] for _, k in items)
        category = max(counted, key=lambda c: (counted[c], c))
        sounds = tuple(s for s, _ in items)
        label = labels.get(bank, bank)
        example = " ".join(sounds[:2])
        usage = f's("{example}").bank("{label}")' if category == "drum-machines" else f's("{bank}_{sounds[0]}")'
        banks[bank] = Bank(
            bank,
            label,
            sounds,
            category,
            tuple(sorted(aliases.get(bank, ()), key=collation_key)),
            alias_of.get(bank, ""),
            usage,
        )
    entries: dict[str, SoundEntry] = {}
    for key, data in registry.items():
        bank, sep, sound = key.partition("_")
        if not (sep and bank and sound):
            bank = sound = ""
        original = alias_of.get(bank, "")
        entries[key] = SoundEntry(
            name=key,
            type=str(data.get("type", "")),
            tag=str(data.get("tag") or ""),
            prebake=bool(data.get("prebake")),
            count=sample_count(data),
            category=primary[key],
            categories=cats[key],
            bank=bank,
            sound=sound or key,
            alias_of=f"{original}_{sound}" if original and f"{original}_{sound}" in registry else "",
            usage=_usage(key, data, bank, sound, labels.get(bank, bank), "drum-machines" in cats[key], key in noises),
            base_url=str(data.get("baseUrl") or ""),
        )
    by_sound: dict[str, list[str]] = {}
    for bank, b in banks.items():
        for s in b.sounds:
            by_sound.setdefault(s, []).append(bank)
    by_category = {c: tuple(k for k in visible if c in entries[k].categories) for c in SOUND_CATEGORIES}
    # A sound's text is its name and the words a musician would use for it (sound_words.py):
    # "acoustic guitar" finds gm_acoustic_guitar_nylon, "kick" bd, "909" the RolandTR909 bank.
    # Banks are documents too, keyed ``bank:<name>``.
    documents = {k: _sound_text(entries[k], registry[k], programs.get(k, ()), banks) for k in visible}
    for bank, b in banks.items():
        documents[BANK_DOC + bank] = {"name": bank, "label": b.label}
    for key, said in _phrase_documents(visible, banks).items():
        documents[key]["phrases"] = field_text(said)
    text = TextIndex(documents, SOUND_TEXT_WEIGHTS, apart=("phrases",), apart_match=SOUND_PHRASES_MATCH)
    # the words that name a sound (not where its files are kept): "kick", "piano", "909"
    naming_texts = {doc.get(f, "") for doc in documents.values() for f in NAMING_FIELDS}
    return {
        "names": tuple(visible),
        "banks": [tuple(getattr(b, f) for f in _BANK_FIELDS) for b in banks.values()],
        "entries": [tuple(getattr(e, f) for f in _ENTRY_FIELDS) for e in entries.values()],
        "by_sound": by_sound,
        "by_category": by_category,
        "text": text.to_plain(),
        "naming_words": frozenset(tokenize(" ".join(naming_texts))),
    }


def _sound_text(
    entry: SoundEntry, data: Mapping[str, Any], programs: Sequence[Mapping[str, str]], banks: Mapping[str, Bank]
) -> dict[str, str]:
    program, family = program_names(programs)
    folders, _files = sample_path_words(data)
    drum = drum_words(entry.sound, drum_machine="drum-machines" in entry.categories)
    return {
        "name": entry.name,
        "program": program,
        "pairs": phrases([*(str(p.get("program", "")) for p in programs), drum]),
        "family": family,
        "drum": drum,
        "label": banks[entry.bank].label if entry.bank in banks else "",
        "folders": folders,
    }


class _State:
    """Everything derived from one version of the registry; replaced whole, never changed.

    Readers take ``index.sounds`` attributes from one state object, so a registration in
    another thread never shows them a half-built registry.
    """

    def __init__(
        self,
        registry: dict[str, dict[str, Any]],
        version: int,
        programs: Mapping[str, list[dict[str, str]]] | None = None,
        noises: frozenset[str] = frozenset(),
        *,
        parts: SoundsParts | None = None,
    ) -> None:
        self.registry, self.version = registry, version
        self.programs: Mapping[str, list[dict[str, str]]] = programs or {}
        self.noises = noises
        # what is derived from this version (frames, name tables, listing orders...):
        # it goes when the state goes, so nothing derived can outlive a registration
        self.derived = Derived()
        if parts is None:
            parts = sounds_parts(registry, self.programs, noises)
        self.names: tuple[str, ...] = parts["names"]
        self.banks: dict[str, Bank] = {row[0]: Bank(*row) for row in parts["banks"]}
        self.entries: dict[str, SoundEntry] = {row[0]: SoundEntry(*row) for row in parts["entries"]}
        if self.entries.keys() != registry.keys():
            raise ValueError("the sounds' parts were built from another registry")
        self.by_sound: dict[str, list[str]] = parts["by_sound"]
        self.by_category: dict[str, tuple[str, ...]] = parts["by_category"]
        self.category_counts = {c: len(keys) for c, keys in self.by_category.items()}
        self.text = TextIndex.from_plain(parts["text"])
        self.naming_words: frozenset[str] = parts["naming_words"]


def _phrase_documents(visible: list[str], banks: Mapping[str, Bank]) -> dict[str, list[str]]:
    """The phrasebook's phrases per sounds document: a bank's on the bank (and the sound of its
    name), a sound's on it, a family's on its first ``FAMILY_MEMBERS`` sounds (as
    ``lookup/phrasebook.resolve`` reads a target)."""
    ordered = sorted(visible)
    names = frozenset(visible)
    out: dict[str, list[str]] = {}
    for target, said in package_phrases(sounds=True).items():
        lower = target.lower()
        if lower in banks:
            keys = [BANK_DOC + lower, *([lower] if lower in names else [])]
        else:
            keys = family_keys(ordered, lower)[:FAMILY_MEMBERS]
        for key in keys:
            out.setdefault(key, []).extend(said)
    return out


def _primary(categories: tuple[str, ...], data: Mapping[str, Any]) -> str:
    for category in _PRIMARY:
        if category in categories:
            return category
    return "user" if "user" in categories else str(data.get("type", ""))


def _bank_aliases(
    registry: Mapping[str, Mapping[str, Any]], members: Mapping[str, list[tuple[str, str]]]
) -> tuple[dict[str, str], dict[str, str]]:
    """Banks whose every sound is the same registry entry are aliases of one another.

    The original is the bank whose name is a folder in its sample URLs (that is
    also where its original spelling, e.g. ``RolandTR909``, comes from).
    """
    labels: dict[str, str] = {}
    groups: dict[frozenset, list[str]] = {}
    for bank, items in members.items():
        fp = frozenset((s, _fingerprint(registry[k])) for s, k in items)
        groups.setdefault(fp, []).append(bank)
        for _, key in items[:1]:
            files = registry[key].get("samples", registry[key].get("tables"))
            first = files[0] if isinstance(files, list) and files else ""
            for segment in str(first).split("/"):
                if segment.lower() == bank:
                    labels[bank] = segment
                    break
    alias_of: dict[str, str] = {}
    for banks in groups.values():
        if len(banks) < 2:
            continue
        originals = [b for b in banks if b in labels] or sorted(banks, key=lambda b: (-len(b), b))[:1]
        original = originals[0]
        for b in banks:
            if b != original:
                alias_of[b] = original
    return labels, alias_of


class SoundsIndex:
    """The sound registry (``soundMap``) with the tab's categories, counts and banks."""

    def __init__(
        self,
        soundmap: Mapping[str, Mapping[str, Any]],
        *,
        version: int = 0,
        programs: Mapping[str, list[dict[str, str]]] | None = None,
        noises: frozenset[str] = frozenset(),
        parts: SoundsParts | None = None,
    ) -> None:
        """``programs``: the General MIDI program names per ``gm_*`` key (text for those sounds);
        ``noises``: the names the docs call noise (``data/noise.py``), played without a note;
        ``parts``: what :func:`sounds_parts` built from this very registry (the same index, sooner)."""
        registry = {k: dict(v.get("data", {})) for k, v in soundmap.items()}
        self._state = _State(registry, version, programs, noises, parts=parts)

    # The current state's parts; each attribute read sees one consistent registry version.
    registry = property(lambda self: self._state.registry)
    version = property(lambda self: self._state.version)
    names = property(lambda self: self._state.names)
    entries = property(lambda self: self._state.entries)
    banks = property(lambda self: self._state.banks)
    by_sound = property(lambda self: self._state.by_sound)
    by_category = property(lambda self: self._state.by_category)
    category_counts = property(lambda self: self._state.category_counts)
    text = property(lambda self: self._state.text)
    naming_words = property(lambda self: self._state.naming_words)
    programs = property(lambda self: self._state.programs)
    noises = property(lambda self: self._state.noises)

    @property
    def state(self) -> _State:
        """The current registry version and everything derived from it (read it once per task)."""
        return self._state

    # ---------------------------------------------------------------- updates
    def register(self, entries: Mapping[str, Mapping[str, Any]]) -> list[str]:
        """Add or replace registry entries (as ``registerSound`` does): a new state, swapped in whole.

        Callers serialise writers (``StrudelIndex`` holds a lock); readers need no lock.
        """
        current = self._state
        registry = dict(current.registry)
        for key, data in entries.items():
            registry[sound_key(key)] = copy.deepcopy(dict(data))
        self._state = _State(registry, current.version + 1, current.programs, current.noises)
        return [sound_key(k) for k in entries]

    # ---------------------------------------------------------------- lookups
    def __len__(self) -> int:
        return len(self.names)

    def get(self, name: str) -> SoundEntry | None:
        """A sound by name, case-insensitively (the registry lower-cases keys)."""
        return self.entries.get(sound_key(name))

    def get_bank(self, name: str) -> Bank | None:
        return self.banks.get(sound_key(name))

    def in_category(self, category: str) -> list[SoundEntry]:
        """The sounds the tab lists under ``category`` (canonical name), in tab order."""
        state = self._state
        return [state.entries[k] for k in state.by_category[category]]

    def with_name_containing(self, text: str, category: str = "all") -> list[SoundEntry]:
        """Sounds whose name contains ``text`` (case-insensitive) in ``category``: the tab's search box."""
        needle, state = text.lower(), self._state
        return [state.entries[k] for k in state.names if needle in k and category in state.entries[k].categories]

    def bank_sound(self, bank: str, sound: str) -> SoundEntry | None:
        """What ``s(sound).bank(bank)`` plays: the key ``bank_sound`` (case-insensitive)."""
        return self.get(f"{bank}_{sound}")

    @property
    def frame(self) -> pd.DataFrame:
        """One row per registry key (hidden ``_`` keys included, flagged), tab order."""
        state = self._state
        return state.derived.get_or_build(("sounds", "frame"), lambda: _sounds_frame(state))

    @property
    def banks_frame(self) -> pd.DataFrame:
        state = self._state
        return state.derived.get_or_build(("sounds", "banks_frame"), lambda: _banks_frame(state))


def _sounds_frame(state: _State) -> pd.DataFrame:
    import pandas as pd

    keys = sorted(state.entries, key=collation_key)
    rows = [
        {
            "name": e.name,
            "type": e.type,
            "tag": e.tag,
            "prebake": e.prebake,
            "count": e.count,
            "category": e.category,
            "categories": list(e.categories),
            "bank": e.bank,
            "sound": e.sound,
            "alias_of": e.alias_of,
            "usage": e.usage,
            "base_url": e.base_url,
            "hidden": e.hidden,
        }
        for e in (state.entries[k] for k in keys)
    ]
    frame = pd.DataFrame(rows, columns=[*SOUND_COLUMNS, "hidden"])
    frame["count"] = frame["count"].astype("Int64")
    frame.index = pd.Index(frame["name"], name="id")
    return frame


def _banks_frame(state: _State) -> pd.DataFrame:
    import pandas as pd

    rows = [
        {
            "bank": b.bank,
            "label": b.label,
            "sounds": list(b.sounds),
            "n_sounds": b.n_sounds,
            "category": b.category,
            "aliases": list(b.aliases),
            "alias_of": b.alias_of,
            "usage": b.usage,
        }
        for b in sorted(state.banks.values(), key=lambda b: collation_key(b.bank))
    ]
    frame = pd.DataFrame(rows, columns=BANK_COLUMNS)
    frame.index = pd.Index(frame["bank"], name="id")
    return frame
