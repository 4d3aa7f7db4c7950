"""Tonight: which round is played, on which evening, whether the live evening takes requests now — and what
guards its codes (the store's secret, the wrong codes counted), and what the director is told of it."""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from keizer.seasons.absence import round_date
from keizer.seasons.rounds import past_the_season
from keizer.seasons.store.events import ResultSet
from keizer.seasons.store.live_events import CheckedIn, ResultReported
from keizer.evening.live.refusals import Refused, Why
from keizer.evening.live.reported import disagreeing
from keizer.evening.live.secret import Secret
from keizer.evening.season_file import SeasonFile
from keizer.evening.session import EveningSession

if TYPE_CHECKING:
    from keizer.seasons.store.live_tables import Guesses

MORNING = dt.time(6, 0)
"""An evening runs past midnight: until this hour it is still the evening of the day before."""

FREE_TRIES = 3
"""Wrong codes for one target answered at once; after these each next one waits (`wait_after`)."""

CLOSED_AFTER = 10
"""Wrong codes after which a target refuses every code for the rest of the evening: a 4-digit board code is
then guessed with a chance of at most 10 in 10,000 (docs/live.md, "What the server refuses")."""

KIOSK = "kiosk"
"""The target of the kiosk's one-time code; a board's is "board N"."""


def evening_day(now: dt.datetime) -> dt.date:
    """The club evening `now` belongs to: its date, or the day before until MORNING."""
    day = now.date()
    return day - dt.timedelta(days=1) if now.time() < MORNING else day


def wait_after(wrong: int) -> int:
    """Seconds a target waits after its `wrong`-th wrong code: none for the first FREE_TRIES, then 5, 10, 20, 40,
    then a minute each."""
    return 0 if wrong < FREE_TRIES else min(60, 5 * 2 ** (wrong - FREE_TRIES))


def board_target(board: int) -> str:
    return f"board {board}"


class Closed(enum.Enum):
    """Why there is no live evening now."""

    SEASON_COMPLETE = "the season is complete"
    OTHER_DAY = "tonight's round is dated another day"


@dataclass(frozen=True, slots=True)
class TonightsRound:
    """The round played tonight (`seasons.rounds.current_round`) and whether requests are taken for it."""

    number: int
    day: dt.date
    """The evening it is now (`evening_day`)."""
    dated: dt.date | None
    """The round's date (its own, or counted from the season's start), None when nothing fixes it."""
    paired: bool
    closed: Closed | None
    """None: the evening is on; check-ins and reports are taken for this round."""

    def said(self) -> str:
        """"round 33 (2020-04-23)", and why nothing is taken when nothing is."""
        text = f"round {self.number}" + (f" ({self.dated.isoformat()})" if self.dated else "")
        return text if self.closed is None else f"{text}: {self.closed.value}"


@dataclass(frozen=True, slots=True)
class Alarm:
    """Wrong codes given for one target tonight, once they are more than FREE_TRIES."""

    target: str
    """"kiosk" or "board N"."""
    wrong: int
    closed: bool
    """Every further code is refused tonight (CLOSED_AFTER reached); else each waits (slowed)."""

    def said(self) -> str:
        state = "every code refused for the rest of the evening" if self.closed else "each next code waits"
        return f"{self.wrong} wrong codes for {self.target} tonight: {state}"


class Came(enum.Enum):
    """What came from the door or a board."""

    ARRIVAL = "a member checked in"
    LATE = "a member checked in after the pairing was saved, not on it"
    REPORT = "a result reported from a board"
    DISAGREE = "a report that differs from the other player's"
    ENTERED = "a result entered: both players reported it"


@dataclass(frozen=True, slots=True)
class News:
    """An action another program wrote, as the director is told of it."""

    label: str
    came: Came | None
    """What came from the door or a board; None for any other change (another terminal, a command)."""

    @property
    def live(self) -> bool:
        return self.came is not None


def local_now() -> dt.datetime:
    return dt.datetime.now().astimezone()


class Tonight:
    """The live evening's clock, round and guards (the door and the boards ask it); for the director, what came
    from them (`news`) and who guesses codes (`alarms`)."""

    def __init__(self, session: EveningSession, clock: Callable[[], dt.datetime] = local_now) -> None:
        self.session = session
        self.clock = clock
        """The time now, with its zone (a test sets another)."""
        self._secret: Secret | None = None

    def now(self) -> dt.datetime:
        return self.clock()

    def day(self) -> dt.date:
        return evening_day(self.now())

    def round(self) -> TonightsRound:
        season = self.session.season
        k = self.session.current_round()
        day = self.day()
        dated = round_date(season, k)
        paired = k <= len(season.rounds) and season.round(k).is_paired
        closed = (Closed.SEASON_COMPLETE if past_the_season(season, k) is not None
                  else Closed.OTHER_DAY if dated is not None and dated != day else None)
        return TonightsRound(k, day, dated, paired, closed)

    def open_round(self) -> TonightsRound:
        """Tonight's round when the evening is on; Refused(NOT_TONIGHT) when it is not."""
        tonight = self.round()
        if tonight.closed is not None:
            raise Refused(Why.NOT_TONIGHT, tonight.said())
        return tonight

    def secret(self, make: bool = True) -> Secret | None:
        """The store's secret (made when asked and none is there, never for a store only read); None for a
        season without one (a season file, a store only read that never had one)."""
        path = self.session.path
        # Told by what is open, never by reading the file again: a process that opens and closes a file its SQLite
        # connection holds drops that connection's locks (POSIX), and another program closing the store last
        # would then take away the write-ahead log this one goes on writing into.
        if self._secret is None and path is not None and not isinstance(self.session.store, SeasonFile):
            self._secret = Secret.beside(path, make and self.session.readonly is None)
        return self._secret

    def writable(self) -> None:
        """Refused(NOT_OPEN) when the season can only be read: a request that writes is answered up front."""
        if self.session.readonly is not None:
            raise Refused(Why.NOT_OPEN, self.session.readonly)

    # -- the guard of every code ---------------------------------------------------------------------
    def check_guesses(self, target: str) -> None:
        """Before a code for `target` is looked at: Refused(CLOSED) after CLOSED_AFTER wrong ones tonight,
        Refused(SLOWED) while the wait after the last one lasts."""
        found = self._guesses(target)
        if found is None:
            return
        if found.wrong >= CLOSED_AFTER:
            raise Refused(Why.CLOSED, target)
        wait = wait_after(found.wrong)
        if wait:
            left = dt.datetime.fromisoformat(found.last) + dt.timedelta(seconds=wait) - self.now()
            if left > dt.timedelta(0):
                raise Refused(Why.SLOWED, target, retry_after=max(1, int(left.total_seconds() + 0.999)))

    def guessed_wrong(self, target: str) -> Refused:
        """A wrong code for `target`, counted (beside the log, `SeasonStore.guessed_wrong`): the refusal to
        answer it with."""
        wrong = self.session.store.guessed_wrong(self.day().isoformat(), target, self._stamp())
        if wrong >= CLOSED_AFTER:
            return Refused(Why.CLOSED, target)
        return Refused(Why.WRONG_CODE, target, retry_after=wait_after(wrong))

    def _guesses(self, target: str) -> Guesses | None:
        return next((g for g in self.session.store.live_guesses(self.day().isoformat()) if g.target == target), None)

    def _stamp(self) -> str:
        return self.now().astimezone(dt.timezone.utc).isoformat(timespec="seconds")

    # -- what the director is told -------------------------------------------------------------------
    def alarms(self) -> tuple[Alarm, ...]:
        """The targets with more than FREE_TRIES wrong codes tonight, by target."""
        return tuple(Alarm(g.target, g.wrong, g.wrong >= CLOSED_AFTER)
                     for g in self.session.store.live_guesses(self.day().isoformat()) if g.wrong >= FREE_TRIES)

    def news(self, since: int) -> tuple[News, ...]:
        """The actions after revision `since`, oldest first, each said what came from the door or a board."""
        store = self.session.store
        actions = store.history(since)
        if not actions:
            return ()
        season = self.session.season
        arrivals = {aid: event for aid, _, event in store.records_of(CheckedIn, since)}
        reports = {aid: event for aid, _, event in store.records_of(ResultReported, since)}
        flagged = disagreeing(season, store.records_of(ResultReported))
        out = []
        for action in actions:
            came: Came | None = None
            if action.id in arrivals:
                event = arrivals[action.id]
                rnd = season.round(event.round) if event.round <= len(season.rounds) else None
                late = rnd is not None and rnd.is_paired and rnd.game_of(event.player) is None \
                    and rnd.bye != event.player
                came = Came.LATE if late else Came.ARRIVAL
            elif action.id in reports:
                report = reports[action.id]
                entered = any(isinstance(e, ResultSet) for e in store.action_events(action.id))
                came = (Came.ENTERED if entered else Came.DISAGREE if (report.round, report.white) in flagged
                        else Came.REPORT)
            out.append(News(action.label, came))
        return tuple(out)
