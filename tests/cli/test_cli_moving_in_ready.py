"""Moving in, round two, on the command line: old KeizerForClubs files with their settings file or a ruleset,
the report's guesses on screen and whole in `--report FILE`, the season ready to play on (`--name`,
`--rounds`, asked on a terminal, `keizer season` later), the spreadsheet both ways, and a file that is no
season named for what it is, with the command meant."""

from __future__ import annotations

import builtins
import re
import sys
from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from keizer.tui.cli.main import main
from tests.conftest import DEMO, REPO

DATA = REPO / "tests" / "data"
OLD = DATA / "kfc-test-tournament-2022-12-22.s3db"
CONFIG = DATA / "kfc-config-2022-12-22.s3db"
SWISS_MANAGER = DATA / "karl-mala-2005.trf"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def without_ids(text: str) -> str:
    return re.sub(r'"(player|id|white|black)": "[^"]*"', "", text)


def refused(capsys: pytest.CaptureFixture[str], folder: Path, *argv: str) -> str:
    """A refusal: exit 2, one line on stderr, nothing on stdout, nothing written into `folder`."""
    before = sorted(folder.iterdir())
    code, out, err = run(capsys, *argv)
    assert (code, out, err.count("\n")) == (2, "", 1), (code, out, err)
    assert sorted(folder.iterdir()) == before
    return err.removeprefix("keizer: error: ").rstrip("\n")


def test_an_old_tournament_with_its_settings_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "club.keizer"
    code, out, _ = run(capsys, "import", str(OLD), str(store), "--settings", str(CONFIG))
    assert code == 0 and f"guessed: the settings of {CONFIG.name}" in out
    assert load_season(store).ruleset_spec["pairing"] == {"rematch_gap": 2}  # the settings file's GameRepeat


def test_an_old_tournament_with_a_ruleset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "club.keizer"
    assert run(capsys, "import", str(OLD), str(store), "--ruleset", "kijk-uit")[0] == 0
    assert load_season(store).ruleset_spec == "kijk-uit"


def test_the_settings_file_alone_is_named_for_what_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "club.keizer"
    said = refused(capsys, tmp_path, "import", str(CONFIG), str(store))
    assert said == (f"{CONFIG}: KeizerForClubs' own settings file (in its program's cfg folder), not a tournament: "
                    f"give it with the tournament it holds the settings of, `keizer import TOURNAMENT.s3db {store} "
                    f"--settings {CONFIG}`")
    assert "--settings is for a KeizerForClubs tournament" in refused(
        capsys, tmp_path, "import", str(DATA / "swiss-manager.trf"), str(store), "--settings", str(CONFIG))


def test_ten_guesses_on_screen_every_one_in_the_report_and_the_log(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    store, report = tmp_path / "club.keizer", tmp_path / "report.txt"
    code, out, _ = run(capsys, "import", str(SWISS_MANAGER), str(store), "--report", str(report))
    assert code == 0
    written = report.read_text().splitlines()
    guesses = [line for line in written if line.startswith("guessed: ")]
    shown = [line for line in out.splitlines() if line.startswith("guessed: ")]
    assert len(guesses) > 10 and shown[:10] == guesses[:10] and len(shown) == 11
    assert shown[10].startswith(f"guessed: … and {len(guesses) - 10} more guesses ({len(guesses)} in all)")
    log = run(capsys, "log", str(store))[1]
    assert all(g in log for g in guesses)


def test_name_and_rounds_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "club.keizer"
    code, out, _ = run(capsys, "import", str(SWISS_MANAGER), str(store), "--name", "Karl-Mala 2005", "--rounds", "9")
    season = load_season(store)
    assert code == 0 and (season.name, season.rounds_planned) == ("Karl-Mala 2005", 9)
    assert "are not set" not in out
    assert refused(capsys, tmp_path, "import", str(SWISS_MANAGER), str(tmp_path / "x.keizer"), "--rounds", "3") == \
        "--rounds: must be at least 7 (rounds listed), got 3"


def test_the_import_asks_on_a_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["Clubkampioenschap", "12"])
    asked: list[str] = []
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr(builtins, "input", lambda prompt: asked.append(prompt) or next(answers))
    store = tmp_path / "club.keizer"
    assert run(capsys, "import", str(DATA / "swiss-manager.trf"), str(store))[0] == 0
    season = load_season(store)
    assert (season.name, season.rounds_planned) == ("Clubkampioenschap", 12)
    assert asked == ["the season's name [Club Championship 2024]: ", "the rounds it will play [not set]: "]


def test_keizer_season_shows_and_sets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "club.keizer"
    assert run(capsys, "import", str(DATA / "tiebreak-held-swiss-9.trf"), str(store))[0] == 0
    said = refused(capsys, tmp_path, "pair", str(store))  # all 9 planned rounds played: where to plan more
    assert said == f"the season is complete: all 9 planned rounds are paired (`keizer season {store} --rounds R` " \
                   f"plans more)"
    code, out, _ = run(capsys, "season", str(store))
    assert code == 0 and out.splitlines()[:3] == ["name: FIDE C.07 2023 Tie-Break Exercises",
                                                  "rounds planned: 9 (9 listed)", "start date: not set"]
    code, out, _ = run(capsys, "season", str(store), "--name", "Tie-breaks", "--rounds", "11", "--start-date",
                       "2024-08-01")
    season = load_season(store)
    assert code == 0 and (season.name, season.rounds_planned, season.start_date) == ("Tie-breaks", 11, "2024-08-01")
    assert run(capsys, "pair", str(store))[0] == 0  # round 10 now pairs
    assert refused(capsys, tmp_path, "season", str(store), "--rounds", "8") == \
        "--rounds: must be at least 9 (rounds listed), got 8"
    assert refused(capsys, tmp_path, "season", str(store), "--start-date", "soon").startswith("--start-date: ")
    assert refused(capsys, tmp_path, "season", str(store), "--name", "Tie-breaks") == \
        "the settings are unchanged: nothing to save"
    assert run(capsys, "undo", str(store))[0] == 0 and load_season(store).rounds_planned == 9


def test_a_forecast_without_rounds_says_where_to_plan_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "club.keizer"
    assert run(capsys, "import", str(DATA / "swiss-manager.trf"), str(store))[0] == 0
    assert refused(capsys, tmp_path, "forecast", str(store), "--runs", "3") == (
        f"the season does not say how many rounds it will play (rounds_planned), nor does its ruleset: a forecast needs it (`keizer season {store} "
        f"--rounds R` plans them)")


@pytest.mark.parametrize("name, what", [("karl-mala-2005.trf", "a TRF file"),
                                        ("kfc-test-tournament.s3db", "a KeizerForClubs tournament"),
                                        ("spreadsheet-nl.csv", "a spreadsheet of games")])
def test_open_on_another_programs_file_says_which_command(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          name: str, what: str) -> None:
    copy = tmp_path / name
    copy.write_bytes((DATA / name).read_bytes())
    store = copy.with_suffix(".keizer")
    assert refused(capsys, tmp_path, "open", str(copy)) == (
        f"{copy}: {what}, not a season: `keizer import {copy} {store}` makes a season of it (and says what it "
        f"carried), then `keizer open {store}`")


def test_import_on_a_player_list_says_which_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listing = tmp_path / "spelers.csv"
    listing.write_text("Jan de Vries;1850\nPiet Bos;1700\n", encoding="utf-8")
    store = tmp_path / "club.keizer"
    assert refused(capsys, tmp_path, "import", str(listing), str(store)) == (
        f"{listing}: a player list, not a season: `keizer new {store} --players {listing}` starts a season with "
        f"these players")


def test_export_csv_and_import_give_the_same_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    season = load_season(DEMO)
    store, sheet, again = tmp_path / "demo.keizer", tmp_path / "demo.csv", tmp_path / "again.keizer"
    assert run(capsys, "import", str(DEMO), str(store))[0] == 0
    assert run(capsys, "export", str(store), "--csv", "-o", str(sheet))[0] == 0
    assert run(capsys, "import", str(sheet), str(again), "--ruleset", str(season.ruleset_spec), "--name",
               season.name, "--rounds", str(season.rounds_planned))[0] == 0
    for k in (1, season.last_scored_round // 2, season.last_scored_round):  # the ids are the import's own
        assert without_ids(run(capsys, "standings", str(store), "--round", str(k), "--json")[1]) == \
            without_ids(run(capsys, "standings", str(again), "--round", str(k), "--json")[1])
    assert "--trf and --csv" in refused(capsys, tmp_path, "export", str(store), "--csv", "--trf")


def test_a_file_too_large_to_take_in_is_refused_before_it_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound on player-rounds (9,999 × 300 took 77 s and 1.6 GB), here lowered to the file at hand."""
    monkeypatch.setattr("keizer.seasons.trf.read.MAX_MOVED_IN", 283 * 7 - 1)
    said = refused(capsys, tmp_path, "import", str(SWISS_MANAGER), str(tmp_path / "club.keizer"))
    assert said.startswith(f"{SWISS_MANAGER}: 284 players over 7 rounds, more than keizer takes in from another "
                           f"program (1,980 player-rounds)")


def test_an_import_is_never_larger_than_keizer_reads_back(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("keizer.seasons.store.season_store.MAX_FILE_BYTES", 10_000)
    said = refused(capsys, tmp_path, "import", str(SWISS_MANAGER), str(tmp_path / "club.keizer"))
    assert said.startswith("the season would be ") and "bytes as a season file, more than keizer reads back " \
                                                         "(10,000): exported, it could not be imported again" in said


def test_an_export_too_large_to_read_back_indented_is_written_without_spaces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    store, export = tmp_path / "club.keizer", tmp_path / "club.json"
    assert run(capsys, "import", str(SWISS_MANAGER), str(store))[0] == 0
    assert run(capsys, "export", str(store), "-o", str(export))[0] == 0
    indented = export.read_text()
    monkeypatch.setattr("keizer.seasons.season_json.write.MAX_FILE_BYTES", len(indented.encode()) - 1)
    assert run(capsys, "export", str(store), "-o", str(export))[0] == 0
    compact = export.read_text()
    assert compact.count("\n") == 1 and len(compact) < len(indented)
    assert run(capsys, "import", str(export), str(tmp_path / "again.keizer"))[0] == 0
    assert load_season(tmp_path / "again.keizer") == load_season(store)
