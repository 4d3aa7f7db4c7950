"""The k best pairings of a compiled round in objective order: Murty's partitioning over the exact matching.

Each subproblem is the round with some of its elements (a game, or the bye) forced and some forbidden,
solved exactly by blossom (`MatchingGraph`). Popping the cheapest subproblem yields the next pairing; its
elements not yet forced, e_1 … e_m, split what is left of that subproblem into m disjoint children: child j
forces e_1 … e_{j−1} and forbids e_j. Every pairing lies in exactly one subproblem, so they come out in
objective order, each once (docs/pairing.md).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from keizer.pairing.costs import CompiledCosts
from keizer.pairing.solvers.base import objective_of
from keizer.pairing.solvers.matching import MatchingGraph

Element = int
"""A pairing's element: an edge index k ≥ 0, or the bye of player i as −(i + 1)."""


def elements(edges: tuple[int, ...], bye: int | None) -> tuple[Element, ...]:
    """A pairing as its elements, sorted (the bye first)."""
    return ((-(bye + 1),) if bye is not None else ()) + edges


@dataclass(frozen=True, slots=True)
class _Node:
    """One subproblem with its optimum."""

    forced: tuple[Element, ...]
    forbidden: frozenset[Element]
    edges: tuple[int, ...]
    bye: int | None


def ranked_pairings(costs: CompiledCosts, first: tuple[tuple[int, ...], int | None] | None = None,
                    cancelled: Callable[[], bool] = lambda: False) -> Iterator[tuple[tuple[int, ...], int | None, int]]:
    """(edges, bye, objective) of every pairing of the round, cheapest first; ties in the objective in order
    of their elements. `first`: the optimum when it is known already. Stops when `cancelled()` says so
    (asked before each subproblem's solve) or when no pairing is left."""
    graph = MatchingGraph(costs)
    start = first if first is not None else graph.solve()
    if start is None:
        return
    heap: list[tuple[int, tuple[Element, ...], int, _Node]] = []
    counter = 0

    def push(node: _Node) -> None:
        nonlocal counter
        counter += 1  # never compare nodes: equal (objective, elements) cannot happen for distinct subproblems
        heapq.heappush(heap, (objective_of(costs, node.edges, node.bye), elements(node.edges, node.bye),
                              counter, node))

    push(_Node((), frozenset(), *start))
    while heap:
        objective, _, _, node = heapq.heappop(heap)
        yield node.edges, node.bye, objective
        forced = set(node.forced)
        free = [e for e in elements(node.edges, node.bye) if e not in forced]
        # The last child (all but one element forced, that one forbidden) has no pairing: two players, or a
        # player and the bye, have only the one element between them.
        for j in range(len(free) - 1):
            if cancelled():
                return
            child_forced = node.forced + tuple(free[:j])
            child_forbidden = node.forbidden | {free[j]}
            found = _solve(graph, costs, child_forced, child_forbidden)
            if found is not None:
                push(_Node(child_forced, child_forbidden, *found))


def _solve(graph: MatchingGraph, costs: CompiledCosts, forced: tuple[Element, ...],
           forbidden: frozenset[Element]) -> tuple[tuple[int, ...], int | None] | None:
    """The optimum with `forced` in and `forbidden` out, or None."""
    removed = [False] * costs.n
    bye: int | None = None
    forced_edges: list[int] = []
    for e in forced:
        if e < 0:
            bye = -e - 1
            removed[bye] = True
        else:
            forced_edges.append(e)
            removed[costs.edge_u[e]] = removed[costs.edge_v[e]] = True
    found = graph.solve(removed, {e for e in forbidden if e >= 0}, {-e - 1 for e in forbidden if e < 0},
                        bye_taken=bye is not None)
    if found is None:
        return None
    edges, free_bye = found
    return tuple(sorted(edges + tuple(forced_edges))), bye if bye is not None else free_bye
