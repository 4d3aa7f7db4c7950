"""One open season store for an evening: the season as it stands, its revision, cached replays, commits."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from keizer.evening.ranking_fingerprint import entry_fingerprint
from keizer.evening.change import Change
from keizer.evening.ranking_words import confirmed_words
from keizer.evening.season_file import SeasonFile
from keizer.seasons.errors import KeizerError, StoreError
from keizer.seasons.load import is_store_file, require_store_file
from keizer.seasons.model import Player, PlayerId, Season
from keizer.seasons.rounds import current_round
from keizer.seasons.ruleset.model import Ruleset
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.store.sqlite_file import CANNOT_WRITE, DEFAULT_TIMEOUT, writable

if TYPE_CHECKING:
    from keizer.scoring.replay import Replay
    from keizer.seasons.store.events import Event
    from keizer.seasons.store.season_store import SeasonStore

T = TypeVar("T")

REPLAY_CACHE = 8
"""Replays kept: the rounds the screens show (this one, the one before, the standings' choice)."""

NOT_WRITABLE = "file or folder not writable"
"""Why a season opened read-only that was not asked to be (`EveningSession.open`)."""

ASKED = "as asked"
"""Why a season opened read-only when it was asked to be."""

A_SEASON_FILE = "a season file"
"""Why a season opened from a season file can only be read (`EveningSession.read`)."""


class EveningSession:
    """A season store and what every service reads from it; each change is committed before it returns."""

    def __init__(self, store: SeasonStore | SeasonFile, path: Path | None = None, readonly: str | None = None
                 ) -> None:
        self.store = store
        """The open store (its event log is the source of truth), or a season file read as one."""
        self.path = path
        """Where the store lives (None for a store opened by the caller)."""
        self.readonly = readonly or (ASKED if store.readonly else None)
        """Why the season can only be read (None: it can be written): the shells refuse an edit up front."""
        self.shown: int | None = None
        """The revision a shell shows the director (the TUI sets it; None: no check). Each write, undo and
        redo is then a compare-and-set against it, refused (`ChangedMeanwhile`, nothing written) when another
        session wrote after it; the session's own writes move it on."""
        self._replays: dict[tuple[object, ...], Replay] = {}
        self._rankings: dict[tuple[object, ...], tuple[PlayerId, ...]] = {}
        """Rankings round k is paired from (`ranking_before`), by the key of the replay they stand for."""
        self._unconfirmed: dict[tuple[object, ...], tuple[int, str]] = {}
        """Of `_rankings`, those read from the store that no replay has confirmed yet: (round, fingerprint)."""
        self.replaced = 0
        """How many kept rankings `confirm_rankings` replaced so far: a list drawn before is drawn again."""
        self._caches = threading.Lock()
        """The caches change in one step each: a shell confirms the kept rankings in a thread worker."""

    @classmethod
    def open(cls, path: str | Path, *, readonly: bool = False, timeout: float = DEFAULT_TIMEOUT) -> EveningSession:
        """A session on an existing season store; KeizerError if it is not one. It is opened read-only when
        asked, or when it cannot be written (a shared drive mounted read-only): it can still be looked at.
        `timeout`: how long a write waits for another program's write to finish."""
        path = Path(path)
        # A missing file, a folder or an empty file said as such, as `keizer log` says them.
        require_store_file(path, "not a season store (a JSON season is imported first)")
        reason = ASKED if readonly else None if writable(path) else NOT_WRITABLE
        from keizer.seasons.store.season_store import SeasonStore  # the log's modules: not for a season file

        return cls(SeasonStore.open(path, readonly=reason is not None, timeout=timeout), path, reason)

    @classmethod
    def read(cls, path: str | Path, upto_valid: bool = False) -> EveningSession:
        """A session that only reads, on a season store or a season file alike (told by its content):
        what every command that shows a season opens. KeizerError naming the file if it is neither.
        `upto_valid`: a store whose log was changed outside keizer is read as it was before the first
        changed action (`SeasonStore.tampered` says which), not refused."""
        if is_store_file(path):
            if not upto_valid:
                return cls.open(path, readonly=True)
            from keizer.seasons.store.season_store import SeasonStore

            return cls(SeasonStore.open(path, upto_valid=True), Path(path), ASKED)
        return cls(SeasonFile.open(path), Path(path), A_SEASON_FILE)

    def close(self) -> None:
        self.store.close()

    @property
    def season(self) -> Season:
        return self.store.season

    @property
    def revision(self) -> int:
        """The newest action of the store's log: changes with every write, undo and redo (also another
        process's), so screens and caches compare it."""
        return self.store.head()

    @property
    def season_revision(self) -> int:
        """The newest action that changed the season: `revision` but for the records after it (a check-in at
        the door, a report from a board, a publication), which change nothing the pairing desk reads."""
        return self.store.last_change()

    @property
    def ruleset(self) -> Ruleset:
        return parse_ruleset(self.season.ruleset_spec)

    def current_round(self) -> int:
        """Tonight's round (`seasons.rounds.current_round`)."""
        return current_round(self.season)

    def replay(self, upto: int) -> Replay:
        """The replay of rounds 1..upto of the season as it stands, cached on everything it reads: marking
        someone absent in round K does not recompute the ranking after round K − 1."""
        season = self.season
        key = self._replay_key(upto)
        made = self._replays.get(key)  # one look: the worker confirming kept rankings may change the cache
        if made is None:
            from keizer.scoring.replay import replay  # numpy and polars: loaded by the first replay, not a mark

            made = replay(season, upto)
            with self._caches:
                if len(self._replays) >= REPLAY_CACHE:
                    self._replays.pop(next(iter(self._replays)))  # the oldest
                self._replays[key] = made
        return made

    def _replay_key(self, upto: int) -> tuple[object, ...]:
        """Everything a replay of rounds 1..upto reads (`ranking_fingerprint.NOT_READ` names the rest)."""
        season = self.season
        return (upto, season.players, season.withdrawals, season.rounds_planned, season.rounds[:upto],
                season.class_moves,  # no score depends on them, but the table's class column does
                season.championship,  # K's separate final group holds its places (scoring/replay.py)
                json.dumps(season.ruleset_spec, sort_keys=True))

    def ranking_before(self, k: int) -> tuple[PlayerId, ...]:
        """The ranking round k is paired from: after round k − 1, with the players who join or leave at k.
        Read from the store when a replay of the same season and code kept it there (a season opens on its
        round without loading the scoring engine), else replayed and kept. One read from the store is derived
        data not yet believed (`unconfirmed`): it orders a list on a screen at once, and `confirm_rankings`
        replays it before anything is decided from it (a pairing always replays)."""
        key = self._replay_key(k - 1)
        if (ranking := self._rankings.get(key)) is not None:
            return ranking
        fingerprint = entry_fingerprint(self.season, k)
        kept = self.store.kept_ranking(fingerprint) if fingerprint is not None else None
        if kept is not None and fingerprint is not None and self._could_be_ranking(kept):
            ranking = tuple(PlayerId(pid) for pid in kept)
            with self._caches:
                self._unconfirmed[key] = (k, fingerprint)
        else:
            ranking = self.replay(k - 1).entry_ranking(k)[0]
            if fingerprint is not None:
                self.store.keep_ranking(fingerprint, ranking)
        self._cache_ranking(key, ranking)
        return ranking

    @property
    def unconfirmed(self) -> bool:
        """A ranking read from the store is in use that no replay has confirmed yet (`confirm_rankings`)."""
        return bool(self._unconfirmed)

    def confirm_rankings(self) -> tuple[str, ...]:
        """Replay every ranking read from the store and in use, and replace one the replay does not give (a
        table changed by hand under its own fingerprint: reordered, or short of a player, whom a list would
        hide) — in use and in the store; what was replaced, in words (nothing for those confirmed). A shell
        calls it once it has drawn a list from a kept ranking (a thread worker: it loads the scoring engine),
        and draws again when it says something. One for a season changed meanwhile is dropped, read again when
        asked for."""
        said = []
        for key, (k, fingerprint) in list(self._unconfirmed.items()):
            if key != self._replay_key(k - 1):  # the season moved on: it is no longer the one in use
                with self._caches:
                    self._unconfirmed.pop(key, None)
                    self._rankings.pop(key, None)
                continue
            replayed = self.replay(k - 1).entry_ranking(k)[0]
            kept = self._rankings.get(key, ())
            if replayed != kept:
                self._cache_ranking(key, replayed)
                self.store.keep_ranking(fingerprint, replayed)
                self.replaced += 1
                said.append(confirmed_words(k, kept, replayed, lambda pid: self.season.player(PlayerId(pid)).name))
            with self._caches:
                self._unconfirmed.pop(key, None)
        return tuple(said)

    def _cache_ranking(self, key: tuple[object, ...], ranking: tuple[PlayerId, ...]) -> None:
        with self._caches:
            if key not in self._rankings and len(self._rankings) >= REPLAY_CACHE:
                oldest = next(iter(self._rankings))
                self._rankings.pop(oldest)
                self._unconfirmed.pop(oldest, None)
            self._rankings[key] = ranking

    def _could_be_ranking(self, ids: tuple[str, ...]) -> bool:
        """A kept ranking names players of the season, each once: a table changed by hand that does not is
        replayed instead (one that reorders them, or leaves one out, is told by `confirm_rankings`)."""
        return len(set(ids)) == len(ids) and all(self.season.has_player(PlayerId(pid)) for pid in ids)

    def player(self, pid: str) -> Player:
        """The player with this id; KeizerError when there is none."""
        if not self.season.has_player(PlayerId(pid)):
            raise KeizerError(f"unknown player {pid!r}")
        return self.season.player(PlayerId(pid))

    def commit(self, label: str, *events: Event, expect_head: int | None = None, exact: bool = False) -> str:
        """One user action = one transaction = one undo step; committed before this returns. With
        `expect_head` (the revision the events were computed from) it is a compare-and-set: refused
        (`ChangedMeanwhile`, nothing written) if a change came after it (`exact`: any action, a record
        too — a write computed from the records, `evening/live/`)."""
        self._checked(lambda head: self.store.apply(label, *events, expect_head=head, exact=exact), expect_head)
        return label

    def undo(self, expect_head: int | None = None) -> str | None:
        """Take back the latest action in effect (its label; None: nothing to undo), checked as `commit`."""
        return self._checked(lambda head: self.store.undo(expect_head=head), expect_head)

    def redo(self, expect_head: int | None = None) -> str | None:
        """Bring back the action undone last (its label; None: nothing to redo), checked as `commit`."""
        return self._checked(lambda head: self.store.redo(expect_head=head), expect_head)

    def _checked(self, write: Callable[[int | None], T], expect_head: int | None = None) -> T:
        """A write checked against `expect_head`, else against what the shell shows. When it was what the shell
        shows and something was written, the shell shows it next (its screens follow): the next write is
        checked against it, never against an action another session wrote meanwhile."""
        if self.readonly == NOT_WRITABLE:  # opened read-only for this reason: say where to look
            raise StoreError(f"{self.path}: {CANNOT_WRITE}; nothing was changed")
        expected = self.shown if expect_head is None else expect_head
        before = self.store.written
        result = write(expected)
        if self.shown is not None and expected == self.shown and self.store.written != before:
            self.shown = self.store.written
        return result

    def apply(self, change: Change, expect_head: int | None = None) -> str:
        """Commit a change a service prepared (the pairing desk's accept and clear; `keizer pair --save`)."""
        return self.commit(change.label, *change.events, expect_head=expect_head)
