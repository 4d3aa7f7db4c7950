"""Ask who of a board did not come without notice (D art. 11): white or black."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static
from keizer.evening.words.visible import visible


class NoShowDialog(ModalScreen[str | None]):
    """Returns "white", "black", or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "choose('white')", "White absent"),
        Binding("b,z", "choose('black')", "Black absent", key_display="b"),
        Binding("escape", "choose('')", "Cancel"),
    ]

    def __init__(self, board: int, white: str, black: str) -> None:
        super().__init__()
        self.board, self.white, self.black = board, white, black

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(f"Board {self.board}: who did not come, without notice?", classes="dialog-title",
                         markup=False)
            yield Static(f"w  {visible(self.white)} (white)\nb  {visible(self.black)} (black)\n\n"
                         "The other gets a bye (100% of own value), the absentee is booked unexcused and\n"
                         "suspended until reporting back (D art. 11–12).\n\nesc  cancel", markup=False)

    def action_choose(self, value: str) -> None:
        self.dismiss(value or None)
