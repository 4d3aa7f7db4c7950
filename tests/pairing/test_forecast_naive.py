"""The forecast's machinery changes no run: each run equals the naive loop's (full replays, CP-SAT's proof)."""

from __future__ import annotations

import pytest

from keizer.pairing.forecast.benchmark import naive_run
from keizer.pairing.forecast.group import Schedules
from keizer.pairing.forecast.run import play_run
from keizer.pairing.forecast.start import make_start
from keizer.pairing.simulate import simulate_season


@pytest.mark.parametrize("ruleset,rounds,k", [("doorn-driebergen-2019", 26, 18), ("kijk-uit", 24, 17),
                                              ("keizer-classic", 16, 8)])
def test_every_run_is_the_naive_loops_run(ruleset, rounds, k):
    season = simulate_season(18, rounds, ruleset, 21, played=k)
    start = make_start(season, k, seed=2, schedules=Schedules())
    for run in range(2):
        assert play_run(start, run, Schedules()) == naive_run(start, run, Schedules())
