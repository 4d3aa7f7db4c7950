"""Every write from the command line is a compare-and-set against the revision it was computed from."""

from __future__ import annotations

from pathlib import Path

import pytest

from keizer.pairing import proposer
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.round_events import EntrySet
from tests.conftest import EVENING
from keizer.tui.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def store(tmp_path: Path) -> Path:
    target = tmp_path / "club.keizer"
    SeasonStore.create(target, load_season(EVENING)).close()
    return target


def excuse_during_the_solve(monkeypatch: pytest.MonkeyPatch, store: Path) -> PlayerId:
    """Another process marks a player excused while `keizer pair` is solving (the finding: that player
    ended up on a board of the saved pairing)."""
    real = proposer.propose
    season = load_season(store)
    pid = next(p.id for p in season.players if season.round(33).entry_of(p.id) is None)

    def propose_while_another_writes(*args: object, **kwargs: object) -> object:
        best = real(*args, **kwargs)  # type: ignore[arg-type]
        with SeasonStore.open(store) as other:
            other.apply(f"{pid} excused", EntrySet(round=33, player=pid, entry=EntryKind.EXCUSED))
        return best

    monkeypatch.setattr(proposer, "propose", propose_while_another_writes)
    return pid


def test_pair_save_refuses_a_pairing_computed_before_another_change(
        store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    pid = excuse_during_the_solve(monkeypatch, store)
    code, _, err = run(capsys, "pair", str(store), "--save")
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("keizer: error: ") and "changed since it was read" in err and "nothing was saved" in err
    season = load_season(store)
    assert season.round(33).entry_of(pid) is EntryKind.EXCUSED  # the other change is kept…
    assert not season.round(33).is_paired  # …and the stale pairing is not saved
    monkeypatch.undo()
    code, _, err = run(capsys, "pair", str(store), "--save")  # paired again from what is there now: saved
    assert code == 0 and "saved" in err
    assert pid not in {p for g in load_season(store).round(33).games for p in (g.white, g.black)}


@pytest.mark.parametrize("step", ["undo", "redo"])
def test_undo_and_redo_name_what_they_take_back(store: Path, capsys: pytest.CaptureFixture[str], step: str) -> None:
    """Undo and redo step the log as it is inside their own transaction (the store's compare-and-set reads
    the target under the write lock), so there is no stale state to lose an update by."""
    with SeasonStore.open(store) as s:
        s.apply("one", EntrySet(round=33, player=PlayerId("visser"), entry=EntryKind.EXCUSED))
        if step == "redo":
            s.undo()
    code, out, _ = run(capsys, step, str(store))
    assert code == 0 and out == f"{'undone' if step == 'undo' else 'redone'}: one\n"


def test_undo_expect_refuses_when_another_action_came_first(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with SeasonStore.open(store) as s:
        seen = s.head()  # what the director saw in `keizer log`
        s.apply("made elsewhere", EntrySet(round=33, player=PlayerId("visser"), entry=EntryKind.EXCUSED))
    code, _, err = run(capsys, "undo", str(store), "--expect", str(seen))
    assert code == 2 and err.count("\n") == 1 and "made elsewhere" in err and "nothing was saved" in err
    assert load_season(store).round(33).entry_of(PlayerId("visser")) is EntryKind.EXCUSED
    assert run(capsys, "undo", str(store), "--expect", str(seen + 1))[0] == 0


def write_after_the_first_read(monkeypatch: pytest.MonkeyPatch, store: Path, pid: PlayerId) -> None:
    """Another process marks `pid` excused right after the command first reads the season: between its
    reading of the season and its reading of the revision, when it read them in that order (the finding:
    the compare-and-set then held the newer revision and saved a change made from the older season)."""
    real = SeasonStore.season
    done: list[bool] = []

    def season(self: SeasonStore) -> object:
        value = real.fget(self)  # type: ignore[attr-defined]
        if not done and self.path == store:
            done.append(True)
            with SeasonStore.open(store) as other:
                other.apply(f"{pid} excused", EntrySet(round=33, player=pid, entry=EntryKind.EXCUSED))
        return value

    monkeypatch.setattr(SeasonStore, "season", property(season))


def test_pair_save_takes_the_revision_before_the_season(
        store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    season = load_season(store)
    pid = next(p.id for p in season.players if season.round(33).entry_of(p.id) is None)
    write_after_the_first_read(monkeypatch, store, pid)
    code, _, err = run(capsys, "pair", str(store), "--save")
    assert code == 2 and "changed since it was read" in err
    assert not load_season(store).round(33).is_paired


def test_group_save_takes_the_revision_before_the_season(
        store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    season = load_season(store)
    pid = next(p.id for p in season.players if season.round(33).entry_of(p.id) is None)
    write_after_the_first_read(monkeypatch, store, pid)
    code, _, err = run(capsys, "championship", "form", str(store), "--save")
    assert code == 2 and "changed since it was read" in err
    assert load_season(store).championship is None
