"""`keizer pair`: the optimal pairing of a round, its alternatives, its costs and why each board is there."""

from __future__ import annotations

import argparse
import json
import sys
import threading
from typing import TYPE_CHECKING, Any

from keizer.seasons.errors import KeizerError
from keizer.seasons.limits import MAX_PLAYERS, alternatives_in_time
from keizer.seasons.model import EntryKind, PlayerId, Season
from keizer.seasons.numbers import counted
from keizer.seasons.rounds import pending_before, round_to_pair

if TYPE_CHECKING:
    from keizer.pairing.proposal import Proposal

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
    from keizer.evening.desk.solve import round_request, solve_request
    from keizer.pairing.export import costs_json, proposal_json
    from keizer.pairing.instance import check_round
    from keizer.scoring.replay import replay
    from keizer.seasons.load import is_store_file, load_season

    if not 0 <= args.alternatives <= MAX_ALTERNATIVES or not 1 <= args.differ <= MAX_DIFFER:
        # a --differ past any pairing's boards asks for nothing more; past int64 it reached the solver as a
        # number it cannot take (issue 22: a TypeError from OR-Tools)
        raise KeizerError(f"--alternatives must be 0 to {MAX_ALTERNATIVES} and --differ 1 to {MAX_DIFFER:,}")
    if args.save and not is_store_file(args.season):
        raise KeizerError(f"{args.season}: --save needs a season store (.keizer); import the JSON file first")
    season, head = read_with_head(args.season) if args.save else (load_season(args.season), None)
    k = args.round if args.round is not None else round_to_pair(season)
    keep = None
    if args.keep_accepted:
        from keizer.evening.desk.repair import kept_pairing, with_attendance

        keep = kept_pairing(season, k)
        season = with_attendance(season, k, [_player(season, x, "--present") for x in args.present],
                                 [(_player(season, x, "--absent"), EntryKind.EXCUSED) for x in args.absent])
    elif args.present or args.absent:
        raise KeizerError("--present and --absent change a paired round: give --keep-accepted too")
    saved = _saved_boards(season, k) if not args.keep_accepted else 0
    if saved and args.save and not args.replace:
        raise KeizerError(f"round {k} already has a saved pairing ({counted(saved, 'board')}): --replace saves over "
                          f"it, --keep-accepted re-pairs it keeping its boards")
    if args.replace and not args.save:
        raise KeizerError("--replace saves over a saved pairing: give --save too")
    if saved and not args.save:
        # stderr, so that --json's stdout stays the contract's one object (docs/format.md)
        print(f"keizer: note: round {k} already has a saved pairing ({counted(saved, 'board')}); this is a new "
              f"proposal, not that one (--save --replace saves it over that one)", file=sys.stderr)
    pending = pending_before(season, k)
    if pending:
        print(f"keizer: warning: round {k - 1} has {counted(pending, 'game')} without a result; the ranking this "
              f"round is paired from counts them as 0", file=sys.stderr)
    check_round(season, k)  # "round K is out of range", before anything is replayed
    forbids = tuple(_pair(season, x, "--forbid") for x in args.forbid)
    # The Pairing screen's own solve (evening/desk/solve.py): the same request, instance, solver and explanations.
    request = round_request(season, replay(season, k - 1), k, locks=tuple(_pair(season, x, "--lock") for x in args.lock),
                            forbids=forbids, alternatives=args.alternatives, head=head or 0, keep=keep,
                            bye=_player(season, args.bye, "--bye") if args.bye else None,
                            fixed=tuple(_pair(season, x, "--fixed") for x in args.fixed), solver=args.solver,
                            differ=args.differ, explain=args.explain)
    if args.alternatives > alternatives_in_time(request.players):  # said before the solver starts
        most = alternatives_in_time(request.players)
        raise KeizerError(f"--alternatives {args.alternatives}: with {request.players:,} players present keizer finds "
                          + (f"at most {most} in time" if most else "no alternatives in time (the best pairing only)")
                          + " (docs/performance.md)")
    outcome = solve_request(request, threading.Event())
    if outcome.error is not None:
        raise KeizerError(outcome.error)
    assert outcome.instance is not None
    inst, best, alts = outcome.instance, outcome.proposals[0], outcome.alternatives
    if not inst.players and not inst.fixed:
        raise KeizerError(f"round {k}: nobody to pair (no players, or everyone is unavailable)")
    # Saved before anything is printed: a refused save (the store changed meanwhile) prints no pairing a
    # script could take as the one saved (docs/format.md).
    if args.save and head is not None:
        _save(args.season, season, head, k, best, _attendance_words(season, args))
    elif not saved:  # with a saved pairing the note above said how to save over it
        from keizer.tui.cli.saving import say_not_saved

        say_not_saved()
    if args.json:
        out: dict[str, Any] = proposal_json(best, alts)
        if args.costs:
            cost_data = costs_json(best)
            out |= {key: cost_data[key] for key in ("players", "pair_costs", "bye_costs", "fixed")}
            out["costs"] = cost_data
        if args.explain:
            out["explanation"] = list(outcome.explanations[0].lines)
        sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
    elif args.costs:
        sys.stdout.write(json.dumps(costs_json(best), ensure_ascii=False) + "\n")
    else:
        from keizer.tui.cli.commands.pair_text import proposal_text

        sys.stdout.write(proposal_text(season, inst, best, alts, outcome.explanations[0] if args.explain else None,
                                       forbids))
        if best.moved is not None:
            sys.stdout.write(f"Against the saved pairing of round {k}: {best.moved.words()}\n")
    return 0


def _saved_boards(season: Season, k: int) -> int:
    """The boards of round k's saved pairing (0: none saved, or the round has results: pairing it is
    refused with that reason)."""
    if not 1 <= k <= len(season.rounds) or season.round(k).has_results:
        return 0
    return len(season.round(k).games)


def read_with_head(path: str) -> tuple[Season, int]:
    """The season in a store and the revision it is at, read together (read-only): a pairing computed
    from it is saved only if the store is still at that revision."""
    from keizer.seasons.store.season_store import SeasonStore

    with SeasonStore.open(path, readonly=True) as store:
        head = store.head()  # first: a season read after it is at least this new, so a change in between
        return store.season, head  # makes the save refused, never saved over (the season read first was)


def _player(season: Season, text: str, option: str) -> PlayerId:
    """The player an option names: an id, or a name or prefix of one (seasons.lookup)."""
    from keizer.seasons.lookup import resolve_player

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


def _save(path: str, season: Season, head: int, k: int, best: Proposal, attendance: str = "") -> None:
    """The best pairing saved as round k's, through the evening layer (one action; undo takes it back),
    as a compare-and-set: if anything was written after `head` (the revision `season` was read at, which
    the pairing was computed from), nothing is saved and one line says what came in between."""
    from keizer.evening.listing import saved_pairing
    from keizer.tui.cli.commands.calendar import evening_on

    games = tuple(best.pairs())
    if (1 <= k <= len(season.rounds) and season.round(k).is_paired and not attendance
            and tuple(g.players() for g in season.round(k).games) == games and season.round(k).bye == best.bye):
        # saving it again would be an action that changes nothing (and an undo step that undoes nothing)
        raise KeizerError(f"round {k} is already paired like this: nothing saved")
    who = f"{attendance}; " if attendance else ""
    label = None if best.moved is None else f"re-pairing of round {k}: {who}{best.moved.words()}"
    change = saved_pairing(season, k, games, best.bye,
                           meta={"objective": best.saved_objective, "kind": "cli"}, label=label)
    from keizer.tui.cli.saving import say_saved

    with evening_on(path) as evening:
        label = evening.session.apply(change, expect_head=head)
    say_saved(label)
