"""`keizer publish --forecast`: a forecast page with each player's chances and the title race from the forecasts
kept in the store, kept with the publication's record (one action); `keizer notice --forecast`: one line more."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from keizer.evening.forecast.season_forecast import forecast
from keizer.pairing.simulate import simulate_season
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.cli.main import main
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site


@pytest.fixture(scope="module")
def season():
    return simulate_season(14, 20, "keizer-classic", 12, played=16)


def test_the_page_shows_the_newest_forecast_and_the_race_of_those_before(season):
    kept = tuple(forecast(season, k, runs=6, seed=0, workers=1) for k in (14, 15, 16))
    files = build_site(Evening.of(season), 16, "en", forecasts=kept)
    page = files["forecast.html"]
    assert "<h1>Forecast after round 16</h1>" in page
    assert "Rounds 17–20 played 6 times (seed 0)" in page and "first in the final standings" in page
    assert 'href="forecast.html"' in files["index.html"]  # every page's menu links it
    leader = max(kept[-1].players, key=lambda p: p.title)
    name = season.player(leader.player).name
    assert re.search(rf">{re.escape(name)}</a></td><td class=\"num\">{re.escape(_pct(leader.title))}", page)
    race = page[page.index('<svg class="chart race"'):page.index("</svg>", page.index('<svg class="chart race"'))]
    contenders = [p for p in kept[-1].players if p.title > 0][:6]
    assert race.count("<polyline") == len(contenders)  # a line per likely champion ...
    assert race.count("<circle") == 3 * len(contenders)  # ... with a point per forecast kept
    assert "not a proof" in page
    assert build_site(Evening.of(season), 16, "en", forecasts=kept) == files  # the same forecasts, the same bytes
    assert not {"forecast.html", "vooruitblik.html"} & set(build_site(Evening.of(season), 16, "en"))  # no page


def _pct(p: float) -> str:
    from keizer.evening.words.forecast import chance
    return chance(p, "en")


def test_the_dutch_page_says_it_in_dutch(season):
    page = build_site(Evening.of(season), 16, "nl", forecasts=(forecast(season, 16, runs=4, workers=1),))["vooruitblik.html"]
    assert "<h1>Vooruitblik na ronde 16</h1>" in page and "Titelkansen per ronde" in page
    assert "geen bewijs" in page


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_publish_keeps_each_forecast_with_its_record_and_draws_the_race(capsys, tmp_path, season):
    store = tmp_path / "club.keizer"
    SeasonStore.create(store, season).close()
    site = tmp_path / "site"
    for k in (15, 16):
        code, out, _ = run(capsys, "publish", str(store), "--round", str(k), "--forecast", "--runs", "5",
                           "-o", str(site), "--lang", "en")
        assert code == 0 and "with a forecast" in out
    opened = SeasonStore.open(store)
    try:
        assert [e.forecast.round for _, e in opened.forecasts()] == [15, 16]
        assert len(opened.publications()) == 2
        opened.undo()  # the publication and its forecast are one action: one undo takes both back
        assert [e.forecast.round for _, e in opened.forecasts()] == [15] and len(opened.publications()) == 1
    finally:
        opened.close()
    page = (site / "forecast.html").read_text()
    race = page[page.index('<svg class="chart race"'):]
    assert "<title>" in race and re.search(r"<circle[^>]*><title>[^<]*, 15: ", race)


def test_a_kept_forecast_is_made_again_from_the_store_alone(capsys, tmp_path, season):
    store = tmp_path / "club.keizer"
    SeasonStore.create(store, season).close()
    code, _, _ = run(capsys, "publish", str(store), "--round", "15", "--forecast", "--runs", "7", "--seed", "3",
                     "-o", str(tmp_path / "site"))
    assert code == 0
    opened = SeasonStore.open(store, readonly=True)
    try:
        (_, event), = opened.forecasts()
        then = opened.season_at(event.revision)  # the state it was made from, with its round, runs and seed
    finally:
        opened.close()
    kept = event.forecast
    assert (kept.round, kept.runs, kept.seed) == (15, 7, 3)
    assert forecast(then, kept.round, runs=kept.runs, seed=kept.seed, workers=1) == kept


def test_a_season_file_gets_the_page_but_keeps_no_record(capsys, tmp_path, season):
    path = tmp_path / "s.json"
    path.write_text(dump_season(season))
    code, _, err = run(capsys, "publish", str(path), "--forecast", "--runs", "4", "-o", str(tmp_path / "site"))
    assert code == 0 and "keeps no record" in err
    assert "Vooruitblik na ronde 16" in (tmp_path / "site" / "vooruitblik.html").read_text()


def test_the_notice_adds_the_likeliest_champions_in_one_line(capsys, tmp_path, season):
    path = tmp_path / "s.json"
    path.write_text(dump_season(season))
    code, out, _ = run(capsys, "notice", str(path), "--forecast", "--runs", "6", "--lang", "en")
    assert code == 0
    last = out.rstrip("\n").splitlines()[-1]
    assert last.startswith("Title chances after round 16: ") and last.count("%") <= 3
    _, plain, _ = run(capsys, "notice", str(path), "--lang", "en")
    assert "Title chances" not in plain


def test_a_players_page_says_what_they_need_from_the_forecast_published(capsys, tmp_path, season):
    path = tmp_path / "s.json"
    path.write_text(dump_season(season))
    code, _, _ = run(capsys, "publish", str(path), "--forecast", "--runs", "30", "--lang", "en",
                     "-o", str(tmp_path / "site"))
    assert code == 0
    made = forecast(season, 16, runs=30, seed=0, workers=1, needs=True)
    leader = max(made.players, key=lambda p: p.title)
    heading = f"<h1>{season.player(leader.player).name} "
    page = next(text for f in (tmp_path / "site" / "players").iterdir() if heading in (text := f.read_text()))
    needs = page[page.index('<section class="needs">'):page.index("</section>")]
    assert "<h2>What do I need?</h2>" in needs and "Title after round 17 — win: " in needs
    assert "stay away: " in needs and "± " in needs and "of the title by points from rounds 17–19" in needs
    assert "rounds 17–20 played 30 times (seed 0)" in needs
    plain = build_site(Evening.of(season), 16, "en")  # no forecast: no such section
    assert not any('class="needs"' in text for path, text in plain.items() if path.startswith("players/"))
    dutch = build_site(Evening.of(season), 16, "nl", forecasts=(made,))
    assert any("<h2>Wat heb ik nodig?</h2>" in text and "Titel na ronde 17 — winst: " in text
               for path, text in dutch.items() if path.startswith("players/"))


def test_the_page_s_file_name_is_in_its_language_and_the_old_name_still_served(season):
    """Issue 31: the English forecast page was `vooruitblik.html`, and its subtitle started lowercase."""
    kept = (forecast(season, 16, runs=4, seed=0, workers=1),)
    english = build_site(Evening.of(season), 16, "en", forecasts=kept)
    page = english["forecast.html"]
    assert "<p>Rounds 17–20 played 4 times (seed 0). Title: first in the final standings.</p>" in page
    assert 'href="forecast.html"' in english["index.html"] and 'href="vooruitblik.html"' not in english["index.html"]
    old = english["vooruitblik.html"]  # where a club linked the old name: sent on to the page
    assert 'content="0; url=forecast.html"' in old and 'href="forecast.html"' in old
    dutch = build_site(Evening.of(season), 16, "nl", forecasts=kept)
    assert "forecast.html" not in dutch and dutch["vooruitblik.html"].count("<h1>Vooruitblik na ronde 16</h1>") == 1
