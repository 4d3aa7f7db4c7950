"""Results: walk the boards and type 1, =, 0, +, -, *; the standings beside them follow every key."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from keizer.evening.live.reported import BoardReport
from keizer.evening.results import HasResult
from keizer.seasons.model import Result
from keizer.seasons.result_text import SHOWN
from keizer.seasons.rounds import to_come_head
from keizer.tui.app.dialogs.no_show import NoShowDialog
from keizer.tui.app.edits import edits
from keizer.tui.app.screens.base import KeizerScreen
from keizer.tui.app.widgets.table import KeizerTable
from keizer.tui.app.ways import keyed_said
from keizer.evening.words.tables import points
from keizer.seasons.names import short_names
from keizer.evening.words.visible import visible

NAME_WIDTH = 15
"""A name on a board is said short past this, where the boards have room for more."""
LIVE_NAME_WIDTH = 13
"""A name in the standings beside the boards is said short past this."""

BOARD_COLUMNS = (("Bd", "board"), ("White", "white"), ("Black", "black"), ("Res", "result"))
REPORTED = ("Rep", "reported")
"""The column of what the boards reported (`keizer serve --results`), there while a round has a report waiting."""
LIVE_COLUMNS = (("#", "rank"), ("Name", "name"), ("Points", "score"), ("", "move"))

TO_COME_LINES = 3
"""The most lines beside the boards that name the team results still to come: the standings keep the rest."""



def reported_cell(report: BoardReport) -> str:
    """What a board reported, as the Rep column says it: "1-0 w" (white reported it), "½-½ wb" (both),
    "≠ 1-0/½-½" (they differ: the director decides)."""
    white, black = report.by_white, report.by_black
    if white is not None and black is not None and white is not black:
        return f"≠ {SHOWN[white]}/{SHOWN[black]}"
    result = white or black
    assert result is not None
    return f"{SHOWN[result]} {'w' if white else ''}{'b' if black else ''}"


def to_come_lines(pending: Sequence[tuple[int, str]], width: int, lines: int = TO_COME_LINES) -> tuple[str, ...]:
    """The Standings screen's words for the team results still to come ("team result to come: Ann Visser
    (round 32)"), (round, name) each, wrapped to `width` in at most `lines` lines: as many named as fit, in
    round order, then how many more ("and 2 more"); () for none."""
    n = len(pending)
    if not n:
        return ()
    head = f"{to_come_head(n)}: "
    wrapped: list[str] = []
    for shown in range(n, -1, -1):
        said = [f"{name} (round {k})" for k, name in pending[:shown]]
        text = head + ", ".join(said) if shown == n else (
            f"{head}{', '.join(said)} and {n - shown} more" if shown else f"{head}{n}")
        wrapped = textwrap.wrap(text, max(1, width))
        if len(wrapped) <= lines:
            break
    return tuple(wrapped[:lines])


class ResultsScreen(KeizerScreen):
    """The boards of the last paired round; a result key sets the board and moves to the next one."""

    MODE = "results"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "result('1-0')", "1-0", tooltip="white wins"),
        Binding("equals_sign,r", "result('1/2-1/2')", "½-½", key_display="=", tooltip="draw (also r, remise)"),
        Binding("0", "result('0-1')", "0-1", tooltip="black wins"),
        Binding("plus", "result('+-')", "+-", key_display="+", tooltip="forfeit: white wins, black did not play"),
        Binding("minus", "result('-+')", "-+", key_display="-", tooltip="forfeit: black wins, white did not play"),
        Binding("asterisk", "result('*')", "pending", key_display="*", tooltip="not finished or not played yet"),
        Binding("n", "no_show", "No-show", tooltip="a player did not come without notice"),
        Binding("t", "take", "Take", tooltip="enter the result the board's players reported (keizer serve "
                                             "--results): the Rep column shows it"),
        *KeizerScreen.ROUND_BINDINGS,
    ]

    def __init__(self) -> None:
        super().__init__()
        self._confirm: tuple[int, str, str] | None = None
        """(round, row, result) asked to be pressed again: a decided result is changed only on purpose."""
        self._filled_round: int | None = None
        """The round the boards were last filled with: a new round starts on board 1."""
        self._reports: dict[str, BoardReport] = {}
        """Each board's reports as last drawn (by row key): `t` takes what the screen showed, nothing newer."""

    def compose_body(self) -> ComposeResult:
        yield Static("", id="title", classes="title", markup=False)
        with Horizontal():
            yield KeizerTable(id="boards")
            with Vertical(id="live"):
                yield Static("", id="live-title", classes="subtitle", markup=False)
                yield Static("", id="live-to-come", classes="subtitle", markup=False)
                yield KeizerTable(id="live-standings")

    def on_mount(self) -> None:
        self.query_one("#boards", KeizerTable).set_columns(BOARD_COLUMNS)
        live = self.query_one("#live-standings", KeizerTable)
        live.set_columns(LIVE_COLUMNS)
        live.can_focus = False

    @property
    def shown_round(self) -> int:
        return self.round_number or self.evening.results.round()

    def refresh_view(self) -> None:
        k = self.shown_round
        boards = self.query_one("#boards", KeizerTable)
        rows = []
        shown = self.evening.results.boards(k)
        self._reports = {f"board:{r.board}": r for r in self.evening.reports.boards(k) if r.waiting}
        with_reports = bool(self._reports)
        if with_reports != (len(boards.columns) > len(BOARD_COLUMNS)):
            boards.set_columns(BOARD_COLUMNS + ((REPORTED,) if with_reports else ()))
        reported = max((len(reported_cell(r)) for r in self._reports.values()), default=0)
        most = self._name_room(len(shown)) - (reported + 2 if with_reports else 0) // 2
        shorts = short_names([p.name for b in shown for p in (b.white, b.black) if p is not None],
                             min(NAME_WIDTH, most), most)
        room = self._entry_room(len(shown), max((len(shorts[b.white.name]) for b in shown), default=0))
        for b in shown:
            extra = (reported_cell(self._reports[b.key]) if b.key in self._reports else "",) if with_reports else ()
            if b.game is None or b.black is None:
                rows.append((b.key, ("", shorts[b.white.name], b.label_within(room), "", *extra)))
            else:
                rows.append((b.key, (str(b.board), shorts[b.white.name], shorts[b.black.name],
                                     SHOWN[b.game.result] or "…", *extra)))
        boards.fill(rows)
        if k != self._filled_round and rows:
            boards.move_cursor(row=0, animate=False)  # a new round: the first result goes on board 1
        self._filled_round = k
        self.query_one("#title", Static).update(visible(keyed_said(self.evening.results.summary(k))))
        live = self.evening.standings.view(k if self._paired(k) else None)
        # Provisional said as the Standings screen (F5) says it, on a line of its own: the panel is narrow.
        self.query_one("#live-title", Static).update(
            "\n".join(filter(None, (f"Standings after round {live.round}", live.provisional))))
        live_table = self.query_one("#live-standings", KeizerTable)
        others = sum(max([len(h), *(len(c) for c in cells)]) for h, cells in (
            ("#", [str(row.rank) for row in live.rows]), ("Points", [points(row.score, 1) for row in live.rows]),
            ("", [row.move for row in live.rows])))
        name_room = live_table.text_room(self._live_width() - self.query_one("#live").styles.gutter.width) - others
        live_shorts = short_names([row.name for row in live.rows], min(LIVE_NAME_WIDTH, name_room), name_room)
        live_table.fill([
            (row.player, (str(row.rank), live_shorts[row.name], points(row.score, 1), row.move))
            for row in live.rows
        ])
        # whose team result keeps the table provisional, as F5 names them (docs/rules.md §13), by the names
        # the table beside says: it may come days later, while the evening goes on
        to_come = self.query_one("#live-to-come", Static)
        said_as = {row.player: live_shorts[row.name] for row in live.rows}
        pending = [(j, visible(said_as.get(pid) or self.evening.season.player(pid).name)) for j, pid in live.to_come]
        width = self._live_width() - self.query_one("#live").styles.gutter.width - to_come.styles.gutter.width
        to_come.update("\n".join(to_come_lines(pending, width)))
        to_come.display = bool(pending)

    def _live_width(self) -> int:
        """The cells the standings beside the boards take, their border included."""
        live = self.query_one("#live").styles.width
        return int(live.resolve(self.size, self.app.size)) if live is not None else 0

    def _boards_room(self) -> int:
        """The characters a board's row has for its text: the screen's width less the standings beside
        the boards, every cell's padding and the scrollbar."""
        return self.query_one("#boards", KeizerTable).text_room(self.size.width - self._live_width())

    def _name_room(self, boards: int) -> int:
        """The characters White and Black each have for a name: long names are said short within them (at
        80 columns names that read the same are not lengthened past the boards' width)."""
        return (self._boards_room() - max(len("Bd"), len(str(boards))) - len("Res")) // 2

    def _entry_room(self, boards: int, white: int) -> int:
        """The characters the Black column has for a player's entry (a row without a game): the boards'
        room less the Bd, White and Res columns. At 80 columns "external: result to come" does not fit and
        is said short."""
        return self._boards_room() - max(len("Bd"), len(str(boards))) - max(len("White"), white) - len("Res")

    def on_resize(self, event: events.Resize) -> None:
        """A wider or narrower terminal: an entry is said in full or short again."""
        if self.drawn_at is not None:
            self.refresh_view()

    def _paired(self, k: int) -> bool:
        season = self.evening.season
        return k <= len(season.rounds) and season.round(k).is_paired

    def action_change_round(self, delta: int) -> None:
        last = self.evening.results.round()
        k = max(1, min(self.shown_round + delta, last))
        self.round_number = None if k == last else k

    @edits
    def action_result(self, code: str) -> None:
        boards = self.query_one("#boards", KeizerTable)
        key = boards.cursor_key
        if key is None:
            self.say(f"round {self.shown_round} has no boards yet: pair it first (F3)", "error")
            return
        k, new = self.shown_round, Result(code)
        old = next((b.game.result for b in self.evening.results.boards(k) if b.key == key and b.game is not None), None)
        if old is new:  # the score sheet says what is entered already (`*` on a game still on): next board
            boards.advance()
            return
        replace, self._confirm = self._confirm == (k, key, code), None  # the same key again: replace it
        if self.write(self._entered, k, key, new, replace):
            boards.advance()

    def _entered(self, k: int, key: str, new: Result, replace: bool) -> str | None:
        """The result entered (its label), or — on a board with another result, the first time — the
        service's refusal worded as a warning: the same key again replaces it."""
        try:
            return self.evening.results.set_result(k, key, new, replace=replace)
        except HasResult as has:
            self._confirm = (k, key, new.value)
            self.say(f"this board already has {has.old.value}: press the key again to change it to "
                     f"{new.value}", "warning")
            return None

    @edits
    def action_take(self) -> None:
        """The result the board's players reported, entered (one key a board): the cursor goes on to the next
        board whose report waits."""
        boards = self.query_one("#boards", KeizerTable)
        key = boards.cursor_key
        report = self._reports.get(key or "")
        if key is None or report is None:
            self.say("nothing reported on this board: type its result (1 = 0)", "error")
            return
        if self.write(self.evening.reports.take, self.shown_round, report.board, report.reported) is not None:
            following = [k for k in self._reports if k != key and not self._reports[k].disagree]
            if following:
                boards.move_cursor(row=boards.get_row_index(following[0]), animate=False)

    @edits
    def action_no_show(self) -> None:
        """D art. 11: ask who did not come, then book bye / unexcused (and suspend the absentee)."""
        k = self.shown_round
        key = self.query_one("#boards", KeizerTable).cursor_key
        row = next((b for b in self.evening.results.boards(k) if b.key == key), None)
        if key is None or row is None or row.game is None or row.black is None or row.board is None:
            self.say("put the cursor on a board with a game to record a no-show", "error")
            return
        replace, self._confirm = self._confirm == (k, key, "no-show"), None  # n again: replace the result
        try:
            self.evening.results.check_free(k, key, replace)  # asked before the dialog, as the service asks
        except HasResult as has:
            self._confirm = (k, key, "no-show")
            self.say(f"this board already has {has.old.value}: press n again to record a no-show instead",
                     "warning")
            return

        def chosen(colour: str | None) -> None:
            if colour is not None:
                self.write(self.evening.results.no_show, k, key, "white" if colour == "white" else "black",
                           replace=replace)

        self.app.push_screen(NoShowDialog(row.board, row.white.name, row.black.name,
                                          self.evening.results.no_show_means()), chosen)
