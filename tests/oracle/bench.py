"""The benchmarks that need the tests' oracles, run from a checkout: `python -m tests.oracle.bench standings`
(keizer's engine beside the plain-Fraction reference, checked equal round by round) and `python -m
tests.oracle.bench calibration` (how honest the forecast's title chances are) and `python -m tests.oracle.bench
real` (the same on the real club seasons of ../shared/data, with the attendance the model expects). The wheel
ships neither oracle."""

from __future__ import annotations

import argparse
import os

from keizer.scoring.benchmark import format_report, run_standings_benchmark
from keizer.tui.cli.commands.bench import season_source, size_pairs
from tests.oracle.calibration import calibrate
from tests.oracle.real_seasons import check_real
from tests.oracle.reference import reference_replay


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.oracle.bench", description=__doc__)
    parser.add_argument("what", choices=("standings", "calibration", "real"))
    parser.add_argument("--sizes", metavar="LIST", help="standings: PLAYERSxROUNDS,… ; calibration: N seasons")
    parser.add_argument("--runs", type=int, default=200, metavar="N", help="calibration, real: runs per forecast")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.what == "standings":
        sizes = size_pairs(args.sizes) if args.sizes else None
        rows = run_standings_benchmark(**({"sizes": sizes} if sizes else {}), seed=args.seed, source=season_source,
                                       reference=reference_replay)
        print(format_report(rows))
    elif args.what == "real":
        from tests.conftest import REAL_SEASONS

        if not REAL_SEASONS:
            parser.error("the real seasons are not there: ../shared/data/real-season-*.json")
        print(check_real(REAL_SEASONS, runs=args.runs, workers=os.cpu_count() or 1).report())
    else:
        made = calibrate(int(args.sizes) if args.sizes else 200, runs=args.runs, workers=os.cpu_count() or 1)
        print(made.report())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
