"""Playable outputs: Strudel code (or one sound) that the JupyterLab extension plays on a click.

The kernel never makes a sound: it sends a MIME bundle of its own type,
``application/vnd.strudel.pattern+json``, which the labextension renders with play / stop,
the validator's findings and the exact code it will evaluate (Strudel's engine, in the
browser). Elsewhere the ``text/plain`` (and ``text/html``) fallback shows the code and findings.
The bundle carries the sounds registered with ``register_sounds`` in this kernel, so they play.

Every ``%%strudel`` output also carries a picture of what the code plays (an
``image/svg+xml`` entry, and the same picture in the HTML), drawn from the engine's events
when the code evaluates. ``%%strudel --events N`` shows the events themselves (:class:`PatternEvents`).

Each output runs the code in the engine once: the validator's findings and the picture (or the
events) read the same run.

Used by ``%%strudel --play`` and by the panel's audition; :func:`play` is the public helper.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..data.index import StrudelIndex, get_index
from ..data.sound_sources import UserSound, user_sounds
from ..limits import MAX_CODE_CHARS, VALIDATE_CYCLES
from ..render.html import escape, picture, styled
from ..render.picture import PICTURE_CYCLES, SVG_MIME
from ..validator.report import ValidationReport
from ..validator.validation import validate_code

if TYPE_CHECKING:
    from ..engine import EngineRun
    from ..engine.pictures import Played

__all__ = [
    "PATTERN_MIME",
    "CheckedCode",
    "PatternEvents",
    "PlayablePattern",
    "SoundAudition",
    "audition",
    "check",
    "events",
    "play",
]

PATTERN_MIME = "application/vnd.strudel.pattern+json"
#: A sound output plays by itself only this long after it was made (a click in the panel);
#: a saved notebook reopened later shows a button instead.
AUTOPLAY_WINDOW_SECONDS = 10
#: Rows of an events table shown in a notebook (the frame itself keeps them all).
EVENT_ROWS_SHOWN = 200
_ALT = f"What the pattern plays in its first {PICTURE_CYCLES} cycles"


def _engine_run(code: str, cycles: int) -> EngineRun | None:
    """One run of the code in Strudel's engine, its first ``cycles`` cycles, for both the validator and
    the picture (so a cell runs once); None where no engine runs (the validator then says so)."""
    if not isinstance(code, str) or not code.strip() or len(code) > MAX_CODE_CHARS:
        return None  # the validator refuses it, or has nothing to run
    try:  # the engine loads on the first run, and an installation without it still checks code
        from ..engine import EngineUnavailableError, run_code
    except ImportError:
        return None
    try:
        return run_code(code, begin=0, end=cycles)
    except EngineUnavailableError:
        return None


def _picture_of(code: str, run: EngineRun | None) -> str | None:
    """What the code plays in its first ``PICTURE_CYCLES`` cycles, drawn from ``run``; None when it does not evaluate."""
    if run is None:
        return None
    from ..engine.pictures import played

    return played(code, cycles=PICTURE_CYCLES, run=run).picture()


def _checked(code: str, index: StrudelIndex, cycles: int = PICTURE_CYCLES) -> tuple[ValidationReport, EngineRun | None]:
    """The code's validation and the one engine run it read (covering ``cycles`` and the validator's)."""
    run = _engine_run(code, max(cycles, VALIDATE_CYCLES))
    return validate_code(code, index=index, engine_run=run), run


def _with_picture(bundle: dict[str, Any], svg: str | None) -> dict[str, Any]:
    """The picture as its own MIME entry and under the HTML (front ends that show HTML only)."""
    if svg:
        bundle[SVG_MIME] = svg
        if "text/html" in bundle:
            bundle["text/html"] += styled(picture(svg, alt=_ALT))
    return bundle


@dataclass(frozen=True)
class PlayablePattern:
    """Strudel code with its validation, shown as a playable output in JupyterLab."""

    code: str
    report: ValidationReport
    sounds: dict[str, UserSound] = field(default_factory=dict)
    #: What the code plays, as SVG; None when it does not evaluate.
    picture: str | None = None

    @property
    def ok(self) -> bool:
        """No validator errors (warnings allowed); the code plays either way, on a click."""
        return self.report.ok

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "pattern",
            "code": self.code,
            "validation": dict(self.report.to_dict()),
            "sounds": self.sounds,
        }

    def __str__(self) -> str:
        return f"Strudel pattern (play it in JupyterLab)\nValidator: {self.report}\n\n{self.code}"

    def _repr_html_(self) -> str:
        # The report's HTML carries the style sheet already: wrap it once, not twice.
        return (
            f"{self.report._repr_html_()}<div class='strudel-output strudel-pattern'><p>Strudel pattern: "
            f"plays in JupyterLab with the strudel-jupyter extension.</p><pre>{escape(self.code)}</pre></div>"
        )

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = {PATTERN_MIME: self.to_dict(), "text/plain": str(self), "text/html": self._repr_html_()}
        return _with_picture(bundle, self.picture)


@dataclass(frozen=True, slots=True)
class CheckedCode(ValidationReport):
    """``%%strudel``'s result: the validation report itself, with a play action in JupyterLab.

    Everything a :class:`ValidationReport` has (``ok``, ``findings``, ``to_dict()``...); its
    display adds the playable output (findings, the exact code, then play / stop).
    """

    sounds: dict[str, UserSound] = field(default_factory=dict)
    #: What the code plays, as SVG; None when it does not evaluate.
    picture: str | None = None

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = _with_picture(ValidationReport._repr_mimebundle_(self, include, exclude), self.picture)
        bundle[PATTERN_MIME] = {
            "kind": "pattern",
            "view": "check",
            "code": self.code,
            "validation": dict(self.to_dict()),
            "sounds": self.sounds,
        }
        return bundle


@dataclass(frozen=True)
class SoundAudition:
    """One sound played once (the panel's Sounds tab), through the labextension's engine."""

    sound: str
    n: int = 0
    sounds: dict[str, UserSound] = field(default_factory=dict)
    #: Epoch milliseconds until which the output plays on arrival (0: only on a click).
    autoplay_until: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "sound",
            "sound": self.sound,
            "n": self.n,
            "sounds": self.sounds,
            "autoplay_until": self.autoplay_until,
        }

    def __str__(self) -> str:
        index = f":{self.n}" if self.n else ""
        return f"Strudel sound {self.sound}{index} (plays in JupyterLab)"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        return {PATTERN_MIME: self.to_dict(), "text/plain": str(self)}


def play(code: str, *, index: StrudelIndex | None = None) -> PlayablePattern:
    """Validate Strudel code and return it as a playable output (play / stop in JupyterLab).

    Raises ``TypeError``/``ValueError`` for code that is not a string or is too long, as
    :func:`~strudel_jupyter.validator.validation.validate_code` does.
    """
    index = index or get_index()
    report, run = _checked(code, index)
    return PlayablePattern(code, report, user_sounds(index), _picture_of(code, run))


def check(code: str, *, index: StrudelIndex | None = None) -> CheckedCode:
    """Validate Strudel code; the report displays with a play action (``%%strudel``)."""
    index = index or get_index()
    report, run = _checked(code, index)
    return CheckedCode(report.code, report.findings, user_sounds(index), _picture_of(code, run))


@dataclass(frozen=True)
class PatternEvents:
    """``%%strudel --events N``: the events the code plays (``frame``), its picture, its findings."""

    played: Played
    report: ValidationReport

    @property
    def frame(self) -> Any:
        """The events as a DataFrame (``strudel_events``' columns), None when the code does not evaluate."""
        return self.played.frame

    @property
    def ok(self) -> bool:
        return self.played.ok

    def __str__(self) -> str:
        if self.played.frame is None:
            return f"The code does not play: {self._error()}\nValidator: {self.report}"
        table = self.played.frame.to_string(max_rows=EVENT_ROWS_SHOWN)
        return f"{self._title()}\n{table}"

    def _title(self) -> str:
        count = 0 if self.played.frame is None else len(self.played.frame)
        first, last = self.played.begin, self.played.begin + self.played.cycles - 1
        span = f"cycle {first}" if first == last else f"cycles {first}-{last}"
        return f"{count} event{'s' if count != 1 else ''} in {span}"

    def _error(self) -> str:
        where = f" (line {self.played.line}, column {self.played.column})" if self.played.line else ""
        return f"{self.played.error}{where}"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        if self.played.frame is None:
            html = styled(f"<p class='strudel-error'>The code does not play: {escape(self._error())}</p>")
            return {"text/plain": str(self), "text/html": html + self.report._repr_html_()}
        svg = self.played.picture()
        table = self.played.frame.to_html(max_rows=EVENT_ROWS_SHOWN, na_rep="", border=0)
        body = f"<p class='strudel-header'>{escape(self._title())}</p>"
        body += picture(svg, alt=self._title()) if svg else ""
        bundle: dict[str, Any] = {"text/plain": str(self), "text/html": styled(body + table)}
        if svg:
            bundle[SVG_MIME] = svg
        return bundle


def events(code: str, cycles: int = 1, *, index: StrudelIndex | None = None) -> PatternEvents:
    """The events ``code`` plays in its first ``cycles`` cycles, with its picture and findings.

    Raises ``ImportError`` where Strudel's engine is not installed.
    """
    from ..engine.pictures import played

    report, run = _checked(code, index or get_index(), cycles)
    return PatternEvents(played(code, cycles=cycles, run=run), report)


def audition(sound: str, n: int = 0, *, index: StrudelIndex | None = None, autoplay: bool = True) -> SoundAudition:
    """A sound to hear once; with ``autoplay`` it plays as it arrives (right after a click)."""
    until = int((time.time() + AUTOPLAY_WINDOW_SECONDS) * 1000) if autoplay else 0
    return SoundAudition(sound, max(0, int(n)), user_sounds(index or get_index()), until)
