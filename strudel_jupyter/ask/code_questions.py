"""Check answers: "does X exist", "is X a sound", "is <quoted code> valid".

A check is exact: the name itself or a synonym answers yes; anything else is a no with
real names offered instead. Quoted code is checked by the validator (``validator/``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..data.sounds import BANK_DOC, SoundEntry
from ..data.sounds_tab import index_slots, is_hidden_sound, sound_key
from ..data.textindex import tokenize
from ..lookup.answers.describe import describe_bank, describe_function, describe_sound
from ..lookup.answers.free_text import closest_meanings, near_answer
from ..lookup.answers.question import NOT_FOUND, SOURCES, Question, failure
from ..lookup.intent import SOUND_WORDS, content_tokens
from ..lookup.items import KnowledgeFailure, KnowledgeResponse
from ..lookup.machines import machine_sounds
from ..lookup.phrasebook import near_hits, phrase_hits, resolve
from ..lookup.quoted_code import CodeParts
from ..lookup.ranking import (
    SCORE_DOC_SYNONYM,
    SCORE_EXACT,
    SCORE_EXACT_SECOND,
    SCORE_EXACT_THIRD,
    SCORE_SYNONYM,
    Hit,
    rank_names,
    split_sound_index,
    suggest,
)
from ..lookup.relevance import text_sounds
from ..vocabulary import Domain, Match

if TYPE_CHECKING:
    from ..data.index import StrudelIndex
    from ..validator.report import ValidationResult

__all__ = ["answer_check", "answer_code", "answer_invented", "answer_missing"]

# Findings that make quoted code fail or fall silent: a "valid?" question answers no.
_SILENT_KINDS = frozenset(
    {"unknown_sound", "unknown_bank", "sound_not_in_bank", "unknown_scale", "incomplete_scale", "unknown_chord"}
)


def _exact_hits(question: Question, subject: str, domain: Domain, noun: str | None) -> list[Hit]:
    """The names ``subject`` is exactly (or is a synonym of): function, then sound, then bank."""
    ref, snd = question.index.reference, question.index.sounds
    hits: list[Hit] = []
    if domain in ("auto", "reference"):
        entry = ref.by_name.get(subject)
        if entry:
            hits.append(Hit("reference", "function", entry.name, "exact", SCORE_EXACT))
        entry = ref.by_synonym.get(subject)
        if entry:
            hits.append(Hit("reference", "function", entry.name, "synonym", SCORE_SYNONYM, via=subject))
        for entry in ref.by_doc_synonym.get(subject, ()):
            hits.append(Hit("reference", "function", entry.name, "synonym", SCORE_DOC_SYNONYM, via=subject))
    name, _n = split_sound_index(subject)
    if domain in ("auto", "sounds"):
        sound = snd.get(name)
        if sound and not sound.hidden and noun != "bank":
            # asked about sounds, a sound is the answer; otherwise a function of that name leads
            score = SCORE_EXACT if domain == "sounds" else SCORE_EXACT_SECOND
            hits.append(Hit("sounds", "sound", sound.name, "exact", score, via=subject))
        bank = snd.get_bank(name)
        if bank and noun != "sound":
            hits.append(Hit("sounds", "bank", bank.bank, "exact", SCORE_EXACT_THIRD))
    return rank_names(hits)


def answer_check(question: Question, subject: str, domain: Domain, *, noun: str | None = None) -> KnowledgeResponse:
    """Is this exact name real? Exact name or synonym only; else ok:false with suggestions.

    ``noun`` narrows what counts: "is snare a sound" is no (``snare`` is only a bank prefix).
    """
    hits = _exact_hits(question, subject, domain, noun)
    if not hits and noun == "bank":
        hits = _machine_banks(question, subject)  # "is 909 a drum bank": the RolandTR909 bank
    if not hits and noun != "bank" and domain != "reference":
        hits = _described_sound(question, subject)  # "is white noise available": the sound white
    if not hits and noun in (None, "function") and domain != "sounds":
        called = _called_function(question, subject)  # "is there a reverb": Strudel calls it room
        if called is not None:
            entry = question.index.reference.by_name[called.name]
            answer = f"Yes: what musicians call {subject} is {entry.name} in Strudel. {describe_function(entry)}"
            return question.success("reference", "detail", answer, question.items([called], examples=2))
    if not hits and noun != "bank" and domain != "reference":
        hits = _called_sound(question, subject)  # "is there a sitar": gm_sitar; "an 808 kick": its bd
    if not hits:
        return _not_real(question, subject, domain, noun)
    ref, snd = question.index.reference, question.index.sounds
    n = split_sound_index(subject)[1]
    sound_hit = next((h for h in hits if h.kind == "sound"), None)
    slots = index_slots(snd.registry.get(sound_hit.name, {})) if sound_hit and n is not None else None
    if sound_hit and slots is not None and n is not None and n >= slots:
        plural = "s" if slots != 1 else ""
        return failure(
            question.q,
            "index_out_of_range",
            f"{sound_hit.name} exists but has {slots} sample{plural} (indices 0-{slots - 1}); "
            f"{sound_hit.name}:{n} wraps around to index {n % slots}.",
            [sound_hit.name],
            domains=("sounds",),
        )
    items = question.items(hits, examples=2)
    domains = {h.domain for h in hits}
    resolved: Domain = "auto" if len(domains) > 1 else hits[0].domain
    top = hits[0]
    if top.kind == "function":
        entry = ref.by_name[top.name]
        how = f" ({subject} is a synonym of {entry.name})" if top.match == "synonym" else ""
        answer = f"Yes: {subject} is a documented Strudel function{how}. {describe_function(entry)}"
    elif top.kind == "sound":
        sound = snd.entries[top.name]
        said = f"what musicians call {subject} is {sound.name}, " if top.match == "synonym" else f"{sound.name} is "
        answer = f"Yes: {said}in the sound registry. {describe_sound(sound)}"
    elif top.match == "synonym":  # a machine name in a musician's spelling
        bank = snd.banks[top.name]
        answer = f"Yes: {subject} is the sound bank {bank.label} ({top.name}). {describe_bank(bank)}"
    else:
        answer = f"Yes: {top.name} is a sound bank. {describe_bank(snd.banks[top.name])}"
    groups = None
    if resolved == "auto":
        groups = {d: [i for i, h in zip(items, hits, strict=False) if h.domain == d] for d in ("reference", "sounds")}
        question.notes.append(f"{subject} is both a function and a sound; both are listed.")
    return question.success(resolved, "detail", answer, items, groups=groups)


# Asking whether Strudel can do a thing, not whether a name is valid: "is there a reverb",
# "does strudel have an arpeggiator" (but "is reverb valid" asks about the name itself).
_CAPABILITY = re.compile(
    r"^\s*(?:is there|are there|do you have|does strudel (?:have|support)|has strudel|can (?:i|you|we) (?:use|get|add))\b",
    re.I,
)


def _called_function(question: Question, subject: str) -> Hit | None:
    """The function a capability question names in musicians' words: the whole subject is a
    phrase of the phrasebook for one function ("reverb" -> room, "arpeggiator" -> arp).

    Plain words only (code such as ``.reverb()`` asks about the name), never a thing the
    phrasebook lists as near (Strudel has no flanger: that stays a no).
    """
    if not _CAPABILITY.match(question.q) or not re.fullmatch(r"[A-Za-z][A-Za-z -]*", subject.strip()):
        return None
    words = content_tokens(subject)
    if not words or near_hits(words):
        return None
    targets = {
        found
        for hit in phrase_hits(question.index, words)
        if not hit.sounds and hit.start == 0 and hit.end == len(words)
        for domain, _kind, found in resolve(question.index, hit.target)
        if domain == "reference"
    }
    if len(targets) != 1:
        return None
    return Hit("reference", "function", targets.pop(), "synonym", SCORE_SYNONYM, via=subject)


_CALLED_SOUNDS = 3  # the sounds a capability question in musicians' words answers with


def _called_sound(question: Question, subject: str) -> list[Hit]:
    """The sounds a capability question names in musicians' words: the whole subject (less
    generic sound words) is a phrase of the sounds areas for one instrument ("is there a
    sitar": gm_sitar), or a drum machine with a drum ("is there an 808 kick": its bd).
    Never a thing the phrasebook lists as near ("is there a tabla" stays a no)."""
    if not _CAPABILITY.match(question.q) or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 -]*", subject.strip()):
        return []
    said = content_tokens(subject)
    words = [w for w in said if w.lower() not in SOUND_WORDS] or said
    if not words or near_hits(said):
        return []
    index = question.index
    machine = machine_sounds(index, words)
    if machine is not None and {w.lower() for w in words} <= machine.words:
        names = [n for kind, n in machine.names if kind == "sound"][:_CALLED_SOUNDS]
        return [Hit("sounds", "sound", n, "synonym", SCORE_SYNONYM, via=subject) for n in names]
    # the phrases (of one instrument: "thumb piano" is gm_kalimba and the kalimba samples)
    # that open the subject; its other words must be the sound's own ("hammond organ")
    found: list[str] = []
    for hit in phrase_hits(index, said):
        if hit.sounds and hit.start == 0:
            rest = [w for w in said[hit.end :] if w.lower() not in SOUND_WORDS]
            for _domain, kind, name in resolve(index, hit.target, sounds=True):
                if kind == "sound" and name not in found and all(_holds(index, name, w) for w in rest):
                    found.append(name)
    return [Hit("sounds", "sound", n, "synonym", SCORE_SYNONYM, via=subject) for n in found[:_CALLED_SOUNDS]]


def _holds(index: StrudelIndex, sound: str, word: str) -> bool:
    """The sound's text holds the word (its name, program and phrases)."""
    return sound in index.sounds.text.score(tokenize(word))


def _machine_banks(question: Question, subject: str) -> list[Hit]:
    """Banks a machine name in a musician's spelling means ("909", "TR-808", "Linn").

    Only banks whose spelling holds every word of ``subject`` (``RolandTR909``: roland, tr,
    909), original banks before their aliases.
    """
    words = [w for w in re.findall(r"[A-Za-z]+|\d+", subject)]
    banks = question.index.sounds.banks
    found = []
    for key, _relevance, coverage in text_sounds(question.index, words, phrase=words):
        name = key[len(BANK_DOC) :] if key.startswith(BANK_DOC) else ""
        if name in banks and coverage >= 1.0:
            found.append(banks[name])
    found.sort(key=lambda b: (bool(b.alias_of), len(b.bank)))
    return [Hit("sounds", "bank", b.bank, "synonym", SCORE_SYNONYM, via=subject) for b in found[:3]]


def _described_sound(question: Question, subject: str) -> list[Hit]:
    """A sound named with words that describe it ("white noise", "sawtooth wave"): that sound.

    Only a sound whose own name is one of the words, the others held by its text or words
    for sounds in general ("noise", "synth").
    """
    words = re.findall(r"[A-Za-z]+|\d+", subject)
    if not 2 <= len(words) <= 3:
        return []
    lowered = [w.lower() for w in words]
    entries = question.index.sounds.entries
    for key, _relevance, coverage in text_sounds(question.index, words, phrase=words):
        generic = all(w == key or w in SOUND_WORDS for w in lowered)
        if key in lowered and (coverage >= 1.0 or generic) and key in entries and not entries[key].hidden:
            return [Hit("sounds", "sound", key, "synonym", SCORE_SYNONYM, via=subject)]
    return []


def answer_missing(question: Question, subject: str, domain: Domain) -> KnowledgeFailure | None:
    """For a name written as code: ``None`` when it exists exactly, else the not-found answer."""
    return None if _exact_hits(question, subject, domain, None) else _not_real(question, subject, domain, None)


def _with_a_neighbour(text: str, subject: str) -> list[str]:
    """The subject with the word written right after it, then right before it ("is there a
    moog synth": "moog synth"; "is there a sound bath": "sound bath"): a check reads a generic
    word ("synth", "sound", "effect") apart from its subject, but a thing Strudel lacks may be
    named with it (``phrasebook/near.txt``)."""
    word = r"([A-Za-z0-9]+)"
    subject_re = rf"(?<![\w-]){re.escape(subject)}(?![\w-])"
    after = re.search(rf"{subject_re}[\s-]+{word}", text, re.IGNORECASE)
    before = re.search(rf"{word}[\s-]+{subject_re}", text, re.IGNORECASE)
    return [*([f"{subject} {after.group(1)}"] if after else []), *([f"{before.group(1)} {subject}"] if before else [])]


def _not_real(question: Question, subject: str, domain: Domain, noun: str | None) -> KnowledgeFailure:
    """Not an exact name: say so, offer real names, and point out the other domain."""
    ref, snd = question.index.reference, question.index.sounds
    lacking = near_answer(question.index, subject)  # "Strudel has no vocoder; closest: vowel (...)."
    said = subject
    for wider in [] if lacking else _with_a_neighbour(question.q, subject):
        lacking = near_answer(question.index, wider)  # "is there a moog synth": the thing is "moog synth"
        if lacking:
            said = wider
            break
    name = split_sound_index(subject)[0]
    suggestions: list[str] = []
    notes: list[str] = []
    for typed, entry in ref.by_lower.get(subject.lower(), ()):
        if domain in ("auto", "reference"):
            suggestions.append(entry.name)
            notes.append(f"Strudel names are case-sensitive: {subject} is not defined, {typed} is.")
    other = "sounds" if domain == "reference" else "reference" if domain == "sounds" else None
    visible_sound = snd.get(name) if not is_hidden_sound(sound_key(name)) else None
    found = visible_sound or snd.get_bank(name)
    if other == "sounds" and found is not None:
        suggestions.append(found.name if isinstance(found, SoundEntry) else found.bank)
        notes.append(f"{subject} is not a function, but it is a sound/bank name in the registry.")
    function = ref.get(subject)
    if other == "reference" and function is not None:
        suggestions.append(function.name)
        notes.append(f"{subject} is not a sound, but it is a documented function.")
    bank = snd.get_bank(name) if domain != "reference" else None
    if bank is not None and noun == "sound":
        suggestions += [f"{bank.bank}_{s}" for s in bank.sounds[:4]]
        notes.append(
            f"{subject} is not a sound but a bank prefix: use one of its sounds, e.g. "
            f's("{bank.bank}_{bank.sounds[0]}") or s("{bank.sounds[0]}").bank("{bank.label}").'
        )
    sound = snd.get(name) if domain != "reference" else None
    if sound is not None and not sound.hidden and noun == "bank":
        suggestions.append(sound.name)
        notes.append(f"{subject} is a sound, not a bank.")
    for s in [*closest_meanings(question.index, said, domain), *suggest(question.index, subject, domain=domain)]:
        if s not in suggestions:
            suggestions.append(s)
    suggestions = suggestions[:5]
    where = {"reference": "function", "sounds": "sound or bank"}.get(domain, "function, sound or bank")
    answer = f"{NOT_FOUND} {subject!s} is not a known Strudel {where}."
    if lacking:
        answer = f"{NOT_FOUND} {lacking}"
        spelled = [s for s in suggestions if f"{s} (" not in lacking]
        answer += f" Names spelled like it: {', '.join(spelled)}." if spelled else ""
    elif suggestions:
        answer += f" Did you mean: {', '.join(suggestions)}?"
    domains = (domain,) if domain in SOURCES else SOURCES
    return failure(question.q, "not_found", answer, suggestions, domains=domains, notes=notes)


def answer_code(question: Question, code: CodeParts) -> KnowledgeResponse:
    """'is s("bd").bank("tr909") valid': validate the quoted code and list what it uses."""
    return _code_answer(question, code, _validated(question, code))


def _validated(question: Question, code: CodeParts) -> ValidationResult:
    # Imported on these paths only: the validator loads its parser when first used.
    from ..validator.validation import strudel_validate

    # Static checks only: a knowledge answer stays fast and never starts Strudel's engine
    # (strudel_validate itself, the agent tool and %%strudel run the code too).
    return strudel_validate(_as_program(code.text), index=question.index, run=False)


def _code_answer(question: Question, code: CodeParts, result: ValidationResult) -> KnowledgeResponse:
    from ..validator.mininotation import parse_mini

    index = question.index
    ref, snd = index.reference, index.sounds
    shift = len(_as_program(code.text)) - len(code.text)
    banks = [content.strip() for callee, content in code.strings if callee == "bank"]
    # what the code uses, in the order a reader cares about: sounds played, banks, functions called
    hits: list[Hit] = []
    for callee, content in code.strings:
        if callee not in ("s", "sound"):
            continue
        for atom in parse_mini(content).values:
            if atom.is_silence or atom.is_number:
                continue
            for key in [f"{b}_{atom.text}" for b in banks] or [atom.text]:
                entry = snd.get(key)
                if entry is not None and not entry.hidden:
                    sample = "".join(":" + t[0].text for t in atom.tails[:1] if t)
                    hits.append(Hit("sounds", "sound", entry.name, "exact", SCORE_EXACT, via=f"{key}{sample}"))
    for bank in banks:
        found = snd.get_bank(bank)
        if found is not None:
            hits.append(Hit("sounds", "bank", found.bank, "exact", SCORE_EXACT_SECOND))
    for name in dict.fromkeys(code.calls):
        function = ref.get(name)
        if function is not None:
            match: Match = "exact" if name == function.name else "synonym"
            hits.append(Hit("reference", "function", function.name, match, SCORE_EXACT_THIRD, via=name))
    items = question.items(rank_names(hits), examples=1)
    problems = [f for f in result["findings"] if f["severity"] == "error" or f["kind"] in _SILENT_KINDS]
    known = {h.name for h in hits}
    for finding in result["findings"]:
        column = finding["column"] - shift if finding["line"] == 1 else finding["column"]
        question.notes.append(f"line {finding['line']}, column {column}: {finding['message']}")
    if problems:
        suggestions = [s for f in problems for s in f["suggestions"] if _is_real(question, s)]
        suggestions = [s for s in dict.fromkeys(suggestions) if s not in known][:5]
        answer = f"{NOT_FOUND} The code has problems: " + "; ".join(f["message"] for f in problems[:3])
        response = failure(question.q, "invalid_code", answer, suggestions, notes=question.notes)
        response["items"] = items
        return response
    used = ", ".join(i["name"] for i in items) or "no documented names"
    answer = f"Yes: the code uses only names Strudel has ({used}). {result['summary']}"
    domains = {h.domain for h in hits}
    return question.success(domains.pop() if len(domains) == 1 else "auto", "detail", answer, items)


#: What a method chain quoted alone (".fast(2)", ".jux(rev).room(.5)") is checked on: a pattern.
_RECEIVER = "silence"
#: Findings that say the code calls or plays a name Strudel does not have.
_INVENTED_KINDS = frozenset({"unknown_function", "unknown_method", "unknown_name"})


def _as_program(text: str) -> str:
    """Quoted code as a program: a chain of methods is called on a pattern."""
    return _RECEIVER + text.lstrip() if text.lstrip().startswith(".") else text


def answer_invented(question: Question, code: CodeParts) -> KnowledgeResponse | None:
    """Code quoted in any question ("can I just call setTempo(120)?", "I saw .humanise() used"):
    if it calls a name Strudel does not have, that is the answer (``ok: false`` with
    suggestions), never another function's page. None when every name it calls is real.
    """
    result = _validated(question, code)
    if not any(f["kind"] in _INVENTED_KINDS for f in result["findings"]):
        return None
    return _code_answer(question, code, result)


def _is_real(question: Question, name: str) -> bool:
    """A name the index has: a function, a bank or a visible sound."""
    ref, snd = question.index.reference, question.index.sounds
    sound = snd.get(name)
    return ref.get(name) is not None or snd.get_bank(name) is not None or (sound is not None and not sound.hidden)
