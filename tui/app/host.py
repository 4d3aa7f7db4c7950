"""What a screen may ask of the app it runs in: the evening, tonight's round and the two signals.

Screens depend on this contract, not on the app class (which imports every screen): the app fulfils it
structurally, and a screen tested on its own can run in any app that has these five."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from textual.signal import Signal
    from textual.worker import Worker

    from keizer.evening.evening import Evening


class EveningHost(Protocol):
    evening: Evening
    """The director's club evening: every change goes through it."""
    current_round: int
    """Tonight's round (`seasons.rounds.current_round`), set before every `season_changed_signal`."""
    started: bool
    """The app's start-up is over: a screen shown before it is drawn by the app when it is."""
    season_changed_signal: Signal[int]
    """Published after every write, undo, redo or change by another session (the store's revision)."""
    worker_failed_signal: Signal[Worker[object]]
    """Published when a worker the app started failed (said and logged by the app)."""
