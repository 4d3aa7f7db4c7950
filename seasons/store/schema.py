"""The store's SQLite schema: tables, append-only triggers, the schema version and forward migrations."""

from __future__ import annotations

import sqlite3
from typing import Callable

from keizer.seasons.store import chain, kept_rankings, live_tables

APPLICATION = "keizer-season"
"""meta.application of every season store: how a keizer file is told from other SQLite files."""

Migration = Callable[[sqlite3.Connection], None]


def _v1_initial(conn: sqlite3.Connection) -> None:
    """The log: actions (one per user action, undo and redo included) and their events."""
    for sql in _V1:
        conn.execute(sql)


_V1 = (
    """CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) WITHOUT ROWID""",
    # kind 'do' carries events; 'undo'/'redo' name the 'do' action they take back or bring back.
    """CREATE TABLE actions (
        id     INTEGER PRIMARY KEY,
        label  TEXT NOT NULL CHECK (length(label) > 0),
        kind   TEXT NOT NULL CHECK (kind IN ('do', 'undo', 'redo')),
        target INTEGER REFERENCES actions(id),
        at     TEXT NOT NULL,
        CHECK ((kind = 'do') = (target IS NULL))
    )""",
    """CREATE TABLE events (
        action_id INTEGER NOT NULL REFERENCES actions(id),
        seq       INTEGER NOT NULL CHECK (seq >= 0),
        kind      TEXT NOT NULL,
        payload   TEXT NOT NULL CHECK (json_valid(payload)),
        PRIMARY KEY (action_id, seq)
    ) WITHOUT ROWID""",
    # Append-only: the log is the source of truth, so nothing in it is ever changed or removed.
    """CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only: actions cannot be changed'); END""",
    """CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only: actions cannot be deleted'); END""",
    """CREATE TRIGGER events_no_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'the event log is append-only: events cannot be changed'); END""",
    """CREATE TRIGGER events_no_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'the event log is append-only: events cannot be deleted'); END""",
    # Events are written with their action, in its transaction: never added to an older action
    # (that would rewrite history) nor to an undo/redo.
    """CREATE TRIGGER events_only_newest_do BEFORE INSERT ON events
        WHEN NEW.action_id IS NOT (SELECT max(id) FROM actions)
          OR (SELECT kind FROM actions WHERE id = NEW.action_id) IS NOT 'do'
        BEGIN SELECT RAISE(ABORT, 'events belong to the newest action, which must be a do'); END""",
)


def _v2_events_by_kind(conn: sqlite3.Connection) -> None:
    """Find events by kind (a round's pairings, later the publications) without reading the log."""
    conn.execute("CREATE INDEX events_by_kind ON events(kind)")


def _v3_suspensions(conn: sqlite3.Connection) -> None:
    """The event kind `suspension-set` (D art. 12) exists from here on; no table changes."""


def _v4_no_shows(conn: sqlite3.Connection) -> None:
    """The event kind `no-show` (D art. 11) exists from here on; no table changes."""


def _v5_chain(conn: sqlite3.Connection) -> None:
    """Each action's checksum, chained to the one before (chain.py): a log changed outside keizer is
    told, with the first changed action. The actions already there are chained as they are."""
    conn.execute("""CREATE TABLE chain (
        action_id INTEGER PRIMARY KEY REFERENCES actions(id),
        digest    TEXT NOT NULL
    )""")
    conn.execute("""CREATE TRIGGER chain_no_update BEFORE UPDATE ON chain
        BEGIN SELECT RAISE(ABORT, 'the checksum chain is append-only'); END""")
    conn.execute("""CREATE TRIGGER chain_no_delete BEFORE DELETE ON chain
        BEGIN SELECT RAISE(ABORT, 'the checksum chain is append-only'); END""")
    chain.fill(conn)


def _v6_reports_and_dates(conn: sqlite3.Connection) -> None:
    """The event kinds `report-set` (an absence report with its time) and `season-dates-set` (the season's
    start and weekday) exist from here on, and players may carry `enters_at`; no table changes. An older
    keizer refuses such a store rather than misread it."""


def _v7_classes(conn: sqlite3.Connection) -> None:
    """The event kind `class-moves-set` (D art. 5) exists from here on, and a season may carry `class_moves`
    and `started_from`; no table changes."""


def _v8_published(conn: sqlite3.Connection) -> None:
    """The event kind `published` (what was published from which state of the log) exists from here on;
    no table changes."""


def _v9_championship(conn: sqlite3.Connection) -> None:
    """The championship group's event kinds (`group-formed`, `group-schedule-set`, `group-unavailable-set`,
    `group-result-set`, `group-decision-set`) exist from here on, and a season may carry `championship`;
    no table changes."""


def _v10_forecasts(conn: sqlite3.Connection) -> None:
    """The event kind `forecast-kept` (a published forecast, kept as history) exists from here on; no table
    changes."""


def _v11_log_head(conn: sqlite3.Connection) -> None:
    """Every write keeps the log's head (its newest action and that action's checksum) in `meta`
    (`chain.HEAD_KEY`): the newest actions removed outside keizer, which leave a chain whole, are told,
    and so is a chain removed with the schema version set back. Set here from the chain as it stands."""
    row = conn.execute("SELECT action_id, digest FROM chain ORDER BY action_id DESC LIMIT 1").fetchone()
    if row is not None:
        chain.record_head(conn, chain.LogHead(int(row[0]), str(row[1])))


def _v12_kept_rankings(conn: sqlite3.Connection) -> None:
    """Rankings a replay found, kept beside the log under a fingerprint of what it read
    (`kept_rankings.py`): a season opens on its round without replaying it. No event kind, no change to the
    log; an older keizer refuses the store (a table it did not make), as after every migration."""
    kept_rankings.create_table(conn)


def _v13_marked_times(conn: sqlite3.Connection) -> None:
    """Every action written from here on carries the mark of its schema: its time is written with `Z` for UTC
    (before: `+00:00`), which its checksum covers. A schema version set back below this one is told by any
    action written since, even with the head record removed and the tables of the later schemas dropped
    (`log_head.marks_problem`). No table changes; the actions already there stay as they were written."""


def _v14_live(conn: sqlite3.Connection) -> None:
    """The live evening (`keizer serve`, docs/live.md): the event kinds `checked-in` and `result-reported`
    (records: they change nothing in the season) exist from here on, and beside the log the tables of the
    kiosk's passes and the wrong codes counted (`live_tables.py`). A migration of its own, numbered by
    LIVE_VERSION alone."""
    live_tables.create_tables(conn)


MIGRATIONS: list[Migration] = [_v1_initial, _v2_events_by_kind, _v3_suspensions, _v4_no_shows, _v5_chain,
                               _v6_reports_and_dates, _v7_classes, _v8_published, _v9_championship,
                               _v10_forecasts, _v11_log_head, _v12_kept_rankings, _v13_marked_times,
                               _v14_live]
"""MIGRATIONS[v] takes a store from schema version v to v + 1 (version 0: an empty database)."""


def current_version() -> int:
    """The schema version this program writes: one past the last migration."""
    return len(MIGRATIONS)


def migrate(conn: sqlite3.Connection, from_version: int) -> int:
    """Run the migrations from `from_version` on, inside the caller's transaction; the new version."""
    for version in range(from_version, current_version()):
        MIGRATIONS[version](conn)
    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)", (str(current_version()),))
    if from_version == 0:
        conn.execute("INSERT INTO meta (key, value) VALUES ('application', ?)", (APPLICATION,))
    return current_version()


class NotAStore(Exception):
    """The database is readable but is not a season store this program can use (message says why)."""


def stored_version(conn: sqlite3.Connection) -> int:
    """The schema version of a season store, read without writing anything; NotAStore if it is none."""
    has_meta = conn.execute("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'meta'").fetchone()[0]
    if not has_meta:
        raise NotAStore("not a keizer season store (an SQLite database without keizer's tables)")
    try:
        rows = dict(conn.execute("SELECT key, value FROM meta WHERE key IN ('application', 'schema_version')"))
    except sqlite3.OperationalError:  # a `meta` table of some other program, with other columns
        raise NotAStore("not a keizer season store (an SQLite database of another program)") from None
    if rows.get("application") != APPLICATION:
        raise NotAStore("not a keizer season store (an SQLite database of another program)")
    text = rows.get("schema_version")
    if not isinstance(text, str) or not text.isdigit():
        raise NotAStore(f"damaged season store (schema version {text!r})")
    version = int(text)
    if version > current_version():
        raise NotAStore(f"made by a newer version of keizer (store schema {version}; this program reads up to "
                        f"{current_version()}): update keizer to open it")
    if version < 1:
        raise NotAStore(f"damaged season store (schema version {version})")
    return version


CHAIN_VERSION = 5
"""The first schema whose actions carry a checksum chain."""

HEAD_VERSION = 11
"""The first schema whose every write keeps the log's head in `meta` (`_v11_log_head`)."""

KEPT_RANKINGS_VERSION = 12
"""The first schema with a table of kept rankings (`_v12_kept_rankings`)."""

MARK_VERSION = 13
"""The first schema whose every action carries the mark of its schema in its time (`_v13_marked_times`)."""

LIVE_VERSION = 14
"""The first schema of the live evening: its records in the log and its tables beside it (`_v14_live`)."""

EVENT_KINDS_SINCE: dict[str, int] = {
    "suspension-set": 3, "no-show": 4, "report-set": 6, "season-dates-set": 6, "class-moves-set": 7,
    "published": 8, "group-formed": 9, "group-schedule-set": 9, "group-unavailable-set": 9,
    "group-result-set": 9, "group-decision-set": 9, "forecast-kept": 10,
    "checked-in": LIVE_VERSION, "result-reported": LIVE_VERSION,
}
"""The schema from which each event kind exists: a store of an older schema cannot hold one (its first write
would have upgraded it), so one found there says the schema version was set back outside keizer. A new
event kind adds its line here with its migration."""


def expected_shape(version: int) -> dict[tuple[str, str], str]:
    """(type, name) → SQL of every table, index and trigger a store of schema `version` has: what the
    migrations up to it make, built in memory."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        conn.execute("BEGIN")
        for migration in MIGRATIONS[:version]:
            migration(conn)
        return _shape(conn)
    finally:
        conn.close()


def shape_problem(conn: sqlite3.Connection, version: int) -> str | None:
    """None if the store's tables, indexes, triggers and views are exactly those of schema `version`, each
    defined as keizer's migrations define it, else what differs: one missing (not keizer's, or damaged), one
    keizer did not make (a foreign trigger would run inside keizer's own transactions), or one changed (a
    column added to `events` whose conflict clause drops a row would lose the events of a committed action;
    an index made unique would refuse a write keizer makes). SQLite keeps each definition as its text: they
    are compared as such, their spaces aside (the migrations' SQL never changes once released)."""
    found, wanted = _shape(conn), expected_shape(version)
    for key in sorted(wanted.keys() - found.keys(), key=_tables_first):  # a missing table says most
        return f"its {key[0]} {key[1]!r} is missing"
    for key in sorted(found.keys() - wanted.keys(), key=_tables_first):
        return f"it has a {key[0]} {key[1]!r} that keizer did not make"
    for key in sorted(wanted, key=_tables_first):
        if found[key] != wanted[key]:
            return f"its {key[0]} {key[1]!r} was changed"
    return None


_KINDS = ("table", "index", "trigger", "view")
"""The kinds of thing SQLite's schema holds, in the order a problem with them is said (a table says most)."""


def _tables_first(key: tuple[str, str]) -> tuple[int, str, str]:
    return (_KINDS.index(key[0]) if key[0] in _KINDS else len(_KINDS), *key)


def _shape(conn: sqlite3.Connection) -> dict[tuple[str, str], str]:
    rows = conn.execute("SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'").fetchall()
    return {(str(kind), str(name)): " ".join(str(sql).split()) for kind, name, sql in rows}


def quick_check(conn: sqlite3.Connection) -> str | None:
    """None if SQLite's quick check finds the file sound, else its first complaint."""
    rows = [r[0] for r in conn.execute("PRAGMA quick_check(5)")]
    if rows == ["ok"]:
        return None
    # A row may hold several lines under a "*** in database main ***" heading: all of them joined made
    # one message of hundreds of characters (escaped newlines included) that said no more than the first.
    lines = [line.strip() for row in rows for line in str(row).splitlines()]
    complaints = [line for line in lines if line and not line.startswith("***")] or ["unreadable"]
    return complaints[0] + (" (and more)" if len(complaints) > 1 else "")  # more: quick_check stops at 5
