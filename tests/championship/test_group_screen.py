"""The Groups screen (F8): the championship group's tab shows members, table, schedule and state."""

from __future__ import annotations

from pathlib import Path

from scoring.group_table import required_games
from seasons.championship import GroupGame
from seasons.load import load_season
from seasons.ruleset import parse_ruleset
from seasons.store import SeasonStore
from seasons.store.events import GroupScheduleSet
from tests.conftest import EVENING
from tui.app import make_app
from tui.app.widgets.table import KeizerTable
from tui.evening.group import form_event


def grouped_store(tmp_path: Path) -> Path:
    path = tmp_path / "demo.keizer"
    season = load_season(EVENING)
    store = SeasonStore.create(path, season)
    try:
        formed = form_event(season, ())
        store.apply("form", formed)
        group = store.season.championship
        rule = parse_ruleset(season.ruleset_spec).championship
        assert group is not None and rule is not None
        games = required_games(store.season, group, rule)
        store.apply("schedule", GroupScheduleSet((GroupGame(33, *games[0]), GroupGame(34, *games[1]))))
    finally:
        store.close()
    return path


async def test_f8_shows_the_championship_group(tmp_path: Path) -> None:
    app = make_app(grouped_store(tmp_path))
    async with app.run_test() as pilot:
        await pilot.press("f8")
        screen = app.screen
        assert screen.__class__.__name__ == "GroupsScreen"
        table = screen.query_one("#group-table", KeizerTable)
        assert table.row_count == 6
        schedule = screen.query_one("#group-schedule", KeizerTable)
        assert schedule.row_count == 2 and "to play" in schedule.row_text("0")
        assert "State:" in str(screen.query_one("#group-state").render())


async def test_f8_without_a_group_says_so(tmp_path: Path) -> None:
    path = tmp_path / "demo.keizer"
    SeasonStore.create(path, load_season(EVENING)).close()
    app = make_app(path)
    async with app.run_test() as pilot:
        await pilot.press("f8")
        assert "Proposed after round 20" in str(app.screen.query_one("#group-members").render())
        assert app.screen.query_one("#group-table", KeizerTable).row_count == 6


async def test_declines_form_propose_and_accept_are_keys(tmp_path: Path) -> None:
    from pairing.simulate import simulate_season

    path = tmp_path / "sim.keizer"
    SeasonStore.create(path, simulate_season(12, 36, "doorn-driebergen-2019", seed=1, played=20)).close()
    app = make_app(path)
    async with app.run_test() as pilot:
        await pilot.press("f8")
        table = app.screen.query_one("#group-table", KeizerTable)
        first = table.cursor_key
        await pilot.press("d")  # the first proposed declines: the seventh moves up
        await pilot.press("f")
        group = app.evening.season.championship
        assert group is not None and group.declined == (first,) and first not in group.members
        await pilot.press("s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "proposed schedule" in app.said[-1].text
        await pilot.press("a")
        group = app.evening.season.championship
        assert group is not None and group.schedule
        await pilot.press("ctrl+z")
        assert app.evening.season.championship is not None and not app.evening.season.championship.schedule
