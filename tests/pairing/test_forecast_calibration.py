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
