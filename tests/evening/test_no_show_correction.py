"""A corrected no-show takes back the suspension it set (docs/rules.md §13), in one undo step."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import Result
from keizer.tui.cli.main import main
from keizer.evening.evening import Evening

K = 32
"""A played round of the test season (club D: a no-show suspends)."""


def test_the_result_that_replaces_a_no_show_readmits_the_absentee(evening: Evening) -> None:
    game = evening.season.round(K).games[0]
    evening.results.no_show(K, "board:1", "white", replace=True)
    assert game.white in evening.season.suspended
    label = evening.results.set_result(K, "board:1", Result.DRAW, replace=True)  # the game was played after all
    assert "readmitted (the no-show is corrected)" in label
    assert game.white not in evening.season.suspended
    assert evening.season.round(K).games[0].result is Result.DRAW
    evening.history.undo()  # one step: the forfeit and the suspension are back together
    assert game.white in evening.season.suspended
    assert evening.season.round(K).games[0].result is Result.BLACK_FORFEIT_WIN


def test_the_no_show_of_the_other_colour_moves_the_suspension(evening: Evening) -> None:
    game = evening.season.round(K).games[0]
    evening.results.no_show(K, "board:1", "white", replace=True)
    label = evening.results.no_show(K, "board:1", "black", replace=True)
    suspended = evening.season.suspended
    assert game.black in suspended and game.white not in suspended and "readmitted" in label
    assert evening.season.round(K).games[0].result is Result.WHITE_FORFEIT_WIN


def test_a_suspension_the_director_set_on_its_own_stays(evening: Evening) -> None:
    game = evening.season.round(K).games[0]
    evening.results.set_result(K, "board:1", Result.BLACK_FORFEIT_WIN, replace=True)  # the forfeit key: suspends nobody
    evening.roster.toggle_suspension(game.white)  # the director's own decision
    label = evening.results.set_result(K, "board:1", Result.WHITE_WINS, replace=True)
    assert game.white in evening.season.suspended and "readmitted" not in label


def test_a_suspension_renewed_since_the_no_show_stays(evening: Evening) -> None:
    game = evening.season.round(K).games[0]
    evening.results.no_show(K, "board:1", "white", replace=True)
    evening.roster.toggle_suspension(game.white)  # reported back ...
    evening.roster.toggle_suspension(game.white)  # ... and suspended again by the director
    evening.results.set_result(K, "board:1", Result.DRAW, replace=True)
    assert game.white in evening.season.suspended


def test_a_later_no_show_keeps_the_absentee_suspended(evening: Evening) -> None:
    white = evening.season.round(K).games[0].white
    earlier = next(j for j in range(K - 1, 0, -1) if evening.season.round(j).game_of(white) is not None)
    rnd = evening.season.round(earlier)
    game = rnd.game_of(white)
    assert game is not None
    board = f"board:{rnd.games.index(game) + 1}"
    evening.results.no_show(earlier, board, "white" if game.white == white else "black", replace=True)  # suspends
    evening.results.no_show(K, "board:1", "white", replace=True)  # already suspended: nothing more to set
    evening.results.set_result(earlier, board, Result.DRAW, replace=True)  # round K's no-show still stands
    assert white in evening.season.suspended


def test_keizer_result_change_readmits_in_the_same_action(demo_store: Path, capsys: pytest.CaptureFixture[str]):
    game = load_season(demo_store).round(K).games[1]
    assert main(["result", str(demo_store), "2", "--no-show", "black", "--round", str(K), "--change"]) == 0
    assert game.black in load_season(demo_store).suspended
    assert main(["result", str(demo_store), "2", "--no-show", "white", "--round", str(K), "--change"]) == 0
    out = capsys.readouterr().out
    season = load_season(demo_store)
    assert game.white in season.suspended and game.black not in season.suspended and "readmitted" in out
    assert main(["result", str(demo_store), "2", "1-0", "--round", str(K), "--change"]) == 0
    assert game.white not in load_season(demo_store).suspended
    assert main(["undo", str(demo_store)]) == 0
    assert game.white in load_season(demo_store).suspended
