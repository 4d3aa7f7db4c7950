"""Large fields: only pairs within a rank band are modelled; this proves (LP duality) the band lost nothing.

Proof. Let M* be the band's optimum (no rule relaxed, the bye on the policy's first choice: otherwise no
proof). Take y per player and u_S ≥ 0 per odd set S with y_u + y_v − Σ_{S∋uv} u_S ≤ c_uv on every pair
inside the band (c = real cost). Any pairing M with the same bye then costs
    Σ y − Σ_S u_S·|M ∩ E(S)| + Σ_{e∈M} rc_e  ≥  Σ y − Σ_S u_S (|S|−1)/2 + Σ_{e∈M} rc_e,
with rc_e ≥ 0 inside the band and, outside it, rc_e ≥ c_e − y_u − y_v ≥ rank(distance) − y_u − y_v
(the other terms of a pair's cost are ≥ 0). So a pairing using a pair outside the band costs at least the
bound below, provided the minimum over outside pairs is ≥ 0; if the bound exceeds cost(M*), no such
pairing is as good (pairings that relax a rule or move the bye are worse in a higher tier). The first y is
half of each player's cheapest pair in the band (u = 0): free, and enough on most rounds. Otherwise y and u
come from GLOP on the band's matching LP with odd-set cuts (`solvers/matching_lp.py`), rounded to halves and repaired to
exact feasibility: the bound is exact integer arithmetic, whatever the floating point did.

The model may hold pairs beyond the band too (column generation, `pairing/columns.py`): those are inside it
(their reduced cost is repaired like any pair's), and `known` says what is known exactly of pairs outside
it: None for a pair no pairing as good may use (forbidden, or breaking a hard rule: a higher tier), else
its real cost, which bounds it better than the rank term alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from keizer.pairing.costs import CompiledCosts
from keizer.pairing.criteria.rank import rank_cost
from keizer.pairing.instance import RoundInstance
from keizer.pairing.proposal import BandReport
from keizer.pairing.solvers.base import Solution
from keizer.pairing.solvers.matching_lp import MatchingLp
from keizer.seasons.numbers import counted


Known = Mapping[tuple[int, int], int | None]
"""Pairs outside the model by (u, v) indexes: None when no pairing as good may use one, else its real cost."""


@dataclass(frozen=True, slots=True)
class Dual:
    """A dual of the model's matching LP, exactly feasible on every pair in the model, doubled (halves)."""

    y2: tuple[int, ...]
    """2·y per player."""
    total2: int
    """2·(Σ y − Σ_S u_S (|S|−1)/2): with the reduced costs of the pairs outside the model, a lower bound."""


def prove_band(inst: RoundInstance, costs: CompiledCosts, sol: Solution, tried: tuple[int, ...],
               known: Known | None = None) -> BandReport:
    return band_proof(inst, costs, sol, tried, known)[0]


def band_proof(inst: RoundInstance, costs: CompiledCosts, sol: Solution, tried: tuple[int, ...],
               known: Known | None = None) -> tuple[BandReport, Dual | None]:
    """The band's report, and the dual of the largest Σ y tried (None when none was: the report says why),
    whose reduced costs pick the pairs column generation adds."""
    inside = _modelled_outside(inst, costs)
    report, dual = _band_proof(inst, costs, sol, tried, known or {}, inside)
    extra = len(inside)
    if extra:
        report = replace(report, columns=extra,
                         note=report.note.replace(f"rank band ±{costs.band}",
                                                  f"rank band ±{costs.band} with {counted(extra, 'pair')} beyond it", 1))
    return report, dual


def _band_proof(inst: RoundInstance, costs: CompiledCosts, sol: Solution, tried: tuple[int, ...],
                known: Known, inside: set[tuple[int, int]]) -> tuple[BandReport, Dual | None]:
    band = costs.band
    if band is None:
        return BandReport(None, tried), None
    if band + 1 >= costs.n:  # the band holds every pair: nothing was cut off, nothing to prove
        return BandReport(band, tried, True, note=f"rank band ±{band} holds every pair: all pairs in the model"), None
    if costs.relaxed:
        return BandReport(band, tried, False, note=f"rank band ±{band} needed a rule to give way; a wider band "
                                                   f"might not have: the band may have cut off the optimum"), None
    real = costs.column("real_cost")
    band_cost = sum(real[k] for k in sol.edges)
    if sol.bye is not None and costs.bye_index[sol.bye] != 0:
        return BandReport(band, tried, False, band_cost,
                          note=f"rank band ±{band}: the bye is not the policy's first choice, so the band may have "
                               f"cut off the optimum (a wider band might let the first choice sit out)"), None
    lower, dual = _lower_bound(inst, costs, sol, band_cost, known, inside)
    if lower is not None and lower > band_cost:
        return BandReport(band, tried, True, band_cost, lower,
                          note=f"rank band ±{band}: any pairing with a pair outside it costs at least {lower} "
                               f"> {band_cost}: proven optimal over all pairs"), dual
    return BandReport(band, tried, False, band_cost, lower,
                      note=f"rank band ±{band}: no proof that a pair outside it could not do better "
                           f"(bound {lower} vs {band_cost}): the band may have cut off the optimum"), dual


CUT_ROUNDS = 8
"""Rounds of LP + odd-set cuts at most; they stop as soon as the bound proves the band, or cannot."""


def _modelled_outside(inst: RoundInstance, costs: CompiledCosts) -> set[tuple[int, int]]:
    """The pairs of the model beyond the band that no lock put there (column generation's)."""
    band = costs.band
    if band is None:
        return set()
    return {(u, v) for u, v in zip(costs.edge_u, costs.edge_v)
            if v - u > band and inst.lock_partner(costs.players[u]) != costs.players[v]}


def _lower_bound(inst: RoundInstance, costs: CompiledCosts, sol: Solution, band_cost: int, known: Known,
                 inside: set[tuple[int, int]]) -> tuple[int | None, Dual | None]:
    """Lower bound on the real cost of a pairing (same bye) that uses a pair outside the model, or None; and
    the dual of the largest Σ y tried.

    Each round's bound stands on its own (a feasible dual), so the best of them is kept."""
    n = costs.n
    skip = [False] * n
    if sol.bye is not None:
        skip[sol.bye] = True
    for i, pid in enumerate(costs.players):
        if inst.lock_partner(pid) is not None:
            skip[i] = True  # a locked player has no pair outside the model
    # The pairs of any pairing as good as the band's: those keeping every hard rule (a director's lock is in
    # every pairing, whatever it breaks), none with the bye player.
    breaks = costs.hard_rule_breaks()
    edges = [k for k in range(costs.edge_count)
             if (skip[costs.edge_u[k]] or not breaks[k])
             and not (sol.bye is not None and sol.bye in (costs.edge_u[k], costs.edge_v[k]))]
    free = [i for i in range(n) if not skip[i]]
    if len(free) < 2 or costs.band is None or costs.band + 1 >= n:
        return None, None
    real = costs.column("real_cost")
    # First a dual for free: half of each player's cheapest pair in the band (y_u + y_v ≤ c_uv holds on
    # every pair). Far outside pairs cost the rank term alone, so on most rounds this proves the band at
    # once, without building the LP.
    cheapest = [0] * n
    seen = [False] * n
    for k in edges:
        c = real[k]
        for i in (costs.edge_u[k], costs.edge_v[k]):
            if not seen[i] or c < cheapest[i]:
                cheapest[i], seen[i] = c, True
    best, dual = _bound(inst, costs, edges, free, sol.bye, cheapest, [], inside, known)
    if best is not None and best > band_cost:
        return best, dual
    lp = MatchingLp(costs, edges, [real[k] for k in edges], absent=sol.bye, dual_simplex=True)
    previous: int | None = None
    for rnd in range(CUT_ROUNDS + 1):
        if not lp.solve():
            break
        bound, this = _bound(inst, costs, edges, free, sol.bye, *lp.duals2(), inside, known)
        if bound is not None and (best is None or bound > best):  # each bound stands alone: keep the best
            best = bound
        if this.total2 > dual.total2:
            dual = this
        if best is not None and best > band_cost:
            break  # proven
        if rnd == CUT_ROUNDS or bound is None:
            break
        # The bound grows ever more slowly with the rounds: stop when even the last step, repeated every
        # round that is left, would not reach the band's cost.
        if previous is not None and bound + (bound - previous) * (CUT_ROUNDS - rnd) <= band_cost:
            break
        previous = bound
        if not lp.add_cuts(thresholds=(0.1, 0.3, 0.5)):
            break
    return best, dual


def _bound(inst: RoundInstance, costs: CompiledCosts, edges: list[int], free: list[int], bye: int | None,
           y2: list[int], cuts: list[tuple[int, int, list[int]]], inside: set[tuple[int, int]],
           known: Known) -> tuple[int | None, Dual]:
    """The bound of one dual (y and u doubled), repaired to exact feasibility on every pair in the model;
    and that dual."""
    n = costs.n
    real = costs.column("real_cost")
    y2 = list(y2)
    extra: dict[int, int] = {}
    for _, u2, members in cuts:
        for k in members:
            extra[k] = extra.get(k, 0) + u2
    for k in edges:  # 2c_e − y2_u − y2_v + Σ_{S ∋ e} u2_S ≥ 0
        u, v = costs.edge_u[k], costs.edge_v[k]
        excess = y2[u] + y2[v] - 2 * real[k] - extra.get(k, 0)
        if excess > 0:
            y2[u] -= excess
    total2 = sum(y2[i] for i in range(n) if i != bye) - sum(u2 * (size - 1) // 2 for size, u2, _ in cuts)
    dual = Dual(tuple(y2), total2)
    # min over pairs outside the model (distance d > band) of 2·cost − y2_u − y2_w, for players that may have
    # such a pair; the cost is the rank term alone (the other terms are ≥ 0) unless known exactly.
    target = inst.target_distance
    ymax = max(y2[i] for i in free)
    best: int | None = None
    in_free = [False] * n
    for i in free:
        in_free[i] = True
    assert costs.band is not None
    d = costs.band + 1
    while d < n:
        if best is not None and d >= target and 2 * rank_cost(d, target) - 2 * ymax >= best:
            break  # rank cost only grows with d beyond the target, so no farther pair can do better
        r2 = 2 * rank_cost(d, target)
        for u in free:
            w = u + d
            if w < n and in_free[w]:
                value = r2 - y2[u] - y2[w]
                if best is not None and value >= best:
                    continue
                if known or inside:
                    if (u, w) in inside:
                        continue  # in the model: its reduced cost is ≥ 0 already
                    if (u, w) in known:
                        cost = known[(u, w)]
                        if cost is None:
                            continue  # no pairing as good may use it
                        value = 2 * cost - y2[u] - y2[w]
                        if best is not None and value >= best:
                            continue
                best = value
        d += 1
    if best is None or best < 0:
        return None, dual
    return (total2 + best + 1) // 2, dual  # costs are integers: round the half up
