"""The club evening without a screen: the one way every shell reads and changes a season, its services."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import Season
from keizer.seasons.ruleset.model import Ruleset
from keizer.seasons.store.sqlite_file import DEFAULT_TIMEOUT
from keizer.evening.session import A_SEASON_FILE, EveningSession

WRITE_WAIT_SECONDS = 3.0
"""How long a write waits for another program's write to finish before it is refused (SQLite's busy timeout)
where a person waits for it: the TUI's screen is not drawn meanwhile, and a keizer command writes in a few
milliseconds."""

if TYPE_CHECKING:
    from keizer.seasons.store.season_store import SeasonStore
    from keizer.evening.attendance import Attendance
    from keizer.evening.desk.desk import PairingDesk
    from keizer.evening.desk.waiting_note import WaitingNote
    from keizer.evening.classes import Classes
    from keizer.evening.forecasts import Forecasts
    from keizer.evening.championship.service import ChampionshipGroupService
    from keizer.evening.history import History
    from keizer.evening.live.boards import BoardReports
    from keizer.evening.live.door import Door
    from keizer.evening.live.tonight import Tonight
    from keizer.evening.publications import Publications
    from keizer.evening.results import Results
    from keizer.evening.roster import Roster
    from keizer.evening.settings import Settings
    from keizer.evening.standings import Standings


class Evening:
    """A season and the evening's services over it — the one way a shell reads or changes a season: each
    write is one store action (one undo step). A season store opens with `open` (to change it) or `read`, a
    season file with `read` alike. Each service is made when first asked for (its modules loaded then): a
    mark loads no scoring, the Round screen is in sight sooner, a season file loads no store."""

    def __init__(self, session: EveningSession) -> None:
        self._session = session
        """The store, the season as it stands, its revision and the replay cache: the evening's own."""

    @cached_property
    def desk(self) -> PairingDesk:
        """The pairing being worked on (locks, forbids, proposals) until it is accepted (the Pairing screen)."""
        from keizer.evening.desk.desk import PairingDesk

        desk = PairingDesk(self._session)
        if self.waiting_note is not None:
            desk.on_late = self.waiting_note.keep
        return desk

    @cached_property
    def attendance(self) -> Attendance:
        """Who takes part in a round and how (the Round screen); in a paired round before its results a
        change waits on the desk for the re-pairing that keeps the accepted boards."""
        from keizer.evening.attendance import Attendance

        return Attendance(self._session, self.desk)

    @cached_property
    def waiting_note(self) -> WaitingNote | None:
        """The note beside the store of the marks waiting on the desk (none for a season only looked at)."""
        if self._session.path is None or self._session.readonly is not None:
            return None
        from keizer.evening.desk.waiting_note import WaitingNote

        return WaitingNote(self._session.path)

    @cached_property
    def results(self) -> Results:
        """Results and no-shows (the Results screen)."""
        from keizer.evening.results import Results

        return Results(self._session)

    @cached_property
    def standings(self) -> Standings:
        """The standings, their columns and a player's card."""
        from keizer.evening.standings import Standings

        return Standings(self._session)

    @cached_property
    def roster(self) -> Roster:
        """The players: add, edit, move, withdraw, suspend."""
        from keizer.evening.roster import Roster

        return Roster(self._session)

    @cached_property
    def settings(self) -> Settings:
        """The season's name, ruleset and rounds planned."""
        from keizer.evening.settings import Settings

        return Settings(self._session)

    @cached_property
    def history(self) -> History:
        """Undo and redo (of the store; the desk's own steps come back in turn with them)."""
        from keizer.evening.history import History

        return History(self._session, self.desk.steps.undone)

    @cached_property
    def classes(self) -> Classes:
        """D's classes: the tables after a round, the proposed moves, accepting them, starting classes."""
        from keizer.evening.classes import Classes

        return Classes(self._session)

    @cached_property
    def publications(self) -> Publications:
        """What was published from which state, and whether the data changed since."""
        from keizer.evening.publications import Publications

        return Publications(self._session)

    @cached_property
    def forecasts(self) -> Forecasts:
        """The forecasts kept when published (the site's title race)."""
        from keizer.evening.forecasts import Forecasts

        return Forecasts(self._session)

    @cached_property
    def championship(self) -> ChampionshipGroupService:
        """The championship group: form it, its schedule, unavailable rounds, decision games, results."""
        from keizer.evening.championship.service import ChampionshipGroupService

        return ChampionshipGroupService(self._session)

    @cached_property
    def tonight(self) -> Tonight:
        """The live evening (`keizer serve`): tonight's round and whether it takes requests, the codes' guard,
        what came from the door and the boards (docs/live.md)."""
        from keizer.evening.live.tonight import Tonight

        return Tonight(self._session)

    @cached_property
    def door(self) -> Door:
        """The kiosk at the entrance: the director's switch, the tablet it pairs, check-ins and arrivals."""
        from keizer.evening.live.door import Door

        return Door(self._session, self.tonight, self.attendance)

    @cached_property
    def reports(self) -> BoardReports:
        """Results from the boards: the boards' codes, the players' reports, the director taking them."""
        from keizer.evening.live.boards import BoardReports

        return BoardReports(self._session, self.tonight, self.results)

    @classmethod
    def open(cls, path: str | Path, *, readonly: bool = False, timeout: float = DEFAULT_TIMEOUT) -> Evening:
        """The evening on an existing season store; KeizerError if it is not one (`EveningSession.open`:
        read-only when asked or when it cannot be written; `timeout` for another program's write lock)."""
        return cls(EveningSession.open(path, readonly=readonly, timeout=timeout))

    @classmethod
    def read(cls, path: str | Path, upto_valid: bool = False) -> Evening:
        """The evening on a season store or a season file, only to read it (told by the file's content,
        KeizerError naming it if it is neither): what every command that shows a season opens. `upto_valid`:
        a store whose log was changed outside keizer as it was before the first changed action."""
        return cls(EveningSession.read(path, upto_valid))

    @classmethod
    def of(cls, season: Season) -> Evening:
        """The evening on a season in memory, only to read it (a season built by a program, a test)."""
        from keizer.evening.season_file import SeasonFile

        return cls(EveningSession(SeasonFile(season), None, A_SEASON_FILE))

    @classmethod
    def on(cls, store: SeasonStore, path: Path | None = None) -> Evening:
        """The evening on a store the caller opened."""
        return cls(EveningSession(store, path))

    @property
    def season(self) -> Season:
        """The season as it stands (what every screen draws)."""
        return self._session.season

    @property
    def revision(self) -> int:
        """The store's newest action: it changes with every write, undo and redo (0 for a season file)."""
        return self._session.revision

    @property
    def season_revision(self) -> int:
        """The newest action that changed the season: `revision` but for the records after it (a check-in at
        the door, a report from a board, a publication), after which the season is the same."""
        return self._session.season_revision

    @property
    def ruleset(self) -> Ruleset:
        """The season's ruleset, parsed and checked."""
        return self._session.ruleset

    @property
    def path(self) -> Path | None:
        """Where the season lives (None for a store opened by the caller)."""
        return self._session.path

    @property
    def readonly(self) -> str | None:
        """Why the season can only be read ("as asked", "file or folder not writable", "a season file"),
        or None when it can be changed: a shell refuses an edit up front."""
        return self._session.readonly

    def current_round(self) -> int:
        """Tonight's round (`seasons.rounds.current_round`)."""
        return self._session.current_round()

    @property
    def shown(self) -> int | None:
        """The revision the shell shows (None: no check): every write, undo and redo is a compare-and-set
        against it, refused (`ChangedMeanwhile`, nothing written) when another program wrote after it."""
        return self._session.shown

    def show(self, revision: int | None) -> None:
        """The shell now shows the season at `revision`: later writes are checked against it."""
        self._session.shown = revision

    @property
    def written(self) -> int | None:
        """The action this evening committed last (None: it wrote nothing), never another program's."""
        return self._session.store.written

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

    def backup(self, target: str | Path) -> None:
        """A consistent copy of the season store with its whole history at `target` (never over a file),
        even while another program writes to it."""
        from keizer.seasons.store.season_store import SeasonStore

        if not isinstance(self._session.store, SeasonStore):
            raise KeizerError(f"{self.path}: a season file has no history to copy; copy the file itself")
        self._session.store.backup(target)

    def close(self) -> None:
        self._session.close()

    def __enter__(self) -> Evening:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
