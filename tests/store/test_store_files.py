"""Files that are not (usable) season stores, and the schema's forward migrations."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

from keizer.seasons.errors import StoreError
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.store import chain, schema
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.events import EntrySet, RoundAdded

P = PlayerId


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def meta(path: Path) -> dict[str, str]:
    conn = raw(path)
    try:
        return dict(conn.execute("SELECT key, value FROM meta"))
    finally:
        conn.close()


def filled_store(path: Path, season: Season, actions: int = 40) -> Season:
    """A closed store (so that everything is in the main file) with a few pages of log."""
    with SeasonStore.create(path, season) as store:
        store.apply("round", RoundAdded(1))
        for i in range(actions):
            store.apply(f"entry {i}", EntrySet(1, P(f"p0{1 + i % 6}"), (EntryKind.DUTY, None)[i % 2]))
        return store.season


def side_files(path: Path) -> dict[str, bytes]:
    return {suffix: Path(f"{path}{suffix}").read_bytes() for suffix in ("-wal", "-shm")
            if Path(f"{path}{suffix}").exists()}


def refused_untouched(path: Path, match: str) -> None:
    """Opening `path` fails with a one-line StoreError naming it, and leaves its bytes as they were
    (and its -wal/-shm files: none made, none removed, the log not changed)."""
    before, sides = path.read_bytes(), side_files(path)
    with pytest.raises(StoreError, match=match) as caught:
        SeasonStore.open(path)
    message = str(caught.value)
    assert str(path) in message and "\n" not in message
    assert path.read_bytes() == before
    assert side_files(path).keys() == sides.keys()
    assert side_files(path).get("-wal") == sides.get("-wal")


# ---- files that are not season stores --------------------------------------------------------------

def test_a_missing_file_is_not_created(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no such file"):
        SeasonStore.open(tmp_path / "nope.keizer")
    assert list(tmp_path.iterdir()) == []


def test_a_folder(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder"):
        SeasonStore.open(tmp_path)


@pytest.mark.parametrize("content", [b"", b"{\"format\": \"keizer-season/1\"}\n", bytes(range(256)) * 20],
                         ids=["empty", "json", "binary"])
def test_not_sqlite(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "season.keizer"
    path.write_bytes(content)
    refused_untouched(path, "not a keizer season store \\(not an SQLite database\\)")


def test_sqlite_of_another_program(tmp_path: Path) -> None:
    path = tmp_path / "other.keizer"
    conn = raw(path)
    conn.execute("CREATE TABLE things (a, b)")
    conn.execute("INSERT INTO things VALUES (1, 2)")
    conn.close()
    refused_untouched(path, "not a keizer season store")
    assert path.read_bytes()[18:20] == b"\x01\x01"  # still a rollback-journal database, not switched to WAL


def test_sqlite_of_another_program_with_a_log_not_yet_written_back(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    code = ("import os, signal, sqlite3, sys\n"
            "conn = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "conn.execute('PRAGMA journal_mode=WAL')\n"
            "conn.execute('PRAGMA wal_autocheckpoint=0')\n"
            "conn.execute('CREATE TABLE things (a)')\n"
            "conn.execute('INSERT INTO things VALUES (1)')\n"
            "os.kill(os.getpid(), signal.SIGKILL)\n")
    subprocess.run([sys.executable, "-c", code, str(path)], check=False)
    assert Path(f"{path}-wal").stat().st_size > 0
    refused_untouched(path, "not a keizer season store")  # the other program's log is left to it


def test_sqlite_with_someone_elses_meta_table(tmp_path: Path) -> None:
    path = tmp_path / "other.keizer"
    conn = raw(path)
    conn.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    conn.execute("INSERT INTO meta VALUES ('application', 'spreadsheet'), ('schema_version', '1')")
    conn.close()
    refused_untouched(path, "another program")


def test_a_store_from_a_newer_keizer(store_path: Path, season: Season) -> None:
    SeasonStore.create(store_path, season).close()
    conn = raw(store_path)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(schema.current_version() + 1),))
    conn.close()
    refused_untouched(store_path, f"newer version of keizer \\(store schema {schema.current_version() + 1}")


@pytest.mark.parametrize("keep", [50, 4096, 0.5, -4096])
def test_a_truncated_store(store_path: Path, season: Season, keep: float) -> None:
    filled_store(store_path, season)
    size = store_path.stat().st_size
    assert size >= 5 * 4096  # enough pages for every cut to land inside the data
    cut = int(size * keep) if isinstance(keep, float) else keep if keep > 0 else size + keep
    with open(store_path, "r+b") as f:
        f.truncate(cut)
    refused_untouched(store_path, "damaged")


def test_a_store_with_a_garbled_page(store_path: Path, season: Season) -> None:
    filled_store(store_path, season)
    data = bytearray(store_path.read_bytes())
    data[2 * 4096:2 * 4096 + 64] = b"\xff" * 64  # the header of the third page
    store_path.write_bytes(bytes(data))
    refused_untouched(store_path, "damaged")


def insert_raw_action(path: Path, kind: str, target: int | None, events: list[tuple[str, str]]) -> None:
    """An action written past keizer's checks but with its checksum (as a bug in keizer would write it),
    so that what is tested is the fold's own error."""
    conn = raw(path)
    conn.execute("BEGIN")
    at = "2024-01-01T00:00:00+00:00"
    cur = conn.execute("INSERT INTO actions (label, kind, target, at) VALUES ('raw', ?, ?, ?)", (kind, target, at))
    for seq, (ekind, payload) in enumerate(events):
        conn.execute("INSERT INTO events VALUES (?, ?, ?, ?)", (cur.lastrowid, seq, ekind, payload))
    chain.append(conn, (cur.lastrowid, "raw", kind, target, at), events)
    conn.execute("COMMIT")
    conn.close()


def test_an_event_kind_this_program_does_not_know(store_path: Path, season: Season) -> None:
    SeasonStore.create(store_path, season).close()
    insert_raw_action(store_path, "do", None, [("from-the-future", "{}")])
    with pytest.raises(StoreError, match="log is damaged: action 2 has an event that does not read: "
                                         "from-the-future: unknown event kind"):
        SeasonStore.open(store_path)


def test_an_undo_that_breaks_the_stack(store_path: Path, season: Season) -> None:
    SeasonStore.create(store_path, season).close()
    insert_raw_action(store_path, "undo", 1, [])  # the import cannot be undone
    with pytest.raises(StoreError, match="action 2 undoes action 1, which is not the latest in effect"):
        SeasonStore.open(store_path)


def test_an_event_that_no_longer_applies(store_path: Path, season: Season) -> None:
    SeasonStore.create(store_path, season).close()
    insert_raw_action(store_path, "do", None, [("round-added", '{"number": 3}')])
    with pytest.raises(StoreError, match=r"action 2 \('raw'\) does not apply: add round 3: the next round is 1"):
        SeasonStore.open(store_path)


# ---- migrations ------------------------------------------------------------------------------------

def make_v1_store(path: Path, season: Season, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as m:
        m.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:1])
        with SeasonStore.create(path, season) as store:
            store.apply("a", RoundAdded(1))
    assert meta(path)["schema_version"] == "1"


def index_names(path: Path) -> set[str]:
    conn = raw(path)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'index'")}
    finally:
        conn.close()


def test_a_v1_store_is_migrated(store_path: Path, season: Season, monkeypatch: pytest.MonkeyPatch) -> None:
    make_v1_store(store_path, season, monkeypatch)
    assert "events_by_kind" not in index_names(store_path)
    with SeasonStore.open(store_path) as store:
        assert store.season == RoundAdded(1).apply(season)
        assert [h.label for h in store.history()] == ["import", "a"]
        assert store.undo() == "a"
    assert meta(store_path)["schema_version"] == str(schema.current_version())
    assert "events_by_kind" in index_names(store_path)


def test_a_registered_migration_runs_once(store_path: Path, season: Season,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    SeasonStore.create(store_path, season).close()
    runs: list[int] = []

    def add_notes(conn: sqlite3.Connection) -> None:
        if conn.execute("PRAGMA database_list").fetchone()[2]:  # not the in-memory model of the schema
            runs.append(1)
        conn.execute("CREATE TABLE notes (action_id INTEGER REFERENCES actions(id), text TEXT)")

    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, add_notes])
    expected = season
    for number in (1, 2):
        with SeasonStore.open(store_path) as store:
            assert store.season == expected
            expected = store.apply(f"round {number}", RoundAdded(number))  # the first write upgrades
    assert runs == [1]
    assert meta(store_path)["schema_version"] == str(len(schema.MIGRATIONS))
    conn = raw(store_path)
    assert conn.execute("SELECT count(*) FROM notes").fetchone()[0] == 0
    conn.close()


@pytest.mark.parametrize("failure", ["sqlite", "python"])
def test_a_failing_migration_changes_nothing(store_path: Path, season: Season,
                                             monkeypatch: pytest.MonkeyPatch, failure: str) -> None:
    SeasonStore.create(store_path, season).close()
    version = meta(store_path)["schema_version"]

    def half_done(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE notes (text TEXT)")
        if failure == "sqlite":
            conn.execute("SELECT * FROM no_such_table")
        raise sqlite3.OperationalError("disk on fire")

    breaker: Callable[[sqlite3.Connection], None] = half_done
    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, breaker])
    before = store_path.read_bytes()
    with SeasonStore.open(store_path) as store:
        with pytest.raises(StoreError, match=f"cannot upgrade the store from schema {version} to {int(version) + 1}"):
            store.apply("round 1", RoundAdded(1))
        assert store.season == season
    assert store_path.read_bytes() == before and not Path(f"{store_path}-wal").exists()
    assert meta(store_path)["schema_version"] == version
    monkeypatch.undo()
    with SeasonStore.open(store_path) as store:  # still a good store for this program
        assert store.season == season
