"""Through the keyboard: a call-off after the pairing was accepted is re-paired keeping the accepted boards."""

from __future__ import annotations

from pathlib import Path

from seasons.model import EntryKind
from tui.app import make_app
from tui.app.widgets.table import KeizerTable


async def test_a_call_off_is_re_paired_on_f3_keeping_the_boards(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        evening = app.evening
        evening.desk.solve(33, alternatives=0)
        evening.session.apply(evening.desk.accept(0))
        app.check_store()
        await pilot.pause()
        before = evening.season.round(33)
        top = app.screen.query_one(KeizerTable).cursor_key
        assert top is not None and before.game_of(top) is not None  # type: ignore[arg-type]
        board = next(i + 1 for i, g in enumerate(before.games) if top in g.players())
        await pilot.press("e")  # he calls off: allowed while the round has no results
        assert "re-pair on F3 (r) keeps the accepted boards" in app.said[-1].text
        assert evening.season.round(33) == before  # waits for the re-pairing
        await pilot.press("P", "r")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        assert evening.desk.views()[0].moved.startswith(f"moves board {board}; the bye changes")
        await pilot.press("a")
        await pilot.pause()
        after = evening.season.round(33)
        assert after.entry_of(top) is EntryKind.EXCUSED  # type: ignore[arg-type]
        kept = [g for g in before.games if g in after.games]
        assert len(kept) == len(before.games) - 1
