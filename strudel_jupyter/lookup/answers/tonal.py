"""Tonal answers: which scales, chord symbols and voicing dictionaries there are, and "is X a scale".

They answer from the snapshot's ``tonal.json`` (see ``data/tonal.py``), never from memory:
"what scales are there" lists all scale types, "list chord symbols for voicing" the voicing
dictionaries with their symbols, "is bebop a scale" / "is m7b5 a chord symbol" yes with the
real names that match, or no with the closest real ones. A question that is not about tonal
names gets ``None`` and goes on to the other answers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ...data.tonal import ChordType, ScaleType, TonalIndex, split_chord
from ...limits import MAX_TONAL_NAMES
from ...vocabulary import Domain, Match
from .. import fuzzy
from ..closest import Scorer, closest
from ..intent import STOPWORDS
from ..items import (
    Item,
    KnowledgeFailure,
    KnowledgeResponse,
    KnowledgeSuccess,
    TonalEntry,
    TonalNames,
    TonalWhat,
    function_item,
    tonal_chord,
    tonal_scale,
    tonal_voicing,
)
from ..lazy_pattern import lazy_compile
from .describe import join_names
from .question import SOURCES, Question, failure

__all__ = ["TONAL_SOURCE", "answer_tonal"]

#: Where every tonal answer comes from.
TONAL_SOURCE = "tonal.json"

_LIST_CUE = r"(?:list|show|which|what|all|available|known|supported|every|names?\s+of|give\s+me|are\s+there)"
#: "what scales are there", "list scales", "which modes", "scale names", "all scale types"
_LIST_SCALES = lazy_compile(
    rf"\b{_LIST_CUE}\b.*\b(?:scales|modes|scale\s+(?:names|types))\b|\b(?:scales|modes|scale\s+(?:names|types))\b.*\b"
    r"(?:are\s+there|exist|available|supported|known|does\s+\w+\s+(?:know|have|support))\b"
    r"|^\s*(?:scales|modes|scale\s+(?:names|types))\s*\??\s*$",
    re.IGNORECASE,
)
#: "list chord symbols for voicing", "what chords does voicing know", "voicing dictionaries"
_LIST_CHORDS = lazy_compile(
    rf"\b{_LIST_CUE}\b.*\b(?:chords|chord\s+(?:symbols|names|types)|voicings?\s+dictionar(?:y|ies)|"
    r"dictionar(?:y|ies))\b|\b(?:chords|chord\s+(?:symbols|names|types))\b.*\b(?:does\s+\w+\s+(?:know|have|support)|"
    r"are\s+there|exist|available|supported|known)\b"
    r"|^\s*(?:the\s+)?(?:chord\s+symbols|voicing\s+dictionar(?:y|ies))(?:\s+(?:of|in|for|does|that)\b.*)?$",
    re.IGNORECASE,
)
_CHORD_TYPES = lazy_compile(r"\bchord\s+types\b|\btonal\b", re.IGNORECASE)
# The check readings run on the question with its whitespace collapsed to single spaces and
# its trailing "?" cut (``_plain``): each has one lazy group between fixed words, so it
# reads a 1,000-character question in linear-ish time (no run of spaces to try splits of).
_NOUN = (
    r"(?P<noun>scale name|scale|mode|chord symbol|chord name|chord type|chord|voicing dictionary|voicing|dictionary)"
)
#: "is bebop a scale", "is C:minor a valid scale", "is m7b5 a chord symbol", "is lefthand a voicing dictionary"
_IS_A = lazy_compile(
    r"(?:is|are) (?:there an? )?(?P<subject>[^ ].*?) (?:an? |one of the )?(?:(?:valid|real|known|strudel|tonal) )?"
    + _NOUN
    + r"s?(?: (?:that |which )?(?:i|you|we) (?:can|could|may) (?:use|play|pick|choose|try))?"
    + r"(?: (?:that |which )?(?:strudel|tonal|it|voicing) (?:knows|supports|has|understands))?"
    + r"(?: (?:in|with|for) strudel)?(?: here)?",
    re.IGNORECASE,
)
#: "is there a scale called purvi", "does strudel have a chord named m13": the name after "called"
_CALLED = lazy_compile(
    r"(?:is there|are there|does strudel have|do you have|has strudel got) (?:an? |any )?"
    + _NOUN
    + r"s? (?:called|named) (?P<subject>[^ ].*?)(?: in strudel)?",
    re.IGNORECASE,
)
#: "can I use maj7sus2 as a chord symbol", "can I write bebop as a scale"
_USE_AS = lazy_compile(
    r"can (?:i|you|we) (?:use|write|play|pass) (?P<subject>[^ ].*?) as (?:an? )?" + _NOUN + r"(?: in strudel)?",
    re.IGNORECASE,
)
#: "does the voicing dictionary know m11", "does voicing() understand sus24", "does tonal have prometheus"
_KNOWS = lazy_compile(
    r"(?:does|do|can|will) (?:the )?(?:strudel|tonal|it|voicing(?:\(\))?|chord(?:\(\))?|scale(?:\(\))?|"
    r"voicing dictionar(?:y|ies)|dictionar(?:y|ies)) (?:know|understand|support|have|accept|recogni[sz]e|handle) "
    r"(?:the |an? )?(?P<subject>[^ ].*?)(?: (?P<noun>chord symbol|chord|chords|scale|mode))?",
    re.IGNORECASE,
)
#: Words around a name in a check that are not the name: "is hirajoshi available as a scale",
#: "is dorian also a mode", "is the lydian really a scale".
_CHECK_FILLER = frozenset(
    "available usable supported valid known listed included allowed possible ok okay real proper actual "
    "as also even really actually still".split()
)
#: "is dorian available", "is there a lydian dominant scale", "does strudel have a bebop scale",
#: "can I use the hirajoshi scale"
_HAS = lazy_compile(
    r"(?:is|are) (?:there an? )?(?P<subject>[^ ].*?)(?: (?:available|valid|supported|known|defined|there|an? (?:real )?thing))?"
    r"(?: in strudel)?|does strudel (?:have|know|support) (?:an? |the )?(?P<subject2>[^ ].*?)"
    r"|can (?:i|you|we) (?:use|play|get) (?:an? |the )?(?P<subject3>[^ ].*?)(?: in strudel)?",
    re.IGNORECASE,
)
#: A question about functions or doing something with the names ("turn chord symbols into notes",
#: "which functions work with chords", "how do I voice chords") is the reference's, not a listing.
_ABOUT_FUNCTIONS = lazy_compile(
    r"\b(?:functions?|methods?|how|why|turn|turns|convert|converts|make|makes|into|voice|voices|"
    r"transpose|apply|applies|generate|create|build|arpeggiate|quantize|snap|map|switch|change)\b",
    re.IGNORECASE,
)
#: "what's the chord symbol for a half-diminished", "which symbol is a minor seventh chord"
_SYMBOL_FOR = lazy_compile(
    r"(?:what(?:'s|s| is| are)?|which|how do i write|how to write) (?:the )?(?:chord )?symbols? "
    r"(?:for|of|is) (?:an? |the )?(?P<subject>[^ ].*?)(?: chords?)?",
    re.IGNORECASE,
)
_SCALE_WORD = lazy_compile(r"\s+(?:scale|mode)$", re.IGNORECASE)
_CHORD_WORD = lazy_compile(r"\s+(?:chord|chords|chord\s+symbol|chord\s+type)$", re.IGNORECASE)
#: A word written as a chord symbol is ("maj7sus2", "Cm11b13"): a check says yes or no for it.
_LOOKS_LIKE_A_SYMBOL = lazy_compile(r"(?:[A-G][#b]?)?(?=\S*\d)(?:maj|min|dim|aug|sus|add|alt|no|m|M|[b#+^°ø()-]|\d)+")
#: Chord types in words as musicians also write them: "minor 9" is "minor ninth", "maj 7" is "major seventh".
_CHORD_SPELLING = {
    "5": "fifth",
    "6": "sixth",
    "7": "seventh",
    "9": "ninth",
    "11": "eleventh",
    "13": "thirteenth",
    "7th": "seventh",
    "9th": "ninth",
    "11th": "eleventh",
    "13th": "thirteenth",
    "6th": "sixth",
    "maj": "major",
    "min": "minor",
    "dom": "dominant",
    "dim": "diminished",
    "aug": "augmented",
}
_ARTICLE = lazy_compile(r"^(?:the|an?)\s+", re.IGNORECASE)
_DICTIONARY_WORD = lazy_compile(r"\s+(?:voicings?(?:\s+dictionary)?|dictionary)$", re.IGNORECASE)
#: "is the chord symbol m9 supported", "is the scale hirajoshi available": the noun first, then the name
_NOUN_FIRST = lazy_compile(
    r"(?:is|are) (?:the )?" + _NOUN + r" (?P<subject>[^ ]+) (?:supported|valid|available|known|defined|ok|there)"
    r"(?: in strudel)?",
    re.IGNORECASE,
)
_TONAL_WORDS = lazy_compile(r"\b(?:scales?|modes?|chords?|voicings?|dictionar(?:y|ies))\b", re.IGNORECASE)


def answer_tonal(question: Question, domain: Domain) -> KnowledgeResponse | None:
    """The tonal answer the question asks for, or None when it is not about tonal names."""
    if domain == "sounds":
        return None
    plain = _plain(question.q)
    tonal = question.index.tonal
    asked = (
        _CALLED.fullmatch(plain) or _USE_AS.fullmatch(plain) or _IS_A.fullmatch(plain) or _NOUN_FIRST.fullmatch(plain)
    )
    if asked and all(w in STOPWORDS for w in asked.group("subject").lower().split()):
        asked = None  # "is there a scale", "is this a chord": no name asked about
    if asked:
        if tonal is None:
            return _unavailable(question)
        return _check(question, tonal, asked.group("subject"), asked.group("noun").lower())
    knows = _KNOWS.fullmatch(plain)
    if knows and tonal is not None:
        subject = knows.group("subject").strip("`'\" ")
        noun = (knows.group("noun") or "").lower()
        if noun.startswith("chord") or (not noun and _is_chord_asked(tonal, subject)):
            return _check(question, tonal, subject, "chord")
        if noun or _names_a_scale(question, tonal, subject):
            return _check(question, tonal, subject, "scale")
    symbol_for = _SYMBOL_FOR.fullmatch(plain)
    if symbol_for and tonal is not None and _chord_type(tonal, symbol_for.group("subject")) is not None:
        return _check_chord(question, tonal, symbol_for.group("subject"))
    if _ABOUT_FUNCTIONS.search(plain):
        return None  # "which functions use scales", "how do I voice chords": the reference answers
    if _LIST_SCALES.search(plain):
        return _list_scales(question, tonal) if tonal is not None else _unavailable(question)
    if _LIST_CHORDS.search(plain):
        if tonal is None:
            return _unavailable(question)
        if _CHORD_TYPES.search(plain) and not re.search(r"voicing|dictionar", plain, re.IGNORECASE):
            return _list_chord_types(question, tonal)
        return _list_voicings(question, tonal)
    has = _HAS.fullmatch(plain)
    if has and tonal is not None:
        named = has.group("subject") or has.group("subject2") or has.group("subject3") or ""
        named = _ARTICLE.sub("", named.strip("`'\" "))
        dictionary = _DICTIONARY_WORD.sub("", named)
        if dictionary != named and dictionary in tonal.voicings:  # "can I use the lefthand voicings"
            return _check(question, tonal, dictionary, "voicing dictionary")
        chord = _CHORD_WORD.sub("", named)
        if chord != named and _is_chord_asked(tonal, chord):
            return _check(question, tonal, chord, "chord")  # "can I use a minor 9 chord", "is there a m7b5 chord"
        subject = _SCALE_WORD.sub("", _leading_name(named, lambda part: _names_a_scale(question, tonal, part)))
        said = subject != named and re.fullmatch(r"[\w#' -]+", subject) is not None
        said = said and any(w not in STOPWORDS for w in subject.lower().split())  # not "is there a scale"
        if _names_a_scale(question, tonal, subject) or (said and not _TONAL_WORDS.search(subject)):
            # a name tonal knows, or one said to be a scale ("is there a klezmer scale"): yes, or no with the closest
            return _check(question, tonal, subject, "scale")
    return None


def _plain(q: str) -> str:
    """The question with single spaces, without a trailing "?" or quotes around it: what the checks read."""
    return " ".join(q.split()).rstrip("?").rstrip().strip("`'\"")


# ------------------------------------------------------------------ responses
#: The functions that read each kind of tonal name, first one first: the answer's items.
_READERS: dict[TonalWhat, tuple[str, ...]] = {
    "scales": ("scale",),
    "chord types": ("chord", "voicing"),
    "voicing dictionaries": ("voicing", "dictionary"),
}
_DICTIONARY = lazy_compile(r"dictionar", re.IGNORECASE)
_ADDING = lazy_compile(r"\b(?:add|own|custom|new)\b", re.IGNORECASE)


def _readers(question: Question, what: TonalWhat, *, examples: int) -> list[Item]:
    """The function items that read ``what`` (``scale`` for scales), as doc.json has them."""
    names = list(_READERS[what])
    if what == "voicing dictionaries" and not _DICTIONARY.search(question.q):
        names.insert(1, "chord")  # "list chord symbols for voicing": chord() reads them, voicing() plays them
    if what == "voicing dictionaries" and _ADDING.search(question.q):
        names.append("addVoicings")  # "can I add my own voicing dictionary"
    entries = [question.index.reference.by_name.get(n) for n in names]
    return [function_item(e, None, examples=examples) for e in entries if e is not None]


def _names(what: TonalWhat, entries: Sequence[TonalEntry], *, total: int, found: bool = True) -> TonalNames:
    """The ``tonal`` field: the names (bounded by ``MAX_TONAL_NAMES``) and how many there are."""
    shown = list(entries[:MAX_TONAL_NAMES])
    return {"what": what, "found": found, "names": [e["name"] for e in shown], "total": total, "entries": shown}


def _success(
    question: Question, answer: str, what: TonalWhat, entries: Sequence[TonalEntry], *, total: int, mode: str
) -> KnowledgeSuccess:
    listing = mode == "list"
    items = _readers(question, what, examples=1 if listing else 2)
    if len(entries) > MAX_TONAL_NAMES:
        question.notes.append(f"the tonal field holds the first {MAX_TONAL_NAMES} of {len(entries)} names")
    response: KnowledgeSuccess = {
        "ok": True,
        "query": question.q,
        "domain": "reference",
        "mode": "list" if listing else "detail",
        "answer": answer,
        "items": items,
        "sources": [TONAL_SOURCE, SOURCES["reference"]],
        "notes": question.notes,
        "total": len(items),
        "tonal": _names(what, entries, total=total),
    }
    return response


def _no(question: Question, answer: str, what: TonalWhat, close: Sequence[TonalEntry] = ()) -> KnowledgeFailure:
    """A no: the closest real names go in the answer and the ``tonal`` field, never in ``suggestions``
    (which hold only function, sound and bank names)."""
    response = failure(question.q, "not_found", answer, (), domains=(), notes=question.notes)
    response["sources"] = [TONAL_SOURCE]
    response["tonal"] = _names(what, close, total=len(close), found=False)
    return response


def _unavailable(question: Question) -> KnowledgeFailure:
    response = failure(
        question.q,
        "snapshot_unavailable",
        "Scale, chord and voicing names are unavailable: this Strudel snapshot has no tonal.json "
        "(rebuild it with `strudel-jupyter snapshot build`, which writes it).",
    )
    response["sources"] = []
    return response


# ------------------------------------------------------------------ listings
def _scale_family(question: Question, tonal: TonalIndex) -> tuple[list[str], list[ScaleType]]:
    """The scale-name words a listing asks for ("list pentatonic scales", "which minor modes")
    and the scales whose names hold them all (else any of them)."""
    known = {w for s in tonal.scales for w in s.name.split() if len(w) >= 4 and w.isalpha()} - {"mode"}
    words = [w for w in dict.fromkeys(re.findall(r"[a-z][a-z'-]*", question.q.lower())) if w in known]
    if not words:
        return [], []
    named = [s for s in tonal.scales if all(w in s.name.split() for w in words)]
    return words, named or [s for s in tonal.scales if any(w in s.name.split() for w in words)]


def _list_scales(question: Question, tonal: TonalIndex) -> KnowledgeResponse:
    words, scales = _scale_family(question, tonal)
    which = f" with {' '.join(words)!r} in their name" if words else ""
    if not words:
        scales = list(tonal.scales)
    limit = question.limit or len(scales)  # all of them unless fewer are asked for: the point of the question
    entries: list[TonalEntry] = [tonal_scale(s) for s in scales[:limit]]
    if limit < len(scales):
        question.notes.append(f"showing {limit} of {len(scales)} scales; pass a larger limit for all")
    aliases = sum(len(s.aliases) for s in scales)
    usage = entries[0]["usage"] if words and entries else 'n("0 2 4").scale("C:minor:pentatonic")'
    answer = (
        f"{len(scales)} scale types{which} (and {aliases} aliases) for scale(): "
        f"{', '.join(s.written for s in scales)}. Write a tonic, then the name with ':' for spaces: "
        f"{usage}; an octave may follow the tonic (C4:major)."
    )
    if words:
        question.notes.append(f"{len(tonal.scales)} scale types in all: ask 'list scales' for every one")
    return _success(question, answer, "scales", entries, total=len(scales), mode="list")


def _wanted_dictionaries(question: Question, tonal: TonalIndex) -> list[str]:
    words = set(re.findall(r"[a-z][a-z-]*", question.q.lower()))
    return [name for name in tonal.voicings if name in words]


def _list_voicings(question: Question, tonal: TonalIndex) -> KnowledgeResponse:
    wanted = _wanted_dictionaries(question, tonal)
    names = wanted or [tonal.default_voicing, *(n for n in tonal.voicings if n != tonal.default_voicing)]
    entries: list[TonalEntry] = [tonal_voicing(tonal.voicings[n], tonal) for n in names]
    first = tonal.voicings[names[0]]
    shown = ", ".join(s if s else '"" (major)' for s in first.symbols)
    which = "" if wanted else f" (voicing() uses {tonal.default_voicing} unless .dict(...) names another)"
    others = names[1:]
    answer = (
        f"The voicing dictionary {first.name}{which} has {len(first.symbols)} chord symbols, written after a root "
        f"as in {entries[0]['usage']}: {shown}."
    )
    if others:
        answer += " Other dictionaries: " + "; ".join(f"{n} ({len(tonal.voicings[n].symbols)})" for n in others) + "."
    return _success(question, answer, "voicing dictionaries", entries, total=len(entries), mode="list")


def _list_chord_types(question: Question, tonal: TonalIndex) -> KnowledgeResponse:
    chords = list(tonal.chords)
    limit = question.limit or len(chords)
    entries: list[TonalEntry] = [tonal_chord(c, tonal) for c in chords[:limit]]
    if limit < len(chords):
        question.notes.append(f"showing {limit} of {len(chords)} chord types; pass a larger limit for all")
    symbols = [c.symbols[0] for c in chords if c.symbols]
    answer = (
        f"{len(chords)} chord types tonal knows, by symbol: {', '.join(symbols)}. voicing() plays only the "
        f"symbols its dictionary has ({tonal.default_voicing} by default): ask for the chord symbols for voicing."
    )
    return _success(question, answer, "chord types", entries, total=len(chords), mode="list")


# ------------------------------------------------------------------ checks
def _names_a_scale(question: Question, tonal: TonalIndex, subject: str) -> bool:
    """Is ``subject`` ("dorian", "C:minor", "bebop major") a scale name, and not a function or sound first?"""
    if not subject or _TONAL_WORDS.search(subject) and not tonal.scale(subject):
        return False
    index = question.index
    if index.reference.get(subject) is not None or index.sounds.get(subject) is not None:
        return False
    reading = tonal.read_scale(subject)
    return reading.scale is not None or tonal.scale(subject) is not None


def _is_chord_asked(tonal: TonalIndex, subject: str) -> bool:
    """Does ``subject`` read as a chord ("m11", "Cmaj7", "minor ninth", "sus24")?"""
    return _knows_chord(tonal, subject) or _LOOKS_LIKE_A_SYMBOL.fullmatch(subject) is not None


def _check(question: Question, tonal: TonalIndex, subject: str, noun: str) -> KnowledgeResponse:
    subject = _ARTICLE.sub("", subject.strip().strip("`'\""))  # "is the dorian mode ...": dorian
    words = subject.split()
    while len(words) > 1 and words[-1].lower() in _CHECK_FILLER:
        words.pop()  # "hirajoshi available as": hirajoshi
    while len(words) > 1 and words[0].lower() in _CHECK_FILLER:
        words.pop(0)  # "really the dorian": dorian
    subject = _ARTICLE.sub("", " ".join(words))
    if noun.startswith("chord"):
        return _check_chord(question, tonal, _symbol_in(tonal, subject))
    if noun.startswith(("voicing", "dictionary")):
        return _check_dictionary(question, tonal, subject)
    return _check_scale(question, tonal, _leading_name(subject, lambda part: _scale_of(tonal, part)[0] is not None))


#: The most words of a check's subject tried as the name it opens with ("phrygian dominant for
#: a flamenco vibe"): names run to four words ("lydian dominant b6").
_PART_WORDS = 4


def _symbol_in(tonal: TonalIndex, subject: str) -> str:
    """The chord a check's subject names, when the whole is none: its one word written as a
    chord symbol that tonal knows ("7#9" of "7#9 hendrix"); else the subject (answered as
    unknown). Words are never cut down to a known part ("neapolitan minor" is no "minor")."""
    if _knows_chord(tonal, subject):
        return subject
    symbols = [w for w in subject.split() if any(c.isdigit() for c in w) and _knows_chord(tonal, w)]
    return symbols[0] if len(symbols) == 1 else subject


#: What may follow the name a check asks about: "is phrygian dominant available for a flamenco vibe".
_AFTER_NAME = _CHECK_FILLER | frozenset("for in with on to from at by".split())


def _leading_name(subject: str, known: Callable[[str], bool]) -> str:
    """The name a check's subject opens with, when filler or a setting follows it ("phrygian
    dominant" of "phrygian dominant available for a flamenco vibe"); else the subject. A name
    followed by another noun ("minor delay") is no check of that name."""
    if known(subject):
        return subject
    words = subject.split()
    for size in range(min(len(words) - 1, _PART_WORDS), 0, -1):
        if words[size].lower() in _AFTER_NAME and known(part := " ".join(words[:size])):
            return part
    return subject


def _knows_chord(tonal: TonalIndex, subject: str) -> bool:
    """``subject`` is a chord tonal knows: a symbol, a root and a symbol, or a chord type's name."""
    return (
        subject in tonal.by_chord_symbol or split_chord(subject) is not None or _chord_type(tonal, subject) is not None
    )


def _scale_of(tonal: TonalIndex, subject: str) -> tuple[ScaleType | None, str]:
    """The scale a subject names, with or without a tonic, and the tonic written."""
    found = tonal.scale(subject)
    if found is not None:
        return found, ""
    reading = tonal.read_scale(subject)
    return reading.scale, reading.tonic


def _check_scale(question: Question, tonal: TonalIndex, subject: str) -> KnowledgeResponse:
    scale, tonic = _scale_of(tonal, subject)
    if scale is not None:
        match: Match = "exact" if subject.lower().replace(":", " ").endswith(scale.name) else "synonym"
        item = tonal_scale(scale, match=match, score=1.0, tonic=tonic or "C")
        alias = f" ({subject} is an alias of {scale.name})" if match == "synonym" else ""
        aliases = f"; aliases: {', '.join(scale.aliases)}" if scale.aliases else ""
        answer = (
            f"Yes: {scale.name} is a scale{alias}, written {scale.written} after a tonic: {item['usage']}. "
            f"Intervals {' '.join(scale.intervals)}{aliases}."
        )
        return _success(question, answer, "scales", [item], total=1, mode="detail")
    reading = tonal.read_scale(subject)
    if reading.tonic and not reading.type_name:
        close = [s for s in (tonal.scale("major"), tonal.scale("minor")) if s is not None]
        written = [f"{reading.tonic}:{s.written}" for s in close]
        answer = (
            f"No: {subject!r} is a tonic, not a scale: add a scale name after ':', e.g. "
            f'n("0 2 4").scale("{reading.tonic}:major"). Closest scales: {", ".join(written)}.'
        )
        return _no(question, answer, "scales", [tonal_scale(s, tonic=reading.tonic) for s in close])
    word = " ".join((reading.type_name if reading.tonic else subject.lower().replace(":", " ")).split())
    containing = [s for s in tonal.scales if re.search(rf"\b{re.escape(word)}\b", s.name)] if word else []
    if containing:
        entries: list[TonalEntry] = [tonal_scale(s, match="text", score=0.5) for s in containing]
        answer = (
            f"Not a scale name by itself, but {len(containing)} "
            f"{'scale has' if len(containing) == 1 else 'scales have'} {word!r} in {'its' if len(containing) == 1 else 'their'} name: "
            f"{', '.join(s.written for s in containing)}. Write one after a tonic: {entries[0]['usage']}."
        )
        return _success(question, answer, "scales", entries, total=len(entries), mode="list")
    close = [found for n in _closest(word, tonal.scale_names, scorer=fuzzy.fuzz.WRatio) if (found := tonal.scale(n))]
    tonic = reading.tonic or "C"
    answer = (
        f"No: {subject!r} is not a scale name tonal knows ({len(tonal.scales)} scale types; "
        "list them with 'list scales')."
    )
    if close:
        shown = ", ".join(f"{reading.tonic}:{s.written}" if reading.tonic else s.name for s in close)
        answer += f' Closest scales: {shown}; write one after a tonic, as in scale("{tonic}:{close[0].written}").'
    return _no(question, answer, "scales", [tonal_scale(s, tonic=tonic) for s in close])


def _check_chord(question: Question, tonal: TonalIndex, subject: str) -> KnowledgeResponse:
    parts = split_chord(subject)
    candidates = [subject] if parts is None else [parts[1], subject]
    for symbol in candidates:
        dictionaries = [d.name for d in tonal.voicings.values() if symbol in d.symbols]
        chord = tonal.by_chord_symbol.get(symbol)
        if not dictionaries and chord is None:
            continue
        root = parts[0] if parts is not None and symbol == parts[1] else "C"
        entries: list[TonalEntry] = []
        if chord is not None:
            entries.append(tonal_chord(chord, tonal, match="exact", score=1.0))
        entries += [tonal_voicing(tonal.voicings[d], tonal, match="text", score=0.5) for d in dictionaries]
        shown = symbol or '"" (a major triad)'
        named = f" ({chord.name})" if chord is not None and chord.name else ""
        if dictionaries:
            use = "" if tonal.default_voicing in dictionaries else f'.dict("{dictionaries[0]}")'
            answer = (
                f"Yes: {shown} is a chord symbol{named}; the voicing dictionaries {', '.join(dictionaries)} have it: "
                f'chord("{root}{symbol}"){use}.voicing().'
            )
        else:
            answer = (
                f"{shown} is a chord symbol tonal knows{named}, but no voicing dictionary has it, so "
                f'chord("{root}{symbol}").voicing() is silent (the REPL logs unknown chord).'
            )
        return _success(question, answer, "chord types", entries, total=len(entries), mode="detail")
    chord_type = _chord_type(tonal, subject)
    if chord_type is not None:  # a chord type by its name ("half diminished", "minor seventh")
        dictionaries = [d.name for d in tonal.voicings.values() if any(s in d.symbols for s in chord_type.symbols)]
        voiced = [s for s in chord_type.symbols if any(s in tonal.voicings[d].symbols for d in dictionaries)]
        entries = [tonal_chord(chord_type, tonal, match="exact", score=1.0)]
        entries += [tonal_voicing(tonal.voicings[d], tonal, match="text", score=0.5) for d in dictionaries]
        answer = f"Yes: {chord_type.name} is a chord type, written after a root with one of its symbols: " + ", ".join(
            chord_type.symbols
        )
        if voiced:
            answer += f". The voicing dictionaries {', '.join(dictionaries)} have {', '.join(voiced)}: "
            answer += f'chord("C{voiced[0]}").voicing().'
        else:
            answer += "; no voicing dictionary has them, so voicing() is silent for it."
        return _success(question, answer, "chord types", entries, total=len(entries), mode="detail")
    symbol = parts[1] if parts is not None else subject
    known = list(dict.fromkeys([*(tonal.symbols_of() or ()), *tonal.by_chord_symbol]))
    close = _closest(symbol, [s for s in known if s], scorer=fuzzy.fuzz.ratio)
    answer = f"No: {subject!r} is not a chord symbol tonal or a voicing dictionary knows."
    if close:
        answer += f" Closest chord symbols: {', '.join(close)}."
    chords = [tonal.by_chord_symbol[c] for c in close if c in tonal.by_chord_symbol]
    return _no(question, answer, "chord types", [tonal_chord(c, tonal) for c in dict.fromkeys(chords)])


def _chord_type(tonal: TonalIndex, subject: str) -> ChordType | None:
    """The chord type a name in words means ("half diminished", "a minor seventh chord"), else None."""
    words = [_CHORD_SPELLING.get(w, w) for w in re.sub(r"[\s-]+", " ", subject.lower()).split()]
    while words and words[0] in ("a", "an", "the"):
        words = words[1:]
    while words and words[-1] in ("chord", "chords"):
        words = words[:-1]
    spelled = " ".join(words)
    if not spelled:
        return None
    return next((c for c in tonal.chords if c.name and " ".join(re.split(r"[\s-]+", c.name)) == spelled), None)


def _check_dictionary(question: Question, tonal: TonalIndex, subject: str) -> KnowledgeResponse:
    found = tonal.voicings.get(subject)
    if found is not None:
        item = tonal_voicing(found, tonal, match="exact", score=1.0)
        answer = f"Yes: {found.name} is a voicing dictionary with {len(found.symbols)} chord symbols: {item['usage']}."
        return _success(question, answer, "voicing dictionaries", [item], total=1, mode="detail")
    close = _closest(subject.lower(), list(tonal.voicings), scorer=fuzzy.fuzz.WRatio) or list(tonal.voicings)
    answer = f"No: {subject!r} is not a voicing dictionary; there are {join_names(list(tonal.voicings), 10)}."
    return _no(question, answer, "voicing dictionaries", [tonal_voicing(tonal.voicings[n], tonal) for n in close])


def _closest(word: str, names: Sequence[str], *, scorer: Scorer) -> list[str]:
    """Real names close to ``word``: WRatio for words (scale names), plain ratio for symbols (``m7b5``)."""
    return [c.choice for c in closest(word, list(names), scorer=scorer, cutoff=60.0, limit=5)]
