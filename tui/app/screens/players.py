"""Players: the starting ranking — add (slotted by rating), edit, move, withdraw, suspend or readmit."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from keizer.seasons.model import PlayerId

from keizer.seasons.numbers import counted
from keizer.tui.app.dialogs.player import PlayerDialog, PlayerForm
from keizer.tui.app.dialogs.withdraw import WithdrawDialog
from keizer.tui.app.edits import edits
from keizer.tui.app.screens.base import KeizerScreen
from keizer.tui.app.widgets.table import KeizerTable
from keizer.seasons.names import cut, short_names

COLUMNS = (("#", "rank"), ("Name", "name"), ("Rating", "rating"), ("Start cl", "class"), ("Cup gr", "group"),
           ("Status", "status"))
"""The class is the one a player starts the season in: the standings show the class of the round, after the
moves accepted at the readings (D art. 5), so the header says which."""
NAME_AT_LEAST = 20
"""A long name is said short down to this before the status is cut (e, the edit form, shows both whole)."""


class PlayersScreen(KeizerScreen):
    """Everyone in the season, in starting-ranking order, with the class they start in."""

    MODE = "players"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add", "Add"),
        Binding("e", "edit", "Edit", tooltip="edit name, rating, starting class and cup group (the standings show "
                "the class of each round, after the accepted class moves)"),
        Binding("w", "withdraw", "Withdraw"),
        Binding("s", "suspend", "Suspend/readmit"),
        Binding("shift+up,less_than_sign", "move(-1)", "Move up", key_display="<"),
        Binding("shift+down,greater_than_sign", "move(1)", "Move down", key_display=">"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.added: str | None = None
        """The name of a player just added: the cursor goes to him when the table shows him."""

    def compose_body(self) -> ComposeResult:
        yield Static("", id="title", classes="title", markup=False)
        yield KeizerTable(id="players")

    def on_mount(self) -> None:
        self.query_one(KeizerTable).set_columns(COLUMNS)

    def refresh_view(self) -> None:
        rows = self.evening.roster.rows()
        cells = [(str(r.start_rank), r.player.name, _text(r.player.rating), r.player.klass or "",
                  _text(r.player.cup_group), r.status) for r in rows]
        table = self.query_one(KeizerTable)
        widths = [max([len(label), *(len(c[i]) for c in cells)]) for i, (label, _) in enumerate(COLUMNS)]
        # a long name gives way down to NAME_AT_LEAST, then the status is cut: nothing scrolls sideways
        room = table.text_room(self.size.width or self.app.size.width) - sum(widths) + widths[1] + widths[5]
        name_room = min(widths[1], max(NAME_AT_LEAST, room - widths[5]))
        status_room = max(len("Status"), room - name_room)
        shorts = short_names([c[1] for c in cells], name_room, name_room)
        table.fill([(r.player.id, (c[0], shorts[c[1]], c[2], c[3], c[4], cut(c[5], status_room)))
                    for r, c in zip(rows, cells)])
        active = sum(1 for r in rows if not r.status.startswith("withdrawn"))
        self.query_one("#title", Static).update(
            f"Players — starting ranking ({counted(len(rows), 'player')}, {active} taking part; "
            f"next round {self.keizer.current_round})")
        if self.added is not None:
            self._follow(self.added)

    def on_resize(self, event: events.Resize) -> None:
        """A wider or narrower terminal: names and states are said in full or short again."""
        if self.drawn_at is not None:
            self.refresh_view()

    def _selected(self) -> str | None:
        return self.query_one(KeizerTable).cursor_key

    @edits
    def action_add(self) -> None:
        def added(form: PlayerForm | None) -> None:
            if form is not None and self.write(self.evening.roster.add, form.name, form.rating, form.klass,
                                               form.cup_group, form.knsb_id, form.joins, form.place):
                self.added = form.name

        self.app.push_screen(PlayerDialog(self.evening, None), added)

    @edits
    def action_edit(self) -> None:
        pid = self._selected()
        if pid is None:
            return

        def edited(form: PlayerForm | None) -> None:
            if form is not None:
                self.write(self.evening.roster.edit, pid, form.name, form.rating, form.klass, form.cup_group)

        self.app.push_screen(PlayerDialog(self.evening, pid), edited)

    def on_data_table_row_selected(self) -> None:
        self.action_edit()

    @edits
    def action_withdraw(self) -> None:
        pid = self._selected()
        if pid is None:
            return

        def chosen(answer: tuple[int | None] | None) -> None:
            if answer is not None:
                self.write(self.evening.roster.withdraw, pid, answer[0])

        self.app.push_screen(WithdrawDialog(self.evening, pid), chosen)

    @edits
    def action_suspend(self) -> None:
        pid = self._selected()
        if pid is not None:
            self.write(self.evening.roster.toggle_suspension, pid)

    @edits
    def action_move(self, delta: int) -> None:
        pid = self._selected()
        if pid is None:
            return
        position = self.evening.season.start_rank(PlayerId(pid)) + delta
        self.write(self.evening.roster.move, pid, position)

    def _follow(self, name: str) -> None:
        """Put the cursor on the player just added."""
        self.added = None
        for p in self.evening.season.players:
            if p.name == " ".join(name.split()):
                table = self.query_one(KeizerTable)
                table.move_cursor(row=self.evening.season.start_rank(p.id) - 1, animate=False)


def _text(value: object) -> str:
    return "" if value is None else str(value)
