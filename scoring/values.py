"""Exact numbers of the standings: the value ladder (docs/rules.md §1) and the rounding grid."""

from __future__ import annotations

import math
from fractions import Fraction

from keizer.seasons.ruleset.model import ValueLadder


def ladder_values(value: ValueLadder, n: int) -> tuple[Fraction, ...]:
    """The value of rank 1..n; n counts every ranked player (absent and late ones too, removed ones not)."""
    if n <= 0:
        return ()
    if value.ladder == "linear":
        top = Fraction(value.top) if value.top is not None else Fraction(n + value.top_offset)
        return tuple(max(value.min, top - (r - 1) * value.step) for r in range(1, n + 1))
    if value.ladder == "ratio":
        # top = (N−1)·ratio/(ratio−1), rounded as the ruleset says; step 1, never below 1.
        exact = Fraction(n - 1) * value.ratio / (value.ratio - 1)
        rounded: int = round(exact) if value.ratio_rounding == "half-even" else math.floor(exact)
        return tuple(Fraction(max(1, rounded - (r - 1))) for r in range(1, n + 1))
    # range: a straight line from range_top (#1) to bottom (#N); one player simply gets the top.
    if n == 1:
        raw: tuple[Fraction, ...] = (value.range_top,)
    else:
        step = (value.range_top - value.bottom) / (n - 1)
        raw = tuple(value.range_top - (r - 1) * step for r in range(1, n + 1))
    if value.decimals is None:
        return raw
    return tuple(Fraction(round(v, value.decimals)) for v in raw)  # Fraction.__round__: half to even


def round_to_grid(x: Fraction, grid: Fraction | None) -> Fraction:
    """`x` rounded to the nearest multiple of `grid`, halves away from zero (None: exact)."""
    if grid is None:
        return x
    q = abs(x) / grid
    n = math.floor(q + Fraction(1, 2))
    return (n if x >= 0 else -n) * grid
