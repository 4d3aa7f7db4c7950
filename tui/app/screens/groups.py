"""Groups: the championship group (members, declines, table, schedule with its state, decision games)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import TabbedContent, TabPane

from seasons.errors import KeizerError
from tui.app.screens.base import KeizerScreen
from tui.app.widgets.championship import ChampionshipPane


class GroupsScreen(KeizerScreen):
    """One tab per kind of group; the first is the championship group. It shows; `keizer group` acts."""

    MODE = "groups"

    def compose_body(self) -> ComposeResult:
        with TabbedContent(id="groups"):
            with TabPane("Championship", id="championship"):
                yield ChampionshipPane()

    def refresh_view(self) -> None:
        from tui.evening.group import group_view

        season = self.evening.season
        pane = self.query_one(ChampionshipPane)
        try:
            view = group_view(season)
        except KeizerError as exc:  # no group in this ruleset, or not yet: say so in the pane
            pane.show(season, None, str(exc))
            return
        pane.show(season, view)
