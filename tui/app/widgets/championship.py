"""The championship group as one pane: members and declines, the table, the schedule, decision games, state."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from seasons.model import PlayerId, Season
from tui.app.widgets.table import KeizerTable
from tui.evening.group import GroupView, points_text
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

    def show(self, season: Season, view: GroupView | None, reason: str = "") -> None:
        """Draw `view`; None (no group in the ruleset) shows `reason` instead."""
        members = self.query_one("#group-members", Static)
        state = self.query_one("#group-state", Static)
        table = self.query_one("#group-table", KeizerTable)
        schedule = self.query_one("#group-schedule", KeizerTable)
        decision = self.query_one("#group-decision", Static)

        def name(pid: PlayerId) -> str:
            return season.player(pid).name

        if view is None or view.group is None:
            table.display = schedule.display = decision.display = False
            if view is None:
                members.update(visible(reason))
            elif view.proposal:
                members.update(visible(f"Not formed yet. Proposed after round {view.rule.after_round}: "
                                       + ", ".join(name(p) for p in view.proposal) + " (keizer group form)"))
            else:
                members.update(f"Not formed yet: the group forms after round {view.rule.after_round}.")
            state.update("")
            return
        group = view.group
        text = f"Members ({view.rule.mode}): " + ", ".join(name(p) for p in group.members)
        if group.declined:
            text += "\nDeclined: " + ", ".join(name(p) for p in group.declined)
        members.update(visible(text))
        state.update(visible("State: " + view.state.summary))
        table.display = True
        table.set_columns([("Pl", "place"), ("Name", "name"), ("Pts", "points"), ("Played", "played"),
                           ("To play", "to_play")])
        table.fill([(row.player, [str(row.place), name(row.player), points_text(row.points), str(row.played),
                                  str(row.to_play)]) for row in view.table])
        decision.display = bool(group.decision or view.state.needed)
        lines = [f"Decision: {name(g.white)}–{name(g.black)} {g.result.value}" for g in group.decision]
        lines += [f"Needed: {name(w)}–{name(b)}" for w, b in view.state.needed]
        decision.update(visible("\n".join(lines)))
        schedule.display = True
        schedule.set_columns([("Rd", "round"), ("White", "white"), ("Black", "black"), ("Result", "result"),
                              ("State", "state")])
        schedule.fill([(f"{i}", [str(r.game.round), name(r.game.white), name(r.game.black), r.result.value, r.state])
                       for i, r in enumerate(view.schedule)])
