"""`keizer dates` and `keizer report`: every evening has a date; a report is booked by the ruleset's deadline."""

from __future__ import annotations

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId
from keizer.seasons.store.season_store import SeasonStore
from tests.conftest import EVENING
from keizer.tui.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def store(tmp_path):  # type: ignore[no-untyped-def]
    path = tmp_path / "club.keizer"  # club D, round 33 (Thursday 2020-04-23) to be paired
    SeasonStore.create(path, load_season(EVENING)).close()
    return path


def test_dates_are_listed_and_an_evening_moves_with_those_after_it(store, capsys):  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "dates", str(store))
    assert code == 0 and "round  33  2020-04-23  (its own date)" in out and "round  34  2020-04-30" in out
    assert run(capsys, "dates", str(store), "--round", "33", "--date", "2020-04-24")[0] == 0
    out = run(capsys, "dates", str(store))[1]
    assert "round  33  2020-04-24" in out and "round  34  2020-05-01" in out  # a week after the moved one
    code, _, err = run(capsys, "dates", str(store), "--round", "33")
    assert code == 2 and "--round and --date go together" in err


def test_a_season_dated_from_its_start(tmp_path, capsys):  # type: ignore[no-untyped-def]
    path = tmp_path / "new.keizer"
    assert main(["new", str(path), "--rounds", "3"]) == 0
    assert run(capsys, "dates", str(path), "--start", "2026-09-01", "--weekday", "Thursday")[0] == 0
    out = run(capsys, "dates", str(path))[1]
    assert out.split("\n")[:3] == ["round   1  2026-09-03", "round   2  2026-09-10", "round   3  2026-09-17"]
    code, _, err = run(capsys, "dates", str(path), "--start", "2026-02-30")
    assert code == 2 and "--start: expected a date" in err


@pytest.mark.parametrize("at, ruling, entry, words", [
    ("2020-04-22T19:59", None, EntryKind.EXCUSED, "in time (by Wed 2020-04-22 20:00)"),  # D art. 16
    ("2020-04-22T20:00", None, EntryKind.EXCUSED, "in time"),  # "uiterlijk … 20.00 uur": still in time
    ("2020-04-22T20:01", None, EntryKind.UNEXCUSED, "too late (after Wed 2020-04-22 20:00)"),
    ("2020-04-23T18:00", "ill", EntryKind.EXCUSED, "force majeure: ill"),
])
def test_a_report_is_booked_by_the_deadline(store, capsys, at, ruling, entry, words):  # type: ignore[no-untyped-def]
    argv = ["report", str(store), "visser", at, "--round", "33"] + (["--force-majeure", ruling] if ruling else [])
    code, out, _ = run(capsys, *argv)
    assert code == 0 and words in out
    with SeasonStore.open(store) as s:
        rnd = s.season.round(33)
        assert rnd.entry_of(PlayerId("visser")) is entry
        assert rnd.report_of(PlayerId("visser")).at == at  # type: ignore[union-attr]
        assert PlayerId("visser") not in s.season.suspended  # D art. 12: a report, however late, is a report
    assert run(capsys, "undo", str(store))[0] == 0  # the report and its entry are one action
    with SeasonStore.open(store) as s:
        assert s.season.round(33).report_of(PlayerId("visser")) is None
        assert s.season.round(33).entry_of(PlayerId("visser")) is None


def test_a_report_with_a_bad_time_or_player_is_one_line(store, capsys):  # type: ignore[no-untyped-def]
    code, _, err = run(capsys, "report", str(store), "visser", "wednesday", "--round", "33")
    assert code == 2 and err.count("\n") == 1 and "2019-09-11T19:30" in err
    code, _, err = run(capsys, "report", str(store), "nobody", "2020-04-22T19:00", "--round", "33")
    assert code == 2 and "nobody" in err


def test_a_report_names_its_player_by_name_too(store, capsys):  # type: ignore[no-untyped-def]
    code, out, _ = run(capsys, "report", str(store), "frank viss", "2020-04-22T19:00", "--round", "33")
    assert code == 0 and "Frank Visser" in out
    assert load_season(store).round(33).report_of(PlayerId("visser")) is not None
    code, out, err = run(capsys, "report", str(store), "vissr", "2020-04-22T19:00", "--round", "33")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("keizer: error: PLAYER vissr: unknown player 'vissr'; did you mean Frank Visser")
