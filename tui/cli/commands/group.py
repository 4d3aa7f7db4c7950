"""`keizer group`: the championship group — show it, form it, schedule it, record its decision games."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, NoReturn

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import PlayerId, Result, Season

if TYPE_CHECKING:
    from keizer.evening.evening import Evening
    from keizer.evening.session import Change

USAGE = """\
keizer group SEASON [--json]                      members, schedule, table and state
keizer group form SEASON [--decline PLAYER]... [--save]
keizer group schedule SEASON [--from-round K] [--move W:B:ROUND] [--json] [--save]
keizer group unavailable SEASON PLAYER [ROUND ...] [--save]
keizer group decide SEASON [--game W:B:RESULT | --clear] [--save]
keizer group result SEASON ROUND W:B RESULT [--save]   (a "separate" group's game, K)"""

ACTIONS = ("form", "schedule", "unavailable", "decide", "result")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("group", help="the championship group: show, form, schedule, decision games",
                       usage=USAGE, formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="The championship group (docs/rules.md §8). Nothing is written unless --save "
                                   "is given (a season store; each action is one undo step).")
    p.add_argument("words", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    p.set_defaults(run=run, own_words=True)  # its words as typed, an option first too (`keizer main`)


def _parser(action: str) -> argparse.ArgumentParser:
    from keizer.tui.cli.parser import Parser

    p = Parser(prog=f"keizer group {action}".strip(), usage=USAGE)
    p.add_argument("season", metavar="SEASON")
    save = action != ""
    if action == "form":
        p.add_argument("--decline", action="append", default=[], metavar="PLAYER",
                       help="this proposed player declines; the next in line moves up (repeatable)")
    elif action == "schedule":
        p.add_argument("--from-round", type=int, metavar="K",
                       help="re-solve from round K (default: the first round not yet paired), earlier games kept")
        p.add_argument("--move", metavar="W:B:ROUND", help="move the accepted game W–B to ROUND and say what it breaks")
        p.add_argument("--json", action="store_true")
    elif action == "unavailable":
        p.add_argument("player", metavar="PLAYER", help="an id, a name or its start")
        p.add_argument("rounds", type=int, nargs="*", metavar="ROUND", help="all their rounds; none clears them")
    elif action == "decide":
        p.add_argument("--game", metavar="W:B:RESULT", help="record a decision game (or a pending one's result)")
        p.add_argument("--clear", action="store_true", help="remove every decision game")
    elif action == "result":
        p.add_argument("round", type=int, metavar="ROUND")
        p.add_argument("game", metavar="W:B")
        p.add_argument("result", metavar="RESULT")
    else:
        p.add_argument("--json", action="store_true", help="machine-readable JSON (docs/format.md)")
    if save:
        p.add_argument("--save", action="store_true", help="write it to the season store (one undo step)")
    return p


def run(args: argparse.Namespace) -> int:
    words = list(args.words)
    if not words or words[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if words else 2
    action = words[0] if words[0] in ACTIONS else ""
    if not action and _unknown_action(words):
        _refuse_action(words[0])
    opts = _parser(action).parse_args(words[1:] if action else words)
    return {"": _show, "form": _form, "schedule": _schedule, "unavailable": _unavailable, "decide": _decide,
            "result": _result}[action](opts)


def _unknown_action(words: list[str]) -> bool:
    """The first word is a misspelt action, not the SEASON of `keizer group SEASON [--json]`: it names no
    file and more words follow that the show form does not take (`keizer group frm S`), or it comes close
    to an action (`keizer group shedule`)."""
    from pathlib import Path

    from keizer.tui.cli.parser import nearest

    first = words[0]
    if first.startswith("-") or Path(first).exists():  # the show form, an option first or its SEASON
        return False
    return sum(1 for w in words if not w.startswith("-")) > 1 or bool(nearest(first, ACTIONS))


def _refuse_action(word: str) -> NoReturn:
    """`keizer group: error: unknown command 'frm'; did you mean 'form'?`, the way `keizer` answers a
    misspelt command, and the hint; exit 2."""
    from keizer.tui.cli.parser import Parser, nearest

    listed = ", ".join(repr(a) for a in ACTIONS)
    Parser(prog="keizer group").error(f"unknown command {word!r}{nearest(word, ACTIONS)} (choose from {listed})")


@contextmanager
def _season(path: str, save: bool) -> Iterator[tuple[Season, Evening | None]]:
    """The season to work on, and with --save the evening on its store, whose group service writes the
    change: as a compare-and-set against the revision the season was read at (nothing is written if another
    program wrote meanwhile). Without --save, any season file, read only."""
    from keizer.seasons.load import is_store_file, load_season

    if not save:
        yield load_season(path), None
        return
    if not is_store_file(path):
        raise KeizerError(f"{path}: --save needs a season store (.keizer); import the JSON file first")
    from keizer.tui.cli.commands.calendar import evening_on

    with evening_on(path) as evening:  # each write checked against the revision taken before the season is read
        yield evening.season, evening


def _pid(season: Season, text: str, what: str) -> PlayerId:
    """An id, a name or its start, as every command takes a player ("did you mean" when none fits)."""
    from keizer.seasons.lookup import resolve_player

    return resolve_player(season, text, what)


def _result_of(text: str, what: str) -> Result:
    """A typed result, as `keizer result` takes it (`seasons.result_text`: `=` and `½-½` too)."""
    from keizer.seasons.result_text import typed_result

    return typed_result(text, what)


def _write(evening: Evening | None, change: Change, head: int | None) -> None:
    """The change saved (with --save: `evening`) as a compare-and-set against `head`, or nothing written; either
    way one line on stderr says which (`tui.cli.saving`), so that stdout keeps only the command's output."""
    from keizer.tui.cli.saving import say_not_saved, say_saved

    if evening is None:
        say_not_saved()
    else:
        say_saved(evening.session.apply(change, expect_head=head))


def _show(opts: argparse.Namespace) -> int:
    from keizer.evening.championship.view import group_view
    from keizer.tui.cli.commands.group_text import view_json, view_text

    with _season(opts.season, False) as (season, _):
        view = group_view(season)
    if opts.json:
        sys.stdout.write(json.dumps(view_json(season, view), ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(view_text(season, view))
    return 0


def _form(opts: argparse.Namespace) -> int:
    from keizer.evening.championship.changes import formation, members_of

    with _season(opts.season, opts.save) as (season, evening):
        head = evening.session.shown if evening else None
        change = formation(season, tuple(_pid(season, x, "--decline") for x in opts.decline))
        event = members_of(change)
        _write(evening, change, head)  # first: a refused save prints nothing a script could take as saved
        print(f"Championship group after round {event.formed_after}:")
        for i, pid in enumerate(event.members, 1):
            print(f"{i:>3}  {season.player(pid).name} ({pid})")
        for pid in event.declined:
            print(f"  declined: {season.player(pid).name} ({pid})")
    return 0


def _schedule(opts: argparse.Namespace) -> int:
    from keizer.evening.championship.changes import move_scheduled, schedule_change, schedule_proposal
    from keizer.evening.championship.view import first_open_round, group_of, rule_of
    from keizer.tui.cli.commands.group_text import schedule_json, schedule_text

    with _season(opts.season, opts.save) as (season, evening):
        head = evening.session.shown if evening else None
        rule, group = rule_of(season), group_of(season)
        first = opts.from_round if opts.from_round is not None else first_open_round(season, group, rule)
        if opts.move:
            parts = opts.move.split(":")
            if len(parts) != 3 or not (parts[2].strip().isascii() and parts[2].strip().isdigit()):
                raise KeizerError(f"--move {opts.move}: expected W:B:ROUND")
            w, b = _pid(season, parts[0], "--move"), _pid(season, parts[1], "--move")
            try:
                move = move_scheduled(season, w, b, int(parts[2]), first)
            except KeizerError as exc:
                raise KeizerError(f"--move {opts.move}: {exc}") from None
            if evening is not None and not move.valid:  # what it breaks said in the refusal: nothing on stdout
                raise KeizerError(f"--move {opts.move}: not saved, it breaks a hard rule of the schedule: "
                                  + "; ".join(line.strip() for line in move.lines[1:]))
            schedule, check, optimal = move.schedule, move.check, None
            change = move.change if move.valid else None
        else:
            proposed = schedule_proposal(season, first)  # ctrl+c stops its search at once (`pairing.championship.model._solve`)
            schedule, check, optimal = proposed.games, proposed.check, proposed.optimal
            change = schedule_change(schedule)
        if change is not None:
            _write(evening, change, head)  # first: a refused save prints nothing a script could take as saved
        if opts.move:  # what the move changes: beside JSON on stderr, so that stdout stays one object
            print("\n".join(move.lines), file=sys.stderr if opts.json else sys.stdout)
        if opts.json:
            sys.stdout.write(json.dumps(schedule_json(season, schedule, check, first, optimal), ensure_ascii=False,
                                        indent=1) + "\n")
        else:
            sys.stdout.write(schedule_text(season, schedule, check, first, optimal))
    return 0


def _unavailable(opts: argparse.Namespace) -> int:
    from keizer.evening.championship.changes import unavailability
    from keizer.evening.championship.view import group_of

    with _season(opts.season, opts.save) as (season, evening):
        head = evening.session.shown if evening else None
        pid = _pid(season, opts.player, "unavailable")
        group, rounds = group_of(season), tuple(sorted(set(opts.rounds)))
        said = f"{season.player(pid).name} cannot play group games in rounds: {', '.join(map(str, rounds)) or 'none'}"
        if pid in group.members and rounds == group.unavailable_rounds(pid):
            print(f"{said} (unchanged: nothing to save)")
            return 0
        change = unavailability(season, pid, rounds)  # the TUI's checks: a member, the group's rounds
        _write(evening, change, head)  # the TUI's label too: the undo step names the player and the rounds
        print(said)
    return 0


def _decide(opts: argparse.Namespace) -> int:
    from keizer.evening.championship.changes import decision
    from keizer.evening.championship.view import group_view, state_summary

    with _season(opts.season, opts.save) as (season, evening):
        head = evening.session.shown if evening else None
        if opts.game is None and not opts.clear:
            state = group_view(season).state
            print(state_summary(season, state) if state is not None else "the group has not been formed yet")
            for w, b in state.needed if state is not None else ():  # with the ids that --game W:B:RESULT takes
                print(f"  needed: {season.player(w).name} ({w})–{season.player(b).name} ({b})")
            return 0
        game = None
        if opts.game is not None:
            parts = opts.game.split(":")
            if len(parts) != 3:
                raise KeizerError(f"--game {opts.game}: expected W:B:RESULT")
            game = (_pid(season, parts[0], "--game"), _pid(season, parts[1], "--game"),
                    _result_of(parts[2], "--game"))
        change = decision(season, game)
        (event,) = change.events
        _write(evening, change, head)
        print(f"decision games: {len(event.games)}")  # type: ignore[attr-defined]
    return 0


def _result(opts: argparse.Namespace) -> int:
    from keizer.evening.championship.changes import group_result

    with _season(opts.season, opts.save) as (season, evening):
        head = evening.session.shown if evening else None
        parts = opts.game.split(":")
        if len(parts) != 2:
            raise KeizerError(f"{opts.game}: expected W:B")
        change = group_result(season, opts.round, _pid(season, parts[0], "game"), _pid(season, parts[1], "game"),
                              _result_of(opts.result, "RESULT"))
        _write(evening, change, head)
        print(change.label)
    return 0
