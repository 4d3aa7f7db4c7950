"""`keizer import` of another program's file: a KeizerForClubs tournament, a TRF file or a spreadsheet of
games, with the report of what was carried and what was not; the season made ready to play on (its name,
its rounds); and what a file that is no season is for (docs/format.md "Moving in")."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from shlex import quote
from typing import Any

from keizer.evening.moving_in import stored_check
from keizer.evening.words.visible import visible
from keizer.seasons.atomic import write_text_atomic
from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.json_input import load_json
from keizer.seasons.keizerforclubs.season import read_kfc
from keizer.seasons.load import read_text
from keizer.seasons.model import Season
from keizer.seasons.moving_in.ready import ready
from keizer.seasons.moving_in.report import SHOWN, Moved, report_label, report_lines
from keizer.seasons.numbers import counted
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.presets import PRESET_NAMES
from keizer.seasons.spreadsheet.read import read_spreadsheet
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.trf.read import read_trf

NOT_A_SEASON = {
    "kfc-config": "KeizerForClubs' own settings file (in its program's cfg folder), not a tournament: give it with "
                  "the tournament it holds the settings of, `keizer import TOURNAMENT.s3db {store} --settings {file}`",
    "players": "a player list, not a season: `keizer new {store} --players {file}` starts a season with these "
               "players",
}
"""What `keizer import` says of a file that holds no season, and the command meant."""
OPENED = {
    "kfc": "a KeizerForClubs tournament", "trf": "a TRF file", "spreadsheet": "a spreadsheet of games",
    "kfc-config": "KeizerForClubs' own settings file", "players": "a player list",
}
"""What `keizer open` says a file is that it cannot open (`meant_instead`)."""


def import_moved(args: argparse.Namespace, kind: str) -> int:
    """Read the file of `kind` ("kfc", "trf", "spreadsheet"), compare the tables it stores with keizer's,
    give the season its name and rounds (asked, or --name, --rounds), create the store whose first action's
    label holds the whole report, print the report (the first guesses, the rest counted) and write all of it
    to --report FILE."""
    source, target = Path(args.json_file), Path(args.store)
    if kind in NOT_A_SEASON:
        raise KeizerError(f"{source}: " + NOT_A_SEASON[kind].format(store=quote(str(target)), file=quote(str(source))))
    if args.settings is not None and kind != "kfc":
        raise KeizerError("--settings is for a KeizerForClubs tournament saved before March 2023 (its settings "
                          "were the program's own, in KeizerForClubs.config.s3db)")
    ruleset = ruleset_option(args.ruleset)
    moved = _read(source, kind, args.settings, ruleset)
    moved.report.checks.extend(stored_check(moved))
    season = ready(moved.season, *_asked(moved.season, args))
    report, store = moved.report, str(target)
    SeasonStore.build(target, season, label=report_label(source.name, report, season, store), checked=True)
    if args.report is not None:
        write_text_atomic(args.report, "\n".join(report_lines(report, season, store)) + "\n")
    for line in report_lines(report, season, store, most=SHOWN):
        print(visible(line))
    print(f"imported {counted(len(season.players), 'player')} and {counted(len(season.rounds), 'round')} into "
          f"{target}; the report is kept in its log (`keizer log {quote(store)}`)"
          + (f" and in {args.report}" if args.report else ""))
    if season.rounds_planned is None:
        print(f"the rounds the season will play are not set: `keizer season {quote(store)} --rounds R` sets them "
              f"(pairing stops after them; a forecast needs them)")
    return 0


def _read(source: Path, kind: str, settings: str | None, ruleset: Any) -> Moved:
    if kind == "kfc":
        return read_kfc(source, settings=settings, ruleset=ruleset)
    if kind == "spreadsheet":
        return read_spreadsheet(source, ruleset=ruleset)
    return read_trf(source, ruleset=ruleset)


def _asked(season: Season, args: argparse.Namespace) -> tuple[str | None, int | None]:
    """The name and rounds: --name and --rounds, else asked on a terminal (Enter keeps what the file said),
    else as the file says."""
    name, rounds = args.name, args.rounds
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return name, rounds
    if name is None:
        name = _ask(f"the season's name [{season.name}]: ") or None
    if rounds is None:
        planned = season.rounds_planned
        answer = _ask(f"the rounds it will play [{planned if planned is not None else 'not set'}]: ")
        if answer:
            if not answer.isdigit():
                raise InputError("--rounds", f"expected a whole number of rounds, got {answer[:20]!r}")
            rounds = int(answer)
    return name, rounds


def _ask(prompt: str) -> str:
    try:
        return input(prompt).strip()
    except EOFError:
        return ""


def ruleset_option(value: str | None) -> Any:
    """`--ruleset`: a preset's name, or a JSON file holding a ruleset (`{"preset": …, overrides}`); checked."""
    if value is None or value in PRESET_NAMES:
        return value
    if not Path(value).exists():
        raise KeizerError(f"--ruleset {value}: neither a preset ({', '.join(PRESET_NAMES)}) nor a file")
    try:
        spec = load_json(read_text(value, "a ruleset file"))
        parse_ruleset(spec)
    except InputError as exc:
        raise KeizerError(f"--ruleset {value}: {exc}") from None
    return spec


def meant_instead(path: Path, kind: str) -> str:
    """`keizer open` on another program's file: what it is and the command that makes a season of it."""
    store = quote(str(path.with_suffix(".keizer")))
    if kind == "players":
        return f"{path}: {OPENED[kind]}, not a season: `keizer new {store} --players {quote(str(path))}` starts one"
    if kind == "kfc-config":
        return f"{path}: {NOT_A_SEASON[kind].format(store=store, file=quote(str(path)))}"
    return (f"{path}: {OPENED[kind]}, not a season: `keizer import {quote(str(path))} {store}` makes a season of it "
            f"(and says what it carried), then `keizer open {store}`")
