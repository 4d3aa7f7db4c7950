"""A phone on club night shows tonight first (issue 31, item 6): with a pairing saved and its results not in,
the front page puts tonight's pairing at the top, and the legend is folded shut on a phone; a player's chart and
table tell one story — the points as published after each round and as counted today, both drawn, each
labelled."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from keizer.evening.evening import Evening
from keizer.seasons.load import load_season
from keizer.seasons.model import Result, Season
from keizer.seasons.site_folder import write_site
from keizer.web.site.build import build_site
from tests.conftest import DEMO
from tests.publish.test_browser import browser  # noqa: F401 — the fixture: the system Chromium


def tonight() -> Season:
    """The demo season with round 33 paired and none of its results in: club night, round 33."""
    season = load_season(DEMO)
    rnd = season.round(33)
    pending = replace(rnd, games=tuple(replace(g, result=Result.PENDING) for g in rnd.games))
    return replace(season, rounds=season.rounds[:32] + (pending,))


def test_tonight_s_pairing_comes_first_on_the_front_page() -> None:
    page = build_site(Evening.of(tonight()), 32, "nl")["index.html"]
    assert page.index('<table class="pairing">') < page.index('<table class="standings">')
    assert "<h2>Indeling ronde 33 (" in page
    played = build_site(Evening.of(load_season(DEMO)), 33, "nl")["index.html"]  # no pairing waiting
    assert played.index('<table class="standings">') < played.index('<table class="pairing">')


def test_the_legend_is_folded_shut_where_it_is_written() -> None:
    page = build_site(Evening.of(tonight()), 32, "en")["index.html"]
    assert '<details class="legend">' in page and '<details class="legend" open>' not in page


def test_the_player_s_chart_draws_the_points_published_and_counted_today() -> None:
    season = replace(load_season(DEMO), ruleset_spec={"preset": "doorn-driebergen-2019", "valuation": "current",
                                                      "iterate": "always"})
    files = build_site(Evening.of(season), 32, "en")
    leader = next(name for name in files if name.startswith("players/"))
    page = files[leader]
    chart = page[page.index("<h2>Points</h2>"):page.index("</svg>", page.index("<h2>Points</h2>"))]
    assert chart.count("<polyline") == 2  # as published after each round, and as counted today
    assert "as published after each round" in page and "as counted today (Total)" in page
    totals = re.findall(r'<td class="num">([0-9.,]+)</td><td class="num">[0-9]*</td></tr>', page)
    today = re.findall(r"as counted today \(Total\), 32: ([0-9.,]+)<", chart)
    # the chart's "today" line ends where the table does (the chart says whole points)
    assert today and totals and int(today[-1]) == round(float(totals[-1]))


def test_a_phone_sees_tonight_s_pairing_at_once(browser, tmp_path: Path, tmp_path_factory) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    folder = tmp_path / "site"
    write_site(build_site(Evening.of(tonight()), 32, "nl"), folder)
    page = browser.new_page(viewport={"width": 375, "height": 740})
    page.goto((folder / "index.html").as_uri())
    top = page.evaluate("document.querySelector('table.pairing').getBoundingClientRect().top")
    assert top < 740 / 2, f"tonight's pairing starts {top} px down"
    page.screenshot(path=str(Path(tmp_path_factory.getbasetemp()) / "keizer-375-tonight.png"), full_page=False)
    assert not page.evaluate("document.querySelector('details.legend dl').checkVisibility()")  # folded shut
    page.click("details.legend summary")  # a tap opens it
    assert page.evaluate("document.querySelector('details.legend dl').checkVisibility()")
    wide = browser.new_page(viewport={"width": 1280, "height": 900})
    wide.goto((folder / "index.html").as_uri())
    assert wide.evaluate("document.querySelector('details.legend dl').checkVisibility()")  # open beside the table
    page.close()
    wide.close()
