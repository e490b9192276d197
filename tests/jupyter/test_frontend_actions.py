"""Insert / Copy from the kernel: the comm sent to the front end, its answers, and the fallbacks.

The unit tests stand in for the front end with a comm that records what was sent and lets
the test answer, close or stay silent. The kernel test clicks the panel's Insert button the
way JupyterLab does (a ``comm_msg`` to the button's model) in a real IPython kernel and reads
the ``comm_open`` the kernel sends on IOPub.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from jupyter_client.blocking.client import BlockingKernelClient

from strudel_jupyter.jupyter.frontend_actions import (
    COMM_TARGET,
    MAX_CODE_CHARS,
    REPLY_SECONDS,
    CodeRequest,
    send_code_action,
)
from tests.jupyter.kernels import TIMEOUT, running_kernel

ROOM_EXAMPLE = 's("bd sd [~ bd] sd").room("<0 .2 .4 .6 .8 1>")'


class FrontEnd:
    """A stand-in for the labextension's end of the comm: records, answers, closes, or says nothing."""

    def __init__(self) -> None:
        self.opened: list[dict[str, Any]] = []
        self.timers: list[tuple[float, Callable[[], None]]] = []
        self._on_msg: Callable[[dict[str, Any]], None] | None = None
        self._on_close: Callable[[dict[str, Any]], None] | None = None
        self.closed_by_kernel = False

    # the kernel's side of the comm
    def open_comm(self, data: dict[str, Any]) -> FrontEnd:
        self.opened.append(data)
        return self

    def on_msg(self, callback: Callable[[dict[str, Any]], None]) -> None:
        self._on_msg = callback

    def on_close(self, callback: Callable[[dict[str, Any]], None]) -> None:
        self._on_close = callback

    def close(self, data: Any = None) -> None:
        self.closed_by_kernel = True

    def schedule(self, seconds: float, callback: Callable[[], None]) -> None:
        self.timers.append((seconds, callback))

    # what a front end does
    def answer(self, data: Any) -> None:
        assert self._on_msg is not None
        self._on_msg({"content": {"comm_id": "c1", "data": data}})

    def close_unanswered(self) -> None:
        assert self._on_close is not None
        self._on_close({"content": {"comm_id": "c1", "data": {}}})

    def time_passes(self) -> None:
        for _seconds, callback in self.timers:
            callback()


@pytest.fixture
def front_end() -> FrontEnd:
    return FrontEnd()


def ask(front_end: FrontEnd, action: str = "insert", code: str = ROOM_EXAMPLE) -> tuple[CodeRequest, list[CodeRequest]]:
    ended: list[CodeRequest] = []
    request = send_code_action(
        action,  # type: ignore[arg-type]
        code,
        ended.append,
        open_comm=front_end.open_comm,
        schedule=front_end.schedule,
    )
    return request, ended


def test_insert_opens_a_comm_with_the_action_and_the_code(front_end):
    request, ended = ask(front_end)
    assert front_end.opened == [{"action": "insert", "code": ROOM_EXAMPLE}]
    assert request.state == "waiting" and ended == []
    assert [seconds for seconds, _ in front_end.timers] == [REPLY_SECONDS]


def test_the_front_ends_answer_ends_the_request_once(front_end):
    request, ended = ask(front_end, "copy")
    assert front_end.opened == [{"action": "copy", "code": ROOM_EXAMPLE}]
    # When the front end answers, then closes the comm, and the timer fires later
    front_end.answer({"ok": True, "message": "Copied example 1 of room."})
    front_end.close_unanswered()
    front_end.time_passes()
    # Then the request ended once, with the front end's words, and the kernel left the comm alone
    assert ended == [request] and (request.state, request.message) == ("done", "Copied example 1 of room.")
    assert not front_end.closed_by_kernel


def test_a_front_end_that_could_not_do_it_says_why(front_end):
    request, ended = ask(front_end)
    front_end.answer({"ok": False, "message": "No notebook is open."})
    assert ended == [request] and (request.state, request.message) == ("failed", "No notebook is open.")


@pytest.mark.parametrize("answer", [None, "yes", ["ok"], {"ok": "true"}, {"message": "x" * 10_000}])
def test_a_malformed_answer_is_a_failure_not_an_error(front_end, answer):
    request, ended = ask(front_end)
    front_end.answer(answer)
    assert ended == [request] and request.state == "failed" and len(request.message) <= 500


def test_a_front_end_without_the_target_closes_the_comm_unanswered(front_end):
    # JupyterLab without the labextension closes a comm whose target it does not know
    request, ended = ask(front_end)
    front_end.close_unanswered()
    assert ended == [request] and request.state == "unanswered"


def test_a_silent_front_end_is_unanswered_after_the_wait(front_end):
    # VS Code or the classic notebook may never answer
    request, ended = ask(front_end)
    assert ended == []
    front_end.time_passes()
    assert ended == [request] and request.state == "unanswered" and front_end.closed_by_kernel
    front_end.answer({"ok": True, "message": "too late"})  # a late answer changes nothing
    assert ended == [request] and request.state == "unanswered"


def test_outside_a_kernel_the_request_is_unanswered_at_once():
    # Given plain Python (these tests run in no kernel): nothing to open a comm to
    ended: list[CodeRequest] = []
    request = send_code_action("insert", ROOM_EXAMPLE, ended.append)
    assert ended == [request] and request.state == "unanswered"


def test_a_kernel_that_cannot_open_comms_is_unanswered():
    def broken(_data: dict[str, Any]) -> Any:
        raise RuntimeError("Comms cannot be opened without a comm_manager.")

    ended: list[CodeRequest] = []
    request = send_code_action("copy", "s('bd')", ended.append, open_comm=broken)
    assert ended == [request] and request.state == "unanswered"


def test_bad_requests_are_refused_before_anything_is_sent(front_end):
    with pytest.raises(ValueError, match="insert or copy"):
        ask(front_end, "run")
    with pytest.raises(ValueError, match="longer than"):
        ask(front_end, "insert", "x" * (MAX_CODE_CHARS + 1))
    assert front_end.opened == []


# ------------------------------------------------------------- in a real kernel
@pytest.fixture(scope="module")
def kernel() -> Iterator[BlockingKernelClient]:
    with running_kernel() as client:
        yield client


def _run(client: BlockingKernelClient, code: str) -> str:
    printed: list[str] = []
    reply = client.execute_interactive(
        code, timeout=TIMEOUT, output_hook=lambda msg: printed.append(msg["content"].get("text", ""))
    )
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(printed).strip()


def _click(client: BlockingKernelClient, model_id: str) -> dict[str, Any]:
    """Click a button as JupyterLab's widget manager does; the comm_open it leads to."""
    client.shell_channel.send(
        client.session.msg(
            "comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}}
        )
    )
    while True:
        msg = client.get_iopub_msg(timeout=TIMEOUT)
        if msg["msg_type"] == "comm_open" and msg["content"]["target_name"] == COMM_TARGET:
            return msg


def _wait_for(client: BlockingKernelClient, expression: str, expected: str) -> str:
    for _ in range(50):
        value = _run(client, f"print({expression})")
        if value == expected:
            return value
    return value


def test_the_panels_insert_button_asks_the_notebook_that_clicked(kernel):
    # Given the panel in a kernel, its reference tab searched for "room"
    _run(kernel, "from strudel_jupyter import StrudelPanel\np = StrudelPanel()\np.ref_search.value = 'room'")
    insert = _run(kernel, "print(p.ref_code.insert_button.model_id)")
    # When the front end clicks Insert
    opened = _click(kernel, insert)
    # Then the kernel opens a comm on the target with the chosen code, in answer to that click
    assert opened["content"]["data"] == {"action": "insert", "code": ROOM_EXAMPLE}
    assert opened["parent_header"]["msg_type"] == "comm_msg"
    assert opened["parent_header"]["session"] == kernel.session.session  # the clicking connection
    # When the front end answers and closes, the panel shows its answer
    comm_id = opened["content"]["comm_id"]
    kernel.shell_channel.send(
        kernel.session.msg("comm_msg", {"comm_id": comm_id, "data": {"ok": True, "message": "Inserted below cell 1."}})
    )
    kernel.shell_channel.send(kernel.session.msg("comm_close", {"comm_id": comm_id, "data": {}}))
    assert _wait_for(kernel, "p.ref_code.last_request.state", "done") == "done"
    assert "Inserted below cell 1." in _run(kernel, "print(p.ref_code.status.value)")
    assert _run(kernel, "print(p.ref_code.manual.layout.display)") == "none"


def test_without_an_answer_the_panel_says_so_and_shows_the_code(kernel):
    _run(kernel, "from strudel_jupyter import StrudelPanel\nq = StrudelPanel()\nq.snd_search.value = 'white'")
    copy = _run(kernel, "print(q.snd_code.copy_button.model_id)")
    # When a front end without the target gets the comm, it closes it unanswered
    opened = _click(kernel, copy)
    assert opened["content"]["data"] == {"action": "copy", "code": 's("white")'}
    kernel.shell_channel.send(kernel.session.msg("comm_close", {"comm_id": opened["content"]["comm_id"], "data": {}}))
    assert _wait_for(kernel, "q.snd_code.last_request.state", "unanswered") == "unanswered"
    # Then the panel says plainly that nothing answered, and shows the code to copy by hand
    assert "No notebook front end answered" in _run(kernel, "print(q.snd_code.status.value)")
    assert _run(kernel, "print(q.snd_code.manual.value)") == "<pre class='strudel-example'>s(&quot;white&quot;)</pre>"
    assert _run(kernel, "print(q.snd_code.manual.layout.display)") == "None"
