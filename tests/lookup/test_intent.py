"""Reading the intent (parse_query): English phrasing only, never a Strudel name.

Given a cleaned question, when its intent is read, then it says what is asked (check, detail,
list, search), about what (subject, category, tag, family, bank) and in which domain.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strudel_jupyter.lookup import intent
from strudel_jupyter.lookup.intent import ParsedQuery, parse_query
from strudel_jupyter.vocabulary import DOMAINS, INTENTS


def fields(parsed: ParsedQuery, *names: str) -> tuple:
    return tuple(getattr(parsed, n) for n in names)


@pytest.mark.parametrize(
    ("query", "intent", "domain", "subject"),
    [
        # checks: "is X ...", "does X exist", prefixes that ask for an exact name
        ("is room valid", "check", "auto", "room"),
        ("does fast exist", "check", "auto", "fast"),
        ("can i use lpf", "check", "auto", "lpf"),
        ("is bd:3 available", "check", "auto", "bd:3"),
        ("is bd a sound", "check", "sounds", "bd"),
        ("is tr909 a bank", "check", "sounds", "tr909"),
        ("symbol:fast", "check", "auto", "fast"),
        ("fn:room", "check", "reference", "room"),
        # details: "what does X do", "how does X work", "X examples"
        ("what does fast do", "detail", "auto", "fast"),
        ("how does jux work", "detail", "auto", "jux"),
        ("what is room", "detail", "auto", "room"),
        ("room examples", "detail", "auto", "room"),
        ("what does it do", "detail", "auto", None),  # no name in it
        # searches: a name or a description
        ("sounds:piano", "search", "sounds", "piano"),
        ("reference:lpf", "search", "reference", "lpf"),
        ("how do I speed up a pattern", "search", "auto", None),
        ("rooom", "search", "auto", "rooom"),
    ],
)
def test_intent_domain_and_subject(query, intent, domain, subject):
    parsed = parse_query(query)
    assert fields(parsed, "intent", "domain", "subject") == (intent, domain, subject)
    assert parsed.intent in INTENTS and parsed.domain in DOMAINS


@pytest.mark.parametrize(
    ("query", "field", "value"),
    [
        ("list synths", "category", "synths"),
        ("category:synths", "category", "synths"),
        ("list soundfonts", "type_filter", "soundfont"),  # soundfonts are synths of one type
        ("list drum-machine sounds like bd sd hh", "named", ["bd", "sd", "hh"]),
        ("tag:filter", "tag", "filter"),
        ("show euclid-related functions", "family", "euclid"),
        # "X-related" and "related to X" name a family, whatever the listing's opening words
        ("list all midi-related functions", "family", "midi"),
        ("show me all the midi related ones", "family", "midi"),
        ("anything related to midi", "family", "midi"),
        ("list the functions relating to reverb?", "family", "reverb"),
        ("fast*", "family", "fast"),
        ("which banks have a rim", "banks_with", "rim"),
        ("list banks", "list_banks", True),
        ("banks:all", "list_banks", True),
        ("bank:tr909", "bank", "tr909"),
    ],
)
def test_listings_say_what_to_list(query, field, value):
    parsed = parse_query(query)
    assert parsed.intent == "list" and getattr(parsed, field) == value


def test_related_in_a_description_is_no_family_listing():
    # a sound "related to" something is described, not a family of names to list
    assert parse_query("a sound related to the ocean").family is None


@pytest.mark.parametrize(
    ("query", "noun"),
    [
        ("is bd a sound", "sound"),
        ("is tr909 a bank", "bank"),
        ("is fast a function", "function"),
        ("is bd valid", None),
    ],
)
def test_the_noun_of_a_check(query, noun):
    assert parse_query(query).noun == noun


@pytest.mark.parametrize(
    ("query", "subject", "noun"),
    [
        ("can I use the fast function", "fast", "function"),
        ("is there a jux function", "jux", "function"),
        ("can I use the room effect", "room", "function"),
        ("is there a bd sound", "bd", "sound"),
    ],
)
def test_a_check_names_the_thing_before_its_noun(query, subject, noun):
    # Given a check that says what kind of name it asks about after the name ("the X function")
    parsed = parse_query(query)
    # Then the name alone is checked, as that kind of name
    assert (parsed.intent, parsed.subject, parsed.noun) == ("check", subject, noun)


@pytest.mark.parametrize(
    ("query", "binding"),
    [("fn:room", True), ("sounds:piano", True), ("symbol:room", False), ("is bd a sound", False)],
)
def test_only_a_prefix_binds_the_domain(query, binding):
    """Words such as "sound" hint at a domain; a prefix (``sounds:``, ``fn:``) decides it."""
    assert parse_query(query).domain_binding is binding


def test_hints_come_from_words_not_names():
    assert parse_query("piano sample").domain == "sounds"
    assert parse_query("reverb effect").domain == "reference"
    assert parse_query("piano").domain == "auto"


# ------------------------------------------------------------------ quoted code
@pytest.mark.parametrize(
    ("query", "intent", "subject", "calls"),
    [
        ('is s("bd").bank("tr909") valid', "check", None, ["s", "bank"]),
        ('s("kick").fats(2)', "check", None, ["s", "fats"]),  # code alone: check it
        ("what does .jux(rev) do", "detail", "jux", ["jux"]),
        ("difference between .fast(2) and .hurry(2)", "search", None, ["fast", "hurry"]),
    ],
)
def test_code_in_a_question(query, intent, subject, calls):
    parsed = parse_query(query)
    assert parsed.code is not None and parsed.code.calls == calls
    assert (parsed.intent, parsed.subject) == (intent, subject)


@pytest.mark.parametrize(
    ("query", "domain", "kept"),
    [
        # "sound" as a verb says how something should sound: no hint for the Sounds tab
        ("cut the highs so the pad sounds warmer", "auto", ["cut", "highs", "pad", "warmer"]),
        ("make my bass sound fatter", "auto", ["bass", "fatter"]),
        ("make it sound like a club", "auto", ["club"]),
        # "sound" as a noun still asks for sounds
        ("a snare sound", "sounds", ["snare", "sound"]),
        ("make me a drum sound", "sounds", ["drum", "sound"]),
    ],
)
def test_sound_as_a_verb_is_not_a_hint_for_the_sounds(query, domain, kept):
    parsed = parse_query(query)
    assert (parsed.domain, parsed.tokens) == (domain, kept)


@pytest.mark.parametrize(
    ("query", "tokens"),
    [
        # an effect and the instrument it is put on: the instrument is no sound asked for
        ("vibrato on the strings", ["vibrato"]),
        ("reverb on the electric piano", ["reverb"]),
        ("sidechain the pads to the kick", ["sidechain", "pads"]),
        # an object that is no instrument, or a question that is only the object, is kept
        ("put a kick on every beat", ["put", "kick", "every", "beat"]),
        ("a piano sound for the intro", ["piano", "sound", "intro"]),
        ("on the snare", ["snare"]),
    ],
)
def test_the_instrument_an_effect_is_put_on_is_not_looked_up(query, tokens):
    assert parse_query(query).tokens == tokens


def test_an_effect_on_an_instrument_answers_the_effect():
    from strudel_jupyter import strudel_knowledge

    response = strudel_knowledge("vibrato on the strings")
    assert response["ok"] and response["items"][0]["name"] == "vib"


# ------------------------------------------------------------ the readers' fast search
def _intent_patterns() -> list[re.Pattern[str]]:
    """Every compiled pattern of intent.py, alone or in a list of them."""
    found: list[re.Pattern[str]] = []
    for value in vars(intent).values():
        for item in value if isinstance(value, list | tuple) else (value,):
            if isinstance(item, re.Pattern) and isinstance(item.pattern, str):
                found.append(item)
    return found


# The words the patterns start with and are built from, in several cases, and others; the
# long s and the Kelvin sign are letters ``re.I`` folds into ASCII ones.
_WORDS = st.sampled_from(
    "function Functions METHODS controls control related to like similar around variants of version family "
    "flavour flavor tag tagged with the in which what bank banks drum drum-machine drummachines kit kits "
    "have has contain sounds sound samples contents from inside does do list show me all my user every "
    "wavetables synth synths soundfont custom imported fx midi euclid a reverb on ſounds \u212ait ? . - :"
    " more less way much far lot bit likely often than higher chance odds half most time bars of each every"
    " randomly pick choose random at make it sound how 3 two out in percent %".split()
)


@settings(max_examples=400, deadline=None)
@given(words=st.lists(_WORDS, max_size=14), joiners=st.lists(st.sampled_from([" ", "  ", "-", ", ", ""]), max_size=14))
def test_a_pattern_searched_from_its_leading_words_finds_what_a_full_search_finds(words, joiners):
    # Given a question made of the patterns' own words (and others, in any case)
    text = "".join(w + (joiners[n] if n < len(joiners) else " ") for n, w in enumerate(words)).strip()
    for pattern in _intent_patterns():
        # When it is searched from the first of the words its matches start with
        fast, full = intent._search(pattern, text), pattern.search(text)
        # Then the match is the full search's
        assert (fast and (fast.span(), fast.groupdict())) == (full and (full.span(), full.groupdict())), (
            pattern.pattern,
            text,
        )


def test_the_keyword_patterns_are_searched_from_their_words():
    # Given the readers' patterns that look for a keyword anywhere in a question
    words = {intent._leading_words(p) for p in intent._FAMILY_PATTERNS + intent._TAG_PATTERNS}
    # Then their leading words are read from the patterns (so a long question skips them cheaply)
    assert any(w is not None and {"versions", "family"} <= set(w) for w in words), words
    assert any(w is not None and "tag" in w for w in words)
    # and a question without them is not searched at all
    assert intent._search(intent._FAMILY_PATTERNS[3], "make the hats swing like a drummer") is None


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("abIms t'\u2019\u00e9-.?"), max_size=30))
def test_a_text_without_an_apostrophe_has_no_contraction_to_undo(text):
    # Given any text; When its contractions are undone as content_tokens would
    undone = intent._CONTRACTION.sub(intent._uncontracted, text)
    # Then a text without an apostrophe is unchanged (so content_tokens skips that step for it)
    if "'" not in text and "\u2019" not in text:
        assert undone == text


# ------------------------------------------------------------ cheap "not me" before a pattern
_GUARD_WORDS = st.sampled_from(
    "instead of rather than half a quarter quarters third thirds tenth most of the time bars cycles "
    "on to onto into for the my all every each snare hats kick electric big strings drum-kit pads "
    "INSTEAD Rather HALF ſnare \u212aick insteaſ style styled -esque inspired kraftwerk doesn't work "
    "does not play broken bug it glitches sound anything effect never stop 3 , . ? ! - _".split()
    + ["rather than", "instead of", "half the time", "most of the bars", "doesn't work", "on the", "to my"]
)
_GUARD_TEXT = st.tuples(
    st.lists(_GUARD_WORDS, max_size=12),
    st.lists(st.sampled_from([" ", "  ", "\t", "-", ", ", "", "?", " ?! ", ".\n"]), max_size=12),
).map(lambda t: "".join(w + (t[1][n] if n < len(t[1]) else " ") for n, w in enumerate(t[0])))


@settings(max_examples=500, deadline=None)
@given(text=_GUARD_TEXT)
def test_a_text_without_a_patterns_words_does_not_match_it(text):
    # Given a pattern every match of which holds one of some words, and any text
    from strudel_jupyter.lookup.answers import free_text

    guarded = [
        (intent._SHARE_OF_TIME, intent._SHARE_WORDS),
        (intent._NOT_WANTED, intent._NOT_WANTED_WORDS),
        (free_text._COMPARED_BEFORE, free_text._COMPARED_BEFORE_WORDS),
        (free_text._TROUBLE, free_text._TROUBLE_WORDS),
    ]
    for pattern, words in guarded:
        # When the text may not hold the words, Then the pattern does not match it
        if not intent.may_hold(text, words):
            assert pattern.search(text) is None, (pattern.pattern, text)


@settings(max_examples=500, deadline=None)
@given(text=_GUARD_TEXT)
def test_the_closing_objects_last_word_is_read_without_the_pattern(text):
    # Given any text; When the closing object's pattern matches it
    match = intent._OBJECT.search(text)
    # Then its last word is the text's last word before the closing whitespace and ?.!
    if match is not None:
        assert match.group("x").lower().split()[-1] == intent._last_word(text), text


def test_every_reference_word_holds_one_of_the_words_a_listing_looks_for_first():
    # Given the words that say a question is about functions ("which function chops samples")
    # Then each holds one of the words a listing's reader looks for before reading the tokens
    assert all(any(start in w for start in intent._REFERENCE_WORD_STARTS) for w in intent.REFERENCE_WORDS)
