"""The TUI's first screen, headless, for `keizer bench startup`: open a store, and say `drawn` on stdout once
the Round screen shows the round's players (the process's start to that line is what a director waits)."""

from __future__ import annotations

import asyncio

from keizer.tui.app.app import make_app
from keizer.tui.app.widgets.table import KeizerTable


def first_screen(store: str) -> None:
    app = make_app(store)
    try:
        asyncio.run(_until_drawn(app))
    finally:
        app.evening.close()


async def _until_drawn(app: object) -> None:
    async with app.run_test(size=(120, 40)) as pilot:  # type: ignore[attr-defined]
        while not any(table.row_count for table in app.screen.query(KeizerTable)):  # type: ignore[attr-defined]
            await asyncio.sleep(0.002)
        await pilot.pause()  # the frame with the rows drawn
        print("drawn", flush=True)
