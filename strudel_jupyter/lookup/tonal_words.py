"""Tonal names written in a question's words, read as phrases for the functions that take them.

Musicians name what they play: "in D dorian", "the mixolydian", "a half diminished chord",
"a sus chord", "the left hand voicings". Those names are tonal.json's (``data/tonal.py``), so
what counts as a scale, a chord quality or a voicing dictionary is the snapshot's, read at run
time, never a list of ours. Each name found is a ``PhraseHit`` for the function that reads it:

* a scale type or alias ("dorian", "phrygian dominant", "minor pentatonic", "hirajoshi")
  -> ``scale``. A one-word alias ("spanish", "blues", "pentatonic") or a name that is also a
  chord's word ("major", "minor") counts only beside a tonic ("E spanish", "in A minor") or a
  word that says a scale is meant ("scale", "mode", "key"); a name followed by a chord word
  ("minor chords", "diminished seventh") is a chord's quality;
* a chord type in words ("half diminished", "minor seventh", "dominant ninth"), or a
  quality or symbol before "chord" ("sus chord", "dim chords", "minor triad") -> ``voicing``;
* a voicing dictionary, written as one word or two ("lefthand", "left hand", "guide tones")
  in a question about voicings -> ``dictionary``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..data.index import StrudelIndex
from ..data.textindex import tokenize
from ..data.tonal import TonalIndex
from .intent import content_tokens
from .phrasebook import PhraseHit

__all__ = ["tonal_phrases"]

#: The functions each kind of tonal name asks for (doc.json's names).
SCALE_TARGET = "scale"
CHORD_TARGET = "voicing"
DICTIONARY_TARGET = "dictionary"

#: The weight of a tonal name found (a phrase's weight: 1.0 is the most specific).
NAME_WEIGHT = 1.0
#: English words that say a scale is meant ("E spanish scale", "the blues mode", "key of C",
#: "spanish notes": a scale is a set of notes).
_SCALE_CONTEXT = frozenset("scale scales mode modes key keys tonality tonic notes".split())
#: English words that say a chord is meant ("sus chord", "minor triads").
_CHORD_NOUNS = frozenset("chord chords triad triads voicing voicings".split())
#: English words that say voicings are meant ("the left hand voicings").
_VOICING_CONTEXT = frozenset("voicing voicings voiced voice dictionary dictionaries chord chords".split())
#: A tonic as a question writes it: a note letter with an optional accidental ("F#", "Bb").
_TONIC = re.compile(r"[A-Ga-g](?:#|b|♯|♭)?")
_ACCIDENTALS = frozenset("sharp flat".split())
#: Longest name, in words, looked for ("neapolitan major pentatonic", "super locrian pentatonic").
_MAX_SPAN = 4


@dataclass(frozen=True, slots=True)
class _Names:
    """The snapshot's tonal names as a question's words spell them (lower case, hyphens as spaces)."""

    scales: dict[str, bool]  # spelled name -> is it a type's own name, whole (False: an alias)
    chords: frozenset[str]  # chord type names in words ("minor seventh", "half diminished")
    chord_words: frozenset[str]  # the words of those names ("seventh", "suspended")
    symbols: frozenset[str]  # chord symbols with a letter ("sus", "dim", "m7b5"), lower case
    dictionaries: dict[str, str]  # dictionary name without spaces or hyphens -> its name


def _spell(name: str) -> str:
    """A name as the question's content words spell it: "in-sen" -> "sen", "messiaen's mode #3" -> "messiaen mode #3"."""
    return " ".join(t.lower() for t in content_tokens(name))


def _whole(name: str) -> bool:
    """Every word of the name is a content word (none of it is lost as filler: not "in-sen")."""
    return _spell(name) == " ".join(name.lower().replace("-", " ").replace("'s ", " ").split())


def _names(tonal: TonalIndex) -> _Names:
    scales: dict[str, bool] = {}
    for scale in tonal.scales:
        if _spell(scale.name):
            scales[_spell(scale.name)] = _whole(scale.name)  # a name cut short needs saying it is a scale
        for alias in scale.aliases:
            if _spell(alias):
                scales.setdefault(_spell(alias), False)
    chords = frozenset(_spell(c.name) for c in tonal.chords if c.name and re.fullmatch(r"[a-z -]+", c.name))
    chord_words = frozenset(w for c in chords for w in c.split())
    symbols = frozenset(s.lower() for s in tonal.by_chord_symbol if any(ch.isalpha() for ch in s))
    dictionaries = {re.sub(r"[\s-]", "", n.lower()): n for n in tonal.voicings}
    return _Names(scales, chords, chord_words, symbols, dictionaries)


def _tonal_names(index: StrudelIndex) -> _Names | None:
    tonal = index.tonal
    if tonal is None:
        return None
    return index.derived.get_or_build(("tonal_words", "names"), lambda: _names(tonal))


def _first_word(spelled: str) -> str:
    return spelled.partition(" ")[0]


def _name_starts(index: StrudelIndex, names: _Names) -> tuple[frozenset[str], frozenset[str]]:
    """The first words of the chords' names and symbols, and of the scales' names: a span
    of a question whose first word starts none of them spells none of them, and is passed
    over without joining its words (a long question has a hundred spans; a scale's span of
    one word is read whole all the same)."""
    return index.derived.get_or_build(
        ("tonal_words", "starts"),
        lambda: (
            frozenset(map(_first_word, names.chords | names.symbols)),
            frozenset(map(_first_word, names.scales)),
        ),
    )


def tonal_phrases(index: StrudelIndex, words: Sequence[str]) -> list[PhraseHit]:
    """The tonal names in a question's content ``words``, as phrase hits (spans count ``words``)."""
    names = _tonal_names(index)
    if names is None:
        return []
    lower = [w.lower() for w in words]
    firsts = [_first_word(w) for w in lower]  # a span's spelling starts with its first word's
    chord_starts, scale_starts = _name_starts(index, names)
    found: list[PhraseHit] = []
    taken: set[int] = set()

    def add(target: str, start: int, end: int) -> None:
        if target not in index.reference.by_name or taken & set(range(start, end)):
            return
        key = tuple(t for w in words[start:end] for t in tokenize(w))
        if not key:
            return
        taken.update(range(start, end))
        # a name tonal knows is as specific as a long phrase, however short ("dorian")
        found.append(PhraseHit(target, " ".join(words[start:end]), start, end, NAME_WEIGHT, False, key))

    n = len(lower)
    for start, end in _spans(n, starts=[i for i in range(n) if firsts[i] in chord_starts]):
        spelled = " ".join(lower[start:end])  # content words already
        after = lower[end] if end < len(lower) else ""
        if spelled in names.chords and (end - start > 1 or "-" in lower[start]) and after not in _SCALE_CONTEXT:
            add(CHORD_TARGET, start, end)  # "half diminished", "minor seventh"
        elif after in _CHORD_NOUNS and (spelled in names.chords or spelled in names.symbols):
            add(CHORD_TARGET, start, end + 1)  # "sus chord", "minor triads", "dim chords"
    # (one word is read as it is: a scale may be said in one word other ways)
    scale_spans = _spans(n, starts=[i for i in range(n) if firsts[i] in scale_starts], shortest=2)
    for start, end in [*scale_spans, *_spans(n, longest=1)]:
        spelled = " ".join(lower[start:end])  # content words already
        own = names.scales.get(spelled)
        if own is None and end - start == 1 and len(spelled) > 4 and spelled.endswith("y"):
            own = names.scales.get(spelled[:-1])  # an adjective made of a scale's name: "bluesy"
        if own is None:
            continue
        after = lower[end] if end < len(lower) else ""
        if after in _CHORD_NOUNS or after in names.chord_words:
            continue  # "minor chords", "diminished seventh": a chord's quality
        everyday = not own or spelled in names.chord_words  # an alias, or a chord's word ("major", "minor")
        if everyday and end - start == 1 and not _said_scale(words, lower, start):
            continue  # "spanish guitar", "a major reverb": a scale only when said so ("E spanish", "in A minor")
        add(SCALE_TARGET, start - _tonic_words(words, start), end)  # with its tonic: "D dorian", "F sharp major"
    if any(w in _VOICING_CONTEXT for w in lower):
        for start, end in _spans(len(lower), longest=2):
            if "".join(lower[start:end]) in names.dictionaries:
                add(DICTIONARY_TARGET, start, end)  # "lefthand", "left hand", "guide tones"
    return found


def _spans(
    n: int, *, longest: int = _MAX_SPAN, shortest: int = 1, starts: Sequence[int] | None = None
) -> list[tuple[int, int]]:
    """Every span of ``shortest`` to ``longest`` words, longest first, then left to right; only
    those beginning at one of ``starts`` (in order) when given (the others are passed over at once)."""
    every = range(n)
    return [
        (s, s + size)
        for size in range(min(longest, n), shortest - 1, -1)
        for s in (every if starts is None else starts)
        if s + size <= n
    ]


def _tonic_words(words: Sequence[str], start: int) -> int:
    """How many words before ``start`` write a tonic: 1 ("D", "F#"), 2 ("F sharp"), else 0."""
    if start > 1 and words[start - 1].lower() in _ACCIDENTALS and _TONIC.fullmatch(words[start - 2]):
        return 2
    return 1 if start > 0 and _TONIC.fullmatch(words[start - 1]) else 0


def _said_scale(words: Sequence[str], lower: Sequence[str], start: int) -> bool:
    """A scale is meant: a tonic before the name ("E spanish", "F sharp blues") or a word for scales."""
    return bool(_tonic_words(words, start)) or any(w in _SCALE_CONTEXT for w in lower)
