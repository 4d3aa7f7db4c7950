"""The next-best pairings of a round, in objective order, by re-solving CP-SAT with no-good cuts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pairing.compare import Comparison
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
    versus_best: Comparison
    """How it compares with the best, tier by tier (`versus_best.behind_the_best()` says it in words)."""
    tie_with_previous: bool
    """Equal to the alternative before it in every tier but the tie-break."""

    @property
    def extra_cost(self) -> int:
        """Real cost above the best's."""
        return self.versus_best.extra_cost

    @property
    def tie(self) -> bool:
        """Equal to the best in every tier but the tie-break (only the tie-break put the best first)."""
        return self.versus_best.tie


def alternatives(inst: RoundInstance, n: int, differ: int = 1, solver: SolverName = "auto",
                 best: Proposal | None = None,
                 cancelled: Callable[[], bool] = lambda: False) -> tuple[Alternative, ...]:
    """The n pairings after the best, best first; fewer when fewer exist. Each must differ from every
    earlier one in at least `differ` of its pairs (the bye counts as one). `cancelled` is asked before
    each re-solve: once it says yes, the alternatives found so far are returned."""
    best = best or propose(inst, solver)
    costs = best.costs
    ctx = CostContext(inst)
    model = CpSatModel(costs, costs.seed)
    index = costs.edge_index()
    position = {pid: i for i, pid in enumerate(costs.players)}

    def chosen(p: Proposal) -> tuple[list[int], int | None]:
        ends = ((position[b.white], position[b.black]) for b in p.boards if b.kind != "fixed")
        edges = [index[(min(u, v), max(u, v))] for u, v in ends]
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
        out.append(Alternative(place, prop, differs, Comparison.of(prop, best), Comparison.of(prop, previous).tie))
        previous = prop
        model.add_no_good(sol.edges, sol.bye, differ=differ)
    return tuple(out)
