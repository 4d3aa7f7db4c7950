"""`?`: every key of the screen underneath and of the whole app, with what it does."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from keizer.tui.app.modes import MODE_KEYS
from keizer.evening.words.legend import COLUMN_WORDS


def binding_lines(bindings: Iterable[object], app: App[object]) -> list[tuple[str, str]]:
    """(keys, what they do) for every binding with a description, mode switches left out."""
    lines = []
    for b in bindings:
        if isinstance(b, Binding) and b.description and not b.action.startswith("goto("):
            keys = b.key_display or " ".join(app.get_key_display(Binding(k.strip(), "")) for k in b.key.split(","))
            lines.append((keys, b.tooltip or b.description))
    return lines


class HelpScreen(ModalScreen[None]):
    """The keys, grouped: this screen's first, then the screens, then the app's."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q,f1", "close", "Close", key_display="esc"),
    ]

    def __init__(self, under: Screen[object]) -> None:
        super().__init__()
        self.under = under

    def compose(self) -> ComposeResult:
        mode = getattr(self.under, "MODE", "") or "this dialog"
        groups = [
            (f"This screen ({mode})", binding_lines(getattr(self.under, "BINDINGS", ()), self.app)),
            ("Screens", [(key.upper(), title) for _, key, title in MODE_KEYS]),
            ("Everywhere", binding_lines(self.app.BINDINGS, self.app) + [
                ("^p", "command palette: every action by name"),
                ("↑ ↓ pgup pgdn", "move in a list"),
                ("tab", "next field or proposal")]),
            # the clubs' abbreviations, in the words the published site and notice use (evening/words/legend.py)
            ("Standings columns", [(abbr, english) for abbr, _, _, _, english in COLUMN_WORDS if english]),
        ]
        text = Text()
        for title, lines in groups:
            text.append(f"{title}\n", style="bold underline")
            for keys, description in lines:
                text.append(f"  {keys:<15}", style="bold")
                text.append(f"{description}\n")
            text.append("\n")
        text.append("Every change is saved the moment it is made; ^z undoes it, even after a restart.",
                    style="italic")
        with VerticalScroll(classes="dialog help"):
            yield Static("Keys (esc closes)", classes="dialog-title")
            yield Static(text, id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)
