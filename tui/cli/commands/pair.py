"""`keizer pair`: the optimal pairing of a round, its alternatives, its costs and why each board is there."""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from keizer.evening.desk.repair import kept_pairing, with_attendance
from keizer.evening.desk.solve import SolveOutcome, SolveRequest, solve_request
from keizer.evening.evening import Evening
from keizer.seasons.errors import KeizerError
from keizer.seasons.limits import MAX_PLAYERS, alternatives_in_time
from keizer.seasons.load import is_store_file
from keizer.seasons.lookup import resolve_player
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.numbers import counted
from keizer.seasons.rounds import pending_before, round_to_pair
from keizer.tui.cli.writes import evening_on
from keizer.tui.cli.commands.pair_text import proposal_text
from keizer.tui.cli.saving import say_not_saved, say_saved

if TYPE_CHECKING:
    from keizer.evening.desk.repair import KeptPairing

MAX_ALTERNATIVES = 100
"""Next-best pairings asked at most: each is a re-solve, and more than a director reads."""
MAX_DIFFER = MAX_PLAYERS // 2 + 1
"""The most boards (the bye counted) an alternative can be asked to differ in: every pairing within the limits."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "pair", help="pair a round optimally (with alternatives and explanations)",
        description="The optimal pairing of round K from the ranking after round K−1 (docs/rules.md §7), as a "
                    "min-cost perfect matching solved exactly. Nothing is written unless --save is given.")
    p.add_argument("season", metavar="SEASON")
    p.add_argument("--round", "-r", type=int, metavar="K",
                   help="the round to pair (default: tonight's round, or the next one once it has results)")
    p.add_argument("--json", action="store_true", help="machine-readable JSON (docs/format.md)")
    p.add_argument("--costs", action="store_true",
                   help="the complete cost data of the round's model (players, pair_costs, bye_costs, fixed)")
    p.add_argument("--alternatives", type=int, default=0, metavar="N", help="also the N next-best pairings (at most 100)")
    p.add_argument("--differ", type=int, default=1, metavar="M",
                   help="each alternative differs from every earlier one in at least M boards (default 1)")
    p.add_argument("--explain", action="store_true", help="per board: rank distance, colours, meetings; the bye")
    p.add_argument("--lock", action="append", default=[], metavar="A:B",
                   help="these two must play (repeatable); a player is an id, or a name or the start of one "
                        "(any case and accents: `--lock kos:mul`), as `keizer players` lists them")
    p.add_argument("--forbid", action="append", default=[], metavar="A:B", help="these two must not play")
    p.add_argument("--bye", metavar="PLAYER", help="this player takes the bye (a volunteer)")
    p.add_argument("--fixed", action="append", default=[], metavar="W:B",
                   help="a game scheduled in advance (a championship game, docs/rules.md §8), W with white; "
                        "the rest is paired around it (repeatable)")
    p.add_argument("--solver", choices=("auto", "cpsat", "matching"), default="auto",
                   help="auto: CP-SAT for club fields, blossom matching for large ones")
    p.add_argument("--keep-accepted", action="store_true",
                   help="re-pair a paired round (no results yet) from its saved pairing, changing as few of its "
                        "boards as possible (a latecomer, a player who called off); says which boards moved")
    p.add_argument("--present", action="append", default=[], metavar="ID",
                   help="with --keep-accepted: this player came after all (a latecomer; repeatable)")
    p.add_argument("--absent", action="append", default=[], metavar="ID",
                   help="with --keep-accepted: this player called off, booked excused (repeatable)")
    p.add_argument("--save", action="store_true",
                   help="save the best pairing as the round's pairing (a season store; undo takes it back)")
    p.add_argument("--replace", action="store_true",
                   help="with --save: save over the round's saved pairing (refused without it)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    _check_options(args)
    with _evening(args) as evening:
        season = evening.season
        k = args.round if args.round is not None else round_to_pair(season)
        season, saved, keep = _round_as_asked(season, k, args)
        _say_before(season, k, saved, args)
        request = _request(evening, season, k, keep, args)
        outcome = solve_request(request, threading.Event())
        if outcome.error is not None:
            raise KeizerError(outcome.error)
        assert outcome.instance is not None
        if not outcome.instance.players and not outcome.instance.fixed:
            raise KeizerError(f"round {k}: nobody to pair (no players, or everyone is unavailable)")
        # Saved before anything is printed: a refused save (the store changed meanwhile) prints no pairing a
        # script could take as the one saved (docs/format.md).
        if args.save:
            say_saved(evening.desk.save_proposal(k, outcome.proposals[0], season if args.keep_accepted else None,
                                                 _attendance_words(season, args)))
        elif not saved:  # with a saved pairing the note before said how to save over it
            say_not_saved()
    _print(season, outcome, args)
    return 0


def _check_options(args: argparse.Namespace) -> None:
    """The options that do not go together or are out of bounds, refused before anything is read."""
    if not 0 <= args.alternatives <= MAX_ALTERNATIVES or not 1 <= args.differ <= MAX_DIFFER:
        # a --differ past any pairing's boards asks for nothing more; past int64 it reached the solver as a
        # number it cannot take (issue 22: a TypeError from OR-Tools)
        raise KeizerError(f"--alternatives must be 0 to {MAX_ALTERNATIVES} and --differ 1 to {MAX_DIFFER:,}")
    if args.save and not is_store_file(args.season):
        raise KeizerError(f"{args.season}: --save needs a season store (.keizer); import the JSON file first")
    if (args.present or args.absent) and not args.keep_accepted:
        raise KeizerError("--present and --absent change a paired round: give --keep-accepted too")
    if args.replace and not args.save:
        raise KeizerError("--replace saves over a saved pairing: give --save too")


@contextmanager
def _evening(args: argparse.Namespace) -> Iterator[Evening]:
    """With --save the evening on the store, whose save is a compare-and-set against the revision taken
    before the season is read (nothing is saved if another program wrote meanwhile); without, any season
    file or store, only read."""
    if args.save:
        with evening_on(args.season) as evening:
            yield evening
    else:
        with Evening.read(args.season) as evening:
            yield evening


def _round_as_asked(season: Season, k: int, args: argparse.Namespace) -> tuple[Season, int, KeptPairing | None]:
    """The season to pair round k of (with --keep-accepted, with the latecomers and call-offs applied), the
    boards of the round's saved pairing that a new one would replace (0: none, or kept), and the saved
    pairing a re-pairing keeps (refused when there is none to keep, or it has results)."""
    if args.keep_accepted:
        keep = kept_pairing(season, k)
        return with_attendance(season, k, [_player(season, x, "--present") for x in args.present],
                               [(_player(season, x, "--absent"), EntryKind.EXCUSED) for x in args.absent]), 0, keep
    return season, _saved_boards(season, k), None


def _say_before(season: Season, k: int, saved: int, args: argparse.Namespace) -> None:
    """What the director should know before the pairing: a saved pairing it would replace (refused without
    --replace), and results missing in the round before (on stderr: --json's stdout stays one object)."""
    if saved and args.save and not args.replace:
        raise KeizerError(f"round {k} already has a saved pairing ({counted(saved, 'board')}): --replace saves over "
                          f"it, --keep-accepted re-pairs it keeping its boards")
    if saved and not args.save:
        print(f"keizer: note: round {k} already has a saved pairing ({counted(saved, 'board')}); this is a new "
              f"proposal, not that one (--save --replace saves it over that one)", file=sys.stderr)
    pending = pending_before(season, k)
    if pending:
        print(f"keizer: warning: round {k - 1} has {counted(pending, 'game')} without a result; the ranking this "
              f"round is paired from counts them as 0", file=sys.stderr)


def _request(evening: Evening, season: Season, k: int, keep: KeptPairing | None, args: argparse.Namespace
             ) -> SolveRequest:
    """The Pairing screen's own request (evening/desk/solve.py: the same instance, solver and explanations),
    with the command's options; too many alternatives for the field refused before the solver starts."""
    request = evening.desk.request_for(
        season, k, locks=tuple(_pair(season, x, "--lock") for x in args.lock),
        forbids=tuple(_pair(season, x, "--forbid") for x in args.forbid), alternatives=args.alternatives,
        keep=keep,
        bye=_player(season, args.bye, "--bye") if args.bye else None,
        fixed=tuple(_pair(season, x, "--fixed") for x in args.fixed), solver=args.solver, differ=args.differ,
        explain=args.explain)
    most = alternatives_in_time(request.players)
    if args.alternatives > most:
        raise KeizerError(f"--alternatives {args.alternatives}: with {request.players:,} players present keizer finds "
                          + (f"at most {most} in time" if most else "no alternatives in time (the best pairing only)")
                          + " (docs/performance.md)")
    return request


def _print(season: Season, outcome: SolveOutcome, args: argparse.Namespace) -> None:
    """The pairing as JSON (docs/format.md), its cost data, or as text."""
    best = outcome.proposals[0]
    if args.json:
        sys.stdout.write(json.dumps(outcome.json(costs=args.costs, explain=args.explain), ensure_ascii=False,
                                    indent=1) + "\n")
    elif args.costs:
        sys.stdout.write(json.dumps(outcome.costs_json(), ensure_ascii=False) + "\n")
    else:
        assert outcome.instance is not None
        sys.stdout.write(proposal_text(season, outcome.instance, best, outcome.alternatives,
                                       outcome.explanations[0] if args.explain else None,
                                       outcome.request.forbids))
        if best.moved is not None:
            sys.stdout.write(f"Against the saved pairing of round {best.round_number}: {best.moved.words()}\n")


def _saved_boards(season: Season, k: int) -> int:
    """The boards of round k's saved pairing (0: none saved, or the round has results: pairing it is
    refused with that reason)."""
    if not 1 <= k <= len(season.rounds) or season.round(k).has_results:
        return 0
    return len(season.round(k).games)


def _player(season: Season, text: str, option: str) -> PlayerId:
    """The player an option names: an id, or a name or prefix of one (seasons.lookup)."""
    return resolve_player(season, text, f"{option} {text}")


def _pair(season: Season, text: str, option: str) -> tuple[PlayerId, PlayerId]:
    a, sep, b = text.partition(":")
    if not sep or not a.strip() or not b.strip():
        raise KeizerError(f"{option} {text}: write two players (ids or names) as A:B")
    first, second = _player(season, a, option), _player(season, b, option)
    if first == second:
        raise KeizerError(f"{option} {text}: names one player twice")
    return first, second


def _attendance_words(season: Season, args: argparse.Namespace) -> str:
    """"Jan Peters present; Ruud Boer excused": the latecomers and call-offs a re-pairing saves (the log
    names them first, as the TUI's does)."""
    named = [(_player(season, x, "--present"), "present") for x in args.present]
    named += [(_player(season, x, "--absent"), "excused") for x in args.absent]
    return "; ".join(f"{season.player(pid).name} {what}" for pid, what in sorted(named))
