"""Events frames made by hand, in the shape ``strudel_events`` returns (the pictures never need the engine)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pandas as pd


def frame_of(*events: tuple[Fraction | str, Fraction | str, dict[str, Any]]) -> pd.DataFrame:
    """``(begin, end, controls)`` per event -> the events frame, controls in first-seen order."""
    rows = []
    for begin, end, controls in events:
        b, e = Fraction(begin), Fraction(end)
        rows.append(
            {
                "cycle": math.floor(b),
                "begin": float(b),
                "end": float(e),
                "duration": float(e - b),
                "begin_fraction": b,
                "end_fraction": e,
                **controls,
            }
        )
    if not rows:
        return pd.DataFrame(columns=["cycle", "begin", "end", "duration", "begin_fraction", "end_fraction"])
    frame = pd.DataFrame(rows)
    return frame.sort_values("begin", kind="stable").reset_index(drop=True)


def hits(sound: str, per_cycle: int, cycles: int = 1, **controls: Any) -> list[tuple[Fraction, Fraction, dict]]:
    """``s("sound*per_cycle")`` over ``cycles`` cycles."""
    step = Fraction(1, per_cycle)
    return [
        (c + i * step, c + (i + 1) * step, {"s": sound, **controls}) for c in range(cycles) for i in range(per_cycle)
    ]


def notes(names: list[str], cycles: int = 1, **controls: Any) -> list[tuple[Fraction, Fraction, dict]]:
    """``note("names...")`` over ``cycles`` cycles, one note per step."""
    step = Fraction(1, len(names))
    return [
        (c + i * step, c + (i + 1) * step, {"note": name, **controls})
        for c in range(cycles)
        for i, name in enumerate(names)
    ]
