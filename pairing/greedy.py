"""The classic greedy top-down Keizer pairing (1–2, 3–4, … sliding down on a conflict), for comparison."""

from __future__ import annotations

from keizer.pairing.checker import Pairing
from keizer.pairing.criteria.bye import bye_order
from keizer.pairing.criteria.pair_cost import CostContext
from keizer.pairing.criteria.meetings import meeting_terms
from keizer.pairing.instance import PlayerState, RoundInstance
from keizer.seasons.model import PlayerId


def greedy_pairing(inst: RoundInstance) -> Pairing:
    """What every Keizer program does today: the bye by the policy first, then the highest-ranked free
    player against the next free one he may meet; when nobody below may, the next one anyway (a
    violation the checker will report). Colours as our colour rules decide. No look-ahead."""
    ctx = CostContext(inst)
    order = bye_order(inst)
    bye = order.candidates[0].player if order.candidates else None
    free: list[PlayerState] = [p for p in inst.players if p.id != bye]
    games: list[tuple[PlayerId, PlayerId]] = list(inst.fixed)
    while free:
        a = free.pop(0)
        partner = inst.lock_partner(a.id)
        pick = next((i for i, b in enumerate(free) if b.id == partner), None) if partner else None
        if pick is None:
            pick = next((i for i, b in enumerate(free) if _may_meet(inst, a, b)), None)
        if pick is None:
            if not free:
                break  # nobody left: a player without a game (the checker reports it)
            pick = 0
        b = free.pop(pick)
        pc = ctx.pair_cost(a, b)
        games.append((pc.white, pc.black))
    return Pairing(tuple(games), bye)


def _may_meet(inst: RoundInstance, a: PlayerState, b: PlayerState) -> bool:
    if inst.lock_partner(b.id) is not None or inst.is_forbidden(a.id, b.id):
        return False
    terms = meeting_terms(inst.meetings_of(a.id, b.id), inst.round_number, a.bottom and b.bottom, inst.rules)
    return not (terms.relax_max_meetings or terms.relax_rematch_round)
