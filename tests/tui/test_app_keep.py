"""Through the keyboard: a call-off after the pairing was accepted is re-paired keeping the accepted boards."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from keizer.seasons.model import EntryKind
from keizer.tui.app.app import KeizerApp, make_app
from keizer.tui.app.widgets.table import KeizerTable


async def accepted(app: KeizerApp, pilot: Pilot[None]) -> None:
    """Round 33 paired as the desk's best proposal and accepted, the app caught up with it."""
    app.evening.desk.solve(33, alternatives=0)
    app.evening.desk.accept(0)
    app.check_store()
    await pilot.pause()


async def test_a_call_off_is_re_paired_on_f3_keeping_the_boards(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        evening = app.evening
        await accepted(app, pilot)
        before = evening.season.round(33)
        top = app.screen.query_one(KeizerTable).cursor_key
        assert top is not None and before.game_of(top) is not None  # type: ignore[arg-type]
        board = next(i + 1 for i, g in enumerate(before.games) if top in g.players())
        await pilot.press("e")  # he calls off: allowed while the round has no results
        assert app.said[-1].text.endswith("keeps the accepted boards (r on Pairing (F3) re-pairs keeping the accepted boards)")
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


async def test_a_latecomer_shows_at_once_and_ctrl_z_takes_the_mark_back_not_the_pairing(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        evening = app.evening
        await accepted(app, pilot)
        paired = evening.season.round(33)
        table = app.screen.query_one(KeizerTable)
        late = next(pid for pid, kind in paired.entries if kind is EntryKind.EXCUSED)
        table.move_cursor(row=table.get_row_index(late))
        await pilot.press("p")
        await pilot.pause()
        # Nothing is saved yet (the mark waits for the re-pairing), but the list shows it as it will be.
        assert evening.season.round(33) == paired
        assert table.row_text(late)[2] == "present"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.said[-1].text.startswith("taken back: the mark of ")
        assert evening.season.round(33) == paired and not evening.desk.late  # the pairing stays
        assert table.row_text(late)[2] == "excused"
        await pilot.press("ctrl+y")  # the mark comes back, waiting again (was: "redone" nothing, or another)
        await pilot.pause()
        assert app.said[-1].text.startswith("brought back: the mark of ")
        assert evening.season.round(33) == paired and table.row_text(late)[2] == "present"
        await pilot.press("ctrl+z")
        await pilot.pause()
        table.move_cursor(row=table.get_row_index(late))
        await pilot.press("p", "f3")
        await pilot.pause()
        assert "1 attendance change since the pairing was accepted" in str(
            app.screen.query_one("#title").render())
        await pilot.press("ctrl+z", "ctrl+z")  # the mark, then the store's last action: the pairing itself
        await pilot.pause()
        said = [message.text for message in app.said]
        assert not evening.season.round(33).is_paired and any(t.startswith("undone: pairing") for t in said[-3:])


async def test_quitting_with_a_mark_waiting_for_the_re_pairing_says_it_is_lost(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await accepted(app, pilot)
        await pilot.press("e")  # the top player calls off: the mark waits on the desk, not in the store
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running and "waits for the re-pairing" in app.said[-1].text
        assert "ctrl+q again quits without them" in app.said[-1].text
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


async def test_quitting_with_nothing_waiting_quits_at_once(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


async def test_ctrl_c_then_ctrl_q_quits_as_the_toast_says_with_a_mark_waiting(demo_store: Path) -> None:
    """ctrl+c said "ctrl+c again (or ctrl+q) quits" with the waiting mark named, yet ctrl+q then only warned."""
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await accepted(app, pilot)
        await pilot.press("e")  # a call-off waits on the desk
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running
