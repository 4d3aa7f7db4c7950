"""Results from the board (`keizer serve --results`): a player opens their board with its code (a cookie for that
board tonight), says who they are and the result — a report, through the evening's boards
(`evening/live/boards.py`), which the director takes. A result the director entered stays."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from keizer.evening.live.boards import REPORTABLE, Reported
from keizer.evening.live.refusals import Refused, Why
from keizer.evening.live.reported import BoardReport
from keizer.seasons.model import Result
from keizer.seasons.result_text import SHOWN
from keizer.web.live.forms import form_fields
from keizer.web.live.words import reported_key

if TYPE_CHECKING:
    from keizer.web.live.served import Live
    from keizer.web.sheet import Board

BOARD_COOKIE = "keizer-board"
"""The cookie of a phone that opened a board with its code: that board's token tonight (path /board/N)."""

BOARD_SECONDS = 12 * 3600
"""How long the phone's browser keeps it; the token ends with the game on the board, and with the evening."""


class Boards:
    """The boards' pages and forms."""

    def __init__(self, live: Live) -> None:
        self.live = live

    def routes(self) -> list[Route]:
        return [Route("/board", self.ask), Route("/board/{board:int}", self.board),
                Route("/board/{board:int}/open", self.open, methods=["POST"]),
                Route("/board/{board:int}/report", self.report, methods=["POST"])]

    async def ask(self, request: Request) -> Response:
        """`GET /board`: which board (`?number=N` goes to its page)."""
        if (closed := await self._closed()) is not None:
            return await self.live.refused(closed, "/")
        number = request.query_params.get("number", "").strip()
        if number.isdigit() and 0 < int(number) < 1000:
            return RedirectResponse(f"/board/{int(number)}", 303)
        return await self.live.form_page("live/board.html", self.live.say("report_link", board="").strip(), "board",
                                         step="ask", board=0, game=None)

    async def board(self, request: Request) -> Response:
        """`GET /board/N`: its code asked for, or — the board open on this phone — its reports and the form."""
        live = self.live
        n = request.path_params["board"]
        if (closed := await self._closed(n)) is not None:
            return await live.refused(closed, "/")
        game = await live.runner(self._game, n)
        try:
            await live.runner(live.pages.evening.reports.board_ok, n, request.cookies.get(BOARD_COOKIE))
        except Refused:
            return await live.form_page("live/board.html", live.say("board_page", board=n), "board", step="code",
                                        board=n, game=game, form=live.forms.issue(f"board-open:{n}"))
        done = next((r for r in Reported if r.name.lower() == request.query_params.get("done")), None)
        by = request.query_params.get("by", "")
        return await self._report_page(request, n, game, live.say(reported_key(done)) if done else "",
                                       by if by in ("white", "black") else "")

    async def open(self, request: Request) -> Response:
        """`POST /board/N/open`: the board's code; this phone's token for the board tonight (a cookie)."""
        live = self.live
        n = request.path_params["board"]
        if (closed := await self._closed(n)) is not None:
            return await live.refused(closed, "/")
        fields = await form_fields(request)
        if not live.forms.take(fields.get("form"), f"board-open:{n}"):
            return await live.stale(f"/board/{n}")
        address = live.address(request)
        if live.devices.refused(address):
            return await live.too_many()
        try:
            token = await live.runner(live.pages.evening.reports.open_board, n, fields.get("code", "")[:8])
        except Refused as refusal:
            if refusal.why in (Why.WRONG_CODE, Why.CLOSED):
                live.devices.wrong(address)
            return await live.refused(refusal, f"/board/{n}")
        response = RedirectResponse(f"/board/{n}", 303)
        response.set_cookie(BOARD_COOKIE, token, max_age=BOARD_SECONDS, path=f"/board/{n}", httponly=True,
                            samesite="strict")
        return response

    async def report(self, request: Request) -> Response:
        """`POST /board/N/report`: who reports and the result; the page says what it did."""
        live = self.live
        n = request.path_params["board"]
        if (closed := await self._closed(n)) is not None:
            return await live.refused(closed, "/")
        fields = await form_fields(request)
        if not live.forms.take(fields.get("form"), f"report:{n}"):
            return await live.stale(f"/board/{n}")
        by, result = fields.get("by", ""), fields.get("result", "")
        if by not in ("white", "black") or result not in {r.value for r in REPORTABLE}:
            return await live.refused(Refused(Why.NOT_REPORTABLE), f"/board/{n}")
        try:
            done = await live.runner(live.pages.evening.reports.report, n, "white" if by == "white" else "black",
                                     Result(result), request.cookies.get(BOARD_COOKIE))
        except Refused as refusal:
            return await live.refused(refusal, f"/board/{n}")
        # to the board's page (a refresh of it sends nothing again), saying what the report did
        return RedirectResponse(f"/board/{n}?done={done.reported.name.lower()}&by={by}", 303)

    async def _report_page(self, request: Request, n: int, game: Board | None, said: str, side: str = "") -> Response:
        live = self.live
        report = await live.runner(self._reports, n)
        state = self._state(report) if report is not None else ()
        if not side:  # the member this phone picked, if they play on this board
            me = request.cookies.get("keizer-me")
            side = "white" if game and me == game.white else "black" if game and me == game.black else ""
        return await live.form_page(
            "live/board.html", live.say("board_page", board=n), "board", step="report", board=n, game=game,
            said=said, state=state, side=side, open=report is not None and not report.entered.is_decided,
            choices=tuple((r.value, SHOWN[r]) for r in REPORTABLE), form=live.forms.issue(f"report:{n}"))

    def _state(self, report: BoardReport) -> tuple[str, ...]:
        """What the board's players reported, and the result entered — no times, no one else's board."""
        say = self.live.say
        if report.entered.is_decided:
            return (say("board_entered", result=SHOWN[report.entered]),)
        lines = [say("board_reported", side=say(side), result=SHOWN[result])
                 for side, result in (("white", report.by_white), ("black", report.by_black)) if result is not None]
        return tuple(lines) or (say("board_nothing"),)

    def _game(self, n: int) -> Board | None:
        """Board n of tonight's round as the sheet says it (names), None when there is none."""
        k, sheet = self.live.pages.tonight_sheet()
        if sheet is None or sheet.round != k or not 1 <= n <= len(sheet.boards):
            return None
        return sheet.boards[n - 1]

    def _reports(self, n: int) -> BoardReport | None:
        evening = self.live.pages.evening
        return evening.reports.board(evening.current_round(), n)

    async def _closed(self, n: int | None = None) -> Refused | None:
        """Why the boards take nothing now: the server was started without --results, there is no club evening
        tonight, tonight's round is not paired, or board `n` is not one of its boards."""
        if not self.live.config.results:
            return Refused(Why.NOT_OPEN, "--results")
        tonight = self.live.pages.evening.tonight
        try:
            found = await self.live.runner(tonight.open_round)
        except Refused as refusal:
            return refusal
        if not found.paired:
            return Refused(Why.NOT_PAIRED)
        if n is not None and await self.live.runner(self._game, n) is None:
            return Refused(Why.NO_GAME, str(n))
        return None
