"""Two panels for the Prizes screen: D's class tables with the proposed moves, and K's group cups."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.reactive import var
from textual.widgets import Static

from keizer.seasons.errors import ChangedMeanwhile, KeizerError
from keizer.seasons.model import PlayerId
from keizer.seasons.numbers import counted
from keizer.tui.app.edits import edits
from keizer.tui.app.messages import Outdated, Said, SeasonWritten
from keizer.tui.app.widgets.table import KeizerTable
from keizer.evening.words.tables import points
from keizer.seasons.names import short_names
from keizer.evening.words.visible import visible

if TYPE_CHECKING:
    from keizer.evening.evening import Evening
    from keizer.evening.classes import ClassesView

NAME_WIDTH = 24


class _Panel(Vertical):
    """A title, a table and a note, drawn from the evening after `round_number` (None: the default round),
    drawn again on the app's `season_changed_signal` (when the app has one) and when the round changes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left_square_bracket", "change_round(-1)", "Previous round", key_display="["),
        Binding("right_square_bracket", "change_round(1)", "Next round", key_display="]"),
    ]

    round_number: var[int | None] = var(None, init=False)
    """The round chosen with [ and ]; None: the panel's default round."""

    def __init__(self, evening: Evening, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.evening = evening
        """The evening the panel reads (and, for the classes, writes) through."""
        self.shown_round = 0
        """The round the tables are drawn after."""

    def compose(self) -> ComposeResult:
        yield Static("", classes="title", markup=False)
        yield KeizerTable()
        yield Static("", classes="note", markup=False)

    def on_mount(self) -> None:
        signal = getattr(self.app, "season_changed_signal", None)
        if signal is not None:
            signal.subscribe(self, lambda _revision: self.redraw())
        self.redraw()

    def watch_round_number(self) -> None:
        self.redraw()

    def action_change_round(self, delta: int) -> None:
        last = self.evening.season.last_scored_round
        k = max(0, min(self.shown_round + delta, last))
        self.round_number = k

    @property
    def table(self) -> KeizerTable:
        return self.query_one(KeizerTable)

    def show(self, title: str, note: str) -> None:
        self.query_one(".title", Static).update(visible(title))
        self.query_one(".note", Static).update(visible(note))

    def redraw(self) -> None:
        try:
            self.draw()
        except KeizerError as exc:  # a club without classes or cups: say so in place of the table
            self.table.clear(columns=True)
            self.show(str(exc), "")

    def draw(self) -> None:
        raise NotImplementedError


class ClassesPanel(_Panel):
    """D art. 5: each class's table after a round (the class place, the Keizer place, the points), the moves
    proposed at a reading round and whether they were accepted; `a` accepts them (one undo step)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *_Panel.BINDINGS,
        Binding("a", "accept", "Accept moves"),
    ]

    def draw(self) -> None:
        view = self.evening.classes.view(self.round_number)
        self.shown_round = view.round
        season = self.evening.season
        target = {m.player: m for m in view.proposal}
        accepted = dict(view.accepted.moves) if view.accepted is not None else {}
        table = self.table
        if not table.columns:
            table.set_columns([("Class", "class"), ("Pl", "place"), ("Keizer", "rank"), ("Name", "name"),
                               ("Points", "points"), ("Move", "move")])
        rows = []
        # said short as elsewhere (the surname kept, an ellipsis where cut), never lengthened past the column
        shorts = short_names([season.player(r.player).name for t in view.tables for r in t.rows], NAME_WIDTH,
                             NAME_WIDTH)
        for t in view.tables:
            for r in t.rows:
                move = target.get(r.player)
                mark = f"→ {move.target} ({move.reason})" if move is not None else ""
                if r.player in accepted:
                    mark = f"→ {accepted[r.player]} accepted"
                rows.append((r.player, [t.name, str(r.place), str(r.rank), shorts[season.player(r.player).name],
                                        points(r.score), mark]))
        table.fill(rows)
        self.show(_title(season.name, view), _note(view))

    @edits
    def action_accept(self) -> None:
        try:
            label = self.evening.classes.accept(self.shown_round)
        except ChangedMeanwhile:
            self.post_message(Outdated())
            return
        except KeizerError as exc:
            self.post_message(Said(str(exc), "error"))
            return
        self.post_message(SeasonWritten(label))


def _title(name: str, view: ClassesView) -> str:
    title = f"{name} — classes after round {view.round}"
    if view.missing:
        title += f" (PROVISIONAL: {counted(view.missing, 'result')} missing)"
    return title


def _note(view: ClassesView) -> str:
    parts = []
    if view.unclassed:
        parts.append(f"{len(view.unclassed)} without a class")
    if view.reading:
        sizes = ", ".join(f"{name} {n}" for name, n in view.sizes)
        state = "accepted" if view.accepted is not None else "proposed, not accepted yet (a: accept)"
        parts.append(f"{counted(len(view.proposal), 'move')} {state}; sizes after them: {sizes}")
    else:
        parts.append("no reading after this round: no moves")
    return " · ".join(parts)


class CupsPanel(_Panel):
    """K's group cups: each group's prize list after a round (the 33% rule applied), the cups marked.
    `excluded` gives the players who play for no cup, asked at every drawing (None: K's final group,
    `evening.classes.cup_exclusions`)."""

    def __init__(self, evening: Evening, excluded: Callable[[], frozenset[PlayerId]] | None = None, *,
                 id: str | None = None) -> None:
        super().__init__(evening, id=id)
        self.excluded = excluded
        """Who is left out of the group lists, read anew at every drawing."""

    def draw(self) -> None:
        season = self.evening.season
        k = season.last_scored_round if self.round_number is None else self.round_number
        self.shown_round = k
        cups = self.evening.classes.cups(k, None if self.excluded is None else self.excluded())
        table = self.table
        if not table.columns:
            table.set_columns([("Group", "group"), ("Pl", "place"), ("Keizer", "rank"), ("Name", "name"),
                               ("Points", "points"), ("33%?", "eligible"), ("Cup", "cup")])
        shorts = short_names([season.player(r.player).name for c in cups for r in c.rows], NAME_WIDTH, NAME_WIDTH)
        table.fill([(r.player, [str(c.group), str(r.place), str(r.rank), shorts[season.player(r.player).name],
                                points(r.score), "" if r.eligible is None else ("yes" if r.eligible else "no"),
                                "cup" if r.cup else ""])
                    for c in cups for r in c.rows])
        winners = sum(1 for c in cups for r in c.rows if r.cup)
        self.show(f"{season.name} — group cups after round {k}",
                  f"{counted(len(cups), 'group')}, {counted(winners, 'cup')}" if cups else "nobody has a group yet")
