"""The director's side of the live evening, with Pilot: the kiosk switched on and off on the Round screen (its code
in sight until a tablet is paired), arrivals at the door and reports from the boards seen at the app's next look
at the store, a latecomer's and a disagreement's way said, and a board's report taken with one key."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from keizer.seasons.model import Result
from keizer.tui.app.app import KeizerApp, make_app
from keizer.tui.app.screens.results import ResultsScreen
from keizer.tui.app.screens.round import RoundScreen
from keizer.tui.app.widgets.table import KeizerTable
from tests.live.helpers import TONIGHT, at, opened, pair, present_ids


def said(app: KeizerApp) -> list[str]:
    return [s.text for s in app.said]


def cells(table: KeizerTable, key: str) -> list[str]:
    return [str(cell) for cell in table.get_row(key)]


async def test_the_kiosk_is_switched_on_and_off_on_the_round_screen(demo_store: Path) -> None:
    app = make_app(demo_store)
    at(app.evening)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, RoundScreen)
        line = screen.query_one("#kiosk", Static)
        assert not line.display
        await pilot.press("k")
        await pilot.pause()
        code = said(app)[-1].split("type ")[1][:7].replace(" ", "")
        assert line.display and f"{code[:3]} {code[3:]}" in str(line.render())
        door = opened(demo_store)  # the server's evening: the tablet is paired with the code
        door.door.pair_tablet(code)
        door.close()
        screen.redraw()  # at the next drawing the line says a tablet is paired
        await pilot.pause()
        assert "a tablet at the door" in str(line.render())
        await pilot.press("K")
        await pilot.pause()
        assert said(app)[-1].startswith("kiosk off") and not line.display


async def test_arrivals_at_the_door_show_on_the_round_screen(demo_store: Path) -> None:
    app = make_app(demo_store)
    at(app.evening)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, RoundScreen)
        server = opened(demo_store)
        tablet = server.door.pair_tablet(server.door.kiosk_code())
        pid = present_ids(server)[0]
        done = server.door.check_in(pid, tablet)
        app.check_store()
        await pilot.pause()
        assert said(app)[-1] == done.label  # information: no warning that the season changed elsewhere
        assert "checked in" in cells(screen.query_one(KeizerTable), pid)[3]
        pair(server)
        late = server.door.check_in("bakker", tablet)  # excused, not on the pairing
        server.close()
        app.check_store()
        await pilot.pause()
        assert said(app)[-1].startswith(late.label or "") and "re-pairs" in said(app)[-1]
        assert cells(screen.query_one(KeizerTable), "bakker")[3].endswith("not on the pairing")


async def test_reports_are_taken_with_one_key_and_a_disagreement_is_said(demo_store: Path) -> None:
    server = opened(demo_store)
    pair(server)
    codes = server.reports.codes(TONIGHT)
    app = make_app(demo_store)
    at(app.evening)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ResultsScreen)
        for board, white, black in ((1, Result.WHITE_WINS, None), (2, Result.DRAW, Result.DRAW),
                                    (3, Result.WHITE_WINS, Result.BLACK_WINS)):
            token = server.reports.open_board(board, codes[board])
            server.reports.report(board, "white", white, token)
            if black is not None:
                server.reports.report(board, "black", black, token)
        app.check_store()
        await pilot.pause()
        assert any("differ" in line for line in said(app)[-3:])
        table = screen.query_one("#boards", KeizerTable)
        assert cells(table, "board:1")[4] == "1-0 w" and cells(table, "board:2")[4] == "½-½ wb"
        assert cells(table, "board:3")[4] == "≠ 1-0/0-1"
        table.move_cursor(row=0)
        await pilot.press("t")  # board 1, then the cursor goes to board 2
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        games = app.evening.season.round(TONIGHT).games
        assert [g.result for g in games[:3]] == [Result.WHITE_WINS, Result.DRAW, Result.PENDING]
        assert said(app)[-1].endswith("(reported from board 2)")
        table.move_cursor(row=2)
        await pilot.press("t")  # the reports differ: nothing entered, the way said
        await pilot.pause()
        assert games[2].result is Result.PENDING and "differ" in said(app)[-1]
    server.close()
