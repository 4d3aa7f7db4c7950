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
"""

from __future__ import annotations

from pairing.costs import CompiledCosts
from pairing.criteria.rank import rank_cost
from pairing.instance import RoundInstance
from pairing.proposal import BandReport
from pairing.solvers.base import Solution
from pairing.solvers.matching_lp import MatchingLp


def prove_band(inst: RoundInstance, costs: CompiledCosts, sol: Solution, tried: tuple[int, ...]) -> BandReport:
    band = costs.band
    if band is None:
        return BandReport(None, tried)
    if band + 1 >= costs.n:  # the band holds every pair: nothing was cut off, nothing to prove
        return BandReport(band, tried, True, note=f"rank band ±{band} holds every pair: all pairs in the model")
    if costs.relaxed:
        return BandReport(band, tried, False, note=f"rank band ±{band} needed a rule to give way; a wider band "
                                                   f"might not have: the band may have cut off the optimum")
    real = costs.column("real_cost")
    band_cost = sum(real[k] for k in sol.edges)
    if sol.bye is not None and costs.bye_index[sol.bye] != 0:
        return BandReport(band, tried, False, band_cost,
                          note=f"rank band ±{band}: the bye is not the policy's first choice, so the band may have "
                               f"cut off the optimum (a wider band might let the first choice sit out)")
    lower = _lower_bound(inst, costs, sol, band_cost)
    if lower is not None and lower > band_cost:
        return BandReport(band, tried, True, band_cost, lower,
                          note=f"rank band ±{band}: any pairing with a pair outside it costs at least {lower} "
                               f"> {band_cost}: proven optimal over all pairs")
    return BandReport(band, tried, False, band_cost, lower,
                      note=f"rank band ±{band}: no proof that a pair outside it could not do better "
                           f"(bound {lower} vs {band_cost}): the band may have cut off the optimum")


CUT_ROUNDS = 8
"""Rounds of LP + odd-set cuts at most; they stop as soon as the bound proves the band, or cannot."""


def _lower_bound(inst: RoundInstance, costs: CompiledCosts, sol: Solution, band_cost: int) -> int | None:
    """Lower bound on the real cost of a pairing (same bye) that uses a pair outside the band, or None.

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
        return None
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
    best = _bound(inst, costs, edges, free, sol.bye, cheapest, [])
    if best is not None and best > band_cost:
        return best
    lp = MatchingLp(costs, edges, [real[k] for k in edges], absent=sol.bye, dual_simplex=True)
    previous: int | None = None
    for rnd in range(CUT_ROUNDS + 1):
        if not lp.solve():
            break
        bound = _bound(inst, costs, edges, free, sol.bye, *lp.duals2())
        if bound is not None and (best is None or bound > best):  # each bound stands alone: keep the best
            best = bound
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
    return best


def _bound(inst: RoundInstance, costs: CompiledCosts, edges: list[int], free: list[int], bye: int | None,
           y2: list[int], cuts: list[tuple[int, int, list[int]]]) -> int | None:
    """The bound of one dual (y and u doubled), repaired to exact feasibility on every pair in the band."""
    n = costs.n
    real = costs.column("real_cost")
    y2 = list(y2)
    extra: dict[int, int] = {}
    for _, u2, inside in cuts:
        for k in inside:
            extra[k] = extra.get(k, 0) + u2
    for k in edges:  # 2c_e − y2_u − y2_v + Σ_{S ∋ e} u2_S ≥ 0
        u, v = costs.edge_u[k], costs.edge_v[k]
        excess = y2[u] + y2[v] - 2 * real[k] - extra.get(k, 0)
        if excess > 0:
            y2[u] -= excess
    total2 = sum(y2[i] for i in range(n) if i != bye) - sum(u2 * (size - 1) // 2 for size, u2, _ in cuts)
    # min over pairs at distance d > band of 2·rank(d) − y2_u − y2_w, for players that may have such a pair.
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
                if best is None or value < best:
                    best = value
        d += 1
    if best is None or best < 0:
        return None
    return (total2 + best + 1) // 2  # costs are integers: round the half up
