"""The words musicians use for the thing a wish changes ("riff", "groove", "hats", "track").

"play my riff backwards" asks for ``rev``; "riff" is what it is done to, never the thing
Strudel lacks. The list is ours, in ``wish_objects.txt`` (its header says how it was made);
``lookup/confidence.py`` never counts these words as missing.
"""

from __future__ import annotations

import functools
from pathlib import Path

from ..data.textindex import tokenize

__all__ = ["WISH_OBJECTS_FILE", "wish_object_stems"]

WISH_OBJECTS_FILE = Path(__file__).with_name("wish_objects.txt")


@functools.cache
def wish_object_stems(path: Path = WISH_OBJECTS_FILE) -> frozenset[str]:
    """The stems of every word of the list (read once)."""
    words = (
        word
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
        for word in line.split(",")
    )
    return frozenset(t for word in words for t in tokenize(word))
