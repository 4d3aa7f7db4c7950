"""Each command builds its own parser alone, the same as in the parser of every command."""

from __future__ import annotations

import argparse

import pytest

from keizer.tui.cli.commands.registry import ALIASES, COMMANDS
from keizer.tui.cli.main import build_parser
from keizer.tui.cli.parser import command_parser


def names(parser: argparse.ArgumentParser) -> list[str]:
    """The commands' names, not their older names (`ALIASES`, which argparse lists among the choices too)."""
    return [name for action in parser._actions if isinstance(action, argparse._SubParsersAction)
            for name in action.choices if name not in ALIASES]


@pytest.mark.parametrize("old, new", sorted(ALIASES.items()))
def test_an_older_name_builds_the_parser_of_its_command_alone(old: str, new: str) -> None:
    assert names(build_parser(old)) == [new]
    assert command_parser(build_parser(old), old).format_help() == command_parser(build_parser(), new).format_help()


def test_the_table_names_every_command_in_the_order_help_lists_them() -> None:
    assert names(build_parser()) == [name for name, _, _ in COMMANDS]


@pytest.mark.parametrize("command", [name for name, _, _ in COMMANDS])
def test_a_command_alone_has_the_parser_it_has_among_all(command: str) -> None:
    alone = build_parser(command)
    assert names(alone) == [command]
    assert command_parser(alone, command).format_help() == command_parser(build_parser(), command).format_help()


def test_a_word_that_is_no_command_gets_every_command() -> None:
    assert names(build_parser("standing")) == names(build_parser()) == names(build_parser(None))
