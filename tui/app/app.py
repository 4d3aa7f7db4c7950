"""The Textual app: one mode per task of the club evening, all over one `Evening`."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from tui.app.dialogs.help import HelpScreen
from tui.app.modes import MODE_KEYS
from tui.app.screens.base import KeizerScreen
from tui.app.screens.pairing import PairingScreen
from tui.app.screens.players import PlayersScreen
from tui.app.screens.results import ResultsScreen
from tui.app.screens.round import RoundScreen
from tui.app.screens.season import SeasonScreen
from tui.app.screens.standings import StandingsScreen
from tui.evening import Evening

WATCH_SECONDS = 2.0
"""How often the app looks whether another session changed the store."""


@dataclass(frozen=True, slots=True)
class Said:
    """One message the app showed the director (kept so that tests and the status line can read it)."""

    text: str
    """The message, one line."""
    severity: str
    """"information", "warning" or "error"."""


class KeizerApp(App[None]):
    """The director's club evening: attendance, pairing, results, standings, players, season."""

    TITLE = "keizer"
    CSS_PATH = "keizer.tcss"
    ENABLE_COMMAND_PALETTE = True
    MODES: ClassVar[dict[str, type[Screen]]] = {  # type: ignore[assignment]
        "round": RoundScreen,
        "pairing": PairingScreen,
        "results": ResultsScreen,
        "standings": StandingsScreen,
        "players": PlayersScreen,
        "season": SeasonScreen,
    }
    DEFAULT_MODE = "round"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"goto('{mode}')", title, key_display=key.upper(), show=False,
                  priority=True)  # F-keys switch screens even from a text box (TextArea uses F6)
          for mode, key, title in MODE_KEYS),
        # Shown in every screen's status line rather than the footer, which shows the screen's own keys.
        Binding("ctrl+z", "undo", "Undo", key_display="^z", show=False),
        Binding("ctrl+y", "redo", "Redo", key_display="^y", show=False),
        Binding("question_mark,f1", "help", "Help", key_display="? F1", show=False),
        Binding("ctrl+q", "quit", "Quit", key_display="^q", show=False, priority=True),
    ]

    def __init__(self, evening: Evening) -> None:
        super().__init__()
        self.evening = evening
        """The evening's services: every screen reads and writes through them."""
        self.said: list[Said] = []
        """Every message shown, oldest first."""
        self._seen = 0
        """The store's newest action this app has shown."""
        self.title = evening.season.name

    def on_mount(self) -> None:
        if os.environ.get("NO_COLOR"):  # no colour at all: the cursor must still show (keizer.tcss)
            self.add_class("-no-color")
        self._seen = self.evening.revision
        self.set_interval(WATCH_SECONDS, self._watch_store)

    def _watch_store(self) -> None:
        """Another session (a second terminal, `keizer undo`) may write the store: show its changes."""
        if self.evening.revision != self._seen:
            self.say("the season was changed elsewhere: showing it as it is now", "warning")
            self.season_changed()

    # -- messages -------------------------------------------------------------------------------
    def say(self, text: str, severity: str = "information") -> None:
        """Tell the director something: a toast, the status line of the screen, and the log."""
        self.said.append(Said(text, severity))
        if severity != "information":  # the status line says it too; a toast makes sure it is seen
            self.notify(text, severity=severity, markup=False, timeout=4)  # type: ignore[arg-type]
        screen = self.screen
        if isinstance(screen, KeizerScreen):
            screen.show_status(text, severity)

    def season_changed(self) -> None:
        """The season was written (or undone): redraw what the director is looking at."""
        self._seen = self.evening.revision
        screen = self.screen
        if isinstance(screen, KeizerScreen):
            screen.refresh_view()
        for mode_screen in self._visible_mode_screens():
            if mode_screen is not screen:
                mode_screen.stale = True

    def _visible_mode_screens(self) -> Iterable[KeizerScreen]:
        for stack in self._screen_stacks.values():
            for s in stack:
                if isinstance(s, KeizerScreen):
                    yield s

    # -- actions ----------------------------------------------------------------------------------
    async def action_goto(self, mode: str) -> None:
        if self.screen.is_modal:  # finish or close the dialog first (esc)
            self.bell()
            return
        await self.switch_mode(mode)

    def action_undo(self) -> None:
        label = self.evening.history.undo()
        if label is None:
            self.say("nothing to undo", "warning")
        else:
            self.say(f"undone: {label}")
        self.season_changed()

    def action_redo(self) -> None:
        label = self.evening.history.redo()
        if label is None:
            self.say("nothing to redo", "warning")
        else:
            self.say(f"redone: {label}")
        self.season_changed()

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    # -- command palette ----------------------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for mode, key, title in MODE_KEYS:
            yield SystemCommand(f"Go to {title}", f"switch to the {title} screen ({key.upper()})",
                                lambda mode=mode: self.run_action(f"goto('{mode}')"))
        seen: set[str] = set()
        for binding in getattr(screen, "BINDINGS", ()):
            if isinstance(binding, Binding) and binding.description and binding.action not in seen:
                seen.add(binding.action)
                yield SystemCommand(binding.description, f"{binding.key_display or binding.key}: "
                                    f"{binding.tooltip or binding.description}",
                                    lambda action=binding.action: screen.run_action(action))
        yield SystemCommand("Undo", "undo the last change (ctrl+z)", self.action_undo)
        yield SystemCommand("Redo", "redo the last undone change (ctrl+y)", self.action_redo)
        yield SystemCommand("Help", "list every key (?)", self.action_help)
        yield from super().get_system_commands(screen)


def make_app(season: Evening | str | Path) -> KeizerApp:
    """The app on a season store (a path or an open `Evening`): shared by `keizer open` and the tests."""
    return KeizerApp(season if isinstance(season, Evening) else Evening.open(season))
