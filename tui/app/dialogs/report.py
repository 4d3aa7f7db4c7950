"""An absence report: when it came in, and the director's ruling of force majeure on a late one."""

from __future__ import annotations

import datetime as dt
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from keizer.seasons.absence import parse_moment
from keizer.seasons.errors import InputError
from keizer.evening.words.visible import visible


class ReportDialog(ModalScreen[tuple[str, str | None] | None]):
    """Returns (when it came in as "2026-11-25T19:30", force majeure reason or None), or None when dismissed."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, name: str, k: int, at: dt.datetime, why: str = "") -> None:
        super().__init__()
        self.player_name = name
        self.round_number = k
        self.at = at
        """The time offered (`evening.report_time.report_default`): now while the round is to come."""
        self.why = why
        """What the offered time is and why, said under it."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(f"Absence report of {visible(self.player_name)} for round {self.round_number}",
                         classes="dialog-title", markup=False)
            yield Static("When it came in (the club's deadline decides excused or unexcused):", markup=False)
            yield Input(f"{self.at:%Y-%m-%d %H:%M}", id="at")
            if self.why:
                yield Static(f"Default: {visible(self.why)}", id="why", classes="hint", markup=False)
            yield Static("Force majeure for a late report (the reason; empty: none):", markup=False)
            yield Input("", id="reason")
            yield Static("", id="error", classes="error", markup=False)
            yield Static("enter records · tab next field · esc cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = self.query_one("#at", Input).value.strip().replace(" ", "T", 1)
        try:
            moment = parse_moment(text, "at")  # as the command line reads it: 2026-11-25T19:30, nothing else
        except InputError:
            self.query_one("#error", Static).update(f"✗ expected a time like 2026-11-25 19:30, got {visible(text)!r}")
            return
        reason = self.query_one("#reason", Input).value.strip() or None
        self.dismiss((f"{moment:%Y-%m-%dT%H:%M}", reason))

    def action_cancel(self) -> None:
        self.dismiss(None)
