"""What every exact solver returns: the chosen edges and bye of a compiled round, and how it was found."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import version

from keizer.pairing.costs import CompiledCosts


@cache
def library_version(name: str) -> str:
    """`ortools 9.15.6755`: the installed version of a solver library, recorded in every proposal. Read
    once: the package metadata costs milliseconds, more than a club round's whole solve."""
    return f"{name} {version(name)}"


@dataclass(frozen=True, slots=True)
class SolverInfo:
    """Which solver ran, with which parameters and versions (recorded in the proposal)."""

    name: str
    """`cpsat` or `matching`."""
    version: str
    """e.g. `ortools 9.15.6755`."""
    params: tuple[tuple[str, str], ...]
    status: str
    """`optimal`, or what the solver said when it was not proven optimal."""
    stages: int = 1
    """CP-SAT solves made (the tiers are solved in stages when one objective would overflow int64)."""
    seconds: float = field(default=0.0, compare=False)
    """Wall time of the solve (not part of any output that must be deterministic)."""


@dataclass(frozen=True, slots=True)
class Solution:
    """An optimal perfect matching of the compiled round."""

    edges: tuple[int, ...]
    """Chosen edge indexes, sorted."""
    bye: int | None
    """Player index of the bye, or None."""
    objective: int
    """Σ chosen edges' costs + the bye's cost."""
    info: SolverInfo


class NoPairing(Exception):
    """The compiled model has no perfect matching (the caller widens the band or relaxes rules)."""


def objective_of(costs: CompiledCosts, edges: tuple[int, ...], bye: int | None) -> int:
    total = sum(costs.edge_cost(k) for k in edges)
    if bye is not None:
        bye_cost = costs.bye_cost(bye)
        assert bye_cost is not None
        total += bye_cost
    return total
