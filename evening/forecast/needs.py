"""What a player needs: each outcome's chance given the next round won, drawn, lost or missed, and given the
points of the next few rounds — counted from the forecast's own runs.

The conditions are imposed, not merely seen: a run in which the player won their next game counts with the
weight 1 / (the chance of that win, from the model), so that the runs with a win weigh as if every
pairing the next round could bring had its game won — what a run with the win imposed on it gives
(importance weights; a test holds the two to each other within the margins). A strong player's win is
then not counted mostly against the weak opponents they beat most often. Staying away needs no weight: who
comes is drawn for each player on their own, before anything else of the round. A run in which the player
had the bye, or was not to be paired, counts for none of the four.

The points of the next rounds (`NEXT_ROUNDS`: a game won 1, drawn ½, lost or missed 0) are seen, not imposed:
"with 2 of the next 3 the title came in 35% of the runs" — what the runs say, for the question "what do I
need?".
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from keizer.evening.forecast.model import ForecastModel
from keizer.seasons.forecasts import CONDITIONS, OUTCOMES, SURE, Condition, Conditional, NextPoints, Outcome, PlayerNeeds
from keizer.seasons.forecasts import margin
from keizer.seasons.model import EntryKind, PlayerId, Result, Round

NEXT_ROUNDS = 3
"""The rounds "the next few games" are: "you need 2 of your next 3"."""

_WON = {Result.WHITE_WINS: ("won", "lost"), Result.DRAW: ("drawn", "drawn"), Result.BLACK_WINS: ("lost", "won")}
"""A game's result as (white's condition, black's)."""
_HALVES = {"won": 2, "drawn": 1}

Seen = tuple[tuple[PlayerId, str, float, int], ...]
"""Per player of one run: the condition their next round met ("" for none: a bye, not paired), its weight, and
their half-points from the games of the next rounds."""


class Watch:
    """One run's next rounds as far as each player's needs go."""

    def __init__(self, first: int, last: int) -> None:
        self.first = first
        self.until = min(last, first + NEXT_ROUNDS - 1)
        self.met: dict[PlayerId, tuple[str, float]] = {}
        self.points: dict[PlayerId, int] = {}

    def round(self, played: Round, model: ForecastModel, drawn: frozenset[tuple[PlayerId, PlayerId]]) -> None:
        """Round `played` (its results drawn for the games in `drawn`: the others were known before the run)."""
        k = played.number
        if not self.first <= k <= self.until:
            return
        for game in played.games:
            white, black = _WON.get(game.result, ("", ""))
            for pid, how in ((game.white, white), (game.black, black)):
                self.points[pid] = self.points.get(pid, 0) + _HALVES.get(how, 0)
            if k == self.first and white:
                chance = model.result_chance(game.white, game.black, game.result) \
                    if (game.white, game.black) in drawn else 1.0
                self.met[game.white] = (white, 1 / chance)
                self.met[game.black] = (black, 1 / chance)
        for pid, kind in played.entries:
            self.points.setdefault(pid, 0)
            if k == self.first and kind is not EntryKind.BYE:
                self.met.setdefault(pid, ("absent", 1.0))

    def seen(self) -> Seen:
        return tuple((pid, *self.met.get(pid, ("", 0.0)), points) for pid, points in sorted(self.points.items()))


@dataclass(slots=True)
class NeedsTally:
    """The sums the conditional chances are made of, per player: for each condition the runs, the weights
    (Σw, Σw²) and per outcome Σw·f, Σw²·f, Σw²·f² (f: the outcome in the run, a share of a shared title); for each number of
    half-points of the next rounds the runs and per outcome Σf. Floats, added in the order of the runs'
    chunks (the same on any number of processes)."""

    by_condition: dict[PlayerId, dict[str, list[float]]] = field(default_factory=dict)
    by_points: dict[PlayerId, dict[int, list[Fraction]]] = field(default_factory=dict)

    def add(self, seen: Seen, outcome: dict[Outcome, dict[PlayerId, Fraction]]) -> None:
        for pid, condition, w, points in seen:
            f = [outcome[o].get(pid, Fraction(0)) for o in OUTCOMES]
            if condition:
                sums = self.by_condition.setdefault(pid, {}).setdefault(condition, [0.0] * (3 + 3 * len(OUTCOMES)))
                sums[0] += 1
                sums[1] += w
                sums[2] += w * w
                for i, value in enumerate(f):
                    x = float(value)
                    sums[3 + 3 * i] += w * x
                    sums[4 + 3 * i] += w * w * x
                    sums[5 + 3 * i] += w * w * x * x
            row = self.by_points.setdefault(pid, {}).setdefault(points, [Fraction(0)] * (1 + len(OUTCOMES)))
            row[0] += 1
            for i, value in enumerate(f):
                row[1 + i] += value

    def merge(self, other: NeedsTally) -> None:
        for pid, conditions in other.by_condition.items():
            mine = self.by_condition.setdefault(pid, {})
            for condition, sums in conditions.items():
                got = mine.setdefault(condition, [0.0] * len(sums))
                mine[condition] = [a + b for a, b in zip(got, sums)]
        for pid, rows in other.by_points.items():
            own = self.by_points.setdefault(pid, {})
            for points, row in rows.items():
                got_row = own.setdefault(points, [Fraction(0)] * len(row))
                own[points] = [a + b for a, b in zip(got_row, row)]


def needs_of(tally: NeedsTally, outcomes: tuple[Outcome, ...], first: int, last: int,
             players: tuple[PlayerId, ...]) -> tuple[PlayerNeeds, ...]:
    """Each player's needs from the counted runs (players in `players`' order; those never paired or present in
    the next rounds have none)."""
    until = min(last, first + NEXT_ROUNDS - 1)
    out = []
    for pid in players:
        conditions = tuple(_conditional(c, tally.by_condition.get(pid, {}).get(c), outcomes) for c in CONDITIONS)
        rows = tally.by_points.get(pid, {})
        points = tuple(NextPoints(points=Fraction(p, 2), runs=int(row[0]),
                                  chances=tuple((o, float(row[1 + OUTCOMES.index(o)] / row[0]),
                                                 margin(float(row[1 + OUTCOMES.index(o)] / row[0]), int(row[0])))
                                                for o in outcomes))
                       for p, row in sorted(rows.items()))
        if not rows:
            continue
        out.append(PlayerNeeds(player=pid, first=first, last=until, conditions=conditions, points=points))
    return tuple(out)


def _conditional(condition: Condition, sums: list[float] | None, outcomes: tuple[Outcome, ...]) -> Conditional:
    """The weighted share of each outcome under `condition`, with its margin: 1.96 × the standard error of a
    ratio of weighted sums, sqrt(Σ w²(f − p)²) / Σw."""
    if sums is None or sums[1] <= 0:
        return Conditional(condition=condition, runs=0, chances=())
    total, squares = sums[1], sums[2]
    chances = []
    for o in outcomes:
        i = OUTCOMES.index(o)
        p = sums[3 + 3 * i] / total
        spread = sums[5 + 3 * i] - 2 * p * sums[4 + 3 * i] + p * p * squares
        chances.append((o, min(1.0, max(0.0, p)), SURE * math.sqrt(max(0.0, spread)) / total))
    return Conditional(condition=condition, runs=int(sums[0]), chances=tuple(chances))
