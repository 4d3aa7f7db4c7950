"""Results from the boards through the evening layer: a board's code works for its own board on its own evening,
a report is a record and not a result, two that differ are flagged and enter nothing, the director takes one
with one call, the club's setting enters two that agree, and a result the director entered stays."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.evening.live.boards import Reported, ReportChanged, ReportsDisagree
from keizer.evening.live.refusals import Refused, Why
from keizer.evening.live.tonight import Came
from keizer.evening.live.secret import secret_path
from keizer.evening.results import HasResult
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import Result
from tests.live.helpers import TONIGHT, at, opened, pair


@pytest.fixture
def paired(demo_store: Path):  # type: ignore[no-untyped-def]
    evening = opened(demo_store)
    pair(evening)
    yield evening
    evening.close()


def phone(evening: Evening, board: int) -> str:
    """A phone's token for `board`: its code, as printed on the sheet, typed in."""
    return evening.reports.open_board(board, evening.reports.codes(TONIGHT)[board])


def test_a_board_code_opens_its_own_board_only(paired: Evening) -> None:
    codes = paired.reports.codes(TONIGHT)
    assert len(codes) == len(paired.season.round(TONIGHT).games) and all(len(c) == 4 for c in codes.values())
    token = phone(paired, 3)
    paired.reports.board_ok(3, token)
    with pytest.raises(Refused) as other:
        paired.reports.board_ok(4, token)
    assert other.value.why is Why.ENDED
    wrong = next(c for c in codes.values() if c != codes[5])  # another board's code at board 5
    with pytest.raises(Refused) as refused:
        paired.reports.open_board(5, wrong)
    assert refused.value.why is Why.WRONG_CODE
    with pytest.raises(Refused) as no_board:
        paired.reports.open_board(99, codes[1])
    assert no_board.value.why is Why.NO_GAME


def test_each_round_has_its_own_codes(paired: Evening) -> None:
    assert paired.reports.codes(TONIGHT) != paired.reports.codes(TONIGHT - 1)  # last week's boards
    last_week = paired.reports.codes(TONIGHT - 1)[1]
    if last_week != paired.reports.codes(TONIGHT)[1]:
        with pytest.raises(Refused):
            paired.reports.open_board(1, last_week)


def test_a_report_is_a_record_not_a_result(paired: Evening) -> None:
    token = phone(paired, 3)
    season, changed = paired.season, paired.season_revision
    done = paired.reports.report(3, "white", Result.WHITE_WINS, token)
    assert done.reported is Reported.REPORTED and "reported from board 3 by white" in (done.label or "")
    assert paired.season == season and paired.season_revision == changed  # the standings stay as they were
    assert paired.reports.board(TONIGHT, 3).by_white is Result.WHITE_WINS  # type: ignore[union-attr]
    assert paired.reports.report(3, "white", Result.WHITE_WINS, token).reported is Reported.ALREADY
    assert paired.history.actions()[-1].label == done.label


def test_two_reports_that_differ_are_flagged_and_enter_nothing(paired: Evening) -> None:
    token = phone(paired, 2)
    paired.reports.report(2, "white", Result.WHITE_WINS, token)
    done = paired.reports.report(2, "black", Result.DRAW, token)
    assert done.reported is Reported.DISAGREE and done.board.disagree
    assert paired.season.round(TONIGHT).games[1].result is Result.PENDING
    news = paired.tonight.news(0)
    assert news[-1].live and news[-1].came is Came.DISAGREE
    with pytest.raises(ReportsDisagree):
        paired.reports.take(TONIGHT, 2)
    paired.reports.report(2, "white", Result.DRAW, token)  # white corrects: they agree now
    assert paired.reports.take(TONIGHT, 2).endswith("1/2-1/2 (reported from board 2)")


def test_the_director_takes_a_report_with_one_call(paired: Evening) -> None:
    token = phone(paired, 1)
    paired.reports.report(1, "black", Result.BLACK_WINS, token)
    label = paired.reports.take(TONIGHT, 1, shown=Result.BLACK_WINS)
    assert label.endswith("0-1 (reported from board 1)") and label.startswith("round 33 board 1: ")
    assert paired.season.round(TONIGHT).games[0].result is Result.BLACK_WINS
    with pytest.raises(HasResult):
        paired.reports.take(TONIGHT, 1)
    with pytest.raises(KeizerError):  # NoReport: nothing reported on board 4
        paired.reports.take(TONIGHT, 4)


def test_the_log_counts_each_report_and_each_result_once(paired: Evening) -> None:
    game = paired.season.round(TONIGHT).games[0]
    token = phone(paired, 1)
    paired.reports.report(1, "white", Result.DRAW, token)
    paired.reports.report(1, "black", Result.DRAW, token)
    made = paired.reports.made(TONIGHT)
    assert [(m.white, m.black, m.by, m.result) for m in made] == [(game.white, game.black, "white", Result.DRAW),
                                                                  (game.white, game.black, "black", Result.DRAW)]
    assert made[0].action < made[1].action and made[1].at >= made[0].at
    assert paired.reports.results_written(TONIGHT) == {}
    paired.reports.take(TONIGHT, 1)
    assert paired.reports.results_written(TONIGHT) == {(game.white, game.black): 1}
    paired.history.undo()  # taken back: no result in effect
    assert paired.reports.results_written(TONIGHT) == {} and len(paired.reports.made(TONIGHT)) == 2


def test_a_report_that_changed_under_the_directors_eyes_is_not_taken(paired: Evening) -> None:
    token = phone(paired, 1)
    paired.reports.report(1, "white", Result.WHITE_WINS, token)
    shown = Result.WHITE_WINS
    paired.reports.report(1, "white", Result.DRAW, token)
    with pytest.raises(ReportChanged):
        paired.reports.take(TONIGHT, 1, shown=shown)
    assert paired.season.round(TONIGHT).games[0].result is Result.PENDING


def test_a_result_the_director_entered_is_never_changed_from_a_phone(paired: Evening) -> None:
    token = phone(paired, 1)
    paired.results.set_result(TONIGHT, "board:1", Result.DRAW)
    with pytest.raises(Refused) as refused:
        paired.reports.report(1, "white", Result.WHITE_WINS, token)
    assert refused.value.why is Why.HAS_RESULT and refused.value.result is Result.DRAW
    assert paired.season.round(TONIGHT).games[0].result is Result.DRAW


def test_a_forfeit_is_not_reported_from_a_board(paired: Evening) -> None:
    token = phone(paired, 1)
    for result in (Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.PENDING):
        with pytest.raises(Refused) as refused:
            paired.reports.report(1, "white", result, token)
        assert refused.value.why is Why.NOT_REPORTABLE


def test_the_clubs_setting_enters_two_reports_that_agree_in_one_action(paired: Evening) -> None:
    spec = {"preset": "doorn-driebergen-2019", "reported_results": "agreed"}
    paired.settings.change(ruleset_spec=spec)
    token = phone(paired, 4)
    assert paired.reports.report(4, "white", Result.DRAW, token).reported is Reported.REPORTED
    assert paired.season.round(TONIGHT).games[3].result is Result.PENDING  # one report is not enough
    done = paired.reports.report(4, "black", Result.DRAW, token)
    assert done.reported is Reported.ENTERED and "by both players: entered" in (done.label or "")
    assert paired.season.round(TONIGHT).games[3].result is Result.DRAW
    paired.history.undo()  # one action: the report and the result go back together
    assert paired.season.round(TONIGHT).games[3].result is Result.PENDING
    assert paired.reports.board(TONIGHT, 4).by_black is None  # type: ignore[union-attr]


def test_an_unknown_setting_is_refused_naming_the_key(paired: Evening) -> None:
    with pytest.raises(KeizerError, match="reported_results"):
        paired.settings.change(ruleset_spec={"preset": "kijk-uit", "reported_results": "always"})


def test_a_board_token_and_its_reports_go_with_the_game(paired: Evening) -> None:
    token = phone(paired, 1)
    paired.reports.report(1, "white", Result.WHITE_WINS, token)
    first = paired.season.round(TONIGHT).games[0]
    paired.desk.clear_saved()
    with pytest.raises(Refused) as unpaired:
        paired.reports.board_ok(1, token)
    assert unpaired.value.why is Why.NOT_PAIRED
    paired.desk.follow(TONIGHT)
    paired.desk.solve(TONIGHT, alternatives=1)
    paired.desk.toggle_forbid(0, 1)  # board 1's game is not played again: a new game on every board it had
    paired.desk.solve(TONIGHT, alternatives=0)
    paired.desk.accept(0)
    assert all((g.white, g.black) != (first.white, first.black) for g in paired.season.round(TONIGHT).games)
    with pytest.raises(Refused):
        paired.reports.board_ok(1, token)  # the token was the old game's
    assert all(b.by_white is None and b.by_black is None for b in paired.reports.boards(TONIGHT))


def test_the_secret_is_the_owners_and_in_no_export_or_log(paired: Evening, tmp_path: Path) -> None:
    path = secret_path(paired.path)  # type: ignore[arg-type]
    assert not path.exists()  # made when first needed
    codes = paired.reports.codes(TONIGHT)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    token = phone(paired, 1)
    paired.reports.report(1, "white", Result.WHITE_WINS, token)
    exported = tmp_path / "export.json"
    from keizer.tui.cli.main import main

    assert main(["export", str(paired.path), "-o", str(exported)]) == 0
    text = exported.read_text()
    assert "result-reported" not in text and "checked-in" not in text and token not in text
    log = " ".join(a.label for a in paired.history.actions())
    assert token not in log and path.read_text().strip() not in log + text
    assert not any(f"code {c}" in log for c in codes.values())
    os.chmod(path, 0o644)
    with opened(paired.path) as again:  # type: ignore[arg-type]
        with pytest.raises(KeizerError, match="chmod 600"):
            again.reports.codes(TONIGHT)
    assert json.loads(text)["rounds"][TONIGHT - 1]["games"]  # the season's own facts are there


def test_reports_of_another_evening_are_refused(paired: Evening) -> None:
    import datetime as dt

    token = phone(paired, 1)
    at(paired, dt.datetime(2020, 4, 30, 20, 0).astimezone())  # a week later: round 33's date has passed
    with pytest.raises(Refused) as refused:
        paired.reports.report(1, "white", Result.WHITE_WINS, token)
    assert refused.value.why is Why.NOT_TONIGHT
