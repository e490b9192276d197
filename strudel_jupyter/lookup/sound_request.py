"""What a sound request asks for, read from its words: the thing, its colour and its setting.

Musicians ask for a sound with words around it: adjectives ("crisp 909 hats"), a setting
after a preposition or a comma ("crash cymbal on the downbeat", "pan pipes from the
andes"), generic musical nouns ("an oboe melody"). Read from the question's *runs* of
content words (split by filler words and punctuation):

* ``colour_words``: the missing words that are colour around a sound named, never the thing
  Strudel lacks (``answers/free_text.py`` drops them from the evidence's missing words);
* ``sound_head`` and ``opening_sound``: a description that opens with a sound's name asks
  for that sound, though a function's phrase read some of its words ("hammond organ with
  drawbars").

Words only: what a word means in Strudel is the index's (its sounds' text, the functions'
descriptions), never a list of names of ours.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..data.index import StrudelIndex
from ..data.sounds import BANK_DOC
from ..data.textindex import tokenize
from .confidence import missing_words, participle
from .glossary import expand
from .intent import REFERENCE_WORDS, SOUND_WORDS, STOPWORDS
from .phrasebook import load_phrasebook
from .ranking import Hit, Ranking, prose_words
from .wish_objects import wish_object_stems

__all__ = [
    "colour_and_sound",
    "colour_words",
    "generic_stems",
    "named_head",
    "holding_first",
    "unknown_model",
    "opening_sound",
    "request_runs",
    "setting_runs",
    "sound_head",
    "word_runs",
]


# A question's words in order, and where it breaks: punctuation.
_WORD_OR_BREAK = re.compile(r"[A-Za-z0-9_$#'-]+|[,;:/()!?.]")


def word_runs(text: str) -> list[list[str]]:
    """The runs of content words of a question, split by filler words and punctuation:
    "crisp 909 hats for a techno groove" -> [crisp 909 hats], [techno groove]."""
    return [run for run, _joined in _runs(text)]


# What joins a setting to the sound it is about: a preposition, a relative clause or a comma
# ("cymbal on the drop", "pipes from the andes", "a box drum you sit on", "strings, ravi
# shankar"); "and" joins a second thing.
_SETTING = frozenset(
    "on from in of for at by during under over across like that which who whose where when you ,".split()
)


def setting_runs(text: str) -> list[list[str]]:
    """The runs of a question from the first one a preposition or a comma sets apart: its
    setting (``request_runs`` is what comes before)."""
    return word_runs(text)[len(request_runs(text)) :]


def request_runs(text: str) -> list[list[str]]:
    """The runs of a question before the first one a preposition or a comma sets apart: what it
    asks for, without its setting ("crash cymbal on the last beat" -> [crash cymbal])."""
    out: list[list[str]] = []
    for n, (run, apart) in enumerate(_runs(text)):
        if apart and n:
            break
        out.append(run)
    return out


_LAST_RUNS: list[tuple[str, list[tuple[list[str], bool]]]] = [("", [])]


def _runs(text: str) -> list[tuple[list[str], bool]]:
    """Each run of content words, and whether a preposition or a comma sets it apart from
    the run before it (see ``_SETTING``); kept for the last text object (the readers of one
    question ask for its runs several times), so callers only read them."""
    last = _LAST_RUNS[0]  # (one read: another thread may replace it meanwhile)
    if last[0] is text:
        return last[1]
    runs = _read_runs(text)
    _LAST_RUNS[0] = (text, runs)
    return runs


def _read_runs(text: str) -> list[tuple[list[str], bool]]:
    """``_runs``, read."""
    runs: list[tuple[list[str], bool]] = []
    run: list[str] = []
    between: list[str] = []
    for token in [*_WORD_OR_BREAK.findall(text), "."]:
        if token[0].isalnum() and token.lower() not in STOPWORDS and token.lower() not in _SETTING:
            if not run:
                between_set = any(t.lower() in _SETTING for t in between)
                between = []
            run.append(token)
            continue
        if run:
            runs.append((run, between_set))
            run = []
        between.append(token)
    return runs


def _head(words: Sequence[str], generic: frozenset[str] = frozenset()) -> int:
    """Where a run's head is: its last word that is no generic sound word ("crisp hats sound":
    the hats) and no generic musical noun (``generic`` stems: "an oboe melody": the oboe),
    -1 if none."""
    return max(
        (
            i
            for i, w in enumerate(words)
            if w.lower() not in SOUND_WORDS and not (generic and all(t in generic for t in tokenize(w) or ["-"]))
        ),
        default=-1,
    )


def generic_stems(index: StrudelIndex) -> frozenset[str]:
    """The stems of the musical nouns a wish acts on that name no sound and no function:
    "melody", "line", "groove", "part" (``wish_objects.txt``, less the sounds' naming words
    "snare", "pad" and the functions' names "chord", "arp", "loop")."""

    def build() -> frozenset[str]:
        names = {t for name in index.reference.by_lower for t in tokenize(name)}
        return wish_object_stems() - index.sounds.naming_words - names

    return index.derived.get_or_build(("sound_request", "generic"), build)


# What may stand before a question's opening name ("a", "that", "some"): no verb.
_ARTICLES = frozenset("a an the that this these those some any".split())


def sound_head(text: str, prose: frozenset[str], generic: frozenset[str] = frozenset()) -> str | None:
    """The word naming a sound that a question opens with, when it opens with a sound's name:
    after an article at most, its first run (of two words or more, or one after an article:
    "a flute from a film score") ends in a word that the functions' docs (``prose``, their
    descriptions' stems) never use; the caller checks that a sound holds it ("hammond organ
    with drawbars", "breathy pan pipes from the andes", "church pipe organ", "an oboe
    melody": a generic musical noun is no head). A question that opens with a verb ("make
    the lead quieter", "ratchet the hats") asks for an action, and a word the docs use
    ("kick", "number", "hit") may be what a function acts on."""
    tokens = _WORD_OR_BREAK.findall(text)
    if not _opens_with_content(tokens):
        return None  # (most questions: "how do I", "make the", "I'm making")
    return _read_head(text, tokens, prose, generic)


def _opens_with_content(tokens: Sequence[str]) -> bool:
    """``sound_head``'s "not me", cheaply: whether nothing but articles stands before the
    question's first content word (the first run's first word), as ``_read_head`` requires."""
    for token in tokens:
        if token[0].isalnum() and token.lower() not in STOPWORDS and token.lower() not in _SETTING:
            return True
        if token.lower() not in _ARTICLES:
            return False
    return False  # no content word: no run


def _read_head(text: str, tokens: list[str], prose: frozenset[str], generic: frozenset[str]) -> str | None:
    """``sound_head`` read in full (``tokens``: the text's words and breaks)."""
    runs = word_runs(text)
    if not runs:
        return None
    before = tokens[: tokens.index(runs[0][0])] if runs[0][0] in tokens else tokens
    if any(t.lower() not in _ARTICLES for t in before):
        return None
    if len(runs[0]) < 2 and (not before or len(request_runs(text)) > 1):
        # one word: a noun only after an article and before its setting ("a flute from a film
        # score"); with no article it is as likely a verb ("ratchet the hats"), and with more
        # words before any setting, a sentence about it ("the cymbals are too harsh")
        return None
    last = _head(runs[0], generic)
    if last < 0:
        return None
    head = runs[0][last]
    stems = tokenize(head)
    if head.lower() in SOUND_WORDS or not stems or expand(stems):
        return None  # (a word the glossary reads as the docs' says how, not what: "quieter")
    if any(t in prose for t in stems):
        return None
    return head


def colour_words(index: StrudelIndex, text: str, missing: Sequence[str]) -> list[str]:
    """The missing words that describe a sound the question names, not the thing it asks for.

    In "crisp 909 hats" the thing is the hats: a word nothing holds before the head of its
    run of words, when that head is a sound's word ("hats", "strings", "pipes"), is an adjective
    or a setting (*premodifier*). So is one in a phrase after such a head, past a preposition
    or a comma ("crash cymbal on the downbeat", "pan pipes from the andes", "..., ravi
    shankar"), and a participle right after the head with its own setting ("a gourd covered
    with beads", "a drum carved from a trunk"). What is left is the thing asked for: the head itself ("a mandolin for a
    serenade"), or a word before a generic sound word ("tabla drums", "beatbox samples":
    an instrument's name, which only ``phrasebook/near.txt`` can tell from an adjective).
    Read only for a sound answer (``answers/free_text.py``).
    """
    wanted = {w.lower() for w in missing}
    if not wanted:
        return []
    # the words naming sounds: the sounds' own, and the phrasebook's for them ("pan pipes")
    naming, called = index.sounds.naming_words, load_phrasebook().sound_stems

    def names_sounds(word: str) -> bool:
        lower = word.lower()
        stems = tokenize(word)
        return (
            lower not in wanted
            and lower not in SOUND_WORDS
            and bool(stems)
            and all(t in naming or t in called for t in stems)
        )

    colour: list[str] = []
    named_before = False  # the run before this one is a sound's, or the setting of one
    generic = generic_stems(index)
    for words, apart in _runs(text):
        last = _head(words, generic)
        trailing = -1  # a participle after the head describes it: "a gourd covered with beads"
        if last > 0 and _trailing_participle(words[last]):
            trailing, last = last, _head(words[:last], generic)
        described = last >= 0 and names_sounds(words[last])
        setting = named_before and apart
        for i, word in enumerate(words):
            lower = word.lower()
            if lower in wanted and lower not in colour and (setting or ((i < last or i == trailing) and described)):
                colour.append(lower)
        named_before = described or setting
    return colour


def _trailing_participle(word: str) -> bool:
    """A participle after a sound's name, past ("a gourd covered with beads") or present ("rain
    falling on the roof", "a helicopter flying over"): it says what the sound does or is."""
    lower = word.lower()
    return participle(lower) or (len(lower) > _PRESENT_LETTERS and lower.endswith("ing"))


_PRESENT_LETTERS = 5  # "falling", "flying"; not "ring", "swing", "string"
_SOUNDS_HOLDING = 6  # the other words may describe any of the first few sound answers
_OTHER_WORDS = 8  # a description longer than this says more than the sound it opens with


def opening_sound(index: StrudelIndex, text: str, ranking: Ranking) -> Hit | None:
    """The sound a description opening with a sound's name asks for (``sound_head``), or None.

    The first sound answer must hold the name's head (a lone instrument, "a flute from a film
    score", any of the first few, which then leads), and every other word before the setting
    is held by one of the first few sound answers, or by nothing in Strudel: "hammond organ
    with drawbars" is an organ (partials can imitate its drawbars), "church pipe organ" an
    organ (room's "church" is its setting), "pan pipes from the andes" pan pipes. A word only
    a function holds ("a filtered bass with reverb", "wub wub bass"), or a function's phrase
    reaching into the setting, asks for something done to the sound."""
    if not ranking.sentence or not ranking.sounds or ranking.sounds[0].match != "text":
        return None
    generic = generic_stems(index)
    head = sound_head(text, prose_words(index), generic)
    if head is None:
        return None

    def holders(word: str) -> frozenset[str]:  # the sounds (and bank documents) whose text holds the word
        return frozenset().union(*map(index.sounds.text.holders, tokenize(word)))

    first = ranking.sounds[:_SOUNDS_HOLDING]
    keys = [h.name if h.kind == "sound" else BANK_DOC + h.name for h in first]
    holding = holders(head)
    # the first sound answer must hold the head; a lone instrument ("a flute from a film
    # score") may be held by a later one, the first holding a word of its setting
    lone = len(request_runs(text)[0]) == 1
    candidates = list(zip(first, keys, strict=True))[: None if lone else 1]
    top = next((h for h, k in candidates if k in holding and h.match == "text"), None)
    if top is None:
        return None
    key = top.name if top.kind == "sound" else BANK_DOC + top.name

    def held(word: str) -> bool:
        return key in holders(word)

    # (what follows a preposition or a comma is the sound's setting: "on the last beat")
    others = [
        w
        for run in request_runs(text)
        for w in run
        if w != head and w.lower() not in SOUND_WORDS and not all(t in generic for t in tokenize(w) or ["-"])
    ]
    if len(others) > _OTHER_WORDS:
        return None
    # a function's phrase reaching into the setting makes it the question's ("bass line from
    # the chord roots" is rootNotes' "bass line from chords", not a bass)
    setting = {t for run in setting_runs(text) for w in run for t in tokenize(w)}
    if any(h.via and setting & set(tokenize(h.via)) for h in ranking.reference[:_SOUNDS_HOLDING]):
        return None
    unheld = set(missing_words(index, others))
    answers = set(keys)

    def described(word: str) -> bool:
        """A word of one of the first sound answers; a function's name ("pan", "FM") only of the first."""
        if index.reference.by_lower.get(word.lower()):
            return held(word)
        return not answers.isdisjoint(holders(word))

    return top if all(w.lower() in unheld or described(w) for w in others) else None


#: The most words a bare request for a coloured sound has ("a fat boomy 808 kick").
_COLOUR_REQUEST_WORDS = 4


def colour_and_sound(index: StrudelIndex, text: str) -> str | None:
    """The question is a bare noun phrase for a sound: words of colour before a word that
    names sounds, and nothing else ("a fat snare", "booming 808 kick", "punchy kick"): the
    sound is asked for, not what a function that the colour words mean (detune's "fat",
    transient's "punchy") does to it. A verb ("fatten the snare", "make the kick punchy"),
    a setting ("a fat snare on the two") or a head that is a function's name says otherwise.
    Returns the head ("snare"), or None."""
    tokens = _WORD_OR_BREAK.findall(text)
    if not _opens_with_content(tokens):
        return None  # (most questions: "how do I", "make the")
    runs = _runs(text)
    if len(runs) != 1:
        return None
    if any(w.lower() in REFERENCE_WORDS for w in runs[0][0]):
        return None  # "bit crusher effect": an effect asked for
    words = [w for w in runs[0][0] if w.lower() not in SOUND_WORDS]
    if not 2 <= len(words) <= _COLOUR_REQUEST_WORDS or any(not t[0].isalnum() for t in tokens[:-1]):
        return None
    head = words[-1]
    stems = tokenize(head)
    if not stems or index.reference.get(head) is not None or expand(stems):
        return None
    if not all(t in index.sounds.naming_words for t in stems):
        return None
    # every other word is colour: no function's name typed as one ("chop", "ply"), and none
    # that only the functions hold ("wub wub bass" asks for lpsync's wobble, "punchy" for
    # transient); a word some sound holds too ("fat", "warm") or none at all is colour
    for word in words[:-1]:
        if word[0].isdigit():
            continue
        if index.reference.get(word) is not None:
            return None
        stems = tokenize(word)
        if not index.sounds.text.score(stems) and any(t in index.reference.text for t in stems):
            return None
    return head


def named_head(index: StrudelIndex, text: str) -> str | None:
    """The last word of a description's request (before its setting) that names sounds by
    their own names ("flute" in "the cheap plastic flute children learn first"), when there is
    exactly one: what a sound answer must be (``holding_first``), whatever colour the other
    words add. None for a word the glossary reads as the docs' or a function's name, and for a
    question that opens with anything but its noun phrase ("play the piano notes like a music
    box": an action; the instrument is in its second run of words, not its first)."""
    if not _opens_with_content(_WORD_OR_BREAK.findall(text)):
        return None
    found: list[str] = []
    for run in request_runs(text)[:1]:
        for word in run:
            stems = tokenize(word)
            if not stems or word.lower() in SOUND_WORDS or word[0].isdigit():
                continue
            if all(t in index.sounds.naming_words for t in stems) and not expand(stems):
                if index.reference.get(word) is None and word.lower() not in found:
                    found.append(word.lower())
    return found[0] if len(found) == 1 else None


def holding_first(index: StrudelIndex, hits: Sequence[Hit], text: str, head: str | None = None) -> list[Hit]:
    """``hits`` with the sounds whose text holds ``head`` first, in their order, when the first
    holds neither it nor another naming word of the request (only its colour): in "a fat snare"
    the snares lead, not supersaw's "fat"; "fretless bass guitar" stays the fretless bass.
    Without ``head``, the one kind of instrument the request names (``named_head``), if any."""
    if head is None:
        head = named_head(index, text)
    if not hits or head is None:
        return list(hits)

    def holders(word: str) -> set[str]:
        return set(index.sounds.text.score(tokenize(word)))

    def key(hit: Hit) -> str:
        return hit.name if hit.kind == "sound" else BANK_DOC + hit.name

    naming = [
        w
        for run in request_runs(text)
        for w in run
        if w != head and all(t in index.sounds.naming_words for t in tokenize(w) or ["-"]) and not expand(tokenize(w))
    ]
    if any(key(hits[0]) in holders(w) for w in (head, *naming)):
        return list(hits)
    holding = holders(head)
    first = [h for h in hits if key(h) in holding]
    return [*first, *(h for h in hits if h not in first)] if first else list(hits)


# A gear model written as letters and a number: "juno-106", "tb 303", "ms-20", "mpc 2000".
_MODEL = re.compile(r"\b([A-Za-z]{2,10})(-| |)(\d{1,4})\b")


def _model_numbers(index: StrudelIndex) -> frozenset[str]:
    """Every run of digits in a bank's name: the model numbers Strudel has (808, 909, 303)."""
    return index.derived.get_or_build(
        ("sound_request", "model_numbers"),
        lambda: frozenset(n for b in index.sounds.banks for n in re.findall(r"\d+", b)),
    )


def unknown_model(index: StrudelIndex, text: str) -> str | None:
    """A gear model the question names (letters and a number) that no sound or bank is, as
    written ("juno-106", "ms-20"), or None. Letters count as a model's when neither the docs'
    nor the sounds' own words hold them ("juno": only a phrase of ours) or some bank's name
    starts with them ("ms", "mpc", "tr": the bank names spell models so); the model is known when a name holds the letters with the number, or
    with the number's leading digits (the SP-1200 is ``sp12``). "hats 16 times" names no model."""
    if not any(c.isdigit() for c in text):
        return None
    names = index.sounds.names
    banks = index.sounds.banks
    for match in _MODEL.finditer(text):
        letters, apart, number = match.group(1).lower(), match.group(2), match.group(3)
        starts_bank = any(b.startswith(letters) for b in banks)
        if apart == " " and not starts_bank:
            continue  # "japanese 13-string zither": a word and a number, not a model's name
        if tuple(tokenize(letters + number)) in load_phrasebook().table:
            continue  # a model the phrasebook names ("dx7": the FM electric piano)
        own = all(t in index.reference.text.own or t in index.sounds.text.own for t in tokenize(letters))
        if not starts_bank and (own or number in _model_numbers(index)):
            continue  # "hats 16 times", "crisp 909 hats": a word of the docs, or before a model Strudel has
        short = number.rstrip("0")
        spelled = {letters + number, letters + short} if short else {letters + number}
        if any(s in name for name in (*banks, *names) for s in spelled):
            continue
        return match.group(0)
    return None
