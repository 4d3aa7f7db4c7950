"""Add or edit a player: name, rating, class, cup group (and a new player's first round and entry place) —
checked before the dialog closes; a new player can be looked up in the rating list (`keizer open --rating-list`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId
from keizer.seasons.roster import PlayerForm
from keizer.evening.words.visible import visible

if TYPE_CHECKING:
    from keizer.evening.evening import Evening

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
        self.knsb_id: int | None = None
        """The member number of the rating list's member the form was last filled in from."""

    def compose(self) -> ComposeResult:
        p = self.evening.season.player(self.pid) if self.pid is not None else None
        title = f"Edit {visible(p.name)}" if p is not None else "Add a player"
        lookup = p is None and self.evening.roster.rating_list is not None
        with Vertical(classes="dialog"):
            yield Static(title, classes="dialog-title", markup=False)
            with Grid(classes="form"):
                if lookup:  # only with a rating list: the dialog without one is as it always was
                    yield Label("Rating list")
                    yield Input("", id="lookup", placeholder="name or relatienummer, enter fills in")
                yield Label("Name")
                yield Input(p.name if p else "", id="name")
                yield Label("Rating")
                yield Input("" if p is None or p.rating is None else str(p.rating), id="rating", type="integer")
                yield Label("Starting class")
                yield Input((p.klass or "") if p else "", id="klass", max_length=1, placeholder="A–D")
                yield Label("Cup group")
                yield Input("" if p is None or p.cup_group is None else str(p.cup_group), id="cup-group", type="integer")
                if p is None:  # where a new player comes in (docs/rules.md §6); an edit keeps both as they are
                    # One row for the two, so that the form with the rating list's field still fits 80×24.
                    yield Label("Joins in round")
                    with Horizontal(classes="joining"):
                        yield Input(str(self.evening.season.played_rounds + 1), id="joins", type="integer")
                        yield Label("at place")
                        yield Input("", id="place", type="integer", placeholder="by rating")
            yield Static("", id="error", classes="error", markup=False)
            yield Static("enter / ^s save · esc cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "lookup":
            self.look_up(event.value)
        else:
            self.action_save()

    def look_up(self, text: str) -> None:
        """Fill name and rating in from the rating list's member `text` names; a wrong or ambiguous name
        is said inline (the candidates listed) and the form stays as it was."""
        try:
            member = self.evening.roster.look_up(text)
        except KeizerError as exc:
            self.query_one("#error", Static).update(f"✗ {exc}")
            self.app.bell()
            return
        self.query_one("#name", Input).value = member.name
        self.query_one("#rating", Input).value = "" if member.rating is None else str(member.rating)
        self.knsb_id = member.knsb_id
        rating = "no rating" if member.rating is None else f"rating {member.rating}"
        self.query_one("#error", Static).update(f"from the rating list: {member.name}, {rating}, "
                                                f"relatienummer {member.knsb_id}")
        self.query_one("#name", Input).focus()

    def action_save(self) -> None:
        def text(field: str) -> str:
            return self.query_one(f"#{field}", Input).value

        try:
            new = self.pid is None
            form = self.evening.roster.check_form(text("name"), text("rating"), text("klass"), text("cup-group"), self.pid,
                                                  text("joins") if new else "", text("place") if new else "")
        except KeizerError as exc:
            self.query_one("#error", Static).update(f"✗ {exc}")
            self.app.bell()
            return
        self.dismiss(form if self.knsb_id is None else replace(form, knsb_id=self.knsb_id))

    def action_cancel(self) -> None:
        self.dismiss(None)
