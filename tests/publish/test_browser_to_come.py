"""The published site in a real browser: the note naming whose team result is still to come stays within a
phone, a long name as written and all (docs/rules.md §13). Same Chromium and skips as test_browser.py."""

from __future__ import annotations

import pytest

from keizer.seasons.load import load_season
from tests.conftest import DEMO
from tests.publish.test_browser import browser  # noqa: F401 — the fixture: the system Chromium
from tests.publish.test_site_to_come import team_match_pending
from keizer.seasons.site_folder import write_site
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site

LONG = "<i>Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessen</i>"
"""One word wider than a phone, spelled like markup."""


@pytest.mark.parametrize("page_name", ["index.html", "rounds/32.html"])
def test_the_note_of_a_team_result_to_come_fits_a_phone(browser, tmp_path, page_name):  # type: ignore[no-untyped-def]
    season, _ = team_match_pending(load_season(DEMO), 32, LONG)
    write_site(build_site(Evening.of(season), 32, "en"), tmp_path / "site")
    page = browser.new_page(viewport={"width": 375, "height": 900})
    page.goto((tmp_path / "site" / page_name).as_uri())
    note = page.locator("p.provisional")
    assert note.inner_text().endswith(f"1 team result is still to come: {LONG} (round 32).")
    assert note.locator("i").count() == 0
    # the note itself: the name breaks inside its box (the absence line under the boards is not this test's)
    right, scroll, client = note.evaluate("p => [p.getBoundingClientRect().right, p.scrollWidth, p.clientWidth]")
    assert right <= 375 and scroll <= client, f"the note on {page_name} overflows at 375 px"
    page.close()


def test_the_line_of_who_is_not_playing_fits_a_phone(browser, tmp_path):  # type: ignore[no-untyped-def]
    """The absentees under the boards: one name wider than a phone made the whole page scroll sideways."""
    season, _ = team_match_pending(load_season(DEMO), 32, LONG)
    write_site(build_site(Evening.of(season), 32, "en"), tmp_path / "site")
    page = browser.new_page(viewport={"width": 375, "height": 900})
    page.goto((tmp_path / "site" / "rounds" / "32.html").as_uri())
    line = page.locator("p.absent")
    assert LONG in line.inner_text()
    right = line.evaluate("p => p.getBoundingClientRect().right")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert right <= 375 and width <= 375, "the line of who is not playing overflows at 375 px"
    page.close()
