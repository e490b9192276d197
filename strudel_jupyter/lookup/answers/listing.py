"""Listing answers: a sound category, a reference tag, a family of names, a bank, the banks.

Lists follow the REPL tabs' own order and counts; a listing the index cannot answer
(an unknown tag or bank) is a not-found with real names offered instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...data.collation import collation_key
from ...data.reference import ReferenceEntry
from ...data.sound_words import sounds_for_word
from ...data.sounds import Bank, SoundEntry
from ...vocabulary import LIST_LIMIT, Domain, Match
from .. import fuzzy
from ..closest import closest
from ..intent import ParsedQuery, content_tokens
from ..items import Item, KnowledgeResponse, bank_item, function_item, sound_item
from ..phrasebook import near_hits
from ..ranking import SCORE_EXACT, SCORE_FAMILY_INSIDE, SCORE_FAMILY_PREFIX, Hit, split_sound_index, suggest
from .describe import describe_bank, join_names
from .question import NOT_FOUND, Question, failure

__all__ = ["answer_listing", "suggest_tags"]

# "did you mean" for tags: WRatio, because tags are short words often typed inside phrases
_TAG_CUTOFF = 50.0
# Family tiers: the word itself, names starting with it, names containing it.
_FAMILY_TIERS: tuple[tuple[Match, float], ...] = (
    ("exact", SCORE_EXACT),
    ("prefix", SCORE_FAMILY_PREFIX),
    ("text", SCORE_FAMILY_INSIDE),
)


def answer_listing(question: Question, parsed: ParsedQuery, domain: Domain) -> KnowledgeResponse | None:
    """The list the question asks for, a not-found for an unknown tag or bank, or None (not a listing)."""
    index = question.index
    snd, ref = index.sounds, index.reference
    if parsed.list_banks and domain != "reference":
        return _list_banks(question)
    if parsed.banks_with and domain != "reference":
        return _list_banks_with(question, parsed.banks_with)
    if parsed.bank and domain != "reference":
        bank = snd.get_bank(parsed.bank)
        if bank:
            return _list_bank(question, bank, parsed.named)
    if parsed.tag and domain != "sounds":
        tag = _known_tag(question, parsed.tag)
        if tag:
            return _list_tag(question, tag)
    if parsed.family and domain != "sounds":
        family = _list_family(question, parsed.family)
        if family is not None:
            return family
    if parsed.category and domain != "reference":
        if parsed.prefix is None and near_hits(content_tokens(parsed.text)):
            return None  # "a wavetable editor": a thing Strudel lacks, not the wavetables (free text says so)
        return _list_category(question, parsed.category, parsed.type_filter, parsed.named)
    if parsed.prefix in ("tag", "tags"):
        known = ", ".join(sorted(ref.tag_counts, key=collation_key))
        return failure(
            question.q,
            "not_found",
            f"{NOT_FOUND} No reference tag {parsed.tag!r}. Tags: {known}.",
            suggest_tags(ref.tag_counts, parsed.tag or ""),
            domains=("reference",),
        )
    if parsed.prefix in ("bank", "banks") and parsed.bank:
        close = suggest(index, parsed.bank, domain="sounds")
        return failure(
            question.q,
            "not_found",
            f"{NOT_FOUND} No bank {parsed.bank!r} in the registry.",
            [b for b in close if b in snd.banks] or close,
            domains=("sounds",),
        )
    return None


def suggest_tags(tags: dict[str, int], word: str) -> list[str]:
    """Real tags close to ``word``."""
    return [c.choice for c in closest(word, list(tags), scorer=fuzzy.fuzz.WRatio, cutoff=_TAG_CUTOFF, limit=5)]


def _known_tag(question: Question, word: str) -> str | None:
    tags = question.index.reference.tag_counts
    for candidate in (word, word.rstrip("s"), word + "s", word.replace("-", "_")):
        if candidate in tags:
            return candidate
    return None


def _category_order(question: Question, category: str, type_filter: str | None) -> list[SoundEntry]:
    """A category in listing order: plain synths before soundfonts, samples outside banks
    (bd, sd, ...) before a kit's members, and otherwise the tab's order (``localeCompare``:
    ``z_noise`` before ``zzfx``). Kept per registry version."""
    state = question.index.sounds.state

    def build() -> list[SoundEntry]:
        members = [state.entries[k] for k in state.by_category[category]]
        if type_filter:
            members = [e for e in members if e.type == type_filter]
        type_rank = {"synth": 0, "soundfont": 1}
        # Only samples come in kits; a synth's prefix (z_ for ZZFX) is part of its name.
        in_kit = {e.name for e in members if e.type == "sample" and e.bank}
        members.sort(key=lambda e: (type_rank.get(e.type, 0), e.name in in_kit))  # stable: keeps tab order
        return members

    return state.derived.get_or_build(("category_order", category, type_filter), build)


def _list_category(
    question: Question, category: str, type_filter: str | None, named: Sequence[str]
) -> KnowledgeResponse:
    snd = question.index.sounds
    members = _category_order(question, category, type_filter)
    label = type_filter + "s" if type_filter else category
    if not members:
        note = (
            "No user sounds are registered: register your own with register_sounds() or Strudel's samples()."
            if category == "user"
            else f"The registry has no {label} sounds."
        )
        question.notes.append(note)
        return question.success("sounds", "list", f"No sounds in {label}. {note}", [], total=0)
    wanted = [split_sound_index(w.lower())[0] for w in named]
    in_category = {e.name for e in members} if wanted else set()
    first = [snd.entries[w] for w in dict.fromkeys(wanted) if w in in_category]
    limit = question.limit_or(LIST_LIMIT)
    ordered = first + [e for e in members if e not in first]
    shown = ordered[:limit]
    items: list[Item] = [
        sound_item(e, Hit("sounds", "sound", e.name, "exact", SCORE_EXACT) if e in first else None) for e in shown
    ]
    missing = [w for w in named if split_sound_index(w.lower())[0] not in in_category]
    if missing:
        question.notes.append(f"not in {label}: {', '.join(missing)}")
    if len(members) > limit:
        question.notes.append(
            f"showing {limit} of {len(members)}; pass limit (up to 200) or use sounds_frame('{category}')"
        )
    # "a, b ... and N more" counts the whole category, so the sentence adds up to its total
    names = join_names([e.name for e in ordered], 12)
    answer = f"{len(members)} sounds in {label}: {names}."
    if category == "drum-machines":
        banks = sum(1 for b in snd.banks.values() if b.category == "drum-machines" and not b.alias_of)
        answer = f"{len(members)} drum-machine sounds in {banks} banks (plus aliases): {names}."
    return question.success("sounds", "list", answer, items, total=len(members))


def _list_tag(question: Question, tag: str) -> KnowledgeResponse:
    entries = question.index.reference.with_tag(tag)
    limit = question.limit_or(LIST_LIMIT)
    items: list[Item] = [function_item(e, None, examples=1) for e in entries[:limit]]
    if len(entries) > limit:
        question.notes.append(f"showing {limit} of {len(entries)}; pass limit for more")
    answer = f"{len(entries)} functions tagged {tag}: {join_names([e.name for e in entries], 15)}."
    return question.success("reference", "list", answer, items, total=len(entries))


def _list_family(question: Question, word: str) -> KnowledgeResponse | None:
    """Functions whose names contain ``word`` (as the tab's search box filters): exact, prefix, inside."""
    needle = word.lower()
    members = question.index.reference.with_name_containing(needle)
    if not members:
        return None

    def tier(e: ReferenceEntry) -> int:
        names = [n.lower() for n in (e.name, *e.synonyms)]
        return 0 if needle in names else 1 if any(n.startswith(needle) for n in names) else 2

    members.sort(key=lambda e: (tier(e), len(e.name), collation_key(e.name)))
    limit = question.limit_or(LIST_LIMIT)
    items: list[Item] = []
    for e in members[:limit]:
        match, score = _FAMILY_TIERS[tier(e)]
        items.append(function_item(e, Hit("reference", "function", e.name, match, score), examples=1))
    if len(members) > limit:
        question.notes.append(f"showing {limit} of {len(members)}; pass limit for more")
    answer = f"{len(members)} functions with {word!r} in their name: {join_names([e.name for e in members], 15)}."
    return question.success("reference", "list", answer, items, total=len(members))


def _list_bank(question: Question, bank: Bank, named: Sequence[str] = ()) -> KnowledgeResponse:
    """A bank and its sounds; sounds the query names ("does tr909 have a rim") come first."""
    snd = question.index.sounds
    limit = question.limit_or(LIST_LIMIT)
    wanted = [w.lower() for w in named if w.lower() in bank.sounds]
    order = sorted(bank.sounds, key=lambda s: s not in wanted)  # stable: keeps the bank's order
    items: list[Item] = [bank_item(bank, Hit("sounds", "bank", bank.bank, "exact", SCORE_EXACT))]
    for sound in order[: max(limit - 1, 0)]:
        key = f"{bank.bank}_{sound}"
        hit = Hit("sounds", "sound", key, "exact", SCORE_EXACT) if sound in wanted else None
        if key in snd.entries:
            items.append(sound_item(snd.entries[key], hit))
    if len(order) + 1 > limit:
        question.notes.append(f"showing {limit - 1} of {len(order)} sounds; pass limit for more")
    missing = [w for w in named if w.lower() not in bank.sounds]
    if missing:
        question.notes.append(
            f"{bank.label} has no sound called {', '.join(missing)}; its sounds: {' '.join(bank.sounds)}"
        )
    return question.success("sounds", "list", describe_bank(bank), items, total=len(order))


def _list_banks(question: Question) -> KnowledgeResponse:
    banks = sorted(
        (b for b in question.index.sounds.banks.values() if not b.alias_of and b.category == "drum-machines"),
        key=lambda b: collation_key(b.bank),
    )
    limit = question.limit_or(LIST_LIMIT)
    items: list[Item] = [bank_item(b, None) for b in banks[:limit]]
    if len(banks) > limit:
        question.notes.append(f"showing {limit} of {len(banks)} banks; pass limit or use banks_frame()")
    answer = f"{len(banks)} drum-machine banks (aliases not counted): {join_names([b.label for b in banks], 15)}."
    return question.success("sounds", "list", answer, items, total=len(banks))


def _list_banks_with(question: Question, word: str) -> KnowledgeResponse:
    snd = question.index.sounds
    sound = split_sound_index(word.lower())[0]
    if sound not in snd.by_sound:
        # "which drum machines have a cowbell": the kit's abbreviation for the drum word
        sound = next((a for a in sounds_for_word(sound) if a in snd.by_sound), sound)
    banks = [snd.banks[b] for b in snd.by_sound.get(sound, ()) if not snd.banks[b].alias_of]
    if not banks:
        return failure(
            question.q,
            "not_found",
            f"{NOT_FOUND} No bank has a sound called {word!r}.",
            suggest(question.index, word, domain="sounds"),
            domains=("sounds",),
        )
    banks.sort(key=lambda b: collation_key(b.bank))
    limit = question.limit_or(LIST_LIMIT)
    items: list[Item] = [bank_item(b, None) for b in banks[:limit]]
    answer = f"{len(banks)} banks have {sound} (aliases not counted): {join_names([b.label for b in banks], 15)}."
    if len(banks) > limit:
        question.notes.append(f"showing {limit} of {len(banks)}; pass limit for more")
    return question.success("sounds", "list", answer, items, total=len(banks))
