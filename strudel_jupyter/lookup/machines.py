"""A drum machine named with a drum: that machine's drum ("a boomy 808 kick", "909 hats").

Musicians name a drum machine by its model number or nickname ("808", "the Linn": a bank's
name or a phrase of ``phrasebook/drums.txt``) and a drum by its everyday word ("kick",
"hats", "hand clap": the phrasebook's phrases for the kits' drum types ``bd``, ``hh``,
``cp``). Together they ask for that machine's sound of that type (``rolandtr808_bd``, and
its alias bank's ``tr808_bd``); a machine named alone asks for the machine (its bank).
The words around them ("fat", "boomy", "for a techno groove") describe the sound wanted.
Every name comes from the snapshot: a machine's sound is offered only when the registry has it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..data.index import StrudelIndex
from ..data.textindex import tokenize
from ..vocabulary import Kind
from .glossary import expand, phrase_key, stems_read
from .intent import SOUND_WORDS
from .phrasebook import load_phrasebook, resolve, stems_of
from .ranking import SCORE_DOC_SYNONYM, Hit, Ranking, rank_names

__all__ = ["DRUM_MACHINES", "MachineSounds", "machine_evidence", "machine_sounds"]

#: The sounds-tab category of the banks that are drum machines.
DRUM_MACHINES = "drum-machines"
MACHINE_SOUNDS = 6  # at most this many of a named machine's sounds answer


class MachineSounds:
    """What a question names of a drum machine: its sounds (or the bank), in the order to
    answer them, and the question's words that name the machine and the drums."""

    def __init__(self, names: list[tuple[Kind, str]], words: frozenset[str]) -> None:
        self.names, self.words = names, words


def _machine_stems(index: StrudelIndex) -> frozenset[str]:
    """The stems of the phrases for drum machines that the docs never use ("808", "linn",
    "techno"): a quick no for most questions (a phrase wholly of the docs' words, "human
    rhythm composer", is not read as a machine)."""

    def build() -> frozenset[str]:
        docs = index.reference.text.own
        stems: set[str] = set()
        for line in load_phrasebook().lines:
            if line.sounds and index.sounds.banks.get(line.target.lower(), None) is not None:
                stems.update(t for phrase in line.phrases for t in tokenize(phrase) if t not in docs)
        return frozenset(stems)

    return index.derived.get_or_build(("machines", "stems"), build)


def _machine_keys(index: StrudelIndex) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The phrasebook's keys for banks (what a machine's phrase is found by), each by the one of
    its stems fewest others hold (a question holds all of a key's stems when it holds the key):
    a question holding none of them whole names no machine by a phrase."""

    def build() -> dict[str, tuple[tuple[str, ...], ...]]:
        keys = {
            key
            for line in load_phrasebook().lines
            if line.sounds and line.target.lower() in index.sounds.banks
            for key in map(phrase_key, line.phrases)
            if key
        }
        holders = Counter(stem for key in keys for stem in set(key))
        by_stem: dict[str, list[tuple[str, ...]]] = {}
        for key in sorted(keys):
            by_stem.setdefault(min(key, key=lambda t: (holders[t], t)), []).append(key)
        return {stem: tuple(found) for stem, found in by_stem.items()}

    return index.derived.get_or_build(("machines", "keys"), build)


def _holds_a_machine_key(index: StrudelIndex, stems: Sequence[str]) -> bool:
    """Some phrase for a bank has all its stems in ``stems`` (as ``find_phrases`` reads them)."""
    read = stems_read(stems)
    keys = _machine_keys(index)
    return any(all(t in read for t in key) for stem in read for key in keys.get(stem, ()))


def _drum_types(index: StrudelIndex) -> frozenset[str]:
    """The drum types the machines' kits name their sounds by: bd, sd, hh, cp ..."""
    return index.derived.get_or_build(
        ("machines", "types"),
        lambda: frozenset(s for b in index.sounds.banks.values() if b.category == DRUM_MACHINES for s in b.sounds),
    )


def machine_sounds(index: StrudelIndex, words: Sequence[str]) -> MachineSounds | None:
    """The drum machines ``words`` name, with the drums they name: each machine's sounds of
    those drum types (its own first, then its alias banks'), or the machine's bank when no
    drum type is named or it has none of them. None when no drum machine is named."""
    stems, owner = stems_of(words)
    banks = index.sounds.banks
    named = any(w.lower() in banks and banks[w.lower()].category == DRUM_MACHINES for w in words)  # "linn"
    if not named and not any(t in _machine_stems(index) for t in stems):
        return None
    if not named and not _holds_a_machine_key(index, stems):
        return None  # (a machine's word, "snare", without the rest of its phrase: no phrase to find)
    machines: list[str] = []
    for word in words:  # a machine's name typed ("linn", "tr909")
        bank = banks.get(word.lower())
        if bank is not None and bank.category == DRUM_MACHINES:
            machines.append(bank.alias_of or bank.bank)
    book = load_phrasebook()
    hits = [h for h in book.find(stems) if h.sounds]
    spans: list[range] = []  # the words of each machine's phrase
    for hit in hits:
        for _domain, kind, name in resolve(index, hit.target, sounds=True):
            if kind == "bank" and banks[name].category == DRUM_MACHINES:
                machines.append(banks[name].alias_of or name)
                spans.append(range(owner[hit.start], owner[hit.end - 1] + 1))
    machines = list(dict.fromkeys(machines))
    if not machines:
        return None
    types = _drum_types(index)
    drums = [h.target.lower() for h in hits if h.target.lower() in types]
    drums += [w.lower() for w in words if w.lower() in types]  # a drum type typed ("bd", "hh")
    for span in spans:  # a drum inside a machine's phrase ("808 cowbell")
        if len(span) > 1:
            drums += [h.target.lower() for n in span for h in book.find(tokenize(words[n])) if h.sounds]
    drums = [d for d in dict.fromkeys(drums) if d in types]
    said = {w.lower() for w in words if w.lower() in banks}
    said |= {words[n].lower() for span in spans for n in span}
    said |= {
        words[n].lower() for h in hits if h.target.lower() in types for n in range(owner[h.start], owner[h.end - 1] + 1)
    }
    names: list[tuple[Kind, str]] = []
    for machine in machines:
        family = [machine, *banks[machine].aliases]
        members = [f"{b}_{d}" for d in drums for b in family if f"{b}_{d}" in index.sounds.entries]
        names += [("sound", m) for m in members] or [("bank", machine)]
    return MachineSounds(list(dict.fromkeys(names))[:MACHINE_SOUNDS], frozenset(said))


# A drum machine's sound named ("808 kick"): above every phrase and text hit, below a name typed.
SCORE_MACHINE_SOUND = SCORE_DOC_SYNONYM - 0.5
SCORE_MACHINE_STEP = 0.1  # each further sound of the machines named, one step down


def _asks_change(word: str) -> bool:
    """A comparative the glossary reads as the docs' words ("punchier", "brighter"): it asks
    for a change to the sound ("make the 909 hats brighter"), not for a sound."""
    lower = word.lower()
    return len(lower) > 4 and lower.endswith("er") and bool(expand(tokenize(lower)))


def machine_evidence(index: StrudelIndex, ranking: Ranking, words: Sequence[str]) -> None:
    """A description's drum machine named with a drum: that machine's drum leads the sounds
    of ``ranking`` (a phrase's full support for the confidence). Unless the question also
    names something to do (a function's name typed, a function's phrase beyond sound words
    such as "drum machine", a comparative: "brighter"), the machine and its drum are what is
    asked for, the whole question for the domain choice: the other words describe its sound
    ("a fat boomy 808 kick", "crisp 909 hats for a techno groove")."""
    found = machine_sounds(index, words)
    if found is None:
        return
    phrases = [h.via for h in ranking.reference if h.match == "text" and h.via]  # the functions' phrases found
    acting = (
        "reference" in ranking.named
        or any(not all(w.lower() in SOUND_WORDS for w in via.split()) for via in phrases)
        or any(_asks_change(w) for w in ranking.words)
    )
    covered = {h.key: h.coverage for h in ranking.sounds if h.match == "text"}
    share = min(len(found.words) / max(len(ranking.words), 1), 1.0)
    hits = []
    for n, (kind, name) in enumerate(found.names):
        key = (kind, name)
        score = SCORE_MACHINE_SOUND - SCORE_MACHINE_STEP * n
        hits.append(Hit("sounds", kind, name, "text", score, coverage=max(covered.get(key, 0.0), share)))
        ranking.phrased[key] = 1.0
        if not acting:
            ranking.answered[key] = 1.0
    ranking.sounds = rank_names([*hits, *ranking.sounds])
