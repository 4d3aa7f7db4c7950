"""`keizer export --trf`: the rating report, read back by a TRF reader written here from the column layout
of the TRF-16 specification (not from keizer's writer), and checked game by game against the season."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, Player, PlayerId, Result, Season
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.trf.report import trf_name
from tests.conftest import DEMO, EVENING, REAL_SEASONS
from keizer.tui.cli.main import main


# -- an independent reader: TRF-16's columns, 1-based in the specification --------------------------------
@dataclass(frozen=True)
class TrfPlayer:
    start_rank: int
    name: str
    rating: int | None
    ident: int | None
    points: float
    rank: int | None
    rounds: tuple[tuple[int, str, str], ...]
    """(opponent start rank, colour, result) per round."""


def field(line: str, first: int, last: int) -> str:
    """Columns first..last (1-based, inclusive), as the specification numbers them."""
    return line[first - 1:last]


def number(text: str) -> int | None:
    return int(text) if text.strip() else None


def read_trf(text: str) -> tuple[dict[str, str], list[str], list[TrfPlayer]]:
    headers: dict[str, str] = {}
    dates: list[str] = []
    players = []
    for line in text.splitlines():
        code = line[:3]
        if code == "001":
            rounds = []
            at = 92
            while len(line) >= at + 7:
                rounds.append((int(field(line, at, at + 3)), field(line, at + 5, at + 5), field(line, at + 7, at + 7)))
                at += 10
            players.append(TrfPlayer(
                start_rank=int(field(line, 5, 8)), name=field(line, 15, 47).strip(),
                rating=number(field(line, 49, 52)), ident=number(field(line, 58, 68)),
                points=float(field(line, 81, 84)), rank=number(field(line, 86, 89)), rounds=tuple(rounds)))
        elif code == "132":
            at = 92
            while len(line) >= at + 7:
                dates.append(field(line, at, at + 7))
                at += 10
        else:
            headers[code] = line[4:]
    return headers, dates, players


# -- the checks --------------------------------------------------------------------------------------------
def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


GAME_CODES = {Result.WHITE_WINS: ("1", "0"), Result.BLACK_WINS: ("0", "1"), Result.DRAW: ("=", "="),
              Result.WHITE_FORFEIT_WIN: ("+", "-"), Result.BLACK_FORFEIT_WIN: ("-", "+")}


def check_against_season(season: Season, path: Path, text: str, standings: dict, k: int) -> None:
    headers, dates, players = read_trf(text)
    assert headers["012"] == season.name and headers["092"] == "Individual: Keizer system"
    assert int(headers["062"]) == len(season.players) == len(players)
    assert dates == [f"{season.round(r).date[2:].replace('-', '/')}" for r in range(1, k + 1)]  # type: ignore[index]
    assert headers["042"] == season.round(1).date.replace("-", "/")  # type: ignore[union-attr]
    assert headers["052"] == season.round(k).date.replace("-", "/")  # type: ignore[union-attr]
    by_rank = {p.start_rank: p for p in players}
    assert sorted(by_rank) == list(range(1, len(season.players) + 1))
    rows = {row["player"]: row for row in standings["standings"]}
    for i, player in enumerate(season.players, start=1):
        got = by_rank[i]
        assert got.rating == player.rating and len(got.rounds) == k
        points, forfeit_wins = 0.0, 0
        for r in range(1, k + 1):
            rnd = season.round(r)
            opponent, colour, result = got.rounds[r - 1]
            game = rnd.game_of(player.id)
            if game is None:
                expected = "U" if rnd.entry_of(player.id) is EntryKind.BYE else "Z"
                assert (opponent, colour, result) == (0, "-", expected), (player.id, r)
                continue
            white = game.white == player.id
            assert opponent == season.start_rank(game.opponent_of(player.id)), (player.id, r)
            assert colour == ("w" if white else "b")
            codes = GAME_CODES.get(game.result, (" ", " "))
            assert result == codes[0 if white else 1], (player.id, r)
            points += {"1": 1.0, "+": 1.0, "=": 0.5}.get(result, 0.0)
            forfeit_wins += result == "+"
        assert got.points == points, player.id
        if player.id in rows:  # the standings' games won and drawn (and TRF's forfeit wins), and its rank
            row = rows[player.id]
            assert got.points == row["won"] + row["drawn"] / 2 + forfeit_wins and got.rank == row["rank"]
        else:
            assert got.rank is None


@pytest.mark.parametrize("season_path", [DEMO, EVENING, *REAL_SEASONS], ids=lambda p: p.stem)
def test_every_game_and_score_reads_back(season_path: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    season = load_season(season_path)
    if any(r.date is None for r in season.rounds[:season.last_scored_round]):
        pytest.skip("a season without a date on every round (the check compares the dates as written)")
    out = tmp_path / "report.trf"
    code, stdout, err = run(capsys, "export", str(season_path), "--trf", "-o", str(out))
    assert code == 0 and stdout == "", err
    k = season.last_scored_round
    standings = json.loads(run(capsys, "standings", str(season_path), "--round", str(k), "--json")[1])
    check_against_season(season, out, out.read_text(encoding="ascii"), standings, k)


def test_an_earlier_round_and_pending_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    season = load_season(EVENING)
    rnd = season.round(20)
    pending = replace(rnd, games=(replace(rnd.games[0], result=Result.PENDING), *rnd.games[1:]))
    path = tmp_path / "pending.json"
    path.write_text(dump_season(season.with_round(pending)), encoding="utf-8")
    code, text, err = run(capsys, "export", str(path), "--trf", "--round", "20")
    assert code == 0 and "1 game of rounds 1..20 has no result yet" in err
    standings = json.loads(run(capsys, "standings", str(path), "--round", "20", "--json")[1])
    check_against_season(load_season(path), path, text, standings, 20)


def test_ids_names_and_ascii(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    season = load_season(EVENING)
    first = replace(season.players[0], name="Zoë van der Ëlst", knsb_id=8012345, fide_id=1234567)
    season = replace(season, players=(first, *season.players[1:]))
    path = tmp_path / "ids.json"
    path.write_text(dump_season(season), encoding="utf-8")
    text = run(capsys, "export", str(path), "--trf")[1]
    _, _, players = read_trf(text)
    assert text.isascii()
    assert (players[0].name, players[0].ident, players[1].ident) == ("van der Elst, Zoe", 1234567, None)
    _, _, players = read_trf(run(capsys, "export", str(path), "--trf", "--national-ids")[1])
    assert players[0].ident == 8012345


@pytest.mark.parametrize("name, expected", [
    ("Eva van Dijk", "van Dijk, Eva"), ("Hans van der Meer", "van der Meer, Hans"), ("C. Dekker", "Dekker, C."),
    ("Jan Willem de Vries", "de Vries, Jan Willem"), ("Bakker, Jan", "Bakker, Jan"), ("Kasparov", "Kasparov"),
    ("Anna Maria Smit", "Smit, Anna Maria"),
])
def test_last_first(name: str, expected: str) -> None:
    assert trf_name(name) == expected


def test_undated_rounds_are_refused_with_the_way_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    season = load_season(EVENING)
    season = replace(season, rounds=tuple(replace(r, date=None) for r in season.rounds))
    path = tmp_path / "undated.json"
    path.write_text(dump_season(season), encoding="utf-8")
    code, out, err = run(capsys, "export", str(path), "--trf", "-o", str(tmp_path / "x.trf"))
    assert code == 2 and out == "" and "round 1 has no date" in err and "keizer dates" in err
    assert not (tmp_path / "x.trf").exists()
    dated = replace(season, start_date="2019-09-09", weekday="thursday")
    path.write_text(dump_season(dated), encoding="utf-8")
    headers, dates, _ = read_trf(run(capsys, "export", str(path), "--trf")[1])
    assert headers["042"] == "2019/09/12" and dates[:2] == ["19/09/12", "19/09/19"]


def test_a_season_without_games_has_nothing_to_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    season = Season(name="x", ruleset_spec="keizer-classic", players=(Player(id=PlayerId("a"), name="A"),))
    path = tmp_path / "empty.json"
    path.write_text(dump_season(season), encoding="utf-8")
    code, _, err = run(capsys, "export", str(path), "--trf")
    assert code == 2 and "no round is paired yet" in err


@pytest.mark.parametrize("options, said", [
    (["--round", "3"], "--round belongs"),
    (["--national-ids"], "--national-ids belongs"),
    (["--round", "3", "--national-ids"], "--round and --national-ids belong"),
])
def test_a_rating_report_option_without_trf_names_what_was_given(capsys, options, said) -> None:
    assert main(["export", str(DEMO), *options]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"keizer: error: {said} to the rating report: give --trf too\n"
