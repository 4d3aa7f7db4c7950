"""The keizer-season/1 format: lossless round trip and errors that name the JSON path."""

from __future__ import annotations

import copy
import json

import pytest

from keizer.seasons.errors import InputError
from keizer.seasons.season_json.read import parse_season_text, season_from_json
from keizer.seasons.season_json.write import dump_season, season_to_json
from tests.conftest import DEMO, EVENING, REAL_SEASONS

MINIMAL = {
    "format": "keizer-season/1",
    "name": "Club 2019-2020",
    "ruleset": "kijk-uit",
    "rounds_planned": 36,
    "players": [
        {"id": "dekker", "name": "C. Dekker", "rating": 2012, "class": "A", "group": 1},
        {"id": "hamersma", "name": "P. Hamersma"},
        {"id": "kruijff", "name": "D. Kruijff"},
        {"id": "drel", "name": "N. Drel"},
        {"id": "bontenbal", "name": "J. Bontenbal"},
        {"id": "late", "name": "L. Later", "joined": 2},
    ],
    "rounds": [
        {"round": 1, "date": "2019-09-12",
         "games": [{"white": "dekker", "black": "hamersma", "result": "1-0"}],
         "entries": {"kruijff": "excused", "drel": "bye", "bontenbal": "external:1/2", "late": "late"}},
        {"round": 2, "games": [], "entries": {"drel": "external", "kruijff": "duty"}},
    ],
    "withdrawals": [{"player": "bontenbal", "before_round": 2}],
}


def errors_of(mutate) -> str:
    obj = copy.deepcopy(MINIMAL)
    mutate(obj)
    with pytest.raises(InputError) as info:
        season_from_json(obj)
    return str(info.value)


def test_round_trip_is_identity():
    assert season_to_json(season_from_json(MINIMAL)) == MINIMAL


def test_round_trip_of_the_demo_and_the_real_seasons():
    for path in [DEMO, EVENING, *REAL_SEASONS]:
        original = json.loads(path.read_text())
        season = parse_season_text(path.read_text(), str(path))
        assert season_to_json(season) == original, path
        assert parse_season_text(dump_season(season)) == season


def test_round_states():
    season = season_from_json(MINIMAL)
    assert season.played_rounds == 1
    assert season.last_scored_round == 1
    assert not season.round(2).is_paired


@pytest.mark.parametrize("mutate, expected", [
    (lambda o: o["rounds"][0]["games"][0].update(result="2-0"), "rounds[0].games[0].result: unknown result '2-0'"),
    (lambda o: o["rounds"][0]["games"][0].update(black="nobody"), "rounds[0].games[0].black: unknown player 'nobody'"),
    (lambda o: o["rounds"][0]["entries"].update(dekker="excused"), "rounds[0].entries.dekker: player 'dekker' appears twice"),
    (lambda o: o["players"].append({"id": "dekker", "name": "X"}), "players[6].id: duplicate id 'dekker' (also players[0])"),
    (lambda o: o.update(colour="x"), "colour: unknown key"),
    (lambda o: o["players"][0].update(elo=3), "players[0].elo: unknown key"),
    (lambda o: o.update(format="keizer-season/2"), "format: expected \"keizer-season/1\""),
    (lambda o: o["rounds"][0].update(round=3), "rounds[0].round: expected 1"),
    (lambda o: o["rounds"][0]["entries"].pop("kruijff"), "rounds[0]: player 'kruijff' has neither a game nor an entry in round 1"),
    (lambda o: o["rounds"][0]["entries"].update(late="excused"), "rounds[0].entries.late: player 'late' has not joined yet"),
    (lambda o: o["rounds"][1]["entries"].update(bontenbal="excused"), "rounds[1].entries.bontenbal: player 'bontenbal' withdrew before round 2"),
    (lambda o: o["rounds"][0]["games"][0].update(black="dekker"), "cannot play themselves"),
    (lambda o: o["withdrawals"].append({"player": "ghost", "before_round": 3}), "withdrawals[1].player: unknown player 'ghost'"),
    (lambda o: o.update(ruleset={"preset": "kijk-uit", "factors": {"winn": "1"}}), "ruleset.factors.winn: unknown key"),
    (lambda o: o.update(ruleset="sevilla"), "ruleset: unknown preset 'sevilla'"),
    (lambda o: o["rounds"][0]["entries"].update(kruijff="absent"), "rounds[0].entries.kruijff: unknown entry 'absent'"),
    # A list or an object where a result or an entry belongs is named like any other bad value, not a traceback.
    (lambda o: o["rounds"][0]["games"][0].update(result=[1, 0]), "rounds[0].games[0].result: unknown result [1, 0]"),
    (lambda o: o["rounds"][0]["entries"].update(kruijff={}), "rounds[0].entries.kruijff: unknown entry {}"),
])
def test_bad_input_names_the_path(mutate, expected):
    assert expected in errors_of(mutate)


def test_malformed_and_truncated_json_name_the_place():
    text = json.dumps(MINIMAL)
    with pytest.raises(InputError, match=r"^club\.json: line 1 column \d+: not valid JSON"):
        parse_season_text(text[: len(text) // 2], "club.json")
    with pytest.raises(InputError, match=r"^club\.json: players\[0\]\.rating"):
        parse_season_text(text.replace('"rating": 2012', '"rating": "high"'), "club.json")


def test_a_round_to_be_paired_needs_no_entry_for_present_players():
    obj = copy.deepcopy(MINIMAL)
    obj["rounds"][1]["entries"] = {}
    assert season_from_json(obj).round(2).entries == ()


def test_late_only_before_joining_and_unpaired_rounds_only_at_the_end():
    obj = copy.deepcopy(MINIMAL)
    obj["rounds"][1]["entries"] = {"late": "late"}  # `late` joined in round 2
    with pytest.raises(InputError, match=r"rounds\[1\]\.entries\.late: `late` is only for rounds before"):
        season_from_json(obj)
    obj = copy.deepcopy(MINIMAL)
    obj["rounds"].insert(0, {"round": 1, "games": [], "entries": {"kruijff": "excused"}})
    obj["rounds"][1]["round"], obj["rounds"][2]["round"] = 2, 3
    obj["players"][5]["joined"] = 3
    obj["withdrawals"][0]["before_round"] = 3
    with pytest.raises(InputError, match=r"rounds\[0\]\.games: round 1 has no games but round 2 has"):
        season_from_json(obj)
