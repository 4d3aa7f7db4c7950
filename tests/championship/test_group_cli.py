"""`keizer group`'s one-line errors and `keizer pair --fixed` refusing a broken rule (exit code 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.simulate import simulate_season
from seasons.season_json import dump_season
from tui.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def early(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("g") / "early.json"
    path.write_text(dump_season(simulate_season(10, 24, "doorn-driebergen-2019", seed=2, played=12)))
    return path


def test_the_group_before_its_round_says_when_it_forms(capsys: pytest.CaptureFixture[str], early: Path) -> None:
    code, out, _ = run(capsys, "group", str(early))
    assert code == 0 and "Not formed yet: it forms after round 20." in out
    code, _, err = run(capsys, "group", "form", str(early))
    assert code == 2 and "the group forms after round 20; the season has results up to round 12" in err
    code, _, err = run(capsys, "group", "schedule", str(early))
    assert code == 2 and "has not been formed yet (keizer group form)" in err


def test_a_ruleset_without_a_group_and_a_json_save_are_one_line(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    path = tmp_path / "classic.json"
    path.write_text(dump_season(simulate_season(6, 4, "keizer-classic", seed=1, played=2)))
    code, _, err = run(capsys, "group", str(path))
    assert code == 2 and "ruleset has no championship group" in err
    code, _, err = run(capsys, "group", "form", str(path), "--save")
    assert code == 2 and "--save needs a season store" in err


def test_usage_without_a_season(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "group")
    assert code == 2 and "keizer group form SEASON" in out


def test_pair_fixed_refuses_a_third_meeting(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    season = simulate_season(6, 12, "doorn-driebergen-2019", seed=1, played=10)
    met: dict[tuple[str, str], int] = {}
    for r in season.rounds:
        for g in r.games:
            key = (min(g.players()), max(g.players()))
            met[key] = met.get(key, 0) + 1
    away = {pid for pid, _ in season.rounds[-1].entries}  # round 11's absences, listed to be paired
    pair = min(k for k, n in met.items() if n >= 2 and not set(k) & away)
    path = tmp_path / "s.json"
    path.write_text(dump_season(season))
    code, _, err = run(capsys, "pair", str(path), "--fixed", f"{pair[0]}:{pair[1]}")
    assert code == 2 and "max_meetings is 2" in err
