"""The club evening without a screen: one session and the small services both shells hold."""

from __future__ import annotations

from pathlib import Path

from keizer.seasons.model import Season
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.sqlite_file import DEFAULT_TIMEOUT
from keizer.evening.attendance import Attendance
from keizer.evening.classes import Classes
from keizer.evening.desk import PairingDesk
from keizer.evening.group import ChampionshipGroupService
from keizer.evening.history import History
from keizer.evening.publications import Publications
from keizer.evening.results import Results
from keizer.evening.roster import Roster
from keizer.evening.session import EveningSession
from keizer.evening.settings import Settings
from keizer.evening.standings import Standings
from keizer.evening.waiting_note import WaitingNote


class Evening:
    """A season store and the evening's services over it: each write is one store action (one undo step)."""

    def __init__(self, session: EveningSession) -> None:
        self.session = session
        """The store, the season as it stands, its revision and the replay cache."""
        self.desk = PairingDesk(session)
        """The pairing being worked on (locks, forbids, proposals) until it is accepted (the Pairing screen)."""
        self.attendance = Attendance(session, self.desk)
        """Who takes part in a round and how (the Round screen); in a paired round before its results a
        change waits on the desk for the re-pairing that keeps the accepted boards."""
        self.results = Results(session)
        """Results and no-shows (the Results screen)."""
        self.standings = Standings(session)
        """The standings, their columns and a player's card."""
        self.roster = Roster(session)
        """The players: add, edit, move, withdraw, suspend."""
        self.settings = Settings(session)
        """The season's name, ruleset and rounds planned."""
        self.history = History(session, self.desk.steps.undone)
        """Undo and redo (of the store; the desk's own steps come back in turn with them)."""
        self.classes = Classes(session)
        """D's classes: the tables after a round, the proposed moves, accepting them, starting classes."""
        self.publications = Publications(session)
        """What was published from which state, and whether the data changed since."""
        self.group = ChampionshipGroupService(session)
        """The championship group: form it, its schedule, unavailable rounds, decision games, results."""
        self.waiting_note = (WaitingNote(session.path) if session.path is not None and session.readonly is None
                             else None)
        """The note beside the store of the marks waiting on the desk (none for a season only looked at)."""
        if self.waiting_note is not None:
            self.desk.on_late = self.waiting_note.keep

    @classmethod
    def open(cls, path: str | Path, *, readonly: bool = False, timeout: float = DEFAULT_TIMEOUT) -> Evening:
        """The evening on an existing season store; KeizerError if it is not one (`EveningSession.open`:
        read-only when asked or when it cannot be written; `timeout` for another program's write lock)."""
        return cls(EveningSession.open(path, readonly=readonly, timeout=timeout))

    @classmethod
    def on(cls, store: SeasonStore, path: Path | None = None) -> Evening:
        """The evening on a store the caller opened."""
        return cls(EveningSession(store, path))

    @property
    def season(self) -> Season:
        """The season as it stands (what every screen draws)."""
        return self.session.season

    @property
    def revision(self) -> int:
        """The store's newest action: it changes with every write, undo and redo."""
        return self.session.revision

    def marks_left_behind(self) -> tuple[str, ...]:
        """What sessions that ended with marks waiting for a re-pairing left unsaved (a terminal closed, a
        connection dropped), each said once (their notes are taken), where the round is still paired without
        results — where marking them again still applies. A fact, with no way: the shell words that."""
        if self.waiting_note is None:
            return ()
        season = self.season
        return tuple(lost.said(season) for lost in self.waiting_note.left_behind()
                     if 1 <= lost.round <= len(season.rounds) and season.round(lost.round).is_paired
                     and not season.round(lost.round).has_results)

    def drop_waiting(self) -> None:
        """The director quits without the marks waiting on the desk, knowingly: nothing is said of them later."""
        if self.waiting_note is not None:
            self.waiting_note.keep(None, {})

    def close(self) -> None:
        self.session.close()
