"""Column generation for the rank band: add only the pairs outside it that the LP's duals price within the gap.

When the band's optimum is not proven (`pairing/band.py`), a wider band adds every pair up to the new width
for every player. Instead: with y the dual of the largest Σ y the proof tried (exactly feasible on every
pair in the model), a pairing that uses pairs F outside the model costs at least Σ y − Σ u_S (|S|−1)/2 +
Σ_{e∈F} rc_e, rc_e = c_e − y_u − y_w. Only an outside pair with rc_e ≤ gap (the band's cost less that dual
bound) can then be in a pairing as good as the band's, so those pairs, priced exactly as `compile_costs`
prices them (same tiers, same tie-break), join the model; it is solved again and the proof tried again
with the duals of the larger model. The proof is the band proof's own: nothing here is trusted.

A pair found forbidden or breaking a hard rule never joins (a pairing with it is not allowed, or worse in a
higher tier); its exact real cost, when priced and not added, bounds it better than its rank term.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from keizer.pairing.band import Dual, band_proof
from keizer.pairing.costs import PAIR_TIERS, CompiledCosts, composite_costs
from keizer.pairing.criteria.pair_cost import CostContext
from keizer.pairing.criteria.rank import rank_cost
from keizer.pairing.criteria.tiebreak import tiebreaks
from keizer.pairing.criteria.tiers import TierName
from keizer.pairing.instance import RoundInstance
from keizer.pairing.proposal import BandReport
from keizer.pairing.solvers.base import Solution

COLUMN_ROUNDS = 4
"""Rounds of pricing, solving and proving at most before the caller widens the band instead."""
COLUMN_SHARE = 1.0
"""A round adds at most this share of the model's pairs: the next band (twice as wide) has about that many
more, and holds the candidates nearest the band."""


def close_band(inst: RoundInstance, ctx: CostContext, costs: CompiledCosts, sol: Solution, tried: tuple[int, ...],
               solve: Callable[[CompiledCosts], Solution | None], rounds: int = COLUMN_ROUNDS,
               share: float = COLUMN_SHARE) -> tuple[CompiledCosts, Solution, BandReport]:
    """The band's model with the pairs outside it that could do better, solved by `solve` and proven, in
    `rounds` at most until proven or no round can help (a round that would add more than `share` of the
    model's pairs is not made); the last model, its optimum and its band report."""
    known: dict[tuple[int, int], int | None] = {}
    report, dual = band_proof(inst, costs, sol, tried, known)
    for _ in range(rounds):
        if report.proven or dual is None or report.band_cost is None or inst.keep is not None:
            break
        limit = int(share * max(costs.edge_count, 1))
        pairs = priced_candidates(inst, ctx, costs, sol, dual, report.band_cost, known, limit)
        if pairs is None:
            gap = report.band_cost - dual.total2 // 2
            report = replace(report, note=f"{report.note}; more than {limit} pairs outside the model are within "
                                          f"the gap of the LP bound ({gap}): no columns added")
            break
        if not pairs:
            break
        wider = with_pairs(inst, costs, pairs)
        found = solve(wider)
        if found is None:  # a model with more pairs than one that had a pairing has one: never taken
            break
        costs, sol = wider, found
        report, dual = band_proof(inst, costs, sol, tried, known)
    return costs, sol, report


def priced_candidates(inst: RoundInstance, ctx: CostContext, costs: CompiledCosts, sol: Solution, dual: Dual,
                      band_cost: int, known: dict[tuple[int, int], int | None],
                      limit: int) -> dict[tuple[int, int], tuple[bool, int, int, int]] | None:
    """The pairs outside the model whose reduced cost under `dual` is within the gap, each with its terms as
    `CostContext.edge` gives them; None when more than `limit` (a wider band is then the cheaper way).
    `known` learns every pair priced: its real cost, or None when no pairing as good may use it (forbidden,
    or breaking a hard rule)."""
    assert costs.band is not None
    n = costs.n
    players = inst.players
    y2 = np.asarray(dual.y2, dtype=np.int64)
    gap2 = 2 * band_cost - dual.total2
    free = np.ones(n, dtype=bool)
    if sol.bye is not None:
        free[sol.bye] = False
    for i, p in enumerate(players):
        if inst.lock_partner(p.id) is not None:
            free[i] = False
    model = set(zip(costs.edge_u, costs.edge_v))
    beyond = sum(1 for u, v in model if v - u > costs.band)  # pairs the rank scan finds that are in the model
    big = np.iinfo(np.int64).max // 4
    ymax = int(y2[free].max()) if free.any() else 0
    held = np.where(free, y2, -big)  # a player who may have no pair outside: never a candidate
    target = inst.target_distance
    # First by the rank term alone (≤ the reduced cost: the other terms of a cost are ≥ 0), in numpy; then
    # each of those priced exactly. Too many by the rank term: a wider band is the cheaper way.
    found: list[tuple[int, np.ndarray]] = []
    count = 0
    for d in range(costs.band + 1, n):
        r2 = 2 * rank_cost(d, target)
        if d >= target and r2 - 2 * ymax > gap2:
            break  # the rank term only grows with d beyond the target
        us = np.flatnonzero(r2 - held[:-d] - held[d:] <= gap2)
        found.append((d, us))
        count += len(us)
        if count > 2 * limit + beyond:  # the exact costs would rarely halve them: a wider band is cheaper
            return None
    out: dict[tuple[int, int], tuple[bool, int, int, int]] = {}
    for u, w in ((u, u + d) for d, us in found for u in us.tolist()):
        if (u, w) in model or ((u, w) in known and known[(u, w)] is None):
            continue
        a, b = players[u], players[w]
        terms = ctx.edges.get((u, w)) or ctx.edge(a, b)
        _, meet, early, soft = terms
        if meet or early or inst.is_forbidden(a.id, b.id):
            known[(u, w)] = None
            continue
        known[(u, w)] = soft
        if 2 * soft - int(y2[u]) - int(y2[w]) <= gap2:
            out[(u, w)] = terms
            if len(out) > limit:
                return None
    return out


def with_pairs(inst: RoundInstance, costs: CompiledCosts,
               pairs: dict[tuple[int, int], tuple[bool, int, int, int]]) -> CompiledCosts:
    """The model with `pairs` added (pool indexes u < w, with `CostContext.edge`'s terms), each priced in every
    tier exactly as `compile_costs` prices a pair it models; edges stay sorted by (u, w)."""
    if not pairs:
        return costs
    n = costs.n
    tie = tiebreaks(inst.seed, inst.round_number, list(costs.players))
    new = sorted(pairs)
    by_tier: dict[TierName, list[int]] = {
        "keep_accepted": [0] * len(new),  # no kept pairing: column generation runs without one
        "relax_max_meetings": [pairs[p][1] for p in new],
        "relax_rematch_round": [pairs[p][2] for p in new],
        "real_cost": [pairs[p][3] for p in new],
        "tiebreak": [tie(u, w) for u, w in new],
    }
    assert set(by_tier) == {t.name for t in PAIR_TIERS}, "a pair tier column generation does not price"
    new_costs = list(composite_costs({t.name: np.asarray(by_tier[t.name], dtype=np.int64) for t in PAIR_TIERS},
                                     costs.weights, len(new)))
    keys = [u * n + v for u, v in zip(costs.edge_u, costs.edge_v)] + [u * n + w for u, w in new]
    order = sorted(range(len(keys)), key=keys.__getitem__)

    def merged(old: tuple, added: list) -> tuple:
        both = list(old) + added
        return tuple(both[j] for j in order)

    tiers = tuple(merged(column, by_tier[t.name]) for t, column in zip(PAIR_TIERS, costs.edge_tiers, strict=True))
    return replace(costs, edge_u=merged(costs.edge_u, [u for u, _ in new]),
                   edge_v=merged(costs.edge_v, [w for _, w in new]),
                   white_u=merged(costs.white_u, [bool(pairs[p][0]) for p in new]),
                   edge_tiers=tiers, edge_costs=merged(costs.edge_costs, new_costs))
