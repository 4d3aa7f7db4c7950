"""Rankings kept beside the log: what a replay found, under a fingerprint of everything it read, so that a
season opens on its round without replaying it. Derived, never part of the season: not in the log, no undo
step, not exported; a wrong or missing one only costs a replay (docs/format.md, "Rankings kept")."""

from __future__ import annotations

import json
import sqlite3

KEPT = 32
"""Rankings kept per store, the newest: the rounds a director looks at, each before and after a change."""


def create_table(conn: sqlite3.Connection) -> None:
    """The table of schema 12 (`schema._v12_kept_rankings`)."""
    conn.execute("""CREATE TABLE kept_rankings (
        fingerprint TEXT PRIMARY KEY,
        ranking     TEXT NOT NULL CHECK (json_valid(ranking)),
        kept        INTEGER NOT NULL
    )""")


def read(conn: sqlite3.Connection, fingerprint: str) -> tuple[str, ...] | None:
    """The ranking kept under `fingerprint` (player ids, first place first); None when none is, or when what is
    there is not a list of ids (a file changed by hand: the caller replays)."""
    row = conn.execute("SELECT ranking FROM kept_rankings WHERE fingerprint = ?", (fingerprint,)).fetchone()
    if row is None:
        return None
    try:
        ranking = json.loads(row[0])
    except (TypeError, ValueError):
        return None
    if not isinstance(ranking, list) or not all(isinstance(pid, str) for pid in ranking):
        return None
    return tuple(ranking)


def every(conn: sqlite3.Connection) -> list[tuple[str, tuple[str, ...] | None]]:
    """Every ranking kept, oldest first, each under its fingerprint (None: what is there is not a list of ids)."""
    return [(str(fingerprint), read(conn, str(fingerprint)))
            for (fingerprint,) in conn.execute("SELECT fingerprint FROM kept_rankings ORDER BY kept")]


def keep(conn: sqlite3.Connection, fingerprint: str, ranking: tuple[str, ...]) -> None:
    """Keep `ranking` under `fingerprint`, the newest; the oldest beyond KEPT go. Inside the caller's
    transaction."""
    conn.execute("INSERT OR REPLACE INTO kept_rankings (fingerprint, ranking, kept) "
                 "VALUES (?, ?, (SELECT coalesce(max(kept), 0) + 1 FROM kept_rankings))",
                 (fingerprint, json.dumps(list(ranking))))
    conn.execute("DELETE FROM kept_rankings WHERE kept <= (SELECT max(kept) FROM kept_rankings) - ?", (KEPT,))
