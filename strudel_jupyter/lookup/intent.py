"""Reading the intent of a question: English phrasing only, never a Strudel name.

"is X valid", "list X", "what does X do", prefixes such as ``symbol:X``, and code quoted
inside the prose. What a word means in Strudel is decided later, against the snapshot.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..data.sounds_tab import normalise_category
from ..vocabulary import Domain, Intent
from .lazy_pattern import lazy_compile
from .quoted_code import CODE, CodeParts, split_code

#: English words that carry no lookup meaning in a question about Strudel.
STOPWORDS = frozenset(
    """
    a about all also am an and any anything api are arg args argument arguments as ask at available be
    been by can could code detail details did do doc docs documentation does doing done e.g eg example examples
    exact exactly explain find for forgot forget from function functions get give go got have help
    how i i'm ie if im in info into is it its it's just know let lets like list look looking make
    maybe me mean means method methods my name named names need of on one or param params parameter
    parameters please possible possibly pls reference remember right say see show signature similar so some
    something strudel supposed tell than thanks that the their them then there these thing things think
    this those to too try trying unsure use used using usage want was way we what whats what's when where
    which while who why will with would you your called call calling kind sort type types more less much very
    really across onto upon via should shall might must our us actually basically somehow
    """.split()
)

#: What a question points at without naming it ("what does it do", "explain this").
PRONOUNS = frozenset("it this that these those them they something anything everything one".split())

#: Everyday verbs of a question that Strudel also uses as names (``add``, ``run``, ``pick``):
#: in "how do I add reverb" the verb is the question's, and only a question about the verb
#: itself ("what does add do", "`add`", ".add()") looks it up as a name.
QUESTION_VERBS = frozenset("add set run play make pick keep take put give get let use".split())

SOUND_WORDS = frozenset(
    "sound sounds sample samples synth synths synthesizer synthesizers instrument instruments bank banks drum drums "
    "drumkit kit kits soundfont soundfonts wavetable wavetables machine machines preset presets voice voices "
    "oscillator oscillators waveform waveforms noise".split()
)
REFERENCE_WORDS = frozenset(
    "function functions method methods control controls param params parameter parameters argument arguments api "
    "signal signals effect effects operator operators modifier modifiers transformation transformations".split()
)
# one of which each of REFERENCE_WORDS starts with: a text holding none of them holds none of those
_REFERENCE_WORD_STARTS = (
    "function method control param argument api signal effect operator modifier transformation".split()
)

#: Verbs a doc description of a function opens with ("Sets the ...", "Applies ..."): a
#: question that asks what does so ("what sets the sample playback rate", "which one lowers
#: the sample rate", "chops samples into slices") asks for a function, even when it names
#: samples or synths as what the function acts on.
_FUNCTION_VERBS = (
    "sets|controls|changes|adjusts|applies|makes|turns|converts|selects|picks|plays|loads|lowers|raises|reduces|"
    "increases|adds|removes|cuts|chops|slices|skips|loops|repeats|reverses|shifts|delays|speeds|slows|divides|"
    "splits|multiplies|scales|maps|sends|creates|generates|gives|lets|determines|defines|affects|modulates|"
    "filters|keeps|mutes|silences|stretches|transposes|quantizes|nudges|layers|stacks|squeezes|combines|"
    "concatenates|triggers|renders|displays|swaps|inverts|rounds|fits|bends|detunes|pans|spreads|shapes|"
    "distorts|crushes|decimates|fades|plays|alters|varies|randomizes|randomises|chooses|sequences|offsets"
)
_ASKS_FOR_A_FUNCTION = lazy_compile(
    rf"^(?:(?:what|which)\s+(?:(?:one|thing|function|method|control|param|parameter|effect|option|setting)s?\s+)?)?"
    rf"(?:{_FUNCTION_VERBS}|set|control)\b",
    re.I,
)

# "what sets X", "which control changes X", "sets the X": the frame of a question for a
# function, not its topic (the docs open half their descriptions with "Sets" or "Controls").
_FUNCTION_FRAME = lazy_compile(
    r"^(?:(?:what|which)\s+(?:(?:one|thing|function|method|control|param|parameter|option|setting)s?\s+)?)?"
    r"(?:sets|set|controls|control|determines|defines|specifies|adjusts|changes|configures)\s+(?=\S)",
    re.I,
)

_NOUNS = (
    r"function|method|sound|sample|synth|bank|control|param|parameter|effect|instrument|soundfont|wavetable|"
    r"drum[ -]?machine|symbol|name|thing|keyword|api|command|operator|signal|preset|kit"
)
_ADJ = r"(?:real|valid|known|existing|defined|proper|strudel|actual|supported|available|usable|built-?in|correct)"
# What "is X a <noun>" asks for: only that kind of name answers yes.
_NOUN_KINDS = {
    **dict.fromkeys(
        (
            "function",
            "method",
            "control",
            "param",
            "parameter",
            "effect",
            "operator",
            "signal",
            "command",
            "api",
            "keyword",
        ),
        "function",
    ),
    **dict.fromkeys(("sound", "sample", "synth", "instrument", "soundfont", "wavetable", "preset"), "sound"),
    **dict.fromkeys(("bank", "drummachine", "kit"), "bank"),
}
# "is there a function that repeats each event", "is there a way to slow it down": what
# follows describes a thing, it names none (a check asks about a name).
_DESCRIBES = (
    r"(?:that|which|to|for|who|where|i\s+can|you\s+can|way\s+to|way\s+of"
    r"|(?:something|anything)\s+(?:like|similar\s+to)\s+[\w$.]+,?\s+but)\b"
)
_CHECK_PATTERNS = [
    lazy_compile(
        rf"^(?:is|are)\s+(?!there\b)(?P<x>.+?)\s+(?:(?:a|an|the)\s+)?(?:{_ADJ}\s+)*(?:(?:drum|sound|sample)\s+)?"
        rf"(?P<noun>{_NOUNS})s?\b",
        re.I,
    ),
    lazy_compile(
        r"^(?:is|are)\s+(?P<x>.+?)\s+(?:really\s+)?(?:(?:a|an)\s+)?(?:valid|available|defined|real|supported|known|"
        r"existing|correct|ok|okay|usable|there|loaded|registered|a thing|in strudel|right|built-?in|builtin)\b",
        re.I,
    ),
    lazy_compile(r"^(?:does|do)\s+(?P<x>.+?)\s+(?:really\s+)?(?:exist|exists)\b", re.I),
    lazy_compile(
        rf"^(?:is there|are there|do you have|does strudel have|does strudel support|does strudel know|has strudel)\s+"
        rf"(?!(?:(?:a|an|any|the)\s+)?(?:(?:{_NOUNS})s?\s+)?{_DESCRIBES})"
        rf"(?:(?:a|an|any|the)\s+)?(?:(?:{_NOUNS})s?\s+)?(?:(?:called|named)\s+)?(?P<x>.+?)$",
        re.I,
    ),
    lazy_compile(r"^(?:check|verify|validate)\s+(?:if|whether|that)?\s*(?P<x>.+?)(?:\s+(?:is|exists)\b.*)?$", re.I),
    lazy_compile(r"^(?P<x>[\w$.:-]+)\s+(?:valid|exists?|available)\s*\??$", re.I),
    lazy_compile(r"^can i use\s+(?P<x>.+?)$", re.I),
    # "I saw someone use X, is it real?": the thing asked about is named before the question
    lazy_compile(
        r"^(?:i\s+(?:saw|found|read|heard|noticed)|someone\s+used|somebody\s+used)\s+(?:\w+\s+)*?"
        r"(?:use|using|used|call|calling|write|writing|with)\s+(?P<x>\S+?)[,;]?\s+"
        r"(?:is|does)\s+(?:it|this|that)\s+(?:really\s+)?(?:real|valid|exist|a thing|work|legit)\b",
        re.I,
    ),
]
# A name written as code in the prose ("`rot`", ".rot()") is asked about exactly: it must exist.
_BACKTICKED = lazy_compile(r"`\.?(?P<x>[A-Za-z_$][\w$]*)(?:\(\))?`")

_DETAIL_PATTERNS = [
    lazy_compile(r"^(?:what|wat)\s+(?:does|do|did)\s+(?P<x>.+?)\s+(?:do|does|mean|return|returns|stand for)\b", re.I),
    lazy_compile(r"^how\s+(?:does|do)\s+(?P<x>.+?)\s+work\b", re.I),
    lazy_compile(
        r"^(?:how\s+(?:do|does|can|should|would)\s+(?:i|you|we|one)\s+use|how\s+to\s+use|usage\s+of|"
        r"explain|describe|define|document|tell\s+me\s+about|info\s+(?:on|about)|details?\s+(?:of|for|on|about)|"
        r"docs?\s+(?:for|on|of)|documentation\s+(?:for|of|on)|reference\s+(?:for|of)|help\s+(?:with|on|for)|"
        r"help|lookup|look\s+up)\s+(?P<x>.+?)$",
        re.I,
    ),
    lazy_compile(
        r"^(?:(?:what|which)\s+(?:are|is)\s+)?(?:the\s+)?(?:params|parameters|arguments|args|options|signature|"
        r"usage|examples?|syntax|inputs)\s+(?:of|for|to|does|do)\s+(?P<x>.+?)(?:\s+(?:take|have|accept))?$",
        re.I,
    ),
    lazy_compile(
        r"^(?:show|give)(?:\s+me)?\s+(?:an?\s+|the\s+)?(?:examples?|usage|docs?|documentation|params|parameters|"
        r"signature|details?)\s+(?:of|for|on)\s+(?P<x>.+?)$",
        re.I,
    ),
    lazy_compile(r"^(?:what(?:'s|\s+is|\s+are)|whats|what\s+r)\s+(?P<x>.+?)$", re.I),
    lazy_compile(
        r"^(?P<x>[\w$.:-]+)\s+(?:docs?|documentation|reference|examples?|usage|params|parameters|signature|help)$",
        re.I,
    ),
]

# Trailing chatter after the thing asked about.
_TAIL = lazy_compile(
    r"(?:\s+(?:in|for|with|on|using)\s+strudel(?:\.cc)?\b.*"
    r"|\s+and\s+(?:give|show|list|provide|include|add|tell)\b.*"
    r"|\s+(?:with|and)\s+(?:an?\s+|some\s+)?(?:examples?|usage|params|parameters)\b.*"
    r"|\s+(?:do|does|mean|means)$"
    r"|\s*[?!.]+)$",
    re.I,
)
_LEAD = lazy_compile(
    rf"^(?:(?:the|a|an|this|that)\s+)?(?:(?:strudel|{_ADJ})\s+)*(?:(?:{_NOUNS})s?\s+)?(?:(?:called|named)\s+)?",
    re.I,
)
_QUOTES = "\"'`“”‘’"

_CATEGORY_WORDS = (
    r"(?P<cat>drum[ -]?machines?|drums?|drum[ -]?kits?|synthesi[sz]ers?|synths?|samples?|wave[ -]?tables?|"
    r"soundfonts?|user|my|all|every|custom|imported)"
)
_CATEGORY_RE = lazy_compile(rf"\b{_CATEGORY_WORDS}(?:\s+(?:sounds?|samples?|instruments?))?\b", re.I)
_SOUNDS_WORD = lazy_compile(r"\bsounds\b", re.I)
_SOUND_OR_SAMPLE = lazy_compile(r"\b(?:sounds?|samples?)\b", re.I)
_LIST_VERB = lazy_compile(
    r"^(?:list|show|display|browse|enumerate|give\s+me|get|print|what|which|available|all|any|every|see|find|"
    r"name|tell\s+me)\b",
    re.I,
)
# What may stand between a listing's verb and the category listed ("show me all the
# available synths", "what kinds of samples are there").
_LISTING_FILLER = frozenset(
    "me us all the a an any some of available are is there do does you have has your every kind kinds type types "
    "sort sorts different built in builtin default strudel strudel's loaded other more sounds sound samples sample".split()
)
_LIKE = lazy_compile(r"\b(?:like|such as|e\.?g\.?|including|incl\.?|especially|named|called)\b(?P<x>.*)$", re.I)
# "list all the", "show me every", "find any": the start of a listing
_LIST_ALL = r"(?:(?:list|show|find|give|get|display)\s+(?:me\s+)?)?(?:(?:all|every|any)\s+)?(?:(?:of\s+)?the\s+)?"
_FAMILY_PATTERNS = [
    # "midi-related functions", "list all the midi related ones", "anything related to midi"
    lazy_compile(rf"^{_LIST_ALL}(?P<x>[\w$]+)[- ]related\b", re.I),
    lazy_compile(
        rf"^{_LIST_ALL}(?:functions?|methods?|controls?|stuff|things|everything|anything|names?)\s+"
        r"(?:related|relating|relevant)\s+to\s+(?:the\s+)?(?P<x>[\w$]+)\s*\??$",
        re.I,
    ),
    lazy_compile(
        r"\b(?:functions?|methods?|controls?)\s+(?:related\s+to|like|similar\s+to|around)\s+(?P<x>[\w$]+)", re.I
    ),
    # (one "version of echo with ..." is a function described by another, not echo's family)
    lazy_compile(r"\b(?:variants|versions|family|flavou?rs)\s+of\s+(?P<x>[\w$]+)", re.I),
    lazy_compile(r"\b(?:variant|version|flavou?r)\s+of\s+(?P<x>[\w$]+)\s*\??$", re.I),
    lazy_compile(
        r"^(?:list\s+|show\s+(?:me\s+)?|all\s+)?(?:the\s+)?(?P<x>[\w$]+)\s+(?:family|variants|versions)\b", re.I
    ),
    lazy_compile(
        r"\b(?:functions?|methods?|controls?|names?)\s+(?:starting|beginning|that\s+start|that\s+begin)\s+with\s+"
        r"(?P<x>[\w$]+)",
        re.I,
    ),
    lazy_compile(r"\b(?:functions?|methods?|names?)\s+(?:containing|that\s+contain|with)\s+(?P<x>[\w$]+)\s+in", re.I),
    lazy_compile(r"^(?P<x>[\w$]+)\*$"),
]
_TAG_PATTERNS = [
    lazy_compile(r"\b(?:tagged|tag|with\s+(?:the\s+)?tag|in\s+(?:the\s+)?tag)\s+(?P<x>[\w-]+)", re.I),
    lazy_compile(
        r"^(?:list\s+|show\s+(?:me\s+)?|all\s+|which\s+|what\s+|display\s+)?(?:all\s+|the\s+)?(?P<x>[\w-]+)\s+"
        r"(?:functions?|methods?|controls?|tags?|category|functionality)\b",
        re.I,
    ),
    lazy_compile(r"\b(?:functions?|methods?|controls?)\s+(?:for|in|about|tagged|of)\s+(?P<x>[\w-]+)$", re.I),
]
_BANKS_OF_SOUND = [
    lazy_compile(
        r"\b(?:which|what)\s+(?:banks?|drum[ -]?machines?|kits?)\s+(?:have|has|contain|contains|include|includes|"
        r"with|offer|got)\s+(?:an?\s+|the\s+)?(?P<x>[\w:]+)",
        re.I,
    ),
    lazy_compile(
        r"\b(?:banks?|drum[ -]?machines?|kits?)\s+(?:with|containing|that\s+have|having)\s+(?:an?\s+)?(?P<x>[\w:]+)",
        re.I,
    ),
    lazy_compile(r"^(?P<x>[\w:]+)\s+in\s+which\s+banks?\b", re.I),
]
_BANK_CONTENT = [
    lazy_compile(r"^bank\s*:\s*(?P<x>[\w-]+)$", re.I),
    lazy_compile(
        r"\b(?:sounds?|samples?|contents?)\s+(?:in|of|from|inside)\s+(?:the\s+)?(?:bank\s+)?(?P<x>[\w-]+)"
        r"(?:\s+bank)?\s*\??$",
        re.I,
    ),
    lazy_compile(r"^(?:what'?s|what\s+is)\s+in\s+(?:the\s+)?(?:bank\s+)?(?P<x>[\w-]+)", re.I),
    lazy_compile(
        r"^(?:what|which)\s+(?:sounds?|samples?)\s+(?:does|do|are\s+in|is\s+in)\s+(?:the\s+)?(?P<x>[\w-]+)",
        re.I,
    ),
    lazy_compile(r"^(?:list\s+|show\s+(?:me\s+)?)?(?:the\s+)?(?:bank\s+)(?P<x>[\w-]+)$", re.I),
    lazy_compile(
        r"^(?:does|do|has)\s+(?:the\s+)?(?P<x>[\w-]+)\s+(?:bank\s+|kit\s+|drum[ -]?machine\s+)?"
        r"(?:have|has|contain|include|got)\b(?P<rest>.*)$",
        re.I,
    ),
    lazy_compile(r"^(?:list\s+|show\s+(?:me\s+)?)?(?:the\s+)?(?P<x>[\w-]+)\s+(?:bank|kit|sounds|samples)$", re.I),
]
_LIST_BANKS = lazy_compile(
    r"^(?:list|show|all|which|what|available|display)?\s*(?:all\s+|the\s+|me\s+)*(?:sound\s+|sample\s+|drum[ -]?machine\s+)?banks(?:\s+(?:are\s+)?(?:there|available))?\s*\??$",
    re.I,
)


# A reader's "not me", cheaply: most of the patterns above find a keyword anywhere in the
# question (``\b(?:functions?|methods?)\s+...``), and the regex engine tries every position
# of a long question for it. A match starts with the literal letters its pattern starts with,
# so a question holding none of them (in any case) cannot match, and one holding them is
# searched from the first of them on.
def _leading_words(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """``_read_leading_words``, kept per pattern (by ``id``: hashing a compiled pattern hashes its
    code, and the patterns are this module's, never freed)."""
    try:
        return _LEADING_WORDS[id(pattern)]
    except KeyError:
        words = _LEADING_WORDS[id(pattern)] = _read_leading_words(pattern)
        return words


_LEADING_WORDS: dict[int, tuple[str, ...] | None] = {}


def _read_leading_words(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Lower-cased strings one of which every match of ``pattern`` starts with (after a word
    boundary or a look-around), read from the pattern's parse; None when it has none, or is
    anchored at the start (then it is always searched)."""
    from re import _parser  # type: ignore[attr-defined]  # the parser re compiles with (3.11+)

    try:
        items = list(_parser.parse(pattern.pattern, pattern.flags))
    except Exception:  # noqa: BLE001 - a pattern this cannot read is simply always searched
        return None
    if items and items[0] == (_parser.AT, _parser.AT_BEGINNING) and not pattern.flags & re.MULTILINE:
        return None  # anchored at the start: tried there only, nothing to skip
    words = _starts(items, _parser)
    return tuple(dict.fromkeys(sorted(words))) if words else None


def _starts(items: list[tuple[Any, Any]], parser: Any) -> set[str] | None:
    """The literal beginnings of what the parsed ``items`` match, one of which every match
    starts with; None when a match may start with anything (or nothing)."""
    zero_width = (parser.AT, parser.ASSERT, parser.ASSERT_NOT)  # \b, ^, (?=...), (?<!...)
    while items and items[0][0] in zero_width:
        items = items[1:]
    if not items:
        return None
    (op, value), rest = items[0], items[1:]
    if op is parser.SUBPATTERN:  # a group: its content starts the match
        return _starts([*value[-1], *rest], parser)
    if op is parser.BRANCH:  # alternatives: each starts it its own way
        found: set[str] = set()
        for alternative in value[1]:
            words = _starts([*alternative, *rest], parser)
            if words is None:
                return None
            found |= words
        return found
    if op in (parser.MAX_REPEAT, parser.MIN_REPEAT):  # one repeat at least, or none at all
        least, _most, repeated = value
        first = _starts(list(repeated), parser)
        if first is None or least > 0:
            return first
        after = _starts(rest, parser)
        return None if after is None else first | after
    letters = []
    for op, value in items:
        if op is not parser.LITERAL or not chr(value).isascii():
            break
        letters.append(chr(value).lower())
    return {"".join(letters)} if letters else None


#: Below this many characters a pattern is searched in full (reading its leading words, once per
#: pattern and process, costs more than searching a short question: the first answer's time).
_SEARCH_IN_FULL = 64


def _search(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """``pattern.search(text)``, begun where the first of the words its matches start with is
    (none: no match). Exact for ASCII text; a non-ASCII one is searched in full (``re.I``
    folds some non-ASCII letters into ASCII ones, the long s into s)."""
    if len(text) < _SEARCH_IN_FULL:
        return pattern.search(text)  # a short question: searching it all costs less than reading the words
    words = _leading_words(pattern)
    if words is None or not text.isascii():
        return pattern.search(text)
    low = _lower(text)
    starts = [i for i in (low.find(w) for w in words) if i >= 0]
    # (a match begun further on sees the text before it: ``\b`` and ``^`` read as in a full search)
    return pattern.search(text, min(starts)) if starts else None


def may_hold(text: str, words: Sequence[str]) -> bool:
    """Whether ``text`` may hold one of ``words`` (lower case) in any case: a cheap "not me" for a
    pattern every match of which holds one. Sure only for ASCII text (``re.I`` folds some
    non-ASCII letters into ASCII ones, the long s into s): any other may hold them."""
    if not text.isascii():
        return True
    low = _lower(text)
    return any(w in low for w in words)


_LAST_LOWERED: list[tuple[str, str]] = [("", "")]


def _lower(text: str) -> str:
    """``text.lower()``, kept for the last text object (the readers search one question's text
    for thirty patterns in turn: it is lowered once)."""
    last = _LAST_LOWERED[0]  # (one read: another thread may replace it meanwhile)
    if last[0] is text:
        return last[1]
    low = text.lower()
    _LAST_LOWERED[0] = (text, low)
    return low


# prefix -> (what it asks for, the domain it binds)
_PREFIXES: dict[str, tuple[str, Domain]] = {
    "symbol": ("check", "auto"),
    "sym": ("check", "auto"),
    "function": ("check", "reference"),
    "fn": ("check", "reference"),
    "method": ("check", "reference"),
    "reference": ("search", "reference"),
    "ref": ("search", "reference"),
    "doc": ("search", "reference"),
    "docs": ("search", "reference"),
    "sounds": ("search", "sounds"),
    "sound": ("search", "sounds"),
    "samples": ("search", "sounds"),
    "sample": ("search", "sounds"),
    "tag": ("tag", "reference"),
    "tags": ("tag", "reference"),
    "bank": ("bank", "sounds"),
    "banks": ("bank", "sounds"),
    "category": ("category", "sounds"),
    "list": ("list", "auto"),
}
_PREFIX_RE = lazy_compile(r"^(?P<p>[A-Za-z]+)\s*:\s*(?P<x>.+)$")
_TOKEN = lazy_compile(r"[A-Za-z0-9_$#]+(?:[:.][A-Za-z0-9_$#]+)*")


@dataclass(frozen=True, slots=True)
class Chance:
    """A chance stated in words: its probability (0-1) and the content words that state it.
    ``weighted``: no one probability, but some choices likelier than others ("pick one of
    these, the first way more likely"). ``per_cycle``: a share of the bars or cycles."""

    probability: float
    words: tuple[str, ...]
    weighted: bool = False
    per_cycle: bool = False  # a share of the bars ("half the bars", "one bar in four"), not of the events
    removal: bool = False  # the chance of leaving events out ("randomly drop 30% of the hats")


_NUMBERS = {
    **{w: float(n) for n, w in enumerate("zero one two three four five six seven eight nine ten".split())},
    "a": 1.0,
    "an": 1.0,
    "twenty": 20.0,
    "hundred": 100.0,
    "a hundred": 100.0,
}
_COUNT = r"(?:\d+(?:\.\d+)?|zero|one|two|three|four|five|six|seven|eight|nine|ten|an?)"
_WHOLE = r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twenty|(?:a\s+)?hundred)"
# "9 out of 10", "one hit in ten", "one snare in four": a share of the events
_CYCLES = r"(?:bars?|cycles?|measures?)"
_FRACTION = lazy_compile(
    rf"\b(?P<n>{_COUNT})\s+(?:(?P<unit>{_CYCLES})\s+|[a-z-]+\s+)?"
    rf"(?:out\s+of|in)\s+(?:every\s+)?(?P<m>{_WHOLE})\b(?:\s+(?P<after>{_CYCLES})\b)?",
    re.I,
)
_PERCENT = lazy_compile(r"(?<![\w.])(?P<n>\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b)", re.I)
# every match of _SHARE_OF_TIME holds one of these (its optional "a", "one" start a search anywhere)
_SHARE_WORDS = ("half", "quarter", "third", "tenth", "most")
_SHARES = {"half": 0.5, "quarter": 0.25, "quarters": 0.75, "third": 1 / 3, "thirds": 2 / 3, "tenth": 0.1, "most": 0.75}
# "half the time", "a quarter of the time", "three quarters of the bars", "most of the time"
_SHARE_OF_TIME = lazy_compile(
    r"\b(?:(?:a|one|two|three)\s+)?(?P<share>half|quarters?|thirds?|tenth|most)\s+(?:of\s+)?the\s+"
    r"(?:time|(?P<unit>bars|cycles|measures))\b",
    re.I,
)
# an adverb of frequency made stronger: "very rarely", "hardly ever", "nearly every time"
_DEGREES = (
    (lazy_compile(r"\b(?:very|really|extremely|super)\s+(?:rarely|seldom)\b|\b(?:hardly|barely)\s+ever\b", re.I), 0.1),
    (
        lazy_compile(
            r"\b(?:very|really|extremely|super)\s+(?:often|frequently)\b"
            r"|\b(?:almost|nearly)\s+(?:always|every\s+time)\b",
            re.I,
        ),
        0.9,
    ),
    # the plain adverbs, as Strudel's functions of those names read them
    (lazy_compile(r"\b(?:rarely|seldom)\b", re.I), 0.25),
    (lazy_compile(r"\b(?:sometimes|occasionally)\b", re.I), 0.5),
    (lazy_compile(r"(?<!\bhow\s)\b(?:often|frequently)\b", re.I), 0.75),  # ("how often" asks how often)
)
# words that say a number is a chance ("9 out of 10 times", "30% chance", "of the time"),
# not a count of steps ("3 out of 8 steps" is a rhythm) or an amount ("the volume at 50%",
# "an attack time of 10 percent": "time" alone is a parameter's word)
_CHANCE_WORDS = lazy_compile(
    r"\b(?:random\w*|chance|odds|probab\w*|likel\w*|rarely|seldom|often|sometimes|occasional\w*|times|maybe|"
    r"usually|never|always|perhaps)\b|\b(?:of\s+the|every|each)\s+time\b",
    re.I,
)
# verbs of leaving events out: a chance of that is a chance of removal ("drop 30% of the hats")
_REMOVAL = lazy_compile(r"\b(?:drop\w*|remov\w*|skip\w*|mut(?:e|es|ed|ing)|los(?:e|es|ing)|thin\w*|omit\w*)\b", re.I)
# a share of the steps or beats is a rhythm ("3 out of 8 steps", "5 beats in 8"), not a chance
_RHYTHM_UNITS = frozenset("step steps beat beats pulse pulses slot slots sixteenths eighths".split())


# some choices likelier than others: "way more likely", "less probable", "better odds"
_ODDS = lazy_compile(
    r"\b(?:(?:way|much|far|a\s+lot|bit)\s+)?(?:more|less)\s+(?:likely|probable|often\s+than)\b"
    r"|\b(?:likelier|weighted)\b|\b(?:higher|lower|better|bigger|smaller)\s+(?:chance|odds)\b"
    r"|\b(?:probabilit(?:y|ies)|chances?|odds)\s+(?:for|to|per|of)\s+each\b",
    re.I,
)
# what a share is of, when it is of the events ("30% of the notes"), not of the time
_SHARE_OF_EVENTS = lazy_compile(r"\s*of\s+(?:the|my|all|these|those)\s+(?!time\b)", re.I)
# a choice made at random: "pick randomly", "choose at random", "randomly select"
_RANDOM_CHOICE = lazy_compile(
    r"\b(?:pick|choose|select)\w*\s+(?:randomly|at\s+random)\b|\brandomly\s+(?:pick|choos|select)\w*\b", re.I
)
# a second share after a first, for another thing: "kick 70% of the time, snare the other 30",
# "70/30 between kick and snare", "the snare 30 percent": the shares of a weighted choice
_SECOND_SHARE = lazy_compile(
    r"\b(?:the\s+)?(?:other|rest|remaining)\s+\d+(?:\.\d+)?\b|\b\d+(?:\.\d+)?\s*(?:%|percent\b)|^\s*/\s*\d", re.I
)
# ... among choices: "pick between", "choose one of", "select from"
_CHOICE = lazy_compile(r"\b(?:pick\w*|choos\w*|chose|choice\w*|select\w*|between|options?|one\s+of)\b", re.I)


def _number(word: str) -> float | None:
    word = " ".join(word.lower().split())
    try:
        return float(word)
    except ValueError:
        return _NUMBERS.get(word)


def _stated_chance(text: str) -> tuple[float, str, bool] | None:
    """A share of the events ("9 out of 10") or a percentage, with the text that states it and
    whether the share is of the bars ("one bar in four")."""
    for fraction in _FRACTION.finditer(text):
        n, m = _number(fraction.group("n")), _number(fraction.group("m"))
        around = fraction.group(0).lower().split()[1:2] + text[fraction.end() :].lower().split()[:1]
        if any(w.strip(",.;:!?") in _RHYTHM_UNITS for w in around):
            continue
        if n is not None and m and 0 <= n <= m:
            return n / m, fraction.group(0), bool(fraction.group("unit") or fraction.group("after"))
    percent = _PERCENT.search(text)
    if percent and float(percent.group("n")) <= 100:
        return float(percent.group("n")) / 100, percent.group(0), False
    return None


def read_chance(text: str) -> Chance | None:
    """The chance a question states in words, if any: "9 out of 10" 0.9, "one hit in ten" 0.1,
    "30% of the time" 0.3, "half the time" 0.5, "very rarely" 0.1; or choices some likelier
    than others ("pick between these, the first more likely": ``weighted``). English only: which
    function applies something with that chance is decided against the snapshot later."""
    # (a choice among things is rare: looked for before the odds, whose pattern costs more)
    odds = _search(_ODDS, text) if _search(_CHOICE, text) else None
    if odds:
        words = tuple(content_tokens(odds.group(0)))
        return Chance(0.0, words, weighted=True) if words else None
    chance_words = _search(_CHANCE_WORDS, text) is not None
    found = _stated_chance(text) if chance_words else None
    after = text[text.find(found[1]) + len(found[1]) :] if found else ""
    if found and not _SHARE_OF_EVENTS.match(after) and (_search(_RANDOM_CHOICE, text) or _SECOND_SHARE.search(after)):
        # "pick randomly, the kick 70 percent of the time", "kick 70% of the time, snare the other
        # 30": one choice's share, a weighted choice ("randomly pick 30% of the notes" is a share
        # of the events: a chance)
        words = tuple(content_tokens(found[1]))
        return Chance(0.0, words, weighted=True) if words else None
    share = _search(_SHARE_OF_TIME, text) if may_hold(text, _SHARE_WORDS) else None
    if share and share.group("unit") and not chance_words:
        share = None  # "half the bars" at random is a chance; "in half the bars" alone is a place
    if found is None and share:
        found = (_SHARES[share.group("share").lower()], share.group(0), bool(share.group("unit")))
    for pattern, probability in _DEGREES if found is None else ():
        degree = _search(pattern, text)
        if degree:
            found = (probability, degree.group(0), False)
            break
    if found is None:
        return None
    words = tuple(content_tokens(found[1]))
    removal = bool(_search(_REMOVAL, text))
    return Chance(found[0], words, per_cycle=found[2], removal=removal) if words else None


@dataclass
class ParsedQuery:
    """What the text asks, in Strudel-independent terms."""

    text: str
    intent: Intent = "search"
    domain: Domain = "auto"  # from a prefix (binding) or words like "sound" / "function" (a hint)
    domain_binding: bool = False  # True when a prefix (sounds:, fn:) chose the domain
    subject: str | None = None  # the name asked about, as typed
    tokens: list[str] = field(default_factory=list)  # content words, as typed
    category: str | None = None  # a sounds-tab category to list
    type_filter: str | None = None  # e.g. "soundfont" within synths
    tag: str | None = None  # a reference tag to list (checked against the index later)
    family: str | None = None  # names containing this
    bank: str | None = None  # a bank whose sounds to list
    banks_with: str | None = None  # list banks having this sound
    list_banks: bool = False
    named: list[str] = field(default_factory=list)  # names given as examples ("like bd sd hh")
    prefix: str | None = None
    noun: str | None = None  # what a check asks about: "function", "sound" or "bank"
    exact: bool = False  # the subject was written as code (`rot`, .rot()): only that exact name answers
    code: CodeParts | None = None  # Strudel code quoted in the query
    chance: Chance | None = None  # a chance the question states ("9 out of 10", "very rarely")
    describes: bool = False  # asks for one function by what it does ("which control sets ...")


# "is there a shorthand for <code>", "a shorter way to write <code>": the function asked for
# is described by that code, which is no code to check.
_ASKS_FOR_A_SHORTHAND = lazy_compile(
    r"\b(?:shorthand|short\s*-?\s*form|shortcut|abbreviation|shorter\s+way(?:\s+(?:to|of)\s+(?:write|writing|say))?)\b",
    re.I,
)

# Code quoted in a question is cut out before the prose is read (see quoted_code.py).
_CODE_EDGE = lazy_compile(rf"^(?:\s|{CODE}|\$\w*:|//+|/\*|\*/|[-:;,.!?>])+|(?:\s|//+|/\*|\*/|[-:;,])+$")


def _strip_subject(x: str) -> str:
    x = x.strip().strip(_QUOTES).strip()
    for _ in range(3):
        new = _TAIL.sub("", x).strip().strip(_QUOTES).strip()
        new = _LEAD.sub("", new).strip().strip(_QUOTES).strip()
        if new == x:
            break
        x = new
    # a call written as code: room(0.5) or .room() or s("bd")
    call = re.fullmatch(r"\.?([\w$]+)\s*\(.*\)\s*;?", x)
    if call:
        x = call.group(1)
    return x.lstrip(".").strip()


#: A greeting opens a question ("hi, what does room do"); elsewhere "hi" is a hi-hat's.
GREETINGS = frozenset("hi hello hey hiya".split())


# "sound" as a verb says how something should sound, not that the question is about the
# Sounds tab: "so the pad sounds warmer", "make the synth sound muffled", "sounds like a club".
_SOUND_AS_VERB = lazy_compile(
    r"\b(make\s+(?:it|this|that|them|everything|(?:the|my|this|that|these|those|our|your)\s+\w+(?:\s+\w+)?)\s+)"
    r"sound\b"
    r"|\bsound(?:s|ed|ing)?(?=\s+(?:like|more|less|too|so|very|really|a\s+bit|kind\s+of|[a-z]{3,}er)\b)",
    re.I,
)


def _without_sound_verbs(text: str) -> str:
    return _SOUND_AS_VERB.sub(lambda m: m.group(1) or " ", text)


# Contractions: "aren't", "I'm", "we'll" are filler; "the snare's tail" is about the snare.
_CONTRACTION = lazy_compile(r"\b([A-Za-z]+)['\u2019]([A-Za-z]{1,2})\b")


def _uncontracted(match: re.Match[str]) -> str:
    return match.group(1) if match.group(2).lower() == "s" else " "


def content_tokens(text: str) -> list[str]:
    """Words and names in ``text`` that are not question filler, as typed."""
    if "'" in text or "\u2019" in text:  # (a contraction needs its apostrophe: most questions have none)
        text = _CONTRACTION.sub(_uncontracted, text)
    tokens = _TOKEN.findall(text)
    if tokens and tokens[0].lower() in GREETINGS:
        tokens = tokens[1:]
    return [t for n, t in enumerate(tokens) if t.lower() not in STOPWORDS or _key_named(tokens, n)]


def _key_named(tokens: list[str], n: int) -> bool:
    """The capital "A" of a key named after "in", "of" or "to" ("in A minor", "key of A"): a note, not an article."""
    return tokens[n] == "A" and n > 0 and tokens[n - 1].lower() in ("in", "of", "to")


def _domain_hint(tokens: list[str], subject: str | None) -> Domain:
    words = {t.lower() for t in tokens if t != subject}
    sounds = bool(words & SOUND_WORDS)
    reference = bool(words & REFERENCE_WORDS)
    if sounds and not reference:
        return "sounds"
    if reference and not sounds:
        return "reference"
    return "auto"


def _category(word: str) -> tuple[str | None, str | None]:
    """A category phrase -> (canonical category, type filter); soundfonts are synths of one type."""
    w = re.sub(r"[\s_-]+", "-", word.lower())
    if w.startswith("soundfont"):
        return "synths", "soundfont"
    return normalise_category(w), None


#: "sounds" after what is heard, not after a kind of sound, is the verb: "which scale sounds
#: eastern", "the melody sounds sad" ask about that thing, never for a listing of sounds.
_SOUNDS_VERB_AFTER = lazy_compile(
    r"\b(?:scale|scales|mode|modes|key|chord|chords|melody|melodies|it|this|that|pattern|beat|groove|rhythm|mix)"
    r"\s+sounds\b",
    re.I,
)


def _listing(parsed: ParsedQuery, text: str) -> bool:
    """Sound-category listings: "list synths", "sounds:drum-machines", "what wavetables are there"."""
    if _ASKS_FOR_A_FUNCTION.match(text) or (
        may_hold(text, _REFERENCE_WORD_STARTS) and REFERENCE_WORDS & {t.lower() for t in _TOKEN.findall(text)}
    ):
        return False  # "what sets the sample playback rate", "which function chops samples"
    if _DETAIL_PATTERNS[0].match(text):
        return False  # "what does samples do": the function samples, asked about
    match = _search(_CATEGORY_RE, text)
    verb = _LIST_VERB.search(text)
    if (
        match
        and verb
        and not _LISTING_FILLER.issuperset(w.lower() for w in _TOKEN.findall(text[verb.end() : match.start()]))
    ):
        return False  # "get the duration in seconds of a sample": the category is no object listed
    if not match and (not _search(_SOUNDS_WORD, text) or _SOUNDS_VERB_AFTER.search(text)):
        return False
    if match:
        category, type_filter = _category(match.group("cat"))
        if category in ("user", "all") and not _search(_SOUND_OR_SAMPLE, text):
            category = None  # "list all functions", "my pattern" are not sound listings
    else:
        category, type_filter = "all", None
    if category is None:
        return False
    bare = re.fullmatch(rf"(?:all\s+)?{_CATEGORY_WORDS}(?:\s+(?:sounds?|samples?))?\s*\??", text, re.I)
    if not (bare or verb or parsed.prefix in ("sounds", "category", "list")):
        return False
    parsed.intent, parsed.domain, parsed.category, parsed.type_filter = "list", "sounds", category, type_filter
    like = _LIKE.search(text)
    if like:
        parsed.named = content_tokens(like.group("x"))
    return True


def parse_query(text: str) -> ParsedQuery:
    """Read the intent of a cleaned query string, including questions that quote code."""
    prose, code = split_code(text)
    if code is None:
        parsed = _parse_prose(text)
        ticked = {m.group("x") for m in _BACKTICKED.finditer(text)}
        parsed.exact = parsed.subject is not None and parsed.subject in ticked
        return parsed
    question = _CODE_EDGE.sub("", prose).strip()
    parsed = _parse_prose(question or CODE)
    parsed.text, parsed.code = text, code
    names = list(dict.fromkeys(code.calls))
    if parsed.subject is not None and CODE in parsed.subject:
        parsed.subject = None
    shorthand = _ASKS_FOR_A_SHORTHAND.search(question)
    if shorthand:
        # "shorthand for sometimesBy(0.9, fn)": the docs describe the function asked for by
        # that code ("Shorthand for .sometimesBy(0.9, fn)"): its names and numbers are words
        numbers = re.findall(r"\d+(?:\.\d+)?", code.text)
        rest = question[: shorthand.start()] + " shorthand " + question[shorthand.end() :]
        words = content_tokens(rest.replace(CODE, " "))
        parsed.intent, parsed.subject, parsed.exact, parsed.code = "search", None, False, None
        parsed.tokens = [*words, *dict.fromkeys(code.calls), *numbers]
        return parsed
    if parsed.intent == "check" or not question.replace(CODE, "").strip():
        parsed.intent, parsed.subject = "check", None  # "is <code> valid", or code alone
    elif parsed.subject is None:
        # "what does <code> do", "difference between .fast(2) and .hurry(2)": the names it calls
        parsed.tokens = names
        parsed.subject = names[0] if len(names) == 1 else None
        parsed.exact = parsed.subject is not None
    return parsed


#: A reader reads one kind of question. It returns True when the reading is complete (the
#: rest are skipped), False when the question is not its kind or it only noted something
#: (a bank named, a tag) for the readers after it. Order matters: the first complete
#: reading wins, as whoosh's query parser plugins run in order.
Reader = Callable[[ParsedQuery, str], bool]


def _parse_prose(text: str) -> ParsedQuery:
    """Run the readers in order; what none completes is read as words (``_read_words``)."""
    parsed = ParsedQuery(text=text)
    for reader in READERS:
        if reader(parsed, text):
            return parsed
    _read_words(parsed, text)
    return parsed


def _read_prefix(parsed: ParsedQuery, text: str) -> bool:
    """``symbol:X``, ``sounds:drum-machines``, ``tag:fx``, ``bank:tr909``: the prefix says it all."""
    prefix = _PREFIX_RE.match(text)
    if not prefix or prefix.group("p").lower() not in _PREFIXES:
        return False
    parsed.prefix = prefix.group("p").lower()
    intent, domain = _PREFIXES[parsed.prefix]
    body = prefix.group("x").strip()
    parsed.domain, parsed.domain_binding = domain, domain != "auto"
    if intent == "check":
        parsed.intent, parsed.subject = "check", _strip_subject(body)
        parsed.tokens = [parsed.subject]
        return True
    if intent == "tag":
        parsed.intent, parsed.tag = "list", body.strip().lower()
        return True
    if intent == "bank":
        if body.strip().lower() in ("", "all", "*", "list"):
            parsed.intent, parsed.list_banks = "list", True
        else:
            parsed.intent, parsed.bank = "list", _strip_subject(body)
        return True
    if intent == "category" or parsed.prefix in ("sounds", "sound", "samples", "sample", "list"):
        category, type_filter = _category(body)
        if category:
            parsed.intent, parsed.domain, parsed.category, parsed.type_filter = "list", "sounds", category, type_filter
            return True
        if _listing(parsed, body):
            return True
    parsed.tokens = content_tokens(body) or _TOKEN.findall(body)
    parsed.subject = _strip_subject(body) if len(parsed.tokens) == 1 else None
    if parsed.prefix == "list":
        parsed.intent = "list"
    return True


def _read_check(parsed: ParsedQuery, text: str) -> bool:
    """ "is X valid", "does X exist", "is X a sound": a yes/no about one name."""
    for pattern in _CHECK_PATTERNS:
        match = pattern.match(text)
        if match:
            subject = _strip_subject(match.group("x"))
            noun = (match.groupdict().get("noun") or "").lower()
            subject, noun = _named_with_noun(subject, noun)
            if subject and len(subject.split()) <= 3:
                parsed.intent, parsed.subject = "check", subject
                hint_words = [noun] + [w for w in text.split() if w.lower() != subject.lower()]
                parsed.domain = _domain_hint(hint_words, subject)
                parsed.noun = _NOUN_KINDS.get(re.sub(r"[\s-]+", "", noun))
                parsed.tokens = [subject]
                return True
    return False


_THERE = lazy_compile(r"^there\s+(?:(?:is|are)\s+)?(?:(?:a|an|any|some|the)\s+)?", re.I)
_NOUN_LAST = lazy_compile(rf"^(?P<x>.+?)\s+(?P<noun>{_NOUNS})s?$", re.I)


def _named_with_noun(subject: str, noun: str) -> tuple[str, str]:
    """The name a check asks about, and its noun: "there a jux" -> jux ("is there a jux function"),
    "the fast function" -> fast, function ("can I use the fast function")."""
    subject = _THERE.sub("", subject)
    last = _NOUN_LAST.match(subject)
    if last and not noun:
        subject, noun = _strip_subject(last.group("x")), last.group("noun").lower()
    return subject, noun


def _read_banks_of_sound(parsed: ParsedQuery, text: str) -> bool:
    """ "which banks have a cowbell": the banks holding a sound."""
    for pattern in _BANKS_OF_SOUND:
        match = _search(pattern, text)
        if match:
            parsed.intent, parsed.domain, parsed.banks_with = "list", "sounds", match.group("x")
            return True
    return False


def _read_bank_list(parsed: ParsedQuery, text: str) -> bool:
    """ "list banks", "what banks are there"."""
    if _LIST_BANKS.match(text):
        parsed.intent, parsed.domain, parsed.list_banks = "list", "sounds", True
        return True
    return False


def _read_bank_content(parsed: ParsedQuery, text: str) -> bool:
    """ "sounds in the tr909 bank", "does the linn have a cowbell": notes the bank (confirmed later)."""
    for pattern in _BANK_CONTENT:
        match = _search(pattern, text)
        if match and match.group("x").lower() not in STOPWORDS:
            parsed.bank = match.group("x")  # confirmed against the registry later
            if match.groupdict().get("rest"):
                parsed.named = content_tokens(match.group("rest"))
            break
    return False


def _read_family(parsed: ParsedQuery, text: str) -> bool:
    """ "euclid-related functions", "variants of pick": names containing a word."""
    for pattern in _FAMILY_PATTERNS:
        match = _search(pattern, text)
        if match and match.group("x").lower() not in STOPWORDS:
            parsed.intent, parsed.domain, parsed.family = "list", "reference", match.group("x")
            return True
    return False


def _read_tag(parsed: ParsedQuery, text: str) -> bool:
    """ "functions tagged fx", "list effects functions": notes a tag (confirmed against the index later)."""
    for pattern in _TAG_PATTERNS:
        match = _search(pattern, text)
        if match and match.group("x").lower() not in STOPWORDS:
            parsed.tag = match.group("x").lower()
            break
    return False


def _read_detail(parsed: ParsedQuery, text: str) -> bool:
    """ "what does X do", "how do I use X": notes the subject asked about in detail."""
    for pattern in _DETAIL_PATTERNS:
        match = pattern.match(text)
        if match:
            subject = _strip_subject(match.group("x"))
            if subject:
                parsed.intent, parsed.subject = "detail", subject
                break
    return False


#: Instruments and parts of a track as musicians name them: what an effect is put on.
INSTRUMENTS = frozenset(
    """
    snare snares kick kicks hat hats hihat hihats hi-hat hi-hats cymbal cymbals drum drums drumkit bass bassline
    pad pads piano pianos keys strings guitar guitars vocal vocals voice voices lead leads synth synths melody
    chords chord riff riffs loop loops track tracks mix master bus percussion perc toms tom clap claps
    organ brass horns horn flute violin cello choir arp arps sample samples break breaks
    """.split()
)
_INSTRUMENT_ADJECTIVES = frozenset("electric acoustic little big whole main".split())
# "reverb on the snare", "vibrato to the strings": an effect and what it is put on
_OBJECT = lazy_compile(
    r"\b(?:on|to|onto|into|for|across|over|under)\s+(?:the|my|a|an|this|that|these|those|our|all\s+the|every|each)"
    r"\s+(?P<x>(?:[\w-]+\s+){0,2}[\w-]+)\s*[?.!]*\s*$",
    re.I,
)


def _without_object(text: str) -> str:
    """The question without its closing object when that names only instruments: in "vibrato on
    the strings" the strings are what vibrato is put on, not a sound asked for. (A question
    that is only an object, "on the snare", keeps it: then it is what is asked.)"""
    if _last_word(text) not in _OBJECT_WORDS:
        return text  # (most questions: what a match would end with is no instrument)
    match = _OBJECT.search(text)
    if match is None:
        return text
    words = match.group("x").lower().split()
    if not words or not all(w in INSTRUMENTS or w in _INSTRUMENT_ADJECTIVES for w in words):
        return text
    rest = text[: match.start()]
    return rest if content_tokens(rest) else text


_OBJECT_WORDS = INSTRUMENTS | _INSTRUMENT_ADJECTIVES


def _last_word(text: str) -> str:
    """The last run of word characters and hyphens before the closing whitespace and ``?.!``, lower
    case: the last word of an ``_OBJECT`` match, when there is one."""
    end = text.rstrip().rstrip("?.!").rstrip()
    start = len(end)
    while start and (end[start - 1].isalnum() or end[start - 1] in "_-"):  # ``[\w-]``
        start -= 1
    return end[start:].lower()


# "in cycles instead of seconds", "rather than each cycle": what the question does not want.
_NOT_WANTED = lazy_compile(r"\s*,?\s*\b(?:instead\s+of|rather\s+than)\s+[^,.;:!?()]*", re.I)
_NOT_WANTED_WORDS = ("instead", "rather")


def _without_unwanted(text: str) -> str:
    """The question without what it says it does not want (when something else is left)."""
    if not may_hold(text, _NOT_WANTED_WORDS):
        return text
    rest = _NOT_WANTED.sub(" ", text)
    return rest if rest != text and len(content_tokens(rest)) >= 2 else text


def _read_words(parsed: ParsedQuery, text: str) -> None:
    """The question's content words, the domain its words hint at, and a lone word as the subject."""
    if parsed.subject is not None and parsed.subject.lower() in PRONOUNS:
        parsed.subject = None  # "what does it do": no name in it ("what does all do" has one)
    text = _without_unwanted(text)
    parsed.tokens = content_tokens(_without_sound_verbs(_without_object(text)))
    parsed.chance = read_chance(text)
    parsed.domain = _domain_hint(parsed.tokens, parsed.subject)
    if _ASKS_FOR_A_FUNCTION.match(text.strip()):
        parsed.domain = "reference"
        topic = content_tokens(_without_object(_FUNCTION_FRAME.sub("", text.strip(), count=1)))
        if len(topic) >= 2:  # ("what changes the pitch" stays a description, not the lone word "pitch")
            parsed.tokens, parsed.describes = topic, True
    if parsed.subject is None and len(parsed.tokens) == 1:
        parsed.subject = _strip_subject(parsed.tokens[0])


#: The readers, in order (see ``Reader``).
READERS: tuple[Reader, ...] = (
    _read_prefix,
    _read_check,
    _read_banks_of_sound,
    _read_bank_list,
    _read_bank_content,
    _read_family,
    _read_tag,
    _listing,
    _read_detail,
)
