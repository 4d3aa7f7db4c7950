"""Inside the documented limits every command answers, without a traceback and without running for minutes: a
limit the program can check before the work starts is checked there (issue 22)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from keizer.seasons.model import Player, PlayerId
from keizer.seasons.season_json.write import dump_season
from keizer.tui.cli.main import main
from tests.conftest import EVENING


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("differ", ["100000000000000000000", "9223372036854775808", "50002", "0"])
def test_differ_beyond_any_pairing_is_one_line(capsys: pytest.CaptureFixture[str], differ: str) -> None:
    """The finding: --differ 10^20 reached OR-Tools as a number it cannot take (a TypeError)."""
    code, out, err = run(capsys, "pair", str(EVENING), "--alternatives", "2", "--differ", differ)
    assert code == 2 and out == "" and err.count("\n") == 1 and "--differ 1 to 50,001" in err


def test_differ_past_the_boards_of_the_round_finds_no_alternative(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "pair", str(EVENING), "--alternatives", "2", "--differ", "50001", "--json")
    assert code == 0, err
    import json

    assert json.loads(out).get("alternatives", []) == []


def test_the_rating_report_refuses_too_many_players_before_it_scores(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The finding: 60,030 players were replayed for 72 s before the report said TRF numbers 9999 at most."""
    from keizer.seasons.load import load_season
    from keizer.scoring import replay as replay_module

    season = load_season(EVENING)
    more = tuple(Player(id=PlayerId(f"x{i}"), name=f"X {i}", joined=34) for i in range(10_000))
    big = dataclasses.replace(season, players=season.players + more)
    path = tmp_path / "big.json"
    path.write_text(dump_season(big))

    def never(*args: object, **kwargs: object) -> object:
        raise AssertionError("replayed before the report's own limits were checked")

    monkeypatch.setattr(replay_module, "replay", never)
    code, _, err = run(capsys, "export", str(path), "--trf")
    assert code == 2 and "TRF numbers at most 9999 players; this season has 10044" in err
