"""The championship group page: every number equals `keizer group SEASON --json` (members, table, schedule,
state, decision games), the page is valid HTML5 in Dutch and English, tells no later round's result on an
earlier round's site, and is absent without a championship group or before it can form."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import Result, Season
from keizer.seasons.season_json.write import dump_season
from tests.conftest import EVENING
from tests.publish.group_seasons import MISSED, inside_season, separate_season
from tests.publish.helpers import NS, page_file, parse, table, text_of
from keizer.tui.cli.main import main
from keizer.web.site.championship import season_after
from keizer.evening.evening import Evening
from keizer.web.site.build import build_site
from keizer.seasons.result_text import SHOWN as RESULT_TEXT

PAGE = "kampioensgroep.html"
EN = page_file(PAGE, "en")
"""The page's name on an English site ("championship-group.html"; the Dutch name sends the reader on)."""


def page_in(lang: str) -> str:
    return PAGE if lang == "nl" else EN
WORDS = {"nl": {"to play": "nog te spelen", "missed": "niet gespeeld: wordt opnieuw ingepland",
                "on the board": "wordt gespeeld"},
         "en": {"to play": "to play", "missed": "not played: to be rescheduled", "on the board": "being played"}}


def group_json(capsys: pytest.CaptureFixture[str], tmp_path: Path, season: Season) -> dict[str, Any]:
    path = tmp_path / "season.json"
    path.write_text(dump_season(season))
    assert main(["group", str(path), "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def game_points(cell: str) -> Fraction:
    """"3½" → 7/2, "½" → 1/2, "4" → 4: read back as a reader would."""
    half = cell.endswith("½")
    whole = cell.removesuffix("½")
    return Fraction(int(whole) if whole else 0) + (Fraction(1, 2) if half else 0)


def rows_of(page: Element, css: str) -> list[list[str]]:
    return table(page, css)[1]


def list_items(page: Element, css: str) -> list[str]:
    node = next(n for n in page.iter() if css in (n.get("class") or "").split())
    return [text_of(li) for li in node.iter(f"{NS}li")]


def check_page(page: Element, data: dict[str, Any], season: Season, lang: str) -> None:
    """Members, table and schedule on the page equal the CLI's JSON."""
    name = lambda pid: season.player(pid).name  # noqa: E731
    assert list_items(page, "group-members") == [m["name"] for m in data["members"]]
    got = rows_of(page, "group-table")
    assert len(got) == len(data["table"])
    for cells, row in zip(got, data["table"]):
        assert cells[0] == str(row["place"]) and cells[1] == row["name"]
        assert game_points(cells[2]) == Fraction(row["points_exact"])
        assert (int(cells[3]), int(cells[4])) == (row["played"], row["to_play"])
    games = rows_of(page, "group-games")
    assert len(games) == len(data["schedule"])
    for cells, game in zip(games, data["schedule"]):
        assert int(cells[0]) == game["round"]
        assert {cells[1], cells[2]} == {name(game["white"]), name(game["black"])}
        if game["state"] == "played":
            # the result as the board has it, with the colours as played (which the page shows)
            board = next(g for g in season.round(game["round"]).games if {g.white, g.black} ==
                         {game["white"], game["black"]}) if data["mode"] == "inside" else None
            if board is not None:
                assert (cells[1], cells[2]) == (name(board.white), name(board.black))
            assert cells[3] == RESULT_TEXT[Result(game["result"])]
        else:
            assert cells[3] == WORDS[lang][game["state"]]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_inside_group_page_equals_keizer_group(capsys, tmp_path, lang) -> None:  # type: ignore[no-untyped-def]
    season = inside_season()
    data = group_json(capsys, tmp_path, season)
    files = build_site(Evening.of(season), 32, lang)
    page = parse(files[page_in(lang)])  # strict: raises on any parse error
    heading = "Kampioensgroep na ronde 32" if lang == "nl" else "Championship group after round 32"
    assert text_of(next(page.iter(f"{NS}h1"))) == heading
    check_page(page, data, season, lang)
    states = {g["state"] for g in data["schedule"]}
    assert {"played", "missed", "to play"} <= states
    assert any(g["round"] == MISSED and g["state"] == "missed" for g in data["schedule"])
    text = text_of(page)
    declined = season.player(data["declined"][0]).name
    assert f"{'Bedankt' if lang == 'nl' else 'Declined'}: {declined}" in text
    left = sum(r["to_play"] for r in data["table"]) // 2
    contenders = [season.player(p).name for p in data["state"]["contenders"]]
    assert data["state"]["phase"] == "playing"
    said = next(text_of(p) for p in page.iter(f"{NS}p") if "state" in (p.get("class") or ""))
    assert left > 1 and said.startswith(f"Nog {left} groepspartijen te spelen." if lang == "nl"
                                        else f"{left} group games still to play.")
    assert all(n in said for n in contenders)
    assert f'href="{page_in(lang)}">' in files["index.html"]
    assert f'href="players/{season.championship.members[0]}.html"' in files[page_in(lang)]  # type: ignore[union-attr]


def test_an_earlier_round_tells_no_later_result(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    season = inside_season()
    k = 27
    data = group_json(capsys, tmp_path, season_after(season, k))
    page = parse(build_site(Evening.of(season), k, "en")[EN])
    check_page(page, data, season, "en")
    games = rows_of(page, "group-games")
    assert all(cells[3] in WORDS["en"].values() for cells in games if int(cells[0]) > k)
    assert any(cells[3] == "1-0" for cells in games if int(cells[0]) <= k)
    full = group_json(capsys, tmp_path, season)
    assert sum(r["played"] for r in data["table"]) < sum(r["played"] for r in full["table"])


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_two_tied_play_decision_games(capsys, tmp_path, lang) -> None:  # type: ignore[no-untyped-def]
    season = separate_season()
    data = group_json(capsys, tmp_path, season)
    page = parse(build_site(Evening.of(season), 32, lang)[page_in(lang)])
    check_page(page, data, season, lang)
    assert data["state"]["phase"] == "decision"
    a, b = (season.player(p).name for p in data["state"]["contenders"])
    said = next(text_of(p) for p in page.iter(f"{NS}p") if "state" in (p.get("class") or ""))
    assert said == (f"{a} en {b} eindigen gelijk met 5½ punten: twee beslissingspartijen, ieder een keer met wit."
                    if lang == "nl" else
                    f"{a} and {b} finish level on 5½ points: two decision games, each with white once.")
    needed = [f"{season.player(n['white']).name} – {season.player(n['black']).name}" for n in data["state"]["needed"]]
    assert list_items(page, "needed") == needed
    decision = _tables(page)[-1]
    assert decision == [[season.player(g["white"]).name, season.player(g["black"]).name,
                         RESULT_TEXT[Result(g["result"])]] for g in data["decision"]]


def _tables(page: Element) -> list[list[list[str]]]:
    """The cell texts of every table.group-games, in order (the schedule, then the decision games)."""
    out = []
    for node in page.iter(f"{NS}table"):
        if "group-games" in (node.get("class") or "").split():
            body = node.find(f"{NS}tbody")
            assert body is not None
            out.append([[text_of(td) for td in tr.findall(f"{NS}td")] for tr in body.findall(f"{NS}tr")])
    return out


@pytest.mark.parametrize("results,phase", [((Result.WHITE_WINS, Result.DRAW), "champion"),
                                           ((Result.WHITE_WINS, Result.WHITE_WINS), "shared")])
def test_after_the_decision_games(capsys, tmp_path, results, phase) -> None:  # type: ignore[no-untyped-def]
    season = separate_season(results)
    data = group_json(capsys, tmp_path, season)
    assert data["state"]["phase"] == phase
    page = parse(build_site(Evening.of(season), 32, "nl")[PAGE])
    said = next(text_of(p) for p in page.iter(f"{NS}p") if "state" in (p.get("class") or ""))
    names = [season.player(p).name for p in data["state"]["champion"]]
    if phase == "champion":
        assert said == f"{names[0]} is clubkampioen na de beslissingspartijen."
    else:
        assert said == f"Ook na de beslissingspartijen gelijk: {names[0]} en {names[1]} delen de titel."
    assert not list(p for p in page.iter(f"{NS}ul") if p.get("class") == "needed")
    # the decision games are not told on a site of a round before the group's last
    assert "Beslissingspartijen" not in build_site(Evening.of(season), 29, "nl")[PAGE]


def test_before_it_forms_the_proposal(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    season = load_season(EVENING)
    data = group_json(capsys, tmp_path, season)
    assert data["formed"] is False
    page = parse(build_site(Evening.of(season), 32, "en")[EN])
    assert list_items(page, "group-members") == [p["name"] for p in data["proposal"]]
    assert "Not fixed yet. Proposed from the ranking after round 20:" in text_of(page)


def test_no_page_without_a_group() -> None:
    season = load_season(EVENING)
    assert PAGE not in build_site(Evening.of(season), 19, "nl")  # before round 20 is scored
    classic = build_site(Evening.of(replace(season, ruleset_spec="keizer-classic")), 32, "nl")
    assert PAGE not in classic and PAGE not in classic["index.html"]
    formed = inside_season()
    assert not {PAGE, EN} & set(build_site(Evening.of(formed), 12, "en"))


def test_a_name_on_the_group_page_is_text() -> None:
    season = inside_season()
    evil = '<script>alert("x")</script> & Co'
    member = season.championship.members[0]  # type: ignore[union-attr]
    players = tuple(replace(p, name=evil) if p.id == member else p for p in season.players)
    text = build_site(Evening.of(replace(season, players=players)), 32, "en")[EN]
    assert "<script>" not in text and "&lt;script&gt;" in text
    parse(text)


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_member_who_withdrew_is_said_and_their_games_read_as_what_they_are(capsys, tmp_path, lang) -> None:  # type: ignore[no-untyped-def]
    """Issue 19 item 2: the page equals `keizer group --json`, says the withdrawal, and the games never played
    read "not played: withdrawn" (none of them count: fewer than half played) instead of "to play"."""
    from tests.championship.test_group_withdrawal import separate

    season = separate(24)
    data = group_json(capsys, tmp_path, season)
    page = parse(build_site(Evening.of(season), 32, lang)[page_in(lang)])
    words = {**WORDS[lang], "withdrawn": {"nl": "niet gespeeld: teruggetrokken", "en": "not played: withdrawn"}[lang]}
    games = rows_of(page, "group-games")
    withdrawn = [cells for cells, game in zip(games, data["schedule"]) if game["state"] == "withdrawn"]
    assert withdrawn and all(cells[3] == words["withdrawn"] for cells in withdrawn)
    gone = season.player(data["withdrawn"][0]["player"]).name
    said = [text_of(p) for p in page.iter(f"{NS}p") if "state" in (p.get("class") or "")]
    expected = {"nl": f"{gone} trok zich terug vóór ronde 24, na 3 van de 10 groepspartijen, minder dan de helft",
                "en": f"{gone} withdrew before round 24, after 3 of the 10 group games, fewer than half"}[lang]
    assert any(line.startswith(expected) for line in said), said
    assert gone not in [cells[1] for cells in rows_of(page, "group-table")]
    assert "withdrawn" not in build_site(Evening.of(season), 22, "en")[EN]  # not yet said on an earlier round's page
