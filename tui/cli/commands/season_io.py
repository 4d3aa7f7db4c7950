"""`keizer import`, `export` and `validate`: moving a season between JSON and the store."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from keizer.evening.evening import Evening
from keizer.evening.history import head_problem, store_problems
from keizer.seasons.atomic import write_text_atomic
from keizer.seasons.errors import KeizerError, StoreError
from keizer.seasons.load import is_store_file, load_season
from keizer.seasons.moving_in.ready import ready
from keizer.seasons.moving_in.sniff import file_kind
from keizer.seasons.numbers import counted
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.season_json.write import dump_season
from keizer.seasons.spreadsheet.write import spreadsheet_text
from keizer.seasons.store.season_store import SeasonStore
from keizer.seasons.trf.report import check_reportable, trf_report
from keizer.tui.cli.commands.moving_in import import_moved

if TYPE_CHECKING:
    from keizer.seasons.model import Season


def register_import(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("import", help="import a season (JSON, KeizerForClubs, TRF, a spreadsheet) into a new store",
                       description="Create a season store (an SQLite file) from a keizer-season/1 JSON file, a "
                                   "KeizerForClubs tournament (.s3db), a FIDE TRF file or a spreadsheet of games "
                                   "(CSV), told by their content; for the last three a report says what was carried, "
                                   "what was not and what was guessed (docs/format.md \"Moving in\"). On a terminal "
                                   "it asks the season's name and the rounds it will play.")
    p.add_argument("json_file", metavar="FILE")
    p.add_argument("store", metavar="SEASON.keizer")
    p.add_argument("--ruleset", metavar="PRESET|FILE.json",
                   help="the Keizer settings (a preset, or a JSON file holding a ruleset): for a TRF file or a "
                        "spreadsheet, default the file's own (keizer's export writes it), else keizer-classic; for "
                        "a KeizerForClubs tournament instead of its settings")
    p.add_argument("--settings", metavar="KeizerForClubs.config.s3db",
                   help="a KeizerForClubs tournament saved before March 2023 keeps no settings: read them from the "
                        "program's own settings file (default: the program's defaults of that time)")
    p.add_argument("--name", metavar="NAME", help="the season's name (default: the file's)")
    p.add_argument("--rounds", type=int, metavar="R", help="the rounds the season will play (default: the file's, if "
                                                          "it says)")
    p.add_argument("--report", metavar="FILE", help="write the whole report here (the screen shows the first "
                                                    f"guesses and counts the rest)")
    p.set_defaults(run=run_import)


def run_import(args: argparse.Namespace) -> int:
    kind = file_kind(args.json_file)
    if kind != "season":
        return import_moved(args, kind)
    for given, option in ((args.ruleset, "--ruleset"), (args.settings, "--settings"), (args.report, "--report")):
        if given is not None:
            raise KeizerError(f"{option} is for another program's file: a season file or store carries its own "
                              f"ruleset and needs no report")
    season = ready(load_season(args.json_file), args.name, args.rounds)
    target = Path(args.store)  # an existing file is refused by create, after it removed what a killed run left
    SeasonStore.build(target, season, label=f"import {Path(args.json_file).name}")
    print(f"imported {counted(len(season.players), 'player')} and {counted(len(season.rounds), 'round')} into {target}")
    return 0


def register_export(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="write a season as keizer-season/1 JSON, the rating report (TRF) or a spreadsheet",
                       description="Export a season (store or JSON) as keizer-season/1 JSON, with --trf the "
                                   "internal games as a FIDE TRF-16 file for the rating report, or with --csv as a "
                                   "spreadsheet of games (docs/format.md).")
    p.add_argument("season", metavar="SEASON")
    p.add_argument("-o", "--output", metavar="FILE", help="write here (atomically) instead of stdout")
    p.add_argument("--trf", action="store_true",
                   help="the rating report: rounds 1..K's internal games as FIDE TRF-16 (game points, round dates)")
    p.add_argument("--csv", action="store_true",
                   help="a spreadsheet of games: the players, then a row per game and per absence (`;` between "
                        "fields, UTF-8 as Excel reads it); `keizer import` reads it back")
    p.add_argument("--round", "-r", type=int, metavar="K",
                   help="with --trf: the last round reported (default: the last round with results)")
    p.add_argument("--national-ids", action="store_true",
                   help="with --trf: the players' KNSB numbers in the id column instead of their FIDE ids")
    p.add_argument("--upto-valid", action="store_true",
                   help="a store whose log was changed outside keizer: export the season as it was before the "
                        "first changed action (a warning names it)")
    p.set_defaults(run=run_export)


def run_export(args: argparse.Namespace) -> int:
    if args.trf and args.csv:
        raise KeizerError("--trf and --csv: give one (the rating report, or the spreadsheet)")
    with _to_export(args.season, args.upto_valid) as evening:
        season, head = evening.season, evening.history.head()
        if args.csv:
            if args.round is not None or args.national_ids:
                raise KeizerError("--round and --national-ids belong to the rating report (--trf)")
            text = spreadsheet_text(season)
        elif args.trf:
            text = _trf_text(evening, args.round, args.national_ids, None if head is None else str(head))
        elif args.round is not None or args.national_ids:
            given = " and ".join(o for o, on in (("--round", args.round is not None),
                                                 ("--national-ids", args.national_ids)) if on)
            raise KeizerError(f"{given} {'belong' if ' and ' in given else 'belongs'} to the rating report: give "
                              f"--trf too")
        else:
            text = dump_season(season, None if head is None else str(head))
    if args.output:
        write_text_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


def _trf_text(evening: Evening, k: int | None, national_ids: bool, log_head: str | None) -> str:
    """The TRF file of rounds 1..k (default: the last round with results), ranked as after round k; from a
    store, with the head of its log (`seasons.trf.keizer_lines.keizer_lines`)."""
    season = evening.season
    if k is None and season.last_scored_round == 0 and season.played_rounds:
        # nothing to default to: the round to give is named, not "--round 0" that nobody typed
        last = season.played_rounds
        rounds = f"rounds 1..{last} with their" if last > 1 else "round 1 with its"
        raise KeizerError(f"no round has results yet: `--round {last}` reports the paired {rounds} games still "
                          f"without a result")
    k = season.last_scored_round if k is None else k
    if not 1 <= k <= season.played_rounds:
        raise KeizerError(f"--round {k}: the rating report covers paired rounds, 1..{season.played_rounds}"
                          if season.played_rounds else "no round is paired yet: nothing to report")
    check_reportable(season, k)  # before the replay: what the season itself says the report cannot hold
    ranks = {row.player: row.rank for row in evening.standings.replay(k).standings().rows}
    report = trf_report(season, k, ranks, national_ids=national_ids, log_head=log_head)
    if report.pending:  # a rating office rates results: say so rather than leave it to be found there
        print(f"keizer: warning: {counted(report.pending, 'game')} of rounds 1..{k} {'has' if report.pending == 1 else 'have'} no result yet; the file has "
              f"them with their opponent and no result", file=sys.stderr)
    return report.text


def _to_export(path: str, upto_valid: bool) -> Evening:
    """The evening on the season in `path`, only read: a season file, or a store with the head of its log
    (written into the export, so that the store can be checked against it later: `keizer validate --head`).
    A store whose log was changed outside keizer is refused, with the way out (`--upto-valid`) if what
    precedes the change can be read; with it, that season is exported."""
    if upto_valid and is_store_file(path):
        evening = Evening.read(path, upto_valid=True)
        if evening.history.tampered is not None:
            print(f"keizer: warning: {path}: {evening.history.tampered}; exported the season as it was before",
                  file=sys.stderr)
        return evening
    try:
        return Evening.read(path)
    except StoreError as exc:
        try:
            with Evening.read(path, upto_valid=True) as evening:
                readable = evening.history.tampered is not None
        except KeizerError:
            readable = False
        if readable:
            raise KeizerError(f"{exc}; `keizer export --upto-valid` writes the season as it was before "
                              f"that action") from None
        raise


def register_validate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help="check a season file or store and say what is wrong",
                       description="Validate a season: format, players, rounds, results and ruleset.")
    p.add_argument("season", metavar="SEASON")
    p.add_argument("--head", metavar="ACTION:DIGEST",
                   help="a season store's log head as `keizer log` showed it (or an export, a published site): "
                        "the store must still hold it; a log rewritten or cut short since is not valid")
    p.set_defaults(run=run_validate)


def run_validate(args: argparse.Namespace) -> int:
    found = ""
    if is_store_file(args.season):
        # The whole store re-checked, not only opened: SQLite's integrity, keizer's tables and triggers,
        # the checksum chain, the head every write records, and every action folded again with the checks
        # of a write; the rankings it keeps against a replay; with --head, against a head kept outside it too.
        problems = store_problems(args.season)
        if args.head is not None and not problems:
            missing, found = head_problem(args.season, args.head)
            problems = (missing,) if missing else ()
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            first = problems[0].removeprefix(f"{Path(args.season)}: ")  # a store that does not open names itself
            raise KeizerError(f"{args.season}: not valid: {first}{more}")
    elif args.head is not None:
        raise KeizerError(f"{args.season}: --head checks a season store's log; a season file has none")
    season = load_season(args.season)
    ruleset = parse_ruleset(season.ruleset_spec)
    paired = season.played_rounds
    print(f"{args.season}: valid — {counted(len(season.players), 'player')}, {counted(paired, 'paired round')} "
          f"({season.last_scored_round} with results), ruleset {ruleset.preset}")
    if found:
        print(f"{args.season}: {found}")
    return 0
