"""SeasonStore: one season in one SQLite file, its append-only action log, undo and redo."""

from __future__ import annotations

import functools
import os
import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Callable, Concatenate, Iterator, Literal, ParamSpec, TypeVar

from keizer.seasons.errors import KeizerError, StoreError
from keizer.seasons.limits import MAX_FILE_BYTES
from keizer.seasons.model import Season
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.season_length import require_length
from keizer.seasons.store import chain, kept_rankings, live_tables, log_queries, schema
from keizer.seasons.store.chain import LogHead
from keizer.seasons.store.building import build_store, copy_store
from keizer.seasons.store.events import Event, SeasonCreated
from keizer.seasons.store.log_head import given_head_problem, head_problem, kinds_problem, marks_problem, one_snapshot
from keizer.seasons.store.log_rows import ActionInfo, append_action, read_after
from keizer.seasons.store.forecast_events import ForecastKept
from keizer.seasons.store.live_tables import Guesses, Pass
from keizer.seasons.store.published import Published
from keizer.seasons.store.sqlite_file import DEFAULT_TIMEOUT, SQLITE_MAGIC, explain, open_store_file, set_pragmas
from keizer.seasons.store.timeline import LogError, Timeline
from keizer.seasons.store.upgrade import head_digest, keep_backup, migrate_stored, upgrade_failed
from keizer.seasons.store.write_checks import check_events, check_head, checked_label

__all__ = ["DEFAULT_TIMEOUT", "SQLITE_MAGIC", "ActionInfo", "SeasonStore"]

P = ParamSpec("P")
T = TypeVar("T")
E = TypeVar("E", bound=Event)


def _guarded(method: Callable[Concatenate[SeasonStore, P], T]) -> Callable[Concatenate[SeasonStore, P], T]:
    """One caller at a time (thread workers share a store), and SQLite's errors as one-line StoreErrors."""

    def wrapper(self: SeasonStore, /, *args: P.args, **kwargs: P.kwargs) -> T:
        with self._lock:
            try:
                return method(self, *args, **kwargs)
            except sqlite3.Error as exc:
                raise StoreError(f"{self.path}: {explain(exc)}") from exc
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

    def __init__(self, conn: sqlite3.Connection, path: Path, *, readonly: bool = False, version: int = 0,
                 upto_valid: bool = False) -> None:
        self._conn: sqlite3.Connection | None = conn
        self.path = path
        """The store's file."""
        self.readonly = readonly
        """Opened for reading only: no write, no migration, no change of journal mode."""
        self.tampered: str | None = None
        """With `upto_valid`: where the log stops being keizer's own (the season is the state before)."""
        self._upto_valid = upto_valid
        self._version = version or schema.current_version()
        self._lock = threading.RLock()
        self._timeline = Timeline()
        self._digests: dict[int, str] = {0: chain.GENESIS}
        self._data_version = -1
        self.written: int | None = None
        """The id of the action this store wrote last (None: none yet): a shell that checks each write against
        the state it shows follows its own writes with it, and nobody else's."""

    # ---- opening and closing -------------------------------------------------------------------

    @classmethod
    def create(cls, path: str | os.PathLike[str], season: Season, label: str = "import",
               *, timeout: float = DEFAULT_TIMEOUT) -> SeasonStore:
        """A new store holding `season` as its first action (which cannot be undone); never overwrites.
        Built whole in a temp file beside it and then given its name: a kill leaves no store or a whole one."""
        cls.build(path, season, label, timeout=timeout)
        return cls.open(Path(path), timeout=timeout)

    @staticmethod
    def build(path: str | os.PathLike[str], season: Season, label: str = "import", *,
              timeout: float = DEFAULT_TIMEOUT, checked: bool = False) -> None:
        """`create` without opening the store after: an import that only makes the file does not read its
        whole log back and replay it (a large season's import spent as long on that as on the file).
        `checked`: the season was just read by the season file's own check (`season_from_json`, as every
        reader of another program's file ends) and changed since only in what was checked on the way (its
        name, its rounds planned), so it is not checked a second time; it is refused if its season file
        would be larger than keizer reads (MAX_FILE_BYTES), so that its export can be imported again."""
        file = Path(path)
        first = SeasonCreated(season)
        require_length(parse_ruleset(season.ruleset_spec), season.rounds_planned)  # docs/rules.md §3
        if not checked:
            first.apply(None)  # a season that is not valid is refused before anything touches the disk
        # A season read from another program: never larger than keizer reads back, so its export imports again.
        build_store(file, first, checked_label(label), timeout, checked, MAX_FILE_BYTES if checked else None)

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, timeout: float = DEFAULT_TIMEOUT, readonly: bool = False,
             upto_valid: bool = False) -> SeasonStore:
        """The store in `path`; StoreError naming the file if it is missing, not a season store as keizer
        wrote it (a foreign trigger, a missing table), from a newer keizer, or damaged (such a file is
        left untouched). An older store is read as it is, and upgraded (after a backup copy beside it)
        by its first write; `readonly` refuses every write. `upto_valid` (read-only) opens a
        log changed outside keizer up to the first changed action, named in `tampered`."""
        file = Path(path)
        readonly = readonly or upto_valid
        conn, version = open_store_file(file, timeout, readonly)
        try:
            store = cls(conn, file, readonly=readonly, version=version, upto_valid=upto_valid)
            store._open()
            return store
        except BaseException:
            conn.close()
            raise

    @_guarded
    def _open(self) -> None:
        conn = self._connection()
        if self.readonly:
            conn.execute("PRAGMA query_only=ON")
        self._refresh()
        if self._timeline.head == 0 and self.tampered is not None:
            raise StoreError(f"{self.path}: the season's log is damaged: {self.tampered}")
        if self._timeline.head == 0:
            raise StoreError(f"{self.path}: damaged season store (its log is empty: no season was ever created)")
        if not self.readonly and self._version == schema.current_version():
            # Once the store is read and found sound: a refused store's file is left as it was (the
            # journal mode is written into it). An older store is left as it is until its first write.
            set_pragmas(conn, self.path)

    def _upgrade(self) -> None:
        """Bring an older store to this program's schema, after a copy of it is kept beside it: the first
        write to it does this, never a read."""
        before, conn = self._version, self._connection()
        set_pragmas(conn, self.path)
        keep_backup(conn, self.path, before)
        try:
            with self._writing(sync=False):  # all migrations in one transaction: all or nothing
                migrate_stored(conn)
        except (sqlite3.Error, schema.NotAStore) as exc:
            raise upgrade_failed(self.path, before, exc) from exc
        self._version = schema.current_version()
        if self._chained:  # the log was folded before it had a chain: what follows is checked from here
            self._digests[self._timeline.head] = head_digest(conn, self._timeline.head)

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
    def last_change(self) -> int:
        """The newest action that changed the season: `head()` but for the records after it (a check-in, a
        report, a publication), which change nothing (`Timeline.last_change`)."""
        self._refresh()
        return self._timeline.last_change

    @_guarded
    def history(self, after: int = 0) -> list[ActionInfo]:
        """Every action (after action `after`), oldest first."""
        self._refresh()
        return log_queries.history(self._timeline, after)

    @_guarded
    def season_at(self, action_id: int) -> Season:
        """The season as it was right after action `action_id` (what was published from that state)."""
        self._refresh()
        if not 1 <= action_id <= self._timeline.head:
            raise self._no_action(action_id)
        return log_queries.season_at(self._connection(), self._timeline, action_id)

    @_guarded
    def action_events(self, action_id: int) -> tuple[Event, ...]:
        """The events of one action (none for an undo or redo), e.g. a pairing's meta."""
        self._refresh()
        if self._timeline.row(action_id) is None:
            raise self._no_action(action_id)
        return log_queries.action_events(self._connection(), action_id)

    @_guarded
    def suspension_action(self, player: str) -> tuple[Event, ...]:
        """The events of the action in effect that last suspended or readmitted `player`; none if no action
        did (`log_queries.suspension_action`): tells a suspension a no-show set from one set on its own."""
        self._refresh()
        return log_queries.suspension_action(self._connection(), self._timeline, player)

    @_guarded
    def publications(self) -> tuple[tuple[int, Published], ...]:
        """The `published` records in effect (an undone one is not), as (action id, event), oldest first."""
        self._refresh()
        return log_queries.publications(self._connection(), self._timeline)

    @_guarded
    def forecasts(self) -> tuple[tuple[int, ForecastKept], ...]:
        """The forecasts kept when published, in effect, as (action id, event), oldest first."""
        self._refresh()
        return log_queries.kept_forecasts(self._connection(), self._timeline)

    @_guarded
    def log_head(self, upto: int | None = None) -> LogHead | None:
        """The log's head as of action `upto` (default: the newest): that action and its checksum, which covers
        it and every action before; None for a store that keeps no checksums (schema < 5, until a write)."""
        self._refresh()
        action = self._timeline.head if upto is None else upto
        digest = self._digests.get(action) if self._chained and action > 0 else None
        return None if digest is None else LogHead(action, digest)

    @_guarded
    def holds_head(self, text: str) -> tuple[str | None, str]:
        """A head written down elsewhere (`keizer validate --head`) against this log: (the problem, None when
        the log holds it; what was found). KeizerError when `text` is no head."""
        self._refresh()
        digests = {aid: d for aid, d in self._digests.items() if aid > 0}
        return given_head_problem(text, digests, self._timeline.head, self._chained)

    @_guarded
    def verify(self) -> tuple[str, ...]:
        """Every problem of the store, none if it is sound (`log_queries.problems`: SQLite's integrity
        check, the tables and triggers, the checksum chain, the whole log folded again with a write's checks)."""
        self._refresh()
        return log_queries.problems(self._connection(), self._version, self._timeline, self.tampered)

    @_guarded
    def records_of(self, kind: type[E], after: int = 0) -> tuple[tuple[int, str, E], ...]:
        """The events of one kind in effect after action `after`, as (action id, when (UTC ISO), event),
        oldest first: the live evening's arrivals and reports, read from the log."""
        self._refresh()
        if after >= self._timeline.head:
            return ()
        return tuple((aid, row.at, event) for aid, event in log_queries.in_effect(self._connection(), self._timeline,
                                                                                  kind, after)
                     if (row := self._timeline.row(aid)) is not None)

    # ---- the live evening's tables beside the log (live_tables.py) ---------------------------------------

    @_guarded
    def live_passes(self, day: str) -> tuple[Pass, ...]:
        """The kiosk's passes made for the evening `day` (none in a store before schema 14)."""
        if self._version < schema.LIVE_VERSION:
            return ()
        return live_tables.passes(self._connection(), day)

    @_guarded
    def add_live_pass(self, k: int, day: str, digest: str, at: str) -> int:
        """A new kiosk pass for round k on the evening `day` (its code's `digest`); its id. Not in the log."""
        with self._writing() as conn:
            return live_tables.add_pass(conn, k, day, digest, at)

    @_guarded
    def use_live_pass(self, pass_id: int, at: str) -> bool:
        """A tablet paired with a pass: True once, False when it was used or ended already."""
        with self._writing() as conn:
            return live_tables.use_pass(conn, pass_id, at)

    @_guarded
    def end_live_passes(self, day: str, at: str) -> int:
        """The kiosk switched off for the evening `day`: how many passes were on."""
        if self._version < schema.LIVE_VERSION:
            return 0
        with self._writing() as conn:
            return live_tables.end_passes(conn, day, at)

    @_guarded
    def live_guesses(self, day: str) -> tuple[Guesses, ...]:
        """The wrong codes counted on the evening `day`, by target (none before schema 14)."""
        if self._version < schema.LIVE_VERSION:
            return ()
        return live_tables.guesses(self._connection(), day)

    @_guarded
    def guessed_wrong(self, day: str, target: str, at: str) -> int:
        """One more wrong code for `target` on the evening `day`: how many now."""
        with self._writing() as conn:
            return live_tables.guessed_wrong(conn, day, target, at)

    @_guarded
    def forgive_guesses(self, day: str, target: str) -> bool:
        """The wrong codes of `target` on the evening `day` forgotten (a new code was given)."""
        if self._version < schema.LIVE_VERSION:
            return False
        with self._writing() as conn:
            return live_tables.forgive(conn, day, target)

    @_guarded
    def kept_ranking(self, fingerprint: str) -> tuple[str, ...] | None:
        """The ranking kept under `fingerprint` (`keep_ranking`), None when none is."""
        if self._version < schema.KEPT_RANKINGS_VERSION:
            return None
        try:
            return kept_rankings.read(self._connection(), fingerprint)
        except sqlite3.Error:  # only a cache: the caller replays
            return None

    @_guarded
    def kept_rankings(self) -> tuple[tuple[str, tuple[str, ...] | None], ...]:
        """Every ranking kept (`keep_ranking`), oldest first, under its fingerprint; None for one that is not a
        list of ids (changed by hand). None kept in an older store."""
        if self._version < schema.KEPT_RANKINGS_VERSION:
            return ()
        return tuple(kept_rankings.every(self._connection()))

    @_guarded
    def keep_ranking(self, fingerprint: str, ranking: tuple[str, ...]) -> bool:
        """Keep a ranking a replay found (`kept_rankings.py`), at once or not at all: True when kept. Not in
        the log and no undo step; never waits for another writer, never upgrades an older store (a read does
        not), never writes a store opened read-only."""
        if self.readonly or self.tampered is not None or self._version < schema.KEPT_RANKINGS_VERSION:
            return False
        conn = self._connection()
        waits = int(conn.execute("PRAGMA busy_timeout").fetchone()[0])
        conn.execute("PRAGMA busy_timeout = 0")
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error:  # another program writes: the ranking is kept another time
            return False
        finally:
            conn.execute(f"PRAGMA busy_timeout = {waits}")
        try:
            kept_rankings.keep(conn, fingerprint, ranking)
            conn.execute("COMMIT")
        except sqlite3.Error:  # a full disk, a file made read-only meanwhile: nothing lost but the time
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            return False
        return True

    # ---- writing ---------------------------------------------------------------------------------

    @_guarded
    def apply(self, label: str, *events: Event, expect_head: int | None = None, exact: bool = False) -> Season:
        """Record one user action (one undo step); every event is checked first and nothing is written
        if one does not fit (KeizerError). Returns the season after the action. With `expect_head`
        (the `head()` the events were computed from) it is a compare-and-set: ChangedMeanwhile, and
        nothing written, if a change came after it (`exact`: any action, a record too; `check_head`)."""
        label = checked_label(label)
        check_events(label, events)
        with self._writing(expect_head, exact=exact):
            season = self._timeline.season  # the latest committed state: the write lock is held
            for event in events:
                season = event.apply(season)
            written = append_action(self._connection(), label, "do", None, events, self._chained, self._marked)
        self.written = written  # once committed
        return season

    @_guarded
    def undo(self, *, expect_head: int | None = None) -> str | None:
        """Take back the latest action in effect; its label, or None if there is nothing to undo.
        `expect_head`: as for `apply`."""
        return self._step("undo", expect_head)

    @_guarded
    def redo(self, *, expect_head: int | None = None) -> str | None:
        """Bring back the most recently undone action; its label, or None if there is nothing to redo.
        `expect_head`: as for `apply`."""
        return self._step("redo", expect_head)

    @_guarded
    def backup(self, path: str | os.PathLike[str]) -> None:
        """A consistent copy of the store, taken while it is in use; never overwrites a file. Built in a
        temp file beside it (one a killed backup left is removed by the next), then given its name."""
        copy_store(self._connection(), Path(path))

    # ---- internals -------------------------------------------------------------------------------

    @property
    def _chained(self) -> bool:
        return self._version >= schema.CHAIN_VERSION

    @property
    def _marked(self) -> bool:
        return self._version >= schema.MARK_VERSION

    def _step(self, kind: Literal["undo", "redo"], expect_head: int | None) -> str | None:
        """An undo or a redo of the action it takes back or brings back, chosen inside the write lock (the
        latest state); that action's label, or None when there is none (nothing is written)."""
        written: int | None = None
        with self._writing(expect_head):
            target = self._timeline.undo_target if kind == "undo" else self._timeline.redo_target
            if target is not None:
                written = append_action(self._connection(), target.label, kind, target.id, (), self._chained,
                                        self._marked)
        if written is not None:
            self.written = written  # once committed
        return None if target is None else target.label

    def _no_action(self, action_id: int) -> KeizerError:
        return KeizerError(f"{self.path}: there is no action {action_id} (the newest is {self._timeline.head})")

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(f"{self.path}: the store is closed")
        return self._conn

    @contextmanager
    def _writing(self, expect_head: int | None = None, sync: bool = True, exact: bool = False
                 ) -> Iterator[sqlite3.Connection]:
        """One write transaction: BEGIN IMMEDIATE takes the write lock (waiting for another writer up to
        the busy timeout), so the state read inside is the latest; anything raised rolls it all back.
        `expect_head`: refuse (ChangedMeanwhile) unless the newest action is still that one."""
        if self.readonly:
            raise StoreError(f"{self.path}: opened read-only; nothing was changed")
        if sync:
            self._refresh()  # another process may have upgraded the store meanwhile: no second upgrade then
        if sync and self._version < schema.current_version():
            self._upgrade()
        conn = self._connection()
        try:
            conn.execute("BEGIN IMMEDIATE")  # waits up to the busy timeout for another writer
        except sqlite3.OperationalError as exc:
            again = ": try again" if "locked" in str(exc) or "busy" in str(exc) else ""
            raise StoreError(f"{self.path}: {explain(exc)}; nothing was saved{again}") from exc
        try:
            if sync:
                self._sync()
            check_head(self.path, self._timeline, expect_head, exact)
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        if sync:
            self._sync()  # the cache learns of this action from the log, like of anyone else's

    def _refresh(self) -> None:
        """Catch up with the log if another connection committed since we last looked."""
        version = self._connection().execute("PRAGMA data_version").fetchone()[0]
        if version != self._data_version:
            self._sync()
            self._data_version = version

    def _sync(self) -> None:
        """Read the actions after our newest, check their checksums, the kinds of their events and the head
        the store recorded, and fold them in."""
        if self.tampered is not None:
            return  # opened up to the first changed action: what follows it is not read
        conn = self._connection()
        with one_snapshot(conn):  # the log, the head it recorded and its schema as of one commit
            try:
                version = schema.stored_version(conn)
            except schema.NotAStore as exc:
                raise StoreError(f"{self.path}: {exc}") from None
            self._follow(version)
            batch = read_after(conn, self._timeline.head, chained=self._chained)
            recorded = chain.recorded_head(conn)
        rows, problem = batch.unbroken(self._digests, self._timeline.head)
        kinds = [(r.id, [k for k, _ in batch.raw.get(r.id, ())]) for r in rows]
        bad = [b for b in (kinds_problem(self._version, kinds), marks_problem(self._version, [(r.id, r.at) for r in rows]))
               if b is not None]
        if bad:  # the schema version was set back: the first action it cannot hold, and what follows, are not read
            first = min(bad)
            rows, problem = [r for r in rows if r.id < first[0]], first[1]
        if problem is None:
            head = rows[-1].id if rows else self._timeline.head
            problem = head_problem(self._version, recorded, head, self._digests.get(head))
        if problem is not None:
            if not self._upto_valid:
                raise LogError(problem)
            self.tampered = problem
        if rows:
            self._timeline.extend(rows, lambda aid: batch.events_of(aid, conn))


    def _follow(self, version: int) -> None:
        """The schema the file has now, which another process's first write may have upgraded since this one
        opened it: the log is read as of it from here on (a schema set back meanwhile is a LogError)."""
        if version < self._version:
            raise LogError(f"the log was changed outside keizer: its schema version was set back from "
                           f"{self._version} to {version} while it was open")
        if version > self._version:
            chained_now = not self._chained and version >= schema.CHAIN_VERSION
            self._version = version
            if chained_now and self._timeline.head:  # chained as it was by that upgrade: checked from there on
                self._digests[self._timeline.head] = head_digest(self._connection(), self._timeline.head)


def validate_store(path: str | os.PathLike[str]) -> tuple[str, ...]:
    """Every problem of the store in `path` (none: it is sound), read without changing it: why it does
    not open, or what `SeasonStore.verify` finds."""
    try:
        with SeasonStore.open(path, upto_valid=True) as store:
            return store.verify()
    except KeizerError as exc:
        return (str(exc),)


def validate_head(path: str | os.PathLike[str], head: str) -> tuple[str | None, str]:
    """Whether the log of the store in `path` still holds `head`, one kept outside it (`SeasonStore.holds_head`):
    (the problem, None when it does; what was found). KeizerError when `head` is no head, before the store
    is read."""
    if LogHead.parse(head) is None:
        given_head_problem(head, {}, 0, True)  # says what a head looks like
    with SeasonStore.open(path, readonly=True) as store:
        return store.holds_head(head)
