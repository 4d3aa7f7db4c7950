"""The checker: agrees with the solver, and names the players and the rule of every violation."""

from __future__ import annotations

import pytest

from keizer.pairing.checker import Pairing, check_pairing
from keizer.pairing.criteria.tiers import tier_index
from keizer.pairing.greedy import greedy_pairing
from keizer.pairing.proposer import propose
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId
from tests.pairing.helpers import instance, season
from tests.pairing.randomized import random_instance

P = PlayerId


@pytest.mark.parametrize("seed", range(8))
def test_the_checker_recomputes_the_solvers_objective(seed):
    inst = random_instance(seed * 7919)
    try:
        prop = propose(inst)
    except KeizerError:
        pytest.skip("no pairing exists for this random round")
    report = check_pairing(inst, prop)
    assert report.valid
    assert report.objective == prop.objective and report.tiers == prop.tiers
    assert report.criteria == prop.criteria


def rules_of(report):
    return sorted(v.rule for v in report.violations)


def test_violations_name_the_rule_and_the_players():
    s = season(6, [[("p01", "p02"), ("p03", "p04"), ("p05", "p06")]], next_entries={"p06": "excused"})
    inst = instance(s, forbids=[(P("p03"), P("p05"))], locks=[(P("p01"), P("p04"))])
    # p06 is absent, p02 is missing, p03–p05 is forbidden, p01 must play p04, no bye though 5 are present.
    report = check_pairing(inst, [("p01", "p06"), ("p03", "p05")])
    assert not report.valid
    assert rules_of(report) == ["available", "bye", "forbid", "lock", "once", "once"]
    messages = " | ".join(v.message for v in report.violations)
    assert "p06 is not available in round 2 (excused)" in messages
    assert "p02 is neither paired nor has the bye" in messages
    assert "p03 and p05 must not play each other" in messages
    assert "p01 must play p04" in messages


def test_rematch_colours_fixed_games_and_byes_are_checked():
    s = season(5, [[("p01", "p02")]], {"preset": "keizer-classic", "pairing": {"rematch_gap": None}},
               next_entries={})
    inst = instance(s, fixed=[(P("p04"), P("p03"))])
    report = check_pairing(inst, Pairing(((P("p01"), P("p02")), (P("p03"), P("p04"))), P("p05")))
    assert rules_of(report) == ["fixed", "rematch_reverse_colours"]
    assert any("reverse the colours of round 1 (p01 had white)" in v.message for v in report.violations)
    good = check_pairing(inst, Pairing(((P("p02"), P("p01")), (P("p04"), P("p03"))), P("p05")))
    assert good.valid and good.relaxed == ()
    even = check_pairing(instance(season(4, next_entries={})), [("p01", "p02")], bye=P("p03"))
    assert "bye" in rules_of(even) and "once" in rules_of(even)


def test_a_relaxed_rule_is_reported_but_the_pairing_stays_valid():
    rules = {"preset": "keizer-classic", "pairing": {"rematch_gap": None, "max_meetings": 1}}
    inst = instance(season(4, [[("p01", "p02"), ("p03", "p04")]], rules, next_entries={}))
    report = check_pairing(inst, [("p02", "p01"), ("p04", "p03")])
    assert report.valid and [v.rule for v in report.relaxed] == ["max_meetings", "max_meetings"]
    assert report.tiers[tier_index("relax_max_meetings")] == 2
    assert check_pairing(inst, propose(inst)).objective < report.objective


def test_hand_made_pairings_cost_at_least_the_optimum():
    inst = instance(season(10, [[("p01", "p02"), ("p03", "p04"), ("p05", "p06"), ("p07", "p08"),
                                 ("p09", "p10")]], next_entries={}))
    best = propose(inst)
    greedy = check_pairing(inst, greedy_pairing(inst))
    assert greedy.valid and greedy.objective >= best.objective
