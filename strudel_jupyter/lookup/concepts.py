"""Meaning-based suggestions: what an invented name most likely meant, from the docs' text.

``.reverb()`` is no function, but the docs describe reverb under ``room``; ``setBpm()`` means
the global tempo, ``setcpm``; ``s("kick")`` is the drum the kits call ``bd``; ``.sidechain()``
is what the phrasebook says musicians call ``duckorbit``; ``.flanger()`` is a thing Strudel lacks,
whose nearest function the phrasebook names (``phaser``). The validator offers these beside the
spelling neighbours; nothing here is a name -> name table.
"""

from __future__ import annotations

from ..data.index import StrudelIndex
from ..data.sound_words import sounds_for_word
from ..data.textindex import split_identifier
from .intent import QUESTION_VERBS
from .phrasebook import near_hits, phrase_hits, resolve
from .ranking import known_word
from .relevance import text_reference

__all__ = ["ANSWERED", "concept_functions", "drum_sounds"]

ANSWERED = 0.75  # the share of a name's words a doc must answer to be what the name meant


def concept_functions(index: StrudelIndex, name: str, *, limit: int = 2) -> list[str]:
    """Documented functions whose text answers the words of ``name`` (``setBpm`` -> set, bpm), best first."""
    spelled = split_identifier(name)
    words = [w for w in spelled if w not in QUESTION_VERBS] or spelled
    # a phrase of the phrasebook spelling the whole name ("sidechain", "setBpm") names it
    named = [
        found
        for hit in phrase_hits(index, spelled)
        if not hit.sounds and hit.end - hit.start == len(spelled)
        for _domain, _kind, found in resolve(index, hit.target)
    ]
    # a thing Strudel lacks, spelled as a name (".flanger()"): the functions nearest to it
    named += [
        found
        for hit in near_hits(spelled)
        if hit.end - hit.start == len(spelled)
        for domain, _kind, found in resolve(index, hit.target)
        if domain == "reference"
    ]
    if not words or not all(known_word(index, w) for w in words):
        named = [n for n in named if n.lower() != name.lower()]
        return named[:limit]  # a misspelling ("fastt") means nothing: its spelling neighbours answer it
    found = [n for n, _relevance, coverage in text_reference(index, words)[: limit * 3] if coverage >= ANSWERED]
    return [n for n in dict.fromkeys([*named, *found]) if n.lower() != name.lower()][:limit]


def drum_sounds(index: StrudelIndex, word: str) -> list[str]:
    """Registry sounds a drum word names (``kick`` -> ``bd``; ``hat`` -> ``hh``, ``oh``)."""
    sounds = index.sounds
    return [a for a in sounds_for_word(word) if (entry := sounds.get(a)) is not None and not entry.hidden]
