"""SeasonStore: one season in one SQLite file, its append-only action log, undo and redo."""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import tempfile
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from types import TracebackType
from typing import Callable, Concatenate, Iterator, ParamSpec, TypeVar

from seasons.errors import InputError, KeizerError, StoreError
from seasons.files import read_head
from seasons.model import Season
from seasons.store import schema
from seasons.store.events import Event, SeasonCreated, event_from_payload
from seasons.store.payload import canonical_json
from seasons.store.timeline import ActionRow, LogError, Timeline

SQLITE_MAGIC = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""
DEFAULT_TIMEOUT = 10.0
"""Seconds a writer waits for another one to finish (SQLite's busy timeout)."""


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


P = ParamSpec("P")
T = TypeVar("T")


def _guarded(method: Callable[Concatenate[SeasonStore, P], T]) -> Callable[Concatenate[SeasonStore, P], T]:
    """One caller at a time (thread workers share a store), and SQLite's errors as one-line StoreErrors."""

    def wrapper(self: SeasonStore, /, *args: P.args, **kwargs: P.kwargs) -> T:
        with self._lock:
            try:
                return method(self, *args, **kwargs)
            except sqlite3.Error as exc:
                raise StoreError(f"{self.path}: {_explain(exc)}") from exc
            except LogError as exc:
                raise StoreError(f"{self.path}: the season's log is damaged: {exc}") from exc

    functools.update_wrapper(wrapper, method)
    return wrapper


class SeasonStore:
    """A season kept as an append-only log of actions in one SQLite file (`.keizer`).

    Every user action is one transaction and one undo step. The current season is the fold of the
    events of the actions in effect; it is cached and refreshed when another process writes.
    Use `create` or `open`, and `close` (or `with`).
    """

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn: sqlite3.Connection | None = conn
        self.path = path
        """The store's file."""
        self._lock = threading.RLock()
        self._timeline = Timeline()
        self._data_version = -1

    # ---- opening and closing -------------------------------------------------------------------

    @classmethod
    def create(cls, path: str | os.PathLike[str], season: Season, label: str = "import",
               *, timeout: float = DEFAULT_TIMEOUT) -> SeasonStore:
        """A new store holding `season` as its first action (which cannot be undone); never overwrites."""
        file = Path(path)
        first = SeasonCreated(season)
        first.apply(None)  # a season that is not valid is refused before anything touches the disk
        label = _checked_label(label)
        for side in (_side(file, "-wal"), _side(file, "-shm")):
            if side.exists():  # SQLite would take a stranger's log for this new file's own
                raise StoreError(f"{file}: a leftover {side.name} is in the way; move it elsewhere first")
        try:
            with open(file, "xb"):
                pass
        except FileExistsError:
            raise StoreError(f"{file}: already exists (a new season store never overwrites a file)") from None
        except OSError as exc:
            raise StoreError(f"{file}: cannot create the file ({exc.strerror})") from None
        conn: sqlite3.Connection | None = None
        try:
            conn = _connect(file, timeout, "rw")
            _set_pragmas(conn, file)
            store = cls(conn, file)
            with store._writing(sync=False):
                schema.migrate(conn, 0)
                store._append(label, "do", None, (first,))
            store._refresh()
            return store
        except BaseException as exc:
            if conn is not None:
                conn.close()
            for leftover in (file, _side(file, "-wal"), _side(file, "-shm")):
                leftover.unlink(missing_ok=True)  # only files this call made: the name did not exist
            if isinstance(exc, sqlite3.Error):
                raise StoreError(f"{file}: cannot create the store ({_explain(exc)})") from exc
            raise

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, timeout: float = DEFAULT_TIMEOUT) -> SeasonStore:
        """The store in `path`, migrated to this program's schema; StoreError naming the file if it is
        missing, not a season store, from a newer keizer, or damaged (such a file is left untouched)."""
        file = Path(path)
        _check_header(file)
        version = _inspect(file, timeout)
        try:
            conn = _connect(file, timeout, "rw")
        except sqlite3.Error as exc:
            raise StoreError(f"{file}: cannot open ({_explain(exc)})") from exc
        try:
            store = cls(conn, file)
            store._open(version)
            return store
        except BaseException:
            conn.close()
            raise

    @_guarded
    def _open(self, version: int) -> None:
        conn = self._connection()
        _set_pragmas(conn, self.path)
        if version < schema.current_version():
            try:
                with self._writing(sync=False):  # all migrations in one transaction: all or nothing
                    again = schema.stored_version(conn)  # another process may have migrated meanwhile
                    if again < schema.current_version():
                        schema.migrate(conn, again)
            except (sqlite3.Error, schema.NotAStore) as exc:
                raise StoreError(f"{self.path}: cannot upgrade the store from schema {version} to "
                                 f"{schema.current_version()} ({exc}); the file is unchanged") from exc
        self._refresh()

    @_guarded
    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> SeasonStore:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # ---- reading ---------------------------------------------------------------------------------

    @property
    @_guarded
    def season(self) -> Season:
        """The current season (cached; refreshed first if another process wrote)."""
        self._refresh()
        return self._timeline.season

    @_guarded
    def can_undo(self) -> bool:
        self._refresh()
        return self._timeline.undo_target is not None

    @_guarded
    def can_redo(self) -> bool:
        self._refresh()
        return self._timeline.redo_target is not None

    @_guarded
    def head(self) -> int:
        """The id of the newest action: names the current state (the season is `season_at(head())`)."""
        self._refresh()
        return self._timeline.head

    @_guarded
    def history(self) -> list[ActionInfo]:
        """Every action, oldest first."""
        self._refresh()
        effective = set(self._timeline.effective)
        return [ActionInfo(id=r.id, label=r.label, kind=r.kind, target=r.target, at=datetime.fromisoformat(r.at),
                           undone=r.kind == "do" and r.id not in effective) for r in self._timeline.rows]

    @_guarded
    def season_at(self, action_id: int) -> Season:
        """The season as it was right after action `action_id` (what was published from that state)."""
        self._refresh()
        if not 1 <= action_id <= self._timeline.head:
            raise KeizerError(f"{self.path}: there is no action {action_id} (the newest is {self._timeline.head})")
        past = Timeline()
        loaded = self._load_events(0, action_id)
        past.extend((r for r in self._timeline.rows if r.id <= action_id), lambda i: loaded.get(i, ()))
        return past.season

    @_guarded
    def action_events(self, action_id: int) -> tuple[Event, ...]:
        """The events of one action (none for an undo or redo), e.g. a pairing's meta."""
        self._refresh()
        if self._timeline.row(action_id) is None:
            raise KeizerError(f"{self.path}: there is no action {action_id} (the newest is {self._timeline.head})")
        return tuple(self._load_events(action_id - 1, action_id).get(action_id, ()))

    # ---- writing ---------------------------------------------------------------------------------

    @_guarded
    def apply(self, label: str, *events: Event) -> Season:
        """Record one user action (one undo step); every event is checked first and nothing is written
        if one does not fit (KeizerError). Returns the season after the action."""
        label = _checked_label(label)
        if not events:
            raise KeizerError(f"{label}: an action needs at least one event")
        for event in events:
            if not isinstance(event, Event):
                raise TypeError(f"not an event: {event!r}")
            if isinstance(event, SeasonCreated):
                raise KeizerError(f"{label}: a season is created only once, with SeasonStore.create")
        with self._writing():
            season = self._timeline.season  # the latest committed state: the write lock is held
            for event in events:
                season = event.apply(season)
            self._append(label, "do", None, events)
        return season

    @_guarded
    def undo(self) -> str | None:
        """Take back the latest action in effect; its label, or None if there is nothing to undo."""
        with self._writing():
            top = self._timeline.undo_target
            if top is not None:
                self._append(top.label, "undo", top.id, ())
        return None if top is None else top.label

    @_guarded
    def redo(self) -> str | None:
        """Bring back the most recently undone action; its label, or None if there is nothing to redo."""
        with self._writing():
            again = self._timeline.redo_target
            if again is not None:
                self._append(again.label, "redo", again.id, ())
        return None if again is None else again.label

    @_guarded
    def backup(self, path: str | os.PathLike[str]) -> None:
        """A consistent copy of the store, taken while it is in use; never overwrites a file."""
        target = Path(path)
        if target.exists():
            raise StoreError(f"{target}: already exists (a backup never overwrites a file)")
        try:
            fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            os.close(fd)
        except OSError as exc:
            raise StoreError(f"{target}: cannot write the backup ({exc.strerror})") from None
        tmp = Path(name)
        try:
            copy = sqlite3.connect(tmp, isolation_level=None)
            try:
                self._connection().backup(copy)
            finally:
                copy.close()
            _fsync(tmp)
            os.replace(tmp, target)  # appears whole or not at all
            _fsync(target.parent)
        except OSError as exc:
            raise StoreError(f"{target}: cannot write the backup ({exc.strerror})") from None
        finally:
            for leftover in (tmp, _side(tmp, "-wal"), _side(tmp, "-shm")):
                leftover.unlink(missing_ok=True)

    # ---- internals -------------------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(f"{self.path}: the store is closed")
        return self._conn

    @contextmanager
    def _writing(self, sync: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction: BEGIN IMMEDIATE takes the write lock (waiting for another writer up to
        the busy timeout), so the state read inside is the latest; anything raised rolls it all back."""
        conn = self._connection()
        conn.execute("BEGIN IMMEDIATE")
        try:
            if sync:
                self._sync()
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        if sync:
            self._sync()  # the cache learns of this action from the log, like of anyone else's

    def _append(self, label: str, kind: str, target: int | None, events: tuple[Event, ...]) -> None:
        conn = self._connection()
        at = datetime.now(timezone.utc).isoformat(timespec="microseconds")
        cursor = conn.execute("INSERT INTO actions (label, kind, target, at) VALUES (?, ?, ?, ?)",
                              (label, kind, target, at))
        conn.executemany("INSERT INTO events (action_id, seq, kind, payload) VALUES (?, ?, ?, ?)",
                         [(cursor.lastrowid, seq, e.kind, canonical_json(e.to_payload()))
                          for seq, e in enumerate(events)])

    def _refresh(self) -> None:
        """Catch up with the log if another connection committed since we last looked."""
        version = self._connection().execute("PRAGMA data_version").fetchone()[0]
        if version != self._data_version:
            self._sync()
            self._data_version = version

    def _sync(self) -> None:
        """Read the actions after our newest and fold them in (one query: one consistent snapshot)."""
        head = self._timeline.head
        rows: list[ActionRow] = []
        raw: dict[int, list[tuple[str, str]]] = {}
        query = ("SELECT a.id, a.label, a.kind, a.target, a.at, e.kind, e.payload FROM actions a "
                 "LEFT JOIN events e ON e.action_id = a.id WHERE a.id > ? ORDER BY a.id, e.seq")
        for aid, label, kind, target, at, ekind, payload in self._connection().execute(query, (head,)):
            if not rows or rows[-1].id != aid:
                rows.append(ActionRow(id=aid, label=label, kind=kind, target=target, at=at))
            if ekind is not None:
                raw.setdefault(aid, []).append((ekind, payload))
        if not rows:
            return

        def events_of(action_id: int) -> list[Event]:
            if action_id in raw:
                return [_decode(action_id, k, p) for k, p in raw[action_id]]
            return self._load_events(action_id - 1, action_id).get(action_id, [])  # a redo of an older one

        self._timeline.extend(rows, events_of)

    def _load_events(self, after: int, upto: int) -> dict[int, list[Event]]:
        out: dict[int, list[Event]] = {}
        for aid, kind, payload in self._connection().execute(
                "SELECT action_id, kind, payload FROM events WHERE action_id > ? AND action_id <= ? "
                "ORDER BY action_id, seq", (after, upto)):
            out.setdefault(aid, []).append(_decode(aid, kind, payload))
        return out


def _decode(action_id: int, kind: str, payload: str) -> Event:
    try:
        return event_from_payload(kind, json.loads(payload))
    except (InputError, ValueError) as exc:
        raise LogError(f"action {action_id} has an event that does not read: {exc}") from None


def _checked_label(label: str) -> str:
    if not isinstance(label, str) or not label.strip() or "\n" in label:
        raise KeizerError(f"an action's label must be one non-empty line, got {label!r}")
    return label.strip()


def _check_header(file: Path) -> None:
    """StoreError unless `file` is a readable file that starts like an SQLite database."""
    try:
        header = read_head(file, "a season store", 100)  # never blocks on a pipe, refuses a device
    except KeizerError as exc:
        raise StoreError(str(exc)) from None
    if not header.startswith(SQLITE_MAGIC):
        raise StoreError(f"{file}: not a keizer season store (not an SQLite database)")
    if len(header) < 100:
        raise StoreError(f"{file}: damaged season store (cut off after {len(header)} bytes)")


def _inspect(file: Path, timeout: float) -> int:
    """The schema version of the store in `file`, or StoreError; reads only, so that a file that is not
    ours (or is damaged) is left exactly as it was."""
    # A read-write connection that closes last checkpoints a leftover write-ahead log into the file,
    # and a read-only one leaves the -wal/-shm files it had to create: so read-only only when a log
    # is there already.
    mode = "ro" if _side(file, "-wal").exists() else "rw"
    try:
        conn = _connect(file, timeout, mode)
    except sqlite3.Error as exc:
        raise StoreError(f"{file}: cannot open ({_explain(exc)})") from exc
    try:
        version = schema.stored_version(conn)
        problem = schema.quick_check(conn)
    except schema.NotAStore as exc:
        raise StoreError(f"{file}: {exc}") from None
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{file}: damaged or not a season store ({_explain(exc)})") from None
    finally:
        conn.close()
    if problem is not None:
        raise StoreError(f"{file}: damaged season store (SQLite integrity check: {problem}); restore a backup")
    return version


def _connect(file: Path, timeout: float, mode: str) -> sqlite3.Connection:
    # A URI with mode=rw: opening never creates a missing file. The lock in SeasonStore makes sharing
    # the connection between threads safe.
    return sqlite3.connect(f"{file.resolve().as_uri()}?mode={mode}", uri=True, isolation_level=None,
                           timeout=timeout, check_same_thread=False)


def _set_pragmas(conn: sqlite3.Connection, file: Path) -> None:
    """Every connection: WAL (readers go on while one writes), full fsync on commit, foreign keys."""
    mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
    if str(mode).lower() != "wal":
        raise StoreError(f"{file}: cannot use SQLite's write-ahead log here (journal mode {mode}); keep the season on "
                         f"a local disk")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")


def _explain(exc: sqlite3.Error) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if "locked" in text or "busy" in text:
        return f"another program is writing this season and did not finish in time ({text})"
    return text


def _side(file: Path, suffix: str) -> Path:
    return file.with_name(file.name + suffix)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
