"""Every `keizer` subcommand, in the order `--help` lists them (COMMANDS), and where each is registered:
a command's module is imported when its parser is built, so one command builds its own parser alone."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from importlib import import_module

Register = Callable[[argparse._SubParsersAction], None]

COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("open", "open", "register"),
    ("new", "new", "register"),
    ("demo", "demo", "register"),
    ("standings", "standings", "register"),
    ("forecast", "forecast", "register"),
    ("players", "players", "register"),
    ("player", "player", "register"),
    ("classes", "classes", "register"),
    ("pair", "pair", "register"),
    ("championship", "championship", "register"),
    ("check-pairing", "check_pairing", "register"),
    ("pairing", "publish", "register_pairing"),
    ("notice", "publish", "register_notice"),
    ("publish", "publish", "register_publish"),
    ("serve", "serve", "register"),
    ("kiosk", "kiosk", "register"),
    ("season", "season", "register"),
    ("dates", "calendar", "register_dates"),
    ("report", "calendar", "register_report"),
    ("attend", "marks", "register_attend"),
    ("result", "marks", "register_result"),
    ("import", "season_io", "register_import"),
    ("export", "season_io", "register_export"),
    ("validate", "season_io", "register_validate"),
    ("undo", "history", "register_undo"),
    ("redo", "history", "register_redo"),
    ("log", "history", "register_log"),
    ("backup", "history", "register_backup"),
    ("simulate", "simulate", "register"),
    ("bench", "bench", "register"),
)
"""(the command's name, its module in `keizer.tui.cli.commands`, the function that adds its parser)."""
ALIASES = {"group": "championship"}
"""A command's older name, still accepted (its parser adds it as an alias): "group" meant three things."""


def registers(command: str | None = None) -> Iterator[Register]:
    """The functions that add the parsers of every command, or of `command` alone; every command for a name
    that is none (its error names the nearest)."""
    command = ALIASES.get(command, command) if command is not None else None
    alone = any(name == command for name, _, _ in COMMANDS)
    for name, module, function in COMMANDS:
        if not alone or name == command:
            yield getattr(import_module(f"keizer.tui.cli.commands.{module}"), function)
