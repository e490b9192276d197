"""Tab completion of Strudel code through a real kernel, as every Jupyter front end asks it.

Given a real IPython kernel (jupyter_client's KernelManager) that imports this checkout's
package and has run ``%load_ext strudel_jupyter``, when a front end sends
``complete_request`` for a ``%%strudel`` cell, then the reply holds the Strudel names the
engine ranks first, typed in ``_jupyter_types_experimental``; a Python cell still gets
Python's own completions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from jupyter_client.blocking.client import BlockingKernelClient

from tests.jupyter.kernels import ROOT, TIMEOUT, running_kernel


@pytest.fixture(scope="module")
def kernel() -> Iterator[BlockingKernelClient]:
    with running_kernel() as client:
        reply = client.execute_interactive(
            "%load_ext strudel_jupyter\nimport strudel_jupyter\nstrudel_jupyter.strudel_knowledge('room')\n"
            "print(strudel_jupyter.__file__)",
            timeout=TIMEOUT,
            output_hook=lambda msg: _printed.append(msg["content"].get("text", "")),
        )
        assert reply["content"]["status"] == "ok"
        yield client


_printed: list[str] = []


def _complete(client: BlockingKernelClient, code: str, cursor: int | None = None) -> dict[str, Any]:
    reply = client.complete(code, len(code) if cursor is None else cursor, reply=True, timeout=TIMEOUT)
    content: dict[str, Any] = reply["content"]
    assert content["status"] == "ok"
    return content


def _types(content: dict[str, Any]) -> dict[str, str]:
    return {c["text"]: c["type"] for c in content["metadata"]["_jupyter_types_experimental"]}


def test_the_kernel_imports_this_checkout(kernel: BlockingKernelClient) -> None:
    assert any(str(ROOT / "strudel_jupyter") in text for text in _printed), _printed


def test_a_method_after_a_dot_completes_with_room_first(kernel: BlockingKernelClient) -> None:
    code = '%%strudel\nnote("c e").ro'
    content = _complete(kernel, code)
    assert content["matches"][0] == "room"
    assert {"roomsize", "round"} <= set(content["matches"])
    assert (content["cursor_start"], content["cursor_end"]) == (len(code) - 2, len(code))
    assert _types(content)["room"] == "function"


def test_a_sound_inside_s_completes_drum_sounds(kernel: BlockingKernelClient) -> None:
    content = _complete(kernel, '%%strudel\ns("b')
    assert "bd" in content["matches"][:5]
    assert all(name.startswith("b") for name in content["matches"])
    assert _types(content)["bd"] == "sound"


def test_a_bank_inside_bank_completes_tr909(kernel: BlockingKernelClient) -> None:
    content = _complete(kernel, '%%strudel\ns("bd").bank("tr9')
    assert content["matches"][0] == "tr909"
    assert _types(content)["tr909"] == "bank"


def test_the_cursor_in_the_middle_of_a_cell(kernel: BlockingKernelClient) -> None:
    code = '%%strudel\nstack(\n  s("hh*4").ba,\n  s("bd")\n)'
    cursor = code.index(".ba") + 3
    content = _complete(kernel, code, cursor)
    assert content["matches"][0] == "bank"
    assert content["cursor_end"] == cursor


def test_after_the_line_magic(kernel: BlockingKernelClient) -> None:
    content = _complete(kernel, "%strudel ro")
    assert content["matches"][0] == "room"


def test_a_python_cell_still_completes_python(kernel: BlockingKernelClient) -> None:
    content = _complete(kernel, "import os\nos.pa")
    assert "path" in content["matches"]
    assert "room" not in content["matches"]
    # the same word outside Strudel code: Python's names, not Strudel's
    content = _complete(kernel, "ro")
    assert "round" in content["matches"] and "room" not in content["matches"]


def test_a_comment_in_a_strudel_cell_offers_no_strudel_names(kernel: BlockingKernelClient) -> None:
    content = _complete(kernel, '%%strudel\n// s("b')
    assert "bd" not in content["matches"]


# ---------------------------------------------------------------- inspection
def _inspect(client: BlockingKernelClient, code: str, cursor: int) -> dict[str, Any]:
    reply = client.inspect(code, cursor, reply=True, timeout=TIMEOUT)
    content: dict[str, Any] = reply["content"]
    assert content["status"] == "ok"
    return content


def test_shift_tab_on_a_strudel_name_answers_its_docs(kernel: BlockingKernelClient) -> None:
    code = '%%strudel\ns("bd").room(0.5)'
    content = _inspect(kernel, code, code.index("room") + 2)
    assert content["found"] is True
    assert "Sets the level of reverb" in content["data"]["text/plain"]
    assert "strudel-function" in content["data"]["text/html"]
    # a sound in its slot is a sound, not the function of the same name
    content = _inspect(kernel, code, code.index("bd") + 1)
    assert content["found"] is True and "bd" in content["data"]["text/plain"]
    assert "sample" in content["data"]["text/plain"]


def test_inspection_outside_strudel_code_is_ipythons(kernel: BlockingKernelClient) -> None:
    content = _inspect(kernel, "len", 2)
    assert content["found"] is True and "Return the number of items" in content["data"]["text/plain"]
    # the magic's own line is IPython's too
    content = _inspect(kernel, '%%strudel\ns("bd")', 3)
    assert "Sets the level of reverb" not in str(content["data"])


# ------------------------------------------------------- the IPython terminal
def test_an_ipython_shell_without_a_kernel_completes_strudel_too(shared_index) -> None:
    # Given a plain InteractiveShell (the IPython terminal's core: no kernel to wrap)
    from IPython.core.completer import provisionalcompleter
    from IPython.core.interactiveshell import InteractiveShell

    from strudel_jupyter.jupyter.completer import MATCHER_ID, register_completer, register_inspector

    shell = InteractiveShell.instance()
    try:
        # When the completer is registered twice (a second %load_ext), and no kernel is there to wrap
        register_completer(shell, index=shared_index)
        register_completer(shell, index=shared_index)
        register_inspector(shell, index=shared_index)
        ids = [getattr(m, "matcher_identifier", None) for m in shell.Completer.custom_matchers]
        assert ids.count(MATCHER_ID) == 1
        # Then Strudel code completes with the engine's names, and Python with Python's
        code = '%%strudel\ns("bd").bank("tr9'
        with provisionalcompleter():
            strudel = [c.text for c in shell.Completer.completions(code, len(code))]
            python = [c.text for c in shell.Completer.completions("import os\nos.pa", 15)]
        assert strudel[0] == "tr909"
        assert "path" in python and "tr909" not in python
    finally:
        InteractiveShell.clear_instance()
