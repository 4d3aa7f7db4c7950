"""The published site in a real browser: headless Chromium (the system's, through Playwright) opens the index,
a player page and the cross table at a phone's and a desktop's width, reads what a reader sees, checks that
nothing overflows sideways, that every text stands out from its background and a name like markup reads as
written, prints every kind of page to PDF within the paper and the pairing on one A4. Screenshots go to the
temp folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from tests.conftest import DEMO, real_season_paths
from tests.publish.group_seasons import inside_season, separate_season
from tests.publish.prize_seasons import classed_season, cup_season
from tests.publish.helpers import page_file
from keizer.seasons.site_folder import write_site
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site
from tests.publish.browsing import CHROMIUM, NO_CHROMIUM, launched

sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
if not Path(CHROMIUM).is_file():
    pytest.skip(NO_CHROMIUM, allow_module_level=True)


PAGES = {"index.html": "Ranglijst na ronde 32", "players/quinten-koster.html": "Quinten Koster na ronde 32",
         "cross.html": "Kruistabel — Ranglijst na ronde 32"}


_FITS = "document.scrollingElement.scrollWidth <= innerWidth"
"""Nothing on the page sticks out sideways."""
_WIDER = "[...document.querySelectorAll('.scroll')].map(e => e.scrollWidth - e.clientWidth)"
"""How much each sideways-scrolling table is wider than its box."""


@pytest.fixture(scope="module")
def site(tmp_path_factory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("published") / "site"
    write_site(build_site(Evening.of(load_season(DEMO)), 32, "nl"), folder)
    return folder


@pytest.fixture(scope="module")
def browser():  # type: ignore[no-untyped-def]
    yield from launched(sync_api)


@pytest.mark.parametrize("width", [375, 1280])
def test_the_pages_read_right_and_nothing_overflows(site, browser, width, tmp_path_factory):  # type: ignore[no-untyped-def]
    shots = Path(tmp_path_factory.getbasetemp())
    page = browser.new_page(viewport={"width": width, "height": 900})
    for name, heading in PAGES.items():
        page.goto((site / name).as_uri())
        assert page.inner_text("h1") == heading
        scroll, client = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert scroll <= client, f"{name} overflows at {width} px ({scroll} > {client})"
        page.screenshot(path=str(shots / f"keizer-{width}-{name.replace('/', '-')}.png"), full_page=False)
    page.goto((site / "index.html").as_uri())
    # the standings scroll sideways on a phone, and say so there only
    assert page.locator(".scroll-hint").is_visible() == (width < 800)
    first = page.locator("table.standings tbody tr").first.inner_text()
    assert "Quinten Koster" in first and re.search(r"\d,\d", first)  # the leader, with a decimal comma
    assert page.locator("h2", has_text="Indeling ronde 33").count() == 1
    page.goto((site / "players/quinten-koster.html").as_uri())
    assert page.locator("svg.chart").count() == 2 and page.locator("svg.chart").first.is_visible()
    page.close()


# Every abbreviation of a legend whose text runs past its own box or into its meaning's.
_LEGEND_CLASHES = """() => [...document.querySelectorAll(".legend dt")].filter(dt => {
  const dd = dt.nextElementSibling;
  return dt.scrollWidth > dt.clientWidth || dt.getBoundingClientRect().right > dd.getBoundingClientRect().left;
}).map(dt => dt.textContent)"""


@pytest.mark.parametrize("width", [375, 1280])
def test_a_legend_never_runs_an_abbreviation_into_its_meaning(site, browser, width):  # type: ignore[no-untyped-def]
    # "Waarde" ran into "eigen waarde" ("Waardeeigen waarde"): the abbreviation shrank below its text
    page = browser.new_page(viewport={"width": width, "height": 900})
    for name in ("index.html", "rounds/5.html", "players/quinten-koster.html"):
        page.goto((site / name).as_uri())
        assert page.locator(".legend dt").count() > 0
        assert page.evaluate(_LEGEND_CLASHES) == [], f"{name} at {width} px"
        if width == 375:  # one column: the meanings start on one line under each other
            lefts = page.evaluate("[...document.querySelectorAll('.legend dd')].map(dd => dd.getBoundingClientRect().left)")
            assert len(set(lefts)) == 1, f"{name}: meanings start at {sorted(set(lefts))}"
    page.close()


# Every text on the page whose colour against the background behind it is under WCAG AA's 4.5:1.
_LOW_CONTRAST = """() => {
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const behind = el => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length === 3 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("svg") || ![...el.childNodes].some(n => n.nodeType === 3 && n.data.trim())) continue;
    const a = lum(rgb(getComputedStyle(el).color).slice(0, 3)), b = lum(behind(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) out.push(`${el.tagName} ${el.textContent.trim().slice(0, 30)}: ${ratio.toFixed(2)}`);
  }
  return [...new Set(out)];
}"""


@pytest.mark.parametrize("key,name", [("demo", "index.html"), ("demo", "players/quinten-koster.html"),
                                      ("demo", "cross.html"), ("group", "kampioensgroep.html"),
                                      ("classes", "klassen.html"), ("cups", "bekers.html")])
def test_every_text_stands_out_from_its_background(browser, printed, key, name):  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": 375, "height": 900})
    page.goto((printed[key] / name).as_uri())
    assert page.evaluate(_LOW_CONTRAST) == []
    page.close()


def test_a_name_like_markup_reads_as_written(browser, tmp_path):  # type: ignore[no-untyped-def]
    from dataclasses import replace

    season = load_season(DEMO)
    names = {"quinten-koster": "<b>x</b>", "wim-van-den-berg": "&amp;"}
    season = replace(season, players=tuple(replace(p, name=names.get(p.id, p.name)) for p in season.players))
    write_site(build_site(Evening.of(season), 32, "nl"), tmp_path / "site")
    page = browser.new_page(viewport={"width": 375, "height": 900})
    page.goto((tmp_path / "site" / "players" / "quinten-koster.html").as_uri())
    assert page.inner_text("h1") == "<b>x</b> na ronde 32" and page.locator("main b").count() == 0
    page.goto((tmp_path / "site" / "index.html").as_uri())
    assert page.locator("table.standings a", has_text="&amp;").first.inner_text() == "&amp;"
    page.close()


def test_every_player_page_reads_whole_on_a_phone(site, browser):  # type: ignore[no-untyped-def]
    # a member's own page is the one read most, on a phone: every round's row without scrolling sideways
    page = browser.new_page(viewport={"width": 375, "height": 900})
    for path in sorted((site / "players").iterdir()):
        page.goto(path.as_uri())
        wider = page.evaluate(_WIDER)
        assert wider == [0], f"{path.name}: the rounds are {wider} px wider than a phone"
        assert page.evaluate(_FITS), f"{path.name} overflows at 375 px"
    assert page.locator("p.rounds-note").is_visible()
    page.close()


@pytest.mark.parametrize("season,name,heading,tables", [
    (classed_season, "klassen.html", "Klassen na ronde 32", 8),
    (cup_season, "bekers.html", "Groepsbekers na ronde 32", 3)])
def test_the_classes_and_cups_pages_fit_a_phone(browser, tmp_path_factory, season, name, heading,  # type: ignore[no-untyped-def]
                                                tables):
    folder = tmp_path_factory.mktemp("published-prizes") / "site"
    write_site(build_site(Evening.of(season()), 32, "nl"), folder)
    page = browser.new_page(viewport={"width": 375, "height": 900})
    page.goto((folder / name).as_uri())
    assert page.inner_text("h1") == heading
    scroll, client = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert scroll <= client, f"{name} overflows at 375 px ({scroll} > {client})"
    # not even the tables scroll sideways: a class or group is read whole on a phone
    wider = page.evaluate("Math.max(0, ...[...document.querySelectorAll('.scroll')]"
                          ".map(e => e.scrollWidth - e.clientWidth))")
    assert wider == 0, f"a table on {name} is {wider} px wider than a phone"
    assert page.locator("table.prizes").count() == tables
    first = page.locator("table.prizes tbody tr").first.inner_text()
    assert re.search(r"\d,\d", first)  # points the Dutch way
    page.screenshot(path=str(Path(tmp_path_factory.getbasetemp()) / f"keizer-375-{name}.png"), full_page=True)
    page.close()


@pytest.mark.parametrize("season,lang,heading,said", [
    (inside_season, "nl", "Kampioensgroep na ronde 32", "Nog 12 groepspartijen te spelen."),
    (separate_season, "en", "Championship group after round 32", "two decision games")])
def test_the_group_page_fits_a_phone(browser, tmp_path_factory, season, lang, heading, said):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("published-group") / "site"
    write_site(build_site(Evening.of(season()), 32, lang), folder)
    page = browser.new_page(viewport={"width": 375, "height": 900})
    page.goto((folder / page_file("kampioensgroep.html", lang)).as_uri())
    assert page.inner_text("h1") == heading
    assert said in page.locator("p.state").first.inner_text()
    scroll, client = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert scroll <= client, f"the group page overflows at 375 px ({scroll} > {client})"
    wider = page.evaluate("Math.max(0, ...[...document.querySelectorAll('.scroll')]"
                          ".map(e => e.scrollWidth - e.clientWidth))")
    assert wider == 0, f"a table on the group page is {wider} px wider than a phone"
    assert page.locator("table.group-table tbody tr").count() == 6
    page.screenshot(path=str(Path(tmp_path_factory.getbasetemp()) / f"keizer-375-group-{lang}.png"), full_page=True)
    page.close()


PRINT_WIDTH = {"portrait": round((210 - 2 * 12) / 25.4 * 96), "landscape": round((297 - 2 * 10) / 25.4 * 96)}
"""The width in CSS px that a page's content has on A4 (site.css: 12 mm margins, 10 mm for the landscape cross
table)."""


@pytest.fixture(scope="module")
def printed(tmp_path_factory):  # type: ignore[no-untyped-def]
    """The sites whose pages are printed, by key."""
    out = {}
    for key, make, lang in (("demo", lambda: load_season(DEMO), "nl"), ("group", inside_season, "nl"),
                            ("separate", separate_season, "en"), ("classes", classed_season, "nl"),
                            ("cups", cup_season, "nl")):
        folder = tmp_path_factory.mktemp(f"printed-{key}") / "site"
        write_site(build_site(Evening.of(make()), 32, lang), folder)
        out[key] = folder
    return out


@pytest.mark.parametrize("key,name,orientation", [
    ("demo", "index.html", "portrait"), ("demo", "rounds/32.html", "portrait"),
    ("demo", "players/quinten-koster.html", "portrait"), ("demo", "cross.html", "landscape"),
    ("group", "kampioensgroep.html", "portrait"), ("separate", "championship-group.html", "portrait"),
    ("classes", "klassen.html", "portrait"), ("cups", "bekers.html", "portrait")])
def test_every_page_prints_within_the_paper(browser, printed, tmp_path_factory, key, name,  # type: ignore[no-untyped-def]
                                            orientation):
    # paper has no sideways scroll: the standings lost their last column, the cross table all after round 12
    page = browser.new_page()
    page.goto((printed[key] / name).as_uri())
    page.emulate_media(media="print")
    pdf = page.pdf(prefer_css_page_size=True)
    box = [float(v) for v in re.search(rb"/MediaBox\s*\[([^\]]*)\]", pdf).group(1).split()]  # type: ignore[union-attr]
    assert (box[2] > box[3]) == (orientation == "landscape"), f"{name} should print {orientation}"
    page.set_viewport_size({"width": PRINT_WIDTH[orientation], "height": 1000})
    assert page.evaluate(_FITS), f"{name} is wider than the paper ({page.evaluate('document.scrollingElement.scrollWidth')} px)"
    assert not any(nav.is_visible() for nav in page.locator("nav").all())  # the menu and a round's pager
    shot = Path(tmp_path_factory.getbasetemp()) / f"keizer-print-{key}-{name.replace('/', '-')}.png"
    page.screenshot(path=str(shot), full_page=True)
    page.close()


def test_the_cross_table_of_a_long_real_season_prints_within_landscape(browser, tmp_path):  # type: ignore[no-untyped-def]
    # 38 rounds: the size shrinks with the number of rounds (site.css, --rounds), the demo's 32 keep theirs
    for path in real_season_paths():
        season = load_season(path)
        k = max(r.number for r in season.rounds if r.has_results)
        folder = tmp_path / path.stem
        write_site(build_site(Evening.of(season), k, "nl"), folder)
        page = browser.new_page(viewport={"width": PRINT_WIDTH["landscape"], "height": 900})
        page.goto((folder / "cross.html").as_uri())
        page.emulate_media(media="print")
        assert page.locator("table.cross thead th").count() == k + 2
        assert page.evaluate(_FITS), f"{path.name}: the cross table of {k} rounds is wider than the paper"
        page.close()


def test_the_pairing_prints_on_one_a4(site, browser, tmp_path):  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto((site / "pairing.html").as_uri())
    page.emulate_media(media="print")
    assert not page.locator("nav").is_visible()  # the menu is left off the paper
    pdf = page.pdf(path=str(tmp_path / "pairing.pdf"), format="A4")
    assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
    page.close()


# Every word of a name in the pairing's white and black cells: how many lines its letters take.
_WORD_LINES = """() => {
  const out = [];
  for (const cell of document.querySelectorAll("table.pairing td:nth-child(2), table.pairing td:nth-child(3)")) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        out.push([m[0], tops.size]);
      }
    }
  }
  return out;
}"""


def test_a_name_on_the_pairing_wraps_between_words_on_a_phone(site, browser):  # type: ignore[no-untyped-def]
    # "Daan Timmermans" may take two lines in a narrow column, never "Timmerman" and "s"
    page = browser.new_page(viewport={"width": 375, "height": 900})
    page.goto((site / "pairing.html").as_uri())
    words = page.evaluate(_WORD_LINES)
    assert words and [word for word, lines in words if lines > 1] == []
    scroll, client = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert scroll <= client
    page.close()
