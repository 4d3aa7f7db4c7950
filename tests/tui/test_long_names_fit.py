"""At 80×24 a season of long names (30–43 characters, accents) fits every screen: nothing scrolls sideways,
names are said short and the one under the cursor can be read whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.binding import Binding
from textual.widgets import DataTable, TabbedContent

from keizer.tui.app.app import make_app
from keizer.tui.app.app import KeizerApp
from keizer.tui.app.screens.round import NAME_AT_LEAST, fit_row
from keizer.tui.app.widgets.table import KeizerTable
from keizer.seasons.names import short_names


def test_a_round_row_gives_way_entry_first_then_name_then_note() -> None:
    assert fit_row(70, 2, 20, (24, 13), 31).short_entries  # 77: the entry said short makes it fit
    assert not fit_row(100, 2, 20, (24, 13), 31).short_entries
    long_name = fit_row(70, 2, 43, (24, 13), 31)
    assert long_name.name == 70 - 2 - 13 - 31 and long_name.note == 31  # the name gives way to the note
    narrow = fit_row(50, 2, 43, (24, 13), 31)
    assert narrow.name == NAME_AT_LEAST and narrow.note == 50 - 2 - 13 - NAME_AT_LEAST  # then the note is cut


def test_names_told_apart_only_as_far_as_the_column_goes() -> None:
    names = ["Renée Séverine van 't Hoff-Çelik", "Renée Séverine van der Heijden-Wüstenhöfer"]
    assert len(set(short_names(names, 12).values())) == 2  # lengthened past 12 until they differ
    capped = short_names(names, 12, most=14)
    assert all(len(v) <= 14 for v in capped.values())


async def test_the_round_screen_fits_long_names_and_says_the_cursor_row_whole(long_names_store: Path) -> None:
    app = make_app(long_names_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("u")  # unexcused: suspended, a note beside the name
        await pilot.pause()
        table = app.screen.query_one("#attendance", KeizerTable)
        assert table.virtual_size.width <= table.size.width
        await pilot.press("up")
        await pilot.pause()
        pid = table.cursor_key
        assert pid is not None
        player = app.evening.season.player(pid)  # type: ignore[arg-type]
        assert table.row_text(pid)[1] != player.name  # said short
        detail = str(app.screen.query_one("#detail").render())
        assert player.name in detail and "suspended (D art. 12)" in detail
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert table.row_text(pid)[1] == player.name
        assert not app.screen.query_one("#detail").display  # nothing cut: no detail line
    app.evening.close()


def overflowing(app: KeizerApp) -> list[str]:
    """The tables in sight that scroll sideways: wider rows than the table shows."""
    root = app.screen
    if root.query(TabbedContent):
        root = root.query_one(TabbedContent).active_pane  # type: ignore[assignment]
    return [f"{app.screen.id or type(app.screen).__name__} {t.id}: {t.virtual_size.width} > {t.size.width}"
            for t in root.query(DataTable) if t.display and t.size.width and t.virtual_size.width > t.size.width]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_table_scrolls_sideways_with_long_names(long_names_store: Path, size: tuple[int, int]) -> None:
    """Every screen, every tab: the names are said short to fit (they were lengthened past the column until
    they differed, and Results' Res column, Pairing's Black and the group schedule's scrolled away)."""
    app = make_app(long_names_store)
    over = []
    async with app.run_test(size=size) as pilot:
        for key in ("f2", "f3", "f4", "f5", "f6", "f8"):
            await pilot.press(key)
            if key == "f3":
                await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.pause()
            over += overflowing(app)
            if key == "f5":
                await pilot.press("c")  # the other club's columns
                await pilot.pause()
                over += overflowing(app)
                await pilot.press("enter")  # a player's card
                await pilot.pause()
                over += overflowing(app)
                await pilot.press("escape")
        for tab in ("classes", "cups"):
            app.screen.query_one(TabbedContent).active = tab
            await pilot.pause()
            await pilot.pause()
            over += overflowing(app)
    app.evening.close()
    assert over == []


async def test_the_players_screen_says_the_class_is_the_starting_one(long_names_store: Path) -> None:
    app = make_app(long_names_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        table = app.screen.query_one("#players", KeizerTable)
        assert "Start cl" in [str(c.label) for c in table.columns.values()]
        edit = next(b for b in app.screen.BINDINGS if isinstance(b, Binding) and b.key == "e")
        assert "starting class" in (edit.tooltip or "") and "each round" in (edit.tooltip or "")
        assert table.virtual_size.width <= table.size.width
    app.evening.close()
