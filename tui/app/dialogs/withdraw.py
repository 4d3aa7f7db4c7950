"""Withdraw a player before a round (D art. 22), or cancel a withdrawal."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from keizer.seasons.model import PlayerId
from keizer.seasons.ruleset.texts import cite
from keizer.evening.words.visible import visible

if TYPE_CHECKING:
    from keizer.evening.evening import Evening


class WithdrawDialog(ModalScreen[tuple[int | None] | None]):
    """Returns (before_round,) — (None,) cancels a withdrawal — or None when the dialog is dismissed."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, evening: Evening, pid: str) -> None:
        super().__init__()
        self.evening = evening
        self.player = evening.season.player(PlayerId(pid))

    def compose(self) -> ComposeResult:
        season = self.evening.season
        current = season.withdrawal_of(self.player.id)
        removal = self.evening.ruleset.withdrawal.removal_before_round
        # The field asks for the first round without the player: the rule is said in those words (a withdrawal
        # "before round 21" is before_round 21, docs/rules.md §6), not as "before round 21 or earlier".
        rule = (f"First round without them {removal} or earlier: removed from every ranking; {removal + 1} or "
                f"later: stays ranked, booked excused{cite(self.evening.ruleset.regulations, 'withdrawal')}."
                if removal is not None
                else "The player stays ranked.")
        default = current.before_round if current else self.evening.current_round()
        with Vertical(classes="dialog"):
            yield Static(f"Withdraw {visible(self.player.name)}", classes="dialog-title", markup=False)
            yield Static(f"{rule}\nFirst round without {visible(self.player.name)}:", markup=False)
            yield Input(str(default), id="before", type="integer")
            yield Static("", id="error", classes="error", markup=False)
            hint = "enter withdraw · esc cancel"
            if current is not None:
                hint += " · empty + enter: cancel the withdrawal"
            yield Static(hint, classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            if self.evening.season.withdrawal_of(self.player.id) is None:
                self.query_one("#error", Static).update("✗ type the first round without this player")
                return
            self.dismiss((None,))
            return
        try:
            before = int(text)
        except ValueError:
            self.query_one("#error", Static).update(f"✗ expected a round number, got {text!r}")
            return
        self.dismiss((before,))

    def action_cancel(self) -> None:
        self.dismiss(None)
