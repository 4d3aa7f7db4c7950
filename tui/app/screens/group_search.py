"""The Prizes screen's schedule search off the UI thread: one at a time, stopped by esc or by the screen
going (the app quitting), its outcome posted back as one message."""

from __future__ import annotations

import threading

from textual.message import Message
from textual.screen import Screen

from keizer.seasons.errors import KeizerError, SearchStopped
from keizer.seasons.model import GroupGame, Season


class ScheduleProposed(Message, bubble=False):
    """The schedule model's proposal, from the worker thread (None: it said why not, in `why`)."""

    def __init__(self, games: tuple[GroupGame, ...] | None, why: str, severity: str = "information") -> None:
        super().__init__()
        self.games = games
        self.why = why
        self.severity = severity


class ScheduleSearch:
    """The schedule model's search for a screen: `start` it in a thread worker, `stop` it (it ends within
    a twentieth of a second, nothing proposed); the screen gets `ScheduleProposed` and calls `finished`."""

    def __init__(self, screen: Screen[None]) -> None:
        self.screen = screen
        self.stop_event: threading.Event | None = None
        """Set to stop the running search; None while none runs."""

    @property
    def running(self) -> bool:
        return self.stop_event is not None

    def start(self, season: Season) -> None:
        self.stop_event = stop = threading.Event()
        self.screen.app.run_worker(lambda: self._search(season, stop), name="group-schedule",
                                   group="group-schedule", description="the group's schedule",
                                   exit_on_error=False, exclusive=True, thread=True)

    def _search(self, season: Season, stop: threading.Event) -> None:
        """The worker thread: the proposal, or why there is none (a user's problem is said, not raised)."""
        from keizer.evening.championship.changes import schedule_proposal

        try:
            found = schedule_proposal(season, stop=stop)
        except SearchStopped as exc:
            self.screen.post_message(ScheduleProposed(None, str(exc), "warning"))
            return
        except KeizerError as exc:
            self.screen.post_message(ScheduleProposed(None, str(exc), "error"))
            return
        notes = found.notes(season)
        said = f"{found.summary}: a accepts it" + (f" — {'; '.join(notes)}" if notes else "")
        self.screen.post_message(ScheduleProposed(found.games, said))

    def stop(self) -> None:
        if self.stop_event is not None:
            self.stop_event.set()

    def finished(self) -> None:
        """Its outcome is taken: another search may start."""
        self.stop_event = None
