"""A latecomer's mark waits on the desk for the re-pairing, outside the store: lost with the terminal, it is
said when the season is opened again (issue 20.8) — and not when the director quit without it knowingly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind
from keizer.seasons.store.season_store import SeasonStore
from keizer.tui.app.app import make_app
from keizer.tui.cli.main import main
from tests.conftest import EVENING, REPO

LOST = """
import os, sys
from keizer.evening.evening import Evening
evening = Evening.open(sys.argv[1])
print(evening.attendance.set(33, sys.argv[2], None))
os.kill(os.getpid(), 9)  # the terminal closed: no clean-up runs
"""


@pytest.fixture
def paired(tmp_path: Path) -> tuple[Path, str]:
    """Club D with round 33 paired and a player excused in it: the latecomer who comes after all."""
    path = tmp_path / "club.keizer"
    SeasonStore.create(path, load_season(EVENING)).close()
    assert main(["pair", str(path), "--save"]) == 0
    rnd = load_season(path).round(33)
    late = next(pid for pid, entry in rnd.entries if entry is EntryKind.EXCUSED)
    return path, late


def killed_with_a_mark(path: Path, pid: str) -> None:
    done = subprocess.run([sys.executable, "-c", LOST, str(path), pid], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == -9 and "waiting for the re-pairing" in done.stdout, done.stderr


def test_a_mark_lost_with_its_session_is_said_once_when_the_season_opens(paired: tuple[Path, str]) -> None:
    path, late = paired
    killed_with_a_mark(path, late)
    assert list(path.parent.glob(".club.keizer.waiting-*"))  # the note the session left
    evening = Evening.open(path)
    try:
        name = evening.season.player(late).name  # type: ignore[arg-type]
        assert evening.marks_left_behind() == (f"not saved when the season was last open: the mark of round 33 "
                                               f"waiting for the re-pairing ({name} present)",)
        assert evening.marks_left_behind() == ()  # said once
    finally:
        evening.close()
    assert not list(path.parent.glob(".club.keizer.waiting-*"))


def test_a_running_sessions_marks_are_not_lost(paired: tuple[Path, str]) -> None:
    path, late = paired
    first, second = Evening.open(path), Evening.open(path)
    try:
        first.attendance.set(33, late, None)
        assert second.marks_left_behind() == ()  # its session (this process) still runs: nothing lost
        first.desk.take_back_late()
        assert not list(path.parent.glob(".club.keizer.waiting-*"))  # nothing waits: no note
    finally:
        first.close()
        second.close()


def test_a_round_played_since_says_nothing(paired: tuple[Path, str]) -> None:
    path, late = paired
    killed_with_a_mark(path, late)
    assert main(["result", str(path), "1", "1-0"]) == 0  # the round moved on: marking again no longer applies
    evening = Evening.open(path)
    try:
        assert evening.marks_left_behind() == ()
    finally:
        evening.close()


async def test_the_tui_says_it_when_it_opens(paired: tuple[Path, str]) -> None:
    path, late = paired
    killed_with_a_mark(path, late)
    app = make_app(path)
    async with app.run_test(size=(80, 24)):
        said = [s.text for s in app.said if s.severity == "warning"]
        assert any(s.startswith("not saved when the season was last open: the mark of round 33") and
                   s.endswith("mark them again on F2, then r and a on F3") for s in said), said
    app.evening.close()


async def test_quitting_without_the_mark_knowingly_leaves_nothing_to_say(paired: tuple[Path, str]) -> None:
    path, late = paired
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.evening.attendance.set(33, late, None)
        assert list(path.parent.glob(".club.keizer.waiting-*"))
        await pilot.press("ctrl+q")  # says the mark would be lost
        assert list(path.parent.glob(".club.keizer.waiting-*"))
        await pilot.press("ctrl+q")  # and quits without it, as said
    app.evening.close()
    assert not list(path.parent.glob(".club.keizer.waiting-*"))
