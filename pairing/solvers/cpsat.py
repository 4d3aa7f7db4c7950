"""Exact min-cost perfect matching with CP-SAT: the reference solver (it also carries locks and no-good cuts)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from keizer.pairing.costs import CompiledCosts
from keizer.pairing.criteria.tiers import TIERS, TierName
from keizer.pairing.solvers.base import NoPairing, Solution, SolverInfo, library_version, objective_of

_COEF_LIMIT = 1 << 61
"""Σ|coefficients| of one CP-SAT objective stays below this (int64 with room for CP-SAT's own sums)."""
SAFETY_SECONDS = 600.0
"""A time limit only as a safety net: a solve that hits it is reported as not proven optimal."""


@dataclass(frozen=True, slots=True)
class _Tier:
    """One tier's coefficients: on each edge and on each player's bye, in units of 2^bits."""

    name: TierName
    bits: int
    edge: Sequence[int]
    bye: Sequence[int]


def _tiers(costs: CompiledCosts) -> list[_Tier]:
    """The objective's tiers, in TIERS order (top first), leaving out those that are zero everywhere."""
    tiers = [_Tier(t.name, costs.weights.shift(t.name), costs.column(t.name), costs.bye_column(t.name))
             for t in TIERS]
    return [t for t in tiers if any(t.edge) or any(t.bye)]


def _stages(tiers: list[_Tier]) -> list[list[_Tier]]:
    """Group adjacent tiers, from the bottom up, into as few objectives as fit in int64; top group first."""
    groups: list[list[_Tier]] = []
    for tier in reversed(tiers):
        if groups:
            trial = [tier] + groups[-1]
            if _coef_sum(trial) < _COEF_LIMIT:
                groups[-1] = trial
                continue
        if _coef_sum([tier]) >= _COEF_LIMIT:
            raise OverflowError(f"tier {tier.name} alone overflows CP-SAT's 64-bit objective")
        groups.append([tier])
    groups.reverse()
    return groups


def _coef_sum(group: list[_Tier]) -> int:
    low = min(t.bits for t in group)
    return sum((sum(t.edge) + sum(t.bye)) << (t.bits - low) for t in group)


def _coefs(group: list[_Tier], n_edges: int, n: int) -> tuple[list[int], list[int]]:
    low = min((t.bits for t in group), default=0)
    edge = [0] * n_edges
    bye = [0] * n
    for t in group:
        shift = t.bits - low
        for k, c in enumerate(t.edge):
            if c:
                edge[k] += c << shift
        for i, c in enumerate(t.bye):
            if c:
                bye[i] += c << shift
    return edge, bye


def greedy_hint(costs: CompiledCosts) -> tuple[list[int], int | None]:
    """A quick (partial) pairing to start from: the policy's bye, then each player's cheapest free edge."""
    taken = [False] * costs.n
    bye: int | None = None
    if costs.n % 2 == 1:
        allowed = [(idx, i) for i, idx in enumerate(costs.bye_index) if idx is not None]
        if allowed:
            bye = min(allowed)[1]
            taken[bye] = True
    best: dict[int, list[tuple[int, int, int]]] = {}
    for k in range(costs.edge_count):
        best.setdefault(costs.edge_u[k], []).append((costs.edge_cost(k), costs.edge_v[k], k))
    chosen: list[int] = []
    for u in range(costs.n):
        if taken[u]:
            continue
        for _, v, k in sorted(best.get(u, [])):
            if not taken[v]:
                taken[u] = taken[v] = True
                chosen.append(k)
                break
    return chosen, bye


class CpSatModel:
    """A compiled round as a CP-SAT model that can be solved again with no-good cuts (alternatives)."""

    def __init__(self, costs: CompiledCosts, seed: int = 0, odd_set_cuts: bool = True) -> None:
        self.costs = costs
        self.model = cp_model.CpModel()
        m = self.model
        self.x = [m.new_bool_var(f"e{k}") for k in range(costs.edge_count)]
        self.b: dict[int, cp_model.IntVar] = {i: m.new_bool_var(f"bye{i}") for i, idx in enumerate(costs.bye_index)
                                              if idx is not None and costs.n % 2 == 1}
        self._each_player_once()
        self.cuts = self._add_odd_set_cuts() if odd_set_cuts and costs.n >= 6 else 0
        """Blossom inequalities added (from the matching LP's pre-pass)."""
        self.seed = seed
        self.stages = _stages(_tiers(costs))
        self.hint_from = "greedy"
        """Where the last solve's starting pairing came from (recorded in the solver's parameters)."""

    def _each_player_once(self) -> None:
        """Every player in exactly one game or the bye; one bye when the count is odd."""
        costs, m = self.costs, self.model
        incident: list[list[cp_model.IntVar]] = [[] for _ in range(costs.n)]
        for k in range(costs.edge_count):
            incident[costs.edge_u[k]].append(self.x[k])
            incident[costs.edge_v[k]].append(self.x[k])
        for i in range(costs.n):
            lits = incident[i] + ([self.b[i]] if i in self.b else [])
            if not lits:
                raise NoPairing(f"player {costs.players[i]!r} can be paired with no one")
            m.add_exactly_one(lits)
        if costs.n % 2 == 1:
            m.add_exactly_one(list(self.b.values()))

    def _add_odd_set_cuts(self) -> int:
        """The odd sets the matching LP's optimum violates, as constraints: CP-SAT's LP starts tight."""
        from keizer.pairing.solvers.matching_lp import odd_set_cuts as find_cuts
        cuts = find_cuts(self.costs)
        for cut in cuts:
            self.model.add(sum(self.x[k] for k in cut.edges) + sum(self.b[i] for i in cut.byes)
                           <= (len(cut.members) - 1) // 2)
        return len(cuts)

    def settings(self) -> tuple[tuple[str, object], ...]:
        """CP-SAT's parameters for this model, written once: set on the solver and reported with the pairing."""
        return (
            ("num_workers", 1),  # one worker: the same search, so the same result, every run
            ("random_seed", self.seed % (1 << 31)),
            ("linearization_level", 2),  # the LP with the odd-set cuts does the work (the defaults are pathological)
            # Presolve and probing cost 5× the search on these models and find nothing: the matching is tight.
            ("cp_model_presolve", False),
            ("cp_model_probing_level", 0),
            ("max_time_in_seconds", SAFETY_SECONDS),
            # ctrl+c belongs to the program (a quiet exit 130), not to the solver: left to CP-SAT, it stops the
            # search and hands back an unproven pairing or a stopped status.
            ("catch_sigint_signal", False),
        )

    def params(self) -> cp_model.CpSolver:
        solver = cp_model.CpSolver()
        for name, value in self.settings():
            setattr(solver.parameters, name, value)
        return solver

    def add_no_good(self, edges: Sequence[int], bye: int | None, differ: int = 1) -> None:
        """Exclude this pairing and every pairing sharing more than |M| − differ of its elements."""
        lits = [self.x[k] for k in edges] + ([self.b[bye]] if bye is not None else [])
        self.model.add(sum(lits) <= len(lits) - differ)

    def solve(self, hint: tuple[Sequence[int], int | None] | None = None, hint_from: str = "given") -> Solution:
        """The optimum, stage by stage (tiers top first); NoPairing when the model has no pairing.
        `hint`: a pairing to start from (`hint_from` names where it came from), else a greedy one."""
        start = time.perf_counter()
        self.hint_from = hint_from if hint is not None else "greedy"
        # Stages fix each tier's optimum with a constraint: do that on a copy, so that the model itself
        # keeps only the matching and the no-good cuts (alternatives solve it again).
        m = self.model.clone() if len(self.stages) > 1 else self.model
        found = hint or greedy_hint(self.costs)
        statuses: list[str] = []
        # Every tier zero (one pairing possible, or all cost nothing): one feasibility solve still keeps
        # the no-good cuts of the alternatives.
        for group in self.stages or [[]]:
            found, status = self._solve_stage(m, group, found, keep_optimum=m is not self.model)
            statuses.append(status)
        status_text = next((s for s in reversed(statuses) if s != "optimal"), "optimal")
        edges_chosen = tuple(sorted(found[0]))
        return Solution(edges_chosen, found[1], objective_of(self.costs, edges_chosen, found[1]),
                        self._info(status_text, time.perf_counter() - start))

    def _solve_stage(self, m: cp_model.CpModel, group: list[_Tier], hint: tuple[Sequence[int], int | None],
                     keep_optimum: bool) -> tuple[tuple[Sequence[int], int | None], str]:
        """Minimise one stage's tiers from `hint`; the pairing found and "optimal" or why not."""
        m.clear_hints()
        hinted = set(hint[0])
        for k, var in enumerate(self.x):
            m.add_hint(var, 1 if k in hinted else 0)
        for i, var in self.b.items():
            m.add_hint(var, 1 if hint[1] == i else 0)
        edge, bye = _coefs(group, self.costs.edge_count, self.costs.n)
        expr = cp_model.LinearExpr.weighted_sum(self.x + list(self.b.values()), edge + [bye[i] for i in self.b])
        m.minimize(expr)
        solver = self.params()
        status = solver.solve(m)
        if status == cp_model.INFEASIBLE:
            raise NoPairing("no pairing satisfies the model")
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise RuntimeError(f"CP-SAT stopped with status {solver.status_name(status)}")
        found = ([k for k, var in enumerate(self.x) if solver.value(var)],
                 next((i for i, var in self.b.items() if solver.value(var)), None))
        if keep_optimum:
            m.add(expr <= int(solver.objective_value))  # lexicographic: keep this tier's optimum
        return found, "optimal" if status == cp_model.OPTIMAL else f"not proven optimal ({solver.status_name(status)})"

    def _info(self, status: str, seconds: float) -> SolverInfo:
        reported = tuple((name, str(value).lower() if isinstance(value, bool) else str(value))
                         for name, value in self.settings() if name != "catch_sigint_signal")
        return SolverInfo("cpsat", library_version("ortools"),
                          reported + (("odd_set_cuts", str(self.cuts)), ("hint", self.hint_from)),
                          status, len(self.stages), seconds)


def solve_cpsat(costs: CompiledCosts, seed: int = 0, hint: Solution | None = None) -> Solution:
    """The optimum by CP-SAT; `hint`: the matching's optimum, so that CP-SAT starts from it and only has to
    prove it (the tie-break makes the optimum unique, so it returns that same pairing)."""
    if hint is None:
        return CpSatModel(costs, seed).solve()
    return CpSatModel(costs, seed).solve((hint.edges, hint.bye), hint_from="matching")
