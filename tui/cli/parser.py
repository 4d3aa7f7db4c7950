"""The `keizer` argument parser: a mistake on the command line is one line naming the command, and a hint."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, NoReturn

EXIT_USER_ERROR = 2


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are the project's: `keizer pair: error: …` in one line (user text
    escaped), then `see 'keizer pair --help'`, exit 2 — not argparse's whole usage block first, which
    pushes the line that says what went wrong out of sight. A misspelt choice says the nearest one."""

    def error(self, message: str) -> NoReturn:
        from keizer.evening.words.visible import visible

        self.exit(EXIT_USER_ERROR, f"{self.prog}: error: {visible(message)}\nsee '{self.prog} --help'\n")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        # argparse's own check lists every choice (23 for COMMAND) and says nothing of the nearest.
        if action.choices is None or value in action.choices:
            return
        choices = tuple(str(c) for c in action.choices)
        hint = nearest(str(value), choices)
        if isinstance(action, argparse._SubParsersAction):
            raise argparse.ArgumentError(None, f"unknown command {value!r}{hint}")
        listed = ", ".join(repr(c) for c in choices)
        raise argparse.ArgumentError(action, f"invalid choice {value!r}{hint} (choose from {listed})")


def nearest(text: str, choices: tuple[str, ...]) -> str:
    """"; did you mean 'standings'?" the way a misspelt player name is answered, or ""."""
    from keizer.seasons.lookup import did_you_mean

    return did_you_mean(choices, text.lower(), lambda c: (c,), lambda c: repr(c))


def command_parser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The parser of the command `name` under `parser` (itself when it has none): the one whose name an
    error about that command's arguments carries."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and name in action.choices:
            found: argparse.ArgumentParser = action.choices[name]
            return found
    return parser


def before_command(argv: Sequence[str], command: str) -> tuple[str, ...]:
    """The words of `argv` before the command's name: `keizer`'s own options (it has only --help and
    --version, which take no value, so the first word not an option is the command). What is left of
    them after parsing is `keizer`'s mistake, not the command's."""
    for i, word in enumerate(argv):
        if word == command:
            return tuple(argv[:i])
    return ()
