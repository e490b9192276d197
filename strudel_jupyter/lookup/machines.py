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

from collections.abc import Sequence

from ..data.index import StrudelIndex
from ..data.textindex import tokenize
from ..vocabulary import Kind
from .phrasebook import load_phrasebook, resolve

__all__ = ["DRUM_MACHINES", "MachineSounds", "machine_sounds"]

#: The sounds-tab category of the banks that are drum machines.
DRUM_MACHINES = "drum-machines"
MACHINE_SOUNDS = 6  # at most this many of a named machine's sounds answer


class MachineSounds:
    """What a question names of a drum machine: its sounds (or the bank), in the order to
    answer them, and the question's words that name the machine and the drums."""

    def __init__(self, names: list[tuple[Kind, str]], words: frozenset[str]) -> None:
        self.names, self.words = names, words


def _machine_stems(index: StrudelIndex) -> frozenset[str]:
    """Every stem of a drum machine's name or of a phrase for one: a quick no for most questions."""

    def build() -> frozenset[str]:
        stems = {
            t for name, bank in index.sounds.banks.items() if bank.category == DRUM_MACHINES for t in tokenize(name)
        }
        for line in load_phrasebook().lines:
            if line.sounds and index.sounds.banks.get(line.target.lower(), None) is not None:
                stems.update(t for phrase in line.phrases for t in tokenize(phrase))
        return frozenset(stems)

    return index.derived.get_or_build(("machines", "stems"), build)


def machine_sounds(index: StrudelIndex, words: Sequence[str]) -> MachineSounds | None:
    """The drum machines ``words`` name, with the drums they name: each machine's sounds of
    those drum types (its own first, then its alias banks'), or the machine's bank when no
    drum type is named or it has none of them. None when no drum machine is named."""
    stems: list[str] = []
    owner: list[int] = []
    for n, word in enumerate(words):
        found = tokenize(word)
        stems += found
        owner += [n] * len(found)
    if not any(t in _machine_stems(index) for t in stems):
        return None
    banks = index.sounds.banks
    machines: list[str] = []
    drums: list[str] = []
    said: set[str] = set()
    for word in words:  # a machine's name typed ("linn", "tr909")
        bank = banks.get(word.lower())
        if bank is not None and bank.category == DRUM_MACHINES:
            machines.append(bank.alias_of or bank.bank)
            said.add(word.lower())
    types = {s for b in banks.values() if b.category == DRUM_MACHINES for s in b.sounds}
    for hit in load_phrasebook().find(stems):
        if not hit.sounds:
            continue
        span = {words[i].lower() for i in range(owner[hit.start], owner[hit.end - 1] + 1)}
        target = hit.target.lower()
        if target in types:
            drums.append(target)
            said |= span
            continue
        for _domain, kind, name in resolve(index, hit.target, sounds=True):
            if kind == "bank" and banks[name].category == DRUM_MACHINES:
                machines.append(banks[name].alias_of or name)
                said |= span
    for word in words:  # a drum inside a machine's phrase ("808 cowbell"), or its type typed ("bd")
        own = [h.target.lower() for h in load_phrasebook().find(tokenize(word)) if h.sounds]
        drums += [t for t in [*own, word.lower()] if t in types]
    machines, drums = list(dict.fromkeys(machines)), list(dict.fromkeys(drums))
    if not machines:
        return None
    names: list[tuple[Kind, str]] = []
    for machine in machines:
        family = [machine, *banks[machine].aliases]
        members = [f"{b}_{d}" for d in drums for b in family if f"{b}_{d}" in index.sounds.entries]
        names += [("sound", m) for m in members] or [("bank", machine)]
    return MachineSounds(list(dict.fromkeys(names))[:MACHINE_SOUNDS], frozenset(said))
