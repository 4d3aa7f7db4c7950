"""Exact integer scaling: every number of a replay times one common denominator D (docs/rules.md §2: exact arithmetic).

All factors, values, grids, fixed points and the Aalsmeer 1/n have small denominators, so score × D is an
integer. The fast path holds those integers in float64 (exact below 2^53, and np.bincount sums float64);
when the worst case could reach 2^53 the same code runs on Python ints in object arrays.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from keizer.scoring.facts import Price
from keizer.scoring.values import round_to_grid
from keizer.seasons.ruleset.model import Ruleset

EXACT_FLOAT_LIMIT = 2 ** 53
"""Integers up to this are exact in float64."""


def _whole(x: Fraction) -> int:
    assert x.denominator == 1, "D must clear every denominator"
    return x.numerator


def _lcm_of_denominators(numbers: object) -> int:
    d = 1
    for x in numbers:  # type: ignore[attr-defined]
        d = math.lcm(d, Fraction(x).denominator)
    return d


@dataclass(frozen=True, slots=True)
class Scale:
    """The common denominator and every scaled constant of one replay."""

    d: int
    """D: score × D is an integer everywhere."""
    lv: int
    """Values are held as v × lv (integers)."""
    values: tuple[Fraction, ...]
    """The ladder: value of rank 1..N."""
    v_int: np.ndarray
    """v × lv per rank position (dtype `dtype`)."""
    coef: np.ndarray
    """Per price: factor × D / lv, the multiplier of v_int (0 for constants)."""
    const: np.ndarray
    """Per price: the constant's points × D, rounded to the grid (0 for factors)."""
    grid: int | None
    """The rounding grid × D, or None."""
    dtype: type
    """np.float64 (exact integers below 2^53) or object (Python ints)."""
    bound: int
    """Largest |score × D| any player can reach in the replay."""


def make_scale(ruleset: Ruleset, values: tuple[Fraction, ...], prices: tuple[Price, ...],
               max_rounds: int, starting: tuple[Fraction, ...] = ()) -> Scale:
    """Choose D for this ruleset and ladder and check the worst case against float64's exact range;
    `starting`: the players' starting values (docs/rules.md §4), when not those of the ladder's places."""
    lv = _lcm_of_denominators(values + starting)
    lf = _lcm_of_denominators([p.amount for p in prices if p.whose != "constant"] + [1])
    d = lf * lv  # a factor times a value has a denominator dividing lf·lv
    d = math.lcm(d, _lcm_of_denominators([p.amount for p in prices if p.whose == "constant"]))
    if ruleset.rounding is not None:
        d = math.lcm(d, ruleset.rounding.denominator)
    if ruleset.aalsmeer is not None:  # m × v0 × (n − j) / n
        d = math.lcm(d, ruleset.aalsmeer.multiplier.denominator * lv * ruleset.aalsmeer.rounds)
    v_ints = [_whole(v * lv) for v in values]
    coefs = [_whole(p.amount * d / lv) if p.whose != "constant" else 0 for p in prices]
    consts = [_whole(round_to_grid(p.amount, ruleset.rounding) * d) if p.whose == "constant" else 0 for p in prices]
    grid = _whole(ruleset.rounding * d) if ruleset.rounding is not None else None
    vmax = max((abs(_whole(v * lv)) for v in values + starting), default=0)
    one = max([abs(c) * vmax + (grid or 0) for c in coefs] + [abs(c) for c in consts] + [0])
    bonus = 0
    if ruleset.aalsmeer is not None:
        bonus = _whole(ruleset.aalsmeer.multiplier * d) * vmax // lv + 1
    own = vmax * (d // lv) if ruleset.self_value else 0
    bound = max_rounds * one + bonus + own
    dtype: type = np.float64 if 4 * bound < EXACT_FLOAT_LIMIT else object
    return Scale(d=d, lv=lv, values=values, v_int=np.array(v_ints, dtype=dtype),
                 coef=np.array(coefs, dtype=dtype), const=np.array(consts, dtype=dtype), grid=grid,
                 dtype=dtype, bound=bound)
