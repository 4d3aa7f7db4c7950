"""Machine-readable output (docs/format.md): the `--costs` model of a round and the `--json` proposal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Union

from keizer.pairing.costs import CompiledCosts
from keizer.pairing.criteria.bye import ByeCandidate
from keizer.pairing.criteria.tiers import TIER_NAMES
from keizer.pairing.proposal import Proposal

if TYPE_CHECKING:
    from keizer.pairing.alternatives import Alternative

JsonValue = Union[None, bool, int, float, str, Sequence["JsonValue"], Mapping[str, "JsonValue"]]
"""A value as `json.dumps` writes it."""
JsonObject = dict[str, JsonValue]


def costs_json(costs: CompiledCosts | Proposal) -> JsonObject:
    """`{"players", "pair_costs", "bye_costs", "fixed"}` such that a proposal's objective is the sum of its
    pairs' costs and its bye's cost (fixed games are placed, not costed). Costs are the full lexicographic
    integers (tiers, real cost × scale, tie-break), so an independent solver finds the same unique optimum."""
    if isinstance(costs, Proposal):
        costs = costs.costs
    players = list(costs.players)
    pair_costs: list[JsonValue] = [[players[u], players[v], costs.edge_cost(k)]
                                   for k, (u, v) in enumerate(zip(costs.edge_u, costs.edge_v))]
    bye_costs: dict[str, JsonValue] = {players[i]: c for i in range(costs.n) if (c := costs.bye_cost(i)) is not None}
    return {
        "players": players,
        "pair_costs": pair_costs,
        "bye_costs": bye_costs,
        "fixed": [[white, black] for white, black in costs.fixed],
        "round": costs.round_number,
        "seed": costs.seed,
        "tiers": {name: 1 << shift for name, shift in zip(TIER_NAMES, costs.weights.shifts, strict=True)
                  if costs.keeping or name != "keep_accepted"},
        "band": costs.band,
    }


def proposal_json(proposal: Proposal, alternatives: Sequence[Alternative] = ()) -> JsonObject:
    """`{"round", "pairings": [{"white", "black"}], "bye", "objective", …}` — deterministic (no timings)."""
    out = {"round": proposal.round_number} | _pairing_json(proposal)
    out["seed"] = proposal.seed
    out["solver"] = {"name": proposal.solver.name, "version": proposal.solver.version,
                     "params": dict(proposal.solver.params), "status": proposal.solver.status,
                     "stages": proposal.solver.stages}
    out["relaxations"] = [{"rule": r.rule, "players": list(r.players), "message": r.message}
                          for r in proposal.relaxations]
    band = proposal.band
    out["band"] = {"band": band.band, "tried": list(band.tried), "proven": band.proven, "band_cost": band.band_cost,
                   "lower_bound": band.lower_bound, "note": band.note}
    order = proposal.bye_order
    out["bye_order"] = {"policy": order.policy, "anchor": order.anchor, "seed": order.seed,
                        "candidates": [_candidate_json(c) for c in order.candidates[:10]]}
    out["notes"] = list(proposal.notes)
    if alternatives:
        out["alternatives"] = [_alternative_json(a) for a in alternatives]
    return out


def _candidate_json(c: ByeCandidate) -> JsonObject:
    out: JsonObject = {"player": c.player, "rank": c.rank, "count": c.count}
    if c.lot is not None:
        out["lot"] = c.lot
    return out


def _alternative_json(a: Alternative) -> JsonObject:
    return _pairing_json(a.proposal) | {"place": a.place, "differs": list(a.differs), "extra_cost": a.extra_cost,
                                        "tie": a.tie}


def _pairing_json(p: Proposal) -> JsonObject:
    # The kept-pairing tier is named only when the round was paired again keeping its accepted pairing.
    tiers: JsonObject = {name: total for name, total in zip(TIER_NAMES, p.tiers, strict=True)
                         if p.costs.keeping or name != "keep_accepted"}
    out: JsonObject = {
        "pairings": [{"white": b.white, "black": b.black} | ({"fixed": True} if b.kind == "fixed" else {})
                     for b in p.boards],
        "bye": p.bye,
        "objective": p.objective,
        "real_cost": p.real_cost,
        "tiers": tiers,
        "criteria": dict(p.criteria),
    }
    return out | _moved_json(p)


def _moved_json(p: Proposal) -> JsonObject:
    """A re-pairing keeping the accepted pairing: the accepted boards it changes (nothing otherwise)."""
    if p.moved is None:
        return {}
    return {"moved_boards": list(p.moved.boards), "bye_moved": p.moved.bye}
