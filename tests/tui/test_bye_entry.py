"""The bye of a played round goes only on purpose: a new mark for its player takes the key twice and says so."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from keizer.seasons.model import EntryKind, PlayerId
from keizer.tui.app.app import KeizerApp, make_app
from keizer.tui.app.dialogs.external import ExternalResultDialog
from keizer.tui.app.widgets.table import KeizerTable
from keizer.evening.evening import Evening

BYE_ROUND = 30
"""A round of the demo with its results entered and a bye."""


async def _on_the_bye(app: KeizerApp, pilot: Pilot[None]) -> tuple[KeizerTable, PlayerId]:
    """Round BYE_ROUND on screen, the cursor on its bye's player: the table and the player."""
    await pilot.press(*["left_square_bracket"] * (app.current_round - BYE_ROUND))
    table = app.screen.query_one(KeizerTable)
    pid = app.evening.season.round(BYE_ROUND).bye
    assert pid is not None
    table.move_cursor(row=table.get_row_index(pid))
    return table, pid


def test_the_label_says_the_bye_goes(evening: Evening) -> None:
    pid = evening.season.round(BYE_ROUND).bye
    assert pid is not None and evening.attendance.bye_goes(BYE_ROUND, pid)
    label = evening.attendance.set(BYE_ROUND, pid, EntryKind.EXCUSED)
    assert label.endswith("excused instead of the bye")
    assert evening.season.round(BYE_ROUND).bye is None
    assert not evening.attendance.bye_goes(BYE_ROUND, pid)


async def test_a_new_mark_for_the_bye_takes_the_key_twice_and_undo_brings_it_back(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        table, pid = await _on_the_bye(app, pilot)
        await pilot.press("e")
        assert app.evening.season.round(BYE_ROUND).bye == pid  # nothing written yet
        assert app.said[-1].severity == "warning"
        assert "had the bye in round 30: press e again" in app.said[-1].text
        assert table.cursor_key == pid  # the cursor waits on the player
        await pilot.press("e")
        assert app.evening.season.round(BYE_ROUND).entry_of(pid) is EntryKind.EXCUSED
        assert app.said[-1].text.endswith("excused instead of the bye")
        await pilot.press("ctrl+z")
        assert app.evening.season.round(BYE_ROUND).bye == pid


async def test_the_external_dialog_opens_only_on_the_second_x(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        table, pid = await _on_the_bye(app, pilot)
        await pilot.press("x")
        assert not isinstance(app.screen, ExternalResultDialog)
        await pilot.press("x")
        assert isinstance(app.screen, ExternalResultDialog)
        await pilot.press("0")
        assert app.evening.season.round(BYE_ROUND).entry_of(pid) is EntryKind.EXTERNAL_LOSS
        assert app.said[-1].text.endswith("external: lost instead of the bye")


async def test_another_player_is_marked_at_once(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*["left_square_bracket"] * (app.current_round - BYE_ROUND))
        table = app.screen.query_one(KeizerTable)
        rnd = app.evening.season.round(BYE_ROUND)
        pid = next(p for p, e in rnd.entries if e is EntryKind.EXCUSED)
        table.move_cursor(row=table.get_row_index(pid))
        await pilot.press("u")
        assert app.evening.season.round(BYE_ROUND).entry_of(pid) is EntryKind.UNEXCUSED
