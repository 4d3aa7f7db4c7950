"""A club's Keizer kept in a spreadsheet: a row per game and per absence, saved the Dutch way (`;`, decimal
comma, Windows-1252) or the English way, read as a season; a season written so (`keizer export --csv`) and read
again gives the same tables after every round."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from pathlib import Path

import pytest

from keizer.scoring.replay import replay
from keizer.seasons.errors import KeizerError
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, Player, PlayerId, Result
from keizer.seasons.moving_in.report import report_lines
from keizer.seasons.spreadsheet.read import read_spreadsheet
from keizer.seasons.spreadsheet.write import spreadsheet_text
from tests.conftest import REPO

DATA = REPO / "tests" / "data"
SEASONS = [REPO / "seasons" / "samples" / "demo.json", DATA / "evening.json"]


def tables(season, k: int) -> list[tuple[str, object, int]]:  # type: ignore[no-untyped-def]
    return [(season.player(r.player).name, r.score, r.rank) for r in replay(season, k).standings().rows]


@pytest.mark.parametrize("path", SEASONS, ids=lambda p: p.name)
def test_written_and_read_again_gives_the_same_tables(tmp_path: Path, path: Path) -> None:
    season = load_season(path)
    path = tmp_path / "season.csv"
    path.write_text(spreadsheet_text(season), encoding="utf-8", newline="")
    moved = read_spreadsheet(path, ruleset=season.ruleset_spec)
    again = moved.season
    assert [p.name for p in again.players] == [p.name for p in season.players]
    assert [p.rating for p in again.players] == [p.rating for p in season.players]
    assert [(again.player(w.player).name, w.before_round) for w in again.withdrawals] == \
        [(season.player(w.player).name, w.before_round) for w in season.withdrawals]
    for k in range(1, season.last_scored_round + 1):
        assert tables(again, k) == tables(season, k), k
    assert not moved.report.guessed and not moved.report.withdrew  # nothing to guess in keizer's own export


def test_a_dutch_spreadsheet() -> None:
    """Windows-1252, `;`, `0,5-0,5`, `½-½`, dates as 5-9-2024, absences in Dutch, the players listed at the top
    with their ratings, a game without a result yet, an absence entered for the next evening."""
    moved = read_spreadsheet(DATA / "spreadsheet-nl.csv")
    season = moved.season
    assert [p.name for p in season.players] == ["Jan de Vries", "Anna Smit", "Kees Jansen", "Eva van Dijk", "Piet Bos"]
    assert [p.rating for p in season.players] == [1850, 1790, 1720, 1650, None]
    assert [r.date for r in season.rounds] == ["2024-09-05", "2024-09-12", "2024-09-19", "2024-09-26"]
    r1, r2, r3, r4 = season.rounds
    assert [g.result for g in r1.games] == [Result.WHITE_WINS, Result.DRAW]
    assert [g.result for g in r2.games] == [Result.BLACK_WINS, Result.DRAW]
    assert [g.result for g in r3.games] == [Result.WHITE_FORFEIT_WIN, Result.PENDING]
    assert r2.entries == ((PlayerId("vries"), EntryKind.BYE),)
    assert r3.entries == ((PlayerId("bos"), EntryKind.EXTERNAL_WIN),)
    assert not r4.is_paired and r4.entries == ((PlayerId("dijk"), EntryKind.EXCUSED),)
    lines = report_lines(moved.report, season)
    assert "guessed: the file is not UTF-8: read as Windows-1252 (as Excel saves CSV)" in lines
    assert "guessed: the ruleset keizer-classic (a spreadsheet holds no Keizer settings: give --ruleset)" in lines


def test_the_english_way_with_dates_only(tmp_path: Path) -> None:
    """`,` between fields, dates as the evenings (no round column), no list of players: the rounds numbered by
    date, the starting ranking by rating, a player without a row in a round read as excused (named)."""
    path = tmp_path / "games.csv"
    path.write_text("Date,White,Black,Result,Rating\n"
                    "2024-09-12,Bo Drel,Ans Kok,0-1,1700\n"
                    "2024-09-05,Ans Kok,Bo Drel,1/2-1/2,1800\n"
                    "2024-09-05,Cor Bos,,excused,1600\n"
                    "2024-09-19,Cor Bos,Ans Kok,1-0,\n"
                    "2024-09-19,Bo Drel,,bye,\n", encoding="utf-8")
    moved = read_spreadsheet(path)
    season = moved.season
    assert [p.name for p in season.players] == ["Ans Kok", "Bo Drel", "Cor Bos"]
    assert [r.date for r in season.rounds] == ["2024-09-05", "2024-09-12", "2024-09-19"]
    assert season.round(2).entry_of(PlayerId("bos")) is EntryKind.EXCUSED
    lines = report_lines(moved.report, season)
    assert "guessed: Cor Bos: no row in round 2, read as excused" in lines
    assert any(line.startswith("guessed: the rounds numbered by their dates (3 dates, 2024-09-05 to 2024-09-19)")
               for line in lines)


def test_a_name_a_spreadsheet_would_run_is_written_as_text(tmp_path: Path) -> None:
    season = load_season(SEASONS[0])
    first = season.players[0]
    season = replace(season, players=(Player(id=first.id, name="=HYPERLINK(\"x\")", rating=first.rating),
                                      *season.players[1:]))
    text = spreadsheet_text(season)
    cells = [cell for row in csv.reader(io.StringIO(text.removeprefix("\ufeff")), delimiter=";") for cell in row]
    assert any(c.startswith("'=HYPERLINK(") for c in cells) and not any(c.startswith("=") for c in cells)
    path = tmp_path / "s.csv"
    path.write_text(text, encoding="utf-8", newline="")
    assert read_spreadsheet(path, ruleset=season.ruleset_spec).season.players[0].name == "=HYPERLINK(\"x\")"


HEADER = "round;white;black;result\n"


@pytest.mark.parametrize("text, said", [
    ("", "an empty file"),
    ("white;black\n1;2\n", "line 1: the header has no result column"),
    (HEADER, "no row under the header"),
    (HEADER + "1;Jan;Piet;2-0\n", "line 2: result '2-0' is not a game's"),
    (HEADER + "1;Jan;Jan;1-0\n", "line 2: Jan plays themselves"),
    (HEADER + "1;Jan;Piet;1-0\n1;Piet;;afgemeld\n", "line 3: Piet has a second row in round 1"),
    (HEADER + "x;Jan;Piet;1-0\n", "line 2: round 'x' is not a round number"),
    (HEADER + "1;Jan;;sick\n", "line 2: 'sick' is not an absence keizer knows"),
    (HEADER + "1;Jan;Piet;1-0\n3;Jan;Piet;0-1\n", "round 2 has no game, but round 3 has"),
    (HEADER + "1;Jan;;afgemeld\n", "no row holds a game"),
    (HEADER + "1;\x1b[2J;Piet;1-0\n", "control character"),
    ("round;white;black;result;rating\n1;Jan;Piet;1-0;9999\n", "rating '9999' is not a number from 0 to 4000"),
    ("date;white;black;result\n31-2-2024;Jan;Piet;1-0\n", "'31-2-2024' is not a date"),
])
def test_a_mistake_is_one_line(tmp_path: Path, text: str, said: str) -> None:
    path = tmp_path / "games.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(KeizerError) as exc:
        read_spreadsheet(path)
    assert said in str(exc.value) and "\n" not in str(exc.value), str(exc.value)
