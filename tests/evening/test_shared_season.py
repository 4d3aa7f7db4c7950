"""One season written by two sessions (two terminals, or a `keizer` command while the app is open): each
write of the evening layer is checked against the state its shell shows, a held lock is said, never waited
on for ever, and nothing another session committed is lost."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from keizer.seasons.errors import ChangedMeanwhile, StoreError
from keizer.seasons.model import EntryKind, PlayerId
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.round_events import EntrySet
from keizer.evening.evening import Evening


def absent_player(evening: Evening, k: int = 33, skip: int = 0) -> PlayerId:
    """A player with no entry yet in round k (the demo's round 33 is to be paired)."""
    season = evening.season
    return [p.id for p in season.players if season.round(k).entry_of(p.id) is None][skip]


def excuse_elsewhere(store: Path, pid: PlayerId, k: int = 33) -> None:
    """Another session (a second terminal, `keizer attend`) marks a player excused and commits."""
    with SeasonStore.open(store) as other:
        other.apply(f"{pid} excused elsewhere", EntrySet(round=k, player=pid, entry=EntryKind.EXCUSED))


@contextmanager
def write_lock_held(store: Path) -> Iterator[None]:
    """Another program holds the store's write lock (a long transaction) until the block ends."""
    conn = sqlite3.connect(store, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def test_a_write_from_a_state_another_session_moved_on_is_refused(demo_store: Path) -> None:
    evening = Evening.open(demo_store)
    try:
        evening.show(evening.revision)  # what the shell shows the director
        mine, theirs = absent_player(evening), absent_player(evening, skip=1)
        excuse_elsewhere(demo_store, theirs)
        head = evening.revision
        with pytest.raises(ChangedMeanwhile, match="nothing was saved"):
            evening.attendance.set(33, mine, EntryKind.EXCUSED)
        assert evening.revision == head  # nothing written …
        assert evening.season.round(33).entry_of(theirs) is EntryKind.EXCUSED  # … and theirs kept
        assert evening.season.round(33).entry_of(mine) is None
        evening.show(head)  # the shell showed the season as it is now: the same edit is saved
        evening.attendance.set(33, mine, EntryKind.EXCUSED)
        assert evening.season.round(33).entry_of(mine) is EntryKind.EXCUSED
    finally:
        evening.close()


def test_the_sessions_own_writes_move_what_it_shows_on(evening: Evening) -> None:
    evening.show(evening.revision)
    first, second = absent_player(evening), absent_player(evening, skip=1)
    evening.attendance.set(33, first, EntryKind.EXCUSED)
    evening.attendance.set(33, second, EntryKind.EXCUSED)  # not refused: the first write was its own
    assert evening.shown == evening.revision
    assert evening.history.undo() is not None and evening.history.redo() is not None
    assert evening.shown == evening.revision


def test_what_is_shown_moves_only_with_a_write_checked_against_it(demo_store: Path) -> None:
    evening = Evening.open(demo_store)
    try:
        evening.show(evening.revision)
        evening.attendance.set(33, absent_player(evening), EntryKind.EXCUSED)  # our write …
        excuse_elsewhere(demo_store, absent_player(evening))
        shown = evening.revision
        evening.show(shown)  # … then theirs, shown
        assert evening.history.redo() is None  # nothing written: not moved back to our older write …
        assert evening.shown == shown
        excuse_elsewhere(demo_store, absent_player(evening))  # their second, not shown yet
        # … nor on by a write checked against a newer state (publishing checks the state the site was made
        # from): the other session's change is still not shown, so the next key is refused
        evening.publications.record(33, "nl", evening.revision, "site")
        assert evening.shown == shown
        with pytest.raises(ChangedMeanwhile):
            evening.attendance.set(33, absent_player(evening), EntryKind.EXCUSED)
    finally:
        evening.close()


def test_undo_never_takes_back_what_another_session_did(demo_store: Path) -> None:
    evening = Evening.open(demo_store)
    try:
        evening.show(evening.revision)
        theirs = absent_player(evening)
        excuse_elsewhere(demo_store, theirs)
        with pytest.raises(ChangedMeanwhile):
            evening.history.undo()
        with pytest.raises(ChangedMeanwhile):
            evening.history.redo()
        assert evening.season.round(33).entry_of(theirs) is EntryKind.EXCUSED
    finally:
        evening.close()


def test_without_a_shown_state_a_write_goes_on_the_latest(demo_store: Path) -> None:
    """The command line checks its own `expect_head`; a session nobody set `shown` on writes as before."""
    evening = Evening.open(demo_store)
    try:
        excuse_elsewhere(demo_store, absent_player(evening, skip=1))
        evening.attendance.set(33, absent_player(evening), EntryKind.EXCUSED)
        assert evening.shown is None
    finally:
        evening.close()


def test_a_held_write_lock_is_said_after_the_timeout(demo_store: Path) -> None:
    evening = Evening.open(demo_store, timeout=0.2)
    try:
        pid = absent_player(evening)
        head = evening.revision
        with write_lock_held(demo_store):
            with pytest.raises(StoreError, match=r"another program is writing.*nothing was saved: try again"):
                evening.attendance.set(33, pid, EntryKind.EXCUSED)
            assert evening.revision == head  # reading goes on while another writes (the write-ahead log)
        evening.attendance.set(33, pid, EntryKind.EXCUSED)  # the lock is gone: saved
        assert evening.season.round(33).entry_of(pid) is EntryKind.EXCUSED
    finally:
        evening.close()


def test_a_season_that_cannot_be_written_opens_read_only(demo_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from keizer.evening import session as evening_session

    # Tests run as root, which may write any file whatever its permissions: the check is made to say no.
    monkeypatch.setattr(evening_session, "writable", lambda _file: False)
    before = demo_store.read_bytes()
    evening = Evening.open(demo_store)
    try:
        assert evening.readonly == evening_session.NOT_WRITABLE and evening._session.store.readonly
        assert evening.season.round(33).number == 33  # it can be read
        with pytest.raises(StoreError, match="cannot be written: check their permissions; nothing was changed"):
            evening.attendance.set(33, absent_player(evening), EntryKind.EXCUSED)
    finally:
        evening.close()
    assert demo_store.read_bytes() == before


def test_read_only_when_asked(evening: Evening, demo_store: Path) -> None:
    assert evening.readonly is None
    looking = Evening.open(demo_store, readonly=True)
    try:
        assert looking.readonly == "as asked" and looking._session.store.readonly
    finally:
        looking.close()
