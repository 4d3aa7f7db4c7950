"""The championship group as one pane: members and declines, the table, the schedule, decision games, state."""

from __future__ import annotations

import textwrap
from dataclasses import replace
from collections.abc import Callable, Sequence

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from keizer.seasons.model import GroupGame
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.numbers import game_points_text
from keizer.tui.app.widgets.table import KeizerTable
from keizer.evening.championship.view import GroupView, passed_over_summary
from keizer.evening.words.tables import fit_names
from keizer.seasons.names import short_names
from keizer.evening.words.visible import visible
from keizer.evening.ways import Way
from keizer.tui.app.ways import KEYS

HERE = {Way.FILL_GROUP: "n takes them in"}
"""The ways said on the Prizes screen itself, where its keys need no screen named."""


TIGHT_ROWS = 30
"""A terminal with fewer rows gives the lines above the schedule their least room: the members one line, the
state two, each other line one (names said short to fit); a taller one gives each up to `ROOMY_LINES`."""
ROOMY_LINES = 3
MEMBER_AT_LEAST = 12
"""The shortest a name in the members line is said; shorter would not read: the line then says where the
members are (the group table below says each whole)."""


class FlowingTable(KeizerTable):
    """A table of the pane whose cursor flows on into the table below it (↓ on its last row) or above it (↑ on
    its first): the members and the schedule read as one list from the keyboard."""

    def __init__(self, *, id: str, above: str | None = None, below: str | None = None) -> None:
        super().__init__(id=id)
        self.above = above
        self.below = below

    def _flow(self, to: str | None, row: int) -> bool:
        target = self.screen.query_one(f"#{to}", KeizerTable) if to is not None else None
        if target is None or not target.display or not target.row_count:
            return False
        target.move_cursor(row=row if row >= 0 else target.row_count - 1, animate=False, scroll=True)
        target.focus()
        return True

    def action_cursor_down(self) -> None:
        if self.cursor_row < self.row_count - 1 or not self._flow(self.below, 0):
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.cursor_row > 0 or not self._flow(self.above, -1):
            super().action_cursor_up()


class _Names:
    """The players' names for the pane's lines: whole where they fit in `width`, else as short as the lines
    need (`fit_names`); on a short terminal (`tight`) each line gets its least room."""

    def __init__(self, season: Season, width: int, tight: bool) -> None:
        self.season, self.width, self.tight = season, width, tight

    def name(self, pid: PlayerId) -> str:
        return self.season.player(pid).name

    def fitted(self, pids: Sequence[PlayerId], say: Callable[[Callable[[PlayerId], str]], str], lines: int = 1,
               at_least: int = 2) -> str | None:
        """`say` naming the players as long as lets it fit in `lines` lines (`fit_names`); None when even the
        shortest names do not fit."""
        return fit_names([self.name(p) for p in pids], lambda shorts: visible(say(lambda p: shorts[self.name(p)])),
                         self.width, lines if self.tight else ROOMY_LINES, at_least)

    def line(self, pids: Sequence[PlayerId], say: Callable[[Callable[[PlayerId], str]], str], lines: int = 1) -> str:
        """`fitted`, else (a terminal too narrow for even the shortest names) as short as they go."""
        shortest = short_names([self.name(p) for p in pids], 2, 2)
        return self.fitted(pids, say, lines) or visible(say(lambda p: shortest[self.name(p)]))


class ChampionshipPane(Vertical):
    """One tab of the Prizes screen (docs/rules.md §8); drawn from a `GroupView` with `show`."""

    DEFAULT_CSS = """
    ChampionshipPane { height: 1fr; }
    ChampionshipPane #group-table { height: auto; max-height: 10; }
    ChampionshipPane #group-schedule { height: 1fr; }
    ChampionshipPane Static { height: auto; }
    """

    def __init__(self) -> None:
        super().__init__()
        self._details: dict[str, dict[str, str]] = {}
        """Per table (its id), each row's names whole: the detail line says the cursor's row when a name in
        a table is said short."""
        self._cut: dict[str, bool] = {}
        """Per table (its id): whether a name in it is said short."""
        self._detail_lines: dict[str, int] = {}
        """Per table (its id): the lines its longest detail takes, at most two."""

    def compose(self) -> ComposeResult:
        yield Static("", id="group-members", markup=False)
        yield Static("", id="group-state", markup=False)
        yield FlowingTable(id="group-table", below="group-schedule")
        yield Static("", id="group-decision", markup=False)
        yield FlowingTable(id="group-schedule", above="group-table")
        yield Static("", id="group-detail", classes="subtitle", markup=False)

    def show(self, season: Season, view: GroupView | None, reason: str = "",
             proposed: tuple[GroupGame, ...] | None = None) -> None:
        """Draw `view`; None (no group in the ruleset) shows `reason` instead. `proposed`: a schedule
        shown in place of the accepted one until it is accepted."""
        if view is None or view.group is None:
            self._show_unformed(season, view, reason)
            return
        width = self.size.width or self.app.size.width
        names = _Names(season, width, self.app.size.height < TIGHT_ROWS)
        self._show_members(names, view)
        self._show_table(names, view)
        self._show_decision(names, view)
        self._show_schedule(names, view, proposed)
        # as many lines as the longest detail takes (two at most): the schedule does not jump as the cursor moves
        self._detail_lines = {table: min(2, max((len(textwrap.wrap(visible(text), max(1, width - 2),
                                                                   break_on_hyphens=False))
                                                 for text in details.values()), default=1))
                              for table, details in self._details.items()}
        self._show_detail()

    def _show_unformed(self, season: Season, view: GroupView | None, reason: str) -> None:
        """No group in the ruleset (`reason` says so), or not formed yet: the proposal, if there is one."""
        members = self.query_one("#group-members", Static)
        table = self.query_one("#group-table", KeizerTable)
        for hidden in ("#group-schedule", "#group-decision", "#group-detail"):
            self.query_one(hidden).display = False
        table.display = view is not None and bool(view.proposal)
        self.query_one("#group-state", Static).update("")
        if view is None:
            members.update(visible(reason))
        elif view.proposal:
            passed = passed_over_summary(season, view)
            members.update(f"Not formed yet. Proposed after round {view.rule.after_round} "
                           f"(d: declines, the next in line moves up; f: form the group):"
                           + (f"\n{visible(passed)}" if passed else ""))
            _columns(table, [("#", "place"), ("Name", "name")])
            table.fill([(p, [str(i), season.player(p).name]) for i, p in enumerate(view.proposal, 1)])
        else:
            members.update(f"Not formed yet: the group forms after round {view.rule.after_round}.")

    def _show_members(self, names: _Names, view: GroupView) -> None:
        """The members, who declined, who cannot play when (what the schedule avoids), and the state."""
        group = view.group
        assert group is not None
        unavailable = [p for p in group.members if group.unavailable_rounds(p)]
        lines = [names.fitted(group.members, lambda n: f"Members ({view.rule.mode}): " + ", ".join(map(n, group.members)),
                              at_least=MEMBER_AT_LEAST)
                 or f"Members ({view.rule.mode}): the {len(group.members)} in the table below"]
        if group.declined:
            lines.append(names.line(group.declined, lambda n: "Declined: " + ", ".join(map(n, group.declined))))
        for w in view.withdrawn:  # what a withdrawal does to the group (rules §8)
            lines.append(names.line((w.player,), w.sentence, lines=2))
        if (short := view.short) is not None:  # D art. 3: short before it played; the director decides (n)
            keys = "".join(f" ({HERE.get(w, KEYS[w])})" for w in short.ways)
            lines.append(names.line(short.withdrew + short.next_in_line,
                                    lambda n: f"Short: {short.sentence(n)}{keys}", lines=2))
        if unavailable:  # what the schedule avoids (u sets it): in sight before s proposes one
            lines.append(names.line(unavailable, lambda n: "Cannot play: " + "; ".join(
                f"{n(p)} {', '.join(map(str, group.unavailable_rounds(p)))}" for p in unavailable)))
        self.query_one("#group-members", Static).update(_shown(lines))
        state = view.state
        if names.tight and state.choice and view.ties_choice is not None:  # by its key: the schedule keeps its rows
            state = replace(state, choice=view.ties_choice.by_key)
        self.query_one("#group-state", Static).update(
            names.line(group.members, lambda n: "State: " + state.sentence(n), lines=2))

    def _show_table(self, names: _Names, view: GroupView) -> None:
        """The group's own table: place, points, games played and still to play."""
        group = view.group
        assert group is not None
        table = self.query_one("#group-table", KeizerTable)
        table.display = True
        _columns(table, [("Pl", "place"), ("Name", "name"), ("Pts", "points"), ("Played", "played"),
                         ("To play", "to_play")])
        rows = [(str(row.player), [str(row.place), names.name(row.player), game_points_text(row.points), str(row.played),
                              str(row.to_play)]) for row in view.table]
        shown = _fitted(table, names.width, rows, (1,))
        table.fill(shown)
        # the height its rows take, header included (max 10): `height: auto` kept a stale height after a refill
        table.styles.height = min(len(rows) + 1, 10)
        self._cut = {"group-table": shown != rows}
        self._details["group-table"] = {
            row.player: names.name(row.player) + (f": cannot play {', '.join(map(str, group.unavailable_rounds(row.player)))}"
                                                  if group.unavailable_rounds(row.player) else "")
            for row in view.table}

    def _show_decision(self, names: _Names, view: GroupView) -> None:
        """The decision games played and still needed (D art. 2); on a short terminal in one line."""
        group = view.group
        assert group is not None
        decision = self.query_one("#group-decision", Static)
        decision.display = bool(group.decision or view.state.needed)
        decided = [(g.white, g.black, f" {g.result.value}") for g in group.decision]
        needed = [(w, b, "") for w, b in view.state.needed]
        if names.tight:  # one line, the games also at the end of the schedule
            pids = [p for w, b, _ in decided + needed for p in (w, b)]
            lines = [names.fitted(pids, lambda n: "; ".join(
                [f"Decision: {', '.join(f'{n(w)}–{n(b)}{r}' for w, b, r in decided)}"] * bool(decided)
                + [f"Needed: {', '.join(f'{n(w)}–{n(b)}' for w, b, _ in needed)}"] * bool(needed)),
                at_least=MEMBER_AT_LEAST)
                or f"Decision games: {len(decided)} played, {len(needed)} needed (at the schedule's end)"]
        else:
            lines = [names.line((w, b), lambda n: f"Decision: {n(w)}–{n(b)}{r}") for w, b, r in decided]
            lines += [names.line((w, b), lambda n: f"Needed: {n(w)}–{n(b)}") for w, b, _ in needed]
        decision.update(_shown(lines))

    def _show_schedule(self, names: _Names, view: GroupView, proposed: tuple[GroupGame, ...] | None) -> None:
        """The accepted schedule with each game's state and the decision games below it, or a proposal."""
        group = view.group
        assert group is not None
        schedule = self.query_one("#group-schedule", KeizerTable)
        schedule.display = True
        _columns(schedule, [("Rd", "round"), ("White", "white"), ("Black", "black"), ("Result", "result"),
                            ("State", "state")])
        name = names.name
        if proposed is not None:  # shown until accepted (a), never saved before
            rows = [(f"{i}", [str(g.round), name(g.white), name(g.black), "*", "proposed"])
                    for i, g in enumerate(proposed)]
        else:
            rows = [(f"{i}", [str(r.game.round), name(r.game.white), name(r.game.black), r.result.value, r.state])
                    for i, r in enumerate(view.schedule)]
            # the decision games (recorded, then still needed) below the schedule: result keys work on them too
            rows += [(f"decided:{i}", ["", name(g.white), name(g.black), g.result.value, "decision game"])
                     for i, g in enumerate(group.decision)]
            rows += [(f"needed:{i}", ["", name(w), name(b), "*", "decision game needed"])
                     for i, (w, b) in enumerate(view.state.needed)]
        shown = _fitted(schedule, names.width, rows, (1, 2))
        schedule.fill(shown)
        self._details["group-schedule"] = {key: _game_detail(cells) for key, cells in rows}
        self._cut["group-schedule"] = shown != rows

    def _show_detail(self) -> None:
        """The detail line says the cursor's row of the table with the focus whole, when that table says a name
        short (in sight only then: the rows are the schedule's while the director is elsewhere)."""
        focused = self.screen.focused
        detail = self.query_one("#group-detail", Static)
        table = focused.id if isinstance(focused, KeizerTable) and focused.id in self._details else None
        detail.display = table is not None and self._cut.get(table, False)
        if table is None or not detail.display:
            return
        key = self.query_one(f"#{table}", KeizerTable).cursor_key
        detail.styles.height = self._detail_lines.get(table, 1)
        detail.update(visible(self._details[table].get(key, "")) if key is not None else "")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._show_detail()


def _game_detail(cells: list[str]) -> str:
    """A schedule row with its names whole: "Round 21: white – black" (its result and state are in the row)."""
    rd, white, black, _, state = cells
    return f"{f'Round {rd}' if rd else state[:1].upper() + state[1:]}: {white} – {black}"


def _columns(table: KeizerTable, columns: list[tuple[str, str]]) -> None:
    """Set the columns only when they change: the cursor keeps its row across redraws."""
    if [c.key.value for c in table.columns.values()] != [key for _, key in columns]:
        table.set_columns(columns)


def _fitted(table: KeizerTable, width: int, rows: list[tuple[str, list[str]]],
            names: tuple[int, ...]) -> list[tuple[str, list[str]]]:
    """`rows` with the names in columns `names` said short where the table, `width` cells wide, has no room
    for them whole beside its other columns: the table never scrolls sideways (the detail line says the
    cursor's row whole)."""
    labels = [str(c.label) for c in table.columns.values()]
    others = sum(max([len(label), *(len(cells[i]) for _, cells in rows)])
                 for i, label in enumerate(labels) if i not in names)
    room = (table.text_room(width) - others) // len(names)
    everyone = [cells[i] for _, cells in rows for i in names]
    if max(map(len, everyone), default=0) <= room:
        return rows
    shorts = short_names(everyone, max(1, room), max(1, room))
    return [(key, [shorts[c] if i in names else c for i, c in enumerate(cells)]) for key, cells in rows]


def _shown(lines: list[str]) -> str:
    """Lines of text from the file as data (`visible`), each on its own line: a line break inside a name
    is written as an escape, the breaks between the lines are kept."""
    return "\n".join(map(visible, lines))
