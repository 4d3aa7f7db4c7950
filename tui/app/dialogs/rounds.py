"""Ask for a set of rounds (the rounds a championship group member cannot play)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from keizer.seasons.errors import KeizerError
from keizer.evening.championship.view import rounds_from
from keizer.evening.words.visible import visible


class RoundsDialog(ModalScreen[tuple[int, ...] | None]):
    """Returns the rounds typed ("24 25", "24-26"; nothing: none), or None when dismissed (esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, prompt: str, rounds: tuple[int, ...] = (),
                 check: Callable[[tuple[int, ...]], object] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.prompt = prompt
        self.rounds = rounds
        """The rounds as they stand: the field starts with them, to add to or take from."""
        self.check = check
        """Raises KeizerError for rounds the caller cannot take (a round outside the group's): said in the
        dialog like a typo, so that the line typed is corrected, not typed again."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(visible(self.title_text), classes="dialog-title", markup=False)
            yield Static(visible(self.prompt), markup=False)
            yield Input(" ".join(map(str, self.rounds)), id="rounds", placeholder="none")
            yield Static("", id="error", classes="error", markup=False)
            yield Static("enter ok (empty: none) · esc cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            rounds = rounds_from(event.value)
            if self.check is not None:
                self.check(rounds)
        except KeizerError as exc:  # said in the dialog: the director corrects the line, nothing is lost
            self.query_one("#error", Static).update(f"✗ {visible(str(exc))}")
            return
        self.dismiss(rounds)

    def action_cancel(self) -> None:
        self.dismiss(None)
