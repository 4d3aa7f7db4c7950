"""The log's rows as the store reads and writes them: typed, timestamped, every odd value a LogError."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timezone

from keizer.seasons.errors import InputError, StoreError
from keizer.seasons.json_input import load_json
from keizer.seasons.limits import describe
from keizer.seasons.store import chain
from keizer.seasons.store.events import Event, event_from_payload
from keizer.seasons.store.payload import canonical_json
from keizer.seasons.store.timeline import ActionRow, LogError


@dataclass(frozen=True, slots=True)
class ActionInfo:
    """One entry of a store's history, as the user sees it."""

    id: int
    """The action's place in the log; `SeasonStore.head()` is the newest."""
    label: str
    """What the user did; an undo or redo carries the label of the action it takes back or brings back."""
    kind: str
    """"do", "undo" or "redo"."""
    target: int | None
    """For an undo or redo, the id of the "do" action it concerns."""
    at: datetime
    """When it was written (UTC)."""
    undone: bool
    """A "do" action whose change is not in the current season (undone, or undone and then superseded)."""


MARKED_UTC = "Z"
"""How an action's time says UTC from schema 13 on: the mark of the schema it was written at (`marked_time`)."""
UNMARKED_UTC = "+00:00"
"""How an action's time said UTC before (Python's `isoformat`)."""


def append_action(conn: sqlite3.Connection, label: str, kind: str, target: int | None,
                  events: tuple[Event, ...], chained: bool = True, marked: bool = True, read_back: bool = True,
                  most_bytes: int | None = None) -> int:
    """Insert one action, its events and (`chained`: from schema 5 on) its checksum, inside the caller's
    transaction; the new action's id. `marked` (from schema 13 on): its time carries the mark of its schema.
    `read_back` False: the events are a season the season file's own check has just read
    (`SeasonStore.build(checked=True)`), whose text reads back by that check. `most_bytes`: refuse events whose
    text is longer (a season too large to be exported and read back)."""
    label = _storable(label)
    at = datetime.now(timezone.utc).isoformat(timespec="microseconds")
    if marked:
        at = at.removesuffix(UNMARKED_UTC) + MARKED_UTC
    rows = [(e.kind, _storable(canonical_json(e.to_payload()))) for e in events]
    size = sum(len(payload.encode("utf-8")) for _, payload in rows) if most_bytes is not None else 0
    if most_bytes is not None and size > most_bytes:
        raise StoreError(f"the season would be {size:,} bytes as a season file, more than keizer reads back "
                         f"({most_bytes:,}): exported, it could not be imported again")
    for event_kind, payload in rows if read_back else ():  # a store never writes what it could not read back
        try:
            load_json(payload)
        except InputError as exc:
            raise StoreError(f"this change cannot be recorded: its {event_kind} event holds {exc.message}") from None
    cursor = conn.execute("INSERT INTO actions (label, kind, target, at) VALUES (?, ?, ?, ?)",
                          (label, kind, target, at))
    conn.executemany("INSERT INTO events (action_id, seq, kind, payload) VALUES (?, ?, ?, ?)",
                     [(cursor.lastrowid, seq, k, p) for seq, (k, p) in enumerate(rows)])
    if chained:
        chain.append(conn, (cursor.lastrowid, label, kind, target, at), rows)
    assert cursor.lastrowid is not None  # an INSERT's row
    return cursor.lastrowid


def marked_time(at: str) -> bool:
    """Whether an action's time carries the mark of schema 13 or later (`append_action`)."""
    return at.endswith(MARKED_UTC)


def _storable(text: str) -> str:
    """`text` with each lone surrogate written as its escape (`\\udcff`). A label or a `published` folder
    may name a file, and a file name need not be UTF-8: Python holds its odd bytes as lone surrogates,
    which SQLite cannot store (a traceback after the site was written). In a payload the escape is JSON's
    own for that character, so the event reads back as it was; in a label it is what the screen shows."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


@dataclass(slots=True)
class Batch:
    """The actions after some id, read in one query (one consistent snapshot)."""

    rows: list[ActionRow] = field(default_factory=list)
    """The actions, in log order."""
    raw: dict[int, list[tuple[str, str]]] = field(default_factory=dict)
    """Each action's events as stored: (kind, payload)."""
    digests: dict[int, str | None] = field(default_factory=dict)
    """Each action's stored checksum (None: it has none)."""
    chained: bool = False
    """Whether the store keeps checksums (schema 5 on)."""

    def unbroken(self, digests: dict[int, str], head: int) -> tuple[list[ActionRow], str | None]:
        """The rows up to the first whose checksum does not follow from the one before (all of them if
        the store keeps none), and what is wrong with that one; `digests` (action id → checksum, from
        `head` back) learns each checked row's."""
        if not self.chained:
            return self.rows, None
        previous = digests[head]
        for i, row in enumerate(self.rows):
            expected = chain.digest(previous, row.as_tuple(), self.raw.get(row.id, ()))
            stored = self.digests.get(row.id)
            if stored != expected:
                how = "has no checksum" if stored is None else "its checksum does not match"
                return self.rows[:i], (f"action {row.id} ({describe(row.label)}) was changed outside keizer ({how}); "
                                       f"the actions before it can still be exported")
            digests[row.id] = previous = expected
        return self.rows, None

    def events_of(self, action_id: int, conn: sqlite3.Connection) -> list[Event]:
        if action_id in self.raw:
            return [decode(action_id, k, p) for k, p in self.raw[action_id]]
        return read_events(conn, action_id - 1, action_id).get(action_id, [])  # a redo of an older one


def read_after(conn: sqlite3.Connection, head: int, chained: bool) -> Batch:
    """The actions after `head` with their events (and checksums, if `chained`)."""
    batch = Batch(chained=chained)
    digest = "c.digest" if chained else "NULL"
    join = "LEFT JOIN chain c ON c.action_id = a.id " if chained else ""
    query = (f"SELECT a.id, a.label, a.kind, a.target, a.at, e.kind, e.payload, {digest} FROM actions a "
             f"LEFT JOIN events e ON e.action_id = a.id {join}WHERE a.id > ? ORDER BY a.id, e.seq")
    for aid, label, kind, target, at, ekind, payload, stored in conn.execute(query, (head,)):
        if not batch.rows or batch.rows[-1].id != aid:
            batch.rows.append(_row(aid, label, kind, target, at))
            batch.digests[aid] = stored if isinstance(stored, str) else None
        if ekind is not None or payload is not None:
            if not isinstance(ekind, str) or not isinstance(payload, str):
                raise LogError(f"action {aid} has an event whose kind or payload is not text")
            batch.raw.setdefault(aid, []).append((ekind, payload))
    return batch


def read_events(conn: sqlite3.Connection, after: int, upto: int) -> dict[int, list[Event]]:
    """The events of the actions after `after` up to `upto`, decoded."""
    out: dict[int, list[Event]] = {}
    for aid, kind, payload in conn.execute(
            "SELECT action_id, kind, payload FROM events WHERE action_id > ? AND action_id <= ? "
            "ORDER BY action_id, seq", (after, upto)):
        out.setdefault(aid, []).append(decode(aid, kind, payload))
    return out


def decode(action_id: int, kind: object, payload: object) -> Event:
    """The event of a stored row; LogError naming the action for anything that does not read."""
    if not isinstance(kind, str) or not isinstance(payload, str):
        raise LogError(f"action {action_id} has an event whose kind or payload is not text")
    try:
        return event_from_payload(kind, load_json(payload))
    except Exception as exc:  # noqa: BLE001 — a stored payload is data: whatever it makes a reader raise
        raise LogError(f"action {action_id} has an event that does not read: {exc}") from None


def _row(aid: object, label: object, kind: object, target: object, at: object) -> ActionRow:
    if not isinstance(aid, int) or not isinstance(label, str) or not isinstance(kind, str) \
            or not (target is None or isinstance(target, int)) or not isinstance(at, str):
        raise LogError(f"action {aid!r} has a field of the wrong type")
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        raise LogError(f"action {aid} has a time that is not ISO 8601: {at[:40]!r}") from None
    if when.tzinfo is None:
        raise LogError(f"action {aid} has a time without its time zone: {at[:40]!r}")
    return ActionRow(id=aid, label=label, kind=kind, target=target, at=at)
