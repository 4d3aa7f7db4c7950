"""The forecast page in a real browser (headless Chromium through Playwright): it reads right on a phone and a
desktop, nothing sticks out sideways, the title race is drawn. Screenshots go to the temp folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.evening.forecast.season_forecast import forecast
from keizer.pairing.simulate import simulate_season
from keizer.seasons.site_folder import write_site
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site
from tests.publish.test_browser import browser  # noqa: F401 — the fixture: the system Chromium (skips without)


def forecast_site(folder: Path, rules: object) -> Path:
    season = simulate_season(24, 30, rules, 7, played=22)
    kept = tuple(forecast(season, k, runs=8, seed=0, workers=1) for k in (18, 20, 22))
    write_site(build_site(Evening.of(season), 22, "nl", forecasts=kept), folder)
    return folder


@pytest.fixture(scope="module")
def site(tmp_path_factory):  # type: ignore[no-untyped-def]
    return forecast_site(tmp_path_factory.mktemp("forecast") / "site", "doorn-driebergen-2019")


@pytest.fixture(scope="module")
def cup_site(tmp_path_factory):  # type: ignore[no-untyped-def]
    """A column more: the cups' chances."""
    rules = {"preset": "doorn-driebergen-2019", "cups": {"top": 2, "participation": True}}
    return forecast_site(tmp_path_factory.mktemp("forecast-cups") / "site", rules)


def test_a_phone_is_told_to_swipe_the_table_only_where_it_does_not_fit(site, cup_site, browser):  # type: ignore[no-untyped-def]
    """Was: "swipe the table sideways" above a table of four columns that a phone showed whole."""
    for folder, columns in ((site, 4), (cup_site, 5)):
        page = browser.new_page(viewport={"width": 375, "height": 900})
        page.goto((folder / "vooruitblik.html").as_uri())
        assert page.locator("table.forecast thead th").count() == columns
        scroll, client = page.evaluate("[document.querySelector('.scroll').scrollWidth, "
                                       "document.querySelector('.scroll').clientWidth]")
        told = page.locator(".scroll-hint").count() == 1 and page.locator(".scroll-hint").is_visible()
        assert told == (scroll > client), (columns, scroll, client)
        page.close()


@pytest.mark.parametrize("width", [375, 1280])
def test_the_forecast_page_reads_right_and_draws_the_race(site, browser, width, tmp_path_factory):  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto((site / "vooruitblik.html").as_uri())
    assert page.inner_text("h1") == "Vooruitblik na ronde 22"
    scroll, client = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert scroll <= client, f"the forecast page overflows at {width} px ({scroll} > {client})"
    chart = page.locator("svg.chart.race")
    assert chart.is_visible() and chart.bounding_box()["width"] <= width
    # the chart starts where the table does: no figure indent taking a phone's width from it
    assert chart.bounding_box()["x"] == pytest.approx(page.locator("table.forecast").bounding_box()["x"], abs=1)
    assert page.locator("svg.chart.race polyline").count() == page.locator(".race-legend li").count() >= 1
    first = page.locator("table.forecast tbody tr").first.inner_text()
    assert first.split()[0] == "1"  # the standings' leader first, whatever the chances
    page.screenshot(path=str(Path(tmp_path_factory.getbasetemp()) / f"keizer-forecast-{width}.png"), full_page=True)
    page.close()
