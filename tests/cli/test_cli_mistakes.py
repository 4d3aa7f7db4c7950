"""A director's slips on the command line, each once a traceback, a hang or lost data: one line, exit 2."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.store.season_store import SeasonStore
from tests.conftest import EVENING, REPO
from keizer.tui.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one error line of `keizer argv`, which must exit 2 and print nothing on stdout."""
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and err.count("\n") == 1 and err.startswith("keizer: error: "), (code, out, err)
    assert "Traceback" not in err
    return err


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "club.keizer"
    SeasonStore.create(path, load_season(EVENING)).close()
    return path


@pytest.mark.parametrize("command", [("export",), ("export", "--trf")])
def test_export_over_the_store_itself_is_refused(store: Path, capsys: pytest.CaptureFixture[str],
                                                 command: tuple[str, ...]) -> None:
    before = store.read_bytes()
    err = refused(capsys, *command, str(store), "-o", str(store))
    assert "is a season store" in err and "history" in err
    assert store.read_bytes() == before


def test_simulate_over_a_store_is_refused(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = store.read_bytes()
    err = refused(capsys, "simulate", "--players", "4", "--rounds", "1", "-o", str(store))
    assert "is a season store" in err and store.read_bytes() == before


@pytest.mark.parametrize("option, value", [("--rounds", str(10**30)), ("--players", str(10**9))])
def test_simulate_refuses_a_season_no_command_could_read(capsys: pytest.CaptureFixture[str], option: str,
                                                         value: str) -> None:
    argv = {"--players": "4", "--rounds": "2", option: value}
    err = refused(capsys, "simulate", *(x for kv in argv.items() for x in kv))  # was: ran until killed
    assert "--players must be 2 to 100000 and --rounds 1 to 1000" in err


def test_a_file_name_that_is_not_utf8_is_imported_and_logged_as_shown(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    odd = os.fsdecode(bytes(tmp_path) + b"/club\xff.json")  # a name saved on a Latin-1 system
    Path(odd).write_bytes(EVENING.read_bytes())
    code, _, err = run(capsys, "import", odd, str(tmp_path / "club.keizer"))  # was: a traceback
    assert (code, err) == (0, "")
    code, out, _ = run(capsys, "log", str(tmp_path / "club.keizer"))
    assert code == 0 and "import club\\udcff.json" in out


def test_a_site_folder_whose_name_is_not_utf8_is_recorded(store: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    odd = os.fsdecode(bytes(tmp_path) + b"/site\xff")
    code, out, err = run(capsys, "publish", str(store), "-o", odd)  # was: the site written, then a traceback
    assert (code, err) == (0, "") and "to site\\udcff" in out
    with SeasonStore.open(store) as opened:
        assert [record.output for _, record in opened.publications()] == ["site\udcff"]  # read back as it was
    assert run(capsys, "validate", str(store))[0] == 0


def as_a_user(*argv: str) -> subprocess.CompletedProcess[str]:
    """`keizer argv` in a process that file permissions apply to: root without the capabilities that
    let it read and write any file (setpriv), anyone else as they are."""
    prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"] if os.geteuid() == 0 else []
    return subprocess.run([*prefix, sys.executable, "-m", "keizer.tui.cli.main", *argv], cwd=REPO, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.skipif(os.geteuid() == 0 and not shutil.which("setpriv"), reason="root writes any file and folder")
def test_a_store_that_cannot_be_written_is_read_and_says_why(store: Path) -> None:
    """Was: in a folder that cannot be written, "damaged or not a season store (attempt to write a readonly
    database)" for every command, reading too: SQLite could not make the -shm file beside the store."""
    store.chmod(0o444)
    store.parent.chmod(0o555)
    try:
        before = store.read_bytes()
        for command in ("standings", "log", "validate", "export"):
            done = as_a_user(command, str(store))
            assert (done.returncode, done.stderr) == (0, ""), (command, done.stderr)
        done = as_a_user("undo", str(store))
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
        assert "cannot be written: check their permissions" in done.stderr
        assert store.read_bytes() == before and sorted(p.name for p in store.parent.iterdir()) == ["club.keizer"]
    finally:
        store.parent.chmod(0o755)


def test_sqlites_read_only_refusal_says_where_to_look() -> None:
    import sqlite3

    from keizer.seasons.store.sqlite_file import explain

    said = explain(sqlite3.OperationalError("attempt to write a readonly database"))
    assert said.startswith("the file or its folder cannot be written: check their permissions")


@pytest.mark.parametrize("text", ["", "\n# round 33\n\n", '{"pairings": []}'])
def test_a_pairing_file_without_games_is_a_mistake_not_a_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 text: str) -> None:
    """Was: exit 1 and a line per player "neither paired nor has the bye", as if the director had paired
    nobody: an empty file is the wrong file, or one saved before it was written."""
    file = tmp_path / "pairing.txt"
    file.write_text(text)
    err = refused(capsys, "check-pairing", str(EVENING), str(file))
    assert err == f"keizer: error: {file}: no games in it (one game a line: `WHITE BLACK`, `WHITE - BLACK` or " \
                  "`bye PLAYER`)\n"


def damaged(store: Path) -> Path:
    """`store` with 64 bytes in its middle overwritten, as a bad sector or a torn copy leaves it."""
    data = bytearray(store.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 64] = bytes(range(64))
    store.write_bytes(bytes(data))
    return store


@pytest.mark.parametrize("command", ["validate", "standings"])
def test_a_damaged_store_is_named_once_with_the_first_complaint(store: Path, capsys: pytest.CaptureFixture[str],
                                                                command: str) -> None:
    """Was: the path twice (validate) and every line of SQLite's integrity check joined with escaped
    newlines, hundreds of characters."""
    before = damaged(store).read_bytes()
    err = refused(capsys, command, str(store))
    assert err.count(str(store)) == 1 and "\\n" not in err and "***" not in err and len(err) < 300, err
    assert "damaged" in err and store.read_bytes() == before


@pytest.mark.parametrize("argv, said", [
    (("import", str(EVENING), "{missing}/club.keizer"), "cannot create the file"),
    (("new", "{missing}/club.keizer"), "cannot create the file"),
    (("backup", "{store}", "{missing}/copy.keizer"), "cannot write the backup"),
])
def test_a_store_into_a_missing_folder_names_the_folder(store: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                                        said: str) -> None:
    """Was: "(No such file or directory)", which does not say which; `export -o` already named it."""
    missing = tmp_path / "seasons" / "2026"
    args = [a.format(missing=missing, store=store) for a in argv]
    err = refused(capsys, *args)
    assert err == f"keizer: error: {missing}/{args[-1].rsplit('/', 1)[1]}: {said} (no such folder: {missing})\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.keizer"]


@pytest.mark.parametrize("rounds", ["0", "-3", str(10**30)])
def test_new_names_its_rounds_option(tmp_path: Path, capsys: pytest.CaptureFixture[str], rounds: str) -> None:
    """Was, for 10**30: "create season 'club': the season would become invalid: rounds_planned: …"."""
    err = refused(capsys, "new", str(tmp_path / "club.keizer"), "--rounds", rounds)
    assert err == f"keizer: error: --rounds {rounds}: a season plans 1 to 1000 rounds\n"
    assert list(tmp_path.iterdir()) == []


def test_a_season_name_too_long_is_not_said_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Was: the 250 characters of the name said whole in the line that refuses them for being too long."""
    err = refused(capsys, "new", str(tmp_path / "club.keizer"), "--name", "A" * 250)
    assert err == (f"keizer: error: create season '{'A' * 59}…': the season would become invalid: name: longer "
                   f"than 200 characters (250)\n")
    assert list(tmp_path.iterdir()) == []


def test_a_report_time_is_named_as_its_argument(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Was: "at: expected a local time …", the event's field, which --help calls TIME."""
    before = store.read_bytes()
    err = refused(capsys, "report", str(store), "dekker", "19:30", "--round", "33")
    assert err.startswith("keizer: error: TIME: expected a local time like") and "'19:30'" in err
    assert store.read_bytes() == before


@pytest.mark.parametrize("given", ["json", "store"])
def test_a_season_given_as_the_player_list_is_named(store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    given: str) -> None:
    """Was, for last season's JSON: "line 7: there already is a player called '{' (line 1)"; for a store,
    "not UTF-8 text" — the director meant --from."""
    listed = {"json": EVENING, "store": store}[given]
    err = refused(capsys, "new", str(tmp_path / "next.keizer"), "--players", str(listed))
    what = {"json": "a JSON file", "store": "a season store"}[given]
    assert err.startswith(f"keizer: error: {listed}: {what}, not a player list") and "--from" in err
    assert not (tmp_path / "next.keizer").exists()


@pytest.mark.parametrize("name, text, said", [("club.keizer", "", "an empty file"), ("club.json", "", "an empty file"),
                                              ("club.json", " \n", "only white space")])
def test_an_empty_season_file_is_called_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str,
                                              text: str, said: str) -> None:
    """Was: "line 1 column 1: not valid JSON (Expecting value)", also for a store a full disk cut to nothing."""
    file = tmp_path / name
    file.write_text(text)
    for command in ("standings", "validate", "open", "import"):
        argv = (command, str(file), str(tmp_path / "new.keizer")) if command == "import" else (command, str(file))
        assert refused(capsys, *argv) == f"keizer: error: {file}: {said}, no season in it\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


@pytest.mark.parametrize("expect", ["-1", "0", "7", str(10**30)])
def test_undo_expecting_an_action_that_does_not_exist(store: Path, capsys: pytest.CaptureFixture[str],
                                                      expect: str) -> None:
    """Was: "the season changed since it was read (action 1, 'import', came after action 7)": nothing came
    after it; the number is a typo."""
    before = store.read_bytes()
    err = refused(capsys, "undo", str(store), "--expect", expect)
    assert err == f"keizer: error: {store}: there is no action {expect} (the newest is 1; `keizer log` lists " \
                  "them); nothing was saved\n"
    assert store.read_bytes() == before


@pytest.mark.parametrize("command", ["log", "undo", "redo", "backup"])
def test_a_store_command_on_a_missing_file_or_a_folder_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              command: str) -> None:
    """Was: "this needs a season store (.keizer); a JSON file has no history" for a file that is not there."""
    (tmp_path / "club.keizer").mkdir()
    (tmp_path / "empty.keizer").write_bytes(b"")
    for given, said in (("gone.keizer", "no such file"), ("club.keizer", "is a folder, not a season store"),
                        ("empty.keizer", "an empty file, no season in it")):
        extra = (str(tmp_path / "copy.keizer"),) if command == "backup" else ()
        err = refused(capsys, command, str(tmp_path / given), *extra)
        assert err == f"keizer: error: {tmp_path / given}: {said}\n", err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.keizer", "empty.keizer"]


@pytest.mark.parametrize("argv", [("dates",), ("report", "p01", "2026-11-25T19:30", "--round", "33")])
def test_an_evening_command_on_a_missing_file_a_folder_or_an_empty_file_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    """Was: "not a season store (a JSON season is imported first)" for a folder and an empty file."""
    (tmp_path / "club.keizer").mkdir()
    (tmp_path / "empty.keizer").write_bytes(b"")
    for given, said in (("gone.keizer", "no such file"), ("club.keizer", "is a folder, not a season store"),
                        ("empty.keizer", "an empty file, no season in it")):
        err = refused(capsys, argv[0], str(tmp_path / given), *argv[1:])
        assert err == f"keizer: error: {tmp_path / given}: {said}\n", err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.keizer", "empty.keizer"]


def test_a_date_at_the_calendars_end_leaves_the_weeks_after_it_undated(store: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Was: `dates --round 34 --date 9999-12-30` accepted, then an OverflowError traceback in every command
    that lists the evenings (round 35 would be a week after the calendar's end)."""
    assert run(capsys, "dates", str(store), "--round", "34", "--date", "9999-12-30")[0] == 0
    code, out, err = run(capsys, "dates", str(store))
    assert (code, err) == (0, "") and "round  34  9999-12-30" in out and "round  35  (no date)" in out
    assert run(capsys, "dates", str(store), "--start", "0001-01-01", "--weekday", "monday")[0] == 0
    code, out, err = run(capsys, "report", str(store), "dekker", "0001-01-01T10:00", "--round", "33")
    assert (code, err) == (0, "") and "excused" in out


@pytest.mark.parametrize("reason, said", [("ziek\x1b[31m", "character 5 is a control character (U+001B)"),
                                          ("x" * 201, "longer than 200 characters (201)"),
                                          (" ", "must be a non-empty string")])
def test_a_force_majeure_reason_is_text_like_a_name(store: Path, capsys: pytest.CaptureFixture[str], reason: str,
                                                    said: str) -> None:
    """Was: an escape sequence or 500 characters stored as the ruling's reason, from the command line."""
    before = store.read_bytes()
    err = refused(capsys, "report", str(store), "dekker", "2020-01-01T10:00", "--round", "33",
                  "--force-majeure", reason)
    assert err == f"keizer: error: --force-majeure: {said}\n" and store.read_bytes() == before


@pytest.mark.parametrize("argv, said", [
    (("--start", "2026-13-01"), "--start: expected a date like"),
    (("--start", "2026-09-03", "--weekday", "donderdag"), "--weekday: expected one of monday,"),
    (("--round", "34", "--date", "2026-02-30"), "--date: expected a date like"),
])
def test_dates_name_the_option_that_was_mistyped(store: Path, capsys: pytest.CaptureFixture[str],
                                                 argv: tuple[str, ...], said: str) -> None:
    """Was: "start date: …", "weekday: …", "round 34 date: …" — the TUI's field names."""
    before = store.read_bytes()
    assert refused(capsys, "dates", str(store), *argv).startswith(f"keizer: error: {said}")
    assert store.read_bytes() == before


def test_a_complete_season_names_no_tui_key_on_the_command_line(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Was: "the season is complete: all 32 planned rounds are paired (F7 plans more)" from `keizer report`:
    a key of the TUI's, said by the domain to every shell."""
    from dataclasses import replace

    season = load_season(EVENING)
    done = replace(season, rounds=season.rounds[:32], rounds_planned=32)  # every planned round played
    path = tmp_path / "done.keizer"
    SeasonStore.create(path, done).close()
    err = refused(capsys, "report", str(path), done.players[0].id, "2020-05-20T19:00", "--round", "99")
    assert err == (f"keizer: error: the season is complete: all 32 planned rounds are paired (`keizer season {path} "
                   f"--rounds R` plans more)\n")
