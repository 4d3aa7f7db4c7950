"""The championship group as one pane: members and declines, the table, the schedule, decision games, state."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from seasons.championship import GroupGame
from seasons.model import PlayerId, Season
from seasons.numbers import game_points_text
from tui.app.widgets.table import KeizerTable
from tui.evening.group import GroupView, state_summary
from tui.format import short_names
from tui.visible import visible


class ChampionshipPane(Vertical):
    """One tab of the Groups screen (docs/rules.md §8); drawn from a `GroupView` with `show`."""

    DEFAULT_CSS = """
    ChampionshipPane { height: 1fr; }
    ChampionshipPane #group-table { height: auto; max-height: 10; }
    ChampionshipPane #group-schedule { height: 1fr; }
    ChampionshipPane Static { height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="group-members", markup=False)
        yield Static("", id="group-state", markup=False)
        yield KeizerTable(id="group-table")
        yield Static("", id="group-decision", markup=False)
        yield KeizerTable(id="group-schedule")

    def show(self, season: Season, view: GroupView | None, reason: str = "",
             proposed: tuple[GroupGame, ...] | None = None) -> None:
        """Draw `view`; None (no group in the ruleset) shows `reason` instead. `proposed`: a schedule
        shown in place of the accepted one until it is accepted."""
        members = self.query_one("#group-members", Static)
        state = self.query_one("#group-state", Static)
        table = self.query_one("#group-table", KeizerTable)
        schedule = self.query_one("#group-schedule", KeizerTable)
        decision = self.query_one("#group-decision", Static)

        def name(pid: PlayerId) -> str:
            return season.player(pid).name

        if view is None or view.group is None:
            schedule.display = decision.display = False
            table.display = view is not None and bool(view.proposal)
            state.update("")
            if view is None:
                members.update(visible(reason))
            elif view.proposal:
                members.update(f"Not formed yet. Proposed after round {view.rule.after_round} "
                               f"(d: declines, the next in line moves up; f: form the group):")
                _columns(table, [("#", "place"), ("Name", "name")])
                table.fill([(p, [str(i), name(p)]) for i, p in enumerate(view.proposal, 1)])
            else:
                members.update(f"Not formed yet: the group forms after round {view.rule.after_round}.")
            return
        group = view.group
        lines = [f"Members ({view.rule.mode}): " + ", ".join(name(p) for p in group.members)]
        if group.declined:
            lines.append("Declined: " + ", ".join(name(p) for p in group.declined))
        if group.unavailable:  # what the schedule avoids (u sets it): in sight before s proposes one
            lines.append("Cannot play: " + "; ".join(f"{name(p)} {', '.join(map(str, group.unavailable_rounds(p)))}"
                                                     for p in group.members if group.unavailable_rounds(p)))
        members.update(_shown(lines))
        state.update(visible("State: " + state_summary(season, view.state)))
        table.display = True
        _columns(table, [("Pl", "place"), ("Name", "name"), ("Pts", "points"), ("Played", "played"),
                           ("To play", "to_play")])
        width = self.size.width or self.app.size.width
        table.fill(_fitted(table, width, [(row.player, [str(row.place), name(row.player), game_points_text(row.points),
                                                        str(row.played), str(row.to_play)]) for row in view.table],
                           (1,)))
        decision.display = bool(group.decision or view.state.needed)
        lines = [f"Decision: {name(g.white)}–{name(g.black)} {g.result.value}" for g in group.decision]
        lines += [f"Needed: {name(w)}–{name(b)}" for w, b in view.state.needed]
        decision.update(_shown(lines))
        schedule.display = True
        _columns(schedule, [("Rd", "round"), ("White", "white"), ("Black", "black"), ("Result", "result"),
                              ("State", "state")])
        if proposed is not None:  # shown until accepted (a), never saved before
            schedule.fill(_fitted(schedule, width, [(f"{i}", [str(g.round), name(g.white), name(g.black), "*",
                                                              "proposed"]) for i, g in enumerate(proposed)], (1, 2)))
            return
        rows = [(f"{i}", [str(r.game.round), name(r.game.white), name(r.game.black), r.result.value, r.state])
                for i, r in enumerate(view.schedule)]
        # the decision games (recorded, then still needed) below the schedule: result keys work on them too
        rows += [(f"decided:{i}", ["", name(g.white), name(g.black), g.result.value, "decision game"])
                 for i, g in enumerate(group.decision)]
        rows += [(f"needed:{i}", ["", name(w), name(b), "*", "decision game needed"])
                 for i, (w, b) in enumerate(view.state.needed)]
        schedule.fill(_fitted(schedule, width, rows, (1, 2)))


def _columns(table: KeizerTable, columns: list[tuple[str, str]]) -> None:
    """Set the columns only when they change: the cursor keeps its row across redraws."""
    if [c.key.value for c in table.columns.values()] != [key for _, key in columns]:
        table.set_columns(columns)


def _fitted(table: KeizerTable, width: int, rows: list[tuple[str, list[str]]],
            names: tuple[int, ...]) -> list[tuple[str, list[str]]]:
    """`rows` with the names in columns `names` said short where the table, `width` cells wide, has no room
    for them whole beside its other columns: the table never scrolls sideways (the members line above says
    every name whole)."""
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
