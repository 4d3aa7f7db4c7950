"""Ask for a round number (moving a group game to another round)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from keizer.evening.words.visible import visible


class RoundDialog(ModalScreen[int | None]):
    """Returns the round typed, or None when dismissed (esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, prompt: str, default: int | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.prompt = prompt
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(visible(self.title_text), classes="dialog-title", markup=False)
            yield Static(visible(self.prompt), markup=False)
            yield Input("" if self.default is None else str(self.default), id="round", type="integer")
            yield Static("", id="error", classes="error", markup=False)
            yield Static("enter ok · esc cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not (text.isascii() and text.isdigit()):  # "²" is a digit to str.isdigit, not to int()
            self.query_one("#error", Static).update(f"✗ expected a round number, got {visible(text)!r}")
            return
        self.dismiss(int(text))

    def action_cancel(self) -> None:
        self.dismiss(None)
