"""A team match's result to come does not hold the evening up, and is said until it is entered (rules §13)."""

from __future__ import annotations

from pathlib import Path

from keizer.seasons.model import EntryKind
from tests.tui.test_at_80_columns import pending_store
from keizer.tui.app.app import make_app
from keizer.tui.app.widgets.table import KeizerTable
from keizer.evening.evening import Evening


def test_the_evening_moves_on_and_says_whose_result_is_to_come(demo_store: Path) -> None:
    path, pid = pending_store(demo_store)
    evening = Evening.open(path)
    try:
        name = evening.season.player(pid).name
        assert evening.current_round() == 33  # every board of 32 has its result: tonight is 33
        notice = evening.attendance.to_come(33)
        assert notice == f"Team result to come ([ to its round, x on the player): {name} (round 32)"
        assert evening.attendance.to_come(32) == ""  # round 32's own list shows the entry itself
        view = evening.standings.view(32)
        assert view.report.startswith(f"PROVISIONAL: 1 result missing · team result to come: {name} (round 32) · ")
        assert view.to_come == ((32, pid),)  # named beside the Results screen's boards
        evening.attendance.set(32, pid, EntryKind.EXTERNAL_WIN)
        assert evening.attendance.to_come(33) == ""
        assert "PROVISIONAL" not in evening.standings.view(32).report
        assert evening.standings.view(32).to_come == ()
    finally:
        evening.close()


async def test_the_round_screen_shows_it_within_80_by_24(demo_store: Path) -> None:
    path, pid = pending_store(demo_store)
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        notice = app.screen.query_one("#to-come")
        assert notice.display and "(round 32)" in str(notice.render())
        assert notice.region.bottom <= 24 and notice.region.right <= 80
        table = app.screen.query_one("#attendance", KeizerTable)
        assert table.size.height > 5 and table.virtual_size.width <= table.size.width
        await pilot.press("left_square_bracket")  # to round 32, where the result is entered with x
        await pilot.pause()
        assert not app.screen.query_one("#to-come").display
    app.evening.close()


def test_beside_the_boards_the_list_is_f5s_words_cut_to_the_lines_it_has(demo_store: Path) -> None:
    from keizer.seasons.rounds import to_come_report
    from keizer.tui.app.screens.results import to_come_lines

    path, pid = pending_store(demo_store)
    evening = Evening.open(path)
    try:
        name = evening.season.player(pid).name
        whole = to_come_lines([(32, name)], 200)
        assert whole == (to_come_report(evening.season, 32),)  # one wording with F5 and `keizer standings`
    finally:
        evening.close()
    pending = [(30 + i, f"Player Number{i}") for i in range(5)]
    cut = to_come_lines(pending, 32)
    assert len(cut) == 3 and all(len(line) <= 32 for line in cut)
    said = " ".join(cut)
    assert said.startswith("team results to come: Player Number0 (round 30)") and said.endswith(" more")
    shown = said.count("(round ")
    assert said.endswith(f" and {5 - shown} more")
    assert to_come_lines(pending, 20) == ("team results to", "come: 5")  # too narrow for any name: the count
    assert to_come_lines([], 32) == ()


async def test_the_results_screen_names_it_beside_the_boards_within_80_by_24(demo_store: Path) -> None:
    path, pid = pending_store(demo_store)
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        notice = app.screen.query_one("#live-to-come")
        text = str(notice.render())
        assert notice.display and text.startswith("team result to come: ") and text.endswith("(round 32)")
        live = app.screen.query_one("#live-standings", KeizerTable)
        assert live.row_text(pid)[1] in text.replace("\n", " ")  # the name the table beside says
        assert notice.size.height == len(text.splitlines()) <= 3  # nothing cut, nothing wrapped again
        assert notice.region.bottom <= 24 and notice.region.right <= 80
        assert live.size.height > 5 and live.virtual_size.width <= live.size.width
        boards = app.screen.query_one("#boards", KeizerTable)
        assert boards.virtual_size.width <= boards.size.width
        app.evening.attendance.set(32, pid, EntryKind.EXTERNAL_WIN)
        app.screen.refresh_view()  # type: ignore[attr-defined]
        await pilot.pause()
        assert not notice.display
    app.evening.close()


async def test_several_with_long_names_stay_within_their_lines_at_80_by_24(long_names_store: Path) -> None:
    from keizer.seasons.roster import taking_part
    from keizer.seasons.store.season_store import SeasonStore
    from keizer.seasons.store.events import EntrySet

    from keizer.seasons.store.events import SettingsChanged
    from tests.conftest import D_BY_RESULT

    store = SeasonStore.open(long_names_store)
    try:
        store.apply("team results by their result", SettingsChanged(ruleset_spec=D_BY_RESULT))
        for k in (30, 31, 32):
            season = store.season
            pid = next(p for p, e in season.round(k).entries if e is EntryKind.EXCUSED and taking_part(season, p, k))
            store.apply("external", EntrySet(round=k, player=pid, entry=EntryKind.EXTERNAL_PENDING))
    finally:
        store.close()
    app = make_app(long_names_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        notice = app.screen.query_one("#live-to-come")
        lines = str(notice.render()).splitlines()
        assert lines[0].startswith("team results to come: ") and "(round 30)" in " ".join(lines)
        assert notice.size.height == len(lines) <= 3 and all(len(line) <= notice.size.width for line in lines)
        assert notice.region.bottom <= 24 and notice.region.right <= 80
        live = app.screen.query_one("#live-standings", KeizerTable)
        assert live.size.height > 5 and live.virtual_size.width <= live.size.width
    app.evening.close()
