"""A team match's result to come does not hold the evening up, and is said until it is entered (rules §13)."""

from __future__ import annotations

from pathlib import Path

from seasons.model import EntryKind
from tests.tui.test_at_80_columns import pending_store
from tui.app import make_app
from tui.app.widgets.table import KeizerTable
from tui.evening import Evening


def test_the_evening_moves_on_and_says_whose_result_is_to_come(demo_store: Path) -> None:
    path, pid = pending_store(demo_store)
    evening = Evening.open(path)
    try:
        name = evening.season.player(pid).name
        assert evening.session.current_round() == 33  # every board of 32 has its result: tonight is 33
        notice = evening.attendance.to_come(33)
        assert notice == f"Team result to come ([ to its round, x on the player): {name} (round 32)"
        assert evening.attendance.to_come(32) == ""  # round 32's own list shows the entry itself
        view = evening.standings.view(32)
        assert view.report.startswith(f"PROVISIONAL: 1 result missing · team result to come: {name} (round 32) · ")
        evening.attendance.set(32, pid, EntryKind.EXTERNAL_WIN)
        assert evening.attendance.to_come(33) == ""
        assert "PROVISIONAL" not in evening.standings.view(32).report
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
