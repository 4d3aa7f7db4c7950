"""Where each player starts (docs/rules.md §4, §6): the starting values behind the Aalsmeer bonus and the self
value, and the engine for a segment's ranked players."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import numpy as np

from keizer.scoring.engine import Engine
from keizer.scoring.facts import Price
from keizer.scoring.fixpoint import ITERATION_CAP
from keizer.scoring.ranking import make_tiebreak
from keizer.scoring.scale import make_scale
from keizer.scoring.values import ladder_values
from keizer.seasons.championship import final_group
from keizer.seasons.model import Player, PlayerId, Season
from keizer.seasons.ruleset.model import Ruleset


def starting_values(ruleset: Ruleset, players: tuple[Player, ...], entered: Mapping[PlayerId, Fraction],
                    ) -> tuple[tuple[Fraction, ...], tuple[bool, ...]]:
    """Per ranked player (in starting order): the starting value v0, and whether the Aalsmeer bonus is theirs.

    The players on the starting ranking (those there from round 1, in list order) have the value of their
    place on it, on its own ladder: nobody's v0 changes when someone joins later. They have the bonus (K
    "Systeem Aalsmeer": "krijgen alle spelers op de beginranglijst een bonus"); a player who joins later is
    not on it and has none (K is silent: the ruleset's `aalsmeer.joiners`, "none"; "entered" gives them the bonus
    from the place they entered at, from the round they join), and their starting value (for `self_value:
    "initial"`) is that of the place they entered at (`entered`, docs/rules.md §4, §6)."""
    first = [p for p in players if p.joined <= 1]
    at_start = {p.id: v for p, v in zip(first, ladder_values(ruleset.value, len(first)))}
    joiners = ruleset.aalsmeer is not None and ruleset.aalsmeer.joiners == "entered"
    return (tuple(at_start[p.id] if p.id in at_start else entered[p.id] for p in players),
            tuple(joiners or p.id in at_start for p in players))


def make_engine(season: Season, ruleset: Ruleset, prices: tuple[Price, ...], players: tuple[Player, ...],
                max_rounds: int, cap: int = ITERATION_CAP, entered: Mapping[PlayerId, Fraction] | None = None,
                ) -> Engine:
    """An engine for these ranked players; `max_rounds` bounds the worst-case score (float64 or Python ints);
    `entered`: the value of the place each player who joined after round 1 entered at (`starting_values`)."""
    values = ladder_values(ruleset.value, len(players))
    v0, bonus = starting_values(ruleset, players, entered or {})
    scale = make_scale(ruleset, values, prices, max_rounds, v0)
    v0_int: np.ndarray = np.array([int(v * scale.lv) for v in v0], dtype=scale.dtype)  # lv clears every denominator
    return Engine(ruleset, scale, make_tiebreak(ruleset.tiebreak, players), len(players),
                  ruleset.final_round(season.rounds_planned), cap,
                  pinned=pinned_members(season, ruleset, players), v0=v0_int, bonus=np.array(bonus, dtype=bool),
                  joined=np.array([p.joined for p in players], dtype=np.int64))


def pinned_members(season: Season, ruleset: Ruleset, players: tuple[Player, ...]) -> tuple[int, np.ndarray] | None:
    """(formed_after, ranked indices of the members in their order) of a "separate" group (docs/rules.md §8:
    K's finalists keep places 1..size after it formed); None without one. A member no longer ranked (removed
    by a withdrawal) holds no place."""
    group = final_group(season.championship, ruleset.championship.mode if ruleset.championship else None)
    if group is None:
        return None
    index = {p.id: i for i, p in enumerate(players)}
    return group.formed_after, np.array([index[m] for m in group.members if m in index], dtype=np.int64)


__all__ = ["make_engine", "pinned_members", "starting_values"]
