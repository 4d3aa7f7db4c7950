"""Which exact solver a round gets, and the solve itself: blossom matching first, CP-SAT proving it for club fields."""

from __future__ import annotations

from typing import Literal

from keizer.pairing.costs import CompiledCosts
from keizer.pairing.solvers.base import NoPairing, Solution, SolverInfo, objective_of

SolverName = Literal["auto", "cpsat", "matching"]
CPSAT_UP_TO = 100
"""`auto` takes CP-SAT (the reference) for club evenings up to this many players, blossom beyond."""


def pick_solver(players: int, solver: SolverName) -> Literal["cpsat", "matching"]:
    if solver == "auto":
        return "cpsat" if players <= CPSAT_UP_TO else "matching"
    if solver not in ("cpsat", "matching"):
        raise ValueError(f"unknown solver {solver!r} (auto, cpsat, matching)")
    return solver


def solve(costs: CompiledCosts, solver: Literal["cpsat", "matching"]) -> Solution:
    """The optimum of the compiled round, or NoPairing. CP-SAT starts from the matching's optimum (a few
    milliseconds by blossom, which also tells when there is no pairing at all) and only proves it."""
    from keizer.pairing.solvers.matching import solve_matching
    found = solve_matching(costs)
    if solver == "cpsat":
        from keizer.pairing.solvers.cpsat import solve_cpsat
        return solve_cpsat(costs, costs.seed, hint=found)
    return found


__all__ = ["CPSAT_UP_TO", "NoPairing", "Solution", "SolverInfo", "SolverName", "objective_of", "pick_solver",
           "solve"]
