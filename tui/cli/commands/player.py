"""`keizer player add|withdraw|class|group`: the Players screen's changes (F6) on the command line."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from keizer.seasons.errors import KeizerError
from keizer.seasons.lookup import resolve_player
from keizer.tui.cli.writes import as_read

if TYPE_CHECKING:
    from keizer.evening.evening import Evening

NONE = "none"
"""Written for a class or a cup group to take it away."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "player", help="add a player, withdraw one, or set a player's class or cup group",
        description="The Players screen's changes (F6), each one action and one undo step on a season store. "
                    "A player is named by id or name, as `keizer players` lists them.")
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True

    add = actions.add_parser(
        "add", help="a new player, from the next round to be paired or a later one",
        description="A new player (docs/rules.md §6). They take part from round K (default: the next round to "
                    "be paired; earlier rounds are `late`) and enter the ranking at place P: for a player who "
                    "plays from round 1 the place in the starting ranking, for a later joiner the place in the "
                    "ranking round K is paired from (default for both: by rating; last without one).")
    add.add_argument("season", metavar="SEASON.keizer")
    add.add_argument("name", metavar="NAME", help="the player's name, as people read it")
    add.add_argument("--rating", type=int, metavar="R", help="the rating (slots the player in by strength)")
    add.add_argument("--joins", type=int, metavar="K", help="the first round they take part in")
    add.add_argument("--place", type=int, metavar="P", help="where they enter the ranking (default: by rating)")
    add.add_argument("--class", dest="klass", metavar="CLASS", help="D's starting class, A–D")
    add.add_argument("--cup-group", "--group", dest="cup_group", type=int, metavar="G",
                     help="K's cup group (--group: the older spelling)")
    add.set_defaults(run=run_add)

    withdraw = actions.add_parser(
        "withdraw", help="a player withdraws before round K (or the withdrawal is cancelled)",
        description="The player no longer takes part from round K on (D art. 22: before the ruleset's "
                    "withdrawal.removal_before_round, 21 in every preset, they are removed from every ranking "
                    "and their opponents' games are rescored; later they stay ranked, booked excused).")
    withdraw.add_argument("season", metavar="SEASON.keizer")
    withdraw.add_argument("player", metavar="PLAYER")
    when = withdraw.add_mutually_exclusive_group(required=True)
    when.add_argument("--before", type=int, metavar="K", help="the first round without the player")
    when.add_argument("--cancel", action="store_true", help="cancel the player's withdrawal")
    withdraw.set_defaults(run=run_withdraw)

    klass = actions.add_parser(
        "class", help="D's starting class of a player",
        description="The class a player starts the season in (D art. 5; the Players screen's `Start cl`): the "
                    "moves accepted at the readings apply after it (`keizer classes`). `none` takes it away.")
    klass.add_argument("season", metavar="SEASON.keizer")
    klass.add_argument("player", metavar="PLAYER")
    klass.add_argument("klass", metavar="CLASS", help="A, B, C, D or none")
    klass.set_defaults(run=run_class)

    cup_group = actions.add_parser(
        "cup-group", aliases=["group"], help="K's cup group of a player (`group`: the older spelling)",
        description="The cup group a player plays for a cup in (K's group prizes, docs/rules.md §9). `none` "
                    "takes it away.")
    cup_group.add_argument("season", metavar="SEASON.keizer")
    cup_group.add_argument("player", metavar="PLAYER")
    cup_group.add_argument("cup_group", metavar="GROUP", help="a whole number from 1, or none")
    cup_group.set_defaults(run=run_cup_group)


def run_add(args: argparse.Namespace) -> int:
    def add(evening: Evening) -> int:
        print(evening.roster.add(args.name, rating=args.rating, klass=args.klass, cup_group=args.cup_group,
                                 joins=args.joins, place=args.place))
        return 0

    return as_read(args.season, add)


def run_withdraw(args: argparse.Namespace) -> int:
    def change(evening: Evening) -> int:
        pid = resolve_player(evening.season, args.player, f"PLAYER {args.player}")
        print(evening.roster.withdraw(pid, None if args.cancel else args.before))
        return 0

    return as_read(args.season, change)


def run_class(args: argparse.Namespace) -> int:
    def change(evening: Evening) -> int:
        pid = resolve_player(evening.season, args.player, f"PLAYER {args.player}")
        print(evening.roster.set_class(pid, None if args.klass.lower() == NONE else args.klass))
        return 0

    return as_read(args.season, change)


def run_cup_group(args: argparse.Namespace) -> int:
    text = args.cup_group.strip()
    if text.lower() == NONE:
        group = None
    elif text.isascii() and text.isdigit():
        group = int(text)
    else:
        raise KeizerError(f"GROUP: expected a whole number from 1 (or none), got {args.cup_group!r}")

    def change(evening: Evening) -> int:
        pid = resolve_player(evening.season, args.player, f"PLAYER {args.player}")
        print(evening.roster.set_cup_group(pid, group))
        return 0

    return as_read(args.season, change)
