"""Ask who of a board did not come without notice (a no-show, docs/rules.md §13): white or black."""

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

    def __init__(self, board: int, white: str, black: str, means: str) -> None:
        super().__init__()
        self.board, self.white, self.black = board, white, black
        self.means = means
        """What it does under the season's ruleset (`Results.no_show_means`)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(f"Board {self.board}: who did not come, without notice?", classes="dialog-title",
                         markup=False)
            yield Static(f"w  {visible(self.white)} (white)\nb  {visible(self.black)} (black)\n\n"
                         f"{self.means[0].upper()}{self.means[1:]}\n\nesc  cancel", markup=False)

    def action_choose(self, value: str) -> None:
        self.dismiss(value or None)
