"""The published site in a real browser, for the reader's reach: the cross table whole on a desktop, every link a
finger can hit on a phone, a legend folded shut printed open. Same Chromium and skips as test_browser.py."""

from __future__ import annotations

import pytest

from keizer.seasons.load import load_season
from tests.conftest import real_season_paths
from tests.publish.group_seasons import separate_season
from tests.publish.prize_seasons import classed_season, cup_season
from tests.publish.test_browser import browser, site  # noqa: F401 — the fixtures: the demo site, the browser
from keizer.seasons.site_folder import write_site
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site

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
        write_site(build_site(Evening.of(season), k, "nl"), tmp_path / path.stem)
        _cross_at_1280(browser, tmp_path / path.stem, k)


def test_a_legend_folded_shut_prints_open(site, browser):  # type: ignore[no-untyped-def]
    # paper cannot be unfolded: a legend closed on screen printed its heading's space and nothing else
    page = browser.new_page(viewport={"width": 375, "height": 900})  # a wider screen shows it open anyway
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


# Every link too small for a finger (WCAG 2.2, target size minimum): one of a menu or a list under 24 px high;
# one elsewhere under 24 x 24 px whose 24 px circle meets another link or its circle (the spacing exception),
# but for a link in a sentence (a paragraph), which the line's height constrains.
_SMALL_TARGETS = """() => {
  const all = [...document.querySelectorAll("a")].filter(a => a.getClientRects().length)
    .map(a => ({a, r: a.getBoundingClientRect()}));
  const centre = ({r}) => [r.left + r.width / 2, r.top + r.height / 2];
  const near = (c, r) => Math.hypot(Math.max(r.left - c[0], 0, c[0] - r.right),
                                    Math.max(r.top - c[1], 0, c[1] - r.bottom)) < 12;
  const small = all.filter(t => t.r.width < 24 || t.r.height < 24);
  const out = [];
  for (const t of all) {
    const text = `${t.a.textContent.trim().slice(0, 20)} ${t.r.width.toFixed(1)}x${t.r.height.toFixed(1)}`;
    if (t.a.closest("nav, li")) { if (t.r.height < 24) out.push(`list: ${text}`); continue; }
    if (t.a.closest("p") || !small.includes(t)) continue;
    const c = centre(t);
    if (all.some(o => o !== t && near(c, o.r)) ||
        small.some(o => o !== t && Math.hypot(c[0] - centre(o)[0], c[1] - centre(o)[1]) < 24))
      out.push(`crowded: ${text}`);
  }
  return out;
}"""

PAGE_TYPES = ("index.html", "cross.html", "players/quinten-koster.html", "rounds/17.html", "rounds/index.html",
              "pairing.html", "kampioensgroep.html")


@pytest.fixture(scope="module")
def more_sites(tmp_path_factory):  # type: ignore[no-untyped-def]
    """The sites of the pages the demo has not: the classes, the cups, a formed group in English."""
    out = {}
    for key, make, lang in (("classes", classed_season, "nl"), ("cups", cup_season, "nl"),
                            ("group", separate_season, "en")):
        out[key] = tmp_path_factory.mktemp(f"reach-{key}") / "site"
        write_site(build_site(Evening.of(make()), 32, lang), out[key])
    return out


@pytest.mark.parametrize("width", [375, 1280])
def test_every_link_is_a_target_a_finger_can_hit(site, more_sites, browser, width):  # type: ignore[no-untyped-def]
    # the archive's and the menu's links were 19 px high, their text's height
    page = browser.new_page(viewport={"width": width, "height": 900})
    shown = [(site, name) for name in PAGE_TYPES] + [
        (more_sites["classes"], "klassen.html"), (more_sites["cups"], "bekers.html"),
        (more_sites["group"], "championship-group.html")]
    for folder, name in shown:
        page.goto((folder / name).as_uri())
        assert page.locator("a").count() > 5, name
        assert page.evaluate(_SMALL_TARGETS) == [], f"{name} at {width} px"
    page.close()
