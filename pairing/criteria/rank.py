"""Rank proximity (docs/rules.md §7; D art. 7): a convex cost of how far a pair's rank distance is from the target."""

from __future__ import annotations

from keizer.pairing.criteria.weights import RANK, RANK_QUADRATIC_UP_TO


def rank_units(distance: int, target: int) -> int:
    """Units of `rank` for two players `distance` places apart when `target` is aimed at.

    (|distance| − target)², continued linearly along its tangent beyond RANK_QUADRATIC_UP_TO: convex in the
    distance, so on a line the textbook pairing (#1–#2, #3–#4 …; in the opening #1–#11, #12–#2 …) is the
    cheapest whenever nothing else conflicts (exchange argument, docs/pairing.md).
    """
    dev = abs(abs(distance) - target)
    if dev <= RANK_QUADRATIC_UP_TO:
        return dev * dev
    return RANK_QUADRATIC_UP_TO * RANK_QUADRATIC_UP_TO + 2 * RANK_QUADRATIC_UP_TO * (dev - RANK_QUADRATIC_UP_TO)


def rank_cost(distance: int, target: int) -> int:
    return RANK * rank_units(distance, target)
