"""The first screen: the Round screen's table drawn once as the app opens, whole from its first frame."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from textual.widgets import DataTable

from keizer.tui.app.app import make_app
from keizer.tui.app.widgets.table import KeizerTable


async def test_each_line_of_the_round_table_is_drawn_once_as_the_app_opens(
        demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """DataTable measures new rows only when idle: its first frame had every column as wide as its header
    (names cut to four letters) and no scrollbar, and every line was drawn a second time after it."""
    drawn: Counter[str | None] = Counter()
    widths: list[int] = []
    render = DataTable._render_line_in_row

    def counted(self: DataTable[object], *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        drawn[self.id] += 1
        if self.id == "attendance":
            widths.append(self.columns["name"].get_render_width(self))  # type: ignore[index]
        return render(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(DataTable, "_render_line_in_row", counted)
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(KeizerTable)
        longest = max(len(p.name) for p in app.evening.season.players)
        assert drawn["attendance"] == table.size.height  # the header and the rows in sight, once each
        assert min(widths) >= longest  # from the first line on, as wide as the longest name
