"""Add or edit a player: name, rating, class, group — checked before the dialog closes."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from seasons.errors import KeizerError
from seasons.model import PlayerId
from seasons.roster import PlayerForm
from tui.visible import visible

if TYPE_CHECKING:
    from tui.evening import Evening

__all__ = ["PlayerDialog", "PlayerForm"]


class PlayerDialog(ModalScreen[PlayerForm | None]):
    """Returns the checked form, or None when cancelled; a wrong field is said inline and nothing is written."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "save", "Save", key_display="^s / enter"),
    ]

    def __init__(self, evening: Evening, pid: str | None) -> None:
        super().__init__()
        self.evening = evening
        self.pid = PlayerId(pid) if pid is not None else None

    def compose(self) -> ComposeResult:
        p = self.evening.season.player(self.pid) if self.pid is not None else None
        title = f"Edit {visible(p.name)}" if p is not None else "Add a player (slotted into the starting ranking by rating)"
        with Vertical(classes="dialog"):
            yield Static(title, classes="dialog-title", markup=False)
            with Grid(classes="form"):
                yield Label("Name")
                yield Input(p.name if p else "", id="name")
                yield Label("Rating")
                yield Input("" if p is None or p.rating is None else str(p.rating), id="rating", type="integer")
                yield Label("Class")
                yield Input((p.klass or "") if p else "", id="klass", max_length=1, placeholder="A–D")
                yield Label("Group")
                yield Input("" if p is None or p.group is None else str(p.group), id="group", type="integer")
            yield Static("", id="error", classes="error", markup=False)
            yield Static("enter / ^s save · esc cancel", classes="hint")

    def on_input_submitted(self) -> None:
        self.action_save()

    def action_save(self) -> None:
        def text(field: str) -> str:
            return self.query_one(f"#{field}", Input).value

        try:
            form = self.evening.roster.check_form(text("name"), text("rating"), text("klass"), text("group"), self.pid)
        except KeizerError as exc:
            self.query_one("#error", Static).update(f"✗ {exc}")
            self.app.bell()
            return
        self.dismiss(form)

    def action_cancel(self) -> None:
        self.dismiss(None)
