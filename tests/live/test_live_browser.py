"""The live evening seen as members see it: the system's Chromium (Playwright) against a real `keizer serve` on
127.0.0.1. A tablet checks a member in at the door, a 375-px phone reports its board's result, the director takes
it with one key (Pilot, the TUI beside the server), and the wall at 1920×1080, the standings and the phone show it
without a reload; the wall holds 40 boards without scrolling. Screenshots go to the temp folder."""

from __future__ import annotations

import asyncio
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest

from keizer.evening.evening import Evening
from keizer.seasons.load import load_season
from keizer.seasons.model import Result
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.app.app import make_app
from keizer.tui.app.screens.results import ResultsScreen
from keizer.tui.app.widgets.table import KeizerTable
from keizer.tui.cli.serve_bench import club_room
from tests.conftest import EVENING
from tests.live.helpers import TONIGHT, pair
from tests.live.serving import served, tonight_dated
from tests.publish.browsing import CHROMIUM, NO_CHROMIUM, launched

sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
if not Path(CHROMIUM).is_file():
    pytest.skip(NO_CHROMIUM, allow_module_level=True)

TOLD_MS = 20_000
"""How long a page is waited for to show a change (bounded: a page never told fails the test; a page is told
within a second, `keizer bench serve` measures it)."""


@pytest.fixture(scope="module")
def browser():  # type: ignore[no-untyped-def]
    yield from launched(sync_api)


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return Path(tmp_path_factory.getbasetemp())


def shot(page: Any, path: Path) -> None:
    """A screenshot of the page once it has loaded (a form just sent is still navigating)."""
    page.wait_for_load_state("load")
    page.screenshot(path=str(path))


def _take_with_one_key(store: Path) -> list[str]:
    """The director, in the TUI beside the server: F4, then `t` on board 1. What the app said."""
    async def take() -> list[str]:
        app = make_app(store)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("f4")
            await pilot.pause()
            assert isinstance(app.screen, ResultsScreen)
            boards = app.screen.query_one("#boards", KeizerTable)
            for _ in range(400):  # bounded: the screen draws the round with its Rep column, or the test fails
                if len(boards.columns) == 5 and boards.cursor_key == "board:1":
                    break
                await pilot.pause(0.05)
            await pilot.press("t")
            await pilot.pause()
            said = [s.text for s in app.said]
        app.evening.close()
        return said

    out: list[list[str]] = []
    worker = threading.Thread(target=lambda: out.append(asyncio.run(take())))  # Playwright's loop owns this thread
    worker.start()
    worker.join(timeout=120)
    assert out, "the TUI did not take the report"
    return out[0]


def test_checked_in_reported_taken_and_seen_on_every_page(tmp_path: Path, browser: Any, shots: Path) -> None:
    store = tmp_path / "club.keizer"
    SeasonStore.create(store, load_season(Path(shutil.copy(EVENING, tmp_path / "club.json")))).close()
    tonight_dated(store)
    with served(store, "--check-in", "--results") as server:
        tablet = browser.new_page(viewport={"width": 800, "height": 1280})
        tablet.goto(server.url + "kiosk")
        tablet.fill("#code", server.kiosk_code())
        tablet.click("main button[type=submit]")
        tablet.wait_for_load_state("load")
        tablet.fill("#q", "viss")
        tablet.click("form.kiosk-search button")
        tablet.wait_for_load_state("load")
        shot(tablet, shots / "live-kiosk-found.png")
        assert tablet.locator("ul.names a").count() == 2  # Daan and Frank Visser: big rows, each named
        tablet.click("ul.names a >> text=Frank Visser")
        tablet.wait_for_load_state("load")
        assert "Frank Visser" in tablet.inner_text("main")  # the confirmation names them
        tablet.click(".kiosk-confirm button")
        tablet.wait_for_load_state("load")
        assert "Frank Visser" in tablet.inner_text("main")
        shot(tablet, shots / "live-kiosk-welcome.png")

        with Evening.open(store) as director:
            pair(director)
            code = director.reports.codes(TONIGHT)[1]
            game = director.season.round(TONIGHT).games[0]
            white = director.season.player(game.white).name

        wall = browser.new_page(viewport={"width": 1920, "height": 1080})
        wall.goto(server.url + "wall?panel=pairing")
        assert wall.locator("#panel-pairing td.code").first.inner_text() == code  # the laptop's wall shows codes
        standings = browser.new_page(viewport={"width": 1280, "height": 900})
        standings.goto(server.url + "standings")
        before = standings.inner_text("table.standings")
        phone_context = browser.new_context(viewport={"width": 375, "height": 812}, has_touch=True, is_mobile=True)
        phone_context.add_cookies([{"name": "keizer-me", "value": game.white, "url": server.url}])
        phone = phone_context.new_page()
        phone.goto(server.url)
        top = phone.locator("main section.me").bounding_box()
        assert top is not None and top["y"] < 812 / 2  # where, whom, which colour: on top
        assert white in phone.inner_text("section.me") and phone.evaluate(
            "document.scrollingElement.scrollWidth <= innerWidth")
        shot(phone, shots / "live-phone-home.png")

        reporter = phone_context.new_page()
        reporter.goto(server.url + "board/1")
        reporter.fill("#code", code)
        reporter.click("main button[type=submit]")
        reporter.wait_for_load_state("load")
        reporter.check("input[name=by][value=white]")
        reporter.check("input[name=result][value='1-0']")
        shot(reporter, shots / "live-phone-report.png")
        reporter.click("main button[type=submit]")
        reporter.wait_for_load_state("load")
        assert reporter.locator(".report-state").count() == 1
        shot(reporter, shots / "live-phone-reported.png")
        assert wall.locator("#panel-results td.result").first.inner_text() == ""  # a report is not a result

        said = _take_with_one_key(store)
        assert said[-1].endswith("(reported from board 1)")
        wall.wait_for_function("() => document.querySelector('#panel-results td.result').textContent === '1-0'",
                               timeout=TOLD_MS)
        standings.wait_for_function("(before) => document.querySelector('table.standings').innerText !== before",
                                    arg=before, timeout=TOLD_MS)
        phone.wait_for_function("() => document.querySelector('.me-result') !== null", timeout=TOLD_MS)
        assert "1-0" in phone.inner_text(".me-result")
        wall.evaluate("document.querySelectorAll('.panel').forEach(p => p.classList.toggle('shown', "
                      "p.dataset.panel === 'results'))")
        shot(wall, shots / "live-wall-results.png")
        shot(standings, shots / "live-standings.png")
        shot(phone, shots / "live-phone-taken.png")
        with Evening.read(store) as done:
            assert done.season.round(TONIGHT).games[0].result is Result.WHITE_WINS


def test_the_wall_holds_40_boards_without_scrolling(tmp_path: Path, browser: Any, shots: Path) -> None:
    store = tmp_path / "room.keizer"
    club_room(store, 80, seed=1, played=3)
    with served(store, "--results") as server:
        wall = browser.new_page(viewport={"width": 1920, "height": 1080})
        for panel in ("pairing", "results", "standings"):
            wall.goto(f"{server.url}wall?panel={panel}")
            assert wall.evaluate("[document.scrollingElement.scrollHeight <= innerHeight, "
                                 "document.scrollingElement.scrollWidth <= innerWidth]") == [True, True], panel
            wall.screenshot(path=str(shots / f"live-wall-40-{panel}.png"))
        wall.goto(f"{server.url}wall?panel=pairing")
        rows = wall.locator("#panel-pairing tbody tr")
        assert rows.count() == 40
        assert all(rows.nth(i).is_visible() for i in (0, 19, 20, 39))
