"""The Pairing screen draws each proposal once per solve, and a table redraws its cells only when they change."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region

from tui.app.widgets.table import KeizerTable, Row


class _TableApp(App[None]):
    def compose(self) -> ComposeResult:
        yield KeizerTable()


def _lines(table: KeizerTable) -> list[list[tuple[str, object]]]:
    return [[(s.text, s.style) for s in strip] for strip in table.render_lines(Region(0, 0, *table.size))]


ROWS = [(f"r{i}", (str(i), f"name {i}")) for i in range(8)]
LONGER = [(key, (board, name + " with a longer name")) for key, (board, name) in ROWS]


@pytest.mark.parametrize(("size", "rows"), [((30, 6), ROWS), ((40, 10), ROWS), ((40, 6), ROWS), ((30, 8), LONGER)],
                         ids=["same", "taller", "wider", "longer names"])
async def test_a_table_drawn_again_shows_what_a_new_one_does(size: tuple[int, int], rows: list[Row]) -> None:
    """A table keeps the lines it drew when only its height changes (not drawn again cell by cell); lines
    drawn at another width, or before the columns were measured for longer cells, are not shown again."""

    async def drawn(before: tuple[int, int] | None) -> list[list[tuple[str, object]]]:
        app = _TableApp()
        async with app.run_test(size=(60, 20)) as pilot:
            table = app.query_one(KeizerTable)
            table.set_columns([("Bd", "board"), ("Name", "name")])
            table.move_cursor(row=2)
            for (width, height), filled in ((before, ROWS), (size, rows)) if before else ((size, rows),):
                table.fill(filled)
                _lines(table)  # drawn before the table measures its columns (when idle)
                table.styles.width, table.styles.height = width, height
                await pilot.pause()
                _lines(table)
            assert table.size == (size[0], size[1])
            return _lines(table)

    assert await drawn((30, 8)) == await drawn(None)
