"""`keizer season`: the season's name, the rounds it will play and its start, as the Season screen (F7) sets
them, through the evening layer's `Settings`."""

from __future__ import annotations

import argparse

from keizer.evening.evening import Evening
from keizer.evening.settings import UNCHANGED, Unchanged
from keizer.seasons.errors import InputError
from keizer.tui.cli.commands.calendar import NONE
from keizer.tui.cli.writes import as_read

OPTIONS = {"name": "--name", "rounds planned": "--rounds", "start date": "--start-date"}
"""The settings' fields as this command's options name them (an error names what was typed)."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "season", help="show or set the season's name, the rounds it will play and its start date",
        description="Without options: the season's name, rounds planned, start date and ruleset. --name, "
                    "--rounds and --start-date change them, together one action (one undo step), as the Season "
                    "screen (F7) does; `none` takes the rounds planned or the start date away.")
    p.add_argument("season", metavar="SEASON.keizer")
    p.add_argument("--name", metavar="NAME", help="the season's name, as the notice and the website show it")
    p.add_argument("--rounds", metavar="R", help="the rounds the season will play (pairing stops after them; "
                                                 "a forecast plays the rest up to them)")
    p.add_argument("--start-date", metavar="DATE", help="the first club evening, e.g. 2026-09-03: every round "
                                                        "without a date of its own falls a week after the one before")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    rounds: int | None | Unchanged = UNCHANGED if args.rounds is None else None if args.rounds == NONE else _whole(args.rounds)
    start: str | None | Unchanged = UNCHANGED if args.start_date is None else None if args.start_date == NONE else args.start_date

    def settle(evening: Evening) -> int:
        season = evening.season
        if args.name is None and args.rounds is None and args.start_date is None:
            for line in _shown(evening):
                print(line)
            return 0
        dates = UNCHANGED if isinstance(start, Unchanged) else (start, season.weekday if start else None)
        try:
            print(evening.settings.change(name=UNCHANGED if args.name is None else args.name, rounds_planned=rounds,
                                          dates=dates))
        except InputError as exc:
            raise InputError(OPTIONS.get(exc.where, exc.where), exc.message) from None
        return 0

    return as_read(args.season, settle)


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError("--rounds", f"expected a whole number of rounds (or {NONE}), got {text!r}") from None


def _shown(evening: Evening) -> list[str]:
    season = evening.season
    planned = season.rounds_planned
    return [f"name: {season.name}",
            f"rounds planned: {planned if planned is not None else 'not set'} ({len(season.rounds)} listed)",
            f"start date: {season.start_date or 'not set'}" + (f", on {season.weekday}s" if season.weekday else ""),
            *(f"ruleset: {line}" for line in evening.settings.summary_lines())]
