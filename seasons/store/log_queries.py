"""What a store's log answers, reading only: its history, a past season, events, publications, problems."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from typing import TypeVar

from keizer.seasons.model import Season
from keizer.seasons.store import live_tables, schema
from keizer.seasons.store.events import Event, SuspensionSet
from keizer.seasons.store.log_rows import ActionInfo, decode, read_events
from keizer.seasons.store.forecast_events import ForecastKept
from keizer.seasons.store.published import Published
from keizer.seasons.store.timeline import LogError, Timeline

E = TypeVar("E", bound=Event)


def history(timeline: Timeline, after: int = 0) -> list[ActionInfo]:
    """Every action of the log (after action `after`), oldest first, each saying whether it is undone."""
    effective = set(timeline.effective)
    return [ActionInfo(id=r.id, label=r.label, kind=r.kind, target=r.target, at=datetime.fromisoformat(r.at),
                       undone=r.kind == "do" and r.id not in effective) for r in timeline.rows if r.id > after]


def season_at(conn: sqlite3.Connection, timeline: Timeline, action_id: int) -> Season:
    """The season as it was right after action `action_id` (one of `timeline`'s): the log folded again
    up to it."""
    past = Timeline()
    loaded = read_events(conn, 0, action_id)
    past.extend((r for r in timeline.rows if r.id <= action_id), lambda i: loaded.get(i, ()))
    return past.season


def action_events(conn: sqlite3.Connection, action_id: int) -> tuple[Event, ...]:
    """The events of one action (none for an undo or redo)."""
    return tuple(read_events(conn, action_id - 1, action_id).get(action_id, ()))


def suspension_action(conn: sqlite3.Connection, timeline: Timeline, player: str) -> tuple[Event, ...]:
    """The events of the action in effect that last suspended or readmitted `player` (none if no action in
    the log did: the season came with it, or never had it): what the suspension in force was set with."""
    effective = set(timeline.effective)
    for aid, kind, payload in conn.execute(
            "SELECT action_id, kind, payload FROM events WHERE kind = ? ORDER BY action_id DESC, seq DESC",
            (SuspensionSet.kind,)):
        event = decode(aid, kind, payload)
        if aid in effective and isinstance(event, SuspensionSet) and event.player == player:
            return action_events(conn, int(aid))
    return ()


def publications(conn: sqlite3.Connection, timeline: Timeline) -> tuple[tuple[int, Published], ...]:
    """The `published` records in effect (an undone one is not), as (action id, event), oldest first."""
    return in_effect(conn, timeline, Published)


def kept_forecasts(conn: sqlite3.Connection, timeline: Timeline) -> tuple[tuple[int, ForecastKept], ...]:
    """The forecasts kept when published, in effect, as (action id, event), oldest first."""
    return in_effect(conn, timeline, ForecastKept)


def in_effect(conn: sqlite3.Connection, timeline: Timeline, kind: type[E], after: int = 0
              ) -> tuple[tuple[int, E], ...]:
    """The events of one kind in effect (an undone one is not) of the actions after `after`, as (action id,
    event), oldest first."""
    effective = set(timeline.effective)
    out = []
    for aid, name, payload in conn.execute(
            "SELECT action_id, kind, payload FROM events WHERE kind = ? AND action_id > ? ORDER BY action_id, seq",
            (kind.kind, after)):
        event = decode(aid, name, payload)
        if aid in effective and isinstance(event, kind):
            out.append((int(aid), event))
    return tuple(out)


def problems(conn: sqlite3.Connection, version: int, timeline: Timeline, tampered: str | None) -> tuple[str, ...]:
    """Every problem of the store, none if it is sound: SQLite's full integrity check, its tables and
    triggers (as of schema `version`), where the log was changed outside keizer (`tampered`), and the
    whole log folded again with the checks of a write (each event applied and the season checked against
    the format after it)."""
    found = [f"SQLite integrity check: {row[0]}" for row in conn.execute("PRAGMA integrity_check(10)")
             if row[0] != "ok"]
    shape = schema.shape_problem(conn, version)
    if shape is not None:
        found.append(f"not as keizer wrote it: {shape}")
    elif version >= schema.LIVE_VERSION:
        found.extend(live_tables.problems(conn))
    if tampered is not None:
        found.append(tampered)
    checked = Timeline(check=True)
    loaded = read_events(conn, 0, timeline.head)
    try:
        checked.extend(timeline.rows, lambda i: loaded.get(i, ()))
    except LogError as exc:
        found.append(str(exc))
    return tuple(found)
