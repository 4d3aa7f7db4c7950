"""The store's shape checked whole (issue 30): every table's and index's definition, not only the triggers' SQL
and the tables' presence. A table rebuilt with a column keizer did not make is refused before anything is
written, by every command: a result SQLite would have dropped is never committed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from keizer.seasons.model import Season
from keizer.seasons.store import schema
from keizer.seasons.store.events import RoundAdded
from keizer.seasons.store.season_store import SeasonStore, validate_store
from keizer.tui.cli.main import main
from store_helpers import edit_behind_keizers_back, pairing_for
from test_store_files import refused_untouched

SHADOW_EVENTS = (
    "ALTER TABLE events RENAME TO events_old",
    """CREATE TABLE events (
        action_id INTEGER NOT NULL REFERENCES actions(id),
        seq       INTEGER NOT NULL CHECK (seq >= 0),
        kind      TEXT NOT NULL,
        payload   TEXT NOT NULL CHECK (json_valid(payload)),
        shadow    INTEGER NOT NULL ON CONFLICT IGNORE,
        PRIMARY KEY (action_id, seq)
    ) WITHOUT ROWID""",
    "INSERT INTO events SELECT action_id, seq, kind, payload, 0 FROM events_old",
    "DROP TABLE events_old",
    "CREATE INDEX events_by_kind ON events(kind)",
)
"""The issue's forgery: `events` rebuilt with a column whose NOT NULL conflict SQLite resolves by dropping the
row, the index and the triggers put back as they were. An INSERT that names the usual four columns is then
silently ignored: the action is committed without its events."""


def a_paired_store(path: Path, season: Season) -> None:
    with SeasonStore.create(path, season) as store:
        store.apply("round 1", RoundAdded(1, "2024-09-05"))
        store.apply("pairing", pairing_for(store.season, 1))


def test_a_table_rebuilt_with_a_column_keizer_did_not_make_is_refused_before_any_write(
        store_path: Path, season: Season, capsys: pytest.CaptureFixture[str]) -> None:
    a_paired_store(store_path, season)
    edit_behind_keizers_back(store_path, *SHADOW_EVENTS)
    refused_untouched(store_path, r"not a keizer season store as keizer wrote it \(its table 'events' was changed\)")
    assert any("table 'events' was changed" in p for p in validate_store(store_path))
    before = store_path.read_bytes()
    assert main(["result", str(store_path), "1", "1-0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "table 'events' was changed" in err
    assert store_path.read_bytes() == before  # nothing committed: no action without its event


@pytest.mark.parametrize("sql, said", [
    (("DROP INDEX events_by_kind", "CREATE INDEX events_by_kind ON events(kind, payload)"),
     "its index 'events_by_kind' was changed"),
    (("DROP INDEX events_by_kind", "CREATE UNIQUE INDEX events_by_kind ON events(kind, seq)"),
     "its index 'events_by_kind' was changed"),
    (("ALTER TABLE meta ADD COLUMN extra TEXT",), "its table 'meta' was changed"),
    (("ALTER TABLE chain RENAME digest TO checksum",), "its table 'chain' was changed"),
    (("CREATE VIEW everything AS SELECT * FROM actions",), "it has a view 'everything' that keizer did not make"),
], ids=["index-columns", "index-unique", "meta-column", "chain-renamed", "view"])
def test_every_table_and_index_definition_is_compared(store_path: Path, season: Season, sql: tuple[str, ...],
                                                      said: str) -> None:
    a_paired_store(store_path, season)
    edit_behind_keizers_back(store_path, *sql)
    refused_untouched(store_path, said)


def test_a_store_as_keizer_made_it_has_its_shape_at_every_schema(tmp_path: Path, season: Season,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """An older store is not refused for the tables its own schema made (each migration's SQL is unchanged)."""
    for version in range(1, schema.current_version() + 1):
        path = tmp_path / f"v{version}.keizer"
        with monkeypatch.context() as m:
            m.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:version])
            SeasonStore.create(path, season).close()
        with SeasonStore.open(path, readonly=True) as store:
            assert store.verify() == (), version
        with SeasonStore.open(path) as store:  # upgraded by a write, then whole again
            store.apply("round 1", RoundAdded(1))
        assert validate_store(path) == (), version


def test_the_shadow_column_would_have_lost_a_result(store_path: Path, season: Season) -> None:
    """Why it matters: written through SQLite alone, the forged table drops the event of a committed action."""
    a_paired_store(store_path, season)
    edit_behind_keizers_back(store_path, *SHADOW_EVENTS)
    conn = sqlite3.connect(store_path, isolation_level=None)
    conn.execute("INSERT INTO actions (label, kind, target, at) VALUES ('x', 'do', NULL, '2024-01-01T00:00:00Z')")
    conn.execute("INSERT INTO events (action_id, seq, kind, payload) VALUES (4, 0, 'result-set', '{}')")
    assert conn.execute("SELECT count(*) FROM events WHERE action_id = 4").fetchone() == (0,)
    conn.close()
