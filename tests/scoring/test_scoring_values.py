"""The value ladders and the rounding grid (docs/rules.md §1, §6b; docs/format.md `value`, `rounding`)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from keizer.scoring.values import ladder_values, round_to_grid
from keizer.seasons.numbers import exact_text, game_points_text, points_text
from keizer.seasons.ruleset.parse import parse_ruleset


def ladder(spec: dict, n: int) -> tuple[F, ...]:
    return ladder_values(parse_ruleset({"preset": "keizer-classic", "value": spec}).value, n)


def test_k_top_100_values_from_the_seed() -> None:
    values = ladder_values(parse_ruleset("kijk-uit").value, 30)
    # seed 001: "nr 12 is worth 100 - 12 + 1 = 89"; #16 → 85, #21 → 80, #10 → 91
    assert (values[11], values[15], values[20], values[9]) == (89, 85, 80, 91)


def test_d_top_80_values_from_the_seed() -> None:
    values = ladder_values(parse_ruleset("doorn-driebergen-2019").value, 40)
    assert values[:3] == (80, 79, 78)  # D art. 7: "Nr. 1 krijgt 80 rangwaardepunten; nr 2 79"
    assert values[-1] == 41


def test_linear_top_n_and_n_plus_c() -> None:
    assert ladder({"ladder": "linear", "top": "N"}, 4) == (4, 3, 2, 1)
    assert ladder({"ladder": "linear", "top": "N+3"}, 3) == (6, 5, 4)


def test_linear_step_and_min() -> None:
    assert ladder({"ladder": "linear", "top": 5, "step": 2, "min": 1}, 5) == (5, 3, 1, 1, 1)
    assert ladder({"ladder": "linear", "top": 3, "step": "1/2", "min": "5/2"}, 3) == (3, F(5, 2), F(5, 2))


def test_ratio_ladder_rounds_half_even_or_down() -> None:
    # N = 12, ratio 3: top = 11 · 3/2 = 16.5 → 16 half to even, 16 down
    assert ladder({"ladder": "ratio", "ratio": 3}, 12)[0] == 16
    # N = 10, ratio 3: 9 · 3/2 = 13.5 → 14 half to even, 13 down
    assert ladder({"ladder": "ratio", "ratio": 3}, 10)[:2] == (14, 13)
    assert ladder({"ladder": "ratio", "ratio": 3, "rounding": "down"}, 10)[:2] == (13, 12)
    assert ladder({"ladder": "ratio", "ratio": 3}, 10)[-1] == 5
    assert ladder({"ladder": "ratio", "ratio": 2}, 3) == (4, 3, 2)
    assert ladder({"ladder": "ratio", "ratio": 100}, 3) == (2, 1, 1)  # 2.02 → 2; step 1, never below 1


def test_range_ladder_exact_and_rounded() -> None:
    assert ladder({"ladder": "range", "top": 200, "bottom": 100}, 5) == (200, 175, 150, 125, 100)
    assert ladder({"ladder": "range", "top": 200, "bottom": 100}, 4)[1] == F(500, 3)
    assert ladder({"ladder": "range", "top": 200, "bottom": 100, "decimals": 0}, 4) == (200, 167, 133, 100)
    # 150.5 → 150: half to even
    assert ladder({"ladder": "range", "top": 201, "bottom": 100, "decimals": 0}, 3) == (201, 150, 100)
    assert ladder({"ladder": "range", "top": 200, "bottom": 100, "decimals": 1}, 4)[1] == F(1667, 10)


@pytest.mark.parametrize("spec", [{"ladder": "linear", "top": "N"}, {"ladder": "ratio", "ratio": 3},
                                  {"ladder": "range", "top": 200, "bottom": 100}])
def test_one_player_divides_by_nothing(spec: dict) -> None:
    (value,) = ladder(spec, 1)
    assert value >= 1
    assert ladder(spec, 0) == ()


def test_grid_rounds_halves_away_from_zero() -> None:
    half = F(1, 2)
    assert round_to_grid(F(89, 3), half) == F(59, 2)  # 29.67 → 29.5
    assert round_to_grid(F(1, 4), half) == half
    assert round_to_grid(F(-1, 4), half) == -half
    assert round_to_grid(F(185, 4), half) == F(93, 2)  # 46.25 → 46.5
    assert round_to_grid(F(7, 3), F(1)) == 2
    assert round_to_grid(F(89, 3), None) == F(89, 3)


def test_display_helpers() -> None:
    assert points_text(F(89, 3)) == "29.67"
    assert points_text(F(85, 2)) == "42.5"
    assert points_text(F(80)) == "80"
    assert points_text(F(11, 10)) == "1.1" and points_text(F(-1, 3)) == "-0.33" and points_text(None) == ""
    assert points_text(F(1, 8)) == "0.12" and points_text(F(3, 8)) == "0.38"  # half to even, on the exact value
    assert points_text(F(83, 2), 0) == "42" and points_text(F(89, 3), 1) == "29.7"
    assert points_text(F(10**30 + 1, 3)) == "333333333333333333333333333333.67"  # no float on the way
    assert [game_points_text(F(n, 2)) for n in (0, 1, 2, 7)] == ["0", "½", "1", "3½"]
    assert exact_text(F(89, 3)) == "89/3" and exact_text(F(80)) == "80"
