"""The ruleset's `pairing` key read and checked (docs/rules.md §7): meetings, opening, bye, colours, seed."""

from __future__ import annotations

from typing import Any

from keizer.seasons.limits import MAX_DISTANCE, MAX_PLAYERS
from keizer.seasons.ruleset.checks import (
    Default,
    Reader,
    boolean,
    bounded_list,
    choice,
    integer,
    optional,
    round_count,
    round_number,
)
from keizer.seasons.ruleset.model import ByePolicy, ColourLimits, Opening, PairingRules

MAX_SEED = 2 ** 31 - 1
"""The solver takes a 32-bit seed."""


def pairing(obj: Any, where: str) -> PairingRules:
    return PairingRules(**Reader(obj, where).read({
        "max_meetings": round_number,
        "rematch_from_round": optional(round_number),
        "rematch_gap": optional(round_count),
        "rematch_reverse_colours": boolean,
        "bottom_region": lambda v, w: integer(v, w, 0, MAX_PLAYERS),
        "opening": optional(_opening),
        "bye": _bye,
        "colour": _colour,
        "seed": lambda v, w: integer(v, w, 0, MAX_SEED),
    }))


def _opening(obj: Any, where: str) -> Opening:
    return Opening(**Reader(obj, where).read({
        "rounds": Default([1, 2], _rounds),
        "distance": lambda v, w: integer(v, w, 1, MAX_DISTANCE),
    }))


def _rounds(value: Any, where: str) -> tuple[int, ...]:
    return tuple(round_number(x, f"{where}[{i}]") for i, x in enumerate(bounded_list(value, where, "a list of rounds")))


def _bye(obj: Any, where: str) -> ByePolicy:
    return ByePolicy(**Reader(obj, where).read({
        "policy": choice("lowest", "anchor", "lottery"),
        "rank": Default(25, lambda v, w: integer(v, w, 1, MAX_PLAYERS)),
    }))


def _colour(obj: Any, where: str) -> ColourLimits:
    return ColourLimits(**Reader(obj, where).read({"max_run": round_number, "max_balance": round_number}))
