"""The season simulator: a valid, deterministic season paired by this engine from scoring's ranking."""

from __future__ import annotations

import pytest

from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.season_json.write import season_to_json

pytest.importorskip("scoring")

from keizer.pairing.simulate import simulate_season


def test_a_simulated_season_is_valid_deterministic_and_leaves_the_next_round_to_pair():
    s = simulate_season(17, 10, "doorn-driebergen-2019", seed=4, played=7)
    assert s == season_from_json(season_to_json(s))  # passes every check of the season format
    assert s.rounds_planned == 10 and len(s.rounds) == 8 and s.played_rounds == 7
    assert not s.rounds[-1].is_paired and s.rounds[-1].entries == tuple(sorted(s.rounds[-1].entries))
    assert s == simulate_season(17, 10, "doorn-driebergen-2019", seed=4, played=7)
    assert s != simulate_season(17, 10, "doorn-driebergen-2019", seed=5, played=7)
    kinds = {kind.value for r in s.rounds for _, kind in r.entries}
    assert "bye" in kinds and "excused" in kinds
    draws = sum(g.result.value == "1/2-1/2" for r in s.rounds for g in r.games)
    games = sum(len(r.games) for r in s.rounds)
    assert 0 < draws < games


def test_all_rounds_played_by_default():
    s = simulate_season(8, 4, "kijk-uit", seed=1)
    assert len(s.rounds) == 4 and all(r.is_paired for r in s.rounds)
