"""The checksum chain over the action log: each action's digest covers it, its events and the digest before.

A change made to the log with any SQLite client (a payload rewritten, an action's label or time
edited, a row removed with the triggers dropped) breaks the chain at the first changed action, which
names where the log stops being keizer's own. The newest action and its digest (the log's head) are
also kept in `meta` by every write, so that newest actions removed are told too; the head written
down outside the store (by the director, in an export, on a published site) tells what a forger who
rewrote all of it did (docs/format.md "What a checksum tells").
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from dataclasses import dataclass
from typing import Iterable, Sequence

GENESIS = "keizer-season-log"
"""What the first action's digest is chained to."""

HEAD_KEY = "log_head"
"""The `meta` row every write of a chained store (schema 11 on) sets to the log's head."""

SHORTEST = 12
"""The fewest hex digits of a digest a head given by hand may have (`LogHead.parse`)."""


@dataclass(frozen=True, slots=True)
class LogHead:
    """Where a chained log stands: its newest action, and that action's digest, which covers every action
    before it. Written `42:3f9a…` (the action, a colon, the digest's 64 hex digits)."""

    action: int
    digest: str

    def __str__(self) -> str:
        return f"{self.action}:{self.digest}"

    @classmethod
    def parse(cls, text: str) -> tuple[int | None, str] | None:
        """The action (None when not given) and the digest (or its start, at least SHORTEST hex digits) of
        a head as `str` writes it or as a director copied it; None when the text is no such thing."""
        match = re.fullmatch(r"\s*(?:(\d{1,9})\s*:\s*)?([0-9a-fA-F]{%d,64})\s*" % SHORTEST, text)
        if match is None:
            return None
        return (int(match[1]) if match[1] else None), match[2].lower()


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
    """Write the chain row of the action just inserted (`action[0]` is its id), and the log's head with it."""
    new = digest(last_digest(conn), action, events)
    conn.execute("INSERT INTO chain (action_id, digest) VALUES (?, ?)", (action[0], new))
    assert isinstance(action[0], int)
    record_head(conn, LogHead(action[0], new))


def record_head(conn: sqlite3.Connection, head: LogHead) -> None:
    """The log's head kept in `meta`, inside the caller's transaction."""
    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (HEAD_KEY, str(head)))


def recorded_head(conn: sqlite3.Connection) -> str | None:
    """The head `meta` holds, as text (None: none there), read inside the caller's snapshot."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (HEAD_KEY,)).fetchone()
    return None if row is None else str(row[0])


def fill(conn: sqlite3.Connection) -> None:
    """Chain every action already in the log (the migration that introduces the chain)."""
    previous = GENESIS
    events: dict[int, list[tuple[str, str]]] = {}
    for aid, kind, payload in conn.execute("SELECT action_id, kind, payload FROM events ORDER BY action_id, seq"):
        events.setdefault(aid, []).append((kind, payload))
    for row in conn.execute("SELECT id, label, kind, target, at FROM actions ORDER BY id").fetchall():
        previous = digest(previous, row, events.get(row[0], ()))
        conn.execute("INSERT INTO chain (action_id, digest) VALUES (?, ?)", (row[0], previous))
