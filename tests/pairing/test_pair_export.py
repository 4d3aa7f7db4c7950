"""Machine-readable output (docs/format.md): `--costs` re-solves independently to the same pairing; the JSON."""

from __future__ import annotations

import json

import rustworkx as rx

from keizer.pairing.alternatives import alternatives
from keizer.pairing.export import costs_json, proposal_json
from keizer.pairing.proposer import propose
from keizer.pairing.synthetic import synthetic_season
from keizer.seasons.model import PlayerId
from tests.pairing.helpers import instance


def resolve_from_json(data: dict) -> tuple[set[frozenset[str]], str | None, int]:
    """Min-cost perfect matching straight from the exported JSON (no pairing code involved)."""
    players = data["players"]
    index = {p: i for i, p in enumerate(players)}
    g = rx.PyGraph()
    g.add_nodes_from(players + (["BYE"] if len(players) % 2 else []))
    costs = [c for _, _, c in data["pair_costs"]] + list(data["bye_costs"].values())
    top = max(costs) + 1
    for a, b, c in data["pair_costs"]:
        g.add_edge(index[a], index[b], top - c)
    for p, c in data["bye_costs"].items():
        g.add_edge(index[p], len(players), top - c)
    mate = rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w)
    pairs, bye, total = set(), None, 0
    for u, v in mate:
        u, v = sorted((u, v))
        if v == len(players):
            bye = players[u]
            total += data["bye_costs"][bye]
        else:
            pairs.add(frozenset((players[u], players[v])))
    cost = {frozenset((a, b)): c for a, b, c in data["pair_costs"]}
    return pairs, bye, total + sum(cost[p] for p in pairs)


def test_the_costs_export_re_solves_to_the_same_unique_pairing():
    s = synthetic_season(31, 8, 4, ruleset="doorn-driebergen-2019")
    inst = instance(s, fixed=[(PlayerId("p001"), PlayerId("p002"))])
    prop = propose(inst)
    data = json.loads(json.dumps(costs_json(prop)))
    assert data["fixed"] == [["p001", "p002"]] and "p001" not in data["players"]
    pairs, bye, objective = resolve_from_json(data)
    model_pairs = {frozenset(p) for p in prop.pairs() if "p001" not in p}
    assert pairs == model_pairs and bye == prop.bye and objective == prop.objective
    chosen = {frozenset((a, b)): c for a, b, c in data["pair_costs"]}
    assert sum(chosen[p] for p in model_pairs) + (data["bye_costs"][bye] if bye else 0) == prop.objective


def test_proposal_json_has_the_format_keys_and_is_deterministic():
    inst = instance(synthetic_season(20, 5, 2))
    prop = propose(inst)
    alts = alternatives(inst, 2, best=prop)
    out = proposal_json(prop, alts)
    assert out["round"] == 6 and out["bye"] == prop.bye and out["objective"] == prop.objective
    assert out["pairings"][0] == {"white": prop.boards[0].white, "black": prop.boards[0].black}
    assert set(out["criteria"]) >= {"rank", "colour_run", "bye_order", "relax_max_meetings"}
    assert out["solver"]["name"] == "cpsat" and out["seed"] == 0
    assert [a["place"] for a in out["alternatives"]] == [2, 3]
    assert out["alternatives"][0]["objective"] >= out["objective"]
    again = proposal_json(propose(inst), alternatives(inst, 2))
    assert json.dumps(again, sort_keys=True) == json.dumps(out, sort_keys=True)
