"""`keizer import`, `export` and `validate`: moving a season between JSON and the store."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from seasons.errors import KeizerError

if TYPE_CHECKING:
    from seasons.model import Season


def register_import(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("import", help="import a season JSON file into a new season store",
                       description="Create a season store (an SQLite file) from a keizer-season/1 JSON file.")
    p.add_argument("json_file", metavar="FILE.json")
    p.add_argument("store", metavar="SEASON.keizer")
    p.set_defaults(run=run_import)


def run_import(args: argparse.Namespace) -> int:
    from seasons.load import load_season
    from seasons.store import SeasonStore

    season = load_season(args.json_file)
    target = Path(args.store)  # an existing file is refused by create, after it removed what a killed run left
    SeasonStore.create(target, season, label=f"import {Path(args.json_file).name}").close()
    print(f"imported {len(season.players)} players and {len(season.rounds)} rounds into {target}")
    return 0


def register_export(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="write a season as keizer-season/1 JSON",
                       description="Export a season (store or JSON) as keizer-season/1 JSON.")
    p.add_argument("season", metavar="SEASON")
    p.add_argument("-o", "--output", metavar="FILE.json", help="write here (atomically) instead of stdout")
    p.add_argument("--upto-valid", action="store_true",
                   help="a store whose log was changed outside keizer: export the season as it was before the "
                        "first changed action (a warning names it)")
    p.set_defaults(run=run_export)


def run_export(args: argparse.Namespace) -> int:
    from seasons.atomic import write_text_atomic
    from seasons.season_json import dump_season

    text = dump_season(_season_to_export(args.season, args.upto_valid))
    if args.output:
        write_text_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


def _season_to_export(path: str, upto_valid: bool) -> Season:
    """The season in `path`, read-only. A store whose log was changed outside keizer is refused, with the
    way out (`--upto-valid`) if what precedes the change can be read; with it, that season is exported."""
    from seasons.errors import StoreError
    from seasons.load import is_store_file, load_season
    from seasons.store import SeasonStore

    if not is_store_file(path):
        return load_season(path)
    if upto_valid:
        with SeasonStore.open(path, upto_valid=True) as store:
            if store.tampered is not None:
                print(f"keizer: warning: {path}: {store.tampered}; exported the season as it was before",
                      file=sys.stderr)
            return store.season
    try:
        return load_season(path)
    except StoreError as exc:
        try:
            with SeasonStore.open(path, upto_valid=True) as store:
                readable = store.tampered is not None
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
    p.set_defaults(run=run_validate)


def run_validate(args: argparse.Namespace) -> int:
    from seasons.load import is_store_file, load_season
    from seasons.ruleset import parse_ruleset
    from seasons.store import validate_store

    if is_store_file(args.season):
        # The whole store re-checked, not only opened: SQLite's integrity, keizer's tables and triggers,
        # the checksum chain, and every action folded again with the checks of a write.
        problems = validate_store(args.season)
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise KeizerError(f"{args.season}: not valid: {problems[0]}{more}")
    season = load_season(args.season)
    ruleset = parse_ruleset(season.ruleset_spec)
    paired = season.played_rounds
    print(f"{args.season}: valid — {len(season.players)} players, {paired} paired rounds "
          f"({season.last_scored_round} with results), ruleset {ruleset.preset}")
    return 0
