"""The top line: which modes there are, their keys, and which one is shown."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from tui.app.modes import MODE_KEYS


class ModeBar(Static):
    """`F2 Round  F3 Pairing …`; the shown mode is in brackets as well as highlighted (readable without colour)."""

    def __init__(self, mode: str) -> None:
        super().__init__("")
        self.mode = mode

    def on_mount(self) -> None:
        self.refresh_bar()

    def refresh_bar(self) -> None:
        text = Text(no_wrap=True, overflow="crop")
        for mode, key, title in MODE_KEYS:
            if mode == self.mode:
                text.append(f"{key.upper()} [{title}]", style="reverse bold")
            else:
                text.append(f"{key.upper()}", style="dim")
                text.append(f" {title}")
            text.append(" ")  # one space between modes: all seven fit in 80 columns
        self.update(text)
