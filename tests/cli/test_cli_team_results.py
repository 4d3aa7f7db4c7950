"""`keizer standings` and `keizer attend` say whose team result of which round is still to come (rules §13)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId
from keizer.seasons.roster import taking_part
from keizer.seasons.store.season_store import SeasonStore
from tests.conftest import D_BY_RESULT, EVENING
from keizer.tui.cli.main import main


@pytest.fixture
def owed(tmp_path: Path) -> tuple[Path, PlayerId]:
    """Club D's store, round 32 played, with an excused player of round 32 on a team match whose result is to come."""
    path = tmp_path / "club.keizer"
    season = replace(load_season(EVENING), ruleset_spec=D_BY_RESULT)  # under D itself nobody owes one (§13)
    SeasonStore.create(path, season).close()
    pid = next(p for p, e in season.round(32).entries if e is EntryKind.EXCUSED and taking_part(season, p, 33))
    assert main(["attend", str(path), pid, "external", "--round", "32"]) == 0
    return path, pid


def test_standings_name_the_team_result_to_come(owed: tuple[Path, PlayerId], capsys: pytest.CaptureFixture[str]):
    path, pid = owed
    capsys.readouterr()
    assert main(["standings", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    name = load_season(path).player(pid).name
    assert "PROVISIONAL: 1 result still missing" in out
    assert f"1 team result is still to come: {name} (round 32). `keizer attend SEASON PLAYER" in out
    assert main(["standings", str(path)]) == 0  # the season's language: Dutch
    out = capsys.readouterr().out
    assert "VOORLOPIG: nog 1 uitslag open" in out and f"1 externe uitslag volgt nog: {name} (ronde 32)." in out


def test_attend_moves_on_and_reminds(owed: tuple[Path, PlayerId], capsys: pytest.CaptureFixture[str]):
    path, pid = owed
    season = load_season(path)
    other = next(p.id for p in season.players if season.round(33).entry_of(p.id) is None
                 and taking_part(season, p.id, 33) and p.id != pid)
    capsys.readouterr()
    assert main(["attend", str(path), other, "excused"]) == 0  # tonight's round: 33, not waiting for 32
    out = capsys.readouterr().out
    assert out.startswith("round 33: ")
    assert f"still to come: {season.player(pid).name} (round 32) — `keizer attend {path} {pid} external-won " \
           f"--round 32`" in out
    assert main(["attend", str(path), pid, "external-drawn", "--round", "32"]) == 0
    out = capsys.readouterr().out
    assert "still to come" not in out
    assert main(["standings", str(path)]) == 0
    assert "to come" not in capsys.readouterr().out


def test_under_d_a_team_result_to_come_is_owed_by_nobody(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """D scores a team match 2/3 whatever its result (art. 18): one still to come leaves the table final and
    nothing reminds the director of it (issue 20.8: it said PROVISIONAL)."""
    path = tmp_path / "d.keizer"
    season = load_season(EVENING)
    SeasonStore.create(path, season).close()
    pid = next(p for p, e in season.round(32).entries if e is EntryKind.EXCUSED and taking_part(season, p, 33))
    assert main(["attend", str(path), pid, "external", "--round", "32"]) == 0
    capsys.readouterr()
    assert main(["standings", str(path), "--round", "32"]) == 0
    out = capsys.readouterr().out
    assert "PROVISIONAL" not in out and "to come" not in out
    assert main(["standings", str(path), "--round", "32", "--json"]) == 0
    assert '"provisional": false' in capsys.readouterr().out
    other = next(p for p in season.players if p.id != pid and season.round(33).entry_of(p.id) is None)
    assert main(["attend", str(path), other.id, "excused"]) == 0
    assert "still to come" not in capsys.readouterr().out
