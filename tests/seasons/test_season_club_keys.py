"""The season file's own keys for a club's evening: the suspended set (D art. 12)."""

from __future__ import annotations

import copy
import json

import pytest

from keizer.seasons.errors import InputError
from keizer.seasons.model import PlayerId
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.season_json.write import dump_season, season_to_json
from tests.seasons.test_season_json import MINIMAL


def test_suspended_round_trips_sorted() -> None:
    obj = copy.deepcopy(MINIMAL)
    obj["suspended"] = ["kruijff", "dekker"]
    season = season_from_json(obj)
    assert season.suspended == (PlayerId("dekker"), PlayerId("kruijff"))
    assert season_to_json(season)["suspended"] == ["dekker", "kruijff"]
    assert season_from_json(json.loads(dump_season(season))) == season


def test_a_season_without_suspensions_is_written_as_before() -> None:
    season = season_from_json(copy.deepcopy(MINIMAL))
    assert "suspended" not in season_to_json(season)
    obj = copy.deepcopy(MINIMAL)
    obj["suspended"] = []
    assert "suspended" not in season_to_json(season_from_json(obj))


@pytest.mark.parametrize("value, where, message", [
    ("dekker", "suspended", "list of player ids"),
    (["nobody"], "suspended[0]", "unknown player"),
    (["dekker", "dekker"], "suspended[1]", "listed twice"),
    ([3], "suspended[0]", "expected a player id"),
])
def test_suspended_errors_name_the_path(value: object, where: str, message: str) -> None:
    obj = copy.deepcopy(MINIMAL)
    obj["suspended"] = value
    with pytest.raises(InputError) as info:
        season_from_json(obj)
    assert info.value.where == where and message in info.value.message


def test_enters_at_round_trips_and_rating_is_the_default() -> None:
    obj = copy.deepcopy(MINIMAL)
    obj["players"][5]["enters_at"] = 3
    season = season_from_json(obj)
    assert season.player(PlayerId("late")).enters_at == 3
    assert season_to_json(season)["players"][5]["enters_at"] == 3
    obj["players"][5]["enters_at"] = "rating"
    season = season_from_json(obj)
    assert season.player(PlayerId("late")).enters_at is None and "enters_at" not in season_to_json(season)["players"][5]


@pytest.mark.parametrize("value", [0, "top", True, 1.5])
def test_enters_at_errors_name_the_path(value: object) -> None:
    obj = copy.deepcopy(MINIMAL)
    obj["players"][5]["enters_at"] = value
    with pytest.raises(InputError) as info:
        season_from_json(obj)
    assert info.value.where == "players[5].enters_at"


def test_a_player_event_keeps_enters_at() -> None:
    from keizer.seasons.model import Player
    from keizer.seasons.store.events import PlayerAdded, event_from_payload

    event = PlayerAdded(Player(id=PlayerId("n"), name="N", joined=4, enters_at=7))
    assert event_from_payload(event.kind, json.loads(json.dumps(event.to_payload()))) == event
