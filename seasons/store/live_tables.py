"""The live evening's tables beside the log (schema 14): the kiosk's passes and the wrong codes counted.

Derived from the evening, never season data: not in the log, no undo step, not exported, not chained. A pass
holds a digest of its one-time code, never the code; nothing here is a token (docs/live.md, "Tokens")."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import date, datetime

PASSES_KEPT = 64
"""Passes kept per store, the newest: a season's evenings, a few each."""



def create_tables(conn: sqlite3.Connection) -> None:
    """The tables of schema 14 (`schema._v14_live`)."""
    conn.execute("""CREATE TABLE live_passes (
        id     INTEGER PRIMARY KEY,
        round  INTEGER NOT NULL CHECK (round >= 1),
        day    TEXT NOT NULL,
        digest TEXT NOT NULL,
        made   TEXT NOT NULL,
        used   TEXT,
        ended  TEXT
    )""")
    conn.execute("""CREATE TABLE live_guesses (
        day    TEXT NOT NULL,
        target TEXT NOT NULL,
        wrong  INTEGER NOT NULL CHECK (wrong >= 1),
        last   TEXT NOT NULL,
        PRIMARY KEY (day, target)
    ) WITHOUT ROWID""")


@dataclass(frozen=True, slots=True)
class Pass:
    """The director switched the kiosk on for an evening: a one-time code pairs one tablet with it."""

    id: int
    round: int
    """Tonight's round when it was made: the pass ends with that round's evening."""
    day: str
    """The evening's day, ISO: the pass ends when it has passed."""
    digest: str
    """The HMAC of its one-time code under the store's secret (`evening/live/secret.py`)."""
    made: str
    used: str | None
    """When a tablet was paired with it (None: not yet; its code works once)."""
    ended: str | None
    """When the director switched the kiosk off (None: it is on)."""


@dataclass(frozen=True, slots=True)
class Guesses:
    """Wrong codes given for one target on one evening ("kiosk", "board 3")."""

    day: str
    target: str
    wrong: int
    last: str
    """When the last wrong code came (UTC ISO)."""


def passes(conn: sqlite3.Connection, day: str) -> tuple[Pass, ...]:
    """The passes made for the evening `day`, oldest first."""
    return tuple(Pass(*row) for row in conn.execute(
        "SELECT id, round, day, digest, made, used, ended FROM live_passes WHERE day = ? ORDER BY id", (day,)))


def add_pass(conn: sqlite3.Connection, k: int, day: str, digest: str, at: str) -> int:
    """A new pass (the oldest beyond PASSES_KEPT go); its id. Inside the caller's transaction."""
    cursor = conn.execute("INSERT INTO live_passes (round, day, digest, made) VALUES (?, ?, ?, ?)",
                          (k, day, digest, at))
    conn.execute("DELETE FROM live_passes WHERE id <= (SELECT max(id) FROM live_passes) - ?", (PASSES_KEPT,))
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def use_pass(conn: sqlite3.Connection, pass_id: int, at: str) -> bool:
    """Mark a pass used, once: False when it was used (or ended) already — the code is not one-time then."""
    return conn.execute("UPDATE live_passes SET used = ? WHERE id = ? AND used IS NULL AND ended IS NULL",
                        (at, pass_id)).rowcount == 1


def end_passes(conn: sqlite3.Connection, day: str, at: str) -> int:
    """End every pass of the evening `day` (the kiosk switched off): how many were on."""
    return conn.execute("UPDATE live_passes SET ended = ? WHERE day = ? AND ended IS NULL", (at, day)).rowcount


def guesses(conn: sqlite3.Connection, day: str) -> tuple[Guesses, ...]:
    """The wrong codes counted on the evening `day`, by target."""
    return tuple(Guesses(*row) for row in conn.execute(
        "SELECT day, target, wrong, last FROM live_guesses WHERE day = ? ORDER BY target", (day,)))


def guessed_wrong(conn: sqlite3.Connection, day: str, target: str, at: str) -> int:
    """One wrong code more for `target` on the evening `day`: how many now. Inside the caller's transaction."""
    conn.execute("INSERT INTO live_guesses (day, target, wrong, last) VALUES (?, ?, 1, ?) "
                 "ON CONFLICT (day, target) DO UPDATE SET wrong = wrong + 1, last = excluded.last", (day, target, at))
    conn.execute("DELETE FROM live_guesses WHERE day <> ?", (day,))  # an evening's count ends with it
    row = conn.execute("SELECT wrong FROM live_guesses WHERE day = ? AND target = ?", (day, target)).fetchone()
    return int(row[0])


def forgive(conn: sqlite3.Connection, day: str, target: str) -> bool:
    """Forget the wrong codes of `target` on the evening `day` (the director gave a new kiosk code)."""
    return conn.execute("DELETE FROM live_guesses WHERE day = ? AND target = ?", (day, target)).rowcount > 0


def problems(conn: sqlite3.Connection) -> tuple[str, ...]:
    """What in these tables is not as keizer writes it (`keizer validate`): a day that is no date, a time that
    is none, a pass used or ended before it was made."""
    found = []
    for pid, day, made, used, ended in conn.execute("SELECT id, day, made, used, ended FROM live_passes"):
        if not _is_day(day) or not all(_is_time(t) for t in (made, used, ended) if t is not None):
            found.append(f"kiosk pass {pid}: its day or times are not as keizer writes them")
        elif any(t is not None and t < made for t in (used, ended)):
            found.append(f"kiosk pass {pid}: used or ended before it was made")
    for day, target, last in conn.execute("SELECT day, target, last FROM live_guesses"):
        if not _is_day(day) or not _is_time(last) or not isinstance(target, str) or not target:
            found.append(f"wrong codes of {target!r} on {day!r}: not as keizer writes them")
    return tuple(found)


def _is_day(text: object) -> bool:
    try:
        return isinstance(text, str) and date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


def _is_time(text: object) -> bool:
    try:
        return isinstance(text, str) and datetime.fromisoformat(text).tzinfo is not None
    except ValueError:
        return False
