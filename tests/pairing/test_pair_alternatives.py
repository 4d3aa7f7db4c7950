"""Alternatives: distinct pairings in objective order, with the boards that differ and ties flagged."""

from __future__ import annotations

from keizer.pairing.alternatives import alternatives
from keizer.pairing.checker import check_pairing
from keizer.pairing.proposer import propose
from keizer.pairing.synthetic import synthetic_season
from tests.pairing.helpers import instance, season, unordered


def test_alternatives_come_in_objective_order_and_differ():
    inst = instance(synthetic_season(24, 6, 3))
    best = propose(inst)
    alts = alternatives(inst, 5, best=best)
    assert len(alts) == 5 and [a.place for a in alts] == [2, 3, 4, 5, 6]
    objectives = [best.objective] + [a.proposal.objective for a in alts]
    assert objectives == sorted(objectives) and len(set(objectives)) == 6
    seen = [unordered(best.pairs())] + [unordered(a.proposal.pairs()) for a in alts]
    assert all(seen[i] != seen[j] for i in range(6) for j in range(i))
    for a in alts:
        report = check_pairing(inst, a.proposal)
        assert report.valid and report.objective == a.proposal.objective
        assert a.extra_cost == a.proposal.real_cost - best.real_cost
        assert a.tie == (a.extra_cost == 0)
        best_pairs = unordered(best.pairs())
        assert set(a.differs) == {b.number for b in a.proposal.boards
                                  if frozenset((b.white, b.black)) not in best_pairs}


def test_ties_are_flagged():
    # Six fresh players aiming at distance 2: three pairings cost one rank unit, the rest more.
    rules = {"preset": "keizer-classic", "pairing": {"opening": {"rounds": [1], "distance": 2}}}
    inst = instance(season(6, ruleset=rules, next_entries={}))
    best = propose(inst)
    alts = alternatives(inst, 3, best=best)
    assert best.real_cost == 10 + dict(best.criteria)["colour_drift"]
    assert [a.tie for a in alts] == [True, True, False]
    assert alts[1].tie_with_previous and not alts[2].tie_with_previous
    tied = {frozenset(unordered(p.pairs())) for p in (best, alts[0].proposal, alts[1].proposal)}
    assert tied == {frozenset(unordered(x)) for x in ([("p01", "p03"), ("p02", "p04"), ("p05", "p06")],
                                                      [("p01", "p02"), ("p03", "p05"), ("p04", "p06")],
                                                      [("p01", "p03"), ("p02", "p05"), ("p04", "p06")])}
    assert all(a.tie == (a.extra_cost == 0) for a in alts)
    four = alternatives(instance(season(4, next_entries={})), 5)
    assert len(four) == 2 and not any(a.tie for a in four)  # only three pairings of four players exist


def test_differ_asks_for_more_changed_pairs():
    inst = instance(synthetic_season(16, 4, 1))
    best = propose(inst)
    alts = alternatives(inst, 2, differ=4, best=best)
    for a in alts:
        shared = unordered(a.proposal.pairs()) & unordered(best.pairs())
        assert len(shared) <= len(best.boards) - 4


def test_a_round_with_only_one_possible_pairing_has_no_alternatives():
    # One player present: the bye is the only pairing (every cost tier is zero; the no-good cut must hold).
    inst = instance(season(1, next_entries={}))
    assert alternatives(inst, 3) == ()
    two = instance(season(2, next_entries={}))
    assert alternatives(two, 3) == ()
