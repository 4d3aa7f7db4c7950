"""The classes and cups panels, each mounted in a small app: they draw, follow the season and accept moves."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.app import App, ComposeResult
from textual.signal import Signal

from keizer.seasons.model import PlayerId
from keizer.seasons.store.events import PlayerUpdated
from keizer.tui.app.messages import Said, SeasonWritten
from keizer.tui.app.widgets.classes import ClassesPanel, CupsPanel
from keizer.tui.app.widgets.table import KeizerTable
from keizer.evening.evening import Evening


class PanelApp(App[None]):
    """Just enough of the keizer app: an evening, its signal, and the two messages a panel sends."""

    def __init__(self, evening: Evening, panel: ClassesPanel | CupsPanel) -> None:
        super().__init__()
        self.evening = evening
        self.panel = panel
        self.said: list[tuple[str, str]] = []
        self.season_changed_signal: Signal[int] = Signal(self, "season-changed")

    def compose(self) -> ComposeResult:
        yield self.panel

    def on_mount(self) -> None:
        self.panel.table.focus()

    def on_said(self, message: Said) -> None:
        self.said.append((message.text, message.severity))

    def on_season_written(self, message: SeasonWritten) -> None:
        self.said.append((message.label, "information"))
        self.season_changed_signal.publish(self.evening.revision)


def rows(table: KeizerTable) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_classes_panel_shows_the_reading_and_accepts_it(evening: Evening) -> None:
    evening.classes.give_start_classes(evening.classes.start_proposal())
    panel = ClassesPanel(evening)
    app = PanelApp(evening, panel)
    async with app.run_test(size=(120, 50)) as pilot:
        table = panel.table
        assert panel.shown_round == 20 and table.row_count == 44
        first = rows(table)[0]
        assert first[:3] == ["A", "1", "1"]
        proposed = [r for r in rows(table) if r[5].startswith("→")]
        assert proposed and all("accepted" not in r[5] for r in proposed)
        assert "not accepted yet" in str(panel.query_one(".note").render())
        await pilot.press("a")
        await pilot.pause()
        assert evening.season.class_moves and app.said[-1][0].startswith("accepted")
        assert all("accepted" in r[5] for r in rows(table) if r[5])  # drawn again on the signal
        await pilot.press("right_square_bracket")  # round 21: the second half's classes, no reading
        assert panel.shown_round == 21 and "no moves" in str(panel.query_one(".note").render())
        await pilot.press("a")
        await pilot.pause()
        assert app.said[-1][1] == "error" and "not a reading" in app.said[-1][0]


async def test_cups_panel_lists_each_group_without_the_excluded(evening: Evening) -> None:
    from keizer.seasons.store.events import SettingsChanged

    season = evening.season
    events = [SettingsChanged(ruleset_spec="kijk-uit")]
    events += [PlayerUpdated(replace(p, cup_group=1 + i % 3)) for i, p in enumerate(season.players)]
    evening._session.commit("groups", *events)
    top = evening._session.replay(32).standings(32).rows[0].player
    excluded: set[PlayerId] = set()
    panel = CupsPanel(evening, lambda: frozenset(excluded))
    app = PanelApp(evening, panel)
    async with app.run_test(size=(120, 50)) as pilot:
        table = panel.table
        assert table.row_count == 44 and sum(r[6] == "cup" for r in rows(table)) == 6
        assert [r[0] for r in rows(table)] == sorted(r[0] for r in rows(table))  # group by group
        excluded.add(top)
        evening._session.commit("a change", PlayerUpdated(replace(evening.season.player(top), rating=1)))
        app.season_changed_signal.publish(evening.revision)
        await pilot.pause()
        assert table.row_count == 43 and top not in [table.coordinate_to_cell_key((i, 0)).row_key.value
                                                      for i in range(table.row_count)]



async def test_the_cups_note_counts_one_group_in_the_singular(evening: Evening) -> None:
    from keizer.seasons.store.events import SettingsChanged

    events = [SettingsChanged(ruleset_spec="kijk-uit"), *(PlayerUpdated(replace(p, cup_group=1))
                                                          for p in evening.season.players)]
    evening._session.commit("one group", *events)
    panel = CupsPanel(evening)
    async with PanelApp(evening, panel).run_test(size=(120, 50)):
        assert str(panel.query_one(".note").render()) == "1 group, 2 cups"

async def test_a_club_without_classes_is_told_in_place(evening: Evening) -> None:
    from keizer.seasons.store.events import SettingsChanged

    evening._session.commit("K rules", SettingsChanged(ruleset_spec="kijk-uit"))
    panel = ClassesPanel(evening)
    async with PanelApp(evening, panel).run_test() as pilot:
        await pilot.pause()
        assert panel.table.row_count == 0 and "no classes" in str(panel.query_one(".title").render())
