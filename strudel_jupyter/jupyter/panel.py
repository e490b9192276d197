"""``StrudelPanel``: the REPL's reference and sounds tabs as an ipywidgets panel.

A thin front end over ``strudel_jupyter.lookup.browse`` (search and filter semantics,
counts, suggestions, details) and ``strudel_knowledge`` (the question box); it
only lays out widgets and keeps them in step. Lists show at most ``page`` rows
at a time so a keystroke stays cheap with the full registry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W
from IPython.display import display

from ..ask.knowledge import strudel_knowledge
from ..data.index import StrudelIndex, get_index
from ..data.sounds_tab import SOUND_CATEGORIES
from ..lookup.browse import (
    ALL,
    browse_reference,
    browse_sounds,
    detail_code,
    reference_detail,
    reference_status,
    sound_detail,
    sound_label,
    sounds_status,
)
from ..render.html import escape, style_element
from ..render.response_html import render_html, render_item_html
from .frontend_actions import CodeAction, CodeRequest, send_code_action
from .playback import SoundAudition, audition

__all__ = ["StrudelPanel"]

PAGE = 200
_ACTIVE, _IDLE = "primary", ""
#: The width of the column right of a list (the code bar over the details).
_DETAIL_WIDTH = "64%"


def _button(label: str, on_click: Callable[[W.Button], None], **layout: str) -> W.Button:
    button = W.Button(description=label, layout=W.Layout(width="auto", margin="1px 2px", **layout))
    button.on_click(on_click)
    return button


def _click(action: Callable[[str], None], value: str) -> Callable[[W.Button], None]:
    """A button handler that calls ``action(value)``, with ``value`` bound now (not at click time)."""
    return lambda _button: action(value)


def _status(text: str) -> str:
    return f"<div class='strudel-status'>{escape(text)}</div>"


def _example_pictures(examples: list[list[str]]) -> list[list[str | None]]:
    """Each example's picture (the engine loads on the first); none where the engine is not installed."""
    try:
        from ..engine.pictures import example_pictures
    except ImportError:
        return [[None] * len(e) for e in examples]
    return example_pictures(examples)


class _ListView:
    """A capped ``Select`` with a "show more" button; remembers the full list of (label, key) rows."""

    def __init__(self, on_select: Callable[[str | None], None]) -> None:
        self.rows: list[tuple[str, str]] = []
        self.shown = PAGE
        self._on_select = on_select
        self._quiet = False
        self.select = W.Select(options=[], rows=18, layout=W.Layout(width="auto"))
        self.select.add_class("strudel-list")
        self.select.observe(self._selected, names="value")
        self.more = _button("show more", self._show_more)
        self.more.layout.display = "none"
        self.box = W.VBox([self.select, self.more], layout=W.Layout(width="36%", min_width="14em"))

    def set_rows(self, rows: Sequence[tuple[str, str]]) -> None:
        """New rows (a new search or filter): back to the first page, keep the selection when still listed."""
        self.rows = list(rows)
        self.shown = PAGE
        self._refresh(keep=self.select.value)

    def _show_more(self, _button: W.Button) -> None:
        self.shown += PAGE
        self._refresh(keep=self.select.value)

    def _refresh(self, keep: str | None) -> None:
        visible = self.rows[: self.shown]
        self._quiet = True
        try:
            self.select.options = visible
            keys = {key for _label, key in visible}
            self.select.value = keep if keep in keys else (visible[0][1] if visible else None)
        finally:
            self._quiet = False
        self.select.layout.display = None if visible else "none"  # no empty box under "No match"
        self.box.layout.display = None if visible else "none"  # and the detail takes the width
        rest = len(self.rows) - len(visible)
        self.more.description = f"show {min(rest, PAGE)} more (of {len(self.rows)})"
        self.more.layout.display = None if rest > 0 else "none"
        self._on_select(self.select.value)

    def _selected(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self._on_select(change["new"])


#: What the code bar says when no front end answered (classic notebook, VS Code, no labextension).
NO_FRONT_END = (
    "No notebook front end answered: Insert and Copy need JupyterLab with the strudel-jupyter "
    "extension (the classic notebook and VS Code do not have it). Select the code below and copy it."
)
_LABEL_CHARS = 90


class _CodeBar:
    """Insert / Copy for the code the details show, done by the front end (``frontend_actions``).

    Insert makes a runnable ``%%strudel`` cell below the active cell, as the sidebar's Insert
    does. When the front end does not answer, the bar says so and shows the code to copy by hand.
    """

    def __init__(self, send: Callable[..., CodeRequest]) -> None:
        self._send = send
        self.blocks: list[tuple[str, str]] = []
        # the choice takes the room left; the label and the buttons keep their whole words
        self.choice = W.Dropdown(options=[], layout=W.Layout(flex="1 1 0%", width="auto", min_width="6em"))
        self.choice.add_class("strudel-code-choice")
        self.insert_button = _button("Insert", self._insert_clicked, flex="0 0 auto")
        self.insert_button.tooltip = "Insert as a %%strudel cell below the active cell"
        self.copy_button = _button("Copy", self._copy_clicked, flex="0 0 auto")
        self.copy_button.tooltip = "Copy to the clipboard"
        self.status = W.HTML()
        self.manual = W.HTML(layout=W.Layout(display="none"))
        self.manual.add_class("strudel-manual-copy")
        self.last_request: CodeRequest | None = None
        self._clicks = 0  # which click the status speaks for
        label = W.Label("Code:", layout=W.Layout(flex="0 0 auto", width="auto"))
        # narrow, the buttons wrap under the choice rather than being cut at the edge
        row = W.HBox([label, self.choice, self.insert_button, self.copy_button], layout=W.Layout(flex_flow="row wrap"))
        self.box = W.VBox([row, self.status, self.manual])
        self.box.add_class("strudel-code-bar")
        self.set_blocks([])

    @property
    def code(self) -> str | None:
        """The code chosen now (None when the details show none)."""
        index = self.choice.value
        return self.blocks[index][1] if index is not None and index < len(self.blocks) else None

    def set_blocks(self, blocks: Sequence[tuple[str, str]]) -> None:
        """The ``(label, code)`` blocks of the details shown now; the first is chosen."""
        self.blocks = list(blocks)
        self.choice.options = [(self._label(label, code), i) for i, (label, code) in enumerate(self.blocks)]
        self.choice.value = 0 if self.blocks else None
        self.box.layout.display = None if self.blocks else "none"

    @staticmethod
    def _label(label: str, code: str) -> str:
        line = " ".join(code.split())
        text = line if label == code else f"{label}: {line}"
        return text if len(text) <= _LABEL_CHARS else text[: _LABEL_CHARS - 1] + "…"

    def request(self, action: CodeAction) -> CodeRequest | None:
        """Ask the front end to insert or copy the chosen code; the status says how it went."""
        code = self.code
        if code is None:
            return None
        self._clicks += 1
        click = self._clicks
        self.manual.layout.display = "none"
        self.status.value = _status("Inserting…" if action == "insert" else "Copying…")
        # the request may end before send returns (no kernel to ask): the callback keeps it
        self.last_request = self._send(action, code, lambda ended: self._ended(ended, click))
        return self.last_request

    def _insert_clicked(self, _button: W.Button) -> None:
        self.request("insert")

    def _copy_clicked(self, _button: W.Button) -> None:
        self.request("copy")

    def _ended(self, request: CodeRequest, click: int) -> None:
        if click != self._clicks:
            return  # an older click ended after a newer one: the newer one speaks
        self.last_request = request
        verb = "insert" if request.action == "insert" else "copy"
        if request.state == "done":
            self.status.value = _status(request.message or ("Inserted." if verb == "insert" else "Copied."))
            return
        if request.state == "failed":
            reason = f": {request.message.rstrip('.')}" if request.message else ""
            text = f"The notebook could not {verb} it{reason}. Select the code below and copy it."
        else:
            text = NO_FRONT_END
        self.status.value = _status(text)
        self.manual.value = f"<pre class='strudel-example'>{escape(request.code)}</pre>"
        self.manual.layout.display = None


class StrudelPanel(W.VBox):
    """Reference and sounds tabs, as in the Strudel REPL, with a question box on top.

    ``StrudelPanel()`` uses the shared index; pass ``index=`` to browse another one.
    Each tab's code bar inserts the code its details show as a ``%%strudel`` cell, or copies
    it, through the JupyterLab extension (``send=`` replaces that, for tests).
    """

    def __init__(
        self,
        *,
        index: StrudelIndex | None = None,
        send: Callable[..., CodeRequest] = send_code_action,
        **kwargs: Any,
    ) -> None:
        self.index = index or get_index()
        self.tag = ALL
        self.category = ALL

        # question box
        self.ask_text = W.Text(
            placeholder="Ask: what does fast do · list synths · is bd available · bank:tr909",
            continuous_update=False,
            layout=W.Layout(flex="1 1 0%", width="auto", min_width="0"),
        )
        self.ask_text.observe(lambda _c: self.ask(), names="value")
        # the box takes the room left; the buttons keep their whole words
        self.ask_button = _button("Ask", lambda _b: self.ask(), flex="0 0 auto")
        self.clear_button = _button("Clear", lambda _b: self.ask(""), flex="0 0 auto")
        self.answer = W.HTML(layout=W.Layout(display="none"))
        self.answer.add_class("strudel-answer")

        # reference tab
        # width auto: at 100% plus its padding the box lost its right border
        self.ref_search = W.Text(placeholder="Search functions…", layout=W.Layout(width="auto"))
        self.ref_search.observe(self._ref_search_changed, names="value")
        self.tag_buttons: dict[str, W.Button] = {}
        for tag, count in {ALL: len(self.index.reference), **self.index.reference.tag_counts}.items():
            self.tag_buttons[tag] = _button(f"{tag} {count}", _click(self.toggle_tag, tag), height="24px")
        tag_row = W.Box(list(self.tag_buttons.values()), layout=W.Layout(flex_flow="row wrap"))
        self.ref_status = W.HTML()
        self.ref_suggestions = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self._ref_pinned = False
        self.reference_details: list[str] = []
        self.reference_status_text = ""
        self.ref_list = _ListView(self._show_reference)
        self.ref_detail = W.HTML(layout=W.Layout(max_height="32em"))
        self.ref_detail.add_class("strudel-detail")
        self.ref_code = _CodeBar(send)
        reference = W.VBox(
            [
                self.ref_search,
                tag_row,
                self.ref_status,
                self.ref_suggestions,
                W.HBox(
                    [
                        self.ref_list.box,
                        W.VBox([self.ref_code.box, self.ref_detail], layout=W.Layout(width=_DETAIL_WIDTH)),
                    ]
                ),
            ]
        )

        # sounds tab
        self.snd_search = W.Text(placeholder="Search sounds…", layout=W.Layout(width="auto"))
        self.snd_search.observe(lambda _c: self._update_sounds(), names="value")
        self.category_buttons = {c: _button(c, _click(self.set_category, c), height="26px") for c in SOUND_CATEGORIES}
        category_row = W.Box(list(self.category_buttons.values()), layout=W.Layout(flex_flow="row wrap"))
        self.snd_status = W.HTML()
        self.snd_suggestions = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.sound_details: list[str] = []
        self.sounds_status_text = ""
        self.snd_list = _ListView(self._show_sound)
        self.snd_detail = W.HTML(layout=W.Layout(max_height="32em"))
        self.snd_detail.add_class("strudel-detail")
        self.snd_code = _CodeBar(send)
        # Audition, as in the REPL: picking a sound plays it once, through the JupyterLab
        # extension's engine (a playable output in snd_audio; see playback.py).
        # The controls never shrink (their labels stay whole); the audition's output takes
        # what is left and wraps under them when the panel is narrow.
        self.snd_index = W.BoundedIntText(value=0, min=0, max=9999, layout=W.Layout(width="6em", flex="0 0 auto"))
        self.snd_play = _button("▶ play", self._play_clicked, flex="0 0 auto", min_width="5em")
        self.snd_audio = W.Output(layout=W.Layout(flex="1 1 12em", min_width="0"))
        self.last_audition: SoundAudition | None = None
        self.snd_list.select.observe(self._sound_picked, names="value")
        sounds = W.VBox(
            [
                self.snd_search,
                category_row,
                self.snd_status,
                self.snd_suggestions,
                W.HBox(
                    [
                        self.snd_play,
                        W.Label("sample", layout=W.Layout(flex="0 0 auto", width="auto", min_width="max-content")),
                        self.snd_index,
                        self.snd_audio,
                    ],
                    layout=W.Layout(flex_flow="row wrap", align_items="center"),
                ),
                W.HBox(
                    [
                        self.snd_list.box,
                        W.VBox([self.snd_code.box, self.snd_detail], layout=W.Layout(width=_DETAIL_WIDTH)),
                    ]
                ),
            ]
        )

        self.tabs = W.Tab(children=[reference, sounds], titles=("Reference", "Sounds"))
        question = W.HBox([self.ask_text, self.ask_button, self.clear_button])
        # The style sheet once for the whole panel: the details and statuses are bare fragments.
        super().__init__(children=[W.HTML(style_element()), question, self.answer, self.tabs], **kwargs)
        self.add_class("strudel-panel")
        self.add_class("strudel-output")
        self._update_reference()
        self._update_sounds()

    # ------------------------------------------------------------ question box
    def ask(self, query: str | None = None) -> None:
        """Run ``strudel_knowledge`` on ``query`` (default: the question box) and show the answer."""
        if query is not None and query != self.ask_text.value:
            self.ask_text.value = query  # its observer asks
            return
        text = self.ask_text.value.strip()
        if not text:
            self.answer.value, self.answer.layout.display = "", "none"
            return
        self.answer.value = render_html(strudel_knowledge(text, index=self.index), index=self.index)
        self.answer.layout.display = None

    # ------------------------------------------------------------------ reference
    def toggle_tag(self, tag: str) -> None:
        """A tag button: filter by it; clicking the active tag again shows all (as the REPL)."""
        self.tag = ALL if tag == self.tag else tag
        self._update_reference()

    def _ref_search_changed(self, _change: dict[str, Any]) -> None:
        self.tag = ALL  # typing a search resets the tag filter, as in the REPL
        self._update_reference()

    def _update_reference(self) -> None:
        result = browse_reference(self.ref_search.value, self.tag, index=self.index)
        for tag, button in self.tag_buttons.items():
            button.button_style = _ACTIVE if tag == self.tag else _IDLE
        # The same details as the sidebar: every match under a search or tag, else the closest.
        self.reference_details = result.details
        self.reference_status_text = " ".join(
            [reference_status(result), *([] if result.entries else result.suggestions)]
        )
        self.ref_status.value = _status(reference_status(result))
        self._set_suggestions(self.ref_suggestions, [] if result.entries else result.suggestions, self.ref_search)
        self._ref_pinned = bool(result.details)  # setting the rows selects one: keep the details
        self.ref_list.set_rows([(self._reference_label(e.name, e.synonyms), e.name) for e in result.entries])
        self._ref_pinned = False
        if result.details:
            self._show_references(result.details)

    @staticmethod
    def _reference_label(name: str, synonyms: Sequence[str]) -> str:
        return f"{name} · {', '.join(synonyms)}" if synonyms else name

    def _show_reference(self, name: str | None) -> None:
        if not self._ref_pinned:  # a picked row shows alone
            self._show_references([name] if name else [])

    def _show_references(self, names: Sequence[str]) -> None:
        items = [item for name in names if (item := reference_detail(name, index=self.index))]
        pictures = _example_pictures([list(item.get("examples") or []) for item in items])
        drawn = [{**item, "example_pictures": svgs} for item, svgs in zip(items, pictures, strict=True)]
        self.ref_detail.value = "".join(render_item_html(item) for item in drawn)
        self.ref_code.set_blocks([block for item in items for block in detail_code(item)])

    # --------------------------------------------------------------------- sounds
    def set_category(self, category: str) -> None:
        """A category button (samples, drum-machines, synths, wavetables, user, all)."""
        self.category = category
        self._update_sounds()

    def _update_sounds(self) -> None:
        result = browse_sounds(self.snd_search.value, self.category, index=self.index)
        self.category = result.category
        for category, button in self.category_buttons.items():
            button.description = f"{category} {result.matching_counts[category]}"
            button.button_style = _ACTIVE if category == result.category else _IDLE
        self.sound_details = result.details
        self.sounds_status_text = " ".join([sounds_status(result), *([] if result.entries else result.suggestions)])
        self.snd_status.value = _status(sounds_status(result))
        self._set_suggestions(self.snd_suggestions, [] if result.entries else result.suggestions, self.snd_search)
        self.snd_list.set_rows([(sound_label(e), e.name) for e in result.entries])
        if result.details:
            self._show_sound(result.details[0])

    def _show_sound(self, name: str | None) -> None:
        item = sound_detail(name, index=self.index) if name else None
        self.snd_detail.value = render_item_html(item) if item else ""
        self.snd_code.set_blocks(detail_code(item) if item else [])

    def audition(self, name: str | None = None) -> SoundAudition | None:
        """Play a sound once (default: the selected one, at the ``sample`` index) in JupyterLab."""
        name = name or self.snd_list.select.value
        if not name:
            return None
        self.last_audition = audition(name, self.snd_index.value, index=self.index)
        with self.snd_audio:
            self.snd_audio.clear_output(wait=True)
            display(self.last_audition)
        return self.last_audition

    def _play_clicked(self, _button: W.Button) -> None:
        self.audition()

    def _sound_picked(self, change: dict[str, Any]) -> None:
        if change["new"] and not self.snd_list._quiet:  # a click, not a new search's first row
            self.audition(change["new"])

    def refresh(self) -> None:
        """Show the index as it is now (e.g. after ``register_sounds``)."""
        self._update_reference()
        self._update_sounds()

    # -------------------------------------------------------------------- helpers
    @staticmethod
    def _set_suggestions(box: W.Box, suggestions: Sequence[str], search: W.Text) -> None:
        def pick(name: str) -> Callable[[W.Button], None]:
            return lambda _b: setattr(search, "value", name)

        old = box.children
        box.children = [_button(s, pick(s), height="24px") for s in suggestions]
        for button in old:  # a closed widget leaves the kernel's widget registry
            button.close()
