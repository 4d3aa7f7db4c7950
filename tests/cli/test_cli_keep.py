"""`keizer pair --keep-accepted`: a paired round changed before its results keeps every board it can."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind
from keizer.seasons.store.season_store import SeasonStore
from tests.conftest import EVENING
from keizer.tui.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def paired(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The demo evening's round 33, paired and saved (no results yet)."""
    target = tmp_path / "club.keizer"
    SeasonStore.create(target, load_season(EVENING)).close()
    code, _, err = run(capsys, "pair", str(target), "--save")
    assert code == 0, err
    return target


def test_a_latecomer_and_a_player_who_calls_off_move_one_board(paired: Path, capsys: pytest.CaptureFixture[str]):
    before = load_season(paired).round(33)
    late = next(pid for pid, kind in before.entries if kind is EntryKind.EXCUSED)
    caller = before.games[2].white
    code, out, err = run(capsys, "pair", str(paired), "--round", "33", "--keep-accepted",
                         "--present", late, "--absent", caller, "--save")
    assert code == 0, err
    assert "Against the saved pairing of round 33: moves board 3\n" in out
    assert "saved: re-pairing of round 33: " in err and "excused; moves board 3\n" in err  # who, then what moved
    after = load_season(paired).round(33)
    assert [g for g in after.games if g not in before.games] == [after.games[2]]
    assert {late, before.games[2].black} == set(after.games[2].players())
    assert after.entry_of(caller) is EntryKind.EXCUSED and after.entry_of(late) is None


def test_nothing_changed_keeps_every_board_and_json_says_so(paired: Path, capsys: pytest.CaptureFixture[str]):
    code, out, err = run(capsys, "pair", str(paired), "--round", "33", "--keep-accepted", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["moved_boards"] == [] and data["bye_moved"] is False and data["tiers"]["keep_accepted"] == 0
    saved = load_season(paired).round(33).games
    assert [(g["white"], g["black"]) for g in data["pairings"]] == [(g.white, g.black) for g in saved]


def test_keep_needs_a_saved_pairing_and_present_needs_keep(capsys: pytest.CaptureFixture[str]):
    code, _, err = run(capsys, "pair", str(EVENING), "--round", "33", "--keep-accepted")
    assert code != 0 and "no saved pairing to keep" in err
    code, _, err = run(capsys, "pair", str(EVENING), "--round", "32", "--keep-accepted")
    assert code != 0 and "already has results" in err
    code, _, err = run(capsys, "pair", str(EVENING), "--present", "x")
    assert code != 0 and "give --keep-accepted too" in err


def test_a_latecomer_already_on_the_pairing_or_the_same_pairing_again_saves_nothing(
        paired: Path, capsys: pytest.CaptureFixture[str]):
    store = SeasonStore.open(paired, readonly=True)
    head = store.head()
    store.close()
    playing = load_season(paired).round(33).games[0].white
    code, _, err = run(capsys, "pair", str(paired), "--keep-accepted", "--present", playing, "--save")
    assert code == 2 and "is already present in round 33" in err and "not a latecomer" in err
    code, _, err = run(capsys, "pair", str(paired), "--keep-accepted", "--save")
    assert code == 2 and "round 33 is already paired like this: nothing saved" in err
    store = SeasonStore.open(paired, readonly=True)
    assert store.head() == head  # no action that changes nothing (and an undo step undoing nothing)
    store.close()


def test_the_log_names_who_came_late(paired: Path, capsys: pytest.CaptureFixture[str]):
    late = next(pid for pid, kind in load_season(paired).round(33).entries if kind is EntryKind.EXCUSED)
    code, _, err = run(capsys, "pair", str(paired), "--keep-accepted", "--present", late, "--save")
    assert code == 0 and f"re-pairing of round 33: {load_season(paired).player(late).name} present; " in err
