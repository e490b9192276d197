"""What the benchmark scripts share: one way to read a percentile from timings."""

from __future__ import annotations

__all__ = ["percentile"]


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values``, interpolated linearly between the two nearest ranks."""
    values = sorted(values)
    k = (len(values) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)
