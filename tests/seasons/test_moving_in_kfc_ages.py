"""Moving in from KeizerForClubs files of every age: its public test tournament at four commits
(tests/data/README.md). Before March 2023 a tournament kept no settings (they were the program's own, in
`KeizerForClubs.config.s3db`): such a file is read with that file's settings, or a ruleset, or the program's
defaults of that time, said; the check compares keizer's table with the totals the file stored.

The stored totals are read from each file here with sqlite3, never written down."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from keizer.evening.moving_in import stored_check
from keizer.seasons.errors import KeizerError
from keizer.seasons.keizerforclubs.file import read_kfc_file, read_kfc_settings
from keizer.seasons.keizerforclubs.season import read_kfc
from keizer.seasons.moving_in.report import report_lines
from tests.conftest import REPO

DATA = REPO / "tests" / "data"
DEC_06, DEC_22 = DATA / "kfc-test-tournament-2022-12-06.s3db", DATA / "kfc-test-tournament-2022-12-22.s3db"
SEPT_09, SEPT_10 = DATA / "kfc-test-tournament-2024-09-09.s3db", DATA / "kfc-test-tournament.s3db"
CONFIG = DATA / "kfc-config-2022-12-22.s3db"
RETIRED = 9


def tables(path: Path) -> set[str]:
    with sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True) as conn:
        return {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def stored(path: Path) -> dict[str, float]:
    with sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True) as conn:
        return {name: total for name, total, state in conn.execute("SELECT name, Keizer_SumPts, state FROM Player")
                if state != RETIRED}


def checked(path: Path, **options: object) -> list[str]:
    moved = read_kfc(path, **options)  # type: ignore[arg-type]
    moved.report.checks.extend(stored_check(moved))
    return report_lines(moved.report, moved.season)


def test_the_old_files_keep_no_settings() -> None:
    assert "ConfigTab" not in tables(DEC_06) and "ConfigTab" not in tables(DEC_22)
    assert "ConfigTab" in tables(SEPT_09) and {"ConfigTab", "LangText"} <= tables(CONFIG)
    assert read_kfc_file(DEC_06).settings is None and read_kfc_settings(CONFIG)


@pytest.mark.parametrize("path", [DEC_06, SEPT_09, SEPT_10], ids=["2022-12-06", "2024-09-09", "2024-09-10"])
def test_the_table_equals_every_stored_total(path: Path) -> None:
    """The December 2022 file (round 5 paired, only its bye scored) with the program's defaults of that time,
    and the 2024 files with their own settings: keizer's table after the last paired round is every total
    KeizerForClubs stored."""
    lines = checked(path)
    assert f"check: the table after round 5 equals the totals KeizerForClubs stored, for all {len(stored(path))} " \
           f"players" in lines, lines


def test_an_old_file_says_whose_settings_it_took() -> None:
    lines = checked(DEC_06)
    assert any(line.startswith("guessed: the tournament keeps no settings (KeizerForClubs kept them in its own "
                               "KeizerForClubs.config.s3db until March 2023): the program's defaults of that time "
                               "taken (BONUS.Excused 35, BONUS.Unexcused 35, BONUS.Clubgame 70, BONUS.Retired 75")
               for line in lines), lines
    given = checked(DEC_06, settings=CONFIG)
    assert f"guessed: the settings of {CONFIG.name} (KeizerForClubs' own settings file, where it kept them until " \
           f"March 2023; the tournament keeps none)" in given


def test_a_difference_names_the_player_and_what_to_do() -> None:
    """December 22nd: the retired player's opponents scored BONUS.Retired whatever the result (as the program
    then did, said); one total stays apart — KeizerForClubs gave a bye right after a board against the retired
    player the retired bonus too (its row of that board was read again for the bye), which keizer does not.
    The check names that player and says what the director can do, by where the settings came from."""
    names = {p for p in stored(DEC_22)}
    for options, advice in (({}, "--settings KeizerForClubs.config.s3db (in the cfg folder of the KeizerForClubs "
                                 "the club used) reads the club's own"),
                            ({"settings": CONFIG}, "--ruleset PRESET|FILE.json imports it with a ruleset of yours")):
        lines = checked(DEC_22, **options)
        check = next(line for line in lines if line.startswith("check: "))
        off = [n for n in names if f"; {n} " in check or f": {n} " in check]
        assert check.startswith("check: the table after round 5 differs from KeizerForClubs' stored totals for 1 "
                                "player: ") and off == ["Isenbrink"] and advice in check, check
        assert "guessed: BONUS.Retired 75: for every result against a retired player, a loss and a draw too, as " \
               "KeizerForClubs scored it before April 2023 (its settings then had no BONUS.Freilos)" in lines


def test_a_ruleset_replaces_the_settings() -> None:
    moved = read_kfc(DEC_22, ruleset="kijk-uit")
    assert moved.season.ruleset_spec == "kijk-uit" and moved.settings_from == "ruleset"
    assert "the tournament's settings: the ruleset given with --ruleset scores it instead" in moved.report.dropped


def test_settings_for_a_file_that_keeps_its_own_are_refused() -> None:
    with pytest.raises(KeizerError, match="keeps its own settings"):
        read_kfc(SEPT_10, settings=CONFIG)


def test_a_tournament_is_no_settings_file() -> None:
    with pytest.raises(KeizerError) as exc:
        read_kfc(DEC_22, settings=SEPT_10)
    assert "not KeizerForClubs' settings file" in str(exc.value) and "\n" not in str(exc.value)
