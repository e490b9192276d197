"""How sure an answer is: the evidence behind a ranked answer, turned into one confidence.

Every free-text answer ends here (``answers/free_text.py``). The evidence is what the
ranking found for the first answer, read in one place:

* how it matched: a name typed (exact, synonym) is certain; a prefix or a corrected
  misspelling nearly so; text overlap is only as good as what it covers;
* ``coverage``: the share of the question's words (weighted by their rarity in the docs)
  that the answer's fields hold;
* ``phrase``: a musicians' phrase of the phrasebook that names the answer (0-1);
* ``meaning``: the glossary read some words as the docs' words;
* ``missing``: the question's words that nothing in Strudel holds: no doc, no sound, no
  glossary or phrasebook phrase, and no name they could misspell ("vocoder", "metronome").

* ``near``: things the question names that Strudel lacks, by the phrasebook's near phrases
  ("flanger": Strudel has no flanger; ``phaser`` comes closest, ``phrasebook/near.txt``).

A text answer that leaves such a word unanswered and holds little else of the question is
not an answer, and neither is one to a question naming a near thing: ``strudel_knowledge``
says Strudel has no such thing and what comes closest (``ok: false``, ``reason:
not_found``). It never answers ``ok: true`` on weak overlap alone: text overlap of a word or
two, with the word the question is about unmatched, is not confident.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..data.index import StrudelIndex
from ..data.textindex import tokenize
from ..vocabulary import Match
from .glossary import Expansion, load_glossary
from .intent import STOPWORDS
from .phrasebook import load_phrasebook
from .wish_objects import wish_object_stems

__all__ = ["CONFIDENT", "NEAR_CONFIDENCE", "Evidence", "confidence", "missing_words", "participle", "unheld_heads"]

#: Below this an answer is not given as one: ``ok: false`` with what comes closest.
CONFIDENT = 0.55
# ... when at least this share of the question's words are words nothing in Strudel holds:
# in a long description one odd word ("crank the filter resonance so my 303 squelches") is
# colour; in "a vocoder on my synth" it is the thing asked for.
MISSING_SHARE = 0.25
# What each kind of name match is worth on its own (text is worth its supported coverage).
NAME_CONFIDENCE: dict[Match, float] = {"exact": 1.0, "synonym": 1.0, "listed": 1.0, "prefix": 0.8, "fuzzy": 0.75}
_TYPED = frozenset({"exact", "synonym", "listed"})  # a name typed as it is
# A phrasebook phrase naming the answer adds this much (times its support) to a text
# answer's coverage; the glossary's reading of the words adds MEANING_SUPPORT.
PHRASE_SUPPORT, MEANING_SUPPORT = 0.6, 0.15
MISSING_MIN_LETTERS = 3  # "de", "ai" are too short to say anything is missing (an acronym typed "AI" is not)
#: An answer to a question naming a thing Strudel lacks is at most this sure: what comes
#: closest is not the thing ("phaser" for "flanger").
NEAR_CONFIDENCE = 0.3


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the ranking found for the first answer of a question (see the module docstring)."""

    match: Match
    coverage: float = 1.0
    phrase: float = 0.0
    meaning: bool = False
    missing: tuple[str, ...] = ()
    words: int = 1  # the question's content words (the share missing is counted against them)
    named: bool = False  # the answer is a name the question typed, which musicians use for it too
    near: tuple[str, ...] = ()  # things the question names that Strudel lacks (phrasebook/near.txt)

    @property
    def missing_share(self) -> float:
        return len(self.missing) / max(self.words, 1)

    def absent(self, sure: float) -> bool:
        """The question asks for something Strudel does not have: say so rather than answer.

        A near thing named ("a flanger on the hats") is absent unless a name was typed as it
        is (a name spelled like it, "linger" for "flanger", is not); a word nothing holds is,
        when a text answer is unsure and the word a real share of the question."""
        if self.near:
            return self.match not in _TYPED
        return self.match == "text" and sure < CONFIDENT and self.missing_share >= MISSING_SHARE


def confidence(evidence: Evidence) -> float:
    """The answer's confidence, 0-1: a name typed is 1; text overlap is its coverage, supported
    by phrasebook and glossary, times the share of the question Strudel has words for."""
    named = NAME_CONFIDENCE.get(evidence.match)
    if named is not None:
        return min(named, NEAR_CONFIDENCE) if evidence.near and evidence.match not in _TYPED else named
    if evidence.named:
        return NAME_CONFIDENCE["exact"]
    support = PHRASE_SUPPORT * evidence.phrase + (MEANING_SUPPORT if evidence.meaning else 0.0)
    value = min(1.0, evidence.coverage + support) * (1.0 - evidence.missing_share)
    if evidence.near:
        value = min(value, NEAR_CONFIDENCE)
    return round(max(0.0, value), 3)


# an adverb or an adjective by its ending (longer than this) says how or what kind, never
# what Strudel lacks ("jitterily", "draggable", "reusable", "boomish"); shorter words ending
# so are nouns ("fly", "rally", "table")
MISSING_ADVERB_LETTERS = 5
_COLOUR_ENDINGS = ("ly", "able", "ible", "ful", "ish", "ous")
# the common irregular participles say how a thing is made or played ("a scraper made from a
# gourd", "a bell struck with a hammer"), never what Strudel lacks; a regular one may be the
# thing itself ("vocoded", "sidechained": an effect Strudel has no name for), so it is read
_PARTICIPLES = frozenset(
    "made built struck blown shaken worn held sung rung spun bent strung known grown drawn woven hung sewn".split()
)
# nouns and prepositions that stand for no thing of their own
_FILLER = frozenset(
    "stuff thing things something anything everything purpose kind sort sorts type bunch lots "
    "underneath beneath alongside throughout onto via amongst whatever whichever".split()
)


def _noun_y(lower: str, held: Callable[[str], bool]) -> bool:
    """An adjective made of a noun and "-y" or "-ey" ("flutey", "boomy", "plucky") whose noun's
    stems are ``held`` (by the docs, the sounds or the phrasebook)."""
    if len(lower) <= MISSING_ADVERB_LETTERS or not lower.endswith("y") or lower.endswith("ly"):
        return False
    bases = {lower[:-1], lower[:-2] if lower.endswith("ey") else lower[:-1]}
    return any(stems and all(held(t) for t in stems) for stems in map(tokenize, bases))


def missing_words(index: StrudelIndex, words: Sequence[str]) -> list[str]:
    """The words of a question that nothing in Strudel holds, in order.

    A word is missing when none of its stems is in the docs' text, the sounds' text or the
    phrasebook's phrases, no glossary phrase found in the question holds it, it is no name
    as typed, and it is long enough to mean something. Misspellings are corrected before
    this is asked.
    """
    known = load_phrasebook().stems
    ref_text, sound_text = index.reference.text.idf, index.sounds.text.idf  # (their terms, as dicts)
    per_word = [tokenize(w) for w in words]
    candidates: list[int] = []  # words no docs, sounds or phrasebook word holds (the rare case)
    for i, (word, word_stems) in enumerate(zip(words, per_word, strict=True)):
        lower = word.lower()
        acronym = len(word) >= 2 and word.isupper() and word.isalpha()  # "AI", "VST": short, but a thing
        if not acronym and (len(lower) < MISSING_MIN_LETTERS or len(set(lower)) <= 2):
            continue  # too short to say anything, or a sound spelled out ("aaa", "tss")
        if not lower.isalpha() or not word_stems:
            continue  # a number
        if not acronym and len(lower) > MISSING_ADVERB_LETTERS and lower.endswith(_COLOUR_ENDINGS):
            continue  # how, not what: "wobble woozily", "a draggable fader", "reusable" (never a thing)
        if lower in _PARTICIPLES:
            continue  # "a scraper made from a gourd": how, not what
        if lower in _FILLER:
            continue  # "microtonal stuff", "a general purpose LFO", "hiss underneath the synth"
        if _noun_y(lower, lambda t: t in ref_text or t in sound_text or t in known):
            continue  # "soft and flutey", "a bassy kick": like a thing Strudel has, not a thing
        if any(t in ref_text or t in sound_text or t in known for t in word_stems):
            continue
        if all(t in wish_object_stems() for t in word_stems):
            continue  # what the wish changes ("my riff"), never the thing Strudel lacks
        if index.reference.get(word) is not None or lower in index.sounds.entries or lower in index.sounds.banks:
            continue
        candidates.append(i)
    if not candidates:
        return []
    # a glossary phrase found in the question holds its words ("closed door")
    stems = [t for word_stems in per_word for t in word_stems]
    starts = [0]
    for word_stems in per_word:
        starts.append(starts[-1] + len(word_stems))
    covered: set[int] = set()
    for found in _glossary_phrases(tuple(stems)):
        covered.update(range(found.start, found.end))
    missing: list[str] = []
    for i in candidates:
        lower = words[i].lower()
        if lower not in missing and not all(j in covered for j in range(starts[i], starts[i + 1])):
            missing.append(lower)
    return missing


def participle(word: str) -> bool:
    """A past participle: a common irregular one ("made", "struck") or a word of more than
    MISSING_ADVERB_LETTERS letters ending in "-ed" ("carved", "covered"; not "-eed": "seaweed").
    Where it stands decides what it says: after a sound's name it describes the sound ("a gourd
    covered with beads", ``sound_request.colour_words``); alone it may be the thing ("vocoded")."""
    lower = word.lower()
    if lower in _PARTICIPLES:
        return True
    return len(lower) > MISSING_ADVERB_LETTERS and lower.endswith("ed") and not lower.endswith("eed")


@functools.lru_cache(maxsize=2)
def _glossary_phrases(stems: tuple[str, ...]) -> tuple[Expansion, ...]:
    """The glossary's phrases (its docs' lines, then its sounds') in a question's stems.

    ``missing_words`` and ``unheld_heads`` read the same question's words one after the other:
    the last two questions' are kept, so the second reads the first's.
    """
    glossary = load_glossary()
    return (*glossary.expand(stems), *glossary.expand(stems, sounds=True))


_WORD = re.compile(r"[A-Za-z0-9_$#'-]+")
# Words that end a run of words without being its head noun: adverbs, participles, particles
# and number words ("play two patterns simultaneously", "locked", "moving along", "every four").
_NOT_A_NOUN = re.compile(r"(?:ly|ed|ing)$")
_NOT_NOUNS = frozenset(
    "up down off out back away over around apart along ahead against "
    "two three four five six seven eight nine ten twelve sixteen".split()
)


def unheld_heads(index: StrudelIndex, text: str, words: Sequence[str]) -> list[str]:
    """The head nouns of a question's compounds that Strudel has no word for.

    In "a clip launcher" the thing asked for is the launcher, not the clip: the last word
    of two or more written together (no filler between) is a compound's head. It is
    unheld when neither the docs' text nor the sounds' text has it, no glossary or
    phrasebook phrase found in the question holds it and it is no name; the phrasebook
    knowing the word from some other phrase does not count (unlike ``missing_words``).
    Only heads among ``words`` (the words looked up) count.
    """
    wanted = {w.lower() for w in words}
    heads: list[str] = []
    run: list[str] = []
    for token in [*_WORD.findall(text), ""]:
        if token and token.lower() not in STOPWORDS:
            run.append(token)
            continue
        if len(run) >= 2 and run[-1].lower() in wanted:
            heads.append(run[-1])
        run = []
    if not heads:
        return []
    ref_text, sound_text = index.reference.text.idf, index.sounds.text.idf  # (their terms, as dicts)
    unheld: list[tuple[str, list[str]]] = []  # heads no text holds and no name is (the rare case)
    for head in heads:
        lower, head_stems = head.lower(), tokenize(head)
        if len(lower) < MISSING_MIN_LETTERS or not lower.isalpha() or not head_stems or len(set(lower)) <= 2:
            continue
        if _NOT_A_NOUN.search(lower) or lower in _NOT_NOUNS or lower in _FILLER:
            continue  # "play two patterns simultaneously", "locked to the beat", "microtonal stuff"
        if any(t in ref_text or t in sound_text for t in head_stems):
            continue
        if index.reference.get(head) is not None or lower in index.sounds.entries or lower in index.sounds.banks:
            continue
        unheld.append((lower, head_stems))
    if not unheld:
        return []
    # a glossary or phrasebook phrase found in the question holds its words (read only when needed)
    per_word = [tokenize(w) for w in words]
    stems = [t for word_stems in per_word for t in word_stems]
    covered: set[str] = set()
    for found in _glossary_phrases(tuple(stems)):
        covered.update(stems[found.start : found.end])
    for hit in load_phrasebook().find(stems):
        covered.update(stems[hit.start : hit.end])
    out: list[str] = []
    for lower, head_stems in unheld:
        if any(t in covered for t in head_stems):
            continue
        if lower not in out:
            out.append(lower)
    return out
