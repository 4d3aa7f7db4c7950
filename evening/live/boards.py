"""Results from the boards: each board's code (printed on its sheet, shown on the wall), the players' reports
(records, not results), and the director taking one — or, under the club's setting, the second report that says
the same entering it. A result the director entered is never changed from a phone."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from keizer.seasons.errors import ChangedMeanwhile, KeizerError
from keizer.seasons.model import Game, PlayerId, Result
from keizer.seasons.store.events import ResultSet
from keizer.seasons.store.live_events import REPORTABLE, ResultReported, Side
from keizer.evening.live.refusals import Refused, Why
from keizer.evening.live.reported import BoardReport, Made, board_reports
from keizer.evening.live.secret import Secret, same
from keizer.evening.live.tonight import Tonight, board_target
from keizer.evening.results import HasResult, Results
from keizer.evening.session import EveningSession
from keizer.evening.ways import Way, WayOut

CODE_DIGITS = 4
"""A board's code: four digits a thumb types, printed beside the board; CLOSED_AFTER wrong ones close it."""

ATTEMPTS = 5
"""How often a report is computed again when another program wrote between its reading and its writing."""

AGREED = "agreed"
"""The ruleset's `reported_results` that enters a result when both players report the same (docs/format.md)."""


class Reported(enum.Enum):
    """What a report did, as the phone says it."""

    REPORTED = "reported: the director takes it"
    ALREADY = "reported so already"
    AGREED = "both players reported the same: the director takes it"
    ENTERED = "both players reported the same: entered"
    DISAGREE = "the two reports differ: the director decides"


@dataclass(frozen=True, slots=True)
class Report:
    """A report from a board: which, what it did, the board as it stands after it."""

    board: BoardReport
    reported: Reported
    label: str | None
    """The action written (None: nothing was, `ALREADY`)."""


class NoReport(WayOut):
    """The director asked to take a board's report, and it has none."""

    def __init__(self, k: int, board: int) -> None:
        super().__init__(f"board {board} of round {k} has no report", Way.ENTER_RESULTS)


class ReportsDisagree(WayOut):
    """The director asked to take a board's report, and its two players reported different results."""

    def __init__(self, report: BoardReport) -> None:
        assert report.by_white is not None and report.by_black is not None
        super().__init__(f"the reports of board {report.board} differ (white {report.by_white.value}, black "
                         f"{report.by_black.value})", Way.ENTER_RESULTS)
        self.report = report


class ReportChanged(KeizerError):
    """The report the director took is not the one the screen showed: another came meanwhile."""


class BoardReports:
    """The boards' codes and reports of tonight's round, and the director taking them (the Results screen)."""

    def __init__(self, session: EveningSession, tonight: Tonight, results: Results) -> None:
        self.session = session
        self.tonight = tonight
        self.results = results

    # -- codes ---------------------------------------------------------------------------------------
    def codes(self, k: int, make: bool = True) -> dict[int, str]:
        """Each board of round k with its code (none for a season without a secret, or a round not paired):
        the printed sheet's and the wall's, never a published page's. Round k's own: another round's boards
        have other codes, so yesterday's code works for nobody tonight."""
        secret = self.tonight.secret(make)
        season = self.session.season
        if secret is None or not 1 <= k <= len(season.rounds):
            return {}
        return {board: _code(secret, k, game) for board, game in enumerate(season.round(k).games, start=1)}

    def open_board(self, board: int, code: str) -> str:
        """The phone's token for `board` of tonight's round, for its code: the board's code works for that board
        alone. Refused when it is wrong (counted per board: `Tonight.check_guesses`), or not tonight's."""
        k, game = self._tonight_board(board)
        self.tonight.writable()
        target = board_target(board)
        self.tonight.check_guesses(target)
        secret = self.tonight.secret()
        assert secret is not None  # a store that can be written has one
        if not same(code.strip(), _code(secret, k, game)):
            raise self.tonight.guessed_wrong(target)
        return self._token(secret, k, board, game)

    def board_ok(self, board: int, token: str | None) -> None:
        """Nothing when `token` is the phone's token of `board` tonight; Refused saying why not."""
        if not token:
            raise Refused(Why.NO_TOKEN, board_target(board))
        k, game = self._tonight_board(board)
        secret = self.tonight.secret(make=False)
        if secret is None or not same(token, self._token(secret, k, board, game)):
            raise Refused(Why.ENDED, board_target(board))

    def _token(self, secret: Secret, k: int, board: int, game: Game) -> str:
        day = self.tonight.day().isoformat()
        return f"{k}.{board}.{secret.mac('board-token', k, day, board, game.white, game.black)}"

    def _tonight_board(self, board: int) -> tuple[int, Game]:
        tonight = self.tonight.open_round()
        if not tonight.paired:
            raise Refused(Why.NOT_PAIRED)
        game = self.results.game_on(tonight.number, board)
        if game is None:
            raise Refused(Why.NO_GAME, board_target(board))
        return tonight.number, game

    # -- reports -------------------------------------------------------------------------------------
    def boards(self, k: int) -> tuple[BoardReport, ...]:
        """Round k's boards with what their players reported (the newest report of each counts)."""
        return board_reports(self.session.season, k, self.session.store.records_of(ResultReported))

    def made(self, k: int) -> tuple[Made, ...]:
        """Every report of round k in effect, oldest first, with the action that wrote it and when: the log's
        own account, for counting (`keizer bench serve`: none lost, none twice)."""
        return tuple(Made(aid, at, e.white, e.black, e.by, e.result)
                     for aid, at, e in self.session.store.records_of(ResultReported) if e.round == k)

    def results_written(self, k: int) -> dict[tuple[PlayerId, PlayerId], int]:
        """How many actions in effect set each game of round k to a decided result: 1 for a result entered once
        (`keizer bench serve`: no result entered twice)."""
        store = self.session.store
        written: dict[tuple[PlayerId, PlayerId], int] = {}
        for action in store.history(0):
            if action.kind != "do" or action.undone:
                continue
            for event in store.action_events(action.id):
                if isinstance(event, ResultSet) and event.round == k and event.result.is_decided:
                    written[(event.white, event.black)] = written.get((event.white, event.black), 0) + 1
        return written

    def board(self, k: int, board: int) -> BoardReport | None:
        found = self.boards(k)
        return found[board - 1] if 1 <= board <= len(found) else None

    def report(self, board: int, by: Side, result: Result, token: str | None) -> Report:
        """A player of `board` (`by`: white or black) reports its result from their phone, with the board's
        token: a record in the log ("reported from board 3"), not a result. When the other player reported the
        same and the ruleset's `reported_results` is "agreed", the result is entered with it, in one action.
        Refused for a board whose result the director entered, and for a forfeit (the director's). Computed
        again when another program wrote meanwhile (ATTEMPTS)."""
        self.tonight.writable()
        self.board_ok(board, token)
        if result not in REPORTABLE:
            raise Refused(Why.NOT_REPORTABLE, result.value)
        if by not in ("white", "black"):
            raise Refused(Why.NOT_REPORTABLE, str(by))
        for attempt in range(1, ATTEMPTS + 1):
            head = self.session.revision
            try:
                return self._report(board, by, result, head)
            except ChangedMeanwhile:
                if attempt == ATTEMPTS:
                    raise
        raise AssertionError("unreachable")

    def _report(self, board: int, by: Side, result: Result, head: int) -> Report:
        k, game = self._tonight_board(board)
        now = self.board(k, board)
        assert now is not None  # the board has a game
        if game.result.is_decided:
            raise Refused(Why.HAS_RESULT, board_target(board), result=game.result)
        if now.by(by) is result:
            return Report(now, Reported.ALREADY, None)
        season = self.session.season
        names = f"{season.player(game.white).name}–{season.player(game.black).name}"
        other = now.by_black if by == "white" else now.by_white
        record = ResultReported(round=k, white=game.white, black=game.black, by=by, result=result)
        where = f"round {k} board {board}: {names} {result.value}"
        if other is result and self.session.ruleset.reported_results == AGREED:
            label = f"{where} (reported from board {board} by both players: entered)"
            self.session.commit(label, record, ResultSet(round=k, white=game.white, black=game.black, result=result),
                                expect_head=head, exact=True)
            outcome = Reported.ENTERED
        else:
            label = f"{where} reported from board {board} by {by}"
            if other is not None and other is not result:
                label += f" (black reported {other.value})" if by == "white" else f" (white reported {other.value})"
            self.session.commit(label, record, expect_head=head, exact=True)
            outcome = (Reported.REPORTED if other is None else Reported.AGREED if other is result
                       else Reported.DISAGREE)
        after = self.board(k, board)
        assert after is not None
        return Report(after, outcome, label)

    # -- the director ----------------------------------------------------------------------------------
    def take(self, k: int, board: int, shown: Result | None = None) -> str:
        """The director takes a board's report as its result (one key on the Results screen): one action,
        labelled where it came from. `shown`: the result the screen showed, refused (`ReportChanged`) when the
        report says another now. `HasResult` on a board with a result, `NoReport` without a report,
        `ReportsDisagree` when its two reports differ (the director enters the result)."""
        game = self.results.game_on(k, board)
        if game is None:
            raise KeizerError(f"round {k} has no board {board}")
        if game.result.is_decided:
            raise HasResult(k, board, game.result, None)
        report = self.board(k, board)
        if report is None or (report.by_white is None and report.by_black is None):
            raise NoReport(k, board)
        if report.disagree:
            raise ReportsDisagree(report)
        result = report.reported
        assert result is not None
        if shown is not None and shown is not result:
            raise ReportChanged(f"board {board} now reports {result.value}, not {shown.value}: shown now")
        return self.results.set_result(k, f"board:{board}", result, source=f"reported from board {board}")


def _code(secret: Secret, k: int, game: Game) -> str:
    """Board code of the game `game` of round k: its players' (a board number moves in a re-pairing that keeps
    the game; a new game gets a new code)."""
    return secret.digits(CODE_DIGITS, "board-code", k, game.white, game.black)
