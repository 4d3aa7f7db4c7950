"""Moving in from KeizerForClubs: its public test tournament read into a season whose table is the one
KeizerForClubs stored, and each of its settings and codes carried, left with a reason, or refused.

The stored totals are read from the file here (with sqlite3, beside keizer's reader), never written down."""

from __future__ import annotations

import shutil
import sqlite3
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from keizer.scoring.replay import replay
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, Game, PlayerId, Result, Round
from keizer.seasons.keizerforclubs.season import read_kfc
from keizer.seasons.moving_in.report import agrees, report_lines, stored_differences
from keizer.seasons.ruleset.parse import parse_ruleset
from tests.conftest import REPO

TOURNAMENT = REPO / "tests" / "data" / "kfc-test-tournament.s3db"
RETIRED = 9


def stored() -> dict[str, float]:
    """KeizerForClubs' totals after the last round, by name, of the players it ranks (not the retired)."""
    with sqlite3.connect(f"file:{TOURNAMENT}?mode=ro&immutable=1", uri=True) as conn:
        return {name: total for name, total, state in conn.execute("SELECT name, Keizer_SumPts, state FROM Player")
                if state != RETIRED}


def keizer_totals() -> dict[str, Fraction]:
    season = read_kfc(TOURNAMENT).season
    return {season.player(row.player).name: row.score for row in replay(season).standings().rows}


@pytest.mark.parametrize("name", sorted(stored()))
def test_the_stored_total_comes_out(name: str) -> None:
    assert agrees(keizer_totals()[name], stored()[name]), (keizer_totals()[name], stored()[name])


def test_every_stored_total_comes_out_once_the_withdrawn_player_was_never_in_the_system() -> None:
    """The same tournament with the retired player taken out of every round and each game against him
    booked as what it scores for his opponent (a factor of their own value, here as a team match scored
    at the withdrawal's factors): every total is KeizerForClubs'. So the ladder, the factors, the own value,
    the single pass and the tie-break are carried right, and D art. 22's removal, "as if he had never been in
    the system" (docs/rules.md §6), is what keizer's withdrawal does."""
    moved = read_kfc(TOURNAMENT)
    season = moved.season
    gone = season.withdrawals[0].player
    rule = parse_ruleset(season.ruleset_spec).withdrawal
    kinds = {"win": EntryKind.EXTERNAL_WIN, "draw": EntryKind.EXTERNAL_DRAW, "loss": EntryKind.EXTERNAL_LOSS}
    rounds = []
    for rnd in season.rounds:
        entries = [(p, k) for p, k in rnd.entries if p != gone]
        for g in rnd.games:
            if gone in g.players():
                other = g.opponent_of(gone)
                won = g.result in ((Result.WHITE_WINS, Result.WHITE_FORFEIT_WIN) if g.white == other
                                   else (Result.BLACK_WINS, Result.BLACK_FORFEIT_WIN))
                entries.append((other, kinds["win"] if won else kinds["draw"] if g.result is Result.DRAW
                                else kinds["loss"]))
        rounds.append(Round(number=rnd.number, games=tuple(g for g in rnd.games if gone not in g.players()),
                            entries=tuple(sorted(entries))))
    spec = dict(season.ruleset_spec)  # type: ignore[call-overload]
    spec["factors"] = spec["factors"] | {"external_win": str(rule.win), "external_draw": str(rule.draw),
                                         "external_loss": str(rule.loss)}
    alone = replace(season, players=tuple(p for p in season.players if p.id != gone), rounds=tuple(rounds),
                    withdrawals=(), ruleset_spec=spec)
    scores = {row.player: row.score for row in replay(alone).standings().rows}
    assert stored_differences(moved.stored_totals, scores) == []
    assert len(moved.stored_totals) == len(stored()) == 8


def test_what_the_file_holds_is_carried() -> None:
    """Every pairing row of the file is a game or an entry of the season (read here with sqlite3)."""
    season = read_kfc(TOURNAMENT).season
    with sqlite3.connect(f"file:{TOURNAMENT}?mode=ro&immutable=1", uri=True) as conn:
        names = dict(conn.execute("SELECT id, name FROM Player"))
        rows = conn.execute("SELECT Rnd, board, PID_W, PID_B, Result FROM Pairing ORDER BY Rnd, board").fetchall()
        ratings = [r for (r,) in conn.execute("SELECT rating FROM Player ORDER BY rating DESC")]
    pid = {season.player(p.id).name: p.id for p in season.players}
    games = {1: Result.WHITE_WINS, 2: Result.DRAW, 3: Result.BLACK_WINS, 9: Result.BLACK_FORFEIT_WIN}
    entries = {4: EntryKind.BYE, 5: EntryKind.DUTY, 6: EntryKind.EXCUSED, 7: EntryKind.UNEXCUSED}
    for k, board, white, black, result in rows:
        rnd = season.round(k)
        if board < 100:
            assert Game(pid[names[white]], pid[names[black]], games[result]) in rnd.games
        else:
            assert rnd.entry_of(pid[names[white]]) is entries[result], (k, names[white])
    assert len(season.rounds) == 5 and sum(len(r.games) for r in season.rounds) == sum(b < 100 for _, b, *_ in rows)
    assert [p.rating for p in season.players] == ratings  # the starting ranking: by rating, as KeizerForClubs'
    assert [(season.player(w.player).name, w.before_round) for w in season.withdrawals] == [("Verdandi", 5)]


def test_the_ruleset_says_the_settings() -> None:
    moved = read_kfc(TOURNAMENT)
    rules = parse_ruleset(moved.season.ruleset_spec)
    assert (rules.value.ladder, rules.value.ratio) == ("ratio", 3)
    factors = dict(rules.factors)
    assert (factors["excused"], factors["unexcused"], factors["duty"], factors["bye"], factors["loss"]) == \
        (Fraction(35, 100), Fraction(5, 100), Fraction(70, 100), Fraction(50, 100), 0)
    assert (rules.withdrawal.win, rules.withdrawal.draw, rules.withdrawal.loss) == (Fraction(3, 4), Fraction(3, 8), 0)
    assert (rules.self_value, rules.valuation, rules.iterate, rules.tiebreak[0]) == ("current", "current", "never",
                                                                                    "rating")
    lines = report_lines(moved.report, moved.season)
    assert lines[0] == "read from KeizerForClubs: 9 players, 5 rounds, 18 games, 3 byes, 3 excused, 1 unexcused, " \
                       "1 club duty, 1 withdrawal"
    assert any(line.startswith("not carried: OPTION.FirstRoundRandom 300: ") for line in lines)
    assert any(line.startswith("not carried: 10 settings of KeizerForClubs' window") for line in lines)
    assert any(line.startswith("guessed: OPTION.GameRepeat 4: pairing.rematch_gap 4") for line in lines)


def test_the_precision_of_a_stored_total() -> None:
    """A single-precision total is its exact value; a difference of a hundredth is not."""
    assert agrees(Fraction(2315, 100), 23.149999618530273) and agrees(Fraction(103, 10), 10.300000190734863)
    assert not agrees(Fraction(37), 37.5) and not agrees(Fraction(1924, 100), 23.149999618530273)
    assert not agrees(Fraction(2316, 100), 23.149999618530273)
    assert stored_differences(((PlayerId("a"), 1.0),), {}) == [(PlayerId("a"), 1.0, None)]


# -- settings and codes: a copy of the tournament changed with sqlite3 ------------------------------------------
def changed(tmp_path: Path, *sql: str) -> Path:
    copy = tmp_path / "club.s3db"
    shutil.copyfile(TOURNAMENT, copy)
    with sqlite3.connect(copy) as conn:
        for statement in sql:
            conn.execute(statement)
    conn.close()
    return copy


def lines_of(path: Path) -> list[str]:
    moved = read_kfc(path)
    return report_lines(moved.report, moved.season)


@pytest.mark.parametrize("sql, said", [
    ("INSERT INTO ConfigTab (CfgKey, CfgValue) VALUES ('OPTION.DecayPrevRound', 1)",
     "OPTION.DecayPrevRound takes a fifth off the own value each round"),
    ("INSERT INTO ConfigTab (CfgKey, CfgValue) VALUES ('OPTION.DecayBonus', 1)",
     "OPTION.DecayBonus halves each further absence's points, which keizer cannot say, and Hermes was absent"),
    ("UPDATE ConfigTab SET CfgValue = -5 WHERE CfgKey = 'BONUS.Verlust'", "BONUS.Verlust is -5"),
    ("UPDATE ConfigTab SET CfgValue = 1 WHERE CfgKey = 'OPTION.RatioFirst2Last'", "OPTION.RatioFirst2Last is 1"),
    ("UPDATE Pairing SET Result = 11 WHERE Rnd = 2 AND board = 1", "round 2, board 1: an adjourned game"),
    ("UPDATE Pairing SET Result = 10 WHERE Rnd = 2 AND board = 1", "round 2, board 1: lost by both players"),
    ("DELETE FROM Pairing WHERE Rnd = 3 AND board = 2", "Inanna has no pairing in round 3"),
    ("UPDATE Player SET name = 'Amurru' WHERE name = 'Ajax'", "two players are called Amurru"),
    ("UPDATE Pairing SET Result = 4 WHERE Rnd = 2 AND board = 1", "result code 4 is not a game's"),
    ("UPDATE Pairing SET PID_W = 99 WHERE Rnd = 1 AND board = 100", "player 99 is not in the file's player list"),
    ("UPDATE Player SET rating = 5000 WHERE name = 'Ajax'", "Ajax's rating 5000"),
    ("DELETE FROM Pairing WHERE Rnd = 2", "round 2 has no pairing, but round 5 has"),
])
def test_what_keizer_cannot_say_is_refused_by_name(tmp_path: Path, sql: str, said: str) -> None:
    with pytest.raises(KeizerError) as exc:
        read_kfc(changed(tmp_path, sql))
    assert said in str(exc.value) and "\n" not in str(exc.value)


@pytest.mark.parametrize("sql, said", [
    ("INSERT INTO ConfigTab (CfgKey, CfgText) VALUES ('OPTION.Foo', 'bar')",
     "not carried: OPTION.Foo bar: a setting keizer does not know"),
    ("DELETE FROM ConfigTab WHERE CfgKey = 'BONUS.Excused'",
     "guessed: BONUS.Excused is not in the file: KeizerForClubs' default 35 taken"),
    ("UPDATE ConfigTab SET CfgValue = 33.5 WHERE CfgKey = 'BONUS.Excused'",
     "guessed: BONUS.Excused 33.5: taken as 34, as KeizerForClubs reads it"),
    ("UPDATE Player SET state = 6 WHERE name = 'Amurru'",
     "not carried: Amurru: marked excused for the next round in KeizerForClubs"),
    ("UPDATE Player SET state = 12 WHERE name = 'Amurru'", "guessed: Amurru: pre-registered in KeizerForClubs"),
    ("UPDATE Player SET state = 42 WHERE name = 'Amurru'", "guessed: Amurru: state 42, which keizer does not know"),
    ("UPDATE Pairing SET Result = 12 WHERE Rnd = 1 AND PID_W = 10 AND board >= 100",
     "guessed: Ajax: round 1 before starting (KeizerForClubs' late start) booked unexcused"),
    ("UPDATE Player SET rating = 0 WHERE name = 'Ajax'", "guessed: rating 0 read as no rating: Ajax"),
    ("CREATE TABLE tStand_4 (id INTEGER PRIMARY KEY, line TEXT NOT NULL)",
     "not carried: the lists KeizerForClubs kept (tStand_4): keizer computes every table from the games"),
    ("ALTER TABLE Player ADD COLUMN Shoe TEXT", "not carried: the column 'Player.Shoe': one keizer does not know"),
])
def test_what_no_table_depends_on_is_said_and_the_import_goes_on(tmp_path: Path, sql: str, said: str) -> None:
    assert any(line.startswith(said) for line in lines_of(changed(tmp_path, sql))), lines_of(changed(tmp_path, sql))


def test_decay_of_absences_no_one_was_absent_twice_for(tmp_path: Path) -> None:
    path = changed(tmp_path, "INSERT INTO ConfigTab (CfgKey, CfgValue) VALUES ('OPTION.DecayBonus', 1)",
                   "UPDATE Pairing SET Result = 5 WHERE Rnd = 2 AND board = 100")
    assert "not carried: OPTION.DecayBonus (each further absence worth half): nobody was absent twice yet; keizer " \
           "will not halve later absences" in lines_of(path)


def test_a_double_forfeit_where_unexcused_scores_nothing(tmp_path: Path) -> None:
    path = changed(tmp_path, "UPDATE ConfigTab SET CfgValue = 0 WHERE CfgKey = 'BONUS.Unexcused'",
                   "UPDATE Pairing SET Result = 10 WHERE Rnd = 2 AND board = 1")
    season = read_kfc(path).season
    amurru, inanna = (next(p.id for p in season.players if p.name == n) for n in ("Amurru", "Inanna"))
    assert season.round(2).entry_of(amurru) is season.round(2).entry_of(inanna) is EntryKind.UNEXCUSED
    assert "guessed: round 2: a game lost by both players, booked unexcused for both (0 points, as in " \
           "KeizerForClubs)" in lines_of(path)


def test_normalised_values_are_a_range_ladder(tmp_path: Path) -> None:
    """OPTION.WickerNormalization: a win over the last is worth 1, over #1 the ratio, rounded (for 8 players, a
    step of 2/7 ≈ 0.29: one decimal)."""
    path = changed(tmp_path, "UPDATE ConfigTab SET CfgValue = 1 WHERE CfgKey = 'OPTION.WickerNormalization'")
    value = parse_ruleset(read_kfc(path).season.ruleset_spec).value
    assert (value.ladder, value.range_top, value.bottom, value.decimals) == ("range", 3, 1, 1)


def test_a_retired_player_who_never_played_is_left_out(tmp_path: Path) -> None:
    path = changed(tmp_path, "INSERT INTO Player (name, rating, rank, state) VALUES ('Loki', 1500, 99, 9)")
    moved = read_kfc(path)
    assert "Loki" not in {p.name for p in moved.season.players}
    assert "not carried: Loki: retired before playing a round (KeizerForClubs lists them nowhere)" in \
        report_lines(moved.report, moved.season)


def test_a_tournament_before_its_first_round(tmp_path: Path) -> None:
    moved = read_kfc(changed(tmp_path, "DELETE FROM Pairing", "UPDATE Player SET state = 1"))
    assert (len(moved.season.players), moved.season.rounds, moved.season.withdrawals) == (9, (), ())
    assert report_lines(moved.report, moved.season)[0] == "read from KeizerForClubs: 9 players, 0 rounds, 0 games"
