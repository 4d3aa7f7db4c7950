"""Stores under attack: created whole or not at all, opened without a write, read-only, verified, chained."""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
from pathlib import Path

import pytest

from keizer.seasons.errors import ChangedMeanwhile, StoreError
from keizer.seasons.load import load_season
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.store import building, chain, schema
from keizer.seasons.store.season_store import SeasonStore, validate_store
from keizer.seasons.store.events import PairingSaved, RoundAdded, WithdrawalSet
from keizer.seasons.store.sqlite_file import TEMP_SUFFIX
from store_helpers import edit_behind_keizers_back, pairing_for
from test_store_files import insert_raw_action, make_v1_store, meta, raw, refused_untouched

P = PlayerId


def temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if TEMP_SUFFIX in p.name)


# ---- creation: whole or nothing ----------------------------------------------------------------------

def test_a_create_interrupted_before_the_name_leaves_nothing(store_path: Path, season: Season,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    def killed(*args: object) -> None:
        raise KeyboardInterrupt  # as a kill between building the file and naming it

    monkeypatch.setattr(building, "publish", killed)
    with pytest.raises(KeyboardInterrupt):
        SeasonStore.create(store_path, season)
    assert not store_path.exists() and temp_files(store_path.parent) == []
    monkeypatch.undo()
    with SeasonStore.create(store_path, season) as store:  # the retry is not blocked
        assert store.season == season


def test_a_store_and_its_backup_follow_the_umask(store_path: Path, season: Season) -> None:
    old = os.umask(0o027)
    try:
        with SeasonStore.create(store_path, season) as store:
            store.backup(store_path.with_name("copy.keizer"))
    finally:
        os.umask(old)
    assert store_path.stat().st_mode & 0o777 == 0o640
    assert store_path.with_name("copy.keizer").stat().st_mode & 0o777 == 0o640


def test_a_leftover_temp_file_of_a_killed_create_is_removed_by_the_retry(store_path: Path, season: Season) -> None:
    stale = store_path.with_name(f".{store_path.name}.x1y2{TEMP_SUFFIX}")
    stale.write_bytes(b"SQLite format 3\x00 half a store")
    Path(f"{stale}-wal").write_bytes(b"half a log")
    SeasonStore.create(store_path, season).close()
    assert temp_files(store_path.parent) == []


def test_a_temp_file_another_process_is_building_is_left_alone(store_path: Path, season: Season) -> None:
    busy = store_path.with_name(f".{store_path.name}.busy{TEMP_SUFFIX}")
    busy.write_bytes(b"")
    fd = os.open(busy, os.O_RDONLY)  # a lock of its own open file, as another process's would be
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        SeasonStore.create(store_path, season).close()
        assert busy.exists()
    finally:
        os.close(fd)


def test_a_leftover_temp_file_of_a_killed_backup_is_removed_by_the_next(store: SeasonStore, tmp_path: Path) -> None:
    target = tmp_path / "copy.keizer"
    stale = tmp_path / f".{target.name}.k1ll{TEMP_SUFFIX}"
    stale.write_bytes(b"half a copy")
    store.backup(target)
    assert temp_files(tmp_path) == [] and load_season(target) == store.season


# ---- opening: nothing written before the store is known ---------------------------------------------

def test_keizers_meta_without_the_log_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "half.keizer"
    conn = raw(path)
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID")
    conn.execute("INSERT INTO meta VALUES ('application', 'keizer-season'), ('schema_version', '4')")
    conn.close()
    refused_untouched(path, "not a keizer season store as keizer wrote it \\(its table 'actions' is missing\\)")
    assert path.read_bytes()[18:20] == b"\x01\x01"  # not switched to WAL


def test_a_foreign_trigger_is_refused(store_path: Path, season: Season) -> None:
    SeasonStore.create(store_path, season).close()
    conn = raw(store_path)
    conn.execute("CREATE TRIGGER spy AFTER INSERT ON actions BEGIN INSERT INTO meta VALUES ('x', 'y'); END")
    conn.close()
    refused_untouched(store_path, "it has a trigger 'spy' that keizer did not make")


def test_a_dropped_or_changed_trigger_is_refused(store_path: Path, season: Season) -> None:
    SeasonStore.create(store_path, season).close()
    conn = raw(store_path)
    conn.execute("DROP TRIGGER events_no_update")
    conn.close()
    refused_untouched(store_path, "its trigger 'events_no_update' is missing")
    conn = raw(store_path)
    conn.execute("CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT 1; END")
    conn.close()
    refused_untouched(store_path, "its trigger 'events_no_update' was changed")


# ---- read-only opening, and migration only on a write ---------------------------------------------

def test_a_read_only_open_changes_nothing(store_path: Path, season: Season) -> None:
    SeasonStore.create(store_path, season).close()
    conn = raw(store_path)
    conn.execute("PRAGMA journal_mode=DELETE")  # as an SQLite client might leave it
    conn.close()
    before = store_path.read_bytes()
    with SeasonStore.open(store_path, readonly=True) as store:
        assert store.season == season
        with pytest.raises(StoreError, match="opened read-only"):
            store.apply("round 1", RoundAdded(1))
        with pytest.raises(StoreError, match="opened read-only"):
            store.undo()
    assert load_season(store_path) == season  # load_season reads read-only too
    assert store_path.read_bytes() == before
    assert sorted(p.name for p in store_path.parent.iterdir()) == [store_path.name]


def test_an_older_store_is_read_as_it_is_and_upgraded_only_for_writing(
        store_path: Path, season: Season, monkeypatch: pytest.MonkeyPatch) -> None:
    make_v1_store(store_path, season, monkeypatch)
    before = store_path.read_bytes()
    with SeasonStore.open(store_path, readonly=True) as store:
        assert store.season == RoundAdded(1).apply(season)
        assert store.verify() == ()
    assert store_path.read_bytes() == before
    with SeasonStore.open(store_path) as store:  # for writing, but nothing written: nothing changes
        assert store.season == RoundAdded(1).apply(season)
    assert store_path.read_bytes() == before
    assert sorted(p.name for p in store_path.parent.iterdir()) == [store_path.name]
    with SeasonStore.open(store_path) as store:
        store.apply("round 2", RoundAdded(2))
    assert meta(store_path)["schema_version"] == str(schema.current_version())
    backup = store_path.with_name(f"{store_path.name}.schema-1.backup")
    assert meta(backup)["schema_version"] == "1" and backup.read_bytes()[:16] == before[:16]
    with SeasonStore.open(backup, readonly=True) as old:
        assert old.season == RoundAdded(1).apply(season)


# ---- damaged logs: a StoreError, never a traceback --------------------------------------------------

def test_bad_utf8_in_meta(store_path: Path, season: Season) -> None:
    SeasonStore.create(store_path, season).close()
    conn = raw(store_path)
    conn.execute("UPDATE meta SET value = CAST(x'ff' AS TEXT) WHERE key = 'application'")
    conn.close()
    refused_untouched(store_path, "not a keizer season store")


def test_bad_utf8_in_a_label(store_path: Path, season: Season) -> None:
    with SeasonStore.create(store_path, season) as store:
        store.apply("round 1", RoundAdded(1))
    edit_behind_keizers_back(store_path, "UPDATE actions SET label = CAST(x'ff' AS TEXT) WHERE id = 2")
    with pytest.raises(StoreError, match="damaged season store \\(its column 'label' holds text that is not UTF-8"):
        SeasonStore.open(store_path)
    assert len(validate_store(store_path)) == 1


def test_an_empty_log(store_path: Path, season: Season) -> None:
    conn = raw(store_path)
    conn.execute("BEGIN")
    schema.migrate(conn, 0)
    conn.execute("COMMIT")
    conn.close()
    # Refused untouched: opened for writing, it was switched to the write-ahead log first (a byte of its
    # header changed) and only then found empty (the command-line corpus, every write command).
    refused_untouched(store_path, "its log is empty")
    assert store_path.read_bytes()[18:20] == b"\x01\x01"  # not switched to WAL


@pytest.mark.parametrize("at", ["yesterday", "2024-13-01T00:00:00+00:00", "2024-01-01T00:00:00"])
def test_a_time_that_is_not_iso(store_path: Path, season: Season, at: str) -> None:
    SeasonStore.create(store_path, season).close()
    conn = raw(store_path)
    conn.execute("BEGIN")
    cur = conn.execute("INSERT INTO actions (label, kind, target, at) VALUES ('x', 'undo', 1, ?)", (at,))
    chain.append(conn, (cur.lastrowid, "x", "undo", 1, at), [])
    conn.execute("COMMIT")
    conn.close()
    with pytest.raises(StoreError, match="action 2 has a time"):
        SeasonStore.open(store_path)


PAYLOADS = [
    ("round-added", '{"number": []}'), ("round-added", '{"number": {"a": 1}}'), ("round-added", "[]"),
    ("entry-set", '{"round": 1, "player": ["p01"], "entry": "bye"}'),
    ("entry-set", '{"round": 1, "player": "p01", "entry": {}}'),
    ("result-set", '{"round": 1, "white": "p01", "black": "p02", "result": []}'),
    ("pairing-saved", '{"round": 1, "games": [[[], {}]]}'), ("pairing-saved", '{"round": 1, "games": {"a": 1}}'),
    ("pairing-saved", '{"round": 1, "games": [["p01", "p02"]], "entries": [1]}'),
    ("player-added", '{"player": [], "at": 1}'), ("withdrawal-set", '{"player": "p01", "before_round": 1e400}'),
    ("settings-changed", '{"name": [], "ruleset": {"preset": {}}}'), ("season-created", '{"season": []}'),
    ("round-added", '{"number": 1, "number": 2}'), ("round-added", '{"number": ' + "9" * 5000 + "}"),
]


@pytest.mark.parametrize("kind, payload", PAYLOADS)
def test_a_payload_that_does_not_read(store_path: Path, season: Season, kind: str, payload: str) -> None:
    SeasonStore.create(store_path, season).close()
    insert_raw_action(store_path, "do", None, [(kind, payload)])
    with pytest.raises(StoreError, match="log is damaged: action 2"):
        SeasonStore.open(store_path)
    assert validate_store(store_path)[0].startswith(f"{store_path}: the season's log is damaged: action 2")


# ---- integrity: checksums and a fold with the checks of a write ----------------------------------------

def test_a_rewritten_payload_is_found_and_what_precedes_it_still_reads(store_path: Path, paired: Season) -> None:
    with SeasonStore.create(store_path, paired) as store:
        store.apply("round 2", RoundAdded(2))
        store.apply("round 3", RoundAdded(3))
        before = store.season_at(2)
    edit_behind_keizers_back(store_path, "UPDATE events SET payload = '{\"number\":2,\"date\":\"2030-01-01\"}' "
                                         "WHERE action_id = 3")
    with pytest.raises(StoreError, match=r"action 3 \('round 3'\) was changed outside keizer \(its checksum"):
        SeasonStore.open(store_path)
    with SeasonStore.open(store_path, upto_valid=True) as store:
        assert store.season == before and store.head() == 2
        assert store.tampered is not None and "action 3" in store.tampered
    assert any("action 3" in p for p in validate_store(store_path))


def test_a_removed_action_is_found(store_path: Path, season: Season) -> None:
    with SeasonStore.create(store_path, season) as store:
        store.apply("round 1", RoundAdded(1))
        store.apply("round 2", RoundAdded(2))
    edit_behind_keizers_back(store_path, "DELETE FROM events WHERE action_id = 2",
                             "DELETE FROM chain WHERE action_id = 2", "DELETE FROM actions WHERE id = 2")
    with pytest.raises(StoreError, match="action 3 .*was changed outside keizer"):
        SeasonStore.open(store_path)


def test_an_older_store_gets_its_chain_when_upgraded(store_path: Path, season: Season,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    make_v1_store(store_path, season, monkeypatch)
    with SeasonStore.open(store_path) as store:
        store.apply("round 2", RoundAdded(2))
    edit_behind_keizers_back(store_path, "UPDATE actions SET label = 'b' WHERE id = 2")
    assert validate_store(store_path) == (f"action 2 ('b') was changed outside keizer (its checksum does not "
                                          f"match); the actions before it can still be exported",)


def test_a_withdrawn_player_put_on_a_board_fails_verification(store_path: Path, paired: Season) -> None:
    with SeasonStore.create(store_path, paired) as store:
        store.apply("p01 leaves", WithdrawalSet(P("p01"), 2))
        store.apply("round 2", RoundAdded(2))
        season = store.season
    bad = pairing_for(RoundAdded(2).apply(paired), 2)  # pairs p01, who withdrew, in round 2
    assert isinstance(bad, PairingSaved) and any(P("p01") in g for g in bad.games)
    with pytest.raises(Exception):
        bad.apply(season)  # a write refuses it …
    insert_raw_action(store_path, "do", None, [(bad.kind, json.dumps(bad.to_payload()))])
    with SeasonStore.open(store_path) as store:  # … and the quick fold of an open does not look
        problems = store.verify()
    assert len(problems) == 1 and "action 4" in problems[0] and "withdrew before round 2" in problems[0]
    assert validate_store(store_path) == problems


def test_a_sound_store_verifies(store_path: Path, paired: Season) -> None:
    with SeasonStore.create(store_path, paired) as store:
        store.apply("round 2", RoundAdded(2))
        store.undo()
        store.redo()
        assert store.verify() == ()
    assert validate_store(store_path) == ()


# ---- compare-and-set: a write computed from an older state is refused -------------------------------

def test_a_write_computed_before_another_action_is_refused(store_path: Path, paired: Season) -> None:
    SeasonStore.create(store_path, paired).close()
    with SeasonStore.open(store_path) as mine, SeasonStore.open(store_path) as theirs:
        read_at = mine.head()
        theirs.apply("round 2", RoundAdded(2))  # while mine was solving
        for write in (lambda: mine.apply("round 2 again", RoundAdded(2), expect_head=read_at),
                      lambda: mine.undo(expect_head=read_at), lambda: mine.redo(expect_head=read_at)):
            with pytest.raises(ChangedMeanwhile, match=r"changed since it was read \(action 2, 'round 2', came "
                                                       r"after action 1\); nothing was saved"):
                write()
        assert mine.head() == 2 and [h.label for h in mine.history()] == ["import", "round 2"]
        mine.apply("round 3", RoundAdded(3), expect_head=mine.head())
        assert mine.undo(expect_head=mine.head()) == "round 3"


def test_written_names_this_stores_own_last_action_never_anothers(store_path: Path, paired: Season) -> None:
    SeasonStore.create(store_path, paired).close()
    with SeasonStore.open(store_path) as mine, SeasonStore.open(store_path) as theirs:
        assert mine.written is None
        mine.apply("round 2", RoundAdded(2))
        assert mine.written == 2
        theirs.apply("round 3", RoundAdded(3))
        assert (mine.head(), mine.written) == (3, 2)
        assert mine.undo() == "round 3" and mine.written == 4
        with pytest.raises(ChangedMeanwhile):
            mine.redo(expect_head=2)
        assert mine.written == 4  # a refused write is none
        assert theirs.redo() == "round 3" and theirs.undo() == "round 3" and theirs.undo() == "round 2"
        assert theirs.undo() is None and theirs.written == 7  # nothing to undo: nothing written


def test_a_held_write_lock_refuses_a_write_after_the_busy_timeout(store_path: Path, paired: Season) -> None:
    SeasonStore.create(store_path, paired).close()
    with SeasonStore.open(store_path, timeout=0.1) as mine:
        other = sqlite3.connect(store_path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another program's long transaction
        try:
            with pytest.raises(StoreError, match=r"another program is writing this season and did not finish in "
                                                 r"time \(database is locked\); nothing was saved: try again"):
                mine.apply("round 2", RoundAdded(2))
            assert mine.head() == 1 and mine.written is None
        finally:
            other.execute("ROLLBACK")
            other.close()
        mine.apply("round 2", RoundAdded(2))
        assert mine.head() == 2


def test_a_change_the_store_could_not_read_back_is_refused(store_path: Path, season: Season) -> None:
    # A pairing's meta with a 20-digit number was written, and then the store could not read its own log.
    SeasonStore.create(store_path, season).close()
    with SeasonStore.open(store_path) as store:
        store.apply("round 1", RoundAdded(1))
        head = store.head()
        huge = pairing_for(store.season, 1, meta={"objective": 10**20})
        with pytest.raises(StoreError, match="cannot be recorded: its pairing-saved event holds a number of 21"):
            store.apply("pairing of round 1", huge)
        assert store.head() == head
    with SeasonStore.open(store_path) as store:  # still sound
        assert store.head() == head
