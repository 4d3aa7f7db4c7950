"""`keizer classes`: D's class tables after a round, the proposed moves, and accepting or changing them."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from keizer.evening.classes import class_rules, default_round, parse_move, start_classes
from keizer.evening.evening import Evening
from keizer.evening.words.tables import points, text_table
from keizer.seasons.errors import KeizerError
from keizer.seasons.load import is_store_file
from keizer.seasons.lookup import resolve_player
from keizer.seasons.numbers import counted
from keizer.tui.cli.writes import as_read
from keizer.tui.cli.commands.prizes_text import prize_row_json
from keizer.tui.cli.commands.round_arg import standings_round
from keizer.tui.cli.saving import say_not_saved, say_saved

if TYPE_CHECKING:
    from keizer.seasons.model import Season
    from keizer.evening.classes import ClassesView


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "classes", help="class tables and the proposed class moves (D art. 5)",
        description="The class tables read off the Keizer ranking after round K (default: the last reading "
                    "round already scored, else the last scored round) and, after a reading round (the "
                    "ruleset's classes.read_after: D after round 20 and the final round), the moves the "
                    "program proposes. --accept writes them (a season store; one undo step), changed by "
                    "--move; --take-back removes them; --start shows the proposed starting class of every "
                    "player without a class, and gives them with --save (docs/rules.md §9).")
    p.add_argument("season", metavar="SEASON")
    p.add_argument("--round", "-r", type=int, metavar="K", help="the tables after this round")
    p.add_argument("--json", action="store_true", help="machine-readable JSON (docs/format.md)")
    p.add_argument("--prizes", action="store_true",
                   help="each class's prize list (the participation rule applied, docs/rules.md §5)")
    write = p.add_mutually_exclusive_group()
    write.add_argument("--accept", action="store_true", help="accept the proposed moves after round K")
    write.add_argument("--take-back", action="store_true", help="take back the moves accepted after round K")
    write.add_argument("--start", action="store_true",
                       help="the players without a class and their proposed starting class (with --move: "
                            "another one); --save gives them")
    p.add_argument("--move", action="append", default=[], metavar="ID:CLASS",
                   help="with --accept or --start: this player to this class instead of the proposal (their "
                        "own class: they stay); repeatable")
    p.add_argument("--save", action="store_true",
                   help="with --start: write the starting classes (a season store; one undo step)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    changes = tuple(parse_move(text) for text in args.move)
    if changes and not (args.accept or args.start):
        raise KeizerError("--move changes what --accept or --start writes: give one of them")
    if args.save and not (args.accept or args.take_back or args.start):
        raise KeizerError("--save writes what --start gives: give --start too")
    if args.start:
        return _start(args, changes)
    if args.accept or args.take_back:
        return _write(args, changes)
    with Evening.read(args.season) as evening:
        season = evening.season
        view = evening.classes.view(None if args.round is None else standings_round(season, args.round),
                                    prizes=args.prizes)
    if args.json:
        sys.stdout.write(json.dumps(classes_json(season, view), ensure_ascii=False, indent=1) + "\n")
    else:
        sys.stdout.write(classes_text(season, view) + "\n")
    return 0


def _write(args: argparse.Namespace, changes: tuple[Any, ...]) -> int:
    def write(evening: Evening) -> int:
        # A player is named as on every other option: an id or a name (unique start, no case or accents).
        named = tuple((resolve_player(evening.season, pid, f"--move {text}"), klass)
                      for text, (pid, klass) in zip(args.move, changes, strict=True))
        classes = evening.classes
        season = evening.season
        k = args.round if args.round is not None else default_round(
            season, class_rules(evening.ruleset), season.last_scored_round)
        print(classes.take_back(k) if args.take_back else classes.accept(k, named))
        return 0

    return as_read(args.season, write)


def _start(args: argparse.Namespace, changes: tuple[Any, ...]) -> int:
    """`--start`: the starting classes proposed (with the director's `--move`s) for the players without one,
    shown; written with `--save` only, as the group commands and `pair` write (one undo step), checked
    against the season it was computed from (`as_read`)."""
    if args.save and not is_store_file(args.season):
        raise KeizerError(f"{args.season}: --save needs a season store (.keizer); import the JSON file first")

    def give(season: Season, evening: Evening | None) -> int:
        # A player is named as on every other option: an id or a name (unique start, no case or accents).
        named = tuple((resolve_player(season, pid, f"--move {text}"), klass)
                      for text, (pid, klass) in zip(args.move, changes, strict=True))
        given = start_classes(season, named)
        if not given:
            print("every player already has that class: nothing to give")
            return 0
        if evening is not None:  # saved first: a refused save prints nothing a script could take as saved
            say_saved(evening.classes.give_start_classes(given))
        else:
            say_not_saved()
        print(f"starting classes for {counted(len(given), 'player')}:")
        for pid, klass in given:
            print(f"  {klass}  {season.player(pid).name} ({pid})")
        return 0

    if args.save:
        return as_read(args.season, lambda evening: give(evening.season, evening))
    with Evening.read(args.season) as evening:
        return give(evening.season, None)


def classes_text(season: Season, view: ClassesView) -> str:
    lines = [f"{season.name} — classes after round {view.round}"
             + (" (a reading: moves proposed)" if view.reading else "")]
    if view.missing:
        lines.append(f"PROVISIONAL: {view.missing} result{'s' if view.missing != 1 else ''} still missing")
    if view.unclassed:
        lines.append(f"{len(view.unclassed)} player{'s' if len(view.unclassed) != 1 else ''} without a class, "
                     f"in no table: `keizer classes SEASON --start --save` gives the proposed starting classes")
    for table in view.tables:
        lines += ["", f"Class {table.name} ({len(table.rows)})"]
        rows = [[str(r.place), str(r.rank), season.player(r.player).name, points(r.score)]
                + ([] if r.eligible is None else ["yes" if r.eligible else "no"]) for r in table.rows]
        eligible = any(r.eligible is not None for r in table.rows)
        headers = ["Pl", "Keizer", "Name", "Points"] + (["33%?"] if eligible else [])
        lines.append(text_table(headers, rows, [True, True, False, True] + ([False] if eligible else [])))
    if view.reading:
        lines += ["", "Proposed moves:" if view.proposal else "Proposed moves: none"]
        for m in view.proposal:
            lines.append(f"  {m.source} → {m.target}  {season.player(m.player).name} ({m.player}, {m.reason})")
        lines.append("Sizes after them: " + ", ".join(f"{name} {n}" for name, n in view.sizes))
        if view.accepted is None:
            lines.append(f"Not accepted yet: `keizer classes SEASON --round {view.round} --accept [--move ID:CLASS]`")
        else:
            accepted = ", ".join(f"{season.player(p).name} → {c}" for p, c in view.accepted.moves) or "nobody moves"
            lines.append(f"Accepted: {accepted}")
    return "\n".join(lines)


def classes_json(season: Season, view: ClassesView) -> dict[str, Any]:
    def row(r: Any) -> dict[str, Any]:
        return prize_row_json(season, r)

    return {
        "round": view.round, "reading": view.reading, "provisional": view.missing > 0, "missing": view.missing,
        "classes": [{"class": t.name, "rows": [row(r) for r in t.rows]} for t in view.tables],
        "proposed": [{"player": m.player, "name": season.player(m.player).name, "from": m.source, "to": m.target,
                      "reason": m.reason} for m in view.proposal],
        "sizes": {name: n for name, n in view.sizes},
        "accepted": None if view.accepted is None else {pid: klass for pid, klass in view.accepted.moves},
        "unclassed": list(view.unclassed),
    }
