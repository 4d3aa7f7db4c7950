"""`keizer dates` and `keizer report`: the evenings' dates and absence reports with their time."""

from __future__ import annotations

import argparse

from keizer.evening.evening import Evening
from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.limits import checked_text
from keizer.seasons.lookup import resolve_player
from keizer.seasons.season_length import season_length
from keizer.tui.cli.writes import as_read

NONE = "none"
"""Written for a date to take it away again."""


def register_dates(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "dates", help="show or set the dates of the club evenings",
        description="Without options: every round's date. --start (and --weekday) date the season: each round "
                    "without a date of its own falls a week after the one before. --round K --date D moves "
                    "one evening (and with it those after it); --date none dates it from the start again.")
    p.add_argument("season", metavar="SEASON.keizer")
    p.add_argument("--start", metavar="DATE", help="the season's start, e.g. 2026-09-03 (none: no start date)")
    p.add_argument("--weekday", metavar="DAY", help="the club evening's weekday, e.g. thursday "
                                                     "(default: the start date's)")
    p.add_argument("--round", "-r", type=int, metavar="K", help="the round whose own date --date sets")
    p.add_argument("--date", metavar="DATE", help="round K's date, e.g. 2026-12-31 (none: from the start)")
    p.set_defaults(run=run_dates)


def run_dates(args: argparse.Namespace) -> int:
    if (args.round is None) != (args.date is None):
        raise KeizerError("dates: --round and --date go together")
    if args.weekday is not None and args.start is None:
        raise KeizerError("dates: --weekday goes with --start")
    # The settings name their fields as the TUI shows them; here the director typed options.
    options = {"start date": "--start", "weekday": "--weekday", f"round {args.round} date": "--date"}

    def dates(evening: Evening) -> int:
        try:
            if args.start is not None:
                start = None if args.start == NONE else args.start
                print(evening.settings.set_dates(start, args.weekday.lower() if args.weekday else None))
            if args.round is not None:
                print(evening.settings.set_round_date(args.round, None if args.date == NONE else args.date))
        except InputError as exc:
            if exc.where not in options:
                raise
            raise InputError(options[exc.where], exc.message) from None
        if args.start is None and args.round is None:
            season = evening.season
            last = max(len(season.rounds), season_length(season) or 0)
            for k in range(1, last + 1):
                own = k <= len(season.rounds) and season.round(k).date is not None
                print(f"round {k:>3}  {evening.settings.date_of(k) or '(no date)'}{'  (its own date)' if own else ''}")
        return 0

    return as_read(args.season, dates)


def register_report(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "report", help="record an absence report with the time it came in",
        description="A player reports that they will not come to round K. Booked excused when it came in by the "
                    "ruleset's deadline (absence_deadline: D Wednesday 20:00, K Thursday 20:00), unexcused after "
                    "it — unless the director rules force majeure, with its reason.")
    p.add_argument("season", metavar="SEASON.keizer")
    p.add_argument("player", metavar="PLAYER", help="the player's id or name")
    p.add_argument("at", metavar="TIME", help="when the report came in, local time: \"2026-11-25 19:30\" "
                                              "(quoted) or 2026-11-25T19:30")
    p.add_argument("--round", "-r", type=int, required=True, metavar="K")
    p.add_argument("--force-majeure", metavar="REASON", help="the director's ruling on a late report")
    p.set_defaults(run=run_report)


def run_report(args: argparse.Namespace) -> int:
    if args.force_majeure is not None:  # typed text, held to what a name is: no escapes, one line, 200 at most
        args.force_majeure = checked_text(args.force_majeure, "--force-majeure", empty=False)

    def report(evening: Evening) -> int:
        # An id or a name (unique start, no case or accents), as on every option naming a player.
        pid = resolve_player(evening.season, args.player, f"PLAYER {args.player}")
        try:
            print(evening.attendance.report(args.round, pid, args.at, args.force_majeure))
        except InputError as exc:
            if exc.where != "at":
                raise
            raise InputError("TIME", exc.message) from None  # the argument as --help names it, not the field
        return 0

    return as_read(args.season, report)
