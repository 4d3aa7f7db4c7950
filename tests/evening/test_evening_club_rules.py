"""Club rules on the evening come from ruleset keys: D art. 12's suspension only where it is on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId, Result
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.cli.main import main
from keizer.evening.evening import Evening


def _with_ruleset(demo_json: Path, spec: object, tmp_path: Path) -> Evening:
    obj = json.loads(demo_json.read_text())
    obj["ruleset"] = spec
    path = tmp_path / "club.json"
    path.write_text(json.dumps(obj))
    store = tmp_path / "club.keizer"
    SeasonStore.create(store, load_season(path), label="import").close()
    return Evening.open(store)


def test_no_suspension_where_the_ruleset_has_none(demo_json: Path, tmp_path: Path) -> None:
    evening = _with_ruleset(demo_json, {"preset": "doorn-driebergen-2019", "suspension": False}, tmp_path)
    try:
        label = evening.attendance.set(33, "visser", EntryKind.UNEXCUSED)
        assert "suspended" not in label and PlayerId("visser") not in evening.season.suspended
        k = evening.results.round()
        absent = evening.season.round(k).games[0].black
        label = evening.results.no_show(k, "board:1", "black", replace=True)
        assert "suspended" not in label and absent not in evening.season.suspended
        assert evening.season.round(k).games[0].result is Result.WHITE_FORFEIT_WIN  # on its board, for good
    finally:
        evening.close()


def test_a_suspension_survives_export_and_pair(evening: Evening, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    evening.roster.toggle_suspension("visser")
    exported = tmp_path / "out.json"
    assert main(["export", str(evening.path), "-o", str(exported)]) == 0
    season = load_season(exported)
    assert PlayerId("visser") in season.suspended
    assert dump_season(season, json.loads(exported.read_text())["log_head"]) == exported.read_text()
    capsys.readouterr()
    assert main(["pair", str(exported), "--round", "33", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    paired = {p for board in data["pairings"] for p in (board["white"], board["black"])} | {data["bye"]}
    assert "visser" not in paired


def test_the_standings_view_says_when_it_is_provisional(evening: Evening) -> None:
    from keizer.seasons.model import Result

    assert evening.standings.view(32).missing == 0 and "PROVISIONAL" not in evening.standings.view(32).report
    evening.results.set_result(32, "board:1", Result.PENDING, replace=True)
    view = evening.standings.view(32)
    assert view.missing == 1 and view.report.startswith("PROVISIONAL: 1 result missing")
