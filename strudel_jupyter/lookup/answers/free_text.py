"""Free-text answers: a name, a few names or a description, ranked over both domains.

What is not a check or a listing lands here: "what does fast do" (detail), "rooom" (the
closest names), "how do I speed up a pattern" (text relevance over the docs).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ...data.index import StrudelIndex
from ...data.textindex import tokenize
from ...vocabulary import DEFAULT_LIMIT, LIST_LIMIT, Domain
from ..confidence import NEAR_CONFIDENCE, Evidence, confidence, missing_words, unheld_heads
from ..glossary import expand
from ..intent import QUESTION_VERBS, REFERENCE_WORDS, SOUND_WORDS, ParsedQuery, content_tokens, may_hold
from ..items import Item, KnowledgeFailure, KnowledgeResponse
from ..machines import machine_evidence
from ..phrasebook import NearHit, load_phrasebook, near_hits, phrase_hits, resolve
from ..ranking import (
    SCORE_DOC_SYNONYM,
    SCORE_SENTENCE_BAND,
    STRONG,
    Hit,
    Ranking,
    choose_domain,
    docs_terms,
    rank_names,
    rank_reference,
    rank_words,
    suggest,
)
from ..relevance import text_reference
from ..sound_request import colour_and_sound, colour_words, holding_first, opening_sound, unknown_model
from .describe import describe_hits
from .question import NOT_FOUND, SOURCES, Question, failure

__all__ = ["answer_free_text", "closest_meanings", "near_answer"]


def answer_free_text(question: Question, parsed: ParsedQuery, domain: Domain, *, binding: bool) -> KnowledgeResponse:
    """Rank the question's words and answer with the best names: detail for one clear name, else a list.

    ``binding`` says the domain was chosen (a prefix or an explicit domain), not hinted.
    """
    words, context = _words(question.index, parsed)
    if not words:
        return failure(
            question.q,
            "not_found",
            f"{NOT_FOUND} The query names no function, sound or topic to look up; "
            'ask e.g. "what does fast do", "is bd available" or "how do I add reverb".',
        )
    allowed = (domain,) if binding and domain in SOURCES else ("reference", "sounds")
    compared = _compared(parsed.text)
    # (the question's own words: a listing's reader leaves no tokens, "a wavetable editor")
    said = parsed.tokens or content_tokens(parsed.text)
    # a name typed alone ("what does room do") is no thing Strudel lacks: the near phrases (read
    # with the whole phrasebook on first use) are only looked for in other questions
    named = len(said) == 1 and _names_exactly(question.index, said[0])
    near = [] if named else [h for h in near_hits(said) if not _is_compared(h, said, compared)]
    ranking = rank_words(
        question.index,
        words,
        reference="reference" in allowed,
        sounds="sounds" in allowed,
        context=context,
        neighbours=question.mode in ("search", "list"),
        phrase=parsed.tokens or words,
        chance=parsed.chance,
        describes=parsed.describes,
    )
    if ranking.sentence and "sounds" in allowed:
        machine_evidence(question.index, ranking, parsed.tokens or words)  # "a fat boomy 808 kick"
    for typed, read in ranking.corrections.items():
        question.notes.append(f'"{typed}" was read as "{read}" (a misspelling).')
    if _complaint(question.index, parsed, words) or (parsed.code is not None and parsed.tokens == words):
        # names lead in the order written: the one a complaint starts from ("legato ... does
        # not work with rev"), the outer call of quoted code (".every(4, x => x.rev())")
        ranking.reference.sort(
            key=lambda h: (
                words.index(h.via) if h.via in words else words.index(h.name) if h.name in words else len(words)
            )
        )
    chosen = choose_domain(ranking, hint=domain)
    head = None if binding and domain == "reference" else colour_and_sound(question.index, parsed.text)
    if head is not None and ranking.sounds and chosen in ("reference", "sounds"):
        chosen = "sounds"  # "a fat snare": a snare, not detune's (or supersaw's) "fat"
        if ranking.sounds[0].match == "text":
            ranking.sounds = holding_first(question.index, ranking.sounds, parsed.text, head)
    elif (
        chosen == "sounds"
        and ranking.sentence
        and ranking.sounds
        and ranking.sounds[0].match == "text"
        and not ranking.phrased.get(ranking.sounds[0].key)
    ):
        # a description naming one kind of instrument ("the cheap plastic flute children learn
        # first"): a sound of that kind leads, not one its colour words describe loosely (a cheap
        # keyboard); a phrase of the first answer found whole says what is meant
        ranking.sounds = holding_first(question.index, ranking.sounds, parsed.text)
    lead = opening_sound(question.index, parsed.text, ranking) if chosen == "reference" and not binding else None
    if lead is not None:  # the sound the question opens with leads
        chosen = "sounds"
        ranking.sounds = [lead, *(h for h in ranking.sounds if h is not lead)]
    if chosen is None:
        if near:
            return _absent(question, Evidence("text", near=_things(near)), [], 0.0, near)
        return _not_found(question, ranking.words or words, domain if binding else "auto")
    limit = question.limit_or(LIST_LIMIT if question.mode == "list" else DEFAULT_LIMIT)
    detail = (
        question.mode in ("auto", "detail")
        and not ranking.sentence
        and (ranking.strong(chosen) if chosen != "auto" else True)
        and (parsed.intent == "detail" or len(ranking.words) == 1 or parsed.subject is not None)
    )
    if chosen == "auto":
        return _both_domains(question, ranking.reference[:limit], ranking.sounds[:limit], limit, detail=detail)
    hits = ranking.reference if chosen == "reference" else ranking.sounds
    if detail:
        hits = [h for h in hits if h.match in STRONG and h.score >= SCORE_DOC_SYNONYM]
        _synonym_notes(question, hits)
        response = question.success(
            chosen, "detail", describe_hits(question.index, hits, detail=True), question.items(hits, examples=2)
        )
        response["confidence"] = 1.0
        return response
    if ranking.sentence and chosen == "reference":
        hits = _after_reference_points(question.index, hits, _reference_points(parsed.text))
        hits = _with_each_clause(question, parsed, hits, limit)
    hits = hits[:limit]
    evidence = _evidence(question.index, ranking, hits[0], compared=compared, near=near, text=parsed.text)
    sure = confidence(evidence)
    if evidence.absent(sure):
        return _absent(question, evidence, hits, sure, near)
    model = unknown_model(question.index, parsed.text) if chosen == "sounds" else None
    if model is not None:  # "korg ms-20 bass": no sound or bank is that machine; the closest are
        lacking = replace(evidence, missing=(model,), words=1)
        return _absent(question, lacking, hits, min(sure, MODEL_CONFIDENCE))
    response = question.success(
        chosen, "search", describe_hits(question.index, hits, detail=False), question.items(hits, examples=1)
    )
    response["confidence"] = sure
    return response


# A function a description measures the one it asks for against ("similar to compress but
# doesn't leave gaps", "like gain, but linear", "the inverse of degrade"): the docs describe
# functions so, and the one asked for is another.
_REFERENCE_POINT = re.compile(
    r"\b(?:similar\s+to|as\s+with|same\s+as|unlike|instead\s+of|rather\s+than|compared\s+to|"
    r"(?:version|variant|inverse|opposite|counterpart|alternative|shorthand)\s+(?:of|to|for))\s+"
    r"(?:the\s+)?\.?(?P<x>[A-Za-z_$][\w$]*)"
    r"|\blike\s+\.?(?P<y>[A-Za-z_$][\w$]*)(?:\(\))?,?\s+(?:but|except|only|just)\b",
    re.I,
)


def _reference_points(text: str) -> frozenset[str]:
    return frozenset((m.group("x") or m.group("y")).lower() for m in _REFERENCE_POINT.finditer(text))


def _after_reference_points(index: StrudelIndex, hits: list[Hit], points: frozenset[str]) -> list[Hit]:
    """A function the question compares to, when it leads, placed after the best other hit,
    preferring (among the next few) one whose docs name it ("Similar to compress, ...")."""
    if not points or not hits or hits[0].name.lower() not in points:
        return hits
    others = [n for n, h in enumerate(hits[:REFERENCE_POINT_WINDOW]) if h.name.lower() not in points]
    if not others:
        return hits
    terms = docs_terms(index)
    stems = {t for p in points for t in tokenize(p)} | points
    first = next((n for n in others if stems & terms.get(hits[n].name, frozenset())), others[0])
    return [hits[first], *(h for n, h in enumerate(hits) if n != first)]


REFERENCE_POINT_WINDOW = 5  # the hits after the compared function that may take its place


# What a question compares its wish to ("fretless bass like jaco pastorius", "a lead that
# sings like a singer"): an example, not the thing asked for, so never missing from Strudel.
# (up to a preposition that starts the wish's next part: "like a drummer *with* machine learning")
_COMPARED = re.compile(
    r"\b(?:like|as\s+in|such\s+as|a\s+la|in\s+the\s+style\s+of)\s+"
    r"(?P<x>(?:(?!\b(?:with|using|via|through|but)\b)[^,.;:!?()])+)",
    re.I,
)


# ... or names it before "style" ("kraftwerk style drums", "jaco-style bass", "motown-esque")
_COMPARED_BEFORE = re.compile(r"\b(?P<x>[A-Za-z0-9']+)(?:-|\s+)(?:style|styled|esque|inspired)\b", re.I)


_COMPARED_BEFORE_WORDS = ("style", "esque", "inspired")  # one of which every match holds


def _compared(text: str) -> frozenset[str]:
    after = (w.lower() for m in _COMPARED.finditer(text) for w in content_tokens(m.group("x")))
    before = (
        (m.group("x").lower() for m in _COMPARED_BEFORE.finditer(text))
        if may_hold(text, _COMPARED_BEFORE_WORDS)
        else ()
    )
    return frozenset([*after, *before])


def _is_compared(hit: NearHit, words: Sequence[str], compared: frozenset[str]) -> bool:
    """A near thing in what the wish is compared to ("a pad like a vocoder choir") is an example."""
    return all(w.lower() in compared for w in words[hit.start : hit.end])


def _things(near: Sequence[NearHit]) -> tuple[str, ...]:
    """The things Strudel lacks that near hits name, each once, in order."""
    return tuple(dict.fromkeys(h.thing for h in near))


def _evidence(
    index: StrudelIndex,
    ranking: Ranking,
    top: Hit,
    *,
    compared: frozenset[str] = frozenset(),
    near: Sequence[NearHit] = (),
    text: str = "",
) -> Evidence:
    """What the ranking found for the first answer (see ``lookup/confidence.py``)."""
    if top.match != "text":
        return Evidence(top.match, near=_things(near))
    words = [w for w in ranking.words if w not in ranking.misspelt and w.lower() not in compared]
    missing = missing_words(index, words)
    # the head of a compound Strudel has no word for ("a clip launcher") is missing too, when
    # a function answers (a sound's description is colour: "sitar drone")
    if text and top.domain == "reference":
        missing += [w for w in unheld_heads(index, text, words) if w not in missing]
    if text and top.domain == "sounds" and missing:
        # an adjective or a setting of the sound named ("crisp 909 hats", "from the andes") is
        # colour; only the thing asked for can be what Strudel lacks
        colour = colour_words(index, text, missing)
        missing = [w for w in missing if w not in colour]
    if top.name in ranking.inputs_named:
        # a question naming the answer's input (a scale, a chord symbol: "dorian jam in D", "that
        # hendrix E7#9 sound") asks for what Strudel has; its other words are colour
        missing = []
    return Evidence(
        "text",
        coverage=top.coverage,
        phrase=ranking.phrased.get(top.key, 0.0),
        meaning=ranking.described,
        missing=tuple(missing),
        words=len(words),
        # a name typed that musicians use for it too ("shimmery chorus"), unlike an everyday
        # word that happens to be a name ("karaoke mode")
        named=top.name.lower() in {w.lower() for w in ranking.words} and load_phrasebook().calls_by_name(top.name),
        near=_things(near),
    )


#: A sound answer to a question naming a gear model no sound or bank is: only the closest.
MODEL_CONFIDENCE = 0.3
ABSENT_CLOSEST = 3  # names offered as the closest to something Strudel lacks
MEANINGS_OFFERED = 2  # names a check offers for what an unknown word means, before its spelling neighbours


def closest_meanings(index: StrudelIndex, subject: str, domain: Domain) -> list[str]:
    """What Strudel calls the thing ``subject`` names, when a phrase or the glossary says so
    ("flanger" -> phaser, "reverb" -> room): names for a check's suggestions, never invented."""
    words = [w for w in content_tokens(subject) if w.lower() not in SOUND_WORDS]
    if not words or not any(c.isalpha() for w in words for c in w):
        return []
    near = near_hits(content_tokens(subject))
    if near:  # Strudel has no such thing: what comes closest ("vocoder" -> vowel)
        return _near_names(index, near)
    ranking = rank_words(index, words, reference=domain != "sounds", sounds=domain != "reference")
    chosen = choose_domain(ranking)
    hits = ranking.reference if chosen == "reference" else ranking.sounds if chosen == "sounds" else []
    if not hits:
        return []
    if hits[0].match in STRONG:  # the words spell a name ("low pass filter": lpf)
        return [hits[0].name]
    meant = ranking.described or expand([t for w in words for t in tokenize(w)])
    if hits[0].match != "text" or (hits[0].key not in ranking.phrased and not meant):
        return []
    evidence = _evidence(index, ranking, hits[0])
    if evidence.absent(confidence(evidence)):
        return []
    return [h.name for h in hits[:MEANINGS_OFFERED]]


def near_answer(index: StrudelIndex, subject: str) -> str | None:
    """For a check on a word that is no name: "Strudel has no vocoder; closest: vowel (why)."
    when the phrasebook lists it as a thing Strudel lacks, else ``None``."""
    near = near_hits(content_tokens(subject))
    return _near_answer(index, near) if near else None


def _near_names(index: StrudelIndex, near: Sequence[NearHit]) -> list[str]:
    """The real names near hits' targets are (a function's name, a family's first sound)."""
    names: list[str] = []
    for hit in near:
        found = resolve(index, hit.target)
        if found and found[0][2] not in names:
            names.append(found[0][2])
    return names


def _near_answer(index: StrudelIndex, near: Sequence[NearHit]) -> str:
    """The answer to a thing Strudel lacks: "Strudel has no flanger; closest: phaser (why)..."."""
    seen: set[str] = set()
    parts: list[str] = []
    for hit in near:
        found = resolve(index, hit.target)
        if found and found[0][2] not in seen:
            seen.add(found[0][2])
            parts.append(f"{found[0][2]} ({hit.reason})")
    things = _things(near)
    thing = " or ".join(things) if len(things) <= 2 else ", ".join(things[:-1]) + f" or {things[-1]}"
    answer = f"Strudel has no {thing}; closest: {parts[0]}" if parts else f"Strudel has no {thing}"
    return answer + ("; also " + "; ".join(parts[1:]) if len(parts) > 1 else "") + "."


def _absent(
    question: Question, evidence: Evidence, hits: Sequence[Hit], sure: float, near: Sequence[NearHit] = ()
) -> KnowledgeFailure:
    """Strudel has no such thing: say so, and what comes closest (real names only)."""
    closest = [h for h in hits if question.item(h, examples=0)][:ABSENT_CLOSEST]
    if evidence.near:
        first = _near_names(question.index, near)
        names = [*first, *(h.name for h in closest if h.name not in first)][: max(ABSENT_CLOSEST, len(first))]
        answer = _near_answer(question.index, near)  # the other names share only words: suggestions
        response = failure(question.q, "not_found", answer, names, domains=SOURCES)
        response["confidence"] = min(sure, NEAR_CONFIDENCE)
        return response
    thing = " ".join(evidence.missing)
    answer = f"Strudel has no {thing}: no function, sound or doc in the bundled snapshot mentions it."
    if closest:
        answer += f" Closest: {_closest_line(question.index, closest[0])}"
        answer += f"; also {', '.join(h.name for h in closest[1:])}." if len(closest) > 1 else "."
    domains: set[str] = {h.domain for h in closest} or set(SOURCES.keys())
    response = failure(question.q, "not_found", answer, [h.name for h in closest], domains=domains)
    response["confidence"] = sure
    return response


def _closest_line(index: StrudelIndex, hit: Hit) -> str:
    """``name``, and what it is in a few words: the function's summary or the sound's kind."""
    if hit.kind == "function":
        return f"{hit.name} ({index.reference.by_name[hit.name].summary().rstrip('.')})"
    if hit.kind == "sound":
        entry = index.sounds.entries[hit.name]
        return f"{hit.name} (a {entry.type} sound in {entry.category})"
    return f"{hit.name} (a bank of {index.sounds.banks[hit.name].n_sounds} sounds)"


def _clause_answer(question: Question, words: list[str]) -> Hit | None:
    """The one function a clause asks for: a name it spells, or text covering all its words."""
    index = question.index
    names = [h for w in words for h in rank_reference(index, w, fuzzy=False, prefix=False) if h.match in STRONG]
    if len(names) == 1:
        return names[0]
    if len(words) > _CLAUSE_WORDS:
        return None  # a long clause is rarely answered whole: not worth its time
    scored = text_reference(index, words, whole=True)
    if scored and scored[0][2] >= 1.0:
        return Hit("reference", "function", scored[0][0], "text", SCORE_SENTENCE_BAND[0], coverage=1.0)
    return None


# Where a question joins two wishes: "an arpeggiated synth in C minor", "a filtered bass with reverb".
_CLAUSE_BREAK = re.compile(r"\s*(?:[,;]|\b(?:with|and|plus|in|then|but|while|also)\b)\s*", re.I)
_MAX_CLAUSES = 3
_CLAUSE_WORDS = 4  # a clause read on its own has at most this many content words


def _with_each_clause(question: Question, parsed: ParsedQuery, hits: list[Hit], limit: int) -> list[Hit]:
    """Two intents, two answers: each clause's own best function is kept among the first few.

    The whole question still ranks first; a clause adds its best function only when that
    answers the clause outright (a name, or text covering every word of it).
    """
    clauses = [c for c in _CLAUSE_BREAK.split(parsed.text) if c.strip()]
    if len(clauses) < 2:
        return hits
    kept = list(hits)
    for position, clause in enumerate(clauses[:_MAX_CLAUSES], 1):
        words = [
            w for w in content_tokens(clause) if w.lower() not in SOUND_WORDS and not _question_verb(question.index, w)
        ]
        if not words:
            continue
        best = _clause_answer(question, words)
        if best is None:
            continue
        if best.key not in {h.key for h in kept[: limit - 1]}:
            kept = [h for h in kept if h.key != best.key]
            kept.insert(min(position, len(kept)), best)
    return kept


def _both_domains(
    question: Question, ref_top: list[Hit], snd_top: list[Hit], limit: int, *, detail: bool
) -> KnowledgeResponse:
    """A name that is both a function and a sound (sine): both, grouped by domain."""
    if detail:
        ref_top = [h for h in ref_top if h.match in STRONG] or ref_top[:1]
        snd_top = [h for h in snd_top if h.match in STRONG] or snd_top[:1]
    examples = 2 if detail else 1
    groups = {
        "reference": question.items(ref_top, examples=examples),
        "sounds": question.items(snd_top, examples=examples),
    }
    merged = rank_names([*ref_top, *snd_top])
    items = _ensure_both(question.items(merged, examples=examples), groups, limit)
    question.notes.append("this name is both a function and a sound: results are grouped by domain")
    answer = describe_hits(question.index, merged, detail=detail)
    return question.success("auto", "detail" if detail else "search", answer, items, groups=groups)


def _question_verb(index: StrudelIndex, word: str) -> bool:
    """An everyday verb of the question that is also a function's name (add, run, pick)."""
    return word.lower() in QUESTION_VERBS and index.reference.get(word.lower()) is not None


def _words(index: StrudelIndex, parsed: ParsedQuery) -> tuple[list[str], list[str]]:
    """The words to look up, and context words ("sample", "function") that only inform the text."""
    if parsed.subject:
        words = content_tokens(parsed.subject) or parsed.subject.split()
        if len(words) <= 1:
            return [parsed.subject], []
    else:
        words = parsed.tokens or content_tokens(parsed.text)
    verbs: list[str] = []
    if len(words) > 1:
        # "how do I add reverb": the verb is the question's, not the name add; a verb the
        # glossary gives a meaning ("pick one of these" -> chooses) still counts as text
        verbs = [w for w in words if _question_verb(index, w)]
        words = [w for w in words if w not in verbs] or words
        verbs = [w for w in verbs if w not in words and expand(tokenize(w))]
    lookups = [w for w in words if w.lower() not in SOUND_WORDS and w.lower() not in REFERENCE_WORDS]
    if len(lookups) == 1 < len(words) and _sound_phrase_across(index, words, lookups[0]):
        lookups = list(words)  # "a log drum", "snare drum sound": a sound's phrase, not the name log
    context = [w for w in words if w not in lookups]
    if _complaint(index, parsed, lookups):
        # "legato 2 does not work with rev": a complaint is about the names it mentions
        return [w for w in lookups if _names_exactly(index, w)], []
    return (lookups, context + verbs) if lookups else (words, verbs)


def _sound_phrase_across(index: StrudelIndex, words: Sequence[str], word: str) -> bool:
    """A phrase of the sounds areas spans ``word`` (a name on its own: ``log``, the bank
    ``snare``) and a generic sound word beside it ("log drum", "snare drum")."""
    at = words.index(word)
    return any(h.sounds and h.start <= at < h.end and h.end - h.start > 1 for h in phrase_hits(index, words))


# A complaint about code: "X does not work with Y", "X is broken", "why doesn't X play".
_TROUBLE = re.compile(
    # "X does not work", "jux is not working", "rev won't play"; "some parts might not play"
    # and "never play the same fill twice" describe what a pattern should do, no trouble
    r"\b(?:do(?:es)?\s*n[o']?t|doesnt|dont|won'?t|wont|can'?t|cannot|(?:is|are|it'?s)\s+not|isn'?t|aren'?t|"
    r"stopp?(?:ed|s)?)\s+"
    r"(?:work|working|play|playing|sound|do\s+anything|have\s+any\s+effect|change\s+anything)\b"
    # "my jux is broken", "rev seems broken?"; a "broken chord" or a "broken beat" is music
    r"|\b(?:is|are|seems?|looks?|got|gets?|totally|completely|still)\s+broken\b|\bbroken\s*(?:[.?!]|$)"
    r"|\bnot\s+working\b|\bnever\s+works?\b|\b(?:bug|buggy)\b"
    # "it glitches", "keeps glitching"; "glitch the notes", "add a glitch" are wishes
    r"|\b(?:it|is|are|keeps?|still|audio|playback|sound)\s+glitch(?:es|ing|y)\b",
    re.I,
)


# one of which every match of _TROUBLE holds
_TROUBLE_WORDS = ("work", "play", "sound", "anything", "effect", "broken", "bug", "glitch")


def _complaint(index: StrudelIndex, parsed: ParsedQuery, words: Sequence[str]) -> bool:
    """The question complains about code and names some of its functions."""
    # (the names first: looking them up costs less than searching a long question for trouble)
    return (
        len(words) > 1
        and any(_names_exactly(index, w) for w in words)
        and may_hold(parsed.text, _TROUBLE_WORDS)
        and bool(_TROUBLE.search(parsed.text))
    )


def _names_exactly(index: StrudelIndex, word: str) -> bool:
    """``word`` is a function's name or synonym as typed (not only in another case)."""
    ref, typed = index.reference, word.strip()
    if not (
        typed in ref.by_name or typed in ref.by_synonym or typed in ref.by_doc_synonym or typed.lower() in ref.by_lower
    ):
        return False  # (no exact, synonym or other case's hit: what ``rank_reference`` looks up first)
    return any(h.match in STRONG and h.score >= SCORE_DOC_SYNONYM for h in rank_reference(index, word, fuzzy=False))


def _ensure_both(items: list[Item], groups: dict[str, list[Item]], limit: int) -> list[Item]:
    """Within ``limit``, keep at least one item of each domain that has one."""
    items = items[:limit]
    for domain in ("reference", "sounds"):
        kinds = ("function",) if domain == "reference" else ("sound", "bank")
        if groups[domain] and not any(i["kind"] in kinds for i in items):
            items = [*items[: max(limit - 1, 1)], groups[domain][0]]
    return items


def _synonym_notes(question: Question, hits: Sequence[Hit]) -> None:
    ref = question.index.reference
    for hit in hits:
        if (
            hit.kind == "function"
            and hit.match == "synonym"
            and hit.score == SCORE_DOC_SYNONYM
            and hit.via in ref.by_name
        ):
            question.notes.append(
                f"doc.json lists {hit.via} as a synonym of {hit.name}, but the reference tab shows "
                f"{hit.via} as its own entry; both are returned."
            )


def _not_found(question: Question, words: Sequence[str], domain: Domain) -> KnowledgeFailure:
    suggestions: list[str] = []
    for word in words[:4]:
        for s in suggest(question.index, word, domain=domain, limit=5):
            if s not in suggestions:
                suggestions.append(s)
    suggestions = suggestions[:5]
    answer = NOT_FOUND + (f" Did you mean: {', '.join(suggestions)}?" if suggestions else "")
    missing = missing_words(question.index, words[:4])
    if missing and len(missing) == len(words[:4]):  # nothing in Strudel holds any word asked
        answer = f"Strudel has no {' '.join(missing)}: no function, sound or doc in the bundled snapshot mentions it."
        answer += f" Names spelled like it: {', '.join(suggestions)}." if suggestions else ""
    domains = (domain,) if domain in SOURCES else SOURCES
    return failure(question.q, "not_found", answer, suggestions, domains=domains)
