"""The matching LP of a compiled round with Edmonds' odd-set (blossom) cuts, solved by GLOP.

One formulation for its two uses: CP-SAT's pre-pass adds the odd sets whose inequalities cut off the LP's
fractional optimum (the degree LP is half-integral: an odd cycle of halves is a lower bound CP-SAT would
otherwise have to branch away), and the band proof reads the LP's duals as a lower bound (`pairing/band.py`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import ortools.linear_solver.python.model_builder_helper as mbh

from keizer.pairing.costs import CompiledCosts

EPS = 1e-6
"""An LP value this close to 0 or 1 counts as integral; a cut must be violated by more than this."""


@dataclass(frozen=True, slots=True)
class OddSet:
    """An odd set S of nodes whose blossom inequality x(E(S)) ≤ (|S|−1)/2 is a row of the LP."""

    members: tuple[int, ...]
    """Its nodes, sorted (player indexes; `costs.n` is the bye node)."""
    edges: tuple[int, ...]
    """The model edges inside it."""
    byes: tuple[int, ...]
    """The players whose bye lies inside it (their node and the bye node are both members)."""


class MatchingLp:
    """min Σ c·x over some pairs (and byes) of a compiled round: every player but `absent` covered once,
    the bye node once when byes are given, plus the odd-set rows added.

    The LP goes to GLOP as MPS text (building it call by call costs more than solving it)."""

    def __init__(self, costs: CompiledCosts, edges: Sequence[int], edge_cost: Sequence[int],
                 byes: Sequence[tuple[int, int]] | None = None, absent: int | None = None,
                 dual_simplex: bool = False, bounded: bool = False) -> None:
        """`edges`: the model edges in the LP, `edge_cost` their costs; `byes`: (player, cost) of each bye
        allowed (a column to the bye node `costs.n`, covered once), None for no bye node; `absent`: a player
        left out (a bye decided already);
        `bounded`: x ≤ 1 as explicit bounds (the degree rows imply them; the simplex path differs)."""
        n = costs.n
        self.costs, self.edges = costs, tuple(edges)
        self.bye_node = n
        bye_columns = byes or ()
        self.ends = [(costs.edge_u[k], costs.edge_v[k]) for k in edges] + [(i, n) for i, _ in bye_columns]
        cost = list(edge_cost) + [c for _, c in bye_columns]
        self.rows = [i for i in range(n) if i != absent] + ([n] if byes is not None else [])
        lines = ["NAME matching", "ROWS", " N cost"]
        lines += [f" E r{i}" for i in self.rows]
        lines.append("COLUMNS")
        lines += [f" x{j} cost {c} r{u} 1\n x{j} r{v} 1" for j, ((u, v), c) in enumerate(zip(self.ends, cost))]
        lines.append("RHS")
        lines += [f" rhs r{i} 1" for i in self.rows]
        if bounded:
            lines.append("BOUNDS")
            lines += [f" UP bnd x{j} 1" for j in range(len(self.ends))]
        lines.append("ENDATA")
        self.model = mbh.ModelBuilderHelper()
        self.model.import_from_mps_string("\n".join(lines))
        self.incident: list[list[int]] = [[] for _ in range(n + 1)]
        for j, (u, v) in enumerate(self.ends):
            self.incident[u].append(j)
            self.incident[v].append(j)
        self.cuts: list[tuple[int, list[int]]] = []
        """(|S|, LP columns inside S) per cut row, in row order after the degree rows."""
        self.solver = mbh.ModelSolverHelper("glop")
        if dual_simplex:
            self.solver.set_solver_specific_parameters("use_dual_simplex: true")
        self.values: list[float] = []
        """The last optimum's x per column (edges, then byes)."""

    def solve(self) -> bool:
        """Solve (again, with the cuts added since): whether GLOP found the optimum."""
        self.solver.solve(self.model)
        if self.solver.status() != mbh.SolveStatus.OPTIMAL:
            return False
        self.values = [float(v) for v in self.solver.variable_values()]
        return True

    def duals2(self) -> tuple[list[int], list[tuple[int, int, list[int]]]]:
        """Of the last optimum: 2·y per player and (|S|, 2·u_S, model edges inside S) per cut with u_S > 0,
        rounded to the nearest integer (the duals are halves up to noise; the caller repairs what rounding
        broke)."""
        duals = self.solver.dual_values()
        y2 = [0] * self.costs.n
        for r, i in enumerate(self.rows):
            if i < self.costs.n:
                y2[i] = round(2 * float(duals[r]))
        cuts = []
        for c, (size, inside) in enumerate(self.cuts):
            u2 = round(-2 * float(duals[len(self.rows) + c]))  # a ≤ row of a minimisation: its dual is ≤ 0
            if u2 > 0:
                cuts.append((size, u2, [self.edges[j] for j in inside if j < len(self.edges)]))
        return y2, cuts

    def fractional(self) -> bool:
        return any(EPS < v < 1 - EPS for v in self.values)

    def add_cuts(self, thresholds: Sequence[float] = ()) -> list[OddSet]:
        """Add the blossom rows the last optimum violates; the odd sets added, in a deterministic order.

        Candidate odd sets: the odd components of the fractional columns, and of the columns above each
        threshold (Grötschel–Holland's heuristic)."""
        values = self.values
        m = len(values)
        supports = [[j for j in range(m) if EPS < values[j] < 1 - EPS]]
        supports += [[j for j in range(m) if values[j] > t] for t in thresholds]
        candidates: dict[tuple[int, ...], set[int]] = {}
        for support in supports:
            for comp in components(self.ends[j] for j in support):
                if len(comp) % 2 == 1 and len(comp) >= 3:
                    candidates.setdefault(tuple(sorted(comp)), comp)
        added: list[OddSet] = []
        for members, nodes in sorted(candidates.items()):
            inside = sorted({j for i in nodes for j in self.incident[i]
                             if self.ends[j][0] in nodes and self.ends[j][1] in nodes})
            if sum(values[j] for j in inside) <= (len(nodes) - 1) / 2 + EPS:
                continue
            row = self.model.add_linear_constraint()
            self.model.set_constraint_lower_bound(row, -math.inf)
            self.model.set_constraint_upper_bound(row, (len(nodes) - 1) / 2)
            for j in inside:
                self.model.safe_add_term_to_constraint(row, j, 1.0)
            self.cuts.append((len(nodes), inside))
            edges = len(self.edges)
            added.append(OddSet(members, tuple(self.edges[j] for j in inside if j < edges),
                                tuple(self.ends[j][0] for j in inside if j >= edges)))
        return added


def odd_set_cuts(costs: CompiledCosts, rounds: int = 6) -> list[OddSet]:
    """Odd sets whose blossom inequality the LP optimum of the whole round violates, found in a few rounds of
    LP + cuts: with them the LP optimum is usually integral and CP-SAT only has to confirm it."""
    # The objective in units of one real cost point (the tie-break dropped): fine for finding cuts.
    shift = costs.weights.shift("real_cost")
    edge_cost = [c >> shift for c in costs.edge_costs]
    byes = ([(i, c >> shift) for i in range(costs.n) if (c := costs.bye_cost(i)) is not None]
            if costs.n % 2 == 1 else None)
    lp = MatchingLp(costs, range(costs.edge_count), edge_cost, byes, bounded=True)
    found: list[OddSet] = []
    for _ in range(rounds):
        if not lp.solve() or not lp.fractional():
            break
        added = lp.add_cuts()
        if not added:
            break
        found += added
    return found


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
