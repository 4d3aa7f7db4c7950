"""Groups: the championship group (members, declines, table, schedule with its state, decision games), the
classes and the group cups, a tab each."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Tabs, TabbedContent, TabPane

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId
from keizer.tui.app.edits import edits
from keizer.tui.app.screens.base import KeizerScreen
from keizer.tui.app.screens.group_search import ScheduleProposed, ScheduleSearch
from keizer.tui.app.widgets.championship import ChampionshipPane
from keizer.tui.app.widgets.classes import ClassesPanel, CupsPanel
from keizer.tui.app.widgets.table import KeizerTable

if TYPE_CHECKING:
    from keizer.seasons.model import GroupGame


CHAMPIONSHIP_ACTIONS = frozenset({"decline", "form", "fill", "unavailable", "propose", "accept", "move", "result"})
"""The Championship tab's keys: they act, and the footer shows them, only on that tab."""
TAB_OF = {"classes_accept": ("classes",), "panel_round": ("classes", "cups")}
"""The other tabs' keys the screen holds for when the focus is on the tab bar (their panels hold them for
when it is in the panel): on which tabs each acts."""


class GroupsScreen(KeizerScreen):
    """One tab per kind of group; the first is the championship group. Before it forms: `d` marks the
    proposed player under the cursor as declining (the next in line moves up), `f` forms it; `n` takes the next
    in line in for a member who withdrew before the group played (the pane offers it). Then `u` sets
    the rounds the member under the cursor cannot play, `s` proposes a schedule (shown, not saved; esc
    stops the search) and `a` accepts it; `m` moves the accepted game under the cursor to another round,
    saying what that breaks (refused if a hard rule); `1` `=` `0` enter the result of the game under the
    cursor — a separate group's game, or a decision game. Each write is one undo step. The Classes and Cups
    tabs have their own keys; each tab's keys act, and are in the footer, only on that tab. ↓ on the tab
    bar goes into the tab's table; the members and the schedule read as one list."""

    MODE = "groups"
    AUTO_FOCUS = "#group-table"
    """The keys act on the table's cursor: in the table from the start, not on the tab bar."""
    # Every tab's keys here, each acting (and in the footer) only on its tab (`check_action`): the focus may
    # be on the tab bar, outside every panel, and the keys still act on the tab in sight.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "decline", "Declines"),
        Binding("f", "form", "Form group"),
        # only when a member withdrew before the group played (the pane says so, with this key): D art. 3
        Binding("n", "fill", "Next in line", show=False,
                tooltip="take the next in line in for a member who withdrew before the group played"),
        Binding("u", "unavailable", "Unavailable", tooltip="rounds the member under the cursor cannot play"),
        # short words in the footer, so that every key is in sight at 80 columns; the help says them whole
        Binding("s", "propose", "Propose", tooltip="propose a schedule (shown, not saved)"),
        Binding("a", "accept", "Accept", tooltip="accept the proposed schedule"),
        Binding("m", "move", "Move", tooltip="move the game under the cursor to another round"),
        Binding("1", "result('1-0')", "White wins", group=Binding.Group("Result", compact=True)),
        Binding("equals_sign", "result('1/2-1/2')", "Draw", key_display="=",
                group=Binding.Group("Result", compact=True)),
        Binding("0", "result('0-1')", "Black wins", group=Binding.Group("Result", compact=True)),
        Binding("a", "classes_accept", "Accept moves", tooltip="Classes tab: accept the class moves proposed"),
        Binding("left_square_bracket", "panel_round(-1)", "Previous round", key_display="[",
                tooltip="Classes and Cups tabs: the tables after the round before"),
        Binding("right_square_bracket", "panel_round(1)", "Next round", key_display="]",
                tooltip="Classes and Cups tabs: the tables after the round after"),
        Binding("escape", "stop", "Stop", show=False, tooltip="stop proposing a schedule (nothing proposed)"),
        Binding("down,up", "into_table", show=False),  # on the tab bar: into the tab's table
    ]

    def __init__(self) -> None:
        super().__init__()
        self.declined: list[PlayerId] = []
        """Proposed players who declined, before the group is formed (D art. 4)."""
        self.proposed: tuple[GroupGame, ...] | None = None
        """The schedule shown but not yet accepted."""
        self.search = ScheduleSearch(self)
        """The schedule model's search, while one runs (esc stops it)."""

    def compose_body(self) -> ComposeResult:
        with TabbedContent(id="groups"):
            with TabPane("Championship", id="championship"):
                yield ChampionshipPane()
            with TabPane("Classes", id="classes"):
                yield ClassesPanel(self.evening)
            with TabPane("Cups", id="cups"):
                yield CupsPanel(self.evening)

    def refresh_view(self) -> None:
        season = self.evening.season
        pane = self.query_one(ChampionshipPane)
        try:
            view = self.evening.group.view(tuple(self.declined))
        except KeizerError as exc:  # no group in this ruleset: say so in the pane
            pane.show(season, None, str(exc))
            return
        pane.show(season, view, proposed=self.proposed)

    @property
    def tab(self) -> str:
        """The tab in sight: "championship", "classes" or "cups"."""
        return self.query_one("#groups", TabbedContent).active

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in CHAMPIONSHIP_ACTIONS:
            return self.tab == "championship"
        if action in TAB_OF:
            return self.tab in TAB_OF[action]
        if action == "stop":
            return self.search.running
        if action == "into_table":
            return isinstance(self.focused, Tabs)
        return True

    @on(TabbedContent.TabActivated)
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        self.refresh_bindings()  # the footer shows the keys of the tab in sight

    def action_into_table(self) -> None:
        """↓ (or ↑) on the tab bar: into the first table of the tab in sight, where the cursor keys move."""
        pane = self.query_one(f"#{self.tab}", TabPane)
        table = next((t for t in pane.query(KeizerTable) if t.display), None)
        if table is not None:
            table.focus()

    def _panel(self) -> ClassesPanel | CupsPanel:
        return self.query_one(ClassesPanel) if self.tab == "classes" else self.query_one(CupsPanel)

    def action_classes_accept(self) -> None:
        self.query_one(ClassesPanel).action_accept()

    def action_panel_round(self, delta: int) -> None:
        self._panel().action_change_round(delta)

    def on_resize(self, event: events.Resize) -> None:
        """A wider or narrower terminal: names in the tables are said in full or short again."""
        if self.drawn_at is not None:
            self.refresh_view()

    def action_decline(self) -> None:
        if self.evening.season.championship is not None:
            self.say("the group is formed: declines are recorded when it forms", "warning")
            return
        pid = self.query_one("#group-table", KeizerTable).cursor_key
        if pid is None:
            return
        if PlayerId(pid) in self.declined:
            self.declined.remove(PlayerId(pid))
        else:
            self.declined.append(PlayerId(pid))
        self.redraw()

    @edits
    def action_form(self) -> None:
        if self.write(self.evening.group.form, tuple(self.declined)):
            self.declined = []

    @edits
    def action_fill(self) -> None:
        """D art. 3: the next in line for a member who withdrew before the group played, as the pane offers."""
        self.write(self.evening.group.fill)

    @edits
    def action_unavailable(self) -> None:
        from keizer.tui.app.dialogs.rounds import RoundsDialog
        from keizer.evening.championship.view import check_group_rounds, schedule_end

        season = self.evening.season
        group = season.championship
        if group is None:
            self.say("form the group first (f): then u sets the rounds a member cannot play", "warning")
            return
        pid = self.query_one("#group-table", KeizerTable).cursor_key
        if pid is None or PlayerId(pid) not in group.members:
            self.say("put the cursor on a member in the group table", "warning")
            return
        member = PlayerId(pid)
        last = schedule_end(season)

        def chosen(rounds: tuple[int, ...] | None) -> None:
            if rounds is not None:
                self._unavailable(member, rounds)

        self.app.push_screen(RoundsDialog(
            f"Rounds {season.player(member).name} cannot play",
            f"Rounds {group.formed_after + 1}–{last}, e.g. 24 25 or 24-26; the schedule avoids them:",
            group.unavailable_rounds(member), partial(check_group_rounds, season)), chosen)

    def _unavailable(self, member: PlayerId, rounds: tuple[int, ...]) -> None:
        label = self.write(self.evening.group.unavailable, member, rounds)
        if label is None:
            return
        if self.proposed is not None:  # proposed without these rounds: not what the model would say now
            self.proposed = None
            self.say(f"{label}; the proposal shown is dropped: s proposes again with them")
            self.redraw()

    def action_propose(self) -> None:
        if self.evening.season.championship is None:
            self.say("form the group first (f)", "warning")
            return
        if self.search.running:
            self.say("already proposing a schedule (esc stops)", "warning")
            return
        self.search.start(self.evening.season)
        self.refresh_bindings()
        self.say("proposing a schedule… (esc stops)")

    def action_stop(self) -> None:
        """esc: stop the schedule model's search (it ends at once, nothing proposed)."""
        self.search.stop()

    def on_unmount(self) -> None:
        self.search.stop()  # the app quits: the search ends with it, the process does not wait for it

    @on(ScheduleProposed)
    def _proposed(self, message: ScheduleProposed) -> None:
        self.search.finished()
        self.refresh_bindings()
        if message.games is not None:
            self.proposed = message.games
        self.say(message.why, message.severity)  # type: ignore[arg-type]
        self.redraw()

    @edits
    def action_accept(self) -> None:
        if self.proposed is None:
            self.say("propose a schedule first (s)", "warning")
            return
        games, self.proposed = self.proposed, None
        if not self.write(self.evening.group.accept_schedule, games):
            self.redraw()

    @edits
    def action_move(self) -> None:
        from keizer.tui.app.dialogs.round_number import RoundDialog

        season = self.evening.season
        if season.championship is None or not season.championship.schedule or self.proposed is not None:
            self.say("move a game of the accepted schedule (accept a proposal first: a)", "warning")
            return
        key = self.query_one("#group-schedule", KeizerTable).cursor_key
        view = self.attempt(self.evening.group.view)
        if key is None or view is None:
            return
        row = view.schedule[int(key)]
        if row.state != "to play":
            self.say(f"that game is {row.state}: only a game still to play moves", "warning")
            return
        game = row.game
        names = f"{season.player(game.white).name}–{season.player(game.black).name}"

        def moved(to_round: int | None) -> None:
            if to_round is not None:
                self._move(game.white, game.black, to_round)

        self.app.push_screen(RoundDialog(f"Move {names}", f"From round {game.round} to round:"), moved)

    def _move(self, white: PlayerId, black: PlayerId, to_round: int) -> None:
        move = self.attempt(self.evening.group.moved, white, black, to_round)
        if move is None:
            return
        said = "; ".join(line.strip() for line in move.lines)
        if not move.valid:
            self.say(f"{said} — not moved", "error")
            return
        if self.write(self.evening.group.move, move):
            self.say(said)

    @edits
    def action_result(self, code: str) -> None:
        from keizer.seasons.model import Result

        season = self.evening.season
        key = self.query_one("#group-schedule", KeizerTable).cursor_key
        view = self.attempt(self.evening.group.view)
        if season.championship is None or key is None or view is None or self.proposed is not None:
            self.say("put the cursor on a game of the accepted schedule or a decision game", "warning")
            return
        result = Result(code)
        if key.startswith(("decided:", "needed:")):
            kind, i = key.split(":")
            group = season.championship
            if kind == "decided":  # a correction of that game's result, never one more game
                g = group.decision[int(i)]
                self.write(self.evening.group.decide, (g.white, g.black, result), at=int(i))
            else:
                self.write(self.evening.group.decide, (*view.state.needed[int(i)], result))
            return
        row = view.schedule[int(key)]
        if view.rule.mode != "separate":
            self.say("the group plays inside the Keizer: enter its results on the boards (F4)", "warning")
            return
        self.write(self.evening.group.result, row.game.round, row.game.white, row.game.black, result)
