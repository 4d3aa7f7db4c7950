"""`keizer import`, `export` and `validate`: moving a season between JSON and the store."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from seasons.errors import KeizerError


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
    target = Path(args.store)
    if target.exists():
        raise KeizerError(f"{target}: already exists; choose a new file name (nothing was written)")
    SeasonStore.create(target, season, label=f"import {Path(args.json_file).name}").close()
    print(f"imported {len(season.players)} players and {len(season.rounds)} rounds into {target}")
    return 0


def register_export(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="write a season as keizer-season/1 JSON",
                       description="Export a season (store or JSON) as keizer-season/1 JSON.")
    p.add_argument("season", metavar="SEASON")
    p.add_argument("-o", "--output", metavar="FILE.json", help="write here (atomically) instead of stdout")
    p.set_defaults(run=run_export)


def run_export(args: argparse.Namespace) -> int:
    from seasons.atomic import write_text_atomic
    from seasons.load import load_season
    from seasons.season_json import dump_season

    text = dump_season(load_season(args.season))
    if args.output:
        write_text_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


def register_validate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help="check a season file or store and say what is wrong",
                       description="Validate a season: format, players, rounds, results and ruleset.")
    p.add_argument("season", metavar="SEASON")
    p.set_defaults(run=run_validate)


def run_validate(args: argparse.Namespace) -> int:
    from seasons.load import load_season
    from seasons.ruleset import parse_ruleset

    season = load_season(args.season)
    ruleset = parse_ruleset(season.ruleset_spec)
    paired = season.played_rounds
    print(f"{args.season}: valid — {len(season.players)} players, {paired} paired rounds "
          f"({season.last_scored_round} with results), ruleset {ruleset.preset}")
    return 0
