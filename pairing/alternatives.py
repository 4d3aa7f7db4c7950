"""The next-best pairings of a round, in objective order, by re-solving CP-SAT with no-good cuts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pairing.costs import CompiledCosts
from pairing.criteria import CostContext
from pairing.instance import RoundInstance
from pairing.proposal import Proposal
from pairing.proposer import make_proposal, propose
from pairing.solvers import SolverName
from pairing.solvers.base import NoPairing
from pairing.solvers.cpsat import CpSatModel


@dataclass(frozen=True, slots=True)
class Alternative:
    """One alternative pairing and how it differs from the best."""

    place: int
    """2 for the second-best pairing, 3 for the third, …"""
    proposal: Proposal
    differs: tuple[int, ...]
    """Board numbers of this pairing whose game (either colour) is not in the best pairing."""
    extra_cost: int
    """Real cost above the best's."""
    tie: bool
    """Same real cost as the best (only the tie-break put the best first)."""
    tie_with_previous: bool
    """Same real cost as the alternative before it."""


def alternatives(inst: RoundInstance, n: int, differ: int = 1, solver: SolverName = "auto",
                 best: Proposal | None = None,
                 cancelled: Callable[[], bool] = lambda: False) -> tuple[Alternative, ...]:
    """The n pairings after the best, best first; fewer when fewer exist. Each must differ from every
    earlier one in at least `differ` of its pairs (the bye counts as one). `cancelled` is asked before
    each re-solve: once it says yes, the alternatives found so far are returned."""
    best = best or propose(inst, solver)
    costs = best.costs
    assert isinstance(costs, CompiledCosts)
    ctx = CostContext(inst)
    model = CpSatModel(costs, costs.seed)
    index = costs.edge_index()
    position = {pid: i for i, pid in enumerate(costs.players)}

    def chosen(p: Proposal) -> tuple[list[int], int | None]:
        edges = [index[tuple(sorted((position[b.white], position[b.black])))]  # type: ignore[index]
                 for b in p.boards if b.kind != "fixed"]
        return edges, position[p.bye] if p.bye is not None else None

    best_pairs = {frozenset(pair) for pair in best.pairs()}
    out: list[Alternative] = []
    previous = best
    model.add_no_good(*chosen(best), differ=differ)
    for place in range(2, n + 2):
        if cancelled():  # each re-solve can take seconds on a large field: the director may stop waiting
            break
        try:
            sol = model.solve()
        except NoPairing:
            break
        prop = make_proposal(inst, ctx, costs, sol, best.band, best.notes)
        differs = tuple(b.number for b in prop.boards if frozenset((b.white, b.black)) not in best_pairs)
        out.append(Alternative(place, prop, differs, prop.real_cost - best.real_cost,
                               prop.tiers[:4] == best.tiers[:4], prop.tiers[:4] == previous.tiers[:4]))
        previous = prop
        model.add_no_good(sol.edges, sol.bye, differ=differ)
    return tuple(out)
