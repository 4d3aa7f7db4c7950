"""D art. 7's opening with a field that is not blocks of 20 (docs/rules.md §7, §12): paired with the distance
10 aimed at and the difference spread, and the pairing says so where the director reads it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.cli.main import main


def d_season(n: int) -> dict[str, object]:
    return {"format": "keizer-season/1", "name": f"D {n}", "ruleset": "doorn-driebergen-2019", "rounds_planned": 36,
            "players": [{"id": f"p{i:02d}", "name": f"Player {i:02d}"} for i in range(1, n + 1)], "rounds": []}


def test_keizer_pair_says_how_the_opening_was_spread(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "d30.json"
    path.write_text(json.dumps(d_season(30)))
    assert main(["pair", str(path), "--round", "1", "--alternatives", "0"]) == 0
    out = capsys.readouterr().out
    note = next(line for line in out.splitlines() if line.startswith("Note: opening round (D art. 7"))
    assert "30 players paired are not whole blocks of 20" in note and "places apart" in note
    assert main(["pair", str(path), "--round", "1", "--alternatives", "0", "--json"]) == 0
    assert any("not whole blocks of 20" in n for n in json.loads(capsys.readouterr().out)["notes"])


def test_a_field_of_whole_blocks_needs_no_note(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "d40.json"
    path.write_text(json.dumps(d_season(40)))
    assert main(["pair", str(path), "--round", "1", "--alternatives", "0"]) == 0
    out = capsys.readouterr().out
    assert "Note: opening round" not in out and "Player 01" in out


def test_the_pairing_screen_gets_the_note(tmp_path: Path) -> None:
    path = tmp_path / "d30.keizer"
    SeasonStore.create(path, season_from_json(d_season(30))).close()
    e = Evening.open(path)
    try:
        (best,) = e.desk.solve(1, alternatives=0)
        assert len(best.notes) == 1 and "not whole blocks of 20" in best.notes[0]
    finally:
        e.close()
