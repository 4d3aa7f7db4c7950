"""The criteria one by one: each rule's integer cost, and the tiers that make the objective lexicographic."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise

from keizer.pairing.costs import tier_weights
from keizer.pairing.criteria.bye import bye_order
from keizer.pairing.criteria.colour import colour_terms, colour_terms_both, run_of
from keizer.pairing.criteria.meetings import meeting_terms
from keizer.pairing.criteria.pair_cost import CostContext
from keizer.pairing.criteria.rank import rank_units
from keizer.pairing.criteria.tiebreak import TIEBREAK_BITS, tiebreak, tiebreak_rows, tiebreaks
from keizer.pairing.criteria.tiers import TIER_NAMES, TIERS, tier_index
from keizer.pairing.criteria.weights import CRITERIA
from keizer.pairing.history import Meeting
from keizer.pairing.proposer import propose
from keizer.pairing.synthetic import synthetic_season
from keizer.seasons.model import PlayerId
from keizer.seasons.ruleset.model import ByePolicy, ColourLimits, PairingRules
from tests.pairing.helpers import instance, season

P = PlayerId


def test_rank_cost_is_convex_with_its_minimum_at_the_target():
    for target in (1, 2, 10):
        units = [rank_units(d, target) for d in range(1, 80)]
        assert min(units) == 0 and units[target - 1] == 0
        steps = [b - a for a, b in pairwise(units)]
        assert all(later >= earlier for earlier, later in pairwise(steps))  # convex
    assert rank_units(45, 1) == 400 + 40 * 24  # the tangent beyond a deviation of 20


def test_colour_terms():
    limits = ColourLimits(max_run=2, max_balance=2)
    assert run_of("BWW") == ("W", 2) and run_of("") == ("", 0)
    assert colour_terms("BWW", "W", limits) == (100, 0, 0, 1)  # a third white: run; balance +1 → +2: drift
    assert colour_terms("BWW", "B", limits) == (0, 0, 0, 0)
    assert colour_terms("WWBW", "W", limits) == (0, 60, 3, 0)  # balance +2 → +3 beyond max_balance
    assert colour_terms("WB", "B", limits) == (0, 0, 3, 1)  # a repeat within max_run, balance 0 → −1
    assert colour_terms("WWBBWW", "W", ColourLimits(max_run=3, max_balance=3)) == (0, 0, 3, 1)


def test_both_colours_at_once_cost_what_each_costs():
    rng = random.Random(3)
    for _ in range(300):
        colours = "".join(rng.choice("WB") for _ in range(rng.randrange(12)))
        limits = ColourLimits(max_run=rng.randrange(1, 4), max_balance=rng.randrange(1, 4))
        assert colour_terms_both(colours, limits) == (colour_terms(colours, "W", limits),
                                                      colour_terms(colours, "B", limits))


def test_a_rounds_colour_costs_are_each_players_own_history():
    # CostContext keeps the costs by history and by (last colour, run, balance): histories sharing a state
    # ("WBBW", "BWBW") share the costs, any other difference does not
    rng = random.Random(5)
    inst = instance(season(12))
    for _ in range(60):
        people = tuple(replace(p, colours="".join(rng.choice("WB") for _ in range(rng.randrange(15))))
                       for p in inst.players)
        ctx = CostContext(replace(inst, players=people))
        for p in people:
            white, black = colour_terms_both(p.colours, inst.rules.colour)
            assert (ctx.white_terms[p.id], ctx.black_terms[p.id]) == (white, black), p.colours
            assert (ctx.white_total[p.id], ctx.black_total[p.id]) == (sum(white), sum(black))


def test_colour_balance_decides_the_colours():
    # p01 had W, W, B (balance +1), p02 B, B, W, B (−2): both last had black, but white for p01 would
    # leave p02 at −3, beyond max_balance 2; so p02 takes white and p01 repeats black.
    rounds = [[("p01", "p03"), ("p04", "p02")], [("p01", "p04"), ("p03", "p02")],
              [("p03", "p01"), ("p02", "p04")], [("p04", "p02")]]
    rules = {"preset": "keizer-classic", "pairing": {"rematch_gap": None, "max_meetings": 9}}
    away = {"p03": "excused", "p04": "excused"}
    prop = propose(instance(season(4, rounds, rules, next_entries=away)))
    assert prop.pairs() == (("p02", "p01"),)
    assert dict(prop.criteria)["colour_balance"] == 0 and dict(prop.criteria)["colour_repeat"] == 3


def test_meeting_terms():
    rules = PairingRules(max_meetings=2, rematch_from_round=21, rematch_gap=10, bottom_region=4)
    once = (Meeting(3, P("a"), P("b")),)
    twice = once + (Meeting(22, P("b"), P("a")),)
    t = meeting_terms(once, 5, False, rules)
    assert (t.relax_max_meetings, t.relax_rematch_round, t.rematch_gap) == (0, 1, 100 + 25 * 8)
    t = meeting_terms(twice, 40, False, rules)
    assert (t.relax_max_meetings, t.relax_rematch_round, t.bottom_extra, t.rematch_gap) == (1, 0, 0, 0)
    t = meeting_terms(twice, 40, True, rules)
    assert (t.relax_max_meetings, t.bottom_extra) == (0, 300)  # D art. 9
    assert meeting_terms(twice + (Meeting(33, P("a"), P("b")),), 40, True, rules).relax_max_meetings == 1


def test_the_anchor_order_is_25_26_24_27_23():
    rules = {"preset": "doorn-driebergen-2019", "pairing": {"opening": None}}
    order = bye_order(instance(season(31, ruleset=rules, next_entries={})))
    assert [c.rank for c in order.candidates[:7]] == [25, 26, 24, 27, 23, 28, 22]
    assert ByePolicy().policy == "lowest"


def test_tiebreak_is_20_bits_deterministic_and_symmetric():
    values = {tiebreak(0, 5, f"x{i}", f"y{i}") for i in range(2000)}
    assert max(values) < 1 << TIEBREAK_BITS and len(values) > 1990
    assert tiebreak(3, 7, "a", "b") == tiebreak(3, 7, "b", "a") != tiebreak(4, 7, "a", "b")


def test_tier_weights_make_the_objective_lexicographic():
    inst = instance(synthetic_season(30, 6, 2))
    w = tier_weights(inst)
    boards, n = inst.boards, len(inst.players)
    rng = random.Random(0)
    # Any two tier vectors within what a pairing can reach compare like tuples.
    for _ in range(2000):
        a, b = [(rng.randint(0, boards + 1), rng.randint(0, 3), rng.randint(0, boards), rng.randint(0, n - 1), rng.randint(0, 5000),
                 rng.randint(0, boards * ((1 << TIEBREAK_BITS) - 1))) for _ in range(2)]
        assert (w.composite(a) < w.composite(b)) == (a < b)
        assert w.split(w.composite(a)) == a
    assert (1 << w.shift("real_cost")) > boards * (1 << TIEBREAK_BITS)


def test_criteria_follow_the_tiers_in_priority_order():
    # The tiers are declared once; every criterion counts in one of them, in their order.
    places = [tier_index(c.tier) for c in CRITERIA]
    assert places == sorted(places)
    for tier in TIERS:
        inside = [c.name for c in CRITERIA if c.tier == tier.name]
        if tier.kind in ("relax", "bye"):
            assert inside == [tier.name]  # a tier of its own, counted in units
        elif tier.kind == "tiebreak":
            assert inside == []
    assert TIER_NAMES[-1] == "tiebreak" and len(set(TIER_NAMES)) == len(TIERS)


def test_the_round_hasher_gives_the_tiebreak_of_every_pair():
    ids = ["p10", "p02", "anna", "p1", "zoë", "p100"]
    tie = tiebreaks(7, 21, ids)
    assert all(tie(i, j) == tie(j, i) == tiebreak(7, 21, ids[i], ids[j])
               for i in range(len(ids)) for j in range(len(ids)) if i != j)
    partners = [[j for j in range(len(ids)) if j != i] for i in range(len(ids))]
    assert tiebreak_rows(7, 21, ids, partners) == [tiebreak(7, 21, ids[i], ids[j])
                                                   for i, row in enumerate(partners) for j in row]
