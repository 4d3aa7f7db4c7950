"""Exact min-cost perfect matching by Edmonds' blossom algorithm (rustworkx, in Rust)."""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence

import numpy as np
import rustworkx as rx

from keizer.pairing.costs import CompiledCosts
from keizer.pairing.solvers.base import NoPairing, Solution, SolverInfo, library_version, objective_of

_MAX_WEIGHT_BITS = 118
"""rustworkx keeps weights in 128-bit integers and doubles them inside; stay well below."""


class MatchingGraph:
    """A compiled round as blossom weights, solvable again with some pairs forced and some forbidden
    (the subproblems of the k-best alternatives, `pairing/kbest.py`)."""

    __slots__ = ("_ends", "bye_node", "bye_weight", "costs", "triples")

    def __init__(self, costs: CompiledCosts) -> None:
        self.costs = costs
        n = costs.n
        self.bye_node: int | None = n if n % 2 == 1 else None
        bye_costs = costs.bye_costs() if self.bye_node is not None else []
        nodes = n + (1 if self.bye_node is not None else 0)
        weights, self.bye_weight = blossom_weights(costs.edge_costs, bye_costs, nodes)
        self.triples = list(zip(costs.edge_u, costs.edge_v, weights))
        """Every edge as rustworkx takes it: (u, v, weight)."""
        self._ends: tuple[np.ndarray, np.ndarray] | None = None

    def solve(self, removed: Sequence[bool] | None = None, forbidden: Collection[int] = (),
              forbidden_byes: Collection[int] = (), bye_taken: bool = False) -> tuple[tuple[int, ...], int | None] | None:
        """The optimum (sorted edges, bye) of the players not `removed`, without the `forbidden` edges and
        byes; None when they admit no pairing. `bye_taken`: the bye is already given (forced elsewhere)."""
        costs = self.costs
        n = costs.n
        gone = removed or [False] * n
        kept: list[int] | None = None
        if removed is None and not forbidden:
            triples = self.triples
        else:  # a subproblem: the edges of the players left, less the forbidden ones (numpy picks them)
            if self._ends is None:
                self._ends = (np.asarray(costs.edge_u, dtype=np.int64), np.asarray(costs.edge_v, dtype=np.int64))
            out = np.asarray(gone, dtype=bool)
            keep = ~(out[self._ends[0]] | out[self._ends[1]])
            if forbidden:
                keep[np.fromiter(forbidden, dtype=np.int64, count=len(forbidden))] = False
            kept = np.flatnonzero(keep).tolist()
            everything = self.triples
            triples = [everything[k] for k in kept]
        bye = self.bye_node
        byes = ([(i, bye, c) for i, c in enumerate(self.bye_weight)
                 if c is not None and not gone[i] and i not in forbidden_byes]
                if bye is not None and not bye_taken else [])
        found = max_weight_perfect(n + (1 if bye is not None else 0), triples, byes,
                                   n - sum(gone) + (1 if bye is not None and not bye_taken else 0))
        if found is None:
            return None
        chosen, chosen_bye = found
        edges = sorted(chosen if kept is None else [kept[j] for j in chosen])  # graph edge j: triples[j]
        return tuple(edges), chosen_bye

    def info(self, seconds: float) -> SolverInfo:
        params = (("algorithm", "max_weight_matching (Edmonds blossom)"), ("max_cardinality", "by the weights"),
                  ("weights", "C - cost, C > nodes x spread"))
        return SolverInfo("matching", library_version("rustworkx"), params, "optimal", 1, seconds)


def blossom_weights(edge_costs: Sequence[int] | np.ndarray, bye_costs: Sequence[int | None],
                    nodes: int) -> tuple[list[int], list[int | None]]:
    """The weights the blossom maximises for these costs (edges, and each player's bye, None where not
    allowed) in a graph of `nodes` nodes: C − cost, where C lies above every cost by more than `nodes` times
    their spread. Then every edge outweighs whatever the costs can make up, so the heaviest matching has the
    most edges — a perfect one when there is one — and among those the least cost: the minimum-cost perfect
    matching, without asking the blossom for the maximum cardinality (`max_weight_perfect`)."""
    if isinstance(edge_costs, np.ndarray):  # int64 already (`pairing.plain`): read at C speed
        highest, lowest = (int(edge_costs.max()), int(edge_costs.min())) if edge_costs.size else (0, 0)
    else:
        highest, lowest = max(edge_costs, default=0), min(edge_costs, default=0)
    allowed = [c for c in bye_costs if c is not None]
    top = max(highest, max(allowed, default=0)) + 1
    spread = top - min(lowest, min(allowed, default=0), 0)
    ceiling = (spread << max(1, nodes).bit_length()) + top
    if ceiling.bit_length() > _MAX_WEIGHT_BITS:
        raise OverflowError(f"costs need {ceiling.bit_length()} bits, more than the matching solver can hold")
    bye_weights: list[int | None] = [None if c is None else ceiling - c for c in bye_costs]
    if ceiling < 1 << 62 and lowest > -(1 << 62):  # C − cost fits in int64: numpy
        return (ceiling - np.asarray(edge_costs, dtype=np.int64)).tolist(), bye_weights
    return [ceiling - c for c in edge_costs], bye_weights


def max_weight_perfect(nodes: int, triples: list[tuple[int, int, int]], byes: list[tuple[int, int, int]],
                       active: int) -> tuple[list[int], int | None] | None:
    """The blossom's maximum-cardinality maximum-weight matching of `nodes` nodes (the bye a node of its own,
    its edges `byes`): the chosen edges as indexes into `triples`, and the player who has the bye; None
    unless every one of the `active` nodes is matched."""
    # Each pair is given once (a model edge per pair, a bye edge per player): a multigraph skips the search
    # for an edge already there that every insertion into a simple graph makes.
    graph = rx.PyGraph(multigraph=True, node_count_hint=nodes, edge_count_hint=len(triples) + len(byes))
    graph.add_nodes_from(range(nodes))
    graph.add_edges_from(triples)  # graph edge j is triples[j]
    if byes:
        graph.add_edges_from(byes)
    # The weights make the heaviest matching a largest one (`blossom_weights`): max_cardinality=True would
    # find the same, a seventh slower. The weights are ints already.
    mate = rx.max_weight_matching(graph, max_cardinality=False, weight_fn=int)
    if 2 * len(mate) != active:
        return None
    bye = nodes - 1 if byes else None
    edges: list[int] = []
    chosen_bye: int | None = None
    for u, v in mate:
        if bye is not None and bye in (u, v):
            chosen_bye = min(u, v)
            continue
        edges.append(graph.edge_indices_from_endpoints(u, v)[0])
    return edges, chosen_bye


def solve_matching(costs: CompiledCosts) -> Solution:
    """The unique optimum (the tie-break makes it unique), or NoPairing."""
    start = time.perf_counter()
    graph = MatchingGraph(costs)
    found = graph.solve()
    if found is None:
        raise NoPairing(f"no perfect matching among {costs.n} players")
    edges, bye = found
    return Solution(edges, bye, objective_of(costs, edges, bye), graph.info(time.perf_counter() - start))
