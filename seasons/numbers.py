"""How exact numbers are written: the season format's "p/q" and points for people (never through a float)."""

from __future__ import annotations

import math
from fractions import Fraction


def exact_text(x: Fraction | int) -> str:
    """The exact form the season format and `score_exact` use: "p/q", or an integer string."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def points_text(value: Fraction | int | None, decimals: int = 2) -> str:
    """Exact points for people: at most `decimals` decimals, half to even on the exact value, trailing zeros
    dropped ("426", "415.5", "406.33"; None: ""). The exact value itself lives in the data, not in this text."""
    if value is None:
        return ""
    scaled = round(Fraction(value) * 10**decimals)  # Fraction.__round__: half to even, no float on the way
    if not decimals:
        return str(scaled)
    sign = "-" if scaled < 0 else ""
    whole, part = divmod(abs(scaled), 10**decimals)
    return f"{sign}{whole}.{part:0{decimals}d}".rstrip("0").rstrip(".")


def whole_half_up(value: Fraction | float | int) -> int:
    """A whole number for people, a half rounded up (62.5 → 63, 37.5 → 38), on the exact value given (a float
    as the binary number it is). Not half to even: a percentage beside another must round the same way, and
    half to even sends 62.5 down and 37.5 up."""
    return math.floor(Fraction(value) + Fraction(1, 2))


def game_points_text(value: Fraction) -> str:
    """Game points as a club writes them (they are whole or halves): 3½, ½, 0."""
    whole = value.numerator // value.denominator
    half = "½" if value.denominator == 2 else ""
    return f"{whole}{half}" if whole or not half else half


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """A count with its noun, singular for one: "1 board", "3 boards", "2 rematches" (`plural` when it is
    not the noun + "s"). A count is never negative: a difference is said with its direction in words
    ("1 more", "keeps 2"), which only the caller knows, so a negative `n` is a caller's bug (ValueError)."""
    if n < 0:
        raise ValueError(f"counted({n}, {noun!r}): a count is never negative; say the direction in words")
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def times(n: int) -> str:
    """How often, as people say it: "once", "twice", "3 times"."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")
