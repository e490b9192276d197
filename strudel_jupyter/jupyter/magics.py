"""``%strudel`` / ``%%strudel``: ask the Strudel reference and sounds from a notebook.

A thin front end: the line magic hands the query to ``strudel_knowledge`` and
returns a :class:`~strudel_jupyter.render.results.KnowledgeResult`; the cell magic hands
the cell to the validator; ``%strudel`` alone opens the panel.
"""

from __future__ import annotations

import re
from typing import Any

from IPython.core.error import UsageError
from IPython.core.magic import Magics, line_cell_magic, magics_class, no_var_expand
from IPython.core.magic_arguments import argument, magic_arguments, parse_argstring

from ..ask.knowledge import strudel_knowledge
from ..data.index import StrudelIndex, get_index
from ..data.snapshot import SnapshotError
from ..limits import MAX_MAGIC_LINE_CHARS
from ..render.results import KnowledgeResult
from ..vocabulary import DEFAULT_LIMIT, DOMAINS, LIST_LIMIT, MAX_QUERY_CHARS, MODES

__all__ = ["TERMINAL_HINT", "StrudelMagics", "keep_question_marks", "register_question_marks"]

_QUOTES = ("'", '"')


def _unquote(text: str) -> str:
    """``%strudel "what does fast do"`` means the words, not a quoted string."""
    if len(text) >= 2 and text[0] == text[-1] and text[0] in _QUOTES and text[0] not in text[1:-1]:
        return text[1:-1]
    return text


# "%strudel what does room do?": IPython reads a line ending in "?" as a help request for its
# last word ("Object `do` not found"); a question is what the magic is for.
_ASKED = re.compile(
    r"^(?P<indent>[ \t]*)(?P<assign>[A-Za-z_]\w*[ \t]*=[ \t]*)?%strudel[ \t]+(?P<question>\S.*\?)[ \t]*$"
)


def keep_question_marks(lines: list[str]) -> list[str]:
    """An input transformer: a ``%strudel`` line ending in "?" runs the magic with its question.

    Registered in ``input_transformers_cleanup``, so it runs before IPython's help syntax;
    ``%strudel?`` alone (help on the magic) and every other line are left as they are.
    """
    out = []
    for line in lines:
        asked = _ASKED.match(line.rstrip("\n"))
        if asked:
            call = f"get_ipython().run_line_magic('strudel', {asked['question']!r})"
            line = asked["indent"] + (asked["assign"] or "") + call + ("\n" if line.endswith("\n") else "")
        out.append(line)
    return out


def register_question_marks(ipython: Any) -> None:
    """Install :func:`keep_question_marks` once (loading the extension twice keeps one)."""
    cleanup = getattr(ipython, "input_transformers_cleanup", None)
    if cleanup is not None and keep_question_marks not in cleanup:
        cleanup.append(keep_question_marks)
        _answer_the_loading_cell(ipython)


#: The name IPython's help syntax reads at the end of a line ("do" in "what does fast do?").
_HELP_TARGET = re.compile(r"([A-Za-z_][\w.]*)\?+$")


def _answer_the_loading_cell(ipython: Any) -> None:
    """Answer the "%strudel ...?" lines of the cell that is loading the extension.

    IPython transforms a whole cell before running any of it, so in the cell that runs
    ``%load_ext strudel_jupyter`` (all of ``ipython -c "..."``, all of a ``.ipy`` file) the
    transformer above came too late: those lines already became ``pinfo`` calls on their last
    word. For this one cell, such a call runs the magic with the line's question instead,
    shows the answer (or assigns it, for ``r = %strudel ...?``), and every other ``pinfo`` call
    is IPython's own; the next call after the cell puts IPython's own ``pinfo`` back.
    """
    running = getattr(getattr(ipython, "displayhook", None), "exec_result", None)
    raw = getattr(getattr(running, "info", None), "raw_cell", None)
    if not isinstance(raw, str) or "%strudel" not in raw:
        return
    pending = [m for m in map(_ASKED.match, raw.splitlines()) if m]
    originals = {name: ipython.find_line_magic(name) for name in ("pinfo", "pinfo2")}
    if not pending or None in originals.values():
        return

    def restore() -> None:
        for name, magic in originals.items():
            ipython.magics_manager.magics["line"][name] = magic

    def answer(name: str, line: str) -> Any:
        if ipython.displayhook.exec_result is not running:
            restore()
            return originals[name](line)
        target = _HELP_TARGET.search(pending[0]["question"]) if pending else None
        if target is None or target.group(1) != line.strip():
            return originals[name](line)
        asked = pending.pop(0)
        if not pending:
            restore()
        result = ipython.run_line_magic("strudel", asked["question"])
        if asked["assign"]:
            ipython.user_ns[asked["assign"].split("=")[0].strip()] = result
        elif result is not None:
            from IPython.display import display

            display(result)
        return None

    for name in originals:
        ipython.register_magic_function(lambda line, _name=name: answer(_name, line), "line", name)


#: What ``%strudel`` alone says in a terminal IPython, where the panel (a widget) cannot show.
TERMINAL_HINT = (
    "The Strudel panel is a widget: it shows in a notebook (JupyterLab, Notebook 7, VS Code). "
    "Here, ask a question: %strudel what does fast do, %strudel list synths, %strudel bank:tr909 "
    "(%strudel? for help)"
)


def _in_a_terminal(shell: Any) -> bool:
    try:
        from IPython.terminal.interactiveshell import TerminalInteractiveShell
    except ImportError:  # pragma: no cover (IPython without its terminal)
        return False
    return isinstance(shell, TerminalInteractiveShell)


@magics_class
class StrudelMagics(Magics):
    """The ``%strudel`` magics; ``index=`` serves a private index (tests), else the shared one."""

    def __init__(self, shell: Any = None, *, index: StrudelIndex | None = None) -> None:
        super().__init__(shell)
        self._index = index

    @property
    def index(self) -> StrudelIndex:
        return self._index or get_index()

    @magic_arguments()
    @argument("--json", action="store_true", help="show the raw JSON response instead of the rendered answer")
    @argument(
        "--play",
        action="store_true",
        help="with %%%%strudel: a playable output (play / stop in JupyterLab) with the code and its findings",
    )
    @argument("--domain", choices=DOMAINS, help="look only in the reference or the sounds")
    @argument("--mode", choices=MODES, help="the shape of the answer")
    @argument("--limit", type=int, help=f"how many items (default {DEFAULT_LIMIT}; {LIST_LIMIT} for lists)")
    @argument("query", nargs="*", help="a free-form question, a name, or a prefix form such as symbol:X")
    @no_var_expand  # a question is text: "$" and "{...}" are Strudel's, and expansion is slow on long lines
    @line_cell_magic
    def strudel(self, line: str = "", cell: str | None = None) -> Any:
        """Look up Strudel functions and sounds, as the REPL's reference and sounds tabs show them.

        Line magic, the answer is returned (so ``r = %strudel room`` keeps it as data):

            %strudel room                      detail of a function
            %strudel what does fast do
            %strudel list synths               a category listing
            %strudel sounds:drum-machines
            %strudel bank:tr909 --json         the raw JSON response
            %strudel                           open the reference / sounds panel

        Cell magic: ``%%strudel`` checks the Strudel code in the cell (unknown functions,
        sounds, banks) and returns the validation report, shown in JupyterLab with a play
        action. ``%%strudel --play`` shows a player: play / stop, the validator's findings,
        then the code it runs. Nothing plays until you click Play.
        """
        if len(line) > MAX_MAGIC_LINE_CHARS:  # before any parsing: shlex alone takes seconds on 600,000 characters
            raise UsageError(
                f"the %strudel line has {len(line):,} characters; ask about one thing in at most "
                f"{MAX_QUERY_CHARS:,} (put code in a %%strudel cell)"
            )
        if cell is not None:
            return self._validate(line, cell)
        if not line.strip():
            return self._panel()
        return self._ask(line)

    # ---------------------------------------------------------------- handlers
    def _ask(self, line: str) -> KnowledgeResult:
        stripped = line.strip()
        options: dict[str, Any] = {}
        if stripped.startswith("{"):
            # An object query, e.g. %strudel {"q": "room", "mode": "detail"}: options live inside it.
            query: Any = stripped
            raw = False
        else:
            args = self._arguments(line)
            query = _unquote(" ".join(args.query).strip())
            if not query:
                raise UsageError("%strudel needs a query, e.g. %strudel what does fast do (alone it opens the panel)")
            if args.play:
                raise UsageError("--play belongs to %%strudel (a cell of Strudel code), not to a question")
            options = {"domain": args.domain, "mode": args.mode, "limit": args.limit}
            raw = args.json
        index = self._load_index()
        return KnowledgeResult(strudel_knowledge(query, **options, index=index), index=index, raw=raw)

    def _arguments(self, line: str) -> Any:
        """The options and words of a line; an apostrophe ("what's") or a stray quote is a word."""
        try:
            return parse_argstring(self.strudel, line)
        except ValueError:  # shlex: no closing quotation
            return self.strudel.parser.parse_args(line.split())

    def _validate(self, line: str, cell: str) -> Any:
        args = self._arguments(line)
        if args.query or args.domain or args.mode or args.limit is not None:
            raise UsageError(
                "%%strudel checks the cell's code and takes only --json or --play; ask questions with %strudel"
            )
        if args.json and args.play:
            raise UsageError("%%strudel takes --json or --play, not both")
        if not cell.strip():
            raise UsageError('%%strudel needs Strudel code in the cell, e.g. s("bd sd").room(0.5)')
        try:
            from ..validator.validation import validate_code
        except ImportError as exc:
            raise UsageError(f"Strudel code validation is not available in this installation ({exc})") from None
        index = self._load_index()
        if args.json:
            return validate_code(cell, index=index).to_dict()
        from .playback import check, play

        return play(cell, index=index) if args.play else check(cell, index=index)

    def _panel(self) -> Any:
        # The panel is this front end's own view of the index (``%strudel`` with no query).
        if _in_a_terminal(self.shell):  # a widget cannot show there: say what works instead
            print(TERMINAL_HINT)
            return None
        from .panel import StrudelPanel

        return StrudelPanel(index=self._load_index())

    def _load_index(self) -> StrudelIndex:
        try:
            return self.index
        except SnapshotError as exc:
            raise UsageError(f"the Strudel snapshot could not be loaded: {exc}") from None
