"""The compiled model of a round: integer costs for the allowed pairs and byes, in lexicographic tiers."""

from __future__ import annotations

from dataclasses import dataclass

from pairing.criteria import CostContext, bye_order
from pairing.criteria.bye import ByeOrder
from pairing.criteria.rank import rank_cost
from pairing.criteria.tiebreak import TIEBREAK_BITS, tiebreak
from pairing.criteria.weights import BOTTOM_EXTRA, REMATCH_GAP_BASE, REMATCH_GAP_STEP
from pairing.instance import RoundInstance
from seasons.model import PlayerId


@dataclass(frozen=True, slots=True)
class TierWeights:
    """Powers of two that make the objective lexicographic:
    relax_max_meetings ≻ relax_rematch_round ≻ bye_order ≻ soft ≻ tie-break.

    Each weight exceeds the largest total the tiers below can reach in any pairing of the round, so the
    single integer objective orders pairings exactly like the tuple of tiers (docs/pairing.md)."""

    scale_bits: int
    """soft × 2^scale_bits: more than boards × 2^20, so the tie-break never outweighs one unit of real cost."""
    bye_bits: int
    round_bits: int
    meet_bits: int

    def composite(self, meet: int, round_: int, bye: int, soft: int, tb: int) -> int:
        return ((meet << self.meet_bits) + (round_ << self.round_bits) + (bye << self.bye_bits)
                + (soft << self.scale_bits) + tb)

    def split(self, value: int) -> tuple[int, int, int, int, int]:
        """(meet, round, bye, soft, tie-break) of a composite objective."""
        meet, rest = divmod(value, 1 << self.meet_bits)
        rnd, rest = divmod(rest, 1 << self.round_bits)
        bye, rest = divmod(rest, 1 << self.bye_bits)
        soft, tb = divmod(rest, 1 << self.scale_bits)
        return meet, rnd, bye, soft, tb


def tier_weights(inst: RoundInstance, ctx: CostContext | None = None) -> TierWeights:
    """The tier weights of a round, from closed-form bounds on the instance (not on the compiled edges),
    so that the checker and every band of the solver agree on one objective."""
    ctx = ctx or CostContext(inst)
    n = len(inst.players)
    boards = n // 2
    target = inst.target_distance
    # The most one pair can cost: the farthest pair (rank cost is convex, so an end is the worst), the two
    # worst colour costs, the worst early rematch and a bottom-region extra meeting.
    worst_rank = max(rank_cost(1, target), rank_cost(max(1, n - 1), target))
    colour = sorted((ctx.colour_max(p.id) for p in inst.players), reverse=True)[:2]
    gap = REMATCH_GAP_BASE + REMATCH_GAP_STEP * (inst.rules.rematch_gap or 0)
    soft_bound = boards * (worst_rank + sum(colour) + gap + BOTTOM_EXTRA)
    scale_bits = TIEBREAK_BITS + boards.bit_length()
    bye_bits = scale_bits + (soft_bound + 1).bit_length()
    round_bits = bye_bits + max(1, n).bit_length()
    meet_bits = round_bits + (boards + 1).bit_length()
    return TierWeights(scale_bits, bye_bits, round_bits, meet_bits)


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
    relax_meet: tuple[int, ...]
    relax_round: tuple[int, ...]
    soft: tuple[int, ...]
    tiebreak: tuple[int, ...]
    bye_index: tuple[int | None, ...]
    """Per player: place in the bye policy's order (its cost in units), None when the bye is not allowed."""
    weights: TierWeights
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
        return self.weights.composite(self.relax_meet[k], self.relax_round[k], 0, self.soft[k], self.tiebreak[k])

    def bye_cost(self, i: int) -> int | None:
        idx = self.bye_index[i]
        return None if idx is None else idx << self.weights.bye_bits

    def edge_index(self) -> dict[tuple[int, int], int]:
        return {(u, v): k for k, (u, v) in enumerate(zip(self.edge_u, self.edge_v))}


def allowed_partners(inst: RoundInstance, band: int | None) -> list[list[int]]:
    """For each pool index i, the indexes j > i it may be paired with inside the band (locks honoured)."""
    players = inst.players
    n = len(players)
    index = {p.id: i for i, p in enumerate(players)}
    out: list[list[int]] = [[] for _ in range(n)]
    locked = {i: index[inst.lock_partner(p.id)] for i, p in enumerate(players)  # type: ignore[index]
              if inst.lock_partner(p.id) is not None}
    for i in range(n):
        if i in locked:  # a lock: the pair must play, so it is the only edge of both
            j = locked[i]
            if j > i:
                out[i].append(j)
            continue
        last = n - 1 if band is None else min(n - 1, i + band)
        pid = players[i].id
        for j in range(i + 1, last + 1):
            if j in locked or inst.is_forbidden(pid, players[j].id):
                continue
            out[i].append(j)
    return out


def compile_costs(inst: RoundInstance, band: int | None = None, relaxed: bool = False,
                  ctx: CostContext | None = None) -> CompiledCosts:
    """The round's model: every allowed pair inside the band (pairs breaking a hard rule only when
    `relaxed`, a director's lock always) and every allowed bye."""
    ctx = ctx or CostContext(inst)
    players = inst.players
    weights = tier_weights(inst, ctx)
    eu: list[int] = []
    ev: list[int] = []
    wu: list[bool] = []
    rm: list[int] = []
    rr: list[int] = []
    sf: list[int] = []
    tb: list[int] = []
    seed, rnd = inst.seed, inst.round_number
    cache = ctx.edges
    for i, partners in enumerate(allowed_partners(inst, band)):
        a = players[i]
        locked = inst.lock_partner(a.id) is not None
        for j in partners:
            e = cache.get((i, j))
            if e is None:
                b = players[j]
                e = ctx.edge(a, b) + (tiebreak(seed, rnd, a.id, b.id),)
                cache[(i, j)] = e
            white_a, meet, round_, soft, tie = e
            if not relaxed and not locked and (meet or round_):
                continue
            eu.append(i)
            ev.append(j)
            wu.append(white_a)
            rm.append(meet)
            rr.append(round_)
            sf.append(soft)
            tb.append(tie)
    order = bye_order(inst)
    bye_index: list[int | None] = [None] * len(players)
    position = {p.id: i for i, p in enumerate(players)}
    for idx, cand in enumerate(order.candidates):
        bye_index[position[cand.player]] = idx
    return CompiledCosts(round_number=rnd, seed=seed, players=tuple(p.id for p in players),
                         edge_u=tuple(eu), edge_v=tuple(ev), white_u=tuple(wu), relax_meet=tuple(rm),
                         relax_round=tuple(rr), soft=tuple(sf), tiebreak=tuple(tb), bye_index=tuple(bye_index),
                         weights=weights, fixed=inst.fixed, band=band, relaxed=relaxed, bye_policy=order)

