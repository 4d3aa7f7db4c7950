"""K's finalists keep their attendance (docs/rules.md §5, §8): an evening in the final group counts as K's "Opk"
counts an evening, so the 33% rule ("deelgenomen") does not turn against a finalist for playing in it."""

from __future__ import annotations

from typing import Any

from tests.oracle.reference import reference_replay
from keizer.scoring.replay import replay
from keizer.scoring.table import prize_table, standings_table
from keizer.seasons.season_json.read import season_from_json

RULES = {"preset": "kijk-uit", "championship": {"after_round": 3, "size": 2, "mode": "separate"}}
"""K's rules with a final group of two after round 3 (a double round robin of two rounds, 4 and 5)."""


def game(white: str, black: str, result: str) -> dict[str, str]:
    return {"white": white, "black": black, "result": result}


def k_season(unavailable: dict[str, list[int]] | None = None, group_results: tuple[str, str] = ("1-0", "1/2-1/2"),
             ) -> Any:
    """p1 plays round 1 only and is excused in rounds 2 and 3 (1 of 3: "ja"); p1 and p2 form the final group
    after round 3, play its two games in rounds 4 and 5, and the Keizer goes on without them to round 7."""
    rounds = [
        {"round": 1, "games": [game("p1", "p3", "1-0"), game("p2", "p4", "1-0"), game("p5", "p6", "1/2-1/2")]},
        {"round": 2, "games": [game("p2", "p3", "1-0"), game("p4", "p5", "1-0")],
         "entries": {"p1": "excused", "p6": "bye"}},
        {"round": 3, "games": [game("p2", "p4", "1-0"), game("p3", "p5", "1-0")],
         "entries": {"p1": "excused", "p6": "bye"}},
        {"round": 4, "games": [game("p3", "p4", "1-0"), game("p5", "p6", "0-1")]},
        {"round": 5, "games": [game("p3", "p5", "1/2-1/2"), game("p4", "p6", "1-0")]},
        {"round": 6, "games": [game("p3", "p6", "1-0"), game("p4", "p5", "0-1")]},
        {"round": 7, "games": [game("p3", "p4", "0-1"), game("p5", "p6", "1-0")]},
    ]
    group: dict[str, Any] = {"formed_after": 3, "members": ["p1", "p2"],
                             "schedule": [{"round": 4, **game("p1", "p2", group_results[0])},
                                          {"round": 5, **game("p2", "p1", group_results[1])}]}
    if unavailable:
        group["unavailable"] = unavailable
    return season_from_json({"format": "keizer-season/1", "name": "K", "ruleset": RULES, "rounds_planned": 7,
                             "players": [{"id": f"p{i}", "name": f"P{i}"} for i in range(1, 7)],
                             "rounds": rounds, "championship": group})


def attended(s: Any, k: int) -> dict[str, int]:
    table = standings_table(replay(s), k)
    return dict(zip(table["player"].to_list(), table["attended"].to_list()))


def test_a_finalists_group_evenings_count_as_attendance() -> None:
    """p1 took part in 1 of 3 rounds at the group's start ("ja"); with his two group games and the two rounds
    the group's schedule sets him aside he has 5 of 7 — "ja" still, not "nee" (1 of 7) as before."""
    s = k_season()
    assert attended(s, 3)["p1"] == 1 and replay(s).standings(3).rows[0].eligible
    assert attended(s, 7) == {"p1": 5, "p2": 7, "p3": 7, "p4": 7, "p5": 7, "p6": 7}
    rows = {r.player: r for r in replay(s).standings(7).rows}
    assert rows["p1"].eligible is True and rows["p1"].final_group
    assert prize_table(replay(s), 7)["player"].to_list()[:2] == ["p1", "p2"]  # not listed below the others


def test_an_unavailable_round_or_a_forfeit_loss_is_no_evening() -> None:
    """A round he said he cannot play (and the schedule set him aside) does not count; a group game he lost
    by forfeit does not either (he did not come)."""
    s = k_season(unavailable={"p1": [7]}, group_results=("-+", "1/2-1/2"))
    assert attended(s, 7)["p1"] == 1 + 1 + 1  # round 1, the game of round 5, the free round 6


def test_the_reference_counts_the_same() -> None:
    for s in (k_season(), k_season(unavailable={"p1": [6, 7]}, group_results=("-+", "+-"))):
        fast, ref = replay(s), reference_replay(s)
        for k in range(8):
            assert tuple(r.eligible for r in fast.standings(k).rows) == ref[k].eligible, k
