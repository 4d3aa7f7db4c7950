"""The store in one process: round trip, actions, undo/redo (also across reopening), the log's guards."""

from __future__ import annotations

import sqlite3
import threading
from datetime import timezone
from pathlib import Path

import pytest

from keizer.seasons.errors import KeizerError, StoreError
from keizer.seasons.load import load_season
from keizer.seasons.model import EntryKind, PlayerId, Result, Season
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import EntrySet, PairingSaved, ResultSet, RoundAdded, SeasonCreated, SettingsChanged
from store_helpers import pairing_for
from tests.conftest import ABSENT, REAL_DATA

P = PlayerId


def count_rows(path: Path, table: str) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    finally:
        conn.close()


# ---- round trip ------------------------------------------------------------------------------------

def test_create_and_reopen_give_the_same_season(store_path: Path, season: Season) -> None:
    with SeasonStore.create(store_path, season) as store:
        assert store.season == season
        assert (store.head(), store.can_undo(), store.can_redo()) == (1, False, False)
    with SeasonStore.open(store_path) as store:
        assert store.season == season
        [info] = store.history()
        assert (info.id, info.label, info.kind, info.target, info.undone) == (1, "import", "do", None, False)


@pytest.mark.parametrize("name", ["real-season-2022-23.json", "real-season-2023-24.json"])
def test_real_seasons_round_trip(tmp_path: Path, name: str) -> None:
    if not (REAL_DATA / name).exists():
        pytest.skip(ABSENT)
    season = load_season(REAL_DATA / name)
    SeasonStore.create(tmp_path / "s.keizer", season).close()
    assert load_season(tmp_path / "s.keizer") == season


def test_create_refuses_an_existing_file(store_path: Path, season: Season) -> None:
    store_path.write_bytes(b"precious")
    with pytest.raises(StoreError, match="already exists"):
        SeasonStore.create(store_path, season)
    assert store_path.read_bytes() == b"precious"


def test_create_refuses_a_leftover_log(store_path: Path, season: Season) -> None:
    stray = Path(f"{store_path}-wal")
    stray.write_bytes(b"someone else's log")
    with pytest.raises(StoreError, match="leftover season.keizer-wal"):
        SeasonStore.create(store_path, season)
    assert not store_path.exists() and stray.read_bytes() == b"someone else's log"


def test_awkward_file_names(tmp_path: Path, season: Season) -> None:
    path = tmp_path / "club #1 ? 100% (2024).keizer"
    SeasonStore.create(path, season).close()
    with SeasonStore.open(path) as store:
        assert store.season == season
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_create_refuses_an_invalid_season_before_touching_the_disk(store_path: Path, season: Season) -> None:
    from dataclasses import replace
    bad = replace(season, rounds_planned=0)
    with pytest.raises(KeizerError, match="rounds_planned"):
        SeasonStore.create(store_path, bad)
    assert not store_path.exists()


def test_pragmas_of_every_connection(store: SeasonStore) -> None:
    conn = store._connection()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.isolation_level is None


# ---- actions ---------------------------------------------------------------------------------------

def test_apply_records_one_action_with_its_events(store: SeasonStore, store_path: Path) -> None:
    after = store.apply("round 1, p02 away", RoundAdded(1), EntrySet(1, P("p02"), EntryKind.EXCUSED))
    assert after == store.season
    assert after.round(1).entries == ((P("p02"), EntryKind.EXCUSED),)
    assert store.head() == 2
    assert store.action_events(2) == (RoundAdded(1), EntrySet(1, P("p02"), EntryKind.EXCUSED))
    assert (count_rows(store_path, "actions"), count_rows(store_path, "events")) == (2, 3)


def test_a_failing_event_writes_nothing(store: SeasonStore, store_path: Path) -> None:
    before = store.season
    with pytest.raises(KeizerError, match="round 2 does not exist"):
        store.apply("two things", RoundAdded(1), EntrySet(2, P("p01"), EntryKind.DUTY))
    assert store.season == before
    assert store.head() == 1
    assert (count_rows(store_path, "actions"), count_rows(store_path, "events")) == (1, 1)
    store.apply("fine", RoundAdded(1))  # the store is still usable
    assert store.head() == 2


def test_apply_refuses_a_second_creation_no_events_and_bad_labels(store: SeasonStore, season: Season) -> None:
    with pytest.raises(KeizerError, match="created only once"):
        store.apply("again", SeasonCreated(season))
    with pytest.raises(KeizerError, match="at least one event"):
        store.apply("nothing")
    with pytest.raises(KeizerError, match="one non-empty line"):
        store.apply("two\nlines", RoundAdded(1))
    with pytest.raises(KeizerError, match="one non-empty line"):
        store.apply("  ", RoundAdded(1))
    assert store.head() == 1


# ---- undo and redo ---------------------------------------------------------------------------------

def test_undo_redo_chain(store: SeasonStore, season: Season) -> None:
    s1 = store.apply("a", RoundAdded(1))
    s2 = store.apply("b", EntrySet(1, P("p01"), EntryKind.DUTY))
    s3 = store.apply("c", SettingsChanged(name="C"))
    assert store.undo() == "c" and store.season == s2
    assert store.undo() == "b" and store.season == s1
    assert store.redo() == "b" and store.season == s2
    assert store.redo() == "c" and store.season == s3
    assert store.redo() is None and not store.can_redo()
    assert [store.undo() for _ in range(4)] == ["c", "b", "a", None]
    assert store.season == season and not store.can_undo()  # the import stays


def test_a_new_action_clears_the_redo_stack(store: SeasonStore) -> None:
    store.apply("a", RoundAdded(1))
    store.apply("b", EntrySet(1, P("p01"), EntryKind.DUTY))
    store.undo()
    assert store.can_redo()
    s = store.apply("c", EntrySet(1, P("p02"), EntryKind.EXCUSED))
    assert not store.can_redo() and store.redo() is None
    assert store.season == s
    assert store.season.round(1).entries == ((P("p02"), EntryKind.EXCUSED),)
    assert store.undo() == "c" and store.undo() == "a"  # "b" is gone for good


def test_history_shows_kinds_targets_and_what_is_undone(store: SeasonStore) -> None:
    store.apply("a", RoundAdded(1))
    store.apply("b", EntrySet(1, P("p01"), EntryKind.DUTY))
    store.undo()
    store.undo()
    store.redo()
    history = store.history()
    assert [(h.id, h.label, h.kind, h.target, h.undone) for h in history] == [
        (1, "import", "do", None, False), (2, "a", "do", None, False), (3, "b", "do", None, True),
        (4, "b", "undo", 3, False), (5, "a", "undo", 2, False), (6, "a", "redo", 2, False)]
    assert all(h.at.tzinfo == timezone.utc for h in history)
    assert [h.at for h in history] == sorted(h.at for h in history)
    assert store.head() == 6


def test_undo_and_redo_survive_reopening(store_path: Path, season: Season) -> None:
    with SeasonStore.create(store_path, season) as store:
        s1 = store.apply("a", RoundAdded(1))
        s2 = store.apply("b", EntrySet(1, P("p01"), EntryKind.DUTY))
        store.undo()
    with SeasonStore.open(store_path) as store:
        assert store.season == s1 and store.can_redo()
        assert store.redo() == "b"
    with SeasonStore.open(store_path) as store:
        assert store.season == s2 and not store.can_redo()
        assert store.undo() == "b" and store.undo() == "a" and store.undo() is None
    with SeasonStore.open(store_path) as store:
        assert store.season == season
        assert store.redo() == "a"
        assert store.season == s1


def test_season_at_every_head(store: SeasonStore, season: Season) -> None:
    seen = {store.head(): store.season}
    s = store.apply("round", RoundAdded(1))
    seen[store.head()] = s
    paired = store.apply("pair", pairing_for(s, 1, {"ranking": ["p01", "p02"]}))
    seen[store.head()] = paired
    store.undo()
    seen[store.head()] = store.season
    store.redo()
    seen[store.head()] = store.season
    scored = store.apply("result", ResultSet(1, P("p01"), P("p02"), Result.DRAW))
    seen[store.head()] = scored
    assert len(seen) == 6 and seen[4] == s and seen[5] == paired
    for head, expected in seen.items():
        assert store.season_at(head) == expected, head
    with pytest.raises(KeizerError, match="no action 99"):
        store.season_at(99)


def test_pairing_meta_is_kept_in_the_log(store: SeasonStore) -> None:
    s = store.apply("round", RoundAdded(1))
    pairing = pairing_for(s, 1, {"solver": "cp-sat", "objective": 17, "ranking": ["p02", "p01"]})
    store.apply("pair", pairing)
    [saved] = store.action_events(store.head())
    assert isinstance(saved, PairingSaved) and saved.meta == pairing.meta
    assert store.action_events(1)[0] == SeasonCreated(store.season_at(1))
    store.undo()
    assert store.action_events(store.head()) == ()
    with pytest.raises(KeizerError, match="no action 0"):
        store.action_events(0)


# ---- the log's guards ------------------------------------------------------------------------------

@pytest.mark.parametrize("sql", [
    "UPDATE actions SET label = 'rewritten' WHERE id = 1",
    "DELETE FROM actions WHERE id = 2",
    "UPDATE events SET payload = '{}' WHERE action_id = 2",
    "DELETE FROM events",
    # events belong to the newest action only, and never to an undo
    "INSERT INTO events (action_id, seq, kind, payload) VALUES (1, 5, 'round-added', '{\"number\": 9}')",
    "INSERT INTO events (action_id, seq, kind, payload) VALUES (3, 0, 'round-added', '{\"number\": 9}')",
])
def test_triggers_refuse_rewriting_the_log(store: SeasonStore, store_path: Path, sql: str) -> None:
    store.apply("a", RoundAdded(1))
    store.undo()  # action 3: an undo
    conn = sqlite3.connect(store_path, isolation_level=None)
    try:
        with pytest.raises(sqlite3.DatabaseError, match="append-only|newest action"):
            conn.execute(sql)
    finally:
        conn.close()
    assert [(h.label, h.kind) for h in store.history()] == [("import", "do"), ("a", "do"), ("a", "undo")]


def test_a_second_store_object_sees_writes(store: SeasonStore, store_path: Path) -> None:
    with SeasonStore.open(store_path) as other:
        s = store.apply("a", RoundAdded(1))
        assert other.season == s and other.head() == 2
        other.apply("b", EntrySet(1, P("p03"), EntryKind.DUTY))
        assert store.season.round(1).entries == ((P("p03"), EntryKind.DUTY),)
        assert store.undo() == "b"  # undo is of the store's log, whoever wrote it
        assert other.season == s


def test_threads_can_share_a_store(store: SeasonStore) -> None:
    store.apply("round", RoundAdded(1))
    errors: list[BaseException] = []

    def toggle(player: str) -> None:
        try:
            for i in range(20):
                store.apply(f"{player} {i}", EntrySet(1, P(player), EntryKind.DUTY if i % 2 == 0 else None))
                store.season
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=toggle, args=(p,)) for p in ("p01", "p02", "p03")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert store.head() == 2 + 60
    assert store.season.round(1).entries == ()  # each ended with its 20th toggle: no entry


def test_backup_is_a_full_copy(store: SeasonStore, tmp_path: Path) -> None:
    store.apply("a", RoundAdded(1))
    store.apply("b", EntrySet(1, P("p01"), EntryKind.DUTY))
    store.undo()
    target = tmp_path / "copy.keizer"
    store.backup(target)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temp file left
    with SeasonStore.open(target) as copy:
        assert copy.season == store.season
        assert copy.history() == store.history()
        assert copy.redo() == "b"
    with pytest.raises(StoreError, match="already exists"):
        store.backup(target)


def test_a_closed_store_says_so(store_path: Path, season: Season) -> None:
    store = SeasonStore.create(store_path, season)
    store.close()
    store.close()  # twice is fine
    with pytest.raises(StoreError, match="closed"):
        store.season
