"""The matching LP of a band with Edmonds' odd-set (blossom) cuts, solved by GLOP: duals for the band proof."""

from __future__ import annotations

import math

import ortools.linear_solver.python.model_builder_helper as mbh

from pairing.costs import CompiledCosts
from pairing.solvers.oddsets import components

Cut = tuple[int, int, list[int]]
"""(|S|, 2·u_S rounded, the model edges inside S)."""


class BandLp:
    """min Σ c_e x_e over the band's pairs, every player but the bye covered once, plus the cuts added.

    The LP goes to GLOP's dual simplex as MPS text (building it call by call costs more than solving it)."""

    def __init__(self, costs: CompiledCosts, edges: list[int], bye: int | None) -> None:
        self.costs, self.edges = costs, edges
        n = costs.n
        self.rows = [i for i in range(n) if i != bye]
        eu, ev, soft = costs.edge_u, costs.edge_v, costs.column("real_cost")
        lines = ["NAME band", "ROWS", " N cost"]
        lines += [f" E r{i}" for i in self.rows]
        lines.append("COLUMNS")
        lines += [f" x{j} cost {soft[k]} r{eu[k]} 1\n x{j} r{ev[k]} 1" for j, k in enumerate(edges)]
        lines.append("RHS")
        lines += [f" rhs r{i} 1" for i in self.rows]
        lines.append("ENDATA")
        self.model = mbh.ModelBuilderHelper()
        self.model.import_from_mps_string("\n".join(lines))
        self.incident: list[list[int]] = [[] for _ in range(n)]
        for j, k in enumerate(edges):
            self.incident[eu[k]].append(j)
            self.incident[ev[k]].append(j)
        self.cuts: list[tuple[int, list[int]]] = []
        """(|S|, LP columns inside S) per cut row, in row order after the degree rows."""
        self.solver = mbh.ModelSolverHelper("glop")
        self.solver.set_solver_specific_parameters("use_dual_simplex: true")

    def solve(self) -> tuple[list[int], list[Cut]] | None:
        """2·y per player and the cuts with 2·u (both rounded to the nearest integer: the duals are halves up
        to noise; the caller repairs what rounding broke), or None when GLOP fails."""
        self.solver.solve(self.model)
        if self.solver.status() != mbh.SolveStatus.OPTIMAL:
            return None
        duals = self.solver.dual_values()
        y2 = [0] * self.costs.n
        for r, i in enumerate(self.rows):
            y2[i] = round(2 * float(duals[r]))
        cuts = []
        for c, (size, inside) in enumerate(self.cuts):
            u2 = round(-2 * float(duals[len(self.rows) + c]))  # a ≤ row of a minimisation: its dual is ≤ 0
            if u2 > 0:
                cuts.append((size, u2, [self.edges[j] for j in inside]))
        return y2, cuts

    def add_cuts(self) -> int:
        """Add the blossom inequalities x(E(S)) ≤ (|S|−1)/2 the last solution violates; how many were added.

        Candidate odd sets: components of the fractional edges, and of the edges above 0.1, 0.3 and 0.5
        (Grötschel–Holland's heuristic)."""
        values = self.solver.variable_values()
        m = len(self.edges)
        eu, ev = self.costs.edge_u, self.costs.edge_v
        candidates: dict[tuple[int, ...], set[int]] = {}
        supports = [[j for j in range(m) if 1e-6 < values[j] < 1 - 1e-6]]
        supports += [[j for j in range(m) if values[j] > t] for t in (0.1, 0.3, 0.5)]
        for support in supports:
            for comp in self._odd_components(support):
                candidates.setdefault(tuple(sorted(comp)), comp)
        added = 0
        for _, members in sorted(candidates.items()):
            inside = sorted({j for i in members for j in self.incident[i]
                             if eu[self.edges[j]] in members and ev[self.edges[j]] in members})
            if sum(values[j] for j in inside) <= (len(members) - 1) / 2 + 1e-6:
                continue
            ct = self.model.add_linear_constraint()
            self.model.set_constraint_lower_bound(ct, -math.inf)
            self.model.set_constraint_upper_bound(ct, (len(members) - 1) / 2)
            for j in inside:
                self.model.safe_add_term_to_constraint(ct, j, 1.0)
            self.cuts.append((len(members), inside))
            added += 1
        return added

    def _odd_components(self, support: list[int]) -> list[set[int]]:
        """Node sets of odd size ≥ 3 of the components of these LP columns, in a deterministic order."""
        eu, ev = self.costs.edge_u, self.costs.edge_v
        edges = ((eu[self.edges[j]], ev[self.edges[j]]) for j in support)
        return [g for g in components(edges) if len(g) % 2 == 1 and len(g) >= 3]
