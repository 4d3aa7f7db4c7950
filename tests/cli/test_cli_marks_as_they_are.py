"""Marks that scripts can rely on (issue 31, item 7): marking a player what they already are is a success
that says so (exit 0, nothing written), in `attend` and `report` alike; a withdrawn player marked present is
told they withdrew; `export --trf` without `--round` reports the last round with results or names the round
to give."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.seasons.load import load_season
from keizer.seasons.model import PlayerId
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.cli.main import main
from tests.conftest import EVENING


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def head(path: Path) -> int:
    store = SeasonStore.open(path, readonly=True)
    try:
        return store.head()
    finally:
        store.close()


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "club.keizer"  # club D, round 33 to be paired
    SeasonStore.create(path, load_season(EVENING)).close()
    return path


def _present(path: Path) -> list[str]:
    season = load_season(path)
    rnd = season.round(33) if len(season.rounds) >= 33 else None
    return [p.id for p in season.players if rnd is None or rnd.entry_of(p.id) is None
            and season.withdrawal_of(p.id) is None and p.joined <= 33]


def test_present_for_everyone_present_is_a_success_that_says_so(store: Path, capsys: pytest.CaptureFixture[str]):
    before = head(store)
    for pid in _present(store)[:3]:
        code, out, err = run(capsys, "attend", str(store), pid, "present")
        assert (code, err) == (0, "") and "already present in round 33" in out
    assert head(store) == before  # nothing written
    pid = _present(store)[0]
    assert run(capsys, "attend", str(store), pid, "duty")[0] == 0
    code, out, _ = run(capsys, "attend", str(store), pid, "duty")
    assert code == 0 and "already duty in round 33" in out


def test_the_service_returns_the_fact(store: Path) -> None:
    from keizer.evening.ways import Already

    pid = _present(store)[0]
    with Evening.open(store) as evening:
        said = evening.attendance.set(33, pid, None)
        assert isinstance(said, Already) and said.player == PlayerId(pid) and said.round == 33


def test_on_the_pairing_present_is_a_success_too(store: Path, capsys: pytest.CaptureFixture[str]):
    assert run(capsys, "pair", str(store), "--save")[0] == 0
    white = load_season(store).round(33).games[0].white
    before = head(store)
    code, out, err = run(capsys, "attend", str(store), white, "present")
    assert (code, err) == (0, "") and "already present in round 33 (board 1)" in out and head(store) == before


def test_a_withdrawn_player_marked_present_is_told_they_withdrew(store: Path, capsys: pytest.CaptureFixture[str]):
    pid = _present(store)[0]
    assert run(capsys, "player", "withdraw", str(store), pid, "--before", "33")[0] == 0
    code, out, err = run(capsys, "attend", str(store), pid, "present")
    assert code == 2 and out == "" and "withdrew before round 33" in err and "already" not in err


def test_the_same_report_again_is_a_success_that_says_so(store: Path, capsys: pytest.CaptureFixture[str]):
    pid = _present(store)[0]
    assert run(capsys, "report", str(store), pid, "2020-04-22T19:00", "--round", "33")[0] == 0
    before = head(store)
    code, out, err = run(capsys, "report", str(store), pid, "2020-04-22T19:00", "--round", "33")
    assert (code, err) == (0, "") and "already excused in round 33" in out and head(store) == before


def test_the_rating_report_without_round_takes_the_last_round_with_results(tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture[str]):
    season = load_season(EVENING)
    path = tmp_path / "club.keizer"
    SeasonStore.create(path, season).close()
    assert run(capsys, "pair", str(path), "--save")[0] == 0  # round 33 saved, not played
    code, out, err = run(capsys, "export", str(path), "--trf")
    assert code == 0 and "--round" not in err
    assert f"XXR {season.last_scored_round}" in out or "132" in out
    first = tmp_path / "first.json"  # only round 1 paired, no result yet
    from dataclasses import replace
    one = replace(season, rounds=season.rounds[:1])
    one = replace(one, rounds=(replace(one.rounds[0], games=tuple(replace(g, result=type(g.result)("*"))
                                                                  for g in one.rounds[0].games)),))
    first.write_text(dump_season(one))
    code, out, err = run(capsys, "export", str(first), "--trf")
    assert code == 2 and "--round 0" not in err and "--round 1" in err and "no round has results" in err
