"""The ruleset's `pairing` key read and checked (docs/rules.md §7): meetings, opening, bye, colours, seed."""

from __future__ import annotations

from typing import Any

from keizer.seasons.limits import MAX_DISTANCE, MAX_PLAYERS
from keizer.seasons.ruleset.checks import Reader, bounded_list, boolean, choice, integer, optional, round_count, round_number
from keizer.seasons.ruleset.model import ByePolicy, ColourLimits, Opening, PairingRules

MAX_SEED = 2 ** 31 - 1
"""The solver takes a 32-bit seed."""


def pairing(obj: Any, where: str) -> PairingRules:
    r = Reader(obj, where)
    r.done(("max_meetings", "rematch_from_round", "rematch_gap", "rematch_reverse_colours",
            "bottom_region", "opening", "bye", "colour", "seed"))
    return PairingRules(
        max_meetings=r.get("max_meetings", round_number),
        rematch_from_round=r.get("rematch_from_round", optional(round_number)),
        rematch_gap=r.get("rematch_gap", optional(round_count)),
        rematch_reverse_colours=r.get("rematch_reverse_colours", boolean),
        bottom_region=r.get("bottom_region", lambda v, w: integer(v, w, 0, MAX_PLAYERS)),
        opening=r.get("opening", optional(_opening)),
        bye=r.get("bye", _bye),
        colour=r.get("colour", _colour),
        seed=r.get("seed", lambda v, w: integer(v, w, 0, MAX_SEED)),
    )


def _opening(obj: Any, where: str) -> Opening:
    r = Reader(obj, where)
    r.done(("rounds", "distance"))
    rounds = bounded_list(r.obj.get("rounds", [1, 2]), r.at("rounds"), "a list of rounds")
    return Opening(rounds=tuple(round_number(x, f"{r.at('rounds')}[{i}]") for i, x in enumerate(rounds)),
                   distance=r.get("distance", lambda v, w: integer(v, w, 1, MAX_DISTANCE)))


def _bye(obj: Any, where: str) -> ByePolicy:
    r = Reader(obj, where)
    r.done(("policy", "rank"))
    return ByePolicy(policy=r.get("policy", choice("lowest", "anchor", "lottery")),
                     rank=integer(r.obj.get("rank", 25), r.at("rank"), 1, MAX_PLAYERS))


def _colour(obj: Any, where: str) -> ColourLimits:
    r = Reader(obj, where)
    r.done(("max_run", "max_balance"))
    return ColourLimits(max_run=r.get("max_run", round_number),
                        max_balance=r.get("max_balance", round_number))
