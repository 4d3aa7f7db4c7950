"""Exactness beyond float64: huge denominators switch the engine to Python ints, with the same answers."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings

from keizer.scoring.replay import replay
from tests.oracle.reference import reference_replay
from keizer.scoring.scale import make_scale
from keizer.scoring.facts import price_table
from keizer.scoring.values import ladder_values
from keizer.seasons.model import Season
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.season_json.read import parse_season_text
from scoring_builders import ids, season
from tests.conftest import real_season_paths
from test_scoring_properties import seasons
from tests.conftest import real_season_paths

HUGE = {"preset": "keizer-classic", "factors": {
    "win": "1/1000003", "draw": "1/999983", "loss": "0", "forfeit_win": "1", "forfeit_loss": "0",
    "external_win": "1", "external_draw": "1/2", "external_loss": "0", "bye": "1/999979",
    "excused": "1/3", "unexcused": "0", "duty": "1", "late": "0"}}
"""Three large primes: D ≈ 10^18, far past float64's exact integers."""


def test_huge_denominators_use_python_ints() -> None:
    ruleset = parse_ruleset(HUGE)
    scale = make_scale(ruleset, ladder_values(ruleset.value, 10), price_table(ruleset), max_rounds=5)
    assert scale.dtype is object
    normal = parse_ruleset("keizer-classic")
    assert make_scale(normal, ladder_values(normal.value, 10), price_table(normal), 5).dtype is not object


def compare(s: Season) -> None:
    upto = max((r.number for r in s.rounds if r.is_paired), default=0)
    fast = replay(s, upto)
    for k, ref in enumerate(reference_replay(s, upto)):
        got = fast.standings(k)
        assert (tuple(r.player for r in got.rows), tuple(r.score for r in got.rows)) == (ref.order, ref.scores)
        assert (got.iteration.iterations, got.iteration.cycle_length) == (ref.iterations, ref.cycle_length)


@settings(max_examples=40, deadline=None)
@given(seasons(max_players=6, max_rounds=4))
def test_python_int_path_equals_the_reference(s: Season) -> None:
    compare(dataclasses.replace(s, ruleset_spec=HUGE))


def test_a_cycle_on_the_python_int_path() -> None:
    """The oscillating season of test_scoring_iteration, with huge denominators on entries nobody has."""
    factors = dict(HUGE["factors"], win="1", draw="1/2", duty="1/1000003", external_draw="1/999983")
    spec = {"preset": "keizer-classic", "factors": factors, "aalsmeer": {"multiplier": "1/999961", "rounds": 2}}
    ruleset = parse_ruleset(spec)
    assert make_scale(ruleset, ladder_values(ruleset.value, 4), price_table(ruleset), 1).dtype is object
    s = season(ids(4), ["p3-p2 1/2-1/2, p1-p4 1-0"], ruleset=spec)
    assert replay(s).standings(1).iteration.cycled
    compare(s)


@pytest.mark.parametrize("spec", ["keizer-classic", "kijk-uit",
                                  {"preset": "doorn-driebergen-2019", "iterate": [10, 20, "final"]}])
def test_real_seasons_equal_the_reference(spec: object) -> None:
    for path in real_season_paths():
        compare(dataclasses.replace(parse_season_text(path.read_text(), str(path)), ruleset_spec=spec))
