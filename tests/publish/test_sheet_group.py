"""The printed pairing and the notice mark the championship group's games among the boards (issue 20.8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.pairing.simulate import simulate_season
from keizer.seasons.load import load_season
from keizer.seasons.season_json.write import dump_season
from keizer.tui.cli.main import main


@pytest.fixture(scope="module")
def paired(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Club D after round 20, the group of six formed and scheduled with a game in round 21, round 21 paired
    around it."""
    folder = tmp_path_factory.mktemp("sheet")
    src = folder / "d.json"
    src.write_text(dump_season(simulate_season(12, 36, "doorn-driebergen-2019", seed=1, played=20)))
    path = str(folder / "d.keizer")
    assert main(["import", str(src), path]) == 0
    for argv in (["championship", "form", path, "--save"], ["championship", "schedule", path, "--save"]):
        assert main(argv) == 0
    group = load_season(path).championship
    assert group is not None
    first = min(group.schedule, key=lambda g: (g.round, g.white, g.black))
    if first.round != 21:  # the schedule spreads the few games still needed: bring one to the round printed
        assert main(["championship", "schedule", path, "--move", f"{first.white}:{first.black}:21", "--save"]) == 0
    assert main(["pair", path, "--save"]) == 0
    return path


def group_boards(path: str) -> tuple[set[int], int]:
    season = load_season(path)
    assert season.championship is not None
    scheduled = {frozenset((g.white, g.black)) for g in season.championship.games_in(21)}
    games = season.round(21).games
    return {i for i, g in enumerate(games, 1) if frozenset((g.white, g.black)) in scheduled}, len(games)


@pytest.mark.parametrize("lang, mark", [("nl", "kampioensgroep"), ("en", "championship group")])
def test_the_printout_marks_the_group_games(paired: str, capsys: pytest.CaptureFixture[str], lang: str,
                                            mark: str) -> None:
    marked, boards = group_boards(paired)
    assert marked and len(marked) < boards
    capsys.readouterr()
    assert main(["pairing", paired, "--round", "21", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {int(line.split()[0]): line for line in lines if line.strip()[:1].isdigit()}
    assert set(rows) == set(range(1, boards + 1))
    assert {n for n, line in rows.items() if line.endswith(mark)} == marked


def test_the_notice_marks_them_in_the_next_pairing(paired: str, capsys: pytest.CaptureFixture[str]) -> None:
    marked, _ = group_boards(paired)
    capsys.readouterr()
    assert main(["notice", paired, "--round", "20", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    pairing = out[out.index("Pairing of round 21"):]
    rows = [line for line in pairing.splitlines() if line.strip()[:1].isdigit()]
    assert {int(line.split()[0]) for line in rows if line.endswith("championship group")} == marked
    assert main(["notice", paired, "--round", "20", "--markdown"]) == 0
    assert "| kampioensgroep |" in capsys.readouterr().out
