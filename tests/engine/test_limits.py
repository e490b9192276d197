"""Every call into the engine is bounded, a call at a limit says so, and the next call works.

Given hostile code (a loop that never ends, a loop that allocates without end, a loop a promise
resumes), when it runs, then the call ends with the limit it hit and the following call plays.
Given code that reaches for the file system, the network, Python or timers, then nothing is there.
"""

from __future__ import annotations

import pytest

from strudel_jupyter.engine import EngineProcess, StrudelLimitError, run_code
from strudel_jupyter.limits import ENGINE_CALL_SECONDS


def plays(process: EngineProcess) -> bool:
    return len(run_code('s("bd*4")', process=process).events) == 4


def test_a_never_ending_loop_in_a_function_call_ends_with_the_time_error_and_the_next_call_works(process):
    run = run_code("(() => { while (true) {} })()", process=process)
    assert isinstance(run.error, StrudelLimitError) and run.error.limit == "time"
    assert f"{ENGINE_CALL_SECONDS:g} s" in run.error.message
    assert plays(process)


def test_a_loop_that_a_promise_resumes_is_ended_too(process):
    run = run_code("(async () => { await 0; while (true) {} })()\ns('bd')", process=process)
    # the code returns at once; the loop runs after it, and the engine is ended and started again
    later = run_code('s("bd")', process=process)
    assert run.error is None or run.error.limit == "time"  # type: ignore[attr-defined]
    assert later.error is None or isinstance(later.error, StrudelLimitError)
    assert plays(process)


def test_an_allocation_loop_ends_with_the_memory_error_and_a_fresh_engine_works(patient):
    process = patient
    assert plays(process)
    starts = process.starts
    run = run_code("(() => { const a = []; while (true) a.push(new Array(2e6).fill(0.5)) })()", process=process)
    assert isinstance(run.error, StrudelLimitError) and run.error.limit == "memory"
    assert plays(process)
    assert process.starts == starts + 1  # a fresh context after a memory limit


def test_deep_recursion_is_an_ordinary_error():
    run = run_code("const f = (n) => f(n + 1); f(0)")
    assert run.error is not None and "call stack" in run.error.message


@pytest.mark.parametrize(
    "code",
    [
        "require('fs')",
        "process.binding('fs')",
        "fetch('https://example.com')",
        "new XMLHttpRequest()",
        "Deno.readFile('/etc/passwd')",
        "WebAssembly.Memory",
        "Atomics.wait",
        "__timer_manager.setTimeout(() => 1, 0)",
    ],
)
def test_user_code_has_no_file_system_network_or_host_objects(process, code):
    run = run_code(code, process=process)
    assert run.error is not None, code
    assert plays(process)


def test_the_globals_user_code_sees_are_javascript_s_and_strudel_s(process):
    run = run_code(
        "note(String([typeof require, typeof fetch, typeof setInterval, typeof process.env.HOME,"
        " typeof WebAssembly, typeof SharedArrayBuffer].join(' ')))",
        process=process,
    )
    # the string is read as mini-notation: one event per word, each "undefined"
    assert [e.value["note"] for e in run.events] == ["undefined"] * 6


def test_timers_never_run_after_a_call(process):
    run = run_code("setTimeout(() => { while (true) {} }, 0)\ns('bd')", process=process)
    assert run.error is None
    assert plays(process)


def test_code_cannot_replace_the_scope_for_the_next_call(process):
    run = run_code('s = note\ns("c")', process=process)
    assert run.error is not None and "read only" in run.error.message
    run_code("globalThis.extra = 1; Pattern.prototype.extra = 2", process=process)
    assert run_code("typeof extra", process=process).events == []  # not a pattern: silence
    assert run_code("s('bd').extra()", process=process).error is not None
    assert plays(process)
