"""The fixed point's inner loop written as a polars query, beside the numpy one (docs/performance.md).

`replay_with(season, PolarsEngine)` replays a season exactly as `replay` does, but every evaluation of
the scores at a ranking runs as a polars group_by instead of numpy's gather and bincount; the two must
give the same standings. Only the float64 path (exact integers below 2^53) is written in polars.
"""

from __future__ import annotations

import dataclasses
import statistics
import time
from typing import Any

import numpy as np
import polars as pl

from keizer.scoring.benchgen import generate_season
from keizer.scoring.benchmark import MODES
from keizer.scoring.engine import Engine
from keizer.scoring.facts import forfeits_as_booked, season_facts
from keizer.scoring.replay import Replay, replay
from keizer.scoring.starting import make_engine
from keizer.scoring.slots import slots_frame
from keizer.scoring.terms import Terms, compile_terms
from keizer.seasons.model import Season
from keizer.seasons.ruleset.parse import parse_ruleset


class PolarsEngine(Engine):
    """The replay engine with the scores at a ranking computed by a polars query."""

    _terms: Terms | None = None
    _frame: pl.DataFrame | None = None

    def evaluate(self, t: Terms, pos: np.ndarray) -> np.ndarray:
        if self.dt is object or not t.owner.size:
            return super().evaluate(t, pos)
        if t is not self._terms:  # the same terms are evaluated at every iterate of a round
            self._terms, self._frame = t, pl.DataFrame({"owner": t.owner, "who": t.who, "coef": t.coef})
        assert self._frame is not None
        val = self.scale.v_int[pos]
        x = pl.col("coef") * pl.lit(pl.Series(val)).gather(pl.col("who"))
        g = self.scale.grid
        if g is not None:  # each single contribution to the grid, halves away from zero
            r = ((2 * x.abs() + g) // (2 * g)) * g
            x = pl.when(x < 0).then(-r).otherwise(r)
        sums = self._frame.lazy().group_by("owner").agg(x.sum().alias("x")).collect()
        s = t.const + t.own * val
        s[sums["owner"].to_numpy()] += sums["x"].to_numpy()
        return s


def replay_with(season: Season, engine: type[Engine]) -> Replay:
    """`replay(season)` (the last scored round) with another engine class."""
    ruleset = parse_ruleset(season.ruleset_spec)
    upto = season.last_scored_round
    booked = forfeits_as_booked(season, ruleset)
    facts = season_facts(booked, ruleset, upto)
    slots = slots_frame(booked, facts)
    players = tuple(season.players[i] for i in facts.ranked)
    base = make_engine(season, ruleset, facts.prices, players, max_rounds=upto)
    eng = engine(ruleset, base.scale, base.tb, len(players), ruleset.final_round(season.rounds_planned),
                 v0=base.v0, bonus=base.bonus, joined=base.joined)
    terms = compile_terms(slots, eng.scale, len(players), upto)
    states = [eng.start()] + [eng.step(k, t) for k, t in enumerate(terms, start=1)]
    return Replay(season=season, ruleset=ruleset, upto=upto, players=players, ladder=eng.scale.values,
                  slots=slots, prices=facts.prices, states=tuple(states))


def _median(fn: Any, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def compare_inner_loops(sizes: tuple[tuple[int, int], ...] = ((40, 36), (80, 36), (1000, 50)),
                        repeats: int = 5) -> list[dict[str, Any]]:
    """Per size and mode: the median seconds of a full replay with the numpy loop and with the polars loop,
    and whether both give the same standings after every round."""
    rows = []
    for players, rounds in sizes:
        base = generate_season(players, rounds, seed=0)
        for mode, spec in MODES:
            season = dataclasses.replace(base, ruleset_spec=spec)
            fast, slow = replay(season), replay_with(season, PolarsEngine)
            same = all(fast.standings(k) == slow.standings(k) for k in range(fast.upto + 1))
            rows.append({"players": players, "rounds": rounds, "mode": mode, "same": same,
                         "numpy_s": _median(lambda: replay(season), repeats),
                         "polars_s": _median(lambda: replay_with(season, PolarsEngine), repeats)})
    return rows


if __name__ == "__main__":  # python -m scoring.kernels
    for row in compare_inner_loops():
        print(f"{row['players']} × {row['rounds']}  {row['mode']:<15} numpy {row['numpy_s'] * 1000:8.1f} ms  "
              f"polars {row['polars_s'] * 1000:8.1f} ms  same: {row['same']}")
