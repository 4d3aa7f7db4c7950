"""The compiled model of a round: integer costs for the allowed pairs and byes, in lexicographic tiers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain

import numpy as np

from keizer.pairing.criteria.bye import bye_order
from keizer.pairing.criteria.pair_cost import CostContext
from keizer.pairing.criteria.bye import ByeOrder
from keizer.pairing.criteria.rank import rank_cost
from keizer.pairing.criteria.tiebreak import TIEBREAK_BITS, tiebreak_column
from keizer.pairing.criteria.tiers import TIER, TIERS, Tier, TierName, TierWeights
from keizer.pairing.criteria.weights import BOTTOM_EXTRA, REMATCH_GAP_BASE, REMATCH_GAP_STEP
from keizer.pairing.criteria.meetings import meeting_cost_columns
from keizer.pairing.history import MeetingTable, pair_key
from keizer.pairing.instance import RoundInstance
from keizer.seasons.model import PlayerId
from keizer.seasons.ruleset.model import PairingRules


def tier_weights(inst: RoundInstance, ctx: CostContext | None = None) -> TierWeights:
    """The tier weights of a round, from closed-form bounds on the instance (not on the compiled edges),
    so that the checker and every band of the solver agree on one objective."""
    ctx = ctx or CostContext(inst)
    colour = sorted((ctx.colour_max(p.id) for p in inst.players), reverse=True)[:2]
    return weights_for(len(inst.players), inst.round_number, inst.target_distance, sum(colour),
                       inst.rules.rematch_gap)


@lru_cache(maxsize=1024)
def weights_for(n: int, round_number: int, target: int, worst_colours: int, rematch_gap: int | None) -> TierWeights:
    """`tier_weights` of a round of n players paired: `worst_colours` is what the two players whose colours
    can cost the most would pay at worst together. Kept by its numbers: a forecast meets the same ones often."""
    boards = n // 2
    # The most one pair can cost: the farthest pair (rank cost is convex, so an end is the worst), the two
    # worst colour costs, the worst early rematch and a bottom-region extra meeting.
    worst_rank = max(rank_cost(1, target), rank_cost(max(1, n - 1), target))
    gap = REMATCH_GAP_BASE + REMATCH_GAP_STEP * (rematch_gap or 0)
    soft_bound = boards * (worst_rank + worst_colours + gap + BOTTOM_EXTRA)
    # The bits each tier's total can need in one pairing; the tiers' order stacks them (TierWeights.stacked).
    # The tie-break's width keeps the real cost's unit above boards × 2^20: it never outweighs one unit.
    return TierWeights.stacked({
        # A pair's extra meetings are fewer than the rounds so far (only the kept-pairing tier is above).
        "relax_max_meetings": (boards * max(1, round_number) + 1).bit_length(),
        "relax_rematch_round": (boards + 1).bit_length(),  # at most one early rematch per board
        "bye_order": max(1, n).bit_length(),               # the last of n candidates
        "real_cost": (soft_bound + 1).bit_length(),
        "tiebreak": TIEBREAK_BITS + boards.bit_length(),
    })


PAIR_TIERS: tuple[Tier, ...] = tuple(t for t in TIERS if t.prices != "bye")
"""The tiers a game carries (the bye tier is the bye's own), in priority order: `CompiledCosts.edge_tiers`."""


@dataclass(frozen=True, slots=True)
class CompiledCosts:
    """The round as a min-cost perfect matching: players by index, allowed edges with their tiers."""

    round_number: int
    seed: int
    players: tuple[PlayerId, ...]
    """The players the model pairs, in rank order; edges and byes refer to these indexes."""
    edge_u: tuple[int, ...]
    edge_v: tuple[int, ...]
    """Edge k joins players edge_u[k] < edge_v[k]; sorted, forbidden pairs left out."""
    white_u: tuple[bool, ...]
    """Whether players[edge_u[k]] has white if edge k is chosen (colours are decided per pair)."""
    edge_tiers: tuple[tuple[int, ...], ...]
    """Per tier of PAIR_TIERS: edge k's total in that tier (units of a hard rule, real cost, tie-break)."""
    bye_index: tuple[int | None, ...]
    """Per player: place in the bye policy's order (its cost in units), None when the bye is not allowed."""
    bye_changes: tuple[int, ...]
    """Per player: the bye to them changes the kept pairing's bye (1) or not (0); zeros without one."""
    keeping: bool
    """Whether a kept pairing is priced (the `keep_accepted` tier; docs/rules.md §7)."""
    weights: TierWeights
    edge_costs: tuple[int, ...]
    """Edge k's composite cost: its tiers weighted by `weights`, summed (what the solvers minimise)."""
    fixed: tuple[tuple[PlayerId, PlayerId], ...]
    band: int | None
    """Largest rank distance (in places) of an edge, locks apart; None: all pairs."""
    relaxed: bool
    """Whether pairs that break a hard rule are in the model (only when no pairing respects them all)."""
    bye_policy: ByeOrder

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def edge_count(self) -> int:
        return len(self.edge_u)

    def edge_cost(self, k: int) -> int:
        return self.edge_costs[k]

    def bye_cost(self, i: int) -> int | None:
        idx = self.bye_index[i]
        if idx is None:
            return None
        return (idx << self.weights.shift("bye_order")) + (self.bye_changes[i] << self.weights.shift("keep_accepted"))

    def bye_costs(self) -> list[int | None]:
        """`bye_cost` of every player (pool order), the tiers' shifts read once."""
        order, keep = self.weights.shift("bye_order"), self.weights.shift("keep_accepted")
        return [None if idx is None else (idx << order) + (changes << keep)
                for idx, changes in zip(self.bye_index, self.bye_changes, strict=True)]

    def bye_column(self, tier: TierName) -> Sequence[int]:
        """Each player's bye's total in one tier (zeros for a tier only games carry, and where no bye)."""
        if tier == "bye_order":
            return tuple(0 if idx is None else idx for idx in self.bye_index)
        if tier == "keep_accepted":
            return tuple(0 if idx is None else c for idx, c in zip(self.bye_index, self.bye_changes, strict=True))
        return (0,) * self.n

    def column(self, tier: TierName) -> Sequence[int]:
        """Each edge's total in one tier (zeros for a tier only the bye carries)."""
        if TIER[tier].prices == "bye":
            return (0,) * self.edge_count
        return self.edge_tiers[PAIR_TIERS.index(TIER[tier])]

    def hard_rule_breaks(self) -> list[bool]:
        """Per edge: whether it breaks a hard rule (such edges are in the model only when no pairing keeps
        them all, or by a director's lock)."""
        relax = [column for tier, column in zip(PAIR_TIERS, self.edge_tiers) if tier.kind == "relax"]
        return [any(units) for units in zip(*relax)] if relax else [False] * self.edge_count

    def edge_index(self) -> dict[tuple[int, int], int]:
        return {(u, v): k for k, (u, v) in enumerate(zip(self.edge_u, self.edge_v))}


def allowed_partners(inst: RoundInstance, band: int | None) -> list[list[int]]:
    """For each pool index i, the indexes j > i it may be paired with inside the band (locks honoured)."""
    players = inst.players
    n = len(players)
    index = {p.id: i for i, p in enumerate(players)}
    out: list[list[int]] = [[] for _ in range(n)]
    locked = ({i: index[partner] for i, p in enumerate(players) if (partner := inst.lock_partner(p.id)) is not None}
              if inst.locks else {})
    # The director's forbidden pairs by index (a pair with a player the model does not pair is moot).
    forbidden: dict[int, set[int]] = {}
    for a, b in inst.forbids:
        if a in index and b in index:
            forbidden.setdefault(index[a], set()).add(index[b])
            forbidden.setdefault(index[b], set()).add(index[a])
    for i in range(n):
        if i in locked:  # a lock: the pair must play, so it is the only edge of both
            j = locked[i]
            if j > i:
                out[i].append(j)
            continue
        last = n - 1 if band is None else min(n - 1, i + band)
        skip = forbidden.get(i)
        if locked:
            out[i] = [j for j in range(i + 1, last + 1) if j not in locked and (skip is None or j not in skip)]
        elif skip:
            out[i] = [j for j in range(i + 1, last + 1) if j not in skip]
        else:
            out[i] = list(range(i + 1, last + 1))
    return out


def compile_costs(inst: RoundInstance, band: int | None = None, relaxed: bool = False,
                  ctx: CostContext | None = None) -> CompiledCosts:
    """The round's model: every allowed pair inside the band (pairs breaking a hard rule only when
    `relaxed`, a director's lock always) and every allowed bye."""
    ctx = ctx or CostContext(inst)
    weights = tier_weights(inst, ctx)
    us, vs, white_u, by_tier = _model_edges(inst, ctx, band, relaxed)
    eu, ev = us.tolist(), vs.tolist()
    if inst.keep is not None:
        by_tier["keep_accepted"] = np.asarray(_keep_column(inst, eu, ev), dtype=np.int64)
    zeros = np.zeros(len(eu), dtype=np.int64)
    columns = [by_tier.get(t.name, zeros) for t in PAIR_TIERS]  # every tier a game carries, zero where not priced
    order = bye_order(inst)
    return CompiledCosts(round_number=inst.round_number, seed=inst.seed, players=tuple(p.id for p in inst.players),
                         edge_u=tuple(eu), edge_v=tuple(ev), white_u=tuple(white_u.tolist()),
                         edge_tiers=tuple(tuple(column.tolist()) for column in columns),
                         bye_index=_bye_index(inst, order), weights=weights,
                         bye_changes=_bye_changes(inst), keeping=inst.keep is not None,
                         edge_costs=composite_costs(by_tier, weights, len(eu)), fixed=inst.fixed, band=band,
                         relaxed=relaxed, bye_policy=order)


Column = np.ndarray
"""One value per edge (int64; bool for the colours)."""


@dataclass(frozen=True, slots=True)
class FieldArrays:
    """The players a round's model pairs, in rank order, as the arrays every pair's price is made of: built
    from an instance (`of`) or straight from a run's past (`pairing.lean`), priced alike (`price_edges`)."""

    ids: Sequence[PlayerId]
    """The players in their places among those the model pairs: index i is place i + 1 (`PlayerState.pos`),
    so an edge (u, v), u < v, is v − u places apart and its first player's place is odd when u is even."""
    white: Column
    """What white costs each (the colour terms' total, `CostContext.white_total`)."""
    black: Column
    """What black costs each."""
    bottom: Column
    """In the bottom region of the ranking (bool; D art. 9)."""
    at: Column
    """Each player's row in `table` (its `none` row for a player who never met anyone)."""
    table: MeetingTable
    rules: PairingRules
    round_number: int
    target: int
    """The rank distance aimed at (`RoundInstance.target_distance`)."""

    @staticmethod
    def of(inst: RoundInstance, ctx: CostContext) -> FieldArrays:
        players = inst.players
        n = len(players)
        table = inst.history.table()
        index, unmet = table.index, table.none
        return FieldArrays(
            ids=[p.id for p in players],
            white=np.array([ctx.white_total[p.id] for p in players], dtype=np.int64),
            black=np.array([ctx.black_total[p.id] for p in players], dtype=np.int64),
            bottom=np.fromiter((p.bottom for p in players), dtype=bool, count=n),
            at=np.fromiter((index.get(p.id, unmet) for p in players), dtype=np.int64, count=n), table=table,
            rules=inst.rules, round_number=inst.round_number, target=inst.target_distance)


EdgeTerms = tuple[Column, Column, Column, Column]
"""Per edge: whether its first player has white, relax_max_meetings, relax_rematch_round, the real cost."""


def _model_edges(inst: RoundInstance, ctx: CostContext, band: int | None,
                 relaxed: bool) -> tuple[Column, Column, Column, dict[TierName, Column]]:
    """The model's edges as columns: ends, whether the first end has white, and each tier's term by name
    (`price_edges`; the pairs with a past priced once per round, `ctx.edges`, kept while the band widens and
    across re-solves)."""
    players = inst.players
    n = len(players)
    partners = allowed_partners(inst, band)
    counts = [len(p) for p in partners]
    m = sum(counts)
    if m == n * (n - 1) // 2:  # every pair (no band, lock or forbid): the same ends for every round of n
        us, vs = all_pairs(n)
    else:
        us = np.repeat(np.arange(n, dtype=np.int64), counts)
        vs = np.fromiter(chain.from_iterable(partners), dtype=np.int64, count=m)
    field = FieldArrays.of(inst, ctx)
    terms = price_edges(field, us, vs, ctx)
    locked = (np.array([inst.lock_partner(p.id) is not None for p in players], dtype=bool) if inst.locks
              else None)
    return model_columns(field, us, vs, terms, inst.seed, relaxed, locked, partners)


def model_columns(field: FieldArrays, us: Column, vs: Column, terms: EdgeTerms, seed: int, relaxed: bool,
                  locked: Column | None = None, partners: Sequence[Sequence[int]] | None = None,
                  ) -> tuple[Column, Column, Column, dict[TierName, Column]]:
    """The priced edges as the model takes them: with their tie-breaks, and without the pairs that break a
    hard rule unless `relaxed` (no pairing keeps them all) or a director's lock holds them (`locked`, per
    player). `partners`: the edges row by row, when the caller has them (the tie-breaks of a huge field).
    Each tier a game carries by name; a tier left out is zero on every edge (a hard rule's, when every pair
    that breaks one is left out)."""
    white_a, meet, early, soft = terms
    ties = tiebreak_column(seed, field.round_number, field.ids, partners, us, vs)  # edge order
    breaks = (meet != 0) | (early != 0) if us.size else None
    if breaks is None or not breaks.any():
        return us, vs, white_a, {"real_cost": soft, "tiebreak": ties}
    by_tier: dict[TierName, Column] = {"relax_max_meetings": meet, "relax_rematch_round": early,
                                       "real_cost": soft, "tiebreak": ties}
    if relaxed:
        return us, vs, white_a, by_tier
    # Pairs that break a hard rule stay out unless no pairing keeps them all; a director's lock stays in.
    keep = (~breaks if locked is None else locked[us] | ~breaks).nonzero()[0]
    if locked is None:  # what is left breaks none
        return us[keep], vs[keep], white_a[keep], {"real_cost": soft[keep], "tiebreak": ties[keep]}
    return us[keep], vs[keep], white_a[keep], {name: column[keep] for name, column in by_tier.items()}


def price_edges(field: FieldArrays, us: Column, vs: Column, ctx: CostContext | None = None) -> EdgeTerms:
    """Every edge (us[k], vs[k]) priced as `CostContext.edge` prices one pair.

    A pair that never met costs its colours and its rank distance only: those are priced for all pairs at
    once in numpy from per-player totals; the pairs with a past are priced in numpy too, with their meetings
    (`_price_met`), and kept in `ctx` when given (`ctx.edges`: priced before, taken as kept)."""
    m = us.size
    if m == 0:
        none = np.zeros(0, dtype=np.int64)
        return none.astype(bool), none, none, none
    white, black = field.white, field.black
    rank = rank_costs(len(field.ids), field.target)
    a_white, b_white = white[us] + black[vs], black[us] + white[vs]
    # The cheaper colours; when both cost the same, the higher-ranked has white on an odd place (u even).
    white_a = (a_white < b_white) | ((a_white == b_white) & ((us & 1) == 0))
    soft = np.minimum(a_white, b_white) + rank[vs - us]
    meet = np.zeros(m, dtype=np.int64)
    early = np.zeros(m, dtype=np.int64)
    # The pairs with a past, read for every edge at once from the history's table of meetings by player.
    table = field.table
    a, b = field.at[us], field.at[vs]
    count = table.count[a, b]
    places = count.nonzero()[0]
    if places.size and ctx is not None and ctx.edges:  # priced before (the band widened, a re-solve): as kept
        kept = [ctx.edges.get(pair) for pair in zip(us[places].tolist(), vs[places].tolist())]
        done = [i for i, e in enumerate(kept) if e is not None]
        if done:
            white_a[places[done]], meet[places[done]], early[places[done]], soft[places[done]] = \
                zip(*[kept[i] for i in done])
            places = places[[i for i, e in enumerate(kept) if e is None]]
    if places.size:  # `ctx.edge` of every other such pair at once, written into the columns
        a, b = a[places], b[places]
        _price_met(field, ctx, count[places], table.last[a, b], ~table.white[a, b], places, us, vs, a_white,
                   b_white, rank, (white_a, meet, early, soft))
    return white_a, meet, early, soft


@lru_cache(maxsize=64)
def all_pairs(n: int) -> tuple[Column, Column]:
    """Every pair (u, v), u < v, of n players in row order, as `allowed_partners` lists them (read-only: kept)."""
    us, vs = np.triu_indices(n, 1)
    us, vs = us.astype(np.int64), vs.astype(np.int64)
    us.flags.writeable = vs.flags.writeable = False
    return us, vs


@lru_cache(maxsize=64)
def rank_costs(n: int, target: int) -> Column:
    """`rank_cost` of every distance 0..n (read-only: kept per field size and target)."""
    rank = np.array([rank_cost(d, target) for d in range(n + 1)], dtype=np.int64)
    rank.flags.writeable = False
    return rank


def _price_met(field: FieldArrays, ctx: CostContext | None, count: Column, last_round: Column,
               reversed_a: Column, places: Column, us: Column, vs: Column, a_white: Column, b_white: Column,
               rank: Column, columns: EdgeTerms) -> None:
    """Price the pairs that met before (at edge `places`: `count` meetings, the last in `last_round`, in which
    the edge's first player had black where `reversed_a`) as `ctx.edge` does, into the columns (white_a,
    relax_max_meetings, relax_rematch_round, real cost): the colours of the last game reversed where the
    rules say so (else the cheaper ones, already in `white_a`), the meeting rules (`meeting_cost_columns`),
    colours and rank distance. The priced pairs are kept in `ctx.edges` (when given)."""
    rules = field.rules
    u, v = us[places], vs[places]
    white_a, meet, early, soft = columns
    if rules.rematch_reverse_colours:  # reversed relative to their last game (D art. 8)
        white_a[places] = reversed_a
    relax_max, too_early, bottom, gap = meeting_cost_columns(count, last_round, field.bottom[u] & field.bottom[v],
                                                             field.round_number, rules)
    oriented = white_a[places]
    meet[places], early[places] = relax_max, too_early
    soft[places] = np.where(oriented, a_white[places], b_white[places]) + rank[v - u] + bottom + gap
    if ctx is not None:
        ctx.keep_priced(u, v, oriented, relax_max, too_early, soft[places])


def _keep_column(inst: RoundInstance, eu: list[int], ev: list[int]) -> list[int]:
    """Per edge: 1 when it is not a board of the kept pairing (a board changed), else 0; zeros without one."""
    keep = inst.keep
    if keep is None:
        return [0] * len(eu)
    ids = [p.id for p in inst.players]
    pairs = keep.pairs  # built once: the column is priced for every edge of the round
    return [0 if pair_key(ids[u], ids[v]) in pairs else 1 for u, v in zip(eu, ev)]


def _bye_changes(inst: RoundInstance) -> tuple[int, ...]:
    """Per player (pool order): 1 when the bye to them is not the kept pairing's bye, else 0."""
    keep = inst.keep
    if keep is None:
        return (0,) * len(inst.players)
    return tuple(keep.bye_changed(p.id) for p in inst.players)


def _bye_index(inst: RoundInstance, order: ByeOrder) -> tuple[int | None, ...]:
    """Per player (pool order): their place in the bye policy's order, None when they may not have the bye."""
    index: list[int | None] = [None] * len(inst.players)
    position = {p.id: i for i, p in enumerate(inst.players)}
    for idx, cand in enumerate(order.candidates):
        index[position[cand.player]] = idx
    return tuple(index)


def composite_costs(by_tier: dict[TierName, Column], weights: TierWeights, m: int) -> tuple[int, ...]:
    """Each edge's composite cost (`composite_column`) as Python integers."""
    total = composite_column(by_tier, weights, m)
    return tuple(total.tolist() if isinstance(total, np.ndarray) else total)


def composite_column(by_tier: dict[TierName, Column], weights: TierWeights, m: int) -> Column | list[int]:
    """Each edge's composite cost: its tiers' columns (by name; a tier not given is zero) shifted into place
    and summed, in numpy while the sum fits in 63 bits (it does up to thousands of players), else in Python
    integers."""
    terms = [(column, weights.shift(name)) for name, column in by_tier.items()
             if column.size and (name in _PRICED or column.any())]  # a hard rule's column is mostly all zeros
    if not terms:
        return np.zeros(m, dtype=np.int64)
    if all(int(column.min()) >= 0 for column, _ in terms) and \
            sum(int(column.max()) << shift for column, shift in terms) < 1 << 63:
        total = terms[0][0] << terms[0][1]
        for column, shift in terms[1:]:
            total += column << shift
        return total
    exact = [0] * m
    for column, shift in terms:
        exact = [acc + (value << shift) for acc, value in zip(exact, column.tolist())]
    return exact


_PRICED: frozenset[TierName] = frozenset({"real_cost", "tiebreak"})
"""The tiers that price nearly every edge: summed without asking whether they do."""
