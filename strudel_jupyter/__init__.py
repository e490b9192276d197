"""strudel-jupyter: the Strudel REPL's reference and sounds tabs in Jupyter, for people and agents."""

from __future__ import annotations

from ._version import __version__
from .categories import SOUND_CATEGORIES
from .index import StrudelIndex, banks_frame, get_index, reference_frame, register_sounds, sounds_frame
from .knowledge import strudel_knowledge
from .snapshot import Snapshot, SnapshotError, load_snapshot

__all__ = [
    "SOUND_CATEGORIES",
    "Snapshot",
    "SnapshotError",
    "StrudelIndex",
    "__version__",
    "banks_frame",
    "get_index",
    "load_snapshot",
    "reference_frame",
    "register_sounds",
    "sounds_frame",
    "strudel_knowledge",
]
