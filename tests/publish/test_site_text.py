"""Text from the season file is text on every page of the site: a name like `<b>x</b>` or `&amp;` reads as
written, never as markup or as an entity it spells."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import Season
from tests.conftest import DEMO
from tests.publish.group_seasons import inside_season, separate_season
from tests.publish.helpers import NS, parse, text_of
from tests.publish.prize_seasons import classed_season, cup_season
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site

SEASON_NAME = "<b>Club</b> &amp; <i>co</i>"


def spelled(i: int) -> str:
    """Player i's name: markup, an entity, both, and a character entity's look-alike."""
    return (f"<b>x{i}</b>", f"A &amp; B{i}", f"<i>&lt;{i}</i>", f"C&#38;{i} &")[i % 4]


def with_names(season: Season) -> Season:
    return replace(season, name=SEASON_NAME,
                   players=tuple(replace(p, name=spelled(i)) for i, p in enumerate(season.players)))


@pytest.mark.parametrize("make,lang", [(lambda: load_season(DEMO), "nl"), (inside_season, "en"),
                                       (separate_season, "nl"), (classed_season, "nl"), (cup_season, "en")])
def test_names_and_the_season_name_read_as_written_on_every_page(make: Callable[[], Season], lang: str) -> None:
    season = with_names(make())
    files = build_site(Evening.of(season), 32, lang)
    shown = {p.name for p in season.players}
    for page, text in files.items():
        if not page.endswith(".html"):
            continue
        tree = parse(text)
        assert [n.tag for n in tree.iter() if n.tag in (f"{NS}b", f"{NS}i")] == [], page
        assert text_of(next(tree.iter(f"{NS}title"))).endswith(f" — {SEASON_NAME}"), page
        assert SEASON_NAME in text_of(tree), page
        # every link to a player says a name as written (K's standings add " (finalegroep)" after it)
        for link in tree.iter(f"{NS}a"):
            if "players/" in (link.get("href") or ""):
                said = text_of(link)
                assert any(said == name or said.startswith(f"{name} (") for name in shown), (page, said)
    player = next(p for p in season.players if p.id == next(iter(_ranked(files))))
    page = parse(files[f"players/{_ranked(files)[player.id]}"])
    assert text_of(next(page.iter(f"{NS}h1"))).startswith(player.name)
    assert any(text_of(t).endswith(player.name) for t in page.iter("{http://www.w3.org/2000/svg}title"))


def _ranked(files: dict[str, str]) -> dict[str, str]:
    """Player id → page file, read off the file names (the page name is the id for these seasons)."""
    return {f.removeprefix("players/").removesuffix(".html"): f.removeprefix("players/")
            for f in sorted(files) if f.startswith("players/")}
