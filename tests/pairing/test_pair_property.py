"""Property: on random small rounds both solvers find the brute-force optimum, and the checker agrees."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from keizer.pairing.checker import check_pairing
from keizer.pairing.proposer import propose
from keizer.seasons.errors import KeizerError
from tests.pairing.helpers import unordered
from tests.pairing.randomized import brute_force, random_instance


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_solvers_reach_the_brute_force_optimum(seed):
    inst = random_instance(seed)
    best = brute_force(inst)
    if best is None:  # the director's forbids/locks leave no pairing: an error, never a wrong pairing
        for solver in ("cpsat", "matching"):
            try:
                propose(inst, solver)
            except KeizerError as err:
                assert "cannot be paired" in str(err)
            else:
                raise AssertionError("a pairing was proposed where none exists")
        return
    report, pairing = best
    for solver in ("cpsat", "matching"):
        prop = propose(inst, solver)
        check = check_pairing(inst, prop)
        assert check.valid, check.violations
        assert check.objective == prop.objective == report.objective
        assert unordered(prop.pairs()) == unordered(pairing.games) and prop.bye == pairing.bye
