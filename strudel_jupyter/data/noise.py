"""Which sounds are noise, as the reference's own docs say.

The registry marks no synth as noise (``white``, ``pink``, ``brown`` and ``crackle`` are
``{"type": "synth"}`` like ``sine``). The reference does: the entries about noise (``noise``:
"Adds pink noise to the mix", ``density``: "crackle noise density") play them in their
examples. A noise has no pitch, so its usage line is ``s("white")``, not ``note(...)``.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable

from .reference import ReferenceEntry

__all__ = ["noise_sounds"]

_NOISE = re.compile(r"\bnoise\b", re.IGNORECASE)
#: The mini-notation string of ``s("...")``, ``.s("...")`` or ``sound("...")`` (any quote) in an example.
_SOUND_CALL = re.compile(r"""(?<![\w$])(?:s|sound)\(\s*(["'`])(.*?)\1""", re.DOTALL)
_WORD = re.compile(r"[a-z_][a-z0-9_]*")


def noise_sounds(entries: Iterable[ReferenceEntry], synths: Container[str]) -> frozenset[str]:
    """The synths that the examples of the reference's noise entries play.

    Which names are synths is the registry's to say: the example of ``perlin`` (a noise
    pattern, not a sound) plays ``bd``, a sample.
    """
    found: set[str] = set()
    for entry in entries:
        if not _NOISE.search(entry.description):
            continue
        for example in entry.examples:
            for call in _SOUND_CALL.finditer(example):
                found.update(w for w in _WORD.findall(call.group(2).lower()) if w in synths)
    return frozenset(found)
