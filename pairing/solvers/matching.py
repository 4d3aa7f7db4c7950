"""Exact min-cost perfect matching by Edmonds' blossom algorithm (rustworkx, in Rust)."""

from __future__ import annotations

import time
from importlib.metadata import version

import rustworkx as rx

from pairing.costs import CompiledCosts
from pairing.solvers.base import NoPairing, Solution, SolverInfo, objective_of

_MAX_WEIGHT_BITS = 118
"""rustworkx keeps weights in 128-bit integers and doubles them inside; stay well below."""


def _graph(costs: CompiledCosts, weighted: bool) -> tuple[rx.PyGraph, int | None]:
    n = costs.n
    odd = n % 2 == 1
    graph = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(n + (1 if odd else 0)))
    bye_node = n if odd else None
    edge_costs = [costs.edge_cost(k) for k in range(costs.edge_count)] if weighted else []
    bye_costs = [costs.bye_cost(i) for i in range(n)] if odd else []
    top = max(edge_costs + [c for c in bye_costs if c is not None], default=0) + 1
    if top.bit_length() > _MAX_WEIGHT_BITS:
        raise OverflowError(f"costs need {top.bit_length()} bits, more than the matching solver can hold")
    # Maximum cardinality first, then maximum weight C − cost: the minimum-cost perfect matching.
    for k in range(costs.edge_count):
        graph.add_edge(costs.edge_u[k], costs.edge_v[k], top - edge_costs[k] if weighted else 1)
    if odd:
        for i, c in enumerate(bye_costs):
            if c is not None:
                graph.add_edge(i, n, top - c if weighted else 1)
    return graph, bye_node


def has_perfect_matching(costs: CompiledCosts) -> bool:
    """Whether the compiled round admits any pairing at all (a cheap cardinality check)."""
    graph, _ = _graph(costs, weighted=False)
    mate = rx.max_weight_matching(graph, max_cardinality=True)
    return 2 * len(mate) == graph.num_nodes()


def solve_matching(costs: CompiledCosts) -> Solution:
    """The unique optimum (the tie-break makes it unique), or NoPairing."""
    start = time.perf_counter()
    graph, bye_node = _graph(costs, weighted=True)
    mate = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    if 2 * len(mate) != graph.num_nodes():
        raise NoPairing(f"no perfect matching among {costs.n} players")
    index = costs.edge_index()
    edges: list[int] = []
    bye: int | None = None
    for u, v in mate:
        u, v = min(u, v), max(u, v)
        if v == bye_node:
            bye = u
        else:
            edges.append(index[(u, v)])
    edges.sort()
    chosen = tuple(edges)
    info = SolverInfo("matching", f"rustworkx {version('rustworkx')}",
                      (("algorithm", "max_weight_matching (Edmonds blossom)"), ("max_cardinality", "true"),
                       ("weights", "C - cost")), "optimal", 1, time.perf_counter() - start)
    return Solution(chosen, bye, objective_of(costs, chosen, bye), info)
