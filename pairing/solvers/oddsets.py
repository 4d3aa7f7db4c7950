"""Blossom (odd-set) inequalities for CP-SAT, found by a GLOP pre-pass over the matching LP.

The degree LP of a matching is half-integral: an odd cycle of halves is a lower bound CP-SAT would have to
branch away. The inequality Σ x(E(S)) ≤ (|S|−1)/2 for an odd set S cuts it off (Edmonds); with a few rounds
of LP + cuts the LP optimum is usually integral and CP-SAT only has to confirm it.
"""

from __future__ import annotations

from collections.abc import Iterable

from ortools.linear_solver import pywraplp  # type: ignore[attr-defined]

from pairing.costs import CompiledCosts

_EPS = 1e-6


def _lp_costs(costs: CompiledCosts) -> tuple[list[float], list[float]]:
    """The objective in units of one real cost point (tie-break dropped): fine for finding cuts."""
    s = costs.weights.shift("real_cost")
    edge = [float(costs.edge_cost(k) >> s) for k in range(costs.edge_count)]
    bye = [float(c >> s) if (c := costs.bye_cost(i)) is not None else 0.0 for i in range(costs.n)]
    return edge, bye


Cut = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""(odd set of nodes, model edges inside it, players whose bye is inside it); node n is the bye."""


def odd_set_cuts(costs: CompiledCosts, rounds: int = 6) -> list[Cut]:
    """Odd sets whose blossom inequality the LP optimum violates, found in a few rounds of LP + cuts."""
    n = costs.n
    odd = n % 2 == 1
    lp = pywraplp.Solver.CreateSolver("GLOP")
    if lp is None:  # pragma: no cover - GLOP ships with OR-Tools
        return []
    edge_cost, bye_cost = _lp_costs(costs)
    ends: list[tuple[int, int]] = list(zip(costs.edge_u, costs.edge_v))
    xs = [lp.NumVar(0.0, 1.0, "") for _ in ends]
    cost = list(edge_cost)
    if odd:  # the bye as edges to an extra node n
        for i, idx in enumerate(costs.bye_index):
            if idx is not None:
                ends.append((i, n))
                xs.append(lp.NumVar(0.0, 1.0, ""))
                cost.append(bye_cost[i])
    nodes = n + (1 if odd else 0)
    incident: list[list[int]] = [[] for _ in range(nodes)]
    for k, (u, v) in enumerate(ends):
        incident[u].append(k)
        incident[v].append(k)
    for i in range(nodes):
        row = lp.Constraint(1.0, 1.0)
        for k in incident[i]:
            row.SetCoefficient(xs[k], 1.0)
    objective = lp.Objective()
    for k, c in enumerate(cost):
        objective.SetCoefficient(xs[k], c)
    objective.SetMinimization()
    cuts: list[Cut] = []
    seen: set[tuple[int, ...]] = set()
    for _ in range(rounds):
        if lp.Solve() != pywraplp.Solver.OPTIMAL:
            break
        values = [x.solution_value() for x in xs]
        frac = [k for k, v in enumerate(values) if _EPS < v < 1 - _EPS]
        if not frac:
            break
        found = 0
        for comp in components(ends[k] for k in frac):
            members = tuple(sorted(comp))
            if len(members) % 2 == 0 or members in seen:
                continue
            inside = [k for k in range(len(ends)) if ends[k][0] in comp and ends[k][1] in comp]
            if sum(values[k] for k in inside) <= (len(members) - 1) / 2 + _EPS:
                continue
            seen.add(members)
            row = lp.Constraint(-lp.infinity(), (len(members) - 1) / 2)
            for k in inside:
                row.SetCoefficient(xs[k], 1.0)
            # For CP-SAT: model edges, and the players whose bye lies inside (node n is the bye).
            cuts.append((members, tuple(k for k in inside if k < costs.edge_count),
                         tuple(ends[k][0] for k in inside if k >= costs.edge_count)))
            found += 1
        if not found:
            break
    return cuts


def components(pairs: Iterable[tuple[int, int]]) -> list[set[int]]:
    """Connected components of the graph of these edges (union-find), ordered by their smallest node."""
    parent: dict[int, int] = {}

    def find(a: int) -> int:
        while parent.setdefault(a, a) != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for u, v in pairs:
        parent[find(u)] = find(v)
    groups: dict[int, set[int]] = {}
    for node in sorted(parent):
        groups.setdefault(find(node), set()).add(node)
    return sorted(groups.values(), key=min)
