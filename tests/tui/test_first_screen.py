"""The first screen: the Round screen's rows drawn once as the app opens, whole from the first frame."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from textual.widgets import DataTable

from keizer.tui.app.app import make_app
from keizer.tui.app.widgets.table import KeizerTable


async def test_each_row_of_the_round_table_is_drawn_once_as_the_app_opens(
        demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """DataTable measures new rows only when idle: its first frame had every column as wide as its header
    (names cut to four letters) and no scrollbar, and every row was drawn a second time after it. And Textual
    drops the frame it renders during its start-up: rows drawn then were drawn for nothing."""
    drawn: Counter[object] = Counter()
    widths: list[int] = []
    dropped: list[object] = []
    """Rows drawn inside Textual's start-up batch, whose frame is never written."""
    render = DataTable._render_line_in_row

    def counted(self: DataTable[object], row_key: object, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        if self.id == "attendance" and getattr(row_key, "value", None) is not None:  # a row, not the header
            drawn[row_key] += 1
            if self.app._batch_count:
                dropped.append(row_key)
            widths.append(self.columns["name"].get_render_width(self))  # type: ignore[index]
        return render(self, row_key, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(DataTable, "_render_line_in_row", counted)
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(KeizerTable)
        longest = max(len(p.name) for p in app.evening.season.players)
        assert len(drawn) == table.size.height - 1 and set(drawn.values()) == {1}  # the rows in sight, once each
        assert dropped == []  # each for a frame the terminal receives
        assert min(widths) >= longest  # from the first row drawn on, as wide as the longest name
