"""The checksum chain over the action log: each action's digest covers it, its events and the digest before.

A change made to the log with any SQLite client (a payload rewritten, an action's label or time
edited, a row removed with the triggers dropped) breaks the chain at the first changed action, which
names where the log stops being keizer's own.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from typing import Iterable, Sequence

GENESIS = "keizer-season-log"
"""What the first action's digest is chained to."""


def digest(previous: str, action: Sequence[object], events: Iterable[Sequence[object]]) -> str:
    """The digest of one action row (id, label, kind, target, at) and its events (kind, payload) in
    order, chained to `previous` (the digest of the action before, or GENESIS)."""
    body = json.dumps([previous, list(action), [list(e) for e in events]], ensure_ascii=False,
                      separators=(",", ":"))
    return hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()


def last_digest(conn: sqlite3.Connection) -> str:
    """The digest of the newest action (GENESIS for an empty log), read inside the caller's transaction."""
    row = conn.execute("SELECT digest FROM chain ORDER BY action_id DESC LIMIT 1").fetchone()
    return GENESIS if row is None else str(row[0])


def append(conn: sqlite3.Connection, action: Sequence[object], events: Sequence[Sequence[object]]) -> None:
    """Write the chain row of the action just inserted (`action[0]` is its id)."""
    conn.execute("INSERT INTO chain (action_id, digest) VALUES (?, ?)",
                 (action[0], digest(last_digest(conn), action, events)))


def fill(conn: sqlite3.Connection) -> None:
    """Chain every action already in the log (the migration that introduces the chain)."""
    previous = GENESIS
    events: dict[int, list[tuple[str, str]]] = {}
    for aid, kind, payload in conn.execute("SELECT action_id, kind, payload FROM events ORDER BY action_id, seq"):
        events.setdefault(aid, []).append((kind, payload))
    for row in conn.execute("SELECT id, label, kind, target, at FROM actions ORDER BY id").fetchall():
        previous = digest(previous, row, events.get(row[0], ()))
        conn.execute("INSERT INTO chain (action_id, digest) VALUES (?, ?)", (row[0], previous))
