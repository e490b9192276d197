"""``%strudel`` / ``%%strudel`` in a real IPython shell with the extension loaded."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from IPython.core.error import UsageError
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import capture_output

from strudel_jupyter import strudel_knowledge
from strudel_jupyter.jupyter.magics import TERMINAL_HINT
from strudel_jupyter.render.response_text import render_text
from strudel_jupyter.render.results import KnowledgeResult

from ..conftest import SHARED_SNAPSHOT

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shell():
    ip = InteractiveShell.instance()
    ip.run_line_magic("load_ext", "strudel_jupyter")
    return ip


def run(shell, source: str):
    """Run a cell as a user would; return (result, captured output)."""
    with capture_output() as captured:
        result = shell.run_cell(source, store_history=False)
    return result, captured


def test_extension_registers_line_and_cell_magic(shell):
    magics = shell.magics_manager.magics
    assert "strudel" in magics["line"] and "strudel" in magics["cell"]


def test_line_magic_returns_the_knowledge_response_as_a_result(shell):
    # When a user asks about room
    result = shell.run_line_magic("strudel", "room")
    # Then the value is the same response strudel_knowledge gives, usable as data
    assert isinstance(result, KnowledgeResult)
    assert result.to_dict() == strudel_knowledge("room")
    assert result.ok and result["items"][0]["name"] == "room" and result["mode"] == "detail"


@pytest.mark.parametrize(
    ("line", "domain", "mode", "first"),
    [
        ("what does fast do", "reference", "detail", "fast"),
        ("list synths", "sounds", "list", "brown"),
        ("sounds:drum-machines", "sounds", "list", "bd"),
    ],
)
def test_free_form_queries_from_the_issue(shell, line, domain, mode, first):
    result = shell.run_line_magic("strudel", line)
    assert (result["domain"], result["mode"], result.names[0]) == (domain, mode, first)


def test_assignment_keeps_the_data_and_the_cell_displays_html(shell):
    # Given `r = %strudel room` in a cell, r holds the result
    outcome, _ = run(shell, "r = %strudel room")
    assert outcome.success
    assert shell.user_ns["r"]["items"][0]["name"] == "room"
    # And a bare `%strudel room` displays HTML and text from the same result
    outcome, captured = run(shell, "%strudel what does fast do")
    assert outcome.success
    bundle = shell.display_formatter.format(outcome.result)[0]
    assert "<h3 class='strudel-name'><code>fast</code></h3>" in bundle["text/html"]
    assert bundle["text/plain"] == render_text(strudel_knowledge("what does fast do"))


def test_html_uses_the_docs_markup(shell):
    result = shell.run_line_magic("strudel", "symbol:compressor")
    html = result._repr_mimebundle_()["text/html"]
    assert '<code>compressor("threshold:ratio:knee:attack:release")</code>' in html


def test_options_reach_the_query_object(shell):
    # --domain/--mode/--limit become the spec's object form
    result = shell.run_line_magic("strudel", "--domain sounds --mode search --limit 3 piano")
    expected = strudel_knowledge({"q": "piano", "domain": "sounds", "mode": "search", "limit": 3})
    assert result.to_dict() == expected
    assert len(result["items"]) == 3 and all(i["kind"] == "sound" for i in result["items"])


def test_json_option_shows_the_raw_response(shell):
    result = shell.run_line_magic("strudel", "--json bank:tr909")
    bundle = result._repr_mimebundle_()
    assert json.loads(bundle["text/plain"]) == strudel_knowledge("bank:tr909")
    assert bundle["application/json"]["items"][0]["kind"] == "bank"
    assert "text/html" not in bundle


def test_object_query_and_quoted_query(shell):
    line = '{"q": "room", "mode": "search", "limit": 2}'
    result = shell.run_line_magic("strudel", line)
    assert result.to_dict() == strudel_knowledge(line)
    assert result["mode"] == "search" and result.names[0] == "room"
    assert shell.run_line_magic("strudel", '"what does fast do"').names[0] == "fast"
    assert shell.run_line_magic("strudel", "what's fast").ok  # an apostrophe is not a shell quote here


def test_not_found_is_a_result_with_suggestions_not_an_error(shell):
    outcome, captured = run(shell, "%strudel is trancegate valid")
    assert outcome.success and not outcome.result.ok
    bundle = shell.display_formatter.format(outcome.result)[0]
    assert "Did you mean:" in bundle["text/plain"]
    suggestions = outcome.result.suggestions
    assert suggestions and all(f"<code>{s}</code>" in bundle["text/html"] for s in suggestions)


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("%strudel --bogus room", "unrecognized arguments: --bogus"),
        ("%strudel --json", "%strudel needs a query"),
        ("%strudel --limit many room", "argument --limit: invalid int value: 'many'"),
        ("%strudel --domain music room", "argument --domain: invalid choice: 'music'"),
        ("%strudel ''", "%strudel needs a query"),
    ],
)
def test_bad_input_prints_one_usage_line_and_no_traceback(shell, source, message):
    outcome, captured = run(shell, source)
    assert isinstance(outcome.error_in_exec, UsageError)
    output = (captured.stdout + captured.stderr).strip()
    assert output.startswith("UsageError: ") and message in output
    assert len(output.splitlines()) == 1 and "Traceback" not in output


def test_an_overlong_line_is_refused_before_any_parsing(shell):
    # Given a line of 600,000 characters (shlex alone would take seconds on it)
    line = "--limit 200 " + '{"a":[' * 100_000
    # When the magic is called with it, Then it says why at once, naming the limit
    started = time.thread_time()
    with pytest.raises(
        UsageError, match=r"the %strudel line has 600,012 characters; ask about one thing in at most 1,000"
    ):
        shell.run_line_magic("strudel", line)
    assert time.thread_time() - started < 0.5


def test_help_shows_the_docstring_and_argparse_usage(shell):
    doc = shell.find_line_magic("strudel").__doc__
    assert "Look up Strudel functions and sounds" in doc
    assert re.search(r"::\s+%strudel \[--json\] \[--play\] \[--domain \{auto,reference,sounds\}\]", doc)
    assert "--limit LIMIT" in doc and "%%strudel" in doc
    with capture_output() as captured:
        shell.run_cell("%strudel?", store_history=False)
    # the pager prints the help to stdout in a plain shell
    assert "Look up Strudel functions and sounds" in captured.stdout


def test_bare_magic_opens_the_panel(shell):
    from strudel_jupyter.jupyter.panel import StrudelPanel

    panel = shell.run_line_magic("strudel", "")
    assert isinstance(panel, StrudelPanel)
    assert panel.ref_status.value.endswith("509 functions</div>")


def test_cell_magic_validates_the_cell_with_the_core_validator(shell):
    from strudel_jupyter.validator import validation  # the core validator module

    code = 's("bd sd").rooom(0.5)\n'
    # When a cell of Strudel code with a misspelt function is run through %%strudel
    report = shell.run_cell_magic("strudel", "", code)
    # Then it is the validator's report for that code
    expected = validation.strudel_validate(code)
    assert report.to_dict() == expected
    assert not report.ok and any(f["name"] == "rooom" for f in expected["findings"])
    assert shell.run_cell_magic("strudel", "--json", code) == expected
    assert shell.run_cell_magic("strudel", "", 's("bd sd").room(0.5)\n').ok


def test_cell_magic_refuses_a_query_on_its_line(shell):
    outcome, captured = run(shell, "%%strudel room\ns('bd')\n")
    assert isinstance(outcome.error_in_exec, UsageError)
    assert "takes only --json" in captured.stderr + captured.stdout


def test_magics_serve_a_private_index(shared_snapshot_dir):
    # A StrudelMagics given its own index answers from it (here: with a user sound registered)
    from strudel_jupyter import StrudelIndex
    from strudel_jupyter.jupyter.magics import StrudelMagics

    index = StrudelIndex.from_path(shared_snapshot_dir)
    index.register_sounds({"swoop": ["swoop/a.wav", "swoop/b.wav"]}, "https://example.com/")
    magics = StrudelMagics(InteractiveShell.instance(), index=index)
    result = magics.strudel("list user sounds")
    assert result.names == ["swoop"]
    assert "<code>swoop(2)</code>" in result._repr_mimebundle_()["text/html"]


def test_domain_and_mode_choices_are_the_vocabulary(shell):
    # Given the magic's argument parser, its --domain and --mode accept exactly the shared words
    from strudel_jupyter.jupyter.magics import StrudelMagics
    from strudel_jupyter.vocabulary import DOMAINS, MODES

    parser = StrudelMagics.strudel.parser
    choices = {a.dest: tuple(a.choices) for a in parser._actions if a.choices is not None}
    assert choices == {"domain": DOMAINS, "mode": MODES}
    # and a word of the vocabulary works end to end
    assert shell.run_line_magic("strudel", "piano --domain sounds --mode search --limit 2")["domain"] == "sounds"


@pytest.mark.parametrize(
    ("source", "name"),
    [
        ("%strudel what does room do?", "room"),
        ("r = %strudel is bd available?\nr", "bd"),
        ("for _ in range(1):\n    r = %strudel what does fast do?\nr", "fast"),
    ],
)
def test_a_question_ending_in_a_question_mark_is_asked_not_read_as_help(shell, source, name):
    # Given a musician's question ending in "?" (IPython's syntax for help on the last word)
    result, captured = run(shell, source)
    # Then the magic answers it: no "Object `do` not found"
    assert result.success and "not found" not in captured.stdout
    assert isinstance(result.result, KnowledgeResult) and result.result["items"][0]["name"] == name


def test_help_on_the_magic_itself_still_works(shell):
    _result, captured = run(shell, "%strudel?")
    assert "Look up Strudel functions and sounds" in captured.stdout


def test_the_question_mark_transformer_leaves_other_lines_alone():
    from strudel_jupyter.jupyter.magics import keep_question_marks

    lines = ["len?\n", "x = 1  # what?\n", "%strudel?\n", "%%strudel\n", 's("bd?")\n']
    assert keep_question_marks(lines) == lines
    asked = keep_question_marks(["  %strudel is it 'real'?\n"])
    assert asked == ["  get_ipython().run_line_magic('strudel', \"is it 'real'?\")\n"]


# ------------------------------------------------------- outside an interactive shell (real processes)
def _ipython(*args: str, cwd) -> subprocess.CompletedProcess:
    """A real ``ipython`` process, with this checkout's package and the shared snapshot."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "STRUDEL_SNAPSHOT": str(SHARED_SNAPSHOT), "IPYTHONDIR": str(cwd)}
    command = [sys.executable, "-m", "IPython", "--no-banner", "--colors=NoColor", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env, timeout=120)


def test_a_question_mark_works_under_ipython_c_in_the_cell_that_loads_the_extension(tmp_path):
    # Given one -c cell that loads the extension and asks (IPython transforms it before any of it runs)
    source = "%load_ext strudel_jupyter\n%strudel what does fast do?\nr = %strudel list synths?\nprint('mode', r['mode'])\nlen?"
    done = _ipython("-c", source, cwd=tmp_path)
    # Then the questions are answered, the assigned one kept as data, and help on anything else is IPython's
    assert "Object `do` not found" not in done.stdout + done.stderr
    assert "what does fast do?: 1 function" in done.stdout and "usage: fast(factor)" in done.stdout
    assert "mode list" in done.stdout
    assert "Return the number of items in a container" in done.stdout


def test_a_question_mark_works_in_an_ipy_file(tmp_path):
    script = tmp_path / "ask.ipy"
    script.write_text("%load_ext strudel_jupyter\n%strudel is bd available?\nprint('done')\n", encoding="utf-8")
    done = _ipython(str(script), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Object `available` not found" not in done.stdout + done.stderr
    assert "bd  (sample, drum-machines, 8 samples)" in done.stdout and done.stdout.rstrip().endswith("done")


def test_bare_magic_in_a_terminal_prints_a_short_hint_not_a_widget(tmp_path):
    done = _ipython("-c", "%load_ext strudel_jupyter\n%strudel", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == TERMINAL_HINT
    assert "StrudelPanel" not in done.stdout and "VBox" not in done.stdout
