"""The players' federation numbers (`knsb_id`, `fide_id`): read, checked, written, kept by the store."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from keizer.seasons.errors import InputError
from keizer.seasons.load import load_season
from keizer.seasons.model import Player, PlayerId
from keizer.seasons.season_json.read import parse_season_text
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import PlayerAdded, PlayerUpdated
from tests.conftest import EVENING
from keizer.evening.evening import Evening


def season_text(**player_keys: object) -> str:
    players = [{"id": "a", "name": "Ann", **player_keys}, {"id": "b", "name": "Bob"}]
    return json.dumps({"format": "keizer-season/1", "players": players})


def test_numbers_are_read_and_written_back() -> None:
    season = parse_season_text(season_text(knsb_id=8012345, fide_id=1234567))
    assert (season.players[0].knsb_id, season.players[0].fide_id) == (8012345, 1234567)
    again = parse_season_text(dump_season(season))
    assert again == season
    assert '"knsb_id": 8012345' in dump_season(season)


def test_a_season_without_them_is_written_as_before() -> None:
    text = EVENING.read_text(encoding="utf-8")
    assert dump_season(parse_season_text(text)) == text


@pytest.mark.parametrize("keys, message", [
    ({"knsb_id": "8012345"}, "players[0].knsb_id: expected a member number"),
    ({"fide_id": 0}, "players[0].fide_id: expected a member number from 1"),
    ({"fide_id": 10 ** 11}, "fide_id: expected a member number from 1 to 99999999999"),
    ({"knsb_id": True}, "knsb_id: expected a member number"),
])
def test_bad_numbers_name_their_place(keys: dict[str, object], message: str) -> None:
    with pytest.raises(InputError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_season_text(season_text(**keys))


def test_one_number_for_two_players_is_refused() -> None:
    obj = json.loads(season_text(knsb_id=7))
    obj["players"][1]["knsb_id"] = 7
    with pytest.raises(InputError, match=r"players\[1\]\.knsb_id: 7 is also players\[0\]\.knsb_id"):
        parse_season_text(json.dumps(obj))


def test_the_store_keeps_them_through_events_undo_and_export(tmp_path: Path) -> None:
    store = tmp_path / "club.keizer"
    SeasonStore.create(store, load_season(EVENING)).close()
    new = Player(id=PlayerId("new"), name="Nieuw Lid", rating=1500, joined=33, knsb_id=8000001, fide_id=99)
    with SeasonStore.open(store) as s:
        s.apply("add", PlayerAdded(player=new))
        old = s.season.player(PlayerId("visser"))
        s.apply("ids", PlayerUpdated(player=replace(old, knsb_id=8000002)))
    season = load_season(store)
    assert season.player(PlayerId("new")) == new
    assert season.player(PlayerId("visser")).knsb_id == 8000002
    assert parse_season_text(dump_season(season)) == season  # export ∘ import is lossless


def test_editing_a_player_in_the_evening_keeps_the_numbers(tmp_path: Path) -> None:
    store = tmp_path / "club.keizer"
    season = load_season(EVENING)
    visser = replace(season.player(PlayerId("visser")), knsb_id=8000003)
    season = replace(season, players=tuple(visser if p.id == visser.id else p for p in season.players))
    SeasonStore.create(store, season).close()
    evening = Evening.open(store)
    try:
        evening.roster.edit("visser", "Frank Visser", 1999, None, None)
        assert evening.season.player(PlayerId("visser")).knsb_id == 8000003
        evening.roster.add("Anna Lid", 1700, knsb_id=8000004)
        assert next(p for p in evening.season.players if p.name == "Anna Lid").knsb_id == 8000004
    finally:
        evening.close()
