"""rapidfuzz, imported on first use: ``fuzzy.fuzz``, ``fuzzy.process``, ``fuzzy.OSA``.

Most first answers ("what does room do") need no fuzzy match, so importing the package and
answering them does not pay for rapidfuzz's import (~15 ms, a twentieth of the yardstick the
first answer is measured against). The first attribute read imports the module and keeps it
here, so later reads are plain module attributes.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names as the type checker sees them
    from rapidfuzz import fuzz, process
    from rapidfuzz.distance import OSA

__all__ = ["OSA", "fuzz", "process"]

_MODULES = {"fuzz": "rapidfuzz.fuzz", "process": "rapidfuzz.process", "OSA": "rapidfuzz.distance.OSA"}


def __getattr__(name: str) -> ModuleType:
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(_MODULES[name])
    globals()[name] = module
    return module
