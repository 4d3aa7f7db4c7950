"""How a pairing compares with the best: the first tier that differs decides, and the words say which."""

from __future__ import annotations

from keizer.pairing.alternatives import alternatives
from keizer.pairing.checker import check_pairing
from keizer.pairing.compare import Comparison, cost_words, short_costs
from keizer.pairing.criteria.tiers import TIER
from keizer.pairing.criteria.weights import CRITERIA
from keizer.pairing.proposer import propose
from keizer.pairing.synthetic import synthetic_season
from tests.pairing.helpers import instance

BEST = (0, 0, 0, 500, 7000)
"""(relax_max_meetings, relax_rematch_round, bye_order, real_cost, tiebreak): the tiers below keep_accepted."""


def versus(*tiers: int, changed: int = 0) -> Comparison:
    """A pairing against BEST, which keeps every accepted board; this one changes `changed` of them."""
    return Comparison.of_tiers((changed,) + tiers, (0,) + BEST)


def test_the_first_tier_that_differs_decides():
    assert versus(*BEST).same and versus(*BEST).tie and versus(*BEST).deciding is None
    assert versus(0, 0, 0, 500, 9).tie and not versus(0, 0, 0, 500, 9).same
    hard = versus(0, 1, 0, 400, 9)
    assert hard.deciding == TIER["relax_rematch_round"] and hard.extra_cost == -100
    assert versus(0, 0, 2, 480, 9).deciding == TIER["bye_order"]
    assert versus(0, 0, 0, 520, 0).deciding == TIER["real_cost"]
    assert versus(0, 1, 0, 400, 9).hard_rules_give_way and versus(1, 0, 0, 400, 9).hard_rules_give_way
    assert not versus(0, 0, 1, 400, 9).hard_rules_give_way and not versus(*BEST).hard_rules_give_way


def test_the_words_behind_the_best():
    assert versus(0, 0, 0, 500, 9).behind_the_best() == "ties with the best (only the tie-break put the best first)"
    assert versus(1, 0, 0, 400, 9).behind_the_best() == "a hard rule gives way that the best keeps"
    assert versus(0, 0, 1, 490, 9).behind_the_best() == "the bye goes further down the policy's order"
    assert versus(0, 0, 1, 530, 9).behind_the_best() == ("the bye goes further down the policy's order "
                                                         "(and it costs 30 more)")
    assert versus(0, 0, 0, 520, 9).behind_the_best() == "costs 20 more"


def test_the_words_against_the_optimum():
    assert versus(*BEST).against_the_optimum(None) == "this pairing is the optimal one"
    assert versus(0, 0, 3, 450, 9).against_the_optimum("Anna") == ("the bye policy gives the bye to Anna, not to "
                                                                   "this pairing's choice")
    assert versus(0, 0, 0, 540, 9).against_the_optimum(None) == "this pairing costs 40 more"
    assert versus(0, 0, 0, 500, 9).against_the_optimum(None) == "the same real cost (the tie-break prefers another)"


def test_the_note_for_a_title():
    assert versus(0, 0, 0, 500, 9).note() == "tie"
    assert versus(0, 0, 0, 520, 9).note() == "cost +20"
    assert versus(0, 0, 1, 520, 9).note() == "cost +20"
    assert versus(0, 0, 1, 480, 9).note() == "cost -20 but the bye's place in the policy's order"
    assert versus(0, 1, 0, 500, 9).note() == "cost +0 but a hard rule giving way"


def test_cost_lines_name_every_criterion_from_its_declaration():
    criteria = (("relax_max_meetings", 1), ("relax_rematch_round", 0), ("bye_order", 2), ("colour_run", 100),
                ("rank", 40), ("colour_drift", 0))
    assert cost_words(140, criteria) == ("cost 140 = run 100 + rank 40; 1 extra meeting!; "
                                         "bye 2 places down the policy's order")
    assert cost_words(0, (("rank", 0),)) == "cost 0 = nothing"
    assert short_costs(criteria) == (("meetings!", 1), ("bye", 2), ("run", 100), ("rank", 40))
    assert len({c.short for c in CRITERIA}) == len(CRITERIA)


def test_alternatives_and_checked_pairings_compare_the_same_way():
    inst = instance(synthetic_season(21, 8, 3, ruleset="kijk-uit"))
    best = propose(inst, "cpsat")
    assert Comparison.of(check_pairing(inst, best), best).same
    for alt in alternatives(inst, 3, best=best):
        checked = Comparison.of(check_pairing(inst, alt.proposal), best)
        assert checked == alt.versus_best and not checked.same
        assert alt.extra_cost == alt.proposal.real_cost - best.real_cost


def test_changing_fewer_accepted_boards_outranks_everything_else():
    keep = versus(0, 0, 0, 100, 9, changed=2)
    assert keep.deciding == TIER["keep_accepted"] and not keep.tie
    assert keep.behind_the_best() == "changes 2 more accepted boards"
    assert keep.note() == "+2 boards changed"
    assert keep.against_the_optimum(None) == "this pairing changes 2 more accepted boards"
