"""K's final-group proposal passes over a player under the 33% rule (docs/rules.md §8): the rule decides
"een notering op de ranglijst", and the group is the top of that list."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from keizer.evening.championship.changes import formation, members_of
from keizer.evening.championship.view import PassedOver, group_view, proposal
from keizer.scoring.replay import replay
from keizer.seasons.season_json.read import season_from_json
from keizer.tui.cli.main import main

RULES = {"preset": "kijk-uit", "championship": {"after_round": 4, "size": 3, "mode": "separate"}}


def k_season() -> dict[str, Any]:
    """p1 beats p2 in round 1 and is excused in rounds 2–4: third in the Keizer after round 4, having taken
    part in 1 of 4 rounds (under 1/3)."""
    g = lambda w, b, r: {"white": w, "black": b, "result": r}  # noqa: E731
    rounds = [{"round": 1, "games": [g("p1", "p2", "1-0"), g("p3", "p4", "1/2-1/2")], "entries": {"p5": "bye"}}]
    rounds += [{"round": r, "games": [g("p2", "p3", "1/2-1/2"), g("p4", "p5", "1/2-1/2")],
                "entries": {"p1": "excused"}} for r in (2, 3, 4)]
    return {"format": "keizer-season/1", "name": "K", "ruleset": RULES, "rounds_planned": 10,
            "players": [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 6)], "rounds": rounds}


def test_the_proposal_passes_over_a_player_under_the_threshold() -> None:
    season = season_from_json(k_season())
    view = group_view(season)
    assert [r.player for r in replay(season).standings(4).rows][:3] == ["p5", "p4", "p1"]
    assert view.proposal == ("p5", "p4", "p3") and proposal(season) == ("p5", "p4", "p3")
    assert view.passed_over == (PassedOver("p1", withdrew=False, attended=1),)
    assert members_of(formation(season, ())).members == ("p5", "p4", "p3")


def test_the_director_reads_it_where_the_proposal_is(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "k.json"
    path.write_text(json.dumps(k_season()))
    assert main(["championship", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Passed over, under the 1/3 participation rule after round 4: Player 1 (1 of 4 rounds)" in out
    assert main(["championship", str(path), "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["passed_over"] == [{"player": "p1", "name": "Player 1", "reason": "participation", "attended": 1,
                                    "rounds": 4}]
    assert [p["player"] for p in said["proposal"]] == ["p5", "p4", "p3"]


def test_without_a_participation_rule_nobody_is_passed_over() -> None:
    obj = k_season()
    obj["ruleset"] = dict(RULES, participation=None)
    view = group_view(season_from_json(obj))
    assert view.proposal == ("p5", "p4", "p1") and view.passed_over == ()


async def test_f8_says_who_the_proposal_passed_over(tmp_path: Path) -> None:
    from keizer.seasons.store.season_store import SeasonStore
    from keizer.tui.app.app import make_app

    path = tmp_path / "k.keizer"
    SeasonStore.create(path, season_from_json(k_season())).close()
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f8")
        said = str(app.screen.query_one("#group-members").render())
        assert "Passed over, under the 1/3 participation rule after round 4: Player 1 (1 of 4 rounds)" in said
