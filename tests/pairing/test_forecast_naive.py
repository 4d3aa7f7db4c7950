"""The forecast's machinery changes no run: each run equals the naive loop's (full replays, CP-SAT's proof)."""

from __future__ import annotations

import pytest

from keizer.evening.forecast.benchmark import naive_run
from keizer.evening.forecast.group import Schedules
from keizer.evening.forecast.run import play_run
from keizer.evening.forecast.start import make_start
from keizer.pairing.simulate import simulate_season


@pytest.mark.parametrize("ruleset,rounds,k", [("doorn-driebergen-2019", 26, 18), ("kijk-uit", 24, 17),
                                              ("keizer-classic", 16, 8)])
def test_every_run_is_the_naive_loops_run(ruleset, rounds, k):
    season = simulate_season(18, rounds, ruleset, 21, played=k)
    start = make_start(season, k, seed=2, schedules=Schedules())
    for run in range(2):
        assert play_run(start, run, Schedules()) == naive_run(start, run, Schedules())


@pytest.mark.parametrize("joins,withdraws", [(11, 13), (9, 9), (10, 12)])
def test_a_joiner_and_a_withdrawal_to_come_start_their_segments_as_the_replay_does(joins, withdraws):
    """Round K + 1 or later where the ranked players change: a newcomer placed by rating, a withdrawal that
    removes a player (as if never there, D art. 22) — each run's tables and pairings equal the naive loop's."""
    from dataclasses import replace

    from keizer.seasons.model import Player, PlayerId, Withdrawal

    season = simulate_season(16, 18, "keizer-classic", 5, played=8)
    late = Player(PlayerId("p900"), "Late Comer", rating=1800, joined=joins)
    season = replace(season, players=season.players + (late,), withdrawals=(Withdrawal(PlayerId("p004"), withdraws),))
    start = make_start(season, 8, seed=1, schedules=Schedules())
    for run in range(2):
        assert play_run(start, run, Schedules()) == naive_run(start, run, Schedules())
