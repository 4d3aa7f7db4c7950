"""The compiled model prices every pair with a past at once: the same numbers as `CostContext.edge`, pair by pair."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from keizer.pairing.costs import compile_costs
from keizer.pairing.criteria.meetings import meeting_cost_columns, meeting_costs
from keizer.pairing.criteria.pair_cost import CostContext
from keizer.pairing.history import Meeting
from keizer.pairing.instance import build_instance
from keizer.pairing.ranking import keizer_ranked
from keizer.pairing.simulate import simulate_season
from keizer.seasons.model import PlayerId
from keizer.seasons.ruleset.model import PairingRules

RULES = [PairingRules(), PairingRules(max_meetings=1, bottom_region=4, rematch_gap=3),
         PairingRules(rematch_from_round=21, rematch_gap=None, rematch_reverse_colours=False, bottom_region=2)]


@pytest.mark.parametrize("rules", RULES)
def test_the_meeting_rules_over_columns_are_the_rules_pair_by_pair(rules):
    cases = list(itertools.product(range(1, 5), range(1, 30), (False, True), (5, 20, 21, 30)))
    count, last, bottom, rounds = (np.array(c) for c in zip(*cases))
    for k in (5, 20, 21, 30):
        at = rounds == k
        cols = meeting_cost_columns(count[at], np.minimum(last[at], k - 1), bottom[at], k, rules)
        for t, (c, r, b) in enumerate(zip(count[at].tolist(), last[at].tolist(), bottom[at].tolist())):
            past = tuple(Meeting(min(r, k - 1), PlayerId("a"), PlayerId("b")) for _ in range(c))
            assert tuple(int(col[t]) for col in cols) == meeting_costs(past, k, b, rules)


@pytest.mark.parametrize("ruleset", ["keizer-classic", "doorn-driebergen-2019", "kijk-uit",
                                     {"preset": "keizer-classic", "pairing": {"bottom_region": 6, "max_meetings": 1,
                                                                             "rematch_reverse_colours": False}}])
def test_every_edge_costs_what_the_pair_costs_alone(ruleset):
    season = simulate_season(26, 24, ruleset, 4, played=23)
    ranked = keizer_ranked(season, 24)
    inst = build_instance(season, 24, ranked.ranking, ranked.values, slots=ranked.slots)
    for relaxed in (False, True):
        costs = compile_costs(inst, relaxed=relaxed)
        alone = CostContext(inst)
        met = 0
        real = costs.column("real_cost")
        for k, (u, v) in enumerate(zip(costs.edge_u, costs.edge_v)):
            a, b = inst.players[u], inst.players[v]
            white_a, relax_max, early, soft = alone.edge(a, b)
            met += bool(inst.meetings_of(a.id, b.id))
            assert (costs.white_u[k], costs.column("relax_max_meetings")[k], costs.column("relax_rematch_round")[k],
                    real[k]) == (white_a, relax_max, early, soft)
        if relaxed:  # with every pair in the model (a hard rule may keep pairs that met out of the other)
            assert met > 50  # most pairs of a 26-player field have met by round 24
