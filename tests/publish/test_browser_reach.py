"""The published site in a real browser, for the reader's reach: the cross table whole on a desktop, every link a
finger can hit on a phone, a legend folded shut printed open. Same Chromium and skips as test_browser.py."""

from __future__ import annotations

from seasons.load import load_season
from tests.conftest import real_season_paths
from tests.publish.test_browser import browser, site  # noqa: F401 — the fixtures: the demo site, the browser
from tui.publish.output import write_site
from tui.publish.site import build_site

# The cross table: how much it is wider than its box, the page than the window, and the smallest text's size.
_CROSS = """() => {
  const box = document.querySelector('.scroll'), cells = [...document.querySelectorAll('table.cross td')];
  return [box.scrollWidth - box.clientWidth, document.scrollingElement.scrollWidth - innerWidth,
          Math.min(...cells.map(td => parseFloat(getComputedStyle(td).fontSize))),
          document.querySelector('table.cross thead th:last-child').getBoundingClientRect().right <= innerWidth];
}"""


def _cross_at_1280(browser, folder, rounds):  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto((folder / "cross.html").as_uri())
    assert page.locator("table.cross thead th").count() == rounds + 2
    wider, overflow, smallest, last_seen = page.evaluate(_CROSS)
    page.close()
    assert (wider, overflow, last_seen) == (0, 0, True), f"{rounds} rounds at 1280 px scroll sideways by {wider} px"
    assert smallest >= 13, f"the cross table's cells are {smallest} px"


def test_the_cross_table_shows_every_round_at_1280_px(site, browser):  # type: ignore[no-untyped-def]
    # the 72rem column hid rounds 20 and up until one scrolled
    _cross_at_1280(browser, site, 32)


def test_the_cross_table_of_a_long_real_season_shows_every_round_at_1280_px(browser, tmp_path):  # type: ignore[no-untyped-def]
    for path in real_season_paths():
        season = load_season(path)
        k = max(r.number for r in season.rounds if r.has_results)
        write_site(build_site(season, k, "nl"), tmp_path / path.stem)
        _cross_at_1280(browser, tmp_path / path.stem, k)


def test_a_legend_folded_shut_prints_open(site, browser):  # type: ignore[no-untyped-def]
    # paper cannot be unfolded: a legend closed on screen printed its heading's space and nothing else
    page = browser.new_page(viewport={"width": 800, "height": 900})
    for name in ("index.html", "rounds/5.html", "players/quinten-koster.html"):
        page.goto((site / name).as_uri())
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = false; })")
        assert not page.locator(".legend dt").first.is_visible()  # folded on screen
        page.emulate_media(media="print")
        terms = page.locator(".legend dt")
        assert terms.count() > 0 and all(dt.is_visible() for dt in terms.all()), name
        assert page.locator(".legend dd").last.bounding_box()["height"] > 0, name  # type: ignore[index]
        page.emulate_media(media="screen")
    page.close()
