"""The next-best pairings of a round, in objective order: Murty's k-best over the exact matching, or CP-SAT
re-solves with no-good cuts (the cross-check; they take over on big fields and when `differ` filters many)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from keizer.pairing.compare import Comparison
from keizer.pairing.costs import CompiledCosts
from keizer.pairing.criteria.pair_cost import CostContext
from keizer.pairing.instance import RoundInstance
from keizer.pairing.kbest import elements, ranked_pairings
from keizer.pairing.proposal import Proposal
from keizer.pairing.proposer import make_proposal, propose
from keizer.pairing.solvers.solve import SolverName
from keizer.pairing.solvers.base import NoPairing, Solution
from keizer.pairing.solvers.matching import MatchingGraph

AlternativesMethod = Literal["auto", "matching", "cpsat"]
MURTY_UP_TO = 400
"""`auto` takes Murty's k-best up to this many players in the model, CP-SAT's re-solves beyond: Murty solves
every child of each alternative (about one blossom solve per board), which outgrows one CP-SAT re-solve
on big fields (169 present: 3 alternatives 0.24 s against 0.67 s; 845 present: one 17 s against 4.9 s)."""
SCAN_BUDGET = 2_000
"""Pairings Murty's enumeration may pass over because they differ from an earlier one in fewer than
`differ` elements; beyond, CP-SAT's no-good cuts find the rest (they skip such pairings in one solve)."""


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
                 cancelled: Callable[[], bool] = lambda: False,
                 method: AlternativesMethod = "auto", ctx: CostContext | None = None) -> tuple[Alternative, ...]:
    """The n pairings after the best, best first; fewer when fewer exist. Each must differ from every
    earlier one in at least `differ` of its pairs (the bye counts as one). `cancelled` is asked before
    looking for each alternative: once it says yes, the alternatives found so far are returned.
    `method`: Murty's partitioning over blossom (`matching`) or CP-SAT re-solves (`cpsat`), the same
    pairings in the same order; `auto`: Murty up to MURTY_UP_TO players, CP-SAT beyond. `ctx`: the round's CostContext when the caller has it (it prices boards)."""
    best = best or propose(inst, solver)
    costs = best.costs
    ctx = ctx if ctx is not None and ctx.inst is inst else CostContext(inst)
    index = costs.edge_index()
    position = {pid: i for i, pid in enumerate(costs.players)}
    ends = ((position[b.white], position[b.black]) for b in best.boards if b.kind != "fixed")
    first = (tuple(sorted(index[(min(u, v), max(u, v))] for u, v in ends)),
             position[best.bye] if best.bye is not None else None)
    if method == "auto":
        method = "matching" if costs.n <= MURTY_UP_TO else "cpsat"
    found = _by_cpsat(costs, [first], differ, cancelled) if method == "cpsat" else _by_murty(costs, first, differ,
                                                                                                cancelled)
    best_pairs = {frozenset(pair) for pair in best.pairs()}
    out: list[Alternative] = []
    previous = best
    for place, sol in zip(range(2, n + 2), found):
        prop = make_proposal(inst, ctx, costs, sol, best.band, best.notes)
        differs = tuple(b.number for b in prop.boards if frozenset((b.white, b.black)) not in best_pairs)
        out.append(Alternative(place, prop, differs, Comparison.of(prop, best), Comparison.of(prop, previous).tie))
        previous = prop
    return tuple(out)


Chosen = tuple[tuple[int, ...], int | None]
"""A pairing of the compiled round: its sorted edges and its bye."""


def _by_murty(costs: CompiledCosts, first: Chosen, differ: int,
              cancelled: Callable[[], bool]) -> Iterator[Solution]:
    """The pairings after `first` in objective order, each differing enough from every earlier one.
    Two distinct pairings always differ in at least two elements (an alternating cycle), so `differ` ≤ 2
    passes every pairing; a larger one skips those too close to one already taken."""
    accepted = [frozenset(elements(*first))]
    info = MatchingGraph(costs).info(0.0)
    stream = ranked_pairings(costs, first)
    next(stream)  # the best itself
    scanned = 0
    while not cancelled():  # asked once per alternative, as before each of CP-SAT's re-solves
        for edges, bye, objective in stream:
            mine = frozenset(elements(edges, bye))
            if differ <= 2 or all(len(q) - len(q & mine) >= differ for q in accepted):
                break
            scanned += 1
            if scanned > SCAN_BUDGET:
                yield from _by_cpsat(costs, [(tuple(sorted(e for e in q if e >= 0)), _bye_of(q)) for q in accepted],
                                     differ, cancelled)
                return
        else:
            return  # no pairing left
        accepted.append(mine)
        yield Solution(edges, bye, objective, info)


def _bye_of(elems: frozenset[int]) -> int | None:
    return next((-e - 1 for e in elems if e < 0), None)


def _by_cpsat(costs: CompiledCosts, taken: list[Chosen], differ: int,
              cancelled: Callable[[], bool]) -> Iterator[Solution]:
    """The next pairings by re-solving CP-SAT, each with a no-good cut per pairing taken before."""
    from keizer.pairing.solvers.cpsat import CpSatModel

    model = CpSatModel(costs, costs.seed)
    for edges, bye in taken:
        model.add_no_good(edges, bye, differ=differ)
    while not cancelled():  # each re-solve can take seconds on a large field: the director may stop waiting
        try:
            sol = model.solve()
        except NoPairing:
            return
        yield sol
        model.add_no_good(sol.edges, sol.bye, differ=differ)
