"""A score percentage is rounded one way, a half up (issue 20.8: 62.5% read "62%" and 37.5% "38%": Python's
half to even on a float)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from keizer.seasons.numbers import whole_half_up
from keizer.evening.words.tables import COLUMNS


def percent(value: float | None) -> str:
    (show,) = [f for header, _, f, _ in COLUMNS["d"] if header == "%"]
    return show(value)


@pytest.mark.parametrize("value, shown", [(62.5, "63%"), (37.5, "38%"), (12.5, "13%"), (0.5, "1%"),
                                          (66.66666666666667, "67%"), (33.333333333333336, "33%"), (100.0, "100%"),
                                          (0.0, "0%"), (None, "")])
def test_a_half_goes_up_whichever_whole_is_even(value: float | None, shown: str) -> None:
    assert percent(value) == shown


def test_every_half_of_a_board_point_over_the_games_rounds_up() -> None:
    """Board points are halves, games whole: each quotient the table can hold, as its float."""
    for games in range(1, 41):
        for halves in range(0, 2 * games + 1):
            exact = Fraction(100 * halves, 2 * games)
            as_float = 100.0 * (halves / 2) / games  # as scoring/table.py computes it
            assert whole_half_up(as_float) == whole_half_up(exact) == int(exact + Fraction(1, 2)), (halves, games)
