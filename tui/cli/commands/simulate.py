"""`keizer simulate`: play a whole season with the pairing engine (for demos, tests and benchmarks)."""

from __future__ import annotations

import argparse
import sys

from keizer.seasons.errors import KeizerError
from keizer.seasons.ruleset.presets import PRESET_NAMES


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("simulate", help="play a whole season with this engine and write it as JSON",
                       description="Simulate a season: ratings, the Keizer ranking each round, the optimal "
                                   "pairing, results drawn from the ratings (Elo, with draws), absences.")
    p.add_argument("--players", type=int, required=True, metavar="N")
    p.add_argument("--rounds", type=int, required=True, metavar="R")
    p.add_argument("--ruleset", default="keizer-classic", choices=PRESET_NAMES)
    p.add_argument("--seed", type=int, default=0, metavar="S")
    p.add_argument("--played", type=int, metavar="P",
                   help="play only the first P rounds; round P+1 is listed to be paired")
    p.add_argument("-o", "--output", metavar="FILE.json", help="write here (atomically) instead of stdout")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from keizer.pairing.simulate import simulate_season
    from keizer.seasons.atomic import write_text_atomic
    from keizer.seasons.season_json.write import dump_season

    from keizer.seasons.limits import MAX_PLAYERS, MAX_ROUNDS

    # The limits every season file is read with: beyond them the simulated season would be refused by
    # every other command, and 10**30 rounds would run until killed.
    if not (2 <= args.players <= MAX_PLAYERS and 1 <= args.rounds <= MAX_ROUNDS):
        raise KeizerError(f"simulate: --players must be 2 to {MAX_PLAYERS} and --rounds 1 to {MAX_ROUNDS}")
    if args.played is not None and not 0 <= args.played <= args.rounds:
        raise KeizerError(f"simulate: --played must be between 0 and {args.rounds}")
    text = dump_season(simulate_season(args.players, args.rounds, args.ruleset, args.seed, args.played))
    if args.output:
        write_text_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    return 0
