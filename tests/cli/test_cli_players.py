"""`keizer players`: the ids the other commands take, as text and JSON."""

from __future__ import annotations

import json

import pytest

from keizer.seasons.load import load_season
from tests.cli.test_cli_startup import HEAVY, modules_loaded_by
from tests.conftest import EVENING
from keizer.tui.cli.main import main


def test_players_json_lists_everyone_in_starting_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["players", str(EVENING), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["players"]
    season = load_season(EVENING)
    assert [r["id"] for r in rows] == [p.id for p in season.players]
    assert rows[0] == {"rank": 1, "id": "visser", "name": "Frank Visser", "rating": 1961, "knsb_id": None,
                       "fide_id": None, "class": None, "group": None, "joined": 1, "status": ""}


def test_players_text_shows_ids_and_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["players", str(EVENING)]) == 0
    out = capsys.readouterr().out
    assert " 1  visser     Frank Visser" in out and "44 players" in out


def test_players_loads_nothing_heavy() -> None:
    assert not modules_loaded_by("players", str(EVENING)) & set(HEAVY)
