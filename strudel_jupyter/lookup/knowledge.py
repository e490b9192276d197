"""``strudel_knowledge(query)``: the one authoritative lookup, as the spec defines it.

Flow: validate input -> read intent -> look up and rank -> shape the response.
It never raises and never returns a name the snapshot does not have.
"""

from __future__ import annotations

import logging
import reprlib
from collections.abc import Iterable, Sequence
from typing import Any

from ..data.collation import collation_key
from ..data.index import StrudelIndex, get_index
from ..data.reference import ReferenceEntry
from ..data.snapshot import SnapshotError
from ..data.sounds import Bank, SoundEntry
from ..data.sounds_tab import count_unit, index_slots, is_hidden_sound, sound_key
from ..vocabulary import DEFAULT_LIMIT, LIST_LIMIT
from .intent import REFERENCE_WORDS, SOUND_WORDS, CodeParts, ParsedQuery, content_tokens, parse_query
from .items import Item, KnowledgeResponse, bank_item, function_item, sound_item
from .ranking import (
    DOC_SYNONYM,
    STRONG,
    Hit,
    choose_domain,
    rank_names,
    rank_words,
    split_sound_index,
    suggest,
)
from .request import QueryError, coerce_request

__all__ = ["strudel_knowledge"]

log = logging.getLogger(__name__)

SOURCES = {"reference": "doc.json", "sounds": "soundMap"}
# Findings that make quoted code fail or fall silent: a "valid?" question answers no.
_SILENT_KINDS = frozenset({"unknown_sound", "unknown_bank", "sound_not_in_bank"})
NOT_FOUND = "No authoritative match in bundled Strudel reference/sounds."


def strudel_knowledge(
    query: Any,
    *,
    domain: str | None = None,
    mode: str | None = None,
    limit: int | None = None,
    index: StrudelIndex | None = None,
) -> KnowledgeResponse:
    """Answer a free-form or object query about Strudel functions and sounds.

    ``query`` is a string ("what does room do", "symbol:fast", "list synths"), an
    object ``{"q", "domain", "mode", "limit"}`` or that object as JSON; ``domain``,
    ``mode`` and ``limit`` may also be passed as keywords (they win over the object's fields).
    Returns the spec's structured response; on bad input ``{"ok": false, "reason": ...}``.
    """
    try:
        request = coerce_request(query, domain=domain, mode=mode, limit=limit)
    except QueryError as exc:
        return _failure(exc.query or _preview(query), exc.reason, exc.message)
    except Exception:  # the contract: an agent-facing call never raises
        log.exception("strudel_knowledge could not read its input")
        return _failure(_preview(query), "invalid_query", 'The query could not be read; send a string or {"q": ...}.')
    try:
        index = index or get_index()
    except SnapshotError as exc:
        return _failure(request.q, "snapshot_unavailable", f"The Strudel snapshot could not be loaded: {exc}")
    try:
        response = _Answer(index, request.q, request.domain, request.mode, request.limit).run()
    except Exception:  # the contract: an agent-facing call never raises
        log.exception("strudel_knowledge failed on %r", request.q)
        return _failure(request.q, "internal_error", "The lookup failed unexpectedly; try rephrasing the query.")
    response["notes"] = [*request.notes, *response.get("notes", [])]
    return response


def _preview(query: Any) -> str:
    text = query if isinstance(query, str) else reprlib.repr(query)  # bounded, even for deep nesting
    return text if len(text) <= 80 else text[:77] + "..."


def _failure(
    query: str,
    reason: str,
    answer: str,
    suggestions: Sequence[str] = (),
    *,
    domains: Iterable[str] = ("reference", "sounds"),
    notes: Sequence[str] = (),
) -> KnowledgeResponse:
    return {
        "ok": False,
        "query": query,
        "reason": reason,
        "answer": answer,
        "suggestions": list(suggestions),
        "items": [],
        "sources": [SOURCES[d] for d in ("reference", "sounds") if d in domains],
        "notes": list(notes),
    }


def _join(names: Sequence[str], limit: int = 8) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def _count_text(entry: SoundEntry) -> str:
    if entry.count is None:
        return ""
    return f", {count_unit(entry.type, entry.count)}"


def describe_function(entry: ReferenceEntry) -> str:
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
    alias = f" (alias of {entry.alias_of})" if entry.alias_of else ""
    return f"{entry.name}{alias}: {entry.type} sound in {entry.category}{_count_text(entry)}. Use {entry.usage}."


def describe_bank(bank: Bank) -> str:
    alias = f", alias of {bank.alias_of}" if bank.alias_of else ""
    aliases = f" Aliases: {', '.join(bank.aliases)}." if bank.aliases else ""
    return (
        f"Bank {bank.label} ({bank.category}{alias}) has {bank.n_sounds} sounds: {_join(list(bank.sounds), 12)}. "
        f"Use {bank.usage}.{aliases}"
    )


# ------------------------------------------------------------------ answering
class _Answer:
    """One query being answered: routing by intent, then shaping items."""

    def __init__(self, index: StrudelIndex, q: str, domain: str, mode: str, limit: int | None) -> None:
        self.index, self.q, self.mode, self.limit = index, q, mode, limit
        self.explicit_domain = domain
        self.notes: list[str] = []

    # entry point
    def run(self) -> KnowledgeResponse:
        parsed = parse_query(self.q)
        binding = self.explicit_domain != "auto" or parsed.domain_binding
        domain = self.explicit_domain if self.explicit_domain != "auto" else parsed.domain
        if parsed.intent == "check" and parsed.subject is None and parsed.code is not None:
            return self.check_code(parsed.code)
        if parsed.intent == "check" and parsed.subject:
            return self.check(parsed.subject, domain, noun=parsed.noun)
        listing = self.listing(parsed, domain)
        if listing is not None:
            return listing
        return self.search(parsed, domain, binding)

    # ---------------------------------------------------------------- helpers
    def _limit(self, default: int) -> int:
        return self.limit or default

    def _item(self, hit: Hit, *, examples: int) -> Item | None:
        if hit.kind == "function":
            entry = self.index.reference.by_name.get(hit.name)
            return function_item(entry, hit, examples=examples) if entry else None
        if hit.kind == "sound":
            name, n = split_sound_index(hit.via) if hit.via else (hit.name, None)
            entry = self.index.sounds.entries.get(hit.name)
            return sound_item(entry, hit, sample_index=n if n is not None and name else None) if entry else None
        bank = self.index.sounds.banks.get(hit.name)
        return bank_item(bank, hit) if bank else None

    def _no_example_notes(self, items: Sequence[Item]) -> None:
        for item in items:
            if item["kind"] == "function" and not item["examples"]:
                self.notes.append(f"{item['name']} has no example in the bundled snapshot.")

    def _success(
        self,
        domain: str,
        mode: str,
        answer: str,
        items: list[Item],
        *,
        groups: dict[str, list[Item]] | None = None,
        total: int | None = None,
    ) -> KnowledgeResponse:
        if self.mode != "auto" and self.mode != mode:
            items, mode = self._reshape(items, mode)
        self._no_example_notes(items)
        used = {("reference" if i["kind"] == "function" else "sounds") for i in items} or (
            {domain} if domain in SOURCES else set(SOURCES)
        )
        response: KnowledgeResponse = {
            "ok": True,
            "query": self.q,
            "domain": domain,
            "mode": mode,
            "answer": answer,
            "items": items,
            "sources": [SOURCES[d] for d in ("reference", "sounds") if d in used],
            "notes": self.notes,
        }
        if groups:
            response["groups"] = groups
        if total is not None:
            response["total"] = total
        return response

    def _reshape(self, items: list[Item], natural: str) -> tuple[list[Item], str]:
        """Honour an explicit mode: detail keeps the top item with <= 2 examples; search/list <= 1."""
        if self.mode == "detail":
            top = items[:1]
            if top and top[0]["kind"] == "function":
                entry = self.index.reference.by_name[top[0]["name"]]
                top = [{**top[0], "examples": list(entry.examples[:2])}]
            return top, "detail"
        return [{**i, "examples": i["examples"][:1]} for i in items], self.mode

    # ------------------------------------------------------------------ check
    def check(self, subject: str, domain: str, *, noun: str | None = None) -> KnowledgeResponse:
        """Is this exact name real? Exact name or synonym only; else ok:false with suggestions.

        ``noun`` narrows what counts: "is snare a sound" is no (``snare`` is only a bank prefix).
        """
        ref, snd = self.index.reference, self.index.sounds
        hits: list[Hit] = []
        if domain in ("auto", "reference"):
            entry = ref.by_name.get(subject)
            if entry:
                hits.append(Hit("reference", "function", entry.name, "exact", 100.0))
            entry = ref.by_synonym.get(subject)
            if entry:
                hits.append(Hit("reference", "function", entry.name, "synonym", 95.0, via=subject))
            for entry in ref.by_doc_synonym.get(subject, ()):
                hits.append(Hit("reference", "function", entry.name, "synonym", DOC_SYNONYM, via=subject))
        name, n = split_sound_index(subject)
        if domain in ("auto", "sounds"):
            sound = snd.get(name)
            if sound and not sound.hidden and noun != "bank":
                hits.append(
                    Hit("sounds", "sound", sound.name, "exact", 100.0 if domain == "sounds" else 99.0, via=subject)
                )
            bank = snd.get_bank(name)
            if bank and noun != "sound":
                hits.append(Hit("sounds", "bank", bank.bank, "exact", 98.0))
        hits = rank_names(hits)
        if hits:
            sound_hit = next((h for h in hits if h.kind == "sound"), None)
            slots = index_slots(snd.registry.get(sound_hit.name, {})) if sound_hit and n is not None else None
            if sound_hit and slots is not None and n is not None and n >= slots:
                plural = "s" if slots != 1 else ""
                return _failure(
                    self.q,
                    "index_out_of_range",
                    f"{sound_hit.name} exists but has {slots} sample{plural} (indices 0-{slots - 1}); "
                    f"{sound_hit.name}:{n} wraps around to index {n % slots}.",
                    [sound_hit.name],
                    domains=("sounds",),
                )
            items = [i for i in (self._item(h, examples=2) for h in hits) if i]
            domains = {h.domain for h in hits}
            resolved = "auto" if len(domains) > 1 else hits[0].domain
            top = hits[0]
            if top.kind == "function":
                entry = ref.by_name[top.name]
                how = f" ({subject} is a synonym of {entry.name})" if top.match == "synonym" else ""
                answer = f"Yes: {subject} is a documented Strudel function{how}. {describe_function(entry)}"
            elif top.kind == "sound":
                answer = f"Yes: {snd.entries[top.name].name} is in the sound registry. {describe_sound(snd.entries[top.name])}"
            else:
                answer = f"Yes: {top.name} is a sound bank. {describe_bank(snd.banks[top.name])}"
            groups = None
            if resolved == "auto":
                groups = {
                    d: [i for i, h in zip(items, hits, strict=False) if h.domain == d] for d in ("reference", "sounds")
                }
                self.notes.append(f"{subject} is both a function and a sound; both are listed.")
            return self._success(resolved, "detail", answer, items, groups=groups)

        # Not an exact name: say so, offer real names, and point out the other domain.
        suggestions: list[str] = []
        notes: list[str] = []
        lower = subject.lower()
        for n_, entry in ref.by_lower.get(lower, ()):
            if domain in ("auto", "reference"):
                suggestions.append(entry.name)
                notes.append(f"Strudel names are case-sensitive: {subject} is not defined, {n_} is.")
        other = "sounds" if domain == "reference" else "reference" if domain == "sounds" else None
        visible_sound = snd.get(name) if not is_hidden_sound(sound_key(name)) else None
        if other == "sounds" and (visible_sound or snd.get_bank(name)):
            found = visible_sound or snd.get_bank(name)
            suggestions.append(found.name if isinstance(found, SoundEntry) else found.bank)
            notes.append(f"{subject} is not a function, but it is a sound/bank name in the registry.")
        if other == "reference" and ref.get(subject):
            suggestions.append(ref.get(subject).name)
            notes.append(f"{subject} is not a sound, but it is a documented function.")
        bank = snd.get_bank(name) if domain != "reference" else None
        if bank is not None and noun == "sound":
            suggestions += [f"{bank.bank}_{s}" for s in bank.sounds[:4]]
            notes.append(
                f"{subject} is not a sound but a bank prefix: use one of its sounds, e.g. "
                f's("{bank.bank}_{bank.sounds[0]}") or s("{bank.sounds[0]}").bank("{bank.label}").'
            )
        sound = snd.get(name) if domain != "reference" else None
        if sound is not None and not sound.hidden and noun == "bank":
            suggestions.append(sound.name)
            notes.append(f"{subject} is a sound, not a bank.")
        for s in suggest(self.index, subject, domain=domain, limit=5):
            if s not in suggestions:
                suggestions.append(s)
        suggestions = suggestions[:5]
        where = {"reference": "function", "sounds": "sound or bank"}.get(domain, "function, sound or bank")
        answer = f"{NOT_FOUND} {subject!s} is not a known Strudel {where}."
        if suggestions:
            answer += f" Did you mean: {', '.join(suggestions)}?"
        return _failure(
            self.q,
            "not_found",
            answer,
            suggestions,
            domains=(domain,) if domain in SOURCES else SOURCES,
            notes=notes,
        )

    def check_code(self, code: CodeParts) -> KnowledgeResponse:
        """ "is s("bd").bank("tr909") valid": validate the quoted code and list what it uses."""
        from ..code.mininotation import parse_mini
        from ..code.validation import strudel_validate

        ref, snd = self.index.reference, self.index.sounds
        result = strudel_validate(code.text, index=self.index)
        banks = [content.strip() for callee, content in code.strings if callee == "bank"]
        hits: list[Hit] = []
        for callee, content in code.strings:
            if callee not in ("s", "sound"):
                continue
            for atom in parse_mini(content).values:
                if atom.is_silence or atom.is_number:
                    continue
                for key in [f"{b}_{atom.text}" for b in banks] or [atom.text]:
                    entry = snd.get(key)
                    if entry is not None and not entry.hidden:
                        index = "".join(":" + t[0].text for t in atom.tails[:1] if t)
                        hits.append(Hit("sounds", "sound", entry.name, "exact", 100.0, via=f"{key}{index}"))
        for bank in banks:
            found = snd.get_bank(bank)
            if found is not None:
                hits.append(Hit("sounds", "bank", found.bank, "exact", 99.0))
        for name in dict.fromkeys(code.calls):
            entry = ref.get(name)
            if entry is not None:
                hits.append(
                    Hit(
                        "reference",
                        "function",
                        entry.name,
                        "exact" if name == entry.name else "synonym",
                        98.0,
                        via=name,
                    )
                )
        items = [i for i in (self._item(h, examples=1) for h in rank_names(hits)) if i]
        problems = [f for f in result["findings"] if f["severity"] == "error" or f["kind"] in _SILENT_KINDS]
        known = {h.name for h in hits}
        for finding in result["findings"]:
            self.notes.append(f"line {finding['line']}, column {finding['column']}: {finding['message']}")
        if problems:
            suggestions = [
                s
                for f in problems
                for s in f["suggestions"]
                if ref.get(s) is not None
                or snd.get_bank(s) is not None
                or (snd.get(s) is not None and not snd.get(s).hidden)
            ]
            suggestions = [s for s in dict.fromkeys(suggestions) if s not in known][:5]
            answer = f"{NOT_FOUND} The code has problems: " + "; ".join(f["message"] for f in problems[:3])
            response = _failure(self.q, "invalid_code", answer, suggestions, notes=self.notes)
            response["items"] = items
            return response
        used = ", ".join(i["name"] for i in items) or "no documented names"
        answer = f"Yes: the code uses only names Strudel has ({used}). {result['summary']}"
        domains = {h.domain for h in hits}
        return self._success(domains.pop() if len(domains) == 1 else "auto", "detail", answer, items)

    # ---------------------------------------------------------------- listing
    def listing(self, parsed: ParsedQuery, domain: str) -> KnowledgeResponse | None:
        snd, ref = self.index.sounds, self.index.reference
        if parsed.list_banks and domain != "reference":
            return self.list_banks()
        if parsed.banks_with and domain != "reference":
            return self.list_banks_with(parsed.banks_with)
        if parsed.bank and domain != "reference":
            bank = snd.get_bank(parsed.bank)
            if bank:
                return self.list_bank(bank, parsed.named)
        if parsed.tag and domain != "sounds":
            tag = self._known_tag(parsed.tag)
            if tag:
                return self.list_tag(tag)
        if parsed.family and domain != "sounds":
            family = self.list_family(parsed.family)
            if family is not None:
                return family
        if parsed.category and domain != "reference":
            return self.list_category(parsed.category, parsed.type_filter, parsed.named)
        if parsed.prefix in ("tag", "tags"):
            known = ", ".join(sorted(ref.tag_counts, key=collation_key))
            return _failure(
                self.q,
                "not_found",
                f"{NOT_FOUND} No reference tag {parsed.tag!r}. Tags: {known}.",
                suggest_tags(ref.tag_counts, parsed.tag or ""),
                domains=("reference",),
            )
        if parsed.prefix in ("bank", "banks") and parsed.bank:
            return _failure(
                self.q,
                "not_found",
                f"{NOT_FOUND} No bank {parsed.bank!r} in the registry.",
                [b for b in suggest(self.index, parsed.bank, domain="sounds") if b in snd.banks]
                or suggest(self.index, parsed.bank, domain="sounds"),
                domains=("sounds",),
            )
        return None

    def _known_tag(self, word: str) -> str | None:
        tags = self.index.reference.tag_counts
        for candidate in (word, word.rstrip("s"), word + "s", word.replace("-", "_")):
            if candidate in tags:
                return candidate
        return None

    def _category_order(self, category: str, type_filter: str | None) -> list[SoundEntry]:
        """A category in listing order: plain synths before soundfonts, then sounds outside
        banks (bd, sd, ...) before bank members, then the tab's order. Cached per registry version."""
        key = ("category_order", category, type_filter)
        cached = self.index.derived.get(key)
        if cached and cached[0] == self.index.version:
            return cached[1]
        members = self.index.sounds.in_category(category)
        if type_filter:
            members = [e for e in members if e.type == type_filter]
        type_rank = {"synth": 0, "soundfont": 1}
        members.sort(key=lambda e: (type_rank.get(e.type, 0), bool(e.bank)))  # stable: keeps tab order
        self.index.derived[key] = (self.index.version, members)
        return members

    def list_category(self, category: str, type_filter: str | None, named: Sequence[str]) -> KnowledgeResponse:
        snd = self.index.sounds
        members = self._category_order(category, type_filter)
        label = type_filter + "s" if type_filter else category
        if not members:
            note = (
                "No user sounds are registered: register your own with register_sounds() or Strudel's samples()."
                if category == "user"
                else f"The registry has no {label} sounds."
            )
            self.notes.append(note)
            return self._success("sounds", "list", f"No sounds in {label}. {note}", [], total=0)
        wanted = [split_sound_index(w.lower())[0] for w in named]
        in_category = {e.name for e in members} if wanted else set()
        first = [snd.entries[w] for w in dict.fromkeys(wanted) if w in in_category]
        limit = self._limit(LIST_LIMIT)
        shown = first + [e for e in members[: limit + len(first)] if e not in first]
        shown = shown[:limit]
        items: list[Item] = [
            sound_item(e, Hit("sounds", "sound", e.name, "exact", 100.0) if e in first else None) for e in shown
        ]
        missing = [w for w in named if split_sound_index(w.lower())[0] not in in_category]
        if missing:
            self.notes.append(f"not in {label}: {', '.join(missing)}")
        if len(members) > limit:
            self.notes.append(
                f"showing {limit} of {len(members)}; pass limit (up to 200) or use sounds_frame('{category}')"
            )
        answer = f"{len(members)} sounds in {label}: {_join([e.name for e in shown], 12)}."
        if category == "drum-machines":
            banks = sum(1 for b in snd.banks.values() if b.category == "drum-machines" and not b.alias_of)
            answer = f"{len(members)} drum-machine sounds in {banks} banks (plus aliases): {_join([e.name for e in shown], 12)}."
        return self._success("sounds", "list", answer, items, total=len(members))

    def list_tag(self, tag: str) -> KnowledgeResponse:
        entries = self.index.reference.with_tag(tag)
        limit = self._limit(LIST_LIMIT)
        items: list[Item] = [function_item(e, None, examples=1) for e in entries[:limit]]
        if len(entries) > limit:
            self.notes.append(f"showing {limit} of {len(entries)}; pass limit for more")
        answer = f"{len(entries)} functions tagged {tag}: {_join([e.name for e in entries], 15)}."
        return self._success("reference", "list", answer, items, total=len(entries))

    def list_family(self, word: str) -> KnowledgeResponse | None:
        """Functions whose names contain ``word`` (the tab's search), exact, then prefix, then inside."""
        ref = self.index.reference
        needle = word.lower()
        members = ref.search_names(needle)
        if not members:
            return None

        def tier(e: ReferenceEntry) -> tuple:
            names = [n.lower() for n in (e.name, *e.synonyms)]
            t = 0 if needle in names else 1 if any(n.startswith(needle) for n in names) else 2
            return (t, len(e.name), collation_key(e.name))

        members.sort(key=tier)
        limit = self._limit(LIST_LIMIT)
        items: list[Item] = []
        for e in members[:limit]:
            t = tier(e)[0]
            hit = Hit("reference", "function", e.name, ("exact", "prefix", "text")[t], (100.0, 80.0, 60.0)[t])
            items.append(function_item(e, hit, examples=1))
        if len(members) > limit:
            self.notes.append(f"showing {limit} of {len(members)}; pass limit for more")
        answer = f"{len(members)} functions with {word!r} in their name: {_join([e.name for e in members], 15)}."
        return self._success("reference", "list", answer, items, total=len(members))

    def list_bank(self, bank: Bank, named: Sequence[str] = ()) -> KnowledgeResponse:
        """A bank and its sounds; sounds the query names ("does tr909 have a rim") come first."""
        snd = self.index.sounds
        limit = self._limit(LIST_LIMIT)
        wanted = [w.lower() for w in named if w.lower() in bank.sounds]
        order = sorted(bank.sounds, key=lambda s: s not in wanted)  # stable: keeps the bank's order
        items: list[Item] = [bank_item(bank, Hit("sounds", "bank", bank.bank, "exact", 100.0))]
        for sound in order[: max(limit - 1, 0)]:
            key = f"{bank.bank}_{sound}"
            hit = Hit("sounds", "sound", key, "exact", 100.0) if sound in wanted else None
            if key in snd.entries:
                items.append(sound_item(snd.entries[key], hit))
        if len(order) + 1 > limit:
            self.notes.append(f"showing {limit - 1} of {len(order)} sounds; pass limit for more")
        missing = [w for w in named if w.lower() not in bank.sounds]
        if missing:
            self.notes.append(
                f"{bank.label} has no sound called {', '.join(missing)}; its sounds: {' '.join(bank.sounds)}"
            )
        return self._success("sounds", "list", describe_bank(bank), items, total=len(order))

    def list_banks(self) -> KnowledgeResponse:
        snd = self.index.sounds
        banks = sorted(
            (b for b in snd.banks.values() if not b.alias_of and b.category == "drum-machines"),
            key=lambda b: collation_key(b.bank),
        )
        limit = self._limit(LIST_LIMIT)
        items: list[Item] = [bank_item(b, None) for b in banks[:limit]]
        if len(banks) > limit:
            self.notes.append(f"showing {limit} of {len(banks)} banks; pass limit or use banks_frame()")
        answer = f"{len(banks)} drum-machine banks (aliases not counted): {_join([b.label for b in banks], 15)}."
        return self._success("sounds", "list", answer, items, total=len(banks))

    def list_banks_with(self, word: str) -> KnowledgeResponse:
        snd = self.index.sounds
        sound = split_sound_index(word.lower())[0]
        banks = [snd.banks[b] for b in snd.by_sound.get(sound, ()) if not snd.banks[b].alias_of]
        if not banks:
            return _failure(
                self.q,
                "not_found",
                f"{NOT_FOUND} No bank has a sound called {word!r}.",
                [s for s in suggest(self.index, word, domain="sounds")],
                domains=("sounds",),
            )
        banks.sort(key=lambda b: collation_key(b.bank))
        limit = self._limit(LIST_LIMIT)
        items: list[Item] = [bank_item(b, None) for b in banks[:limit]]
        answer = f"{len(banks)} banks have {sound} (aliases not counted): {_join([b.label for b in banks], 15)}."
        if len(banks) > limit:
            self.notes.append(f"showing {limit} of {len(banks)}; pass limit for more")
        return self._success("sounds", "list", answer, items, total=len(banks))

    # ----------------------------------------------------------------- search
    def search(self, parsed: ParsedQuery, domain: str, binding: bool) -> KnowledgeResponse:
        words, context = self._words(parsed)
        if not words:
            return _failure(
                self.q,
                "not_found",
                f"{NOT_FOUND} The query names no function, sound or topic to look up; "
                'ask e.g. "what does fast do", "is bd available" or "how do I add reverb".',
            )
        allowed = (domain,) if binding and domain in SOURCES else ("reference", "sounds")
        ranking = rank_words(
            self.index,
            words,
            reference="reference" in allowed,
            sounds="sounds" in allowed,
            context=context,
            neighbours=self.mode in ("search", "list"),
        )
        chosen = choose_domain(ranking, hint=domain)
        if chosen is None:
            return self._not_found(ranking.words or words, domain if binding else "auto")
        limit = self._limit(LIST_LIMIT if self.mode == "list" else DEFAULT_LIMIT)
        detail = (
            self.mode in ("auto", "detail")
            and not ranking.sentence
            and (ranking.strong(chosen) if chosen != "auto" else True)
            and (parsed.intent == "detail" or len(ranking.words) == 1 or parsed.subject is not None)
        )
        if chosen == "auto":
            ref_top, snd_top = ranking.reference[:limit], ranking.sounds[:limit]
            if detail:
                ref_top = [h for h in ref_top if h.match in STRONG] or ref_top[:1]
                snd_top = [h for h in snd_top if h.match in STRONG] or snd_top[:1]
            examples = 2 if detail else 1
            groups = {
                "reference": [i for i in (self._item(h, examples=examples) for h in ref_top) if i],
                "sounds": [i for i in (self._item(h, examples=examples) for h in snd_top) if i],
            }
            merged = rank_names([*ref_top, *snd_top])
            items = [i for i in (self._item(h, examples=examples) for h in merged) if i]
            items = self._ensure_both(items, groups, limit)
            self.notes.append("this name is both a function and a sound: results are grouped by domain")
            return self._success(
                "auto", "detail" if detail else "search", self._answer_text(merged, detail), items, groups=groups
            )
        hits = ranking.reference if chosen == "reference" else ranking.sounds
        if detail:
            hits = [h for h in hits if h.match in STRONG and h.score >= DOC_SYNONYM]
            items = [i for i in (self._item(h, examples=2) for h in hits) if i]
            self._synonym_notes(hits)
            return self._success(chosen, "detail", self._answer_text(hits, True), items)
        hits = hits[:limit]
        items = [i for i in (self._item(h, examples=1) for h in hits) if i]
        return self._success(chosen, "search", self._answer_text(hits, False), items)

    def _words(self, parsed: ParsedQuery) -> tuple[list[str], list[str]]:
        """The words to look up, and context words ("sample", "function") that only inform the text."""
        if parsed.subject:
            words = content_tokens(parsed.subject) or parsed.subject.split()
            if len(words) <= 1:
                return [parsed.subject], []
        else:
            words = parsed.tokens or content_tokens(parsed.text)
        lookups = [w for w in words if w.lower() not in SOUND_WORDS and w.lower() not in REFERENCE_WORDS]
        context = [w for w in words if w not in lookups]
        return (lookups, context) if lookups else (words, [])

    @staticmethod
    def _ensure_both(items: list[Item], groups: dict[str, list[Item]], limit: int) -> list[Item]:
        items = items[:limit]
        for domain in ("reference", "sounds"):
            kinds = ("function",) if domain == "reference" else ("sound", "bank")
            if groups[domain] and not any(i["kind"] in kinds for i in items):
                items = [*items[: max(limit - 1, 1)], groups[domain][0]]
        return items

    def _synonym_notes(self, hits: Sequence[Hit]) -> None:
        ref = self.index.reference
        for hit in hits:
            if (
                hit.kind == "function"
                and hit.match == "synonym"
                and hit.score == DOC_SYNONYM
                and hit.via in ref.by_name
            ):
                self.notes.append(
                    f"doc.json lists {hit.via} as a synonym of {hit.name}, but the reference tab shows "
                    f"{hit.via} as its own entry; both are returned."
                )

    def _answer_text(self, hits: Sequence[Hit], detail: bool) -> str:
        if not hits:
            return NOT_FOUND
        if detail:
            parts = []
            for hit in hits[:3]:
                if hit.kind == "function":
                    parts.append(describe_function(self.index.reference.by_name[hit.name]))
                elif hit.kind == "sound":
                    parts.append(describe_sound(self.index.sounds.entries[hit.name]))
                else:
                    parts.append(describe_bank(self.index.sounds.banks[hit.name]))
            return " | ".join(parts)
        top = hits[0]
        lead = {
            "function": lambda: describe_function(self.index.reference.by_name[top.name]),
            "sound": lambda: describe_sound(self.index.sounds.entries[top.name]),
            "bank": lambda: describe_bank(self.index.sounds.banks[top.name]),
        }[top.kind]()
        others = [f"{h.name} ({h.match})" for h in hits[1:]]
        return f"Best match ({top.match}): {lead}" + (f" Also: {', '.join(others)}." if others else "")

    def _not_found(self, words: Sequence[str], domain: str) -> KnowledgeResponse:
        suggestions: list[str] = []
        for word in words[:4]:
            for s in suggest(self.index, word, domain=domain, limit=5):
                if s not in suggestions:
                    suggestions.append(s)
        suggestions = suggestions[:5]
        answer = NOT_FOUND + (f" Did you mean: {', '.join(suggestions)}?" if suggestions else "")
        return _failure(self.q, "not_found", answer, suggestions, domains=(domain,) if domain in SOURCES else SOURCES)


def suggest_tags(tags: dict[str, int], word: str) -> list[str]:
    from rapidfuzz import fuzz, process

    return [t for t, _s, _i in process.extract(word, list(tags), scorer=fuzz.WRatio, limit=5, score_cutoff=50)]
