"""Ask for the result of a player's external (team) match that week: 1, = or 0, or ? while it is to come."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from keizer.seasons.model import EntryKind
from keizer.evening.words.visible import visible


class ExternalResultDialog(ModalScreen[EntryKind | None]):
    """External match won, drawn or lost (docs/rules.md §2: scored as a factor of the player's own value)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "choose('external:1')", "Won"),
        Binding("equals_sign,r", "choose('external:1/2')", "Drawn", key_display="="),
        Binding("0", "choose('external:0')", "Lost"),
        Binding("question_mark,t", "choose('external')", "To come", key_display="?"),
        Binding("escape", "choose('')", "Cancel"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(f"External match of {visible(self.player_name)}", classes="dialog-title", markup=False)
            yield Static("1  won\n=  drawn (also r)\n0  lost\n?  result to come (also t)\n\nesc  cancel",
                         markup=False)

    def action_choose(self, value: str) -> None:
        self.dismiss(EntryKind(value) if value else None)
