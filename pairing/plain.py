"""A round without a director's input paired straight from arrays: `optimal_games`' pairing, for forecasts."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from keizer.pairing.championship.round import check_fixed_meetings, group_forbids, scheduled_fixed
from keizer.pairing.costs import (
    FieldArrays,
    all_pairs,
    composite_column,
    model_columns,
    price_edges,
    weights_for,
)
from keizer.pairing.criteria.bye import bye_ranking
from keizer.pairing.criteria.pair_cost import colour_costs_of_states
from keizer.pairing.history import CarriedPast, Pair
from keizer.pairing.instance import build_instance, check_round, ruleset_of, target_distance
from keizer.pairing.pool import Pool
from keizer.pairing.proposer import BAND_FROM, optimal_games
from keizer.pairing.solvers.matching import blossom_weights, max_weight_perfect
from keizer.seasons.gcpause import collector_paused
from keizer.seasons.model import PlayerId, Season

Games = tuple[tuple[tuple[PlayerId, PlayerId], ...], PlayerId | None]
"""A round's pairing: (white, black) in board order, and the bye."""


class _Seeker(NamedTuple):
    """A player as the bye policy reads them (`criteria.bye.ByeSeeker`)."""

    id: PlayerId
    rank: int
    byes: int
    lost_evenings: int


def plain_games(season: Season, k: int, ranking: Sequence[PlayerId], values: Sequence[Fraction],
                past: CarriedPast) -> Games:
    """The pairing `optimal_games(build_instance(season, k, ranking, values, history=past.history()),
    "matching")` gives — round k as listed in `season`, its championship games fixed and its group's other
    pairs kept apart, nothing of a director's — made without the instance's player states, the cost context,
    the compiled model and the matching graph: the present players' arrays priced in one pass
    (`costs.price_edges`, `costs.model_columns`), the tiers weighted alike (`weights_for`) and the same graph
    given to the same blossom (`max_weight_perfect`), so the pairing is the same (a test holds the two equal
    round for round).
    A field large enough for a rank band, or one no pairing fits even with the hard rules giving way, is
    the engine's own to pair (and to refuse in its words).

    The evening proves the blossom's optimum with CP-SAT (`pairing.solvers.solve`); the optimum is unique (the
    tie-break), so a forecast takes the blossom's and leaves the proof out: the same pairing, a sixth of the
    time (a test holds the two equal)."""
    with collector_paused():
        found = _paired(season, k, ranking, past)
    if found is None:
        return optimal_games(build_instance(season, k, ranking, values, history=past.history()), solver="matching")
    return found


def _paired(season: Season, k: int, ranking: Sequence[PlayerId], past: CarriedPast) -> Games | None:
    check_round(season, k)
    ruleset = ruleset_of(season)
    rules = ruleset.pairing
    pool = Pool.of(season, k, ranking, ruleset)
    present = pool.present
    fixed = pool.place_fixed(scheduled_fixed(season, ruleset, k, present, ()))
    apart = group_forbids(season, ruleset, k, present, fixed, set())
    if fixed:
        check_fixed_meetings(ruleset, k, fixed, past, ranking)
    places = [i for i in pool.available if ranking[i] not in pool.fixed]
    n = len(places)
    if n > BAND_FROM:  # a rank band, widened until proven: the engine's
        return None
    ids = [ranking[i] for i in places]
    rows = [past.index[pid] for pid in ids]
    states = past.colour_states
    costs = colour_costs_of_states([states[r] for r in rows], rules.colour)
    target = target_distance(rules, k)
    whites, blacks = [c[2] for c in costs], [c[3] for c in costs]
    field = FieldArrays(
        ids=ids, white=np.array(whites, dtype=np.int64), black=np.array(blacks, dtype=np.int64),
        bottom=np.array(places) >= len(ranking) - rules.bottom_region,  # ranks beyond it: the bottom region
        at=np.array(rows, dtype=np.int64), table=past.table, rules=rules, round_number=k, target=target)
    us, vs = all_pairs(n)
    if apart:
        us, vs = _without(us, vs, ids, apart)
    terms = price_edges(field, us, vs)
    worst = sorted(map(max, whites, blacks))[-2:]
    weights = weights_for(n, k, target, sum(worst), rules.rematch_gap)
    odd = n % 2
    bye_costs: list[int | None] = []
    if odd:
        order, _ = bye_ranking(rules.bye, rules.seed, k, [_Seeker(pid, i + 1, past.byes[r], past.lost[r])
                                                          for pid, i, r in zip(ids, places, rows)])
        bye_index: list[int | None] = [None] * n
        for idx, u in enumerate(order):
            bye_index[u] = idx
        shift = weights.shift("bye_order")
        bye_costs = [None if idx is None else idx << shift for idx in bye_index]
    for relaxed in (False, True):  # the hard rules give way only when no pairing keeps them all
        eu, ev, white_a, by_tier = model_columns(field, us, vs, terms, rules.seed, relaxed)
        weighed, bye_weights = blossom_weights(composite_column(by_tier, weights, eu.size), bye_costs, n + odd)
        byes = [(u, n, w) for u, w in enumerate(bye_weights) if w is not None]
        ends_u, ends_v = eu.tolist(), ev.tolist()
        found = max_weight_perfect(n + odd, list(zip(ends_u, ends_v, weighed)), byes, n + odd)
        if found is not None:
            chosen, bye = found
            return (_boards(ranking, ids, places, ends_u, ends_v, white_a, chosen, fixed),
                    ids[bye] if bye is not None else None)
    return None


def _without(us: np.ndarray, vs: np.ndarray, ids: list[PlayerId], apart: set[Pair]) -> tuple[np.ndarray, np.ndarray]:
    """The edges (us, vs) less the pairs kept apart (the championship group's members outside their games)."""
    n = len(ids)
    where = {pid: u for u, pid in enumerate(ids)}
    apart_at = [(where[a], where[b]) for a, b in apart if a in where and b in where]
    if not apart_at:
        return us, vs
    banned = np.zeros((n, n), dtype=bool)
    rows, columns = zip(*apart_at)
    banned[rows, columns] = banned[columns, rows] = True
    keep = ~banned[us, vs]
    return us[keep], vs[keep]


def _boards(ranking: Sequence[PlayerId], ids: list[PlayerId], places: list[int], eu: list[int], ev: list[int],
            white_a: np.ndarray, chosen: list[int], fixed: tuple[tuple[PlayerId, PlayerId], ...],
            ) -> tuple[tuple[PlayerId, PlayerId], ...]:
    """The chosen edges and the fixed games as (white, black), in board order: the higher-ranked player's rank."""
    games = []
    for j in chosen:
        u, v = eu[j], ev[j]
        games.append((places[u] + 1, (ids[u], ids[v]) if white_a[j] else (ids[v], ids[u])))
    games += [(min(ranking.index(white), ranking.index(black)) + 1, (white, black)) for white, black in fixed]
    games.sort(key=lambda rg: rg[0])
    return tuple(g for _, g in games)
