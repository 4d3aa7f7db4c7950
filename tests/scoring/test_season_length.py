"""The season's length (docs/rules.md §3, §11): a ruleset that needs it carries its default (D art. 3: "De
keizercompetitie 2019-2020 omvat 36 ronden") or refuses to start without one, saying why; nothing falls back
silently."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.scoring.replay import replay
from keizer.seasons.errors import KeizerError
from keizer.seasons.load import load_season
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.cli.main import main
from scoring_builders import ids, season

D = "doorn-driebergen-2019"
NEEDS_LENGTH = {"preset": "keizer-classic", "iterate": [20, "final"]}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _season_file(path: Path, ruleset: object, rounds_planned: int | None = None) -> Path:
    obj: dict[str, object] = {"format": "keizer-season/1", "name": "s", "ruleset": ruleset,
                              "players": [{"id": p, "name": p.upper()} for p in ids(8)]}
    if rounds_planned is not None:
        obj["rounds_planned"] = rounds_planned
    path.write_text(json.dumps(obj))
    return path


def test_a_d_season_made_the_readme_way_has_36_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "club.keizer"
    code, out, _ = run(capsys, "new", str(store), "--ruleset", D)
    assert code == 0 and load_season(store).rounds_planned == 36
    assert "36 rounds planned" in out  # said, not left unset in silence
    classic = tmp_path / "classic.keizer"
    code, out, _ = run(capsys, "new", str(classic), "--ruleset", "keizer-classic")
    assert code == 0 and load_season(classic).rounds_planned is None and "no rounds planned" in out
    given = tmp_path / "given.keizer"
    assert run(capsys, "new", str(given), "--ruleset", D, "--rounds", "34")[0] == 0
    assert load_season(given).rounds_planned == 34


def test_a_d_season_without_its_length_recalculates_after_round_36() -> None:
    """Art. 23's recalculation "na de slotronde": the same table as the season that says 36."""
    rounds = ["p1-p2 1-0, p3-p4 1-0, p5-p6 1/2-1/2, p7-p8 0-1", "p2-p3 1-0, p4-p5 1/2-1/2, p6-p7 1-0, p8-p1 1-0",
              "p1-p4 0-1, p2-p6 1-0, p3-p8 1/2-1/2, p5-p7 1-0"] * 12
    unset = season(ids(8), rounds, ruleset=D)
    planned = season(ids(8), rounds, ruleset=D, rounds_planned=36)
    assert replay(unset, 36).standings(36).iteration.iterations > 1
    assert [(r.player, r.score) for r in replay(unset, 36).standings(36).rows] == \
        [(r.player, r.score) for r in replay(planned, 36).standings(36).rows]


def test_the_group_schedule_and_the_class_readings_run_to_round_36(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = _season_file(tmp_path / "d.json", D)
    code, out, _ = run(capsys, "group", str(path), "--json")
    assert code == 0 and json.loads(out)["last_round"] == 36  # "het tweede competitiegedeelte": 21-36


def test_a_ruleset_needing_the_length_without_one_refuses_to_start(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = _season_file(tmp_path / "custom.json", NEEDS_LENGTH)
    store = tmp_path / "custom.keizer"
    code, _, err = run(capsys, "import", str(path), str(store))
    assert code == 2 and "rounds_planned" in err and "final" in err and not store.exists()
    assert run(capsys, "import", str(_season_file(tmp_path / "ok.json", NEEDS_LENGTH, 30)), str(store))[0] == 0
    with Evening.open(store) as evening:
        with pytest.raises(KeizerError, match="final"):
            evening.settings.change(rounds_planned=None)
    assert load_season(store).rounds_planned == 30
    inside = {"preset": "keizer-classic", "championship": {"mode": "inside"}}
    code, _, err = run(capsys, "group", str(_season_file(tmp_path / "g.json", inside)), "--json")
    assert code == 2 and "rounds_planned" in err  # read from a file: refused where the length is needed


def test_a_d_store_may_leave_its_length_to_the_ruleset(tmp_path: Path) -> None:
    store = tmp_path / "d.keizer"
    SeasonStore.create(store, replace(load_season(_season_file(tmp_path / "d.json", D, 36)))).close()
    with Evening.open(store) as evening:
        evening.settings.change(rounds_planned=None)
        assert evening.settings.summary_lines()[-1].endswith("up to round 36")
