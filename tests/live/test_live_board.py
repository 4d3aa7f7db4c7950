"""Results from the board, in-process: a phone opens its board with the code, reports, and the page says it; and
each refusal of a request that does not belong — no token, a wrong code, another board's token, yesterday's, a
replayed form, a forfeit, a board the director entered, a device that guesses, a server that takes no results —
a 4xx, nothing written."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.evening.live.tonight import FREE_TRIES
from keizer.seasons.model import Result
from keizer.seasons.store.live_events import ResultReported
from keizer.web.live.forms import DEVICE_WRONG
from tests.live.helpers import TONIGHT, opened, pair
from tests.live.serving import client, form_token

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def evening(demo_store: Path):  # type: ignore[no-untyped-def]
    e = opened(demo_store)
    pair(e)
    yield e
    e.close()


def opened_board(c, evening: Evening, board: int) -> str:  # type: ignore[no-untyped-def]
    """The board's code typed on a phone: the phone's token for it (a cookie)."""
    form = form_token(c.get(f"/board/{board}").text)
    response = c.post(f"/board/{board}/open", data={"form": form, "code": evening.reports.codes(TONIGHT)[board]})
    assert response.status_code == 303 and f"Path=/board/{board}" in response.headers["set-cookie"]
    token = c.cookies.get("keizer-board")
    assert token is not None
    return token


def reports(evening: Evening) -> list[ResultReported]:
    return [e for _, _, e in evening._session.store.records_of(ResultReported)]  # type: ignore[attr-defined]


def test_a_player_reports_from_the_board(evening: Evening) -> None:
    game = evening.season.round(TONIGHT).games[4]
    with client(evening, results=True) as c:
        opened_board(c, evening, 5)
        page = c.get("/board/5").text
        assert evening.season.player(game.white).name in page and "Nog niets doorgegeven." in page
        done = c.post("/board/5/report", data={"form": form_token(page), "by": "black", "result": "0-1"})
        assert done.status_code == 303 and done.headers["location"] == "/board/5?done=reported&by=black"
        after = c.get(done.headers["location"]).text
        assert "Doorgegeven. De wedstrijdleider voert de uitslag in." in after and "Zwart gaf door: 0-1" in after
    assert reports(evening) == [ResultReported(TONIGHT, game.white, game.black, "black", Result.BLACK_WINS)]
    assert evening.season.round(TONIGHT).games[4].result is Result.PENDING  # a report, not a result
    assert evening.history.actions()[-1].label.endswith("0-1 reported from board 5 by black")


def test_another_boards_token_no_token_or_a_replayed_form_reports_nothing(evening: Evening) -> None:
    with client(evening, results=True) as c:
        token = opened_board(c, evening, 5)
        form = form_token(c.get("/board/5").text)
        c.cookies.clear()
        assert c.post("/board/5/report", data={"form": form, "by": "white", "result": "1-0"}).status_code == 403
        c.cookies.set("keizer-board", token, path="/board/6")  # board 5's token at board 6
        form6 = form_token(c.get("/board/6").text)  # asked for board 6's code: the token is not its
        assert 'inputmode="numeric"' in c.get("/board/6").text
        assert c.post("/board/6/report", data={"form": form6, "by": "white", "result": "1-0"}).status_code == 403
        c.cookies.clear()
        c.cookies.set("keizer-board", token, path="/board/5")
        form = form_token(c.get("/board/5").text)
        assert c.post("/board/5/report", data={"form": form, "by": "white", "result": "1-0"}).status_code == 303
        replay = c.post("/board/5/report", data={"form": form, "by": "white", "result": "0-1"})
        assert replay.status_code == 403 and "verlopen of al verstuurd" in replay.text
    assert [r.result for r in reports(evening)] == [Result.WHITE_WINS]


def test_a_forfeit_or_a_board_the_director_entered_is_refused(evening: Evening) -> None:
    with client(evening, results=True) as c:
        opened_board(c, evening, 5)
        forfeit = c.post("/board/5/report", data={"form": form_token(c.get("/board/5").text), "by": "white",
                                                  "result": "+-"})
        assert forfeit.status_code == 400
        form = form_token(c.get("/board/5").text)
        evening.results.set_result(TONIGHT, "board:5", Result.DRAW)  # the director, meanwhile
        entered = c.post("/board/5/report", data={"form": form, "by": "white", "result": "1-0"})
        assert entered.status_code == 409 and "½-½" in entered.text
        assert "De wedstrijdleider heeft de uitslag ingevoerd: ½-½." in c.get("/board/5").text
    assert reports(evening) == [] and evening.season.round(TONIGHT).games[4].result is Result.DRAW


def test_wrong_codes_slow_a_board_and_a_device_that_guesses_is_refused(evening: Evening) -> None:
    with client(evening, results=True) as c:
        guesses = 0
        board = 0
        while guesses < DEVICE_WRONG:
            board += 1
            for _ in range(FREE_TRIES):  # three wrong codes a board: each answered at once
                response = c.post(f"/board/{board}/open", data={"form": form_token(c.get(f"/board/{board}").text),
                                                               "code": "x"})
                assert response.status_code == 403
                guesses += 1
                if guesses == DEVICE_WRONG:
                    break
        refused = c.post("/board/9/open", data={"form": form_token(c.get("/board/9").text),
                                                "code": evening.reports.codes(TONIGHT)[9]})
        assert refused.status_code == 429  # the right code too, from this device
    with client(evening, results=True) as other:  # another device still reports
        opened_board(other, evening, 9)
    assert {a.target for a in evening.tonight.alarms()} >= {"board 1", "board 2"}


def test_yesterdays_token_or_a_server_without_results_reports_nothing(evening: Evening) -> None:
    with client(evening, results=True) as c:
        token = opened_board(c, evening, 5)
    with client(evening) as c:  # no --results
        c.cookies.set("keizer-board", token, path="/board/5")
        assert c.get("/board/5").status_code == 403
        assert c.post("/board/5/report", data={"form": "x", "by": "white", "result": "1-0"}).status_code == 403
    a_week_later = dt.datetime(2020, 4, 30, 20, 0).astimezone()
    with client(evening, a_week_later, results=True) as c:
        c.cookies.set("keizer-board", token, path="/board/5")
        assert c.get("/board/5").status_code == 403
    assert reports(evening) == []


def test_board_numbers_out_of_range_are_not_found(evening: Evening) -> None:
    with client(evening, results=True) as c:
        assert c.get("/board/99").status_code == 404
        assert c.get("/board/0").status_code == 404
        assert c.get("/board/x").status_code == 404
        assert c.get("/board?number=7").headers["location"] == "/board/7"
