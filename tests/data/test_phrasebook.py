"""The phrasebook as data: its lines read at stage 1, and held as a ``phrases`` field of the
functions' and the sounds' text indexes (BM25F), never its ``~`` phrases."""

from __future__ import annotations

from strudel_jupyter.data.phrasebook import (
    SOUND_AREAS,
    family_keys,
    parse_phrasebook,
    phrases_by_target,
    read_phrasebook,
)
from strudel_jupyter.data.reference import ReferenceIndex
from strudel_jupyter.data.snapshot import load_snapshot
from strudel_jupyter.data.sounds import BANK_DOC
from strudel_jupyter.data.textindex import tokenize


def _stems(phrase: str) -> list[str]:
    return tokenize(phrase)


def test_the_package_phrasebook_reads_every_area_with_its_header():
    lines, headers = read_phrasebook()
    # Given the package's files, every area has a header and its lines
    assert {line.area for line in lines} == set(headers) and all(headers.values())
    # and sound areas name sounds, the others functions
    assert any(line.sounds for line in lines) and any(not line.sounds for line in lines)
    assert all(line.sounds == (line.area in SOUND_AREAS) for line in lines)


def test_a_near_phrase_is_no_phrase_of_its_target():
    # Given a line with a thing Strudel lacks ("~vocoder": vowel is only what comes closest)
    lines, _header = parse_phrasebook(
        "# header\nvowel: formant, talking synth, ~vocoder | a formant filter\n", "synthesis"
    )
    # Then the field's phrases are the target's own, without the thing it lacks
    assert phrases_by_target(lines, sounds=False) == {"vowel": ("formant", "talking synth")}
    # and a line of near phrases only gives the target nothing
    only_near, _ = parse_phrasebook("# header\nvowel: ~vocoder | a formant filter\n", "synthesis")
    assert phrases_by_target(only_near, sounds=False) == {}


def test_the_functions_text_holds_each_entrys_phrases_in_its_phrases_field(shared_snapshot_dir):
    # Given phrases for a function by its name, and for another by one of its synonyms
    index = ReferenceIndex(
        load_snapshot(shared_snapshot_dir).docs, phrases={"rev": ["zorbly flip"], "lpf": ["quuxish tone"]}
    )
    entry = index.get("lpf")
    assert entry is not None
    # When their words are scored
    flip = index.text.score(_stems("zorbly"))
    tone = index.text.score(_stems("quuxish"))
    # Then each is held by its entry alone (a synonym's phrases are its function's)
    assert set(flip) == {"rev"} and set(tone) == {entry.name}
    # and they are said about the entries, not the docs' own words
    assert "zorbli" not in index.text.own and all(t not in index.text.own for t in _stems("zorbly quuxish"))


def test_the_package_phrasebook_is_the_default_and_its_words_find_their_function(shared_index):
    # "backwards" is one of rev's phrases: the field makes rev answer it as text
    scored = shared_index.reference.text.score(_stems("backwards"))
    assert "rev" in scored


def test_a_sound_familys_phrases_are_on_its_sounds_and_a_banks_on_the_bank(shared_index):
    lines, _ = read_phrasebook()
    sounds = phrases_by_target(lines, sounds=True)
    text = shared_index.sounds.text
    # Given the kalimba family's phrases ("thumb piano", "mbira" ...)
    assert "kalimba" in sounds
    mbira = text.score(_stems("mbira"))
    # Then its sounds hold them, the family's own name first
    members = family_keys(sorted(shared_index.sounds.entries), "kalimba")
    assert members[0] == "kalimba" and members[0] in mbira
    # and a drum machine's phrases are on its bank document
    bank = next(t for t in sounds if t.lower() in shared_index.sounds.banks)
    word = next(t for p in sounds[bank] for t in _stems(p))
    assert BANK_DOC + bank.lower() in text.score([word])
