"""The top line: which modes there are, their keys, which one is shown, and the file being edited."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from keizer.tui.app.modes import MODE_KEYS
from keizer.evening.words.visible import visible

ELLIPSIS = "…"
MIN_NAME = 6
"""Fewer free cells than this and the file name is left out: the modes come first."""


class ModeBar(Static):
    """`F2 Round  F3 Pairing …   club.keizer`; the shown mode is in brackets as well as highlighted
    (readable without colour). The file name sits at the right where there is room (`fitted`): a director
    with two seasons open in two terminals sees which is which. Where there is none (80 columns hold the
    modes only), `NameShown` tells the screen, which puts the name on its status line instead."""

    class NameShown(Message):
        """Whether the bar shows the file name, sent when that changes."""

        def __init__(self, shown: bool) -> None:
            super().__init__()
            self.shown = shown

    def __init__(self, mode: str, file_name: str = "") -> None:
        super().__init__("")
        self.mode = mode
        self.file_name = visible(file_name)
        self.name_shown: bool | None = None
        """Whether the file name is in the bar (None: not drawn yet)."""

    def on_mount(self) -> None:
        self.refresh_bar()

    def on_resize(self) -> None:
        self.refresh_bar()

    def refresh_bar(self) -> None:
        text = Text(no_wrap=True, overflow="crop")
        for mode, key, title in MODE_KEYS:
            if mode == self.mode:
                text.append(f"{key.upper()} [{title}]", style="reverse bold")
            else:
                text.append(f"{key.upper()}", style="dim")
                text.append(f" {title}")
            text.append(" ")  # one space between modes: all of them fit in 80 columns
        text.rstrip()
        free = self.size.width - text.cell_len - 2  # two cells apart at least
        shown = bool(self.file_name) and free >= MIN_NAME
        if shown:
            name = fitted(self.file_name, free)
            text.append(" " * (self.size.width - text.cell_len - len(name)) + name, style="dim")
        self.update(text)
        if self.size.width and shown != self.name_shown:
            self.name_shown = shown
            self.post_message(self.NameShown(shown))


def fitted(file_name: str, width: int) -> str:
    """The file name in `width` cells: whole, else without its `.keizer`, else its start and `…`."""
    stem = file_name.removesuffix(".keizer")
    for name in (file_name, stem):
        if len(name) <= width:
            return name
    return stem[: width - 1] + ELLIPSIS
