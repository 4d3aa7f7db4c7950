"""Every link of a published site leads to a page of that site, every page can be reached from the standings and
leads back to them, and every page has a title: read from the files alone, no browser."""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from urllib.parse import unquote, urlsplit

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import Season
from tests.conftest import DEMO
from tests.publish.group_seasons import inside_season, separate_season
from tests.publish.helpers import NS, parse, text_of
from tests.publish.prize_seasons import classed_season, cup_season
from keizer.web.site.players import page_names
from keizer.web.sheet import round_sheet
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site

SEASONS: dict[str, tuple[Callable[[], Season], int, str]] = {
    "demo-nl": (lambda: load_season(DEMO), 32, "nl"), "demo-en-start": (lambda: load_season(DEMO), 0, "en"),
    "demo-last": (lambda: load_season(DEMO), 33, "nl"), "group-inside": (inside_season, 32, "nl"),
    "group-separate": (separate_season, 32, "en"), "classes": (classed_season, 32, "nl"), "cups": (cup_season, 32, "nl"),
}


def links(files: dict[str, str], page: str) -> list[str]:
    """The site-relative path of every href and src on `page` (a fragment and a query left off)."""
    out = []
    for node in parse(files[page]).iter():
        for attribute in ("href", "src"):
            target = node.get(attribute)
            if target is None:
                continue
            parts = urlsplit(target)
            assert not parts.scheme and not parts.netloc, f"{page} links outside the site: {target}"
            if parts.path:  # "#x" stays on the page
                out.append(posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(parts.path))))
    return out


@pytest.fixture(scope="module", params=sorted(SEASONS))
def site(request):  # type: ignore[no-untyped-def]
    make, k, lang = SEASONS[request.param]
    return build_site(Evening.of(make()), k, lang)


def test_every_link_leads_to_a_file_of_the_site(site):  # type: ignore[no-untyped-def]
    broken = [(page, target) for page in site if page.endswith(".html") for target in links(site, page)
              if target not in site]
    assert broken == []


def test_every_page_is_reached_from_the_standings_and_leads_back(site):  # type: ignore[no-untyped-def]
    # a page's old name a club may have linked (`moved.html`) only sends the reader on: reached from outside
    pages = {page for page in site if page.endswith(".html") and 'http-equiv="refresh"' not in site[page]}
    seen, todo = {"index.html"}, ["index.html"]
    while todo:
        for target in links(site, todo.pop()):
            if target in pages and target not in seen:
                seen.add(target)
                todo.append(target)
    assert pages - seen == set()
    assert [page for page in pages if "index.html" not in links(site, page)] == []


def test_every_page_has_a_title_and_a_heading(site):  # type: ignore[no-untyped-def]
    for page in (page for page in site if page.endswith(".html")):
        tree = parse(site[page])
        heading = text_of(next(tree.iter(f"{NS}h1")))
        title = text_of(next(tree.iter(f"{NS}title")))
        assert heading and title.startswith(heading), page


def test_a_round_page_leads_to_the_rounds_before_and_after_it() -> None:
    files = build_site(Evening.of(load_season(DEMO)), 32, "nl")
    assert {"rounds/2.html", "rounds/index.html"} <= set(links(files, "rounds/1.html"))
    assert "rounds/0.html" not in links(files, "rounds/1.html")
    assert {"rounds/16.html", "rounds/18.html"} <= set(links(files, "rounds/17.html"))
    assert "rounds/33.html" not in links(files, "rounds/32.html")  # the site is that of round 32
    # the date is in the heading, said once
    assert text_of(next(parse(files["rounds/17.html"]).iter(f"{NS}main"))).count("16 januari 2020") == 1


def test_who_does_not_play_links_to_their_page_as_the_others_do() -> None:
    # the absent of a round's results and of a pairing were plain text, the players on the boards links
    season = load_season(DEMO)
    files = build_site(Evening.of(season), 32, "nl")
    pages = page_names(season)
    ranked = {f"players/{pages[p]}" for p in pages} & set(files)
    # index.html: the first list is that of round 32's results, the next pairing's after it
    for page, j in [(f"rounds/{j}.html", j) for j in range(1, 33)] + [("index.html", 32), ("pairing.html", 33)]:
        absent = round_sheet(season, j).absent
        assert absent, page
        paragraph = next(p for p in parse(files[page]).iter(f"{NS}p") if p.get("class") == "absent")
        linked = {posixpath.normpath(posixpath.join(posixpath.dirname(page), a.get("href") or ""))
                  for a in paragraph.iter(f"{NS}a")}
        assert linked == {f"players/{pages[pid]}" for pid, _, _ in absent} & ranked, page


def test_an_id_windows_keeps_for_a_device_gets_a_page_of_its_own_name() -> None:
    """`con.html` cannot be made or copied on Windows (issue 22): such ids get the page of their place."""
    from dataclasses import replace as changed

    from keizer.seasons.model import Player, PlayerId

    season = load_season(DEMO)
    ids = ("con", "aux", "nul", "com1", "lpt9", "prn", "console")
    players = tuple(Player(id=PlayerId(pid), name=f"P {pid}") for pid in ids)
    pages = page_names(changed(season, players=players, rounds=(), withdrawals=(), championship=None,
                               class_moves=(), suspended=()))
    assert {pid: pages[PlayerId(pid)] for pid in ids} == {
        "con": "speler-1.html", "aux": "speler-2.html", "nul": "speler-3.html", "com1": "speler-4.html",
        "lpt9": "speler-5.html", "prn": "speler-6.html", "console": "console.html"}
