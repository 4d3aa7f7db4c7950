"""The Standings screen's forecast (f): made in a worker, its chances shown with their margins from the first
runs on and sharper after, in place of the table; esc stops it and keeps what is there, the evening goes on
meanwhile."""

from __future__ import annotations

import asyncio
import threading
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
        assert "Each chance ± the margin" in notes
        await pilot.press("f")  # back to the standings; the forecast stays made for this state
        assert panel.shown is None and app.screen.query_one("#standings", KeizerTable).display
        await pilot.press("f")
        assert panel.shown is not None and panel.running is None  # shown again at once, not made again


class Held:
    """The worker held before it posts the chances of more than `after` runs: the test looks at what is there."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.reached, self.go = threading.Event(), threading.Event()

    def __call__(self, runs: int) -> None:
        if runs > self.after and not self.go.is_set():
            self.reached.set()
            self.go.wait()

    async def wait(self) -> None:
        await asyncio.to_thread(self.reached.wait)


def margins(app: KeizerApp) -> list[float]:
    """Every margin the forecast table shows ("38% ± 4" → 4)."""
    table = app.screen.query_one("#forecast-table", KeizerTable)
    cells = [str(c) for row in range(table.row_count) for c in table.get_row_at(row)]
    return [float(c.split("±")[1].strip().rstrip("%")) for c in cells if "±" in c]


async def test_the_first_chances_show_with_margins_before_the_last_run_and_sharpen_after(demo_store: Path,
                                                                                           monkeypatch) -> None:
    monkeypatch.setattr(ForecastPanel, "RUNS", 40)
    held = Held(after=4)  # the first chunk's chances are posted; the worker waits before the next
    monkeypatch.setattr(ForecastPanel, "HOLD", held)
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f5", "f")
        await held.wait()
        await pilot.pause()
        panel = app.screen.query_one(ForecastPanel)
        assert panel.running is not None and panel.so_far is not None and panel.so_far.runs == 4
        assert panel.shown == panel.running and not app.screen.query_one("#standings", KeizerTable).display
        assert "4 of up to 40 runs played" in str(app.screen.query_one("#forecast-progress").render())
        early = margins(app)
        assert early and "after 4 simulations" in str(app.screen.query_one("#forecast-notes").render())
        held.go.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        assert panel.running is None and panel.made[panel.shown].runs == 40
        assert not app.screen.query_one("#forecast-progress").display
        late = margins(app)
        assert late and max(late) < max(early)  # sharper with ten times the runs


async def test_esc_stops_the_forecast_and_keeps_the_chances_so_far(demo_store: Path, monkeypatch) -> None:
    monkeypatch.setattr(ForecastPanel, "RUNS", 400)  # worker processes, started from under Textual's print capture
    held = Held(after=8)
    monkeypatch.setattr(ForecastPanel, "HOLD", held)
    app = make_app(demo_store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f5", "f")
        await pilot.press("c")  # the evening goes on: another key works while the forecast is made
        await held.wait()
        await pilot.pause()
        panel = app.screen.query_one(ForecastPanel)
        assert panel.so_far is not None and panel.so_far.runs == 8
        await pilot.press("escape")
        held.go.set()
        assert "forecast stopped after 8 runs: the chances so far are kept (f: the standings)" in said(app)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert panel.running is None and panel.made[panel.shown].runs == 8  # what was there, still in sight
        assert not app.screen.query_one("#standings", KeizerTable).display
        assert not [s for s in app.said if s.severity == "error"]  # the worker did not fail
        await pilot.press("f")
        assert app.screen.query_one("#standings", KeizerTable).display


async def test_esc_before_the_first_chances_cancels_and_the_standings_stay(demo_store: Path, monkeypatch) -> None:
    held = Held(after=0)  # held before the first chances are posted
    monkeypatch.setattr(ForecastPanel, "HOLD", held)
    app = make_app(demo_store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5", "f")
        panel = app.screen.query_one(ForecastPanel)
        assert str(app.screen.query_one("#forecast-progress").render()).startswith("Forecast after round 32: 0 of")
        await held.wait()
        await pilot.press("escape")
        held.go.set()
        assert "forecast cancelled" in said(app) and panel.running is None
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert panel.shown is None and app.screen.query_one("#standings", KeizerTable).display
        assert not [s for s in app.said if s.severity == "error"]


async def test_f_on_a_players_row_says_what_they_need_and_the_cursor_moves_it(demo_store: Path, monkeypatch) -> None:
    monkeypatch.setattr(ForecastPanel, "RUNS", 24)
    app = make_app(demo_store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f5", "down", "down")  # the third of the standings
        standings = app.screen.query_one("#standings", KeizerTable)
        third = standings.cursor_key
        await pilot.press("f")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one("#forecast-table", KeizerTable)
        assert table.cursor_key == third
        needs = str(app.screen.query_one("#forecast-needs").render())
        name = app.evening.season.player(third).name
        assert needs.startswith(f"What does {name} need? ") and "round 33" in needs
        await pilot.press("down")
        fourth = table.cursor_key
        assert fourth != third
        said = str(app.screen.query_one("#forecast-needs").render())
        assert app.evening.season.player(fourth).name in said and name not in said
