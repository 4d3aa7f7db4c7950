"""Murty's k-best over the matching against CP-SAT's no-good re-solves and against enumeration."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from keizer.pairing.alternatives import Alternative, alternatives
from keizer.pairing.checker import Pairing, check_pairing
from keizer.pairing.instance import RoundInstance
from keizer.pairing.kbest import ranked_pairings
from keizer.pairing.proposer import propose
from keizer.seasons.season_json.read import parse_season_text
from tests.pairing.helpers import instance, unordered
from tests.pairing.randomized import all_pairings, brute_force, random_instance

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.season.json"))


def _golden(path: Path) -> RoundInstance:
    return instance(parse_season_text(path.read_text(), path.name))


def _same_alternatives(inst: RoundInstance, n: int, differ: int) -> list[Alternative]:
    """Both methods: the same objectives in the same order, each a valid pairing distinct from the others
    (among exact ties in the whole objective the two may order the pairings differently)."""
    best = propose(inst, "matching")
    murty = alternatives(inst, n, differ=differ, best=best)
    cpsat = alternatives(inst, n, differ=differ, best=best, method="cpsat")
    assert [a.proposal.objective for a in murty] == [a.proposal.objective for a in cpsat]
    assert [a.place for a in murty] == list(range(2, len(murty) + 2))
    seen = [unordered(best.pairs()) | {best.bye}]
    for a in murty:
        report = check_pairing(inst, a.proposal)
        assert report.valid and report.objective == a.proposal.objective
        mine = unordered(a.proposal.pairs()) | {a.proposal.bye}
        assert mine not in seen
        seen.append(mine)
    return list(murty)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.name.split(".")[0] for p in GOLDEN])
def test_murty_and_cpsat_agree_on_the_golden_rounds(path):
    _same_alternatives(_golden(path), 5, 1)


@pytest.mark.parametrize("seed", range(25))
def test_murty_and_cpsat_agree_on_random_rounds(seed):
    inst = random_instance(seed, max_players=12)
    if brute_force(inst) is None:
        return
    _same_alternatives(inst, 4, 1)


@pytest.mark.parametrize("seed", range(6))
def test_differ_is_kept_by_both_methods(seed):
    inst = random_instance(100 + seed, max_players=12)
    if brute_force(inst) is None:
        return
    best = propose(inst, "matching")
    alts = _same_alternatives(inst, 3, 3)
    taken = [best] + [a.proposal for a in alts]
    for i, p in enumerate(taken[1:], start=1):
        for q in taken[:i]:
            mine = unordered(p.pairs()) | {p.bye}
            theirs = unordered(q.pairs()) | {q.bye}
            assert len(theirs - {None}) - len((mine & theirs) - {None}) >= 3


@pytest.mark.parametrize("seed", range(30))
def test_the_k_best_are_the_cheapest_pairings_by_enumeration(seed):
    inst = random_instance(200 + seed, max_players=8)
    best = propose(inst, "matching")
    ids = [p.id for p in inst.players]
    valid: list[int] = []
    for pairs, bye in all_pairings(ids, len(ids) % 2 == 1):
        # The model gives each pair its cheaper colours, so a pairing costs its cheapest valid orientation;
        # pairings that break a hard rule are in the model only when no pairing keeps them all.
        costs = [report.objective for flips in itertools.product((False, True), repeat=len(pairs))
                 if (report := check_pairing(inst, Pairing(tuple((b, a) if flip else (a, b)
                                                                  for (a, b), flip in zip(pairs, flips))
                                                            + inst.fixed, bye))).valid
                 and (best.costs.relaxed or not report.relaxed)]
        if costs:
            valid.append(min(costs))
    got = [objective for _, _, objective in ranked_pairings(best.costs)]
    assert got == sorted(valid)


def test_cancelled_is_asked_before_each_alternative():
    inst = random_instance(7, max_players=12)
    for method in ("matching", "cpsat"):
        answers = iter((False, False, True))
        alts = alternatives(inst, 5, cancelled=lambda: next(answers), method=method)
        assert [a.place for a in alts] == [2, 3]
        assert alternatives(inst, 5, cancelled=lambda: True, method=method) == ()
