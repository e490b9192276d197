"""Strudel's tutorial pages split into passages, read from the real snapshot's pages/."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from strudel_jupyter.data.index import StrudelIndex
from strudel_jupyter.data.mdx import example_names, page_url, slugify, split_page
from strudel_jupyter.data.pages import CACHE_ENV, load_passages

# Links between the pages, with an anchor: ](/learn/effects/#delay) or ](learn/pwa/#x)
_ANCHOR_LINK = re.compile(r"\]\(/?((?:learn|workshop|recipes|understand|functions)/[a-z0-9/-]+?)/?#([^)\s]+)\)")


@pytest.fixture(scope="module")
def pages_dir(shared_snapshot_dir: Path) -> Path:
    return shared_snapshot_dir / "pages"


@pytest.fixture(scope="module")
def split(pages_dir: Path) -> dict[str, list]:
    """Every page, split: {"learn/effects.mdx": [RawPassage, ...]}."""
    return {
        p.relative_to(pages_dir).as_posix(): split_page(p.relative_to(pages_dir).as_posix(), p.read_text())
        for p in sorted(pages_dir.rglob("*.mdx"))
    }


def test_every_page_is_split_and_every_example_with_code_is_kept(pages_dir, split):
    # Given the 46 English pages, when each is split,
    # then every <MiniRepl tune=...> (code given inline) lands in exactly one passage
    assert len(split) == 46
    for page, passages in split.items():
        source = (pages_dir / page).read_text()
        assert sum(len(p.examples) for p in passages) == len(re.findall(r"<MiniRepl\b[^>]*?\btune=", source)), page
        prose = re.sub(r"^(---[\s\S]*?---|import .*|#.*|<\w+ />|\s*)$", "", source, flags=re.M).strip()
        assert passages or not prose, page  # only a page of components alone (colors) has none
    assert sum(len(ps) for ps in split.values()) > 600


def test_headings_become_passages_in_page_order_with_their_level(split):
    effects = split["learn/effects.mdx"]
    headings = [p.heading for p in effects]
    assert headings.index("Orbits") < headings.index("lpf") < headings.index("delay")
    lpf = next(p for p in effects if p.heading == "lpf")
    assert (lpf.level, lpf.anchor, lpf.documents, lpf.examples) == (2, "lpf", ("lpf",), ())


def test_anchors_are_the_websites_own(pages_dir, split):
    # Given the links the pages make to each other's headings (the website's real anchors),
    # then every one names an anchor our splitting gives that page
    anchors = {page: {p.anchor for p in passages} for page, passages in split.items()}
    links = [
        (page, target, anchor)
        for page in split
        for target, anchor in _ANCHOR_LINK.findall((pages_dir / page).read_text())
    ]
    assert len(links) >= 10
    for page, target, anchor in links:
        assert anchor in anchors[target + ".mdx"], (page, target, anchor)


def test_slugs_follow_github_slugger():
    # lower case, punctuation dropped, each space a hyphen; a repeat on the page is numbered
    assert slugify("Does it run in my DAW / my browser?") == "does-it-run-in-my-daw--my-browser"
    assert slugify("MIDI/OSC/Serial") == "midioscserial"
    assert slugify("euclidLegatoRot (`x`)") == "euclidlegatorot-x"
    passages = split_page("x.mdx", '# Delay\n\ntext\n\n## delay\n\n<JsDoc name="delay" />\n\n## Delay\n\nmore\n')
    assert [p.anchor for p in passages] == ["delay", "delay-1", "delay-2"]
    assert page_url("learn/effects.mdx", "delay-1") == "https://strudel.cc/learn/effects/#delay-1"


def test_an_example_takes_the_prose_written_before_it(pages_dir, split):
    # Given the orbits section of the effects page (up to the next heading), with several examples,
    # then each example's passage holds the words between the previous example (or the
    # heading) and itself, and the last one also the words after it
    source = (pages_dir / "learn/effects.mdx").read_text()
    start = source.index("## Orbits")
    section = source[start : source.index("\n#", start + 1)]
    chunks = re.split(r"<MiniRepl[\s\S]*?/>", section)
    orbits = [p for p in split["learn/effects.mdx"] if p.heading == "Orbits"]
    assert len(orbits) == len(chunks) - 1 >= 2
    for n, passage in enumerate(orbits):
        own = chunks[n]
        words = set(re.findall(r"[A-Za-z]{4,}", passage.text))
        before = set(re.findall(r"[A-Za-z]{4,}", own))
        after = set(re.findall(r"[A-Za-z]{4,}", chunks[-1])) if n == len(orbits) - 1 else set()
        assert words and words <= before | after, n
        assert passage.examples[0] in section.replace("\\`", "`")


def test_example_names_are_read_by_the_javascript_parser():
    # Given our own code with a comment and a string naming other functions,
    # then only real calls count, and s()/sound() strings give their sound words
    calls, sounds = example_names('s("bd*2 hh:3, ~ sd").fast(2) // .slow(2)\n  .layer(x => x.rev()).note("c e")')
    assert sorted(calls) == ["fast", "layer", "note", "rev", "s"]
    assert "slow" not in calls
    assert sounds == ["bd", "hh", "sd"]
    assert example_names("sound(`<piano ${x}>`)")[1] == ["piano"]


def test_passages_link_only_real_functions_and_sounds(shared_index):
    passages = shared_index.passages
    assert passages.pages == 46 and len(passages) > 600
    names, sounds = shared_index.reference.by_name, shared_index.snapshot.soundmap
    for p in passages.passages:
        assert set(p.documents) <= set(names) and set(p.calls) <= set(names), p.source
        assert set(p.sounds) <= set(sounds), p.source
    # the JsDoc tag is the strong link; the example calls and sounds come from the code
    delay = passages.documenting("delay")
    assert [p.source for p in delay] == ["learn/effects.mdx#delay-1"]
    # tags name members as Pattern.x or Pattern#x: the function is x
    assert [p.source for p in passages.documenting("hush")] == ["learn/conditional-modifiers.mdx#hush"]
    assert len({n for p in passages.passages for n in p.documents}) >= 210  # of 215 names tagged
    orbits = [p for p in passages.linked("orbit") if p.source == "learn/effects.mdx#orbits"]
    assert orbits and {"s", "orbit", "gain"} <= set(orbits[0].calls) and "white" in orbits[0].sounds


def test_a_snapshot_without_pages_has_no_passages_and_still_answers(shared_snapshot_dir, tmp_path):
    # Given a snapshot the npm pipeline built (no pages/ folder)
    for name in ("doc.json", "soundmap.json"):
        shutil.copy(shared_snapshot_dir / name, tmp_path / name)
    index = StrudelIndex.from_path(tmp_path)
    assert len(index.passages) == 0 and index.passages.pages == 0
    from strudel_jupyter import strudel_knowledge

    response = strudel_knowledge("what does delay do", index=index)
    assert response["ok"] and response["sources"] == ["doc.json"] and "pages" not in response


def test_the_pages_parse_is_cached_by_their_bytes_and_a_bad_cache_is_read_again(
    shared_snapshot_dir, tmp_path, monkeypatch
):
    # Given an empty cache directory
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    names = {"delay": "delay", "s": "s", "orbit": "orbit", "gain": "gain"}
    first = load_passages(shared_snapshot_dir, names, ["white"])
    (cached,) = (tmp_path / "cache").glob("pages-*.json")
    # When the pages are loaded again, the cache gives the same passages
    again = load_passages(shared_snapshot_dir, names, ["white"])
    assert again.passages == first.passages and len(first) > 600
    # and other names are checked at load time, not baked into the cache
    fewer = load_passages(shared_snapshot_dir, {"delay": "delay"}, [])
    assert {n for p in fewer.passages for n in p.functions} == {"delay"}
    # A damaged cache file is no failure: the pages are read again and the file rewritten
    cached.write_text("{not json", encoding="utf-8")
    assert load_passages(shared_snapshot_dir, names, ["white"]).passages == first.passages
    assert json.loads(cached.read_text(encoding="utf-8"))


def test_pages_that_cannot_be_read_leave_the_answers_working(shared_snapshot_dir, monkeypatch):
    # Given pages whose reading fails in a way nobody foresaw
    import strudel_jupyter.data.index as index_module

    def broken(*_args, **_kwargs):
        raise RuntimeError("a page nobody foresaw")

    monkeypatch.setattr(index_module, "load_passages", broken)
    index = StrudelIndex.from_path(shared_snapshot_dir)
    # Then the index has no passages, says why, and answers as without pages
    with pytest.warns(UserWarning, match="tutorial pages not read"):
        assert len(index.passages) == 0
    from strudel_jupyter import strudel_knowledge

    response = strudel_knowledge("what does delay do", index=index)
    assert response["ok"] and response["sources"] == ["doc.json"]


def test_the_cache_keeps_only_the_latest_few_parses(shared_snapshot_dir, tmp_path, monkeypatch):
    # Given a cache holding the parses of many earlier snapshots' pages
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv(CACHE_ENV, str(cache))
    for n in range(6):
        (cache / f"pages-old{n}.json").write_text("[]", encoding="utf-8")
    # When these pages are parsed and cached
    load_passages(shared_snapshot_dir, {"delay": "delay"}, [])
    # Then the new parse is kept with the most recent others, four in all
    kept = sorted(p.name for p in cache.glob("pages-*.json"))
    assert len(kept) == 4 and not list(cache.glob("*.tmp"))  # and no half-written file is left
    assert any(not name.startswith("pages-old") for name in kept)
