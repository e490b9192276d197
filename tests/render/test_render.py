"""Rendering responses for people: text (CLI, terminals) and HTML (notebooks), on the real snapshot."""

from __future__ import annotations

import json

import pytest

from strudel_jupyter import get_index, strudel_knowledge
from strudel_jupyter.render.response_html import render_html, render_item_html
from strudel_jupyter.render.response_text import render_text
from strudel_jupyter.render.results import KnowledgeResult

from ..hostile import HOSTILE, unsafe_markup
from ..hostile import hostile_index as make_hostile_index


@pytest.fixture(scope="module")
def hostile_index(tmp_path_factory, shared_snapshot_dir):
    return make_hostile_index(tmp_path_factory.mktemp("hostile-snapshot"), shared_snapshot_dir)


# ------------------------------------------------------------------- text
def test_render_text_still_reads_for_the_cli():
    text = render_text(strudel_knowledge("what does fast do"))
    assert text.splitlines()[0] == "what does fast do: 1 function"
    assert "  usage: fast(factor)" in text
    assert "param factor : number | Pattern - speed up factor" in text


def test_a_list_header_says_what_was_asked_and_how_much_shows():
    # Given `%strudel list synths` (30 of the 150 synths)
    response = strudel_knowledge("list synths")
    # Then the header speaks the user's words, no internal terms (domain, mode)
    assert render_text(response).splitlines()[0] == "list synths: 30 of 150 sounds"
    page = render_html(response)
    assert "<p class='strudel-header'>list synths: 30 of 150 sounds</p>" in page
    assert "·" not in page.split("strudel-header'>", 1)[1].split("</p>", 1)[0]
    # and the rows follow in full, without a sentence whose "and 18 more" does not add up
    assert "more." not in page and page.count("<tr>") >= 30


# ------------------------------------------------------------------- HTML
def test_function_detail_html_has_params_table_and_examples_as_code_blocks():
    # Given the detail response for room, rendered with the index's HTML descriptions
    page = render_html(strudel_knowledge("room"), index=get_index())
    # Then the name, tags, params table and both examples (escaped) are there
    assert "<h3 class='strudel-name'><code>room</code></h3>" in page
    assert ">orbit</span>" in page and "class='strudel-tag'" in page
    assert "<td><code>level</code></td>" in page and "between 0 and 1" in page
    assert page.count("<pre class='strudel-example'><code>") == 2
    assert "room(&quot;&lt;0 .2 .4 .6 .8 1&gt;&quot;)" in page
    assert "<p>Sets the level of reverb.</p>" in page
    assert unsafe_markup(page) == []


def test_description_keeps_the_docs_own_markup_sanitised():
    # compressor's doc.json description holds <code> and an <a href=...>
    page = render_html(strudel_knowledge("symbol:compressor"), index=get_index())
    assert '<code>compressor("threshold:ratio:knee:attack:release")</code>' in page
    assert 'rel="noopener noreferrer nofollow"' in page
    # without an index only the plain-text description is available, escaped
    plain = render_html(strudel_knowledge("symbol:compressor"))
    description = plain.split("strudel-pages", 1)[0]  # the tutorial page's link follows it
    assert "compressor(&quot;threshold:ratio:knee:attack:release&quot;)" in description and "<a " not in description


def test_synonyms_are_shown_for_functions_that_have_them():
    page = render_html(strudel_knowledge("symbol:bpf"))
    assert "<strong>Synonyms:</strong> <code>bandf</code>, <code>bp</code>" in page


def test_sound_detail_html_has_type_category_and_sample_count():
    page = render_html(strudel_knowledge("is bd available"))
    assert "<code>bd</code>" in page
    assert "<td>sample</td>" in page
    assert "<td>drum-machines</td>" in page
    assert "<td>8 samples</td>" in page
    assert "<code>s(&quot;bd&quot;)</code>" in page


def test_bank_html_lists_its_sounds_and_alias():
    page = render_html(strudel_knowledge("bank:tr909"))
    assert "bank <code>tr909</code>" in page
    assert "<code>rolandtr909</code>" in page  # alias of
    for sound in ("bd", "cp", "rim", "sd"):
        assert f"<code>{sound}</code>" in page


def test_list_html_is_a_table_with_counts_as_the_tab_prints_them():
    response = strudel_knowledge("sounds:drum-machines")
    page = render_html(response)
    assert f"30 of {response['total']}" in page
    assert page.count("<tr>") == len(response["items"]) == 30
    assert "<code>bd(8)</code>" in page


def test_not_found_html_shows_reason_and_real_suggestions():
    response = strudel_knowledge("is trancegate valid")
    page = render_html(response)
    assert "<strong>Not found:</strong>" in page
    assert response["suggestions"]
    for name in response["suggestions"]:
        assert f"<code>{name}</code>" in page


def test_error_html_names_the_reason():
    page = render_html(strudel_knowledge(""))
    assert "Error (empty_query)" in page


def test_grouped_answer_shows_each_domain():
    response = strudel_knowledge("saw")
    assert set(response["groups"]) == {"reference", "sounds"}
    page = render_html(response)
    assert "<h4>reference</h4>" in page and "<h4>sounds</h4>" in page


def test_hostile_docs_are_sanitised_and_hostile_text_escaped(hostile_index):
    # Given doc.json whose room description and example carry scripts and handlers
    page = render_html(strudel_knowledge("room", index=hostile_index), index=hostile_index)
    # Then nothing executable survives, and the harmless text does
    assert unsafe_markup(page) == []
    assert "Reverb level" in page and ">click</a>" in page
    assert "&lt;script&gt;alert(4)&lt;/script&gt;" in page  # the example is shown as text
    assert "display:none" not in page


def test_hostile_item_fields_are_escaped():
    # An item straight from an untrusted caller: every field is escaped, description_html sanitised
    item = {
        "kind": "function",
        "name": '<img src=x onerror="alert(1)">',
        "synonyms": ["<script>x</script>"],
        "description": "<b onmouseover=alert(2)>hi</b>",
        "description_html": HOSTILE,
        "usage": "<svg onload=a()>",
        "params": [{"name": "<i onclick=x>", "type": "<script>", "description": "javascript:alert(1)"}],
        "examples": ["</code></pre><script>alert(5)</script>"],
        "tags": ["<iframe>"],
    }
    for page in (render_item_html(item), render_html({"ok": True, "query": "<script>", "items": [item]})):
        assert unsafe_markup(page) == []
    sound = {"kind": "sound", "name": "<img src=x onerror=alert(1)>", "type": "sample", "usage": "<script>"}
    assert unsafe_markup(render_item_html(sound)) == []
    failure = {
        "ok": False,
        "query": "<script>alert(1)</script>",
        "reason": "not_found",
        "answer": "<img onerror=x>",
        "suggestions": ["<a href='javascript:x'>"],
    }
    assert unsafe_markup(render_html(failure)) == []


# ------------------------------------------------------------ result object
def test_knowledge_result_reads_as_data():
    response = strudel_knowledge("what does fast do")
    result = KnowledgeResult(response)
    assert result.ok and result.query == "what does fast do"
    assert result["items"][0]["name"] == "fast" and result.names[0] == "fast"
    assert dict(result) == response and result == response
    copy = result.to_dict()
    copy["items"].clear()
    assert result["items"], "to_dict() must hand back a copy"
    assert json.loads(result.to_json()) == response
    assert repr(result) == f"<KnowledgeResult 'what does fast do' (ok, {len(response['items'])} items)>"


def test_knowledge_result_bundle_has_text_and_html_and_raw_mode_has_json():
    response = strudel_knowledge("trancegate")
    bundle = KnowledgeResult(response)._repr_mimebundle_()
    assert bundle["text/plain"] == render_text(response)
    assert bundle["text/html"] == render_html(response)
    raw = KnowledgeResult(response, raw=True)._repr_mimebundle_()
    assert raw["application/json"] == response
    assert json.loads(raw["text/plain"]) == response
    assert not KnowledgeResult(response).ok and KnowledgeResult(response).suggestions == response["suggestions"]


# ------------------------------------------------------------------- tutorial pages
def test_an_answer_shows_the_tutorial_page_it_cites():
    # Given "what does delay do", which cites the effects page's delay section
    response = strudel_knowledge("what does delay do")
    # Then the text names the page with its anchor and its address
    text = render_text(response)
    assert "tutorial: learn/effects.mdx#delay-1 (https://strudel.cc/learn/effects/#delay-1)" in text.splitlines()
    # and the HTML links to the website's section, the path beside it
    page = render_html(response)
    assert "<a href='https://strudel.cc/learn/effects/#delay-1' target='_blank' rel='noopener noreferrer'>" in page
    assert "<code>learn/effects.mdx#delay-1</code>" in page
    assert unsafe_markup(page) == []


def test_a_cited_pages_example_is_shown_under_the_link():
    # Given a function no page documents with a tag: its citation is an example calling it
    passages = get_index().passages
    name = min(n for n in passages.by_function if not passages.documenting(n))
    response = strudel_knowledge(f"symbol:{name}")
    example = response["pages"][0]["example"]
    # Then the text shows that example under the page's line, as the items' examples are shown
    lines = render_text(response).splitlines()
    assert "  example from the tutorial:" in lines
    assert all("    " + line in lines for line in example.splitlines())
    assert "<pre class='strudel-example'>" in render_html(response).split("strudel-pages", 1)[1]


def test_only_the_websites_addresses_become_links():
    # Given a response (from anywhere) whose page address is not the website's
    response = dict(strudel_knowledge("what does delay do"))
    response["pages"] = [{**response["pages"][0], "url": "javascript:alert(1)", "title": "<b>x</b>"}]
    page = render_html(response)
    assert "javascript:" not in page and "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page
