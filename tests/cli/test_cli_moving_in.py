"""`keizer import` of another program's file: KeizerForClubs' tournament with its report and its check, the
TRF round trip (`export --trf` then `import`) on every season at hand, and hostile files refused in one line
with nothing written."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from keizer.seasons.absence import round_date
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId, Season, Withdrawal
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.trf.report import column_name
from keizer.tui.cli.main import main
from tests.cli.test_cli_fuzz import keeps_the_contract
from tests.conftest import DEMO, EVENING, REAL_SEASONS, REPO

TOURNAMENT = REPO / "tests" / "data" / "kfc-test-tournament.s3db"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- KeizerForClubs ------------------------------------------------------------------------------------------------
def test_a_tournament_is_imported_with_its_report_in_the_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "club.keizer"
    code, out, err = run(capsys, "import", str(TOURNAMENT), str(store))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("read from KeizerForClubs: 9 players, 5 rounds, 18 games, 3 byes")
    assert lines[1].startswith('ruleset: {"preset": "keizer-classic", "value": {"ladder": "ratio", "ratio": "3"')
    assert any(line.startswith("check: the table after round 5 ") for line in lines)
    assert lines[-2].startswith(f"imported 9 players and 5 rounds into {store}")
    assert lines[-1] == (f"the rounds the season will play are not set: `keizer season {store} --rounds R` sets them "
                         f"(pairing stops after them; a forecast needs them)")
    log = run(capsys, "log", str(store))[1]
    assert "import kfc-test-tournament.s3db: read from KeizerForClubs: 9 players" in log
    assert "; not carried: OPTION.FirstRoundRandom 300: " in log and "; check: the table after round 5 " in log
    assert load_season(store).withdrawals == (Withdrawal(PlayerId("verdandi"), 5),)


def test_the_check_names_a_stored_total_keizer_does_not_reach(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "club.s3db"
    shutil.copyfile(TOURNAMENT, copy)
    with sqlite3.connect(copy) as conn:
        conn.execute("UPDATE Player SET Keizer_SumPts = 99 WHERE name = 'Ajax'")
    conn.close()
    out = run(capsys, "import", str(copy), str(tmp_path / "club.keizer"))[1]
    check = next(line for line in out.splitlines() if line.startswith("check: "))
    assert "differs from KeizerForClubs' stored totals" in check and "Ajax 10.3 (KeizerForClubs 99.00)" in check


@pytest.mark.parametrize("source, option, said", [
    (EVENING, "kijk-uit", "--ruleset is for another program's file"),
    (REPO / "tests" / "data" / "swiss-manager.trf", "no-such-preset", "neither a preset"),
])
def test_ruleset_only_for_another_programs_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], source: Path, option: str,
                                     said: str) -> None:
    code, out, err = run(capsys, "import", str(source), str(tmp_path / "x.keizer"), "--ruleset", option)
    assert code == 2 and out == "" and said in err and not (tmp_path / "x.keizer").exists()


def test_ruleset_from_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"preset": "kijk-uit", "value": {"top": 50}}))
    store = tmp_path / "x.keizer"
    assert run(capsys, "import", str(REPO / "tests" / "data" / "swiss-manager.trf"), str(store),
               "--ruleset", str(rules))[0] == 0
    assert load_season(store).ruleset_spec == {"preset": "kijk-uit", "value": {"top": 50}}
    rules.write_text(json.dumps({"preset": "kijk-uit", "value": {"top": -1}}))
    code, _, err = run(capsys, "import", str(REPO / "tests" / "data" / "swiss-manager.trf"), str(tmp_path / "y.keizer"),
                       "--ruleset", str(rules))
    assert code == 2 and "ruleset.value.top" in err


def test_the_content_decides_not_the_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for source, name in ((TOURNAMENT, "club.keizer"), (REPO / "tests" / "data" / "swiss-manager.trf", "club.txt"),
                         (EVENING, "season.trf")):
        renamed = tmp_path / name
        shutil.copyfile(source, renamed)
        code, out, err = run(capsys, "import", str(renamed), str(tmp_path / f"{name}.keizer"))
        assert code == 0, err
        assert ("read from" in out) == (source != EVENING)


# -- TRF: the round trip -------------------------------------------------------------------------------------------
def round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str], season: Season, *options: str) -> Season:
    source = tmp_path / "season.json"
    source.write_text(dump_season(season), encoding="utf-8")
    report = tmp_path / "report.trf"
    assert run(capsys, "export", str(source), "--trf", "-o", str(report), *options)[0] == 0
    store = tmp_path / "back.keizer"
    code, _, err = run(capsys, "import", str(report), str(store))
    assert code == 0, err
    return load_season(store)


def same_season(back: Season, season: Season) -> None:
    """Every player, game (with its colours, result and board), entry, withdrawal and setting of rounds 1..K."""
    k = season.last_scored_round
    assert back.players == season.players
    assert len(back.rounds) == k
    for n in range(1, k + 1):
        assert back.round(n).games == season.round(n).games, n
        assert back.round(n).entries == season.round(n).entries, n
        assert back.round(n).date == (round_date(season, n) or "").__str__(), n
    assert (back.name, back.ruleset_spec, back.rounds_planned) == (season.name, season.ruleset_spec, season.rounds_planned)
    assert (back.withdrawals, back.suspended) == (season.withdrawals, season.suspended)


@pytest.mark.parametrize("path", [DEMO, EVENING, *REAL_SEASONS], ids=lambda p: p.stem)
def test_export_then_import_gives_the_season_back(path: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    season = load_season(path)
    same_season(round_trip(tmp_path, capsys, season), season)


def test_the_real_seasons_are_here() -> None:
    if not REAL_SEASONS:
        pytest.skip("../shared/data is absent (a clone on its own): the real club seasons are not here")
    assert len(REAL_SEASONS) >= 2


@pytest.mark.parametrize("options", [(), ("--national-ids",)])
def test_what_trf_cannot_say_comes_back_too(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            options: tuple[str, ...]) -> None:
    """Accents and a comma in a name, both ids, a class, a group, a late joiner, a withdrawal, a suspension."""
    season = load_season(EVENING)
    first = replace(season.players[0], name="Zoë van der Ëlst, jr.", knsb_id=8012345, fide_id=1234567, klass="A",
                    group=2)
    late = next(p for p in season.players if p.joined > 1)
    gone = season.players[19].id  # no game after round 30
    season = replace(season, players=(first, *season.players[1:]),
                     withdrawals=(Withdrawal(gone, 31),), suspended=(season.players[7].id,),
                     rounds=tuple(replace(r, entries=tuple((p, k) for p, k in r.entries
                                                           if not (p == gone and r.number >= 31)))
                                  for r in season.rounds))
    assert late.joined > 1 and column_name(first) != first.name
    same_season(round_trip(tmp_path, capsys, season, *options), season)


def test_without_keizer_lines_the_codes_decide(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/format.md "Moving in": what another reader sees in keizer's report — every game, colour and result;
    `U` a bye; every other round without a game excused, except a player's rounds before their first
    game or bye, which are before joining; names as the column writes them."""
    season = load_season(EVENING)
    report = tmp_path / "report.trf"
    assert run(capsys, "export", str(EVENING), "--trf", "-o", str(report))[0] == 0
    plain = tmp_path / "plain.trf"
    plain.write_text("".join(line for line in report.read_text().splitlines(keepends=True)
                             if not line.startswith("###")))
    store = tmp_path / "plain.keizer"
    assert run(capsys, "import", str(plain), str(store))[0] == 0
    back = load_season(store)
    assert [p.name for p in back.players] == [column_name(p) for p in season.players]
    ids = {b.id: p.id for b, p in zip(back.players, season.players)}
    for n in range(1, season.last_scored_round + 1):
        mine, theirs = back.round(n), season.round(n)
        assert [(ids[g.white], ids[g.black], g.result) for g in mine.games] == \
            sorted(((g.white, g.black, g.result) for g in theirs.games),
                   key=lambda g: min(season.start_rank(g[0]), season.start_rank(g[1])))
        for b, p in zip(back.players, season.players):
            if theirs.game_of(p.id) is not None:
                continue
            first = next(k for k in range(1, season.last_scored_round + 2)
                         if k > season.last_scored_round or season.round(k).game_of(p.id) is not None
                         or season.round(k).entry_of(p.id) is EntryKind.BYE)
            expected = None if n < first else EntryKind.BYE if theirs.entry_of(p.id) is EntryKind.BYE \
                else EntryKind.EXCUSED
            assert mine.entry_of(b.id) is expected, (n, p.id)
    assert back.ruleset_spec == "keizer-classic"


# -- hostile files -------------------------------------------------------------------------------------------------
def hostile(tmp_path: Path, *sql: str) -> Path:
    copy = tmp_path / "in" / "club.s3db"
    copy.parent.mkdir()
    shutil.copyfile(TOURNAMENT, copy)
    with sqlite3.connect(copy) as conn:
        for statement in sql:
            conn.execute(statement)
    conn.close()
    return copy


@pytest.mark.parametrize("sql, said", [
    (("CREATE TRIGGER t AFTER INSERT ON Player BEGIN DELETE FROM Pairing; END",), "it has a trigger ('t')"),
    (("CREATE VIEW v AS SELECT * FROM Player",), "it has a view ('v')"),
    (("CREATE TABLE Shoes (size INTEGER)",), "a table KeizerForClubs does not make ('Shoes')"),
    (("ALTER TABLE Pairing RENAME COLUMN Result TO Outcome",), "its table Pairing has no column result"),
    (("ALTER TABLE Player ADD COLUMN x INTEGER GENERATED ALWAYS AS (id * 2) VIRTUAL",), "generated or hidden column"),
    (("UPDATE Player SET name = '\x1b[2J' || name WHERE id = 1",), "character 1 is a control character (U+001B)"),
    (("UPDATE Player SET name = name || '\u202e' WHERE id = 1",), "is a control character (U+202E)"),
    (("UPDATE Player SET name = printf('%.200c', 'x') WHERE id = 1",), "a name of 200 characters (at most 100)"),
    (("UPDATE Player SET name = zeroblob(2000000) WHERE id = 1",), "string or blob too big"),
    (("UPDATE Player SET name = CAST(x'ff41' AS TEXT) WHERE id = 1",), "a text in it is not UTF-8"),
    (("UPDATE Player SET rating = 'strong' WHERE id = 1",), "rating: expected a whole number, got 'strong'"),
    (("UPDATE Player SET name = x'41' WHERE id = 1",), "a name that is not text"),
    (("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1001) "
      "INSERT INTO Player (name, rating, rank, state) SELECT 'P' || i, 1000, 1, 1 FROM n",),
     "1,010 players, more than keizer reads"),
    (("PRAGMA journal_mode = WAL",), "write-ahead-log"),
])
def test_a_hostile_tournament_is_one_line_and_nothing_written(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              sql: tuple[str, ...], said: str) -> None:
    source = hostile(tmp_path, *sql)
    with sqlite3.connect(source) as conn:  # a WAL file keeps its log beside it: folded back, the mode stays
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    for side in source.parent.glob("club.s3db-*"):
        side.unlink()
    target = tmp_path / "club.keizer"
    code = keeps_the_contract(capsys, ["import", str(source), str(target)], tmp_path)
    assert code == 2 and not target.exists()
    main(["import", str(source), str(target)])
    err = capsys.readouterr().err
    assert said in err and "\x1b" not in err and "\u202e" not in err, err


def test_a_symlink_a_journal_and_not_sqlite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link = tmp_path / "link.s3db"
    link.symlink_to(TOURNAMENT)
    fake = tmp_path / "fake.s3db"
    fake.write_text("a spreadsheet saved under the wrong name\n")
    beside = tmp_path / "busy" / "club.s3db"
    beside.parent.mkdir()
    shutil.copyfile(TOURNAMENT, beside)
    (beside.parent / "club.s3db-journal").write_bytes(b"")
    for source, said in ((link, "a symbolic link"), (fake, "not a KeizerForClubs tournament (not an SQLite database)"),
                         (beside, "club.s3db-journal lies beside it")):
        target = tmp_path / "out.keizer"
        assert keeps_the_contract(capsys, ["import", str(source), str(target)], tmp_path) == 2
        main(["import", str(source), str(target)])
        assert said in capsys.readouterr().err and not target.exists()
    assert os.path.islink(link) and sorted(p.name for p in beside.parent.iterdir()) == ["club.s3db", "club.s3db-journal"]


def test_a_name_with_markup_is_a_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = hostile(tmp_path, "UPDATE Player SET name = '[red]Ajax[/red] <b>&amp;' WHERE name = 'Ajax'",
                     "UPDATE Player SET rating = 0 WHERE name LIKE '%Ajax%'")
    store = tmp_path / "club.keizer"
    code, out, _ = run(capsys, "import", str(source), str(store))
    assert code == 0 and "guessed: rating 0 read as no rating: [red]Ajax[/red] <b>&amp;" in out
    players = json.loads(run(capsys, "players", str(store), "--json")[1])["players"]
    assert "[red]Ajax[/red] <b>&amp;" in [p["name"] for p in players]
