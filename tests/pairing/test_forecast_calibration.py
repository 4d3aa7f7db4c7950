"""Honest numbers: title chances made half-way score a better Brier score than "the leader wins".

The short form runs with the suite; the long form (200 seasons, the figure in docs/forecast.md, minutes) is
`KEIZER_LONG=1 python -m pytest tests/pairing/test_forecast_calibration.py`."""

from __future__ import annotations

import os

import pytest

from tests.oracle.calibration import calibrate

LONG = os.environ.get("KEIZER_LONG") == "1"


def test_a_dozen_seasons_forecast_half_way_beat_the_leader_baseline():
    made = calibrate(seasons=12, players=14, rounds=12, k=6, runs=30)
    assert 0 < made.leader_won < 1  # a baseline that can be beaten at all
    assert made.brier < made.baseline
    assert made.mean_chance > 1 / 14  # the eventual champions were given more than a blind share


@pytest.mark.slow
@pytest.mark.skipif(not LONG, reason="the long calibration takes minutes: KEIZER_LONG=1 runs it")
def test_two_hundred_seasons_forecast_at_round_10_beat_the_leader_baseline():
    """The figure in docs/forecast.md (`python -m tests.oracle.bench calibration` prints it)."""
    made = calibrate(seasons=200, runs=200, workers=2)
    assert made.brier < made.baseline


def test_real_seasons_forecast_from_round_10_score_the_champion_better_than_the_leader():
    """The two real club seasons (../shared/data; skipped without them), forecast every fifth round from round 10
    with a few runs: the champion's log score beats "the leader after round K wins" (whose every miss costs what
    a chance of half a run does). The figures of every round, 200 runs each, are in docs/forecast.md (`python
    -m tests.oracle.bench real`)."""
    from tests.conftest import real_season_paths
    from tests.oracle.real_seasons import check_real

    made = check_real(real_season_paths(), runs=30, every=5, fit_rounds=())
    assert len(made.scores) >= 10
    assert 0 < sum(s.leader == s.champion for s in made.scores) < len(made.scores)  # the baseline can be beaten
    assert made.mean("log") < made.mean("baseline_log")
    assert made.mean("chance") > 1 / 38  # the champions were given more than a blind share


def test_real_seasons_own_attendance_foretells_each_players_better_than_the_clubs():
    """After rounds 10–30 each player's own attendance so far (what the forecast assumes) is nearer the share
    of the later rounds they came to than the club's attendance is; docs/forecast.md says how far the club's
    whole attendance fell below what the model expected."""
    from tests.conftest import real_season_paths
    from tests.oracle.real_seasons import attendance_fit
    from keizer.seasons.load import load_season

    for path in real_season_paths():
        season = load_season(path)
        for k in (10, 20, 30):
            fit = attendance_fit(season, path.stem, k)
            assert 0 < fit.came < 1 and 0 < fit.expected < 1
            assert fit.error < fit.club_error, (path.stem, k)
