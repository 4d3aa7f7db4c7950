"""A phone shows the points (issue 20): at 375 px the standings' place, name and points (and club D's value) are
read without scrolling, the other columns scroll beside the place and the name that stay put; the final table
is the final standings. Same Chromium and skips as test_browser.py; the screenshots go to the temp folder."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import Season
from keizer.seasons.site_folder import write_site
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site
from tests.conftest import DEMO, real_season_paths
from tests.publish.test_browser import browser  # noqa: F401 — the fixture: the system Chromium

LONG = "René Wüstenhöfer-van den Akker"
"""The longest name of issue 20's season, given to the leader: the name column at its widest."""

# Per row of the standings: the left and right edges of the cells that must be read, and of the box they
# scroll in, in the window's pixels.
_EDGES = """keys => [...document.querySelectorAll("table.standings tbody tr")].map(tr => {
  const heads = [...document.querySelectorAll("table.standings thead th")].map(th => th.textContent);
  return keys.map(key => { const r = tr.children[heads.indexOf(key)].getBoundingClientRect(); return [r.left, r.right]; });
})"""
_BOX = "(() => { const r = document.querySelector('table.standings').closest('.scroll').getBoundingClientRect(); " \
       "return [r.left, r.right]; })()"


def _with_long_name(season: Season) -> Season:
    return replace(season, players=(replace(season.players[0], name=LONG), *season.players[1:]))


def _keys_in_view(page, keys: list[str]) -> list[str]:  # type: ignore[no-untyped-def]
    """The keys whose cell sticks out of the box in any row (empty: all are read without scrolling)."""
    left, right = page.evaluate(_BOX)
    rows = page.evaluate(_EDGES, keys)
    assert rows
    return sorted({key for row in rows for key, (a, b) in zip(keys, row) if a < left - 0.5 or b > right + 0.5})


@pytest.mark.parametrize("style,lang,keys", [
    ("d", "nl", ["#", "Naam", "Punten", "Waarde"]), ("d", "en", ["#", "Name", "Points", "Value"]),
    ("k", "nl", ["Pl", "Naam", "Keizer", "Wrd"]), ("k", "en", ["Pl", "Name", "Points", "Val"])])
def test_a_phone_reads_the_place_the_name_and_the_points(browser, tmp_path, tmp_path_factory, style, lang,  # type: ignore[no-untyped-def]
                                                         keys):
    folder = tmp_path / "site"
    write_site(build_site(Evening.of(_with_long_name(load_season(DEMO))), 32, lang, style), folder)
    page = browser.new_page(viewport={"width": 375, "height": 900})
    for name in ("index.html", "rounds/32.html"):
        page.goto((folder / name).as_uri())
        assert _keys_in_view(page, keys) == [], f"{name}: cut at 375 px"
        # the rest scrolls sideways, the place and the name staying put beside it
        wider = page.evaluate("document.querySelector('table.standings').closest('.scroll').scrollWidth - 375")
        assert wider > 0 and page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
        page.evaluate("document.querySelector('table.standings').closest('.scroll').scrollLeft = 10000")
        assert _keys_in_view(page, keys[:2]) == [], f"{name}: the place or the name scrolled away"
    shots = Path(tmp_path_factory.getbasetemp())
    page.goto((folder / "index.html").as_uri())
    page.screenshot(path=str(shots / f"keizer-375-standings-{style}-{lang}.png"), full_page=False)
    page.close()


def test_a_real_season_reads_on_a_phone_and_ends_in_the_final_standings(browser, tmp_path, tmp_path_factory):  # type: ignore[no-untyped-def]
    paths = real_season_paths()
    page = browser.new_page(viewport={"width": 375, "height": 900})
    for path in paths:
        season = load_season(path)
        last = max(r.number for r in season.rounds if r.has_results)
        assert season.rounds_planned == last
        folder = tmp_path / path.stem
        write_site(build_site(Evening.of(season), last, "nl"), folder)
        page.goto((folder / "index.html").as_uri())
        assert page.inner_text("h1") == "Eindstand"  # not "Ranglijst na ronde 38"
        assert _keys_in_view(page, ["#", "Naam", "Punten", "Waarde"]) == []
        page.goto((folder / "rounds" / f"{last}.html").as_uri())
        assert page.locator("h2", has_text="Eindstand").count() == 1
        page.goto((folder / "rounds" / f"{last - 1}.html").as_uri())
        assert page.locator("h2", has_text=f"Ranglijst na ronde {last - 1}").count() == 1
        page.goto((folder / "index.html").as_uri())
        page.screenshot(path=str(Path(tmp_path_factory.getbasetemp()) / f"keizer-375-final-{path.stem}.png"))
    page.close()
