"""`keizer attend` and `keizer result`: the Round and Results screens' keys on the command line."""

from __future__ import annotations

import argparse
from shlex import quote

from keizer.evening.evening import Evening
from keizer.evening.mark_checks import InFinalGroup, PlayedGame
from keizer.seasons.errors import KeizerError
from keizer.seasons.lookup import resolve_player
from keizer.seasons.model import EntryKind, Season
from keizer.seasons.result_text import typed_result
from keizer.seasons.rounds import team_results_to_come, to_come_list
from keizer.tui.cli.writes import as_read

STATUSES = ("present", "excused", "unexcused", "duty", "external", "external-won", "external-drawn",
            "external-lost")
"""What `keizer attend` sets, as the Round screen's keys do (p e u d x, then x's result)."""


def register_attend(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "attend", help="mark a player present, absent, on a team match or on duty in a round",
        description="The Round screen's marks (F2): present, excused (absent with notice), unexcused (without "
                    "notice; under D's rules also suspended until they report back, D art. 12), duty, or a "
                    "team match elsewhere (external, with its result once known). One action, one undo step. "
                    "In a round already paired and not yet played, a latecomer or a call-off is re-paired "
                    "with `keizer pair --keep-accepted --present/--absent` instead.")
    p.add_argument("season", metavar="SEASON.keizer")
    p.add_argument("player", metavar="PLAYER", help="the player's id or name (as `keizer players` lists them)")
    p.add_argument("status", metavar="STATUS", choices=STATUSES, help=", ".join(STATUSES)
                   + " (external: its result still to come)")
    p.add_argument("--round", "-r", type=int, metavar="K", help="the round (default: tonight's, the round "
                                                                  "being prepared)")
    p.add_argument("--take-bye", action="store_true",
                   help="a new mark for the player who had the bye in a round with results takes the scored "
                        "bye away: said on purpose (the TUI asks for the key twice)")
    p.set_defaults(run=run_attend)


def run_attend(args: argparse.Namespace) -> int:
    entry = {"present": None, "excused": EntryKind.EXCUSED, "unexcused": EntryKind.UNEXCUSED,
             "duty": EntryKind.DUTY, "external": EntryKind.EXTERNAL_PENDING, "external-won": EntryKind.EXTERNAL_WIN,
             "external-drawn": EntryKind.EXTERNAL_DRAW, "external-lost": EntryKind.EXTERNAL_LOSS}[args.status]

    def attend(evening: Evening) -> int:
        season = evening.season
        pid = resolve_player(season, args.player, f"PLAYER {args.player}")
        k = args.round if args.round is not None else evening.current_round()
        if 1 <= k <= len(season.rounds) and season.round(k).is_paired and not season.round(k).has_results:
            rnd = season.round(k)
            if entry is not None and rnd.game_of(pid) is None and rnd.bye != pid:
                # Left out of the pairing and staying away (a team match's result, excused turned
                # unexcused): no board depends on it, so no re-pairing either.
                print(evening.attendance.absence(k, pid, entry))
                print_to_come(evening.season, evening.current_round(), args.season)
                return 0
            if (same := evening.attendance.already(k, pid, entry)) is not None:
                print(same)  # a success that says so: a script marking everyone present goes on
                return 0
            option = "--present" if entry is None else "--absent"
            # --absent books excused: any other mark follows once the player is off the pairing
            then = (f"; then `keizer attend {quote(args.season)} {quote(pid)} {args.status}`"
                    if entry not in (None, EntryKind.EXCUSED) else "")
            raise KeizerError(f"round {k} is paired and not played yet: `keizer pair {quote(args.season)} --round "
                              f"{k} --keep-accepted {option} {quote(pid)} --save` re-pairs it keeping the accepted "
                              f"boards{then}")
        if evening.attendance.bye_goes(k, pid) and not args.take_bye:
            raise KeizerError(f"{season.player(pid).name} had the bye in round {k}, which is scored: "
                              f"--take-bye gives the new mark instead")
        try:
            print(evening.attendance.set(k, pid, entry))
        except (PlayedGame, InFinalGroup) as exc:  # the way out with this season's own path in it
            raise KeizerError(_cli_way(exc, args.season)) from None
        print_to_come(evening.season, evening.current_round(), args.season)
        return 0

    return as_read(args.season, attend)


def print_to_come(season: Season, k: int, path: str) -> None:
    """The team results of rounds before tonight's (round k) still to come, and the command that enters
    one: the evening moves on without them (docs/rules.md §13), so each mark says what is owed."""
    pending = team_results_to_come(season, k - 1)
    if pending:
        first_round, first = pending[0]
        print(f"still to come: {to_come_list(season, pending)} — `keizer attend {quote(path)} {quote(first)} "
              f"external-won --round {first_round}` (or external-drawn, external-lost) enters one")


def _cli_way(exc: PlayedGame | InFinalGroup, season: str) -> str:
    """A refused mark's way out as commands to type, the season's path quoted for the shell."""
    path = quote(season)
    if isinstance(exc, InFinalGroup):
        return (f"{exc.name} plays in the final group in round {exc.round}, not in the Keizer: `keizer group "
                f"{path}` shows their games")
    board = f"keizer result {path} {exc.board}"
    return (f"{exc.name} played on board {exc.board} of round {exc.round}: `{board} RESULT --round {exc.round} "
            f"--change` corrects that game's result (if they did not come: `{board} --no-show {exc.colour} "
            f"--round {exc.round} --change`)")


def register_result(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "result", help="enter the result of a board, or a no-show",
        description="The Results screen's keys (F4): the result of the game on board BOARD of round K, as "
                    "`keizer pairing` numbers the boards. A result already entered is changed only with "
                    "--change. --no-show white|black: that player did not come without notice (D art. 11): "
                    "the game stays on its board as a forfeit and the ruleset's `forfeit` key scores it. A "
                    "correction of a no-show readmits the absentee it suspended (docs/rules.md §13). One "
                    "action, one undo step.")
    p.add_argument("season", metavar="SEASON.keizer")
    p.add_argument("board", metavar="BOARD", type=int, help="the board number")
    p.add_argument("result", metavar="RESULT", nargs="?",
                   help="1-0, 0-1, = (or ½-½, 1/2-1/2), +- (white wins by forfeit), -+ (black wins by forfeit), "
                        "* or pending (not finished)")
    # argparse reads an argument that starts with - as an option: -+ is one, so that it reads as written
    p.add_argument("-+", dest="black_by_forfeit", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--round", "-r", type=int, metavar="K",
                   help="the round (default: the last paired round, whose results are being entered)")
    p.add_argument("--change", action="store_true", help="replace a result already entered")
    p.add_argument("--no-show", choices=("white", "black"), help="who did not come (instead of RESULT)")
    p.set_defaults(run=run_result)


def run_result(args: argparse.Namespace) -> int:
    if args.black_by_forfeit:
        if args.result is not None:
            raise KeizerError(f"result: give one RESULT, not {args.result} and -+")
        args.result = "-+"
    if (args.result is None) == (args.no_show is None):
        raise KeizerError("result: give either RESULT or --no-show white|black")
    new = typed_result(args.result, "RESULT") if args.result is not None else None

    def result(evening: Evening) -> int:
        k = args.round if args.round is not None else evening.results.round()
        key = f"board:{args.board}"
        if args.no_show is not None:
            print(evening.results.no_show(k, key, args.no_show, replace=args.change))
        else:
            assert new is not None
            print(evening.results.set_result(k, key, new, replace=args.change))
        return 0

    return as_read(args.season, result)
