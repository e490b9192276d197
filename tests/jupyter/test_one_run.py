"""One engine run per ``%%strudel`` cell (issue 22): the validator's findings and the picture (or
the events) read the same run of the code, and say exactly what two separate runs said before.

The runs are counted on the engine process itself (``EngineProcess.calls``, one per evaluation
asked of it); what "before" said is computed here the old way, a run for the validator and one
for the picture, on the real snapshot's engine.
"""

from __future__ import annotations

import pytest
from IPython.core.interactiveshell import InteractiveShell

from strudel_jupyter.agent.defaults import make_registry
from strudel_jupyter.engine import engine
from strudel_jupyter.engine.pictures import played
from strudel_jupyter.jupyter.magics import StrudelMagics
from strudel_jupyter.jupyter.playback import PATTERN_MIME, CheckedCode, PatternEvents, PlayablePattern
from strudel_jupyter.limits import VALIDATE_CYCLES
from strudel_jupyter.render.picture import PICTURE_CYCLES, SVG_MIME
from strudel_jupyter.validator.validation import validate_code

#: Cells that play, play with a warning, play nothing, fail to evaluate, or fail while playing.
CELLS = {
    "drums": 's("bd*4, hh*8").bank("RolandTR909")\n',
    "notes": 'note("<c3 eb3> g3").s("sawtooth")\n',
    "unknown sound": 's("bd nosuchsound")\n',
    "plays nothing": 'n(sine).scale("C:minor")\n',
    "unknown method": 's("bd sd").fasst(2)\n',
    "syntax error": 'note("c3 e3").scale(\n',
    # throws in its third cycle only: a query error the first cycles do not have
    "query error in cycle 2": 'n("<0 1 2 3>").fmap(v => { if (v.n === 2) throw new Error("two"); return v }).s("piano")\n',
}


@pytest.fixture
def magics(shared_index):
    return StrudelMagics(InteractiveShell.instance(), index=shared_index)


class Runs:
    """Counts the evaluations asked of the package's one engine while a block runs."""

    def __enter__(self) -> Runs:
        self.before = engine().calls
        return self

    def __exit__(self, *exc: object) -> None:
        self.count = engine().calls - self.before


def findings(report) -> list[tuple]:
    return [(f.severity, f.kind, f.name, f.message, f.line, f.column) for f in report.findings]


@pytest.mark.parametrize("name", CELLS)
def test_a_strudel_cell_runs_the_engine_once_and_shows_what_two_runs_showed(magics, shared_index, name):
    code = CELLS[name]
    # Given what the validator and the picture say when each runs the code on its own
    separate_report = validate_code(code, index=shared_index)
    separate_picture = played(code, cycles=PICTURE_CYCLES).picture()
    # When the cell runs through %%strudel
    with Runs() as runs:
        result = magics.strudel("", code)
    # Then the engine evaluated the code once
    assert runs.count == 1
    # and the findings and the picture are the same as before
    assert isinstance(result, CheckedCode)
    assert findings(result) == findings(separate_report)
    assert result.picture == separate_picture
    bundle = result._repr_mimebundle_()
    assert bundle.get(SVG_MIME) == separate_picture and bundle[PATTERN_MIME]["code"] == code


@pytest.mark.parametrize("name", ["drums", "unknown sound", "unknown method"])
def test_a_play_cell_runs_the_engine_once_too(magics, shared_index, name):
    code = CELLS[name]
    separate = (findings(validate_code(code, index=shared_index)), played(code, cycles=PICTURE_CYCLES).picture())
    with Runs() as runs:
        result = magics.strudel("--play", code)
    assert runs.count == 1
    assert isinstance(result, PlayablePattern)
    assert (findings(result.report), result.picture) == separate


@pytest.mark.parametrize("cycles", [1, 2, VALIDATE_CYCLES, 8])
@pytest.mark.parametrize("name", ["drums", "notes", "plays nothing", "unknown method", "query error in cycle 2"])
def test_an_events_cell_runs_the_engine_once_and_shows_the_same_events(magics, shared_index, name, cycles):
    code = CELLS[name]
    # Given the events and the findings of separate runs
    separate_events = played(code, cycles=cycles)
    separate_report = validate_code(code, index=shared_index)
    # When the cell runs with --events N
    with Runs() as runs:
        result = magics.strudel(f"--events {cycles}", code)
    # Then the events, their picture and the findings are those of the separate runs
    assert isinstance(result, PatternEvents)
    if separate_events.frame is None:
        assert result.frame is None and result.played.error == separate_events.error
    else:
        assert result.frame is not None
        assert result.frame.to_dict("records") == separate_events.frame.to_dict("records")
        assert result.frame.attrs == separate_events.frame.attrs
    assert result.played.picture() == separate_events.picture()
    assert findings(result.report) == findings(separate_report)
    # from one run of the engine, except where the one run cannot say which cycle threw: code that
    # throws while it plays, shown over other cycles than the validator checks, runs once more
    again = name == "query error in cycle 2" and cycles != VALIDATE_CYCLES
    assert runs.count == (2 if again else 1)


def test_the_query_error_of_a_later_cycle_does_not_hide_the_first_cycles_events(magics):
    # Given code that throws only in its third cycle, when its first cycle's events are asked
    result = magics.strudel("--events 1", CELLS["query error in cycle 2"])
    # Then they are the first cycle's one event, as a run of that cycle alone gives it
    assert result.ok and len(result.frame) == 1 and result.frame["n"].tolist() == [0]
    # while the validator, which checks the first cycles, reports the error
    assert [f.kind for f in result.report.findings] == ["query_error"]


# ------------------------------------------------------------------ the agent's tools
def test_the_agents_tools_run_the_engine_once_per_call(shared_index):
    # Given the agent's tools over the shared snapshot
    registry = make_registry(index=shared_index)
    code = CELLS["notes"]
    # When it asks for the events with their picture, then for the findings
    with Runs() as events_runs:
        events = registry.call("strudel_events", code=code, cycles=2, picture=True)
    with Runs() as validate_runs:
        validated = registry.call("strudel_validate", code=code)
    # Then each call ran the code once, and answered
    assert events_runs.count == 1 and validate_runs.count == 1
    assert events["success"] and events["result"]["ok"] and events["result"]["picture"].startswith("<svg")
    assert validated["success"] and validated["result"]["ok"]
