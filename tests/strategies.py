"""Hypothesis strategies shared by the test suites: random rulesets and random valid seasons."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from keizer.seasons.model import Season
from keizer.seasons.season_json.read import season_from_json

SIXTHS = st.sampled_from(["0", "1/6", "1/3", "1/2", "2/3", "5/6", "1"])
FACTOR_KEYS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "external_win", "external_draw",
               "external_loss", "bye", "excused", "unexcused", "duty", "late")
ENTRY_KEYS = FACTOR_KEYS[5:]
ENTRIES = ("bye", "excused", "unexcused", "duty", "external:1", "external:1/2", "external:0")
RESULTS = ("1-0", "0-1", "1/2-1/2", "+-", "-+", "*")


@st.composite
def rulesets(draw: st.DrawFn, rounds: int) -> dict[str, Any]:
    spec: dict[str, Any] = {"preset": draw(st.sampled_from(["keizer-classic", "kijk-uit", "doorn-driebergen-2019"]))}
    if draw(st.booleans()):
        spec["value"] = draw(st.one_of(
            st.builds(lambda top, step, mn: {"ladder": "linear", "top": top, "step": step, "min": mn},
                      st.sampled_from([7, 12, "N", "N+2"]), st.sampled_from([1, "1/2", 2]), st.sampled_from([0, 1])),
            st.builds(lambda r, how: {"ladder": "ratio", "ratio": r, "rounding": how},
                      st.sampled_from([2, 3, "5/2"]), st.sampled_from(["half-even", "down"])),
            st.builds(lambda d: {"ladder": "range", "top": 20, "bottom": 10, "decimals": d},
                      st.sampled_from([None, 0, 1]))))
    if draw(st.booleans()):
        spec["factors"] = {k: draw(SIXTHS) for k in FACTOR_KEYS}
    if draw(st.booleans()):
        spec["fixed_points"] = {k: draw(st.sampled_from(["5", "7/2"])) for k in
                                draw(st.lists(st.sampled_from(ENTRY_KEYS), unique=True, max_size=3))}
    spec["self_value"] = draw(st.sampled_from([None, "current", "initial"]))
    if draw(st.booleans()):
        spec["absence_limit"] = {"count": draw(st.integers(0, 2)),
                                 "kinds": draw(st.lists(st.sampled_from(ENTRY_KEYS), unique=True, min_size=1,
                                                        max_size=3))}
    spec["valuation"] = draw(st.sampled_from(["current", "frozen"]))
    spec["iterate"] = draw(st.one_of(st.sampled_from(["never", "always"]),
                                     st.lists(st.one_of(st.integers(1, rounds), st.just("final")), max_size=3)))
    spec["aalsmeer"] = draw(st.one_of(st.none(), st.builds(lambda m, n: {"multiplier": m, "rounds": n},
                                                           st.sampled_from([1, 5, "1/2"]), st.integers(1, 3))))
    spec["withdrawal"] = {"removal_before_round": draw(st.one_of(st.none(), st.integers(1, rounds + 1))),
                          "win": draw(SIXTHS), "draw": draw(SIXTHS), "loss": draw(SIXTHS)}
    spec["rounding"] = draw(st.one_of(st.none(), st.sampled_from([{"grid": "1/2"}, {"grid": "1"}, {"grid": "1/3"}])))
    spec["participation"] = draw(st.one_of(
        st.sampled_from([None, "1/3", "1/2"]),
        st.builds(lambda share, counts: {"share": share, "counts": counts}, st.sampled_from(["1/3", "1/2"]),
                  st.lists(st.sampled_from(["game", "bye", "duty", "external"]), unique=True))))
    spec["forfeit"] = draw(st.sampled_from(["factors", "bye"]))
    spec["tiebreak"] = draw(st.lists(st.sampled_from(["previous_rank", "start_rank", "rating", "name"]),
                                     unique=True, max_size=4))
    return spec


@st.composite
def seasons(draw: st.DrawFn, max_players: int = 7, max_rounds: int = 5) -> Season:
    n = draw(st.integers(2, max_players))
    k = draw(st.integers(1, max_rounds))
    players = [{"id": f"p{i}", "name": draw(st.sampled_from(["Ann", "Bob", "Cas", "ann"])),
                **({"rating": draw(st.integers(1000, 2000))} if draw(st.booleans()) else {}),
                **({"joined": draw(st.integers(2, k + 1))} if draw(st.integers(0, 4)) == 0 else {})}
               for i in range(1, n + 1)]
    withdrawals = []
    if draw(st.booleans()):
        withdrawals.append({"player": f"p{draw(st.integers(1, n))}", "before_round": draw(st.integers(1, k + 1))})
    gone = {w["player"]: w["before_round"] for w in withdrawals}
    rounds = []
    for r in range(1, k + 1):
        here = [p["id"] for p in players if p.get("joined", 1) <= r and gone.get(p["id"], k + 2) > r]
        here = draw(st.permutations(here))
        m = draw(st.integers(1 if len(here) >= 2 else 0, len(here) // 2))
        games = [{"white": here[2 * g], "black": here[2 * g + 1], "result": draw(st.sampled_from(RESULTS))}
                 for g in range(m)]
        if r == 1 and games:
            games[0]["result"] = "1-0"  # at least one scored round
        entries = {p: draw(st.sampled_from(ENTRIES)) for p in here[2 * m:]}
        for p in players:
            if p.get("joined", 1) > r and gone.get(p["id"], k + 2) > r and draw(st.booleans()):
                entries[p["id"]] = "late"
        if games:
            rounds.append({"round": r, "games": games, "entries": entries})
        else:
            break
    spec = draw(rulesets(max(1, len(rounds))))
    obj = {"format": "keizer-season/1", "name": "random", "ruleset": spec, "players": players, "rounds": rounds,
           "withdrawals": withdrawals, "rounds_planned": draw(st.integers(max(1, len(rounds)), len(rounds) + 2))}
    return season_from_json(obj)
