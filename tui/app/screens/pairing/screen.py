"""Pairing: the proposal and its alternatives side by side; lock, forbid, swap, re-solve, accept."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import LoadingIndicator, Static
from textual.timer import Timer
from textual.worker import Worker

from keizer.seasons.model import PlayerId
from keizer.tui.app.dialogs.text import TextDialog
from keizer.tui.app.edits import edits
from keizer.tui.app.messages import SeasonWritten
from keizer.tui.app.screens.base import KeizerScreen
from keizer.tui.app.screens.pairing.solving import PairingProgressed, PairingSolved, SolveRun
from keizer.tui.app.widgets.proposal import ProposalColumn, proposals_in_sight
from keizer.evening.desk.desk import PairingDesk
from keizer.evening.words.visible import visible
from keizer.tui.app.screens.pairing.title import desk_title
from keizer.tui.app.ways import KEYS, hint
from keizer.evening.ways import Way

SHOWN = 3
"""Proposals side by side: the best and two alternatives."""
PARTIAL_DELAY = 0.25
"""Seconds the best pairing waits for its alternatives before it is drawn alone. A small round's follow
within it, and the screen is drawn once; drawn alone at once, the best took the whole width and every column
was drawn again a moment later. A large round's best shows while the alternatives are sought."""


class PairingScreen(KeizerScreen):
    """Solving runs in a thread worker; the screen stays live and esc cancels it."""

    MODE = "pairing"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "accept", "Accept"),
        Binding("l", "lock", "Lock"),
        Binding("f", "forbid", "Forbid"),
        Binding("s", "swap", "Swap"),
        Binding("r", "solve", "Re-solve"),
        Binding("w", "why", "Why", tooltip="why this board (or the bye) is paired so"),
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("ctrl+z", "undo_edit", "Undo", key_display="^z", show=False,
                tooltip="undo the last lock, forbid or swap on this screen; else the last saved change"),
        Binding("ctrl+y", "redo_edit", "Redo", key_display="^y", show=False,
                tooltip="bring back what ^z took back last: a lock, forbid or swap, or a saved change"),
        Binding("c", "clear", "Clear saved"),
        *(Binding(str(n), f"show_proposal({n})", f"Proposal {n}", group=Binding.Group("Proposal", compact=True))
          for n in range(1, SHOWN + 1)),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.second = 2
        """The proposal in the second column when only two fit (keys 2 and 3 choose)."""
        self.solve_run = SolveRun(self)
        """The solve the screen waits for, in its thread worker."""
        self._confirm_accept: tuple[int, tuple[tuple[PlayerId, PlayerId], ...]] | None = None
        """(proposal, its games) asked to be accepted again: it breaks a rule (a hand swap)."""
        self._confirm_clear: tuple[int | None, int] | None = None
        """(round, season revision) whose saved pairing the director was asked to clear: a second c clears it."""
        self._partial: Timer | None = None
        """Draws the best pairing alone when its alternatives are not there in `PARTIAL_DELAY`."""

    def compose_body(self) -> ComposeResult:
        yield Static("", id="title", classes="title", markup=False)
        with Horizontal(id="solving"):
            yield LoadingIndicator()
            yield Static("", id="solving-text", markup=False)
        with Horizontal(id="proposals"):
            for i in range(SHOWN):
                yield ProposalColumn(i)

    def on_mount(self) -> None:
        self.keizer.worker_failed_signal.subscribe(self, self._solve_failed)

    # -- drawing ----------------------------------------------------------------------------------
    @property
    def desk(self) -> PairingDesk:
        return self.evening.desk

    def refresh_view(self) -> None:
        k = self.keizer.current_round
        desk = self.desk
        desk.follow(k)
        views = desk.views()
        self.query_one("#title", Static).update(visible(desk_title(desk)))
        numbers = self._numbers(len(views))
        width = (self.size.width or 80) // max(1, len(numbers))
        # Every proposal is compared with the solver's best, also when a hand-made one stands first.
        best = next((v for v in views if v.kind == "solved"), views[0] if views else None)
        for column in self.query(ProposalColumn):
            if column.index < len(numbers):
                column.display = True
                column.show(views[numbers[column.index] - 1], width, numbers[column.index], best)
            else:
                column.display = False
        if (not views or desk.stale) and not self.solving and desk.should_solve():
            self.action_solve()  # nothing to show yet, or the attendance changed since: solve (again)

    def _numbers(self, count: int) -> list[int]:
        """Which proposals (1-based) the columns show."""
        return proposals_in_sight(self.size.width or 80, count, self.second)

    def on_screen_resume(self) -> None:
        # Textual calls KeizerScreen's after this one, which redraws a stale screen; a desk edit ctrl+y
        # brought back on another screen changes no revision, so the desk is drawn here.
        if not self.stale:
            self.refresh_view()

    def on_resize(self) -> None:
        if not self.stale:
            self.refresh_view()

    # -- solving -----------------------------------------------------------------------------------
    @property
    def solving(self) -> bool:
        return self.solve_run.running

    def action_solve(self) -> None:
        if self.solving:
            self.say("already solving (esc cancels)", "warning")
            return
        # Attendance changed since the pairing was accepted: re-pair keeping every accepted board it can.
        request = self.attempt(self.desk.prepare, self.keizer.current_round, SHOWN - 1, bool(self.desk.late))
        if request is None:
            return
        self._busy(f"Solving round {request.round_number}: {request.players} players… (esc cancels)")
        self.solve_run.start(request)

    def _busy(self, text: str | None) -> None:
        self.query_one("#solving").set_class(text is not None, "-busy")
        self.query_one("#solving-text", Static).update(text or "")

    @on(PairingProgressed)
    def _progress(self, message: PairingProgressed) -> None:
        if self.solving:
            self.query_one("#solving-text", Static).update(message.text + " (esc cancels)")

    @on(PairingSolved)
    def _solved(self, message: PairingSolved) -> None:
        if not self.solve_run.awaited(message.outcome):
            return  # from a solve that was cancelled or replaced
        if message.outcome.partial:  # the best so far (the worker goes on with the alternatives, or failed)
            self.desk.take(message.outcome)
            if self._partial is None:
                self._partial = self.set_timer(PARTIAL_DELAY, self._draw_partial)
            return
        self._drop_partial()
        self._busy(None)
        self.solve_run.finished()
        text = self.desk.take(message.outcome)
        done = message.outcome
        if done.error is None and not done.cancelled and self.desk.proposals:
            text += f" — {KEYS[Way.ACCEPT]}"
        self.say(text, "error" if message.outcome.error else "information")
        self.refresh_view()
        if self.desk.views():
            self.action_show_proposal(1)

    def _draw_partial(self) -> None:
        self._partial = None
        self.refresh_view()

    def _drop_partial(self) -> None:
        """The whole outcome (or the failure) is drawn instead of the best alone."""
        if self._partial is not None:
            self._partial.stop()
            self._partial = None

    def _solve_failed(self, worker: Worker[object]) -> None:
        """The app said and logged why the solve failed: stop waiting. A best pairing already found stays
        (it can be accepted); the desk remembers the failure, so that it does not solve again by itself."""
        if worker is not self.solve_run.worker:
            return
        self.solve_run.finished()
        self._drop_partial()
        self._busy(None)
        request = self.solve_run.request
        if request is not None:
            error = worker.error
            self.desk.failure = (f"the search failed ({type(error).__name__}: {error}): r tries again",
                                 request.head)
        self.refresh_view()

    def on_unmount(self) -> None:
        self.solve_run.stop_looking()
        self._drop_partial()

    def action_cancel(self) -> None:
        if self.solving:
            self.solve_run.cancel()  # what it still posts is dropped
            self._busy(None)
            if self._partial is not None:  # the best found is kept: shown now
                self._drop_partial()
                self.refresh_view()
            if self.desk.proposals and not self.desk.stale:
                self.say("stopped looking for alternatives: the best pairing is shown", "warning")
            else:
                self.say("solving cancelled: nothing changed", "warning")
        elif any(c.swap_from for c in self.query(ProposalColumn)):
            for column in self.query(ProposalColumn):
                column.swap_from = None
            self.refresh_view()
            self.say("swap cancelled")

    # -- the director's hand -------------------------------------------------------------------------
    def _focused_column(self) -> ProposalColumn:
        focused = self.focused
        for column in self.query(ProposalColumn):
            if focused is not None and focused in column.walk_children():
                return column
        return self.query_one("#proposal-0", ProposalColumn)

    def _at_cursor(self) -> tuple[int, int | None, str | None]:
        """(proposal index, board, player) under the cursor of the focused column."""
        column = self._focused_column()
        views = self.desk.views()
        index = column.shown - 1
        if index >= len(views):
            return index, None, None
        board, pid = column.cursor_player(views[index])
        return index, board, pid

    def action_show_proposal(self, number: int) -> None:
        """Focus proposal `number`; when it is not in sight, it takes the second column."""
        count = len(self.desk.views())
        if not 1 <= number <= count:
            self.say(f"there is no proposal {number} (there are {count})", "warning")
            return
        if number not in self._numbers(count):
            self.second = number
            self.refresh_view()
        index = self._numbers(count).index(number)
        self.query_one(f"#proposal-{index}", ProposalColumn).table.focus()

    def _edit(self, text: str | None) -> None:
        if text is not None:
            self.say(text)
            self.refresh_view()

    def action_lock(self) -> None:
        index, board, _ = self._at_cursor()
        if board is None:
            self.say("put the cursor on a board to lock it", "warning")
            return
        before = len(self.desk.locks)
        said = self.attempt(self.desk.toggle_lock, index, board)
        self._edit(said and said + (hint(Way.RESOLVE) if len(self.desk.locks) > before else ""))

    def action_forbid(self) -> None:
        index, board, _ = self._at_cursor()
        if board is None:
            self.say("put the cursor on a board to forbid its pair", "warning")
            return
        before = len(self.desk.forbids)
        said = self.attempt(self.desk.toggle_forbid, index, board)
        self._edit(said and said + (hint(Way.RESOLVE) if len(self.desk.forbids) > before else ""))

    def action_swap(self) -> None:
        column = self._focused_column()
        index, _, pid = self._at_cursor()
        if pid is None:
            self.say("put the cursor on a board (← White, → Black) to swap", "warning")
            return
        if column.swap_from is None:
            column.swap_from = pid
            self.refresh_view()
            self.say(f"swap {visible(self.evening.season.player(PlayerId(pid)).name)} with…? "
                     f"move to the other player (↑↓ a board, ←→ its side) and press s (esc cancels)")
            return
        first, column.swap_from = column.swap_from, None
        said = self.attempt(self.desk.swap, index, first, pid)
        self._edit(said and f"{said} — {KEYS[Way.ACCEPT]} it")

    def action_why(self) -> None:
        index, board, pid = self._at_cursor()
        views = self.desk.views()
        if index >= len(views) or (board is None and pid is None):
            return
        view = views[index]
        what = f"board {board}" if board is not None else "the bye"
        self.app.push_screen(TextDialog(f"Why {what} ({view.title})", view.why(board)))

    @edits
    def action_accept(self) -> None:
        if self.solving:
            self.say("still solving: wait, or press esc to stop (the best found so far stays)", "warning")
            return
        index = self._focused_column().shown - 1
        views = self.desk.views()
        if index < len(views) and views[index].problems and self._confirm_accept != (index, views[index].games):
            self._confirm_accept = (index, views[index].games)
            self.say(f"this pairing breaks: {views[index].problems[0]} — press a again to accept it anyway",
                            "warning")
            return
        self._confirm_accept = None
        label = self.attempt(self.desk.accept, index)
        if label is not None:
            self.post_message(SeasonWritten(label + " — enter the results on F4"))

    @edits
    def action_clear(self) -> None:
        change = self.attempt(self.desk.clearing)
        if change is None:
            return
        # A published pairing is not thrown away by one key: the second c, with nothing changed between, clears.
        asked = (self.desk.round_number, self.evening.revision)
        if self._confirm_clear != asked:
            self._confirm_clear = asked
            self.say(f"press c again to clear the saved pairing of round {asked[0]} (a latecomer or a call-off: "
                     f"r re-pairs keeping the accepted boards)", "warning")
            return
        self._confirm_clear = None
        label = self.attempt(self.desk.clear_saved)
        if label is not None:
            self.post_message(SeasonWritten(label + " (pair it again with r)"))

    async def action_undo_edit(self) -> None:
        """The desk's own edits first (they are not in the store's log), then the store's undo."""
        text = self.desk.undo_edit()
        if text is None:
            await self.run_action("app.undo")
            return
        self.say(text)
        self.refresh_view()

    async def action_redo_edit(self) -> None:
        """The app's redo (a desk edit comes back in its turn with the store's actions), the desk drawn again:
        an edit changes no revision, so the app's signal does not redraw it."""
        await self.run_action("app.redo")
        self.refresh_view()
