"""The Standings screen's forecast (f): made in a worker with a progress line, shown in place of the table,
esc cancels it, the evening goes on meanwhile."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.tui.app.app import KeizerApp, make_app
from keizer.tui.app.widgets.forecast import ForecastPanel
from keizer.tui.app.widgets.table import KeizerTable


@pytest.fixture(autouse=True)
def few_runs(monkeypatch):  # a test plays a few runs, not a thousand
    monkeypatch.setattr(ForecastPanel, "RUNS", 8)


def said(app: KeizerApp) -> list[str]:
    return [s.text for s in app.said]


async def test_f_makes_the_forecast_and_shows_each_players_chances(demo_store: Path) -> None:
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f5", "f")
        assert any("making the forecast after round 32" in s for s in said(app))
        panel = app.screen.query_one(ForecastPanel)
        assert (32, app.evening.revision) in (panel.running, panel.shown)  # a few runs may be done already
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one("#forecast-table", KeizerTable)
        assert panel.shown == (32, app.evening.revision) and table.display
        assert not app.screen.query_one("#standings", KeizerTable).display
        assert table.row_count == len(app.evening.standings.view(32).replay.standings().rows)
        title = str(app.screen.query_one("#forecast-title").render())
        assert "Forecast after round 32: rounds 33–36 played 8 times (seed 0)" in title
        assert "Title" in [str(c.label).strip() for c in table.columns.values()]
        notes = str(app.screen.query_one("#forecast-notes").render())
        assert "not a proof" in notes and "Out of the title race in every simulation:" in notes
        assert "forecast after round 32: 8 runs played" in said(app)[-1]
        await pilot.press("f")  # back to the standings; the forecast stays made for this state
        assert panel.shown is None and app.screen.query_one("#standings", KeizerTable).display
        await pilot.press("f")
        assert panel.shown is not None and panel.running is None  # shown again at once, not made again


async def test_esc_cancels_the_forecast_and_the_standings_stay(demo_store: Path, monkeypatch) -> None:
    monkeypatch.setattr(ForecastPanel, "RUNS", 400)  # worker processes, started from under Textual's print capture
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5", "f")
        panel = app.screen.query_one(ForecastPanel)
        assert str(app.screen.query_one("#forecast-progress").render()).startswith("Forecast after round 32: 0 of 400")
        await pilot.press("c")  # the evening goes on: another key works while the forecast is made
        await pilot.press("escape")
        assert "forecast cancelled" in said(app) and panel.running is None
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert panel.shown is None and app.screen.query_one("#standings", KeizerTable).display
        assert not [s for s in app.said if s.severity == "error"]  # the worker did not fail
