"""`keizer dates` and `keizer report`: the evenings' dates and absence reports with their time."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeVar

from keizer.seasons.errors import KeizerError

if TYPE_CHECKING:
    from keizer.evening.evening import Evening

T = TypeVar("T")

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
    from keizer.seasons.errors import InputError

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
            last = max(len(season.rounds), season.rounds_planned or 0)
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
    from keizer.seasons.errors import InputError
    from keizer.seasons.limits import checked_text
    from keizer.seasons.lookup import resolve_player

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


ATTEMPTS = 5
"""How often `as_read` computes a mark again when another program wrote between its reading and its writing."""


@contextmanager
def evening_on(path: str) -> Iterator[Evening]:
    """The evening layer on a season store, closed again however the command ends. Every write the command
    makes is checked against the state it read: the store's newest action when it opened, taken before
    anything is read (`EveningSession.shown`), so that a write computed from a season another program
    changed meanwhile is refused (`ChangedMeanwhile`, nothing saved) — never a silent replacement."""
    from keizer.evening.evening import Evening

    evening = Evening.open(path)
    try:
        evening.session.shown = evening.revision  # first: whatever is read after it is at least this new
        yield evening
    finally:
        evening.close()


def as_read(path: str, mark: Callable[[Evening], T]) -> T:
    """A mark (`result`, `attend`, `report`, `dates`, `classes --accept`) computed and written against one
    state of the season (`evening_on`). When another program wrote in between, nothing was written, so the
    mark is computed again from the season as it now stands, its checks with it (a board that got a result
    meanwhile needs --change): as if it had been typed a moment later — also when a check failed on the
    season as the other program left it. Refused, nothing saved, after
    ATTEMPTS such turns, or when the command had already written an action of its own."""
    from keizer.seasons.errors import ChangedMeanwhile, KeizerError

    for attempt in range(1, ATTEMPTS + 1):
        with evening_on(path) as evening:
            try:
                return mark(evening)
            except ChangedMeanwhile:
                if attempt == ATTEMPTS or evening.session.store.written is not None:
                    raise
            except KeizerError:
                # A check that failed on the season as another program left it meanwhile (the store is read
                # again at every look: a player proposed a class from the season as read, then undone) is no
                # answer to what was typed: computed again, as above. On the season as read, it stands.
                if (attempt == ATTEMPTS or evening.session.store.written is not None
                        or evening.revision == evening.session.shown):
                    raise
    raise AssertionError("unreachable: the last attempt returns or raises")
