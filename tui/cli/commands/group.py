"""`keizer group`: the championship group — show it, form it, schedule it, record its decision games."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

from keizer.evening.change import Change
from keizer.evening.championship.changes import GameMove, members_of
from keizer.evening.championship.view import first_open_round, group_of, rule_of, state_summary
from keizer.evening.evening import Evening
from keizer.seasons.errors import KeizerError
from keizer.seasons.load import is_store_file
from keizer.seasons.lookup import resolve_player
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.result_text import typed_result
from keizer.tui.cli.writes import evening_on
from keizer.tui.cli.commands.group_text import schedule_json, schedule_text, view_json, view_text
from keizer.tui.cli.parser import Parser, nearest
from keizer.tui.cli.saving import say_not_saved, say_saved

USAGE = """\
keizer group SEASON [--json]                      members, schedule, table and state
keizer group form SEASON [--decline PLAYER]... [--save]
keizer group fill SEASON [--save]                 the next in line for a member who withdrew before it played
keizer group schedule SEASON [--from-round K] [--move W:B:ROUND] [--json] [--save]
keizer group unavailable SEASON PLAYER [ROUND ...] [--save]
keizer group decide SEASON [--game W:B:RESULT | --clear] [--save]
keizer group result SEASON ROUND W:B RESULT [--save]   (a "separate" group's game, K)"""

ACTIONS = ("form", "fill", "schedule", "unavailable", "decide", "result")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("group", help="the championship group: show, form, schedule, decision games",
                       usage=USAGE, formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="The championship group (docs/rules.md §8). Nothing is written unless --save "
                                   "is given (a season store; each action is one undo step).")
    p.add_argument("words", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    p.set_defaults(run=run, own_words=True)  # its words as typed, an option first too (`keizer main`)


def _parser(action: str) -> argparse.ArgumentParser:
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
    return {"": _show, "form": _form, "fill": _fill, "schedule": _schedule, "unavailable": _unavailable, "decide": _decide,
            "result": _result}[action](opts)


def _unknown_action(words: list[str]) -> bool:
    """The first word is a misspelt action, not the SEASON of `keizer group SEASON [--json]`: it names no
    file and more words follow that the show form does not take (`keizer group frm S`), or it comes close
    to an action (`keizer group shedule`)."""
    first = words[0]
    if first.startswith("-") or Path(first).exists():  # the show form, an option first or its SEASON
        return False
    return sum(1 for w in words if not w.startswith("-")) > 1 or bool(nearest(first, ACTIONS))


def _refuse_action(word: str) -> NoReturn:
    """`keizer group: error: unknown command 'frm'; did you mean 'form'?`, the way `keizer` answers a
    misspelt command, and the hint; exit 2."""
    listed = ", ".join(repr(a) for a in ACTIONS)
    Parser(prog="keizer group").error(f"unknown command {word!r}{nearest(word, ACTIONS)} (choose from {listed})")


@contextmanager
def _evening(path: str, save: bool) -> Iterator[Evening]:
    """The evening on the season to work on: with --save on its store, whose group service writes the change
    as a compare-and-set against the revision the season was read at (nothing is written if another program
    wrote meanwhile); without, any season file or store, only read."""
    if not save:
        with Evening.read(path) as evening:
            yield evening
        return
    if not is_store_file(path):
        raise KeizerError(f"{path}: --save needs a season store (.keizer); import the JSON file first")
    with evening_on(path) as evening:  # each write checked against the revision taken before the season is read
        yield evening


def _pid(season: Season, text: str, what: str) -> PlayerId:
    """An id, a name or its start, as every command takes a player ("did you mean" when none fits)."""
    return resolve_player(season, text, what)


def _written(opts: argparse.Namespace, save: Callable[[], str]) -> None:
    """With --save, the action saved through the group's service; either way one line on stderr says whether it
    was (`tui.cli.saving`), so that stdout keeps only the command's output. Called before anything is printed:
    a refused save prints nothing a script could take as saved."""
    if opts.save:
        say_saved(save())
    else:
        say_not_saved()


def _show(opts: argparse.Namespace) -> int:
    with _evening(opts.season, False) as evening:
        season, view = evening.season, evening.group.view()
    if opts.json:
        sys.stdout.write(json.dumps(view_json(season, view), ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(view_text(season, view))
    return 0


def _form(opts: argparse.Namespace) -> int:
    with _evening(opts.season, opts.save) as evening:
        season = evening.season
        declined = tuple(_pid(season, x, "--decline") for x in opts.decline)
        change = evening.group.formation(declined)
        _written(opts, lambda: evening.group.form(declined))
        _members(season, change)
    return 0


def _fill(opts: argparse.Namespace) -> int:
    """D art. 3: the next in line for a member who withdrew before the group played, as the director asks."""
    with _evening(opts.season, opts.save) as evening:
        season = evening.season
        change = evening.group.filling()
        _written(opts, lambda: evening.group.fill())
        _members(season, change)
    return 0


def _members(season: Season, change: Change) -> None:
    """The members (and declines) a formation writes, one a line."""
    event = members_of(change)
    print(f"Championship group after round {event.formed_after}:")
    for i, pid in enumerate(event.members, 1):
        print(f"{i:>3}  {season.player(pid).name} ({pid})")
    for pid in event.declined:
        print(f"  declined: {season.player(pid).name} ({pid})")


def _schedule(opts: argparse.Namespace) -> int:
    with _evening(opts.season, opts.save) as evening:
        season = evening.season
        rule, group = rule_of(season), group_of(season)
        first = opts.from_round if opts.from_round is not None else first_open_round(season, group, rule)
        if opts.move:
            move = _moved(evening, opts.move, first)
            schedule, check, optimal = move.schedule, move.check, None
            if move.valid:
                _written(opts, lambda: evening.group.move(move))
            print("\n".join(move.lines), file=sys.stderr if opts.json else sys.stdout)  # beside JSON: stderr
        else:
            proposed = evening.group.proposed_schedule(first)  # ctrl+c stops its search at once
            schedule, check, optimal = proposed.games, proposed.check, proposed.optimal
            _written(opts, lambda: evening.group.accept_schedule(schedule))
        if opts.json:
            sys.stdout.write(json.dumps(schedule_json(season, schedule, check, first, optimal), ensure_ascii=False,
                                        indent=1) + "\n")
        else:
            sys.stdout.write(schedule_text(season, schedule, check, first, optimal))
    return 0


def _moved(evening: Evening, text: str, first: int) -> GameMove:
    """`--move W:B:ROUND`: the accepted game moved, with what it breaks; refused in one line when it cannot
    be moved, or — to be saved — when it breaks a hard rule (what it breaks said in the refusal: nothing on
    stdout)."""
    season = evening.season
    parts = text.split(":")
    if len(parts) != 3 or not (parts[2].strip().isascii() and parts[2].strip().isdigit()):
        raise KeizerError(f"--move {text}: expected W:B:ROUND")
    w, b = _pid(season, parts[0], "--move"), _pid(season, parts[1], "--move")
    try:
        move = evening.group.moved(w, b, int(parts[2]), first)
    except KeizerError as exc:
        raise KeizerError(f"--move {text}: {exc}") from None
    if evening.readonly is None and not move.valid:
        raise KeizerError(f"--move {text}: not saved, it breaks a hard rule of the schedule: "
                          + "; ".join(line.strip() for line in move.lines[1:]))
    return move


def _unavailable(opts: argparse.Namespace) -> int:
    with _evening(opts.season, opts.save) as evening:
        season = evening.season
        pid = _pid(season, opts.player, "unavailable")
        group, rounds = group_of(season), tuple(sorted(set(opts.rounds)))
        said = f"{season.player(pid).name} cannot play group games in rounds: {', '.join(map(str, rounds)) or 'none'}"
        if pid in group.members and rounds == group.unavailable_rounds(pid):
            print(f"{said} (unchanged: nothing to save)")
            return 0
        evening.group.unavailability(pid, rounds)  # the TUI's checks first: a member, the group's rounds
        _written(opts, lambda: evening.group.unavailable(pid, rounds))  # the undo step names player and rounds
        print(said)
    return 0


def _decide(opts: argparse.Namespace) -> int:
    with _evening(opts.season, opts.save) as evening:
        season = evening.season
        if opts.game is None and not opts.clear:
            state = evening.group.view().state
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
                    typed_result(parts[2], "--game"))
        (event,) = evening.group.decision(game).events
        _written(opts, lambda: evening.group.decide(game))
        print(f"decision games: {len(event.games)}")  # type: ignore[attr-defined]
    return 0


def _result(opts: argparse.Namespace) -> int:
    with _evening(opts.season, opts.save) as evening:
        season = evening.season
        parts = opts.game.split(":")
        if len(parts) != 2:
            raise KeizerError(f"{opts.game}: expected W:B")
        game = (opts.round, _pid(season, parts[0], "game"), _pid(season, parts[1], "game"),
                typed_result(opts.result, "RESULT"))
        change = evening.group.game_result(*game)
        _written(opts, lambda: evening.group.result(*game))
        print(change.label)
    return 0
