"""``StrudelPanel`` driven as a user would (``.value``, ``.click()``), checked against the core."""

from __future__ import annotations

import html

import ipywidgets as W
import pytest

from strudel_jupyter import SOUND_CATEGORIES, StrudelIndex, get_index, strudel_knowledge
from strudel_jupyter.jupyter.frontend_actions import CodeRequest
from strudel_jupyter.jupyter.panel import NO_FRONT_END, PAGE, StrudelPanel
from strudel_jupyter.lookup.browse import browse_reference, browse_sounds, detail_code, reference_detail, sound_label
from strudel_jupyter.render.html import escape, style_element
from strudel_jupyter.render.response_html import render_html

from ..hostile import hostile_index as make_hostile_index
from ..hostile import unsafe_markup


def html_shown(widget: W.Widget) -> list[str]:
    """Every HTML string the panel currently shows (all tabs, visible or not)."""
    found = [widget.value] if isinstance(widget, W.HTML) else []
    for child in getattr(widget, "children", ()):
        found += html_shown(child)
    return found


def labels(view) -> list[str]:
    return [label for label, _key in view.select.options]


def keys(view) -> list[str]:
    return [key for _label, key in view.select.options]


@pytest.fixture
def index(shared_snapshot_dir):
    """A private index (some tests register sounds)."""
    return StrudelIndex.from_path(shared_snapshot_dir)


@pytest.fixture(scope="module")
def shared_panel():
    return StrudelPanel()


@pytest.fixture
def panel(index):
    return StrudelPanel(index=index)


@pytest.fixture(scope="module")
def hostile_index(tmp_path_factory, shared_snapshot_dir):
    return make_hostile_index(tmp_path_factory.mktemp("hostile-snapshot"), shared_snapshot_dir)


# ------------------------------------------------------------------ reference
def test_reference_tab_starts_with_every_entry_a_page_at_a_time(shared_panel):
    view = shared_panel.ref_list
    entries = get_index().reference.entries
    assert keys(view) == [e.name for e in entries[:PAGE]]
    assert shared_panel.ref_status.value.endswith(f">{len(entries)} functions</div>")
    assert view.more.layout.display is None and view.more.description == f"show {PAGE} more (of {len(entries)})"


def test_show_more_pages_through_the_full_list(panel):
    view = panel.ref_list
    view.more.click()
    assert len(view.select.options) == 2 * PAGE
    view.more.click()
    assert keys(view) == [e.name for e in panel.index.reference.entries]
    assert view.more.layout.display == "none"
    # a new search starts from the first page again
    panel.ref_search.value = "a"
    assert len(view.select.options) == min(PAGE, len(browse_reference("a", index=panel.index).entries))


def test_tag_buttons_show_the_core_counts(shared_panel):
    ref = get_index().reference
    expected = {"all": len(ref), **ref.tag_counts}
    shown = {t: b.description for t, b in shared_panel.tag_buttons.items()}
    assert shown == {t: f"{t} {n}" for t, n in expected.items()}


def test_clicking_a_tag_filters_and_clicking_it_again_shows_all(panel):
    # When the fm tag is clicked
    panel.tag_buttons["fm"].click()
    fm = [e.name for e in browse_reference("", "fm", index=panel.index).entries]
    assert keys(panel.ref_list) == fm and len(fm) == panel.index.reference.tag_counts["fm"]
    assert panel.tag_buttons["fm"].button_style == "primary" and panel.tag_buttons["all"].button_style == ""
    assert "8 functions tagged fm" in panel.ref_status.value
    # When it is clicked again, the list is back to everything
    panel.tag_buttons["fm"].click()
    assert panel.tag == "all" and len(panel.ref_list.rows) == len(panel.index.reference)
    assert panel.tag_buttons["all"].button_style == "primary"


def test_typing_a_search_resets_the_tag_as_the_repl_does(panel):
    panel.tag_buttons["temporal"].click()
    panel.ref_search.value = "ROOM"  # case-insensitive
    assert panel.tag == "all"
    assert [k for _l, k in panel.ref_list.rows] == [e.name for e in browse_reference("room", index=panel.index).entries]
    assert "room" in keys(panel.ref_list) and "roomsize" in keys(panel.ref_list)


def test_synonyms_are_listed_and_searchable(panel):
    panel.ref_search.value = "bandf"
    assert labels(panel.ref_list) == ["bpf · bandf, bp"]
    assert "<strong>Synonyms:</strong> <code>bandf</code>, <code>bp</code>" in panel.ref_detail.value


def test_detail_shows_description_params_and_examples(panel):
    panel.ref_search.value = "room"
    # Under a search every match's detail shows, as in the REPL
    assert panel.reference_details == ["room", "roomdim", "roomfade", "roomlp", "roomsize"]
    assert panel.ref_detail.value.count("<h3 class='strudel-name'>") == 5
    # Picking one row shows that detail alone
    panel.ref_list.select.value = "roomsize"
    panel.ref_list.select.value = "room"
    detail = panel.ref_detail.value
    assert detail.count("<h3 class='strudel-name'>") == 1
    assert "<h3 class='strudel-name'><code>room</code></h3>" in detail
    assert "<p>Sets the level of reverb.</p>" in detail
    assert "<code>level</code>" in detail and "between 0 and 1" in detail
    assert detail.count("<pre class='strudel-example'>") == len(panel.index.reference.get("room").examples)


def test_selection_is_kept_while_it_stays_listed(panel):
    panel.ref_search.value = "room"
    panel.ref_list.select.value = "roomsize"
    panel.ref_search.value = "roomsi"
    assert panel.ref_list.select.value == "roomsize" and "<code>roomsize</code>" in panel.ref_detail.value


def test_no_match_offers_real_names_that_fill_the_search(panel):
    # When a misspelt name matches nothing
    panel.ref_search.value = "rooom"
    assert panel.ref_list.select.options == ()
    assert panel.ref_list.select.layout.display == "none"
    assert "No function contains “rooom”. Closest:" in panel.ref_status.value
    # the closest name's detail opens, as in the sidebar
    assert "<h3 class='strudel-name'><code>room</code></h3>" in panel.ref_detail.value
    suggestions = [b.description for b in panel.ref_suggestions.children]
    assert suggestions and suggestions[0] == "room"
    assert all(name in panel.index.reference for name in suggestions)
    # When the first suggestion is clicked, it becomes the search
    panel.ref_suggestions.children[0].click()
    assert panel.ref_search.value == "room" and "room" in keys(panel.ref_list)
    assert panel.ref_list.select.layout.display is None
    assert panel.ref_suggestions.children == ()


# --------------------------------------------------------------------- sounds
def test_category_buttons_show_the_core_counts(shared_panel):
    counts = get_index().sounds.category_counts
    shown = {c: b.description for c, b in shared_panel.category_buttons.items()}
    assert shown == {c: f"{c} {counts[c]}" for c in SOUND_CATEGORIES}
    assert shared_panel.category == "all" and shared_panel.category_buttons["all"].button_style == "primary"


def test_categories_follow_the_repl_rules_with_counts_under_the_search(panel):
    panel.snd_search.value = "bd"
    for category in SOUND_CATEGORIES:
        # When a category button is clicked
        panel.category_buttons[category].click()
        result = browse_sounds("bd", category, index=panel.index)
        # Then the list is the core's, labelled as the tab prints names, and counts are per category
        assert panel.snd_list.rows == [(sound_label(e), e.name) for e in result.entries]
        assert {c: b.description for c, b in panel.category_buttons.items()} == {
            c: f"{c} {n}" for c, n in result.matching_counts.items()
        }
        assert panel.category_buttons[category].button_style == "primary"
    panel.category_buttons["drum-machines"].click()
    assert "bd(8)" in labels(panel.snd_list) and "rolandtr909_bd(4)" in labels(panel.snd_list)


def test_sound_names_carry_sample_counts_synths_none(panel):
    panel.category_buttons["synths"].click()
    panel.snd_search.value = "saw"
    assert "sawtooth" in labels(panel.snd_list)  # a synth: no count
    panel.snd_search.value = "gm_violin"
    assert labels(panel.snd_list)[0].startswith("gm_violin(")  # a soundfont: its fonts
    panel.category_buttons["wavetables"].click()
    panel.snd_search.value = ""
    assert labels(panel.snd_list) == [sound_label(e) for e in panel.index.sounds.in_category("wavetables")]


def test_sound_detail_shows_type_bank_count_usage_and_banks(panel):
    panel.snd_search.value = "rolandtr909_bd"
    panel.snd_list.select.value = "rolandtr909_bd"
    detail = panel.snd_detail.value
    assert "<code>rolandtr909_bd(4)</code>" in detail
    assert "<td>sample</td>" in detail and "4 samples" in detail
    assert "<code>rolandtr909</code>" in detail
    assert "<code>s(&quot;bd&quot;).bank(&quot;RolandTR909&quot;)</code>" in detail
    # each drum machine with a bd once, as .bank() spells it (no aliases such as tr909)
    assert "banks with bd" in detail and "<code>RolandTR909</code>" in detail and "<code>tr909</code>" not in detail


def test_user_category_shows_registered_sounds_after_refresh(panel, index):
    panel.category_buttons["user"].click()
    assert panel.snd_list.rows == [] and "No user sounds yet" in panel.snd_status.value
    index.register_sounds({"swoop": ["swoop/a.wav", "swoop/b.wav", "swoop/c.wav"]}, "https://example.com/")
    panel.refresh()
    assert labels(panel.snd_list) == ["swoop(3)"]
    assert panel.category_buttons["user"].description == "user 1"
    assert panel.category_buttons["all"].description == f"all {len(index.sounds)}"


def test_no_sound_match_suggests_real_sounds(panel):
    panel.snd_search.value = "pianno"
    suggestions = [b.description for b in panel.snd_suggestions.children]
    assert "piano" in suggestions and "No sound contains “pianno”" in panel.snd_status.value
    assert all(panel.index.sounds.get(s) or panel.index.sounds.get_bank(s) for s in suggestions)


# -------------------------------------------------------------- question box
def test_question_box_shows_the_knowledge_answer(panel):
    assert panel.answer.layout.display == "none"
    panel.ask_text.value = "what does fast do"
    expected = render_html(strudel_knowledge("what does fast do", index=panel.index), index=panel.index)
    assert panel.answer.value == expected
    assert panel.answer.layout.display is None
    panel.ask("list wavetables")
    assert panel.ask_text.value == "list wavetables" and "wt_digital" in panel.answer.value
    panel.answer.value = ""
    panel.ask_button.click()  # asks again with what is in the box
    assert "wt_digital" in panel.answer.value
    panel.clear_button.click()
    assert panel.ask_text.value == "" and panel.answer.value == "" and panel.answer.layout.display == "none"
    panel.ask_text.value = "  "
    assert panel.answer.value == "" and panel.answer.layout.display == "none"


# ---------------------------------------------------------------- sanitising
def test_hostile_docs_and_sound_names_never_reach_the_page_as_markup(hostile_index):
    panel = StrudelPanel(index=hostile_index)
    # When the user looks at the tampered entry in every way the panel offers
    panel.ref_search.value = "room"
    panel.ref_list.select.value = "room"
    panel.ask_text.value = "what does room do"
    panel.snd_search.value = "onerror"
    panel.category_buttons["user"].click()
    shown = html_shown(panel)
    # Then the tampered text is on the page, and nothing executable is
    page = "\n".join(shown)
    assert "Reverb level" in panel.ref_detail.value and "Reverb level" in panel.answer.value
    assert "&lt;script&gt;alert(4)&lt;/script&gt;" in panel.ref_detail.value
    assert "&lt;img_src=x_onerror=alert(7)&gt;" in panel.snd_detail.value
    for fragment in shown:
        assert unsafe_markup(fragment) == [], fragment
    assert "<svg" not in page and "<iframe" not in page


# ------------------------------------------------------------------ styling
def test_the_panel_carries_the_one_style_sheet_once_and_no_inline_styles(panel):
    # Given a panel showing a function, a sound and an answer
    panel.ref_search.value = "room"
    panel.ref_list.select.value = "room"
    panel.snd_search.value = "bd"
    panel.ask("what does fast do")
    assert "<code>room</code>" in panel.ref_detail.value and panel.snd_detail.value
    shown = html_shown(panel)
    # Then its own style element is the package's one style sheet, the panel's classes scope it,
    # and nothing it shows is styled inline
    assert shown[0] == style_element()
    assert {"strudel-panel", "strudel-output"} <= set(panel._dom_classes)
    assert sum(fragment == style_element() for fragment in shown) == 1
    assert all(" style=" not in fragment for fragment in shown)
    assert "<style>" not in panel.ref_detail.value and "<style>" not in panel.snd_detail.value


# ------------------------------------------------------------ insert and copy
class Sent:
    """Stands in for the front end: records each request and ends it as a test says."""

    def __init__(self) -> None:
        self.requests: list[CodeRequest] = []
        self._ends: list = []

    def __call__(self, action, code, on_result):
        request = CodeRequest(action, code)
        self.requests.append(request)
        self._ends.append(on_result)
        return request

    def end(self, state: str, message: str = "") -> None:
        request = self.requests[-1]
        request.state, request.message = state, message
        self._ends[-1](request)


def test_the_code_bar_offers_the_code_of_the_details_shown(index):
    panel = StrudelPanel(index=index, send=Sent())
    # Under a search every match's examples are offered, the first chosen
    panel.ref_search.value = "room"
    blocks = [b for name in panel.reference_details for b in detail_code(reference_detail(name, index=index))]
    assert panel.ref_code.blocks == blocks and panel.ref_code.code == blocks[0][1]
    assert panel.ref_code.choice.options[0][0].startswith('example 1 of room: s("bd sd [~ bd] sd")')
    # A picked row offers its own examples only
    panel.ref_list.select.value = "roomsize"
    panel.ref_list.select.value = "room"
    assert [label for label, _code in panel.ref_code.blocks] == ["example 1 of room", "example 2 of room"]
    # A sound offers its snippet, then its usage when that says more; a noise has no note to give
    panel.snd_search.value = "rolandtr909_bd"
    panel.snd_list.select.value = "rolandtr909_bd"
    assert [code for _label, code in panel.snd_code.blocks] == ['s("rolandtr909_bd")', 's("bd").bank("RolandTR909")']
    panel.snd_search.value = "white"
    assert [code for _label, code in panel.snd_code.blocks] == ['s("white")']
    # No sound shown, no bar
    panel.snd_search.value = "zzzzqqq"
    assert panel.snd_code.blocks == [] and panel.snd_code.box.layout.display == "none"


def test_insert_and_copy_send_the_chosen_code_and_show_the_answer(index):
    sent = Sent()
    panel = StrudelPanel(index=index, send=sent)
    panel.ref_search.value = "room"
    panel.ref_code.choice.value = 1
    # When I click Insert
    panel.ref_code.insert_button.click()
    second = panel.ref_code.blocks[1][1]
    assert [(r.action, r.code) for r in sent.requests] == [("insert", second)]
    assert "Inserting…" in panel.ref_code.status.value
    # Then the front end's answer shows
    sent.end("done", "Inserted a %%strudel cell below cell 3.")
    assert "Inserted a %%strudel cell below cell 3." in panel.ref_code.status.value
    assert panel.ref_code.manual.layout.display == "none"
    # And Copy sends the same code for the clipboard
    panel.ref_code.copy_button.click()
    assert [(r.action, r.code) for r in sent.requests][-1] == ("copy", second)
    sent.end("failed", "The clipboard is not available.")
    assert "could not copy it: The clipboard is not available. Select the code below" in panel.ref_code.status.value
    assert escape(second) in panel.ref_code.manual.value and panel.ref_code.manual.layout.display is None


def test_with_no_front_end_the_panel_says_so_and_shows_the_code(index):
    # Given the panel outside JupyterLab (these tests run in no kernel: nothing to answer)
    panel = StrudelPanel(index=index)
    panel.snd_search.value = "rolandtr909_bd"
    panel.snd_list.select.value = "rolandtr909_bd"
    panel.snd_code.choice.value = 1
    # When I click Insert
    panel.snd_code.insert_button.click()
    # Then it says plainly that no front end answered, and the code is there to select
    assert panel.snd_code.last_request.state == "unanswered"
    assert NO_FRONT_END in html.unescape(panel.snd_code.status.value)
    assert (
        panel.snd_code.manual.value
        == "<pre class='strudel-example'>s(&quot;bd&quot;).bank(&quot;RolandTR909&quot;)</pre>"
    )
    assert panel.snd_code.manual.layout.display is None
    # and so does every later click, for the code chosen then
    panel.snd_code.choice.value = 0
    panel.snd_code.copy_button.click()
    assert panel.snd_code.last_request.action == "copy" and panel.snd_code.last_request.state == "unanswered"
    assert NO_FRONT_END in html.unescape(panel.snd_code.status.value)
    assert panel.snd_code.manual.value == "<pre class='strudel-example'>s(&quot;rolandtr909_bd&quot;)</pre>"


def test_a_new_click_speaks_for_itself(index):
    sent = Sent()
    panel = StrudelPanel(index=index, send=sent)
    panel.snd_search.value = "white"
    panel.snd_code.insert_button.click()
    sent.end("unanswered")
    assert panel.snd_code.manual.layout.display is None
    # When I click again, the old fallback goes until the new click's answer
    panel.snd_code.copy_button.click()
    assert panel.snd_code.manual.layout.display == "none" and "Copying…" in panel.snd_code.status.value
    first_end = sent._ends[0]
    first_end(sent.requests[0])  # the older request ending late changes nothing
    assert "Copying…" in panel.snd_code.status.value and panel.snd_code.last_request is sent.requests[1]
    sent.end("done", "Copied to the clipboard.")
    assert "Copied to the clipboard." in panel.snd_code.status.value
