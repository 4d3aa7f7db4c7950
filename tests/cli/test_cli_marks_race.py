"""The command line's marks against another program's write that lands between their reading and their writing.

Each test makes another session write once, just before the command's own commit (the moment two terminals
race for): the command must end as if it had been typed after that write — its checks made again on the
season as it now stands — never saving over it (issue 22). The race harness (test_cli_race.py) runs the
real commands two at a time in separate processes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from keizer.evening.evening import Evening
from keizer.evening.session import EveningSession
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId, Result
from keizer.seasons.store.season_store import SeasonStore
from tests.conftest import EVENING
from keizer.tui.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def actions(path: Path) -> int:
    with SeasonStore.open(path, readonly=True) as store:
        return store.head()


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "club.keizer"  # club D, round 33 to be paired
    SeasonStore.create(path, load_season(EVENING)).close()
    return path


@pytest.fixture
def paired(store: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert run(capsys, "pair", str(store), "--save")[0] == 0
    return store


def meanwhile(monkeypatch: pytest.MonkeyPatch, store: Path, other: Callable[[Evening], object]) -> list[int]:
    """Before the command's first commit, another session on the store does `other` (once); the list
    counts the commits the command tried."""
    real = EveningSession.commit
    tried: list[int] = []
    elsewhere_at_work: list[bool] = []

    def commit(self: EveningSession, *args: object, **kwargs: object) -> str:
        if not elsewhere_at_work:  # the command's own commit, not the other session's
            tried.append(1)
            if len(tried) == 1:
                elsewhere_at_work.append(True)
                elsewhere = Evening.open(store)
                try:
                    other(elsewhere)
                finally:
                    elsewhere.close()
                    elsewhere_at_work.clear()
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(EveningSession, "commit", commit)
    return tried


def test_a_result_that_arrived_first_is_changed_only_with_change(
        paired: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The finding: `result 1 1-0` and `result 1 0-1` at once both said saved, the second over the first."""
    meanwhile(monkeypatch, paired, lambda e: e.results.set_result(33, "board:1", Result.BLACK_WINS))
    code, out, err = run(capsys, "result", str(paired), "1", "1-0")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "board 1 of round 33 already has 0-1: --change replaces it" in err
    assert load_season(paired).round(33).games[0].result is Result.BLACK_WINS


def test_with_change_the_result_typed_last_is_the_one_kept(
        paired: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    tried = meanwhile(monkeypatch, paired, lambda e: e.results.set_result(33, "board:1", Result.BLACK_WINS))
    code, out, err = run(capsys, "result", str(paired), "1", "1-0", "--change")
    assert code == 0, err
    assert len(tried) == 2  # refused once (the store moved on), computed again and written
    assert load_season(paired).round(33).games[0].result is Result.WHITE_WINS
    assert "0-1" in [h.label for h in SeasonStore.open(paired, readonly=True).history()][-2]


def test_two_boards_entered_at_once_are_both_kept(
        paired: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    meanwhile(monkeypatch, paired, lambda e: e.results.set_result(33, "board:2", Result.DRAW))
    assert run(capsys, "result", str(paired), "1", "1-0")[0] == 0
    games = load_season(paired).round(33).games
    assert (games[0].result, games[1].result) == (Result.WHITE_WINS, Result.DRAW)


def test_an_excuse_after_a_suspension_readmits(
        store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """D art. 12: unexcused suspends, another mark readmits. Computed from the season before the other
    terminal's unexcused mark, the excuse would leave the player excused and still suspended: a season no
    order of the two commands gives."""
    season = load_season(store)
    pid = next(p.id for p in season.players if season.round(33).entry_of(p.id) is None)
    meanwhile(monkeypatch, store, lambda e: e.attendance.set(33, pid, EntryKind.UNEXCUSED))
    code, out, err = run(capsys, "attend", str(store), pid, "excused")
    assert code == 0, err
    after = load_season(store)
    assert after.round(33).entry_of(pid) is EntryKind.EXCUSED and pid not in after.suspended


def test_a_report_after_a_suspension_readmits(
        store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    season = load_season(store)
    pid = next(p.id for p in season.players if season.round(33).entry_of(p.id) is None)
    meanwhile(monkeypatch, store, lambda e: e.attendance.set(33, pid, EntryKind.UNEXCUSED))
    code, _, err = run(capsys, "report", str(store), pid, "2020-04-20T10:00", "--round", "33")
    assert code == 0, err
    after = load_season(store)
    assert after.round(33).entry_of(pid) is EntryKind.EXCUSED and pid not in after.suspended


def test_two_players_marked_for_a_round_not_listed_yet(
        store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Both marks list round 34; the one computed before the other's listing would list it twice."""
    season = load_season(store)
    first, second = [p.id for p in season.players][:2]
    meanwhile(monkeypatch, store, lambda e: e.attendance.set(34, first, EntryKind.EXCUSED))
    code, _, err = run(capsys, "attend", str(store), second, "excused", "--round", "34")
    assert code == 0, err
    rnd = load_season(store).round(34)
    assert (rnd.entry_of(PlayerId(first)), rnd.entry_of(PlayerId(second))) == (EntryKind.EXCUSED, EntryKind.EXCUSED)


def test_the_same_start_date_twice_is_said_unchanged(
        store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    meanwhile(monkeypatch, store, lambda e: e.settings.set_dates("2019-09-02", None))
    before = actions(store)
    code, _, err = run(capsys, "dates", str(store), "--start", "2019-09-02")
    assert code == 2 and "the dates are unchanged" in err
    assert actions(store) == before + 1  # the other's action only


def test_class_moves_accepted_meanwhile_are_not_accepted_again(
        store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "classes", str(store), "--start", "--save")[0] == 0
    meanwhile(monkeypatch, store, lambda e: e.classes.accept(20))
    before = actions(store)
    code, out, err = run(capsys, "classes", str(store), "--round", "20", "--accept")
    assert code == 0, err
    assert "already accepted" in out
    assert actions(store) == before + 1


def test_a_mark_refused_again_and_again_says_so_and_saves_nothing(
        paired: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Another program that writes before every attempt: after a few the command gives up, in one line."""
    real = EveningSession.commit
    busy = {"n": 0}

    def commit(self: EveningSession, *args: object, **kwargs: object) -> str:
        other = EveningSession.open(paired)  # writes before every commit of the command
        try:
            busy["n"] += 1
            real(other, f"elsewhere {busy['n']}", *_renamed(busy["n"]))
        finally:
            other.close()
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(EveningSession, "commit", commit)
    code, _, err = run(capsys, "result", str(paired), "1", "1-0")
    assert code == 2 and err.count("\n") == 1 and "changed since it was read" in err and "nothing was saved" in err
    assert load_season(paired).round(33).games[0].result is Result.PENDING


def _renamed(n: int) -> tuple[object, ...]:
    from keizer.seasons.store.events import SettingsChanged

    return (SettingsChanged(name=f"renamed {n}"),)


def test_a_class_set_while_the_rating_was_changed_keeps_both(
        store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`player class` writes the whole player: computed from the player before the other terminal's edit, it
    put the old rating back (merged from main: the player commands committed without compare-and-set)."""
    meanwhile(monkeypatch, store, lambda e: e.roster.edit("visser", "Frank Visser", 2100, None, None))
    code, _, err = run(capsys, "player", "class", str(store), "visser", "B")
    assert code == 0, err
    player = load_season(store).player(PlayerId("visser"))
    assert (player.rating, player.klass) == (2100, "B")


def test_the_same_name_added_twice_at_once_is_one_player(
        store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    meanwhile(monkeypatch, store, lambda e: e.roster.add("Anna de Vries", rating=1500))
    before = len(load_season(store).players)
    code, out, err = run(capsys, "player", "add", str(store), "Anna de Vries", "--rating", "1600")
    after = load_season(store)
    assert [p.rating for p in after.players if p.name == "Anna de Vries"] == [1500], (code, out, err)
    assert len(after.players) == before + 1 and code == 2 and err.count("\n") == 1
    assert "Anna de Vries" in err and "changed since it was read" not in err, err


def test_starting_classes_given_meanwhile_are_not_given_again(
        store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`classes --start --save` computed from the season before the other terminal gave a player a class
    wrote its own proposal over it."""
    meanwhile(monkeypatch, store, lambda e: e.roster.set_class("visser", "C"))
    code, out, err = run(capsys, "classes", str(store), "--start", "--save")
    assert code == 0, err
    after = load_season(store)
    assert after.player(PlayerId("visser")).klass == "C" and all(p.klass for p in after.players)
    assert "Frank Visser" not in out


def test_a_player_taken_back_meanwhile_is_not_given_a_class(
        store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The race harness's finding: `classes --start --save` beside `undo` of the player just added said
    "unknown player" (exit 2): the classes were proposed from the season with the player, then given on the
    season as it had become. An error found on a season another program changed meanwhile is computed again."""
    from keizer.evening import classes as classes_module
    from keizer.tui.cli.commands import classes as classes_command

    assert run(capsys, "player", "add", str(store), "Late Joiner", "--rating", "1500")[0] == 0
    real, undone = classes_module.start_classes, []

    def proposed_then_undone(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        given = real(*args, **kwargs)  # type: ignore[arg-type]
        if not undone:  # the other terminal's undo lands between the proposal and its saving
            undone.append(main(["undo", str(store)]))
        return given

    monkeypatch.setattr(classes_command, "start_classes", proposed_then_undone)
    code, out, err = run(capsys, "classes", str(store), "--start", "--save")
    assert undone == [0] and code == 0, err
    after = load_season(store)
    assert "Late Joiner" not in {p.name for p in after.players} and all(p.klass for p in after.players)
    assert "Late Joiner (" not in out  # given none (the undo said its own line)
