"""Playable outputs: Strudel code (or one sound) that the JupyterLab extension plays on a click.

The kernel never makes a sound: it sends a MIME bundle of its own type,
``application/vnd.strudel.pattern+json``, which the labextension renders with play / stop,
the validator's findings and the exact code it will evaluate (Strudel's engine, in the
browser). Elsewhere the ``text/plain`` (and ``text/html``) fallback shows the code and findings.
The bundle carries the sounds registered with ``register_sounds`` in this kernel, so they play.

Used by ``%%strudel --play`` and by the panel's audition; :func:`play` is the public helper.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..data.index import StrudelIndex, get_index
from ..data.sound_sources import UserSound, user_sounds
from ..render.html import escape
from ..validator.report import ValidationReport
from ..validator.validation import validate_code

__all__ = ["PATTERN_MIME", "CheckedCode", "PlayablePattern", "SoundAudition", "audition", "check", "play"]

PATTERN_MIME = "application/vnd.strudel.pattern+json"
#: A sound output plays by itself only this long after it was made (a click in the panel);
#: a saved notebook reopened later shows a button instead.
AUTOPLAY_WINDOW_SECONDS = 10


@dataclass(frozen=True)
class PlayablePattern:
    """Strudel code with its validation, shown as a playable output in JupyterLab."""

    code: str
    report: ValidationReport
    sounds: dict[str, UserSound] = field(default_factory=dict)

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
        return {PATTERN_MIME: self.to_dict(), "text/plain": str(self), "text/html": self._repr_html_()}


@dataclass(frozen=True, slots=True)
class CheckedCode(ValidationReport):
    """``%%strudel``'s result: the validation report itself, with a play action in JupyterLab.

    Everything a :class:`ValidationReport` has (``ok``, ``findings``, ``to_dict()``...); its
    display adds the playable output (findings, the exact code, then play / stop).
    """

    sounds: dict[str, UserSound] = field(default_factory=dict)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = ValidationReport._repr_mimebundle_(self, include, exclude)
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
    return PlayablePattern(code, validate_code(code, index=index), user_sounds(index))


def check(code: str, *, index: StrudelIndex | None = None) -> CheckedCode:
    """Validate Strudel code; the report displays with a play action (``%%strudel``)."""
    index = index or get_index()
    report = validate_code(code, index=index)
    return CheckedCode(report.code, report.findings, user_sounds(index))


def audition(sound: str, n: int = 0, *, index: StrudelIndex | None = None, autoplay: bool = True) -> SoundAudition:
    """A sound to hear once; with ``autoplay`` it plays as it arrives (right after a click)."""
    until = int((time.time() + AUTOPLAY_WINDOW_SECONDS) * 1000) if autoplay else 0
    return SoundAudition(sound, max(0, int(n)), user_sounds(index or get_index()), until)
