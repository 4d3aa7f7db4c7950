"""Column generation: a narrow band plus the outside pairs the duals price within the gap reaches exactly the
all-pairs optimum, proven; a pair it adds is priced as compile_costs prices it; no proof is claimed wrongly."""

from __future__ import annotations

import pytest

import keizer.pairing.proposer as propose_module
from keizer.pairing.band import prove_band
from keizer.pairing.columns import close_band, with_pairs
from keizer.pairing.costs import compile_costs
from keizer.pairing.criteria.pair_cost import CostContext
from keizer.pairing.proposer import propose
from keizer.pairing.solvers.base import NoPairing, Solution
from keizer.pairing.solvers.matching import solve_matching
from keizer.pairing.synthetic import synthetic_season
from tests.pairing.helpers import instance


def _solve(costs):
    try:
        return solve_matching(costs)
    except NoPairing:
        return None


def _pairs(costs, sol: Solution):
    return sorted((costs.edge_u[k], costs.edge_v[k]) for k in sol.edges), sol.bye


def test_an_added_pair_is_priced_exactly_as_compile_costs_prices_it():
    inst = instance(synthetic_season(41, 10, 2, ruleset="kijk-uit"), forbids=[("p003", "p030")])
    ctx = CostContext(inst)
    narrow, full = compile_costs(inst, 2, ctx=ctx), compile_costs(inst, None, ctx=ctx)
    inside = set(zip(narrow.edge_u, narrow.edge_v))
    players = inst.players
    outside = {(u, v): ctx.edge(players[u], players[v]) for u, v in zip(full.edge_u, full.edge_v)
               if (u, v) not in inside}
    grown = with_pairs(inst, narrow, outside)
    assert (grown.edge_u, grown.edge_v, grown.white_u) == (full.edge_u, full.edge_v, full.white_u)
    assert grown.edge_tiers == full.edge_tiers and grown.edge_costs == full.edge_costs


@pytest.mark.parametrize("ruleset, n, seed", [("keizer-classic", 30, 1), ("keizer-classic", 41, 3),
                                              ("keizer-classic", 60, 2), ("kijk-uit", 41, 0),
                                              ("kijk-uit", 60, 3)])
def test_columns_reach_the_all_pairs_optimum_of_a_band_that_cut_it_off(ruleset, n, seed):
    inst = instance(synthetic_season(n, 10, seed, ruleset=ruleset))
    full_costs = compile_costs(inst)
    full = solve_matching(full_costs)
    ctx = CostContext(inst)
    costs = compile_costs(inst, 3, ctx=ctx)
    sol = solve_matching(costs)
    assert sol.objective > full.objective  # the band alone cut off the optimum
    assert not prove_band(inst, costs, sol, ()).proven
    grown, best, report = close_band(inst, ctx, costs, sol, (), _solve, rounds=6, share=100.0)
    assert report.proven and report.columns > 0 and " beyond it" in report.note
    assert best.objective == full.objective and _pairs(grown, best) == _pairs(full_costs, full)
    assert report.lower_bound > report.band_cost == sum(full_costs.column("real_cost")[k] for k in full.edges)


@pytest.mark.parametrize("ruleset", ["keizer-classic", "kijk-uit"])
def test_no_proof_is_claimed_that_does_not_hold(ruleset):
    for n in (30, 41, 60):
        for seed in range(4):
            inst = instance(synthetic_season(n, 10, seed, ruleset=ruleset))
            full = solve_matching(compile_costs(inst))
            for band in (2, 3, 4):
                ctx = CostContext(inst)
                costs = compile_costs(inst, band, ctx=ctx)
                sol = _solve(costs)
                if sol is None:
                    continue
                for rounds, share in ((0, 1.0), (1, 1.0), (4, 100.0)):
                    _, best, report = close_band(inst, ctx, costs, sol, (), _solve, rounds=rounds, share=share)
                    assert best.objective >= full.objective
                    if report.proven:
                        assert best.objective == full.objective
                    elif rounds == 0:
                        assert report == prove_band(inst, costs, sol, ())  # no round: the band proof as before


def test_propose_adds_columns_before_it_widens_the_band(monkeypatch):
    inst = instance(synthetic_season(60, 10, 1))
    full = propose(inst, "matching", band=None)
    monkeypatch.setattr(propose_module, "_initial_band", lambda inst, band: 3)  # as if the field were huge
    monkeypatch.setattr(propose_module, "_wider", lambda width, n, budget=True: width)  # and no wider band
    prop = propose(inst, "matching")
    assert prop.band.proven and prop.band.columns > 0 and prop.band.band == 3
    assert (prop.objective, prop.pairs(), prop.bye) == (full.objective, full.pairs(), full.bye)


@pytest.mark.parametrize("seed", range(60))
def test_random_rounds_columns_price_as_compile_costs_and_claim_no_wrong_proof(seed):
    """Random rules, pasts, locks and forbids: an outside pair joins priced as the all-pairs model prices it,
    and a proof claimed is one that holds."""
    from tests.pairing.randomized import random_instance

    inst = random_instance(seed, max_players=16)
    try:
        full_costs = compile_costs(inst)
        full = solve_matching(full_costs)
    except NoPairing:
        return
    for band in (1, 2, 3):
        if band + 1 >= len(inst.players):
            continue
        ctx = CostContext(inst)
        costs = compile_costs(inst, band, ctx=ctx)
        inside = set(zip(costs.edge_u, costs.edge_v))
        outside = {(u, v): ctx.edge(inst.players[u], inst.players[v]) for u, v in zip(full_costs.edge_u, full_costs.edge_v)
                   if (u, v) not in inside}
        if not full_costs.relaxed:
            grown = with_pairs(inst, costs, outside)
            assert (grown.edge_u, grown.edge_v, grown.white_u) == (full_costs.edge_u, full_costs.edge_v,
                                                                   full_costs.white_u)
            assert grown.edge_tiers == full_costs.edge_tiers and grown.edge_costs == full_costs.edge_costs
        sol = _solve(costs)
        if sol is None:
            continue
        for rounds, share in ((1, 1.0), (4, 100.0)):
            _, best, report = close_band(inst, ctx, costs, sol, (), _solve, rounds=rounds, share=share)
            assert best.objective >= full.objective
            if report.proven:
                assert best.objective == full.objective
