"""The Prizes screen (F8): the championship group's tab shows members, table, schedule and state."""

from __future__ import annotations

from pathlib import Path

from keizer.scoring.championship.table import required_games
from keizer.seasons.model import GroupGame
from keizer.seasons.load import load_season
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import GroupScheduleSet
from tests.conftest import EVENING
from keizer.tui.app.app import make_app
from keizer.tui.app.widgets.table import KeizerTable
from keizer.evening.championship.changes import formation, members_of


def grouped_store(tmp_path: Path) -> Path:
    path = tmp_path / "demo.keizer"
    season = load_season(EVENING)
    store = SeasonStore.create(path, season)
    try:
        formed = members_of(formation(season, ()))
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
        assert screen.__class__.__name__ == "PrizesScreen"
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
    from keizer.pairing.simulate import simulate_season

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


async def test_the_classes_and_cups_are_tabs_of_the_groups_screen(tmp_path: Path) -> None:
    from dataclasses import replace

    from textual.widgets import TabbedContent

    from keizer.pairing.simulate import simulate_season
    from keizer.tui.app.widgets.classes import ClassesPanel, CupsPanel

    season = simulate_season(14, 36, "kijk-uit", seed=2, played=20)
    season = replace(season, players=tuple(replace(p, cup_group=1 + i % 2) for i, p in enumerate(season.players)))
    path = tmp_path / "k.keizer"
    store = SeasonStore.create(path, season)
    try:
        store.apply("form", members_of(formation(season, ())))
        members = set(store.season.championship.members)  # type: ignore[union-attr]
    finally:
        store.close()
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f8")
        tabs = app.screen.query_one(TabbedContent)
        tabs.active = "cups"
        await pilot.pause()
        cups = app.screen.query_one(CupsPanel)
        shown = {cups.table.row_text(key)[3] for key in (r.key.value for r in cups.table.rows.values())}
        names = {p.id: p.name for p in season.players}
        # K's final group plays for no cup: its six are in no group's list, everyone else is
        assert shown == {names[p.id][:24] for p in season.players if p.id not in members}
        tabs.active = "classes"
        await pilot.pause()
        panel = app.screen.query_one(ClassesPanel)  # K has no shadow classes: the tab says so
        assert "ruleset has no classes" in str(panel.query_one(".title").render())
        assert panel.table.row_count == 0


async def test_m_moves_an_accepted_game_and_says_what_it_breaks(tmp_path: Path) -> None:
    from keizer.tui.app.dialogs.round_number import RoundDialog

    app = make_app(grouped_store(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f8")
        schedule = app.screen.query_one("#group-schedule", KeizerTable)
        schedule.focus()
        schedule.move_cursor(row=1)  # the game of round 34
        group = app.evening.season.championship
        assert group is not None
        game = group.schedule[1]
        head = app.evening.revision
        await pilot.press("m")
        assert isinstance(app.screen, RoundDialog)
        await pilot.press("9", "9", "enter")  # past the schedule's rounds: a hard rule, not moved
        await pilot.pause()
        assert app.evening.revision == head and app.said[-1].severity == "error"
        assert "(hard)" in app.said[-1].text and app.said[-1].text.endswith("not moved")
        await pilot.press("m")
        assert isinstance(app.screen, RoundDialog), [s.text for s in app.said]
        await pilot.press("3", "6", "enter")
        await pilot.pause()
        moved = app.evening.season.championship
        assert moved is not None and app.evening.revision == head + 1, [s.text for s in app.said]
        assert [(g.round, g.white, g.black) for g in moved.schedule if (g.white, g.black) == (game.white, game.black)] \
            == [(36, game.white, game.black)]
        assert any(s.text.startswith("Moving ") and "round 36" in s.text for s in app.said)
        await pilot.press("ctrl+z")  # one undo step
        assert app.evening.season.championship.schedule == group.schedule  # type: ignore[union-attr]


async def test_result_keys_enter_a_final_group_game_and_a_decision_game(tmp_path: Path) -> None:
    from dataclasses import replace

    from keizer.seasons.championship import sorted_schedule
    from keizer.seasons.model import Result
    from tests.publish.group_seasons import separate_season

    season = separate_season(decision=())  # K: the first two tie on top, two decision games needed
    group = season.championship
    assert group is not None
    first = group.schedule[0]
    season = replace(season, championship=replace(group, schedule=sorted_schedule(
        (replace(first, result=Result.PENDING),) + group.schedule[1:])))
    path = tmp_path / "k.keizer"
    SeasonStore.create(path, season).close()
    app = make_app(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f8")
        schedule = app.screen.query_one("#group-schedule", KeizerTable)
        schedule.focus()
        keys = [r.key.value for r in schedule.rows.values()]
        schedule.move_cursor(row=keys.index("0"))
        await pilot.press("1")
        played = app.evening.season.championship
        assert played is not None and played.schedule[0].result is Result.WHITE_WINS
        await pilot.pause()
        keys = [r.key.value for r in schedule.rows.values()]
        schedule.move_cursor(row=keys.index("needed:0"))
        await pilot.press("equals_sign")
        decided = app.evening.season.championship
        assert decided is not None and [g.result for g in decided.decision] == [Result.DRAW]
        await pilot.press("ctrl+z")
        assert app.evening.season.championship.decision == ()  # type: ignore[union-attr]
