"""A few lines to read (why a board is paired so), closed with esc."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static
from keizer.evening.words.visible import visible


class TextDialog(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,q,w", "close", "Close", key_display="esc")]

    def __init__(self, title: str, lines: Sequence[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = tuple(lines)

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog text"):
            yield Static(visible(self.title_text), classes="dialog-title", markup=False)
            yield Static("\n".join(visible(line) for line in self.lines) or "(nothing to explain)", id="text-body", markup=False)
            yield Static("esc closes", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
