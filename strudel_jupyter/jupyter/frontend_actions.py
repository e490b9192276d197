"""Insert or copy code in the notebook front end, from the kernel: a comm to the labextension.

A widget's callback runs on a comm message, not on an execute request, so IPython's
``set_next_input`` payload goes nowhere there. Instead the kernel opens a comm on the
target :data:`COMM_TARGET` carrying ``{"action": "insert" | "copy", "code": ...}``. The
labextension registers that target on every notebook's kernel; the notebook whose
connection sent the click does it (Insert: a runnable ``%%strudel`` cell, new or appended on
its own line, as the sidebar's Insert does; Copy: the system clipboard) and answers
``{"ok": bool, "message": str}`` before it closes the comm.

A front end without that target (the classic notebook, VS Code, JupyterLab without the
labextension) closes the comm unanswered or never answers: after :data:`REPLY_SECONDS`, or at
once when no kernel runs at all, the request ends ``unanswered`` and the caller says so.
The comm contract is written down in docs/notebook.md.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

__all__ = [
    "COMM_TARGET",
    "MAX_CODE_CHARS",
    "REPLY_SECONDS",
    "CodeAction",
    "CodeRequest",
    "RequestState",
    "send_code_action",
]

#: The comm target the labextension registers on every notebook's kernel.
COMM_TARGET = "strudel_jupyter"
#: How long a front end has to answer before the request counts as unanswered.
REPLY_SECONDS = 3.0
#: The longest code sent (the docs' longest example is a few hundred characters).
MAX_CODE_CHARS = 20_000

CodeAction = Literal["insert", "copy"]
#: ``waiting`` for the front end; it ``done`` it or ``failed`` (said why); or nobody answered.
RequestState = Literal["waiting", "done", "failed", "unanswered"]


class _Comm(Protocol):
    def on_msg(self, callback: Callable[[dict[str, Any]], None]) -> None: ...
    def on_close(self, callback: Callable[[dict[str, Any]], None]) -> None: ...
    def close(self, data: Any = None) -> None: ...


#: Opens a comm to the front end with this data, or returns None when there is no kernel.
OpenComm = Callable[[dict[str, Any]], "_Comm | None"]
#: Calls a function after some seconds (on the kernel's event loop).
Schedule = Callable[[float, Callable[[], None]], None]


@dataclass
class CodeRequest:
    """One Insert or Copy asked of the front end, and how it ended."""

    action: CodeAction
    code: str
    state: RequestState = "waiting"
    #: The front end's own words when it answered (``Inserted a %%strudel cell below cell 2``).
    message: str = ""


def _open_kernel_comm(data: dict[str, Any]) -> _Comm | None:
    """A comm to this kernel's front end, or None outside a running kernel (plain Python, tests)."""
    try:
        from ipykernel.kernelbase import Kernel
    except ImportError:
        return None
    if not Kernel.initialized():
        return None
    import comm

    opened: _Comm = comm.create_comm(target_name=COMM_TARGET, data=data)
    return opened


def _schedule_on_loop(seconds: float, callback: Callable[[], None]) -> None:
    # Widget callbacks run on the kernel's event loop: the timer fires there, between messages.
    try:
        asyncio.get_running_loop().call_later(seconds, callback)
    except RuntimeError:
        timer = threading.Timer(seconds, callback)
        timer.daemon = True
        timer.start()


def send_code_action(
    action: CodeAction,
    code: str,
    on_result: Callable[[CodeRequest], None],
    *,
    open_comm: OpenComm | None = None,
    schedule: Schedule | None = None,
    reply_seconds: float = REPLY_SECONDS,
) -> CodeRequest:
    """Ask the front end to insert ``code`` as a ``%%strudel`` cell, or copy it.

    Returns the request at once (``waiting``, or ``unanswered`` when there is no kernel to
    ask) and calls ``on_result`` once when it ends: the front end's answer, or
    ``unanswered`` when the comm closes without one or nothing comes within
    ``reply_seconds``. Never raises for a front end that is missing or misbehaves.
    """
    if action not in ("insert", "copy"):
        raise ValueError(f"unknown action {action!r}: insert or copy")
    if len(code) > MAX_CODE_CHARS:
        raise ValueError(f"code of {len(code)} characters is longer than {MAX_CODE_CHARS}")
    request = CodeRequest(action, code)

    def end(state: RequestState, message: str = "") -> None:
        if request.state != "waiting":
            return  # one ending only: the answer, then its close, then the timer
        request.state, request.message = state, message
        on_result(request)

    def answered(msg: dict[str, Any]) -> None:
        data = msg.get("content", {}).get("data") or {}
        ok = data.get("ok") is True if isinstance(data, dict) else False
        message = str(data.get("message", ""))[:500] if isinstance(data, dict) else ""
        end("done" if ok else "failed", message)

    try:
        comm = (open_comm or _open_kernel_comm)({"action": action, "code": code})
    except Exception:  # noqa: BLE001 - a kernel that cannot open comms is no front end to ask
        comm = None
    if comm is None:
        end("unanswered")
        return request
    opened = comm

    def too_late() -> None:
        if request.state == "waiting":
            end("unanswered")
            try:
                opened.close()  # nobody answers on it: let it go
            except Exception:  # noqa: BLE001 - closing a dead comm is best effort
                pass

    comm.on_msg(answered)
    comm.on_close(lambda _msg: end("unanswered"))
    (schedule or _schedule_on_loop)(reply_seconds, too_late)
    return request
