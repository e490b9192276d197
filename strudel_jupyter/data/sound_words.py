"""The words a musician would use for a sound, from the snapshot and one naming convention.

A sound's key is terse (``bd``, ``rolandtr808_hh``, ``gm_epiano1``); these are the other
words that describe it, indexed as its text:

* the General MIDI program names and families of a ``gm_*`` sound
  (``soundfont-programs.json``: ``gm_epiano1`` is "Electric Piano 1", family "Piano");
* the drum-kit words of a drum-machine abbreviation (``DRUM_WORDS``, below);
* its bank's spelling in the sample URLs (``RolandTR808``: "roland", "tr", "808");
* the folder names of its samples (VCSL's "Reed Aerophones/Tenor Saxophone"); file names
  are read too (``sample_path_words``) but left out of the text: they are mostly takes and
  velocities ("rr1", "v2") and would slow every search for little.

Which sounds exist comes from the registry only: the convention names no sound.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import unquote

from .textindex import WORD_RE as _WORDS

__all__ = [
    "DRUM_WORDS",
    "NAMING_FIELDS",
    "SOUND_PHRASES_MATCH",
    "SOUND_TEXT_WEIGHTS",
    "drum_words",
    "phrases",
    "program_names",
    "sample_path_words",
    "sounds_for_word",
]

#: The naming convention of the drum-machine sample maps (tidal-drum-machines, uzu-drumkit):
#: the part of a key after the bank is one of these abbreviations. Stated once, here.
DRUM_WORDS: Mapping[str, str] = {
    "bd": "bass drum kick drum kickdrum",
    "sd": "snare drum snaredrum",
    "hh": "closed hi-hat hihat hat",
    "oh": "open hi-hat hihat",
    "cp": "clap handclap",
    "rim": "rimshot rim shot side stick sidestick",
    "cb": "cowbell",
    "cr": "crash cymbal",
    "rd": "ride cymbal",
    "lt": "low tom floor tom",
    "mt": "mid tom middle tom",
    "ht": "high tom",
    "sh": "shaker",
    "tb": "tambourine",
    "perc": "percussion",
    "misc": "miscellaneous",
    "fx": "effects",
}

#: Field weights of a sound's text: its own name and program name count most, where its
#: samples are filed least.
SOUND_TEXT_WEIGHTS: Mapping[str, float] = {
    "name": 1.0,
    "program": 1.0,
    "pairs": 1.0,  # neighbouring words run together ("electricpiano"): ``phrases()``
    "phrases": 0.5,  # what musicians call the sound (the phrasebook's, data/phrasebook.py)
    "drum": 0.9,
    "label": 0.8,
    "family": 0.5,
    "folders": 0.25,
}

#: How much of a word a sound covers when only its ``phrases`` hold it: a family's phrases
#: say loosely what its sounds are ("8-bit synth" of square), so "muffle the snare a bit"
#: stays a wish for a function, not for the square wave.
SOUND_PHRASES_MATCH = 0.7

#: The fields that name a sound, as against where its samples are filed.
NAMING_FIELDS = ("name", "program", "drum", "label")

_FILES_READ = 6  # file names per sound: enough for their words, few enough to stay small


def drum_words(sound: str, *, drum_machine: bool) -> str:
    """The kit words of a drum-machine sound part (``bd`` -> "bass drum kick ..."), else ""."""
    return DRUM_WORDS.get(sound, "") if drum_machine else ""


def sounds_for_word(word: str) -> list[str]:
    """The abbreviations whose kit words contain every word of ``word`` ("kick" -> ``[bd]``).

    Ordered as the convention lists them, so the plainer drum comes first
    ("hat" -> ``[hh, oh]``: the closed hi-hat before the open one).
    """
    wanted = [w for w in word.lower().replace("-", " ").split() if w]
    if not wanted:
        return []
    found = []
    for abbreviation, words in DRUM_WORDS.items():
        vocabulary = set(words.replace("-", " ").split()) | {words.replace(" ", "")}
        if all(w in vocabulary or w.rstrip("s") in vocabulary for w in wanted):
            found.append(abbreviation)
    return found


def program_names(programs: Iterable[Mapping[str, str]]) -> tuple[str, str]:
    """``(program names, families)`` of a soundfont sound, as text.

    Entries that are notes about a broken font (``"0251_... // broken"``) are not names.
    """
    names, families = [], []
    for entry in programs:
        program = str(entry.get("program", ""))
        if "//" in program:
            continue
        names.append(program.replace("_", " "))
        families.append(str(entry.get("family", "")))
    return " ".join(names), " ".join(dict.fromkeys(families))


def phrases(texts: Iterable[str]) -> str:
    """Neighbouring words of each text run together: "Electric Piano 1" -> "electricpiano piano1".

    A query's neighbouring words are run together the same way (``relevance.py``), so
    "electric piano" prefers Electric Piano 1 to Electric Grand Piano.
    """
    pairs: dict[str, None] = {}
    for text in texts:
        words = [w.lower() for w in _WORDS.findall(text)]
        for a, b in zip(words, words[1:], strict=False):
            pairs[a + b] = None
    return " ".join(pairs)


def sample_path_words(data: Mapping[str, Any]) -> tuple[str, str]:
    """``(folder names, file names)`` of a sound's samples below its base URL, decoded."""
    files = data.get("samples", data.get("tables"))
    if isinstance(files, Mapping):
        paths = [p for v in files.values() for p in (v if isinstance(v, list) else [v])]
    elif isinstance(files, list):
        paths = files
    else:
        return "", ""
    base = str(data.get("baseUrl") or "")
    directories: dict[str, None] = {}
    names: dict[str, None] = {}
    for path in paths:
        path = str(path)
        path = path[len(base) :] if base and path.startswith(base) else path.split("://", 1)[-1].split("/", 1)[-1]
        directory, _sep, name = path.rpartition("/")
        directories[directory] = None  # samples share a few folders: decode each folder once
        if len(names) < _FILES_READ:
            names[unquote(name).rsplit(".", 1)[0]] = None
    folders = dict.fromkeys(part for d in directories for part in unquote(d).split("/") if part)
    return " ".join(folders), " ".join(names)
