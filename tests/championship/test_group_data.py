"""The championship group in the season file and the store: validation, lossless round trips, undo."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from keizer.seasons.model import ChampionshipGroup, DecisionGame, GroupGame
from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.model import Player, PlayerId, Result, Season
from keizer.seasons.season_json.read import parse_season_text, season_from_json
from keizer.seasons.season_json.write import dump_season, season_to_json
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import (
    GroupDecisionSet,
    GroupFormed,
    GroupResultSet,
    GroupScheduleSet,
    GroupUnavailableSet,
)

P = PlayerId


def season(ruleset: object = "doorn-driebergen-2019", n: int = 8) -> Season:
    players = tuple(Player(id=P(f"p{i}"), name=f"Player {i}") for i in range(1, n + 1))
    return Season(name="S", ruleset_spec=ruleset, players=players, rounds_planned=36)


GROUP = ChampionshipGroup(
    formed_after=20, members=(P("p1"), P("p2"), P("p4"), P("p5")), declined=(P("p3"),),
    unavailable=((P("p2"), (23, 30)),),
    schedule=(GroupGame(21, P("p1"), P("p2")), GroupGame(21, P("p4"), P("p5")), GroupGame(22, P("p2"), P("p4"))),
    decision=(DecisionGame(P("p1"), P("p2"), Result.DRAW), DecisionGame(P("p2"), P("p1"))),
)


def test_a_file_without_the_key_has_no_group_and_writes_none() -> None:
    s = season()
    assert season_from_json(season_to_json(s)) == s
    assert "championship" not in season_to_json(s)


def test_the_group_round_trips_losslessly() -> None:
    s = replace(season(), championship=GROUP)
    text = dump_season(s)
    again = parse_season_text(text)
    assert again == s and again.championship == GROUP
    assert dump_season(again) == text
    obj = json.loads(text)["championship"]
    assert obj["members"] == ["p1", "p2", "p4", "p5"] and obj["unavailable"] == {"p2": [23, 30]}
    assert "result" not in obj["schedule"][0]  # an inside group's game has its result in the Keizer round


def test_a_separate_group_keeps_its_own_results() -> None:
    group = replace(GROUP, schedule=(GroupGame(21, P("p1"), P("p2"), Result.BLACK_WINS),))
    s = replace(season("kijk-uit"), championship=group)
    assert parse_season_text(dump_season(s)).championship == group


def bad(change: dict[str, object], ruleset: object = "doorn-driebergen-2019") -> str:
    obj = season_to_json(replace(season(ruleset), championship=GROUP))
    obj["championship"].update(change)
    with pytest.raises(InputError) as exc:
        season_from_json(obj)
    return f"{exc.value.where}: {exc.value.message}"


@pytest.mark.parametrize(("change", "message"), [
    ({"members": ["p1", "zz"]}, "championship.members[1]: unknown player 'zz'"),
    ({"members": ["p1", "p1"]}, "championship.members[1]: 'p1' is listed twice"),
    ({"members": ["p1"]}, "championship.members: a group needs at least 2 members"),
    ({"declined": ["p1"]}, "championship.declined[0]: 'p1' is a member"),
    ({"schedule": [{"round": 20, "white": "p1", "black": "p2"}]}, "championship.schedule[0].round: expected a round after 20"),
    ({"schedule": [{"round": 21, "white": "p1", "black": "p3"}]}, "championship.schedule[0].black: unknown group member 'p3'"),
    ({"schedule": [{"round": 21, "white": "p1", "black": "p2"}, {"round": 21, "white": "p4", "black": "p1"}]},
     "championship.schedule[1]: 'p1' already has a group game in round 21"),
    ({"schedule": [{"round": 21, "white": "p1", "black": "p2", "result": "1-0"}]}, "championship.schedule[0].result"),
    ({"unavailable": {"p3": [22]}}, "championship.unavailable.p3: unknown group member"),
    ({"decision": [{"white": "p1", "black": "p2", "result": "2-0"}]}, "championship.decision[0].result: unknown result"),
    ({"colour": 1}, "championship.colour: unknown key"),
])
def test_a_wrong_group_names_its_place(change: dict[str, object], message: str) -> None:
    assert bad(change).startswith(message)


def test_a_group_needs_a_ruleset_with_one() -> None:
    assert "the ruleset has no championship group" in bad({}, ruleset="keizer-classic")


def test_every_group_action_is_one_undo_step(tmp_path: Path) -> None:
    store = SeasonStore.create(tmp_path / "s.keizer", season())
    try:
        members = (P("p1"), P("p2"), P("p4"), P("p5"))
        store.apply("form", GroupFormed(20, members, (P("p3"),)))
        store.apply("unavailable", GroupUnavailableSet(P("p2"), (30, 23)))
        store.apply("schedule", GroupScheduleSet(GROUP.schedule))
        store.apply("decision", GroupDecisionSet(GROUP.decision))
        assert store.season.championship == GROUP
        with pytest.raises(KeizerError, match="nothing to change"):
            store.apply("again", GroupDecisionSet(GROUP.decision))
        with pytest.raises(KeizerError, match="no group game p1 - p4 is scheduled in round 21"):
            store.apply("result", GroupResultSet(21, P("p1"), P("p4"), Result.DRAW))
        with pytest.raises(KeizerError, match="an \"inside\" group's game takes its result"):
            store.apply("result", GroupResultSet(21, P("p1"), P("p2"), Result.DRAW))
        store.undo()
        assert store.season.championship == replace(GROUP, decision=())
        store.undo()
        store.undo()
        store.undo()
        assert store.season.championship is None
    finally:
        store.close()


def test_forming_the_same_group_again_keeps_its_schedule() -> None:
    s = replace(season(), championship=GROUP)
    again = GroupFormed(20, GROUP.members, ()).apply(s)
    assert again.championship == replace(GROUP, declined=())
    other = GroupFormed(20, (P("p1"), P("p2"), P("p3")), ()).apply(s)
    assert other.championship == ChampionshipGroup(20, (P("p1"), P("p2"), P("p3")), unavailable=GROUP.unavailable)
