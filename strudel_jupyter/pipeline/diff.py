"""Compare two snapshots: functions, synonyms, sounds (and callables) added, removed or changed.

"Functions" are the reference tab's entries (same filter and de-duplication as the
REPL, via ``categories.reference_entries``); "sounds" are the sounds tab's visible
registry keys. Standard library only.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..data.reference_tab import filter_tags, reference_entries
from ..data.snapshot import Snapshot, load_snapshot
from ..data.sounds_tab import is_hidden_sound

__all__ = ["SectionDiff", "SnapshotDiff", "diff_snapshots"]

_DOC_FIELDS = ("description", "params", "examples", "tags", "synonyms")


@dataclass(frozen=True)
class SectionDiff:
    """Names added, removed and changed (name -> what changed) between two snapshots."""

    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: dict[str, list[str]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.changed)

    def to_json(self) -> dict[str, Any]:
        return {"added": self.added, "removed": self.removed, "changed": self.changed}


@dataclass(frozen=True)
class SnapshotDiff:
    """The differences from snapshot ``old`` to snapshot ``new``."""

    old: str
    new: str
    functions: SectionDiff
    synonyms: SectionDiff  # changed: function name -> ["+syn", "-syn", ...]
    sounds: SectionDiff
    callables: SectionDiff | None  # None when either snapshot has no symbols.json

    def __bool__(self) -> bool:
        return any(bool(s) for s in self._sections().values())

    def _sections(self) -> dict[str, SectionDiff]:
        sections = {"functions": self.functions, "synonyms": self.synonyms, "sounds": self.sounds}
        if self.callables is not None:
            sections["callables"] = self.callables
        return sections

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"old": self.old, "new": self.new, "identical": not self}
        for name, section in self._sections().items():
            out[name] = section.to_json()
        if self.callables is None:
            out["callables"] = None
        return out

    def to_text(self, *, limit: int | None = 50) -> str:
        lines = [f"--- {self.old}", f"+++ {self.new}"]
        for name, section in self._sections().items():
            lines.append(
                f"{name}: {len(section.added)} added, {len(section.removed)} removed, {len(section.changed)} changed"
            )
            items = [f"  + {n}" for n in section.added] + [f"  - {n}" for n in section.removed]
            items += [f"  ~ {n} ({', '.join(what)})" for n, what in section.changed.items()]
            shown = items if limit is None else items[:limit]
            lines.extend(shown)
            if len(items) > len(shown):
                lines.append(f"  ... and {len(items) - len(shown)} more (use --all or --json)")
        if self.callables is None:
            lines.append("callables: not compared (a snapshot has no symbols.json)")
        if not self:
            lines.append("identical: no function, synonym or sound differs")
        return "\n".join(lines)


def _doc_view(doc: Mapping[str, Any]) -> dict[str, Any]:
    params = [
        (p.get("name"), tuple((p.get("type") or {}).get("names") or ()), p.get("description"))
        for p in doc.get("params") or []
        if isinstance(p, Mapping)
    ]
    return {
        "description": doc.get("description") or "",
        "params": params,
        "examples": list(doc.get("examples") or []),
        "tags": filter_tags(doc),
        "synonyms": [s for s in doc.get("synonyms") or [] if isinstance(s, str)],
    }


def _sorted(names: set[str]) -> list[str]:
    return sorted(names, key=lambda n: (n.lower(), n))


def _functions(old: Snapshot, new: Snapshot) -> tuple[SectionDiff, SectionDiff]:
    a = {doc["name"]: _doc_view(doc) for doc, _ in reference_entries(old.docs)}
    b = {doc["name"]: _doc_view(doc) for doc, _ in reference_entries(new.docs)}
    changed = {}
    for name in _sorted(set(a) & set(b)):
        what = [f for f in _DOC_FIELDS if a[name][f] != b[name][f]]
        if what:
            changed[name] = what
    functions = SectionDiff(_sorted(set(b) - set(a)), _sorted(set(a) - set(b)), changed)

    syn_a = {(n, s) for n, v in a.items() for s in v["synonyms"]}
    syn_b = {(n, s) for n, v in b.items() for s in v["synonyms"]}
    per_name: dict[str, list[str]] = {}
    for n, s in sorted(syn_b - syn_a):
        per_name.setdefault(n, []).append(f"+{s}")
    for n, s in sorted(syn_a - syn_b):
        per_name.setdefault(n, []).append(f"-{s}")
    added = _sorted({s for _, s in syn_b} - {s for _, s in syn_a})
    removed = _sorted({s for _, s in syn_a} - {s for _, s in syn_b})
    synonyms = SectionDiff(added, removed, {n: per_name[n] for n in _sorted(set(per_name))})
    return functions, synonyms


def _sounds(old: Snapshot, new: Snapshot) -> SectionDiff:
    a = {k: v.get("data", {}) for k, v in old.soundmap.items() if not is_hidden_sound(k)}
    b = {k: v.get("data", {}) for k, v in new.soundmap.items() if not is_hidden_sound(k)}
    changed = {}
    for name in sorted(set(a) & set(b)):
        what = sorted(k for k in set(a[name]) | set(b[name]) if a[name].get(k) != b[name].get(k))
        if what:
            changed[name] = what
    return SectionDiff(sorted(set(b) - set(a)), sorted(set(a) - set(b)), changed)


def _callables(old: Snapshot, new: Snapshot) -> SectionDiff | None:
    if old.symbols is None or new.symbols is None:
        return None

    def names(symbols: Mapping[str, Any]) -> set[str]:
        return set(symbols.get("globals") or {}) | set(symbols.get("methods") or [])

    return SectionDiff(
        _sorted(names(new.symbols) - names(old.symbols)), _sorted(names(old.symbols) - names(new.symbols))
    )


def diff_snapshots(old: os.PathLike[str] | str | Snapshot, new: os.PathLike[str] | str | Snapshot) -> SnapshotDiff:
    """Compare two snapshot directories (or loaded snapshots); raises ``SnapshotError`` if one is unusable."""
    a = old if isinstance(old, Snapshot) else load_snapshot(old)
    b = new if isinstance(new, Snapshot) else load_snapshot(new)
    functions, synonyms = _functions(a, b)
    return SnapshotDiff(str(a.path), str(b.path), functions, synonyms, _sounds(a, b), _callables(a, b))
