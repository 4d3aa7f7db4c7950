"""The Pairing screen's solve off the UI thread: one thread worker at a time, its messages, its cancel event."""

from __future__ import annotations

import threading
from functools import partial

from textual.message import Message
from textual.screen import Screen
from textual.worker import Worker, WorkerState, get_current_worker

from keizer.evening.desk.solve import SolveOutcome, SolveRequest, solve_request


class PairingSolved(Message, bubble=False):
    """A solve finished in the worker thread (posted from there; handled on the UI thread)."""

    def __init__(self, outcome: SolveOutcome) -> None:
        super().__init__()
        self.outcome = outcome


class PairingProgressed(Message, bubble=False):
    """The worker says how far it got ("best found, alternative 1 …")."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class SolveRun:
    """The solve a screen waits for, in a thread worker that posts `PairingProgressed` and `PairingSolved`
    to it; the screen handles them, and tells this run when it is over."""

    def __init__(self, screen: Screen[None]) -> None:
        self.screen = screen
        """Where the worker posts what it found."""
        self.cancel_event: threading.Event | None = None
        """Set to stop the running solve: the thread cannot be stopped, but it asks before every step."""
        self.request: SolveRequest | None = None
        """The solve the screen waits for; results of any other are dropped."""
        self.worker: Worker[None] | None = None
        """The solve running (on the app, so that its failure is reported in one place)."""

    @property
    def running(self) -> bool:
        return self.worker is not None and self.worker.state in (WorkerState.PENDING, WorkerState.RUNNING)

    def start(self, request: SolveRequest) -> None:
        self.cancel_event = threading.Event()
        self.request = request
        # On the app, which reports every worker's failure in one place (`KeizerApp.on_worker_state_changed`).
        self.worker = self.screen.app.run_worker(partial(self._solve, request, self.cancel_event), name="pairing",
                                                 group="pairing",
                                                 description=f"pairing round {request.round_number}",
                                                 exit_on_error=False, exclusive=True, thread=True)

    def _solve(self, request: SolveRequest, cancel: threading.Event) -> None:
        """The worker thread: solve, and post what was found (a fault is raised, for the app to report)."""
        worker = get_current_worker()
        outcome = solve_request(request, cancel, lambda text: self.screen.post_message(PairingProgressed(text)),
                                lambda best: self.screen.post_message(PairingSolved(best)))
        if not worker.is_cancelled:
            self.screen.post_message(PairingSolved(outcome))

    def awaited(self, outcome: SolveOutcome) -> bool:
        """Whether `outcome` is of the solve the screen waits for (not of one cancelled or replaced)."""
        return outcome.request is self.request

    def finished(self) -> None:
        """The awaited solve is over: its outcome taken, or its failure reported."""
        self.worker = None

    def cancel(self) -> None:
        """Esc: stop the solve; what it still posts is dropped."""
        if self.cancel_event is not None:
            self.cancel_event.set()
        if self.worker is not None:
            self.worker.cancel()
        self.worker = None
        self.request = None

    def stop_looking(self) -> None:
        """The screen goes: the thread cannot be stopped, but it stops looking at the next step."""
        if self.cancel_event is not None:
            self.cancel_event.set()
