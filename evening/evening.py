"""The club evening without a screen: one session and the small services both shells hold."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from keizer.seasons.model import Season
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.store.sqlite_file import DEFAULT_TIMEOUT
from keizer.evening.attendance import Attendance
from keizer.evening.desk.desk import PairingDesk
from keizer.evening.session import EveningSession
from keizer.evening.desk.waiting_note import WaitingNote

if TYPE_CHECKING:
    from keizer.evening.classes import Classes
    from keizer.evening.forecasts import Forecasts
    from keizer.evening.championship.service import ChampionshipGroupService
    from keizer.evening.history import History
    from keizer.evening.publications import Publications
    from keizer.evening.results import Results
    from keizer.evening.roster import Roster
    from keizer.evening.settings import Settings
    from keizer.evening.standings import Standings


class Evening:
    """A season store and the evening's services over it: each write is one store action (one undo step).
    The services the first screen does not use are made when first asked for (their modules loaded then):
    the Round screen is in sight sooner."""

    def __init__(self, session: EveningSession) -> None:
        self.session = session
        """The store, the season as it stands, its revision and the replay cache."""
        self.desk = PairingDesk(session)
        """The pairing being worked on (locks, forbids, proposals) until it is accepted (the Pairing screen)."""
        self.attendance = Attendance(session, self.desk)
        """Who takes part in a round and how (the Round screen); in a paired round before its results a
        change waits on the desk for the re-pairing that keeps the accepted boards."""
        self.waiting_note = (WaitingNote(session.path) if session.path is not None and session.readonly is None
                             else None)
        """The note beside the store of the marks waiting on the desk (none for a season only looked at)."""
        if self.waiting_note is not None:
            self.desk.on_late = self.waiting_note.keep

    @cached_property
    def results(self) -> Results:
        """Results and no-shows (the Results screen)."""
        from keizer.evening.results import Results

        return Results(self.session)

    @cached_property
    def standings(self) -> Standings:
        """The standings, their columns and a player's card."""
        from keizer.evening.standings import Standings

        return Standings(self.session)

    @cached_property
    def roster(self) -> Roster:
        """The players: add, edit, move, withdraw, suspend."""
        from keizer.evening.roster import Roster

        return Roster(self.session)

    @cached_property
    def settings(self) -> Settings:
        """The season's name, ruleset and rounds planned."""
        from keizer.evening.settings import Settings

        return Settings(self.session)

    @cached_property
    def history(self) -> History:
        """Undo and redo (of the store; the desk's own steps come back in turn with them)."""
        from keizer.evening.history import History

        return History(self.session, self.desk.steps.undone)

    @cached_property
    def classes(self) -> Classes:
        """D's classes: the tables after a round, the proposed moves, accepting them, starting classes."""
        from keizer.evening.classes import Classes

        return Classes(self.session)

    @cached_property
    def publications(self) -> Publications:
        """What was published from which state, and whether the data changed since."""
        from keizer.evening.publications import Publications

        return Publications(self.session)

    @cached_property
    def forecasts(self) -> Forecasts:
        """The forecasts kept when published (the site's title race)."""
        from keizer.evening.forecasts import Forecasts

        return Forecasts(self.session)

    @cached_property
    def group(self) -> ChampionshipGroupService:
        """The championship group: form it, its schedule, unavailable rounds, decision games, results."""
        from keizer.evening.championship.service import ChampionshipGroupService

        return ChampionshipGroupService(self.session)

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
