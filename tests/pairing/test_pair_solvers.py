"""Both exact solvers reach the same optimum (and, with the tie-break, the same pairing); the band is sound."""

from __future__ import annotations

import pytest

import keizer.pairing.proposer as propose_module
from keizer.pairing.checker import check_pairing
from keizer.pairing.costs import compile_costs
from keizer.pairing.proposer import propose
from keizer.pairing.solvers import cpsat
from keizer.pairing.solvers.cpsat import CpSatModel
from keizer.pairing.solvers.matching import blossom_weights, max_weight_perfect, solve_matching
from keizer.pairing.synthetic import synthetic_season
from tests.pairing.helpers import instance, season, unordered


@pytest.mark.parametrize("n, seed", [(20, 0), (21, 1), (41, 2), (60, 3)])
def test_cpsat_and_matching_agree_on_synthetic_rounds(n, seed):
    s = synthetic_season(n, 12, seed, ruleset="doorn-driebergen-2019")
    inst = instance(s)
    a, b = propose(inst, "cpsat"), propose(inst, "matching")
    assert a.objective == b.objective and a.pairs() == b.pairs() and a.bye == b.bye
    assert a.solver.name == "cpsat" and b.solver.name == "matching"
    assert check_pairing(inst, a).objective == a.objective


def test_cpsat_solves_in_lexicographic_stages_when_one_objective_would_overflow(monkeypatch):
    inst = instance(synthetic_season(23, 8, 5, ruleset="kijk-uit"))
    costs = compile_costs(inst)
    monkeypatch.setattr(cpsat, "_COEF_LIMIT", 1 << 36)  # as if the objective did not fit in int64
    staged = CpSatModel(costs).solve()
    assert staged.info.stages > 1
    assert staged.objective == solve_matching(costs).objective
    assert (staged.edges, staged.bye) == (solve_matching(costs).edges, solve_matching(costs).bye)


def test_the_band_is_proven_or_says_it_may_have_cut_off_the_optimum():
    inst = instance(synthetic_season(150, 10, 7))
    full = propose(inst, "matching", band=None)
    auto = propose(inst, "matching")
    assert auto.band.band is not None
    if auto.band.proven:
        assert auto.objective == full.objective and auto.pairs() == full.pairs()
        assert auto.band.lower_bound > auto.band.band_cost
    narrow = propose(inst, "matching", band=2)
    assert narrow.objective >= full.objective
    if not narrow.band.proven:
        assert "may have cut off the optimum" in narrow.band.note
    assert check_pairing(inst, narrow).valid


@pytest.mark.parametrize("seed", [1, 2])
def test_a_proven_band_always_has_the_all_pairs_optimum(seed):
    inst = instance(synthetic_season(130, 12, seed, ruleset="kijk-uit"))
    full = propose(inst, "matching", band=None)
    proven = []
    for width in (3, 4, 6, 8, 12, 16):
        prop = propose(inst, "matching", band=width)
        assert prop.objective >= full.objective
        if prop.band.proven:
            proven.append(width)
            assert (prop.objective, prop.pairs()) == (full.objective, full.pairs())
            assert prop.band.lower_bound > prop.band.band_cost == full.real_cost
    assert proven and proven[-1] == 16  # a wide enough band is proven (and a proof stays proven)


def test_a_band_without_a_pairing_is_widened(monkeypatch):
    monkeypatch.setattr(propose_module, "_initial_band", lambda inst, band: 1)  # as if the field were huge
    # p01–p02 and p03–p04 met twice: within ±1 only p02–p03 is left, which pairs nobody else.
    rounds = [[("p01", "p02"), ("p03", "p04")], [("p02", "p01"), ("p04", "p03")]]
    inst = instance(season(4, rounds, {"preset": "keizer-classic", "pairing": {"rematch_gap": None}},
                           next_entries={}))
    for solver in ("cpsat", "matching"):
        prop = propose(inst, solver)
        assert prop.band.tried == (1,) and prop.relaxations == ()
        assert unordered(prop.pairs()) == unordered([("p01", "p03"), ("p02", "p04")])


def test_the_blossoms_weights_make_a_perfect_matching_the_heaviest():
    """A path 0–1–2–3 whose middle pair is cheap: C − cost alone would make the one middle edge outweigh the
    two end edges; lifted (`blossom_weights`), the perfect matching is the heaviest without asking the
    blossom for the maximum cardinality."""
    weights, byes = blossom_weights([100, 0, 100], [], 4)
    edges, bye = max_weight_perfect(4, list(zip([0, 1, 2], [1, 2, 3], weights)), [], 4)
    assert sorted(edges) == [0, 2] and bye is None
    # with a bye node: the bye to player 1 (cost 0) leaves 0 without a partner; to 2 (cost 50), a pairing
    weights, byes = blossom_weights([100, 0], [None, 0, 50], 4)
    bye_edges = [(i, 3, w) for i, w in enumerate(byes) if w is not None]
    assert max_weight_perfect(4, list(zip([0, 1], [1, 2], weights)), bye_edges, 4) == ([0], 2)
