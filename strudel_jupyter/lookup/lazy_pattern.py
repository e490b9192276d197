"""Regular expressions compiled on first use, for modules with many of them.

The readers of a question hold about a hundred patterns; compiling them all at import cost
~20 ms of the import -> first answer time, though a first question reaches only some of
them. ``lazy_compile`` keeps the pattern's text and flags and compiles on the first use of
any other attribute; from then on the compiled pattern's methods are the instance's own
attributes, so a call costs what a call on a compiled pattern costs.
"""

from __future__ import annotations

import re
from typing import Any, cast

__all__ = ["lazy_compile"]


class _LazyPattern:
    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern, self.flags = pattern, flags

    def __getattr__(self, name: str) -> Any:  # only for what is not yet an attribute: compile now
        compiled = re.compile(self.pattern, self.flags)
        for method in ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split"):
            setattr(self, method, getattr(compiled, method))
        self.groupindex, self.groups = compiled.groupindex, compiled.groups
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy_compile({self.pattern!r}, {self.flags})"


def lazy_compile(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, done on first use (the same pattern, methods and results)."""
    return cast("re.Pattern[str]", _LazyPattern(pattern, int(flags)))
