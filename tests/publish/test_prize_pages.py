"""The classes and group cups pages: every number equals `keizer classes --json` and `keizer standings --prizes
--json` for the same round, the pages are valid HTML5 in both languages, and absent where the ruleset has no
classes or cups (or nobody has a class or group)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import pytest

from keizer.scoring.replay import replay
from keizer.seasons.load import load_season
from keizer.seasons.model import Season
from keizer.seasons.numbers import points_text
from keizer.seasons.season_json.write import dump_season
from tests.conftest import DEMO
from tests.publish.helpers import NS, page_file, parse, text_of
from tests.publish.prize_seasons import DIRECTOR_KEEPS, classed_season, cup_season
from keizer.tui.cli.main import main
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site


@pytest.fixture(scope="module")
def classed(tmp_path_factory) -> tuple[Season, Path]:  # type: ignore[no-untyped-def]
    season = classed_season()
    path = tmp_path_factory.mktemp("classes") / "d.json"
    path.write_text(dump_season(season))
    return season, path


@pytest.fixture(scope="module")
def cups(tmp_path_factory) -> tuple[Season, Path]:  # type: ignore[no-untyped-def]
    season = cup_season()
    path = tmp_path_factory.mktemp("cups") / "k.json"
    path.write_text(dump_season(season))
    return season, path


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def prize_tables(page: Element) -> list[tuple[str, list[str], list[list[str]]]]:
    """(the heading just above it, headers, rows) of every table.prizes on the page, in order."""
    out: list[tuple[str, list[str], list[list[str]]]] = []
    title = ""
    for node in page.iter():
        if node.tag in (f"{NS}h2", f"{NS}h3"):
            title = text_of(node)
        if node.tag == f"{NS}table" and "prizes" in (node.get("class") or "").split():
            headers = [text_of(th) for th in node.iter(f"{NS}th")]
            body = node.find(f"{NS}tbody")
            assert body is not None
            rows = [[text_of(td) for td in tr.findall(f"{NS}td")] for tr in body.findall(f"{NS}tr")]
            out.append((title, headers, rows))
    return out


def plain(cell: str) -> str:
    return cell.replace(",", ".")


def check_rows(headers: list[str], rows: list[list[str]], expected: list[dict[str, Any]], decimals: int,
               lang: str) -> None:
    assert len(rows) == len(expected)
    yes, no = ("ja", "nee") if lang == "nl" else ("yes", "no")
    for cells, row in zip(rows, expected):
        got = dict(zip(headers, cells))
        assert got["Pl"] == str(row["place"]) and got["Keizer" if lang == "nl" else "Rank"] == str(row["rank"])
        assert got["Naam" if lang == "nl" else "Name"] == row["name"]
        assert plain(got["Punten" if lang == "nl" else "Points"]) == points_text(Fraction(row["score_exact"]), decimals)
        if "eligible" in row:
            assert got["33%"] == (yes if row["eligible"] else no)
        if "cup" in row:
            mark = "beker" if lang == "nl" else "cup"
            assert got["Beker" if lang == "nl" else "Cup"] == (mark if row["cup"] else "")


@pytest.mark.parametrize("k", [20, 32])
@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_classes_page_publishes_keizer_classes(classed, capsys, k, lang):  # type: ignore[no-untyped-def]
    season, path = classed
    files = build_site(Evening.of(season), k, lang)
    page = parse(files[page_file("klassen.html", lang)])  # strict: raises on any parse error
    heading = ("Klassen na ronde " if lang == "nl" else "Classes after round ") + str(k)
    assert text_of(next(page.iter(f"{NS}h1"))) == heading
    tables = prize_tables(page)
    data = cli_json(capsys, "classes", str(path), "--round", str(k), "--json")
    prizes = cli_json(capsys, "standings", str(path), "--round", str(k), "--prizes", "--json")["class_prizes"]
    classes = data["classes"]
    assert len(tables) == len(classes) + len(prizes) == 8
    word = "Klasse" if lang == "nl" else "Class"
    for (title, headers, rows), expected in zip(tables, classes + prizes):
        assert title == f"{word} {expected['class']}"
        check_rows(headers, rows, expected["rows"], 2, lang)
    # in round 32 the second half's classes: the director kept her in A, the proposal's promoted are up
    a_names = {r[2] for r in tables[0][2]}
    assert (season.player(DIRECTOR_KEEPS).name in a_names) is True
    assert ("Voorlopig: het seizoen is nog niet af" if lang == "nl" else "Provisional: the season is not finished") \
        in files[page_file("klassen.html", lang)]


def test_the_moves_are_said_in_words(classed):  # type: ignore[no-untyped-def]
    season, _ = classed
    page = parse(build_site(Evening.of(season), 32, "nl")["klassen.html"])
    moves = next(t for t in page.iter(f"{NS}table") if t.get("class") == "moves")
    body = moves.find(f"{NS}tbody")
    assert body is not None
    rows = [[text_of(td) for td in tr.findall(f"{NS}td")] for tr in body.findall(f"{NS}tr")]
    accepted = dict(season.class_moves[0].moves)
    moved = [r for r in rows if r[1] != r[2]]
    assert {r[0] for r in moved} == {season.player(p).name for p in accepted}
    assert all(r[2] == accepted[next(p for p in accepted if season.player(p).name == r[0])] for r in moved)
    assert {r[3] for r in moved} <= {"promotie", "degradatie", "extra verschuiving: klassen even groot",
                                     "besluit van de wedstrijdleider"}
    assert ["B", "A", "promotie"] in [r[1:] for r in rows]
    # the proposed relegation the director did not make
    assert [r for r in rows if r[1] == r[2]] == [
        [season.player(DIRECTOR_KEEPS).name, "A", "A",
         "blijft: besluit van de wedstrijdleider (voorstel: degradatie naar B)"]]
    assert "Vastgesteld; de nieuwe klassen gelden vanaf ronde 21." in text_of(page)


def test_an_unaccepted_reading_shows_the_proposal(classed):  # type: ignore[no-untyped-def]
    season, _ = classed
    text = build_site(Evening.of(replace(season, class_moves=())), 20, "en")["classes.html"]
    assert "Proposed, not yet accepted by the director:" in text and "promotion" in text
    assert "No moves accepted yet." in build_site(Evening.of(replace(season, class_moves=())), 25, "en")["classes.html"]


def test_the_prize_lists_are_final_when_the_season_is(classed):  # type: ignore[no-untyped-def]
    season, _ = classed
    done = replace(season, rounds_planned=32)
    text = build_site(Evening.of(done), 32, "nl")["klassen.html"]
    assert "Prijslijst per klasse" in text and "Voorlopig" not in text


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_cups_page_publishes_the_prize_lists(cups, capsys, lang):  # type: ignore[no-untyped-def]
    season, path = cups
    k = 32
    files = build_site(Evening.of(season), k, lang)
    page = parse(files[page_file("bekers.html", lang)])
    tables = prize_tables(page)
    expected = cli_json(capsys, "standings", str(path), "--round", str(k), "--prizes", "--json")["cups"]
    assert [t[0] for t in tables] == [("Groep " if lang == "nl" else "Group ") + str(c["group"]) for c in expected]
    for (_, headers, rows), cup in zip(tables, expected):
        check_rows(headers, rows, cup["rows"], 1, lang)  # K's columns: the Keizer score to one decimal
    under = next(r for r in expected[0]["rows"] if r["eligible"] is False)
    assert not under["cup"]
    text = text_of(page)
    if lang == "nl":
        assert f"{under['name']} deed mee aan 1 van de {k} rondes, minder dan 1/3 (nodig: 11): geen beker." in text
        assert "De beker: " in text
    else:
        assert f"{under['name']} took part in 1 of the {k} rounds, fewer than 1/3 (needed: 11): no cup." in text


def test_the_menu_links_the_pages_made(classed, cups):  # type: ignore[no-untyped-def]
    d = build_site(Evening.of(classed[0]), 32, "nl")
    k = build_site(Evening.of(cups[0]), 32, "en")
    assert 'href="klassen.html">Klassen<' in d["index.html"] and "bekers.html" not in d["index.html"]
    assert 'href="../klassen.html">Klassen<' in d["rounds/3.html"]
    assert 'href="cups.html">Group cups<' in k["index.html"] and "classes.html" not in k["index.html"]
    assert "bekers.html" not in d and "classes.html" not in k
    assert 'url=cups.html"' in k["bekers.html"]  # the Dutch name a club may have linked: sent on


def test_no_pages_without_classes_or_groups() -> None:
    demo = load_season(DEMO)  # D's ruleset has classes, but nobody in the demo has one
    assert replay(demo, 1).ruleset.classes is not None
    files = build_site(Evening.of(demo), 32, "nl")
    assert "klassen.html" not in files and "bekers.html" not in files
    assert "klassen.html" not in files["index.html"]


def test_a_name_on_the_prize_pages_is_text(classed, cups):  # type: ignore[no-untyped-def]
    evil = '<script>alert("x")</script> & Co'
    for season, page in ((classed[0], "classes.html"), (cups[0], "cups.html")):
        players = tuple(replace(p, name=evil) for p in season.players)
        text = build_site(Evening.of(replace(season, players=players)), 32, "en")[page]
        assert "<script>" not in text and "&lt;script&gt;" in text
        parse(text)


def test_the_final_group_plays_for_no_cup_on_the_site(cups, capsys) -> None:  # type: ignore[no-untyped-def]
    from tests.publish.group_seasons import without_games
    from keizer.evening.championship.changes import formation, members_of

    season, _ = cups
    event = members_of(formation(season, ()))  # K's six leave for the final group after round 20 …
    kept = without_games(season, set(event.members), after=20)  # … and play no Keizer game after it
    formed = event.apply(kept)
    members = formed.championship.members  # type: ignore[union-attr]
    page = parse(build_site(Evening.of(formed), 32, "nl")["bekers.html"])
    listed = {plain(row[headers.index("Naam")]) for _, headers, rows in prize_tables(page) for row in rows}
    names = {formed.player(p).name for p in members}
    assert listed and not listed & names
    text = text_of(page)
    assert "Niet in de bekers (finalegroep)" in text and all(name in text for name in names)
