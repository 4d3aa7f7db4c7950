"""`keizer bench standings|pairing|tui|group|startup|forecast|limits|serve`: headless benchmarks on generated
realistic seasons, the group's schedule, how long each kind of command takes to start, season forecasts, the
limits kept, and a full club room against `keizer serve`. (The benchmarks of the tests' oracles — the standings beside the plain-Fraction reference, the forecast's
calibration — run from a checkout: `python -m tests.oracle.bench`.)"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from keizer.seasons.errors import KeizerError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="time the standings replay, the pairing solvers, the group schedule, "
                                     "start-up, a forecast, the limits, or a club room against keizer serve",
                       description="Benchmarks on generated seasons; figures are recorded in the README.")
    p.add_argument("what", choices=("standings", "pairing", "tui", "group", "startup", "forecast", "limits", "serve"))
    p.add_argument("--sizes", metavar="LIST",
                   help="standings: PLAYERSxROUNDS,… (default 40x36,80x36,1000x50,10000x50); "
                        "pairing: N,… (default 20,40,80,200,1000,10000); tui: N players (default 44, ~40 present); "
                        "forecast: N players (default 30)")
    p.add_argument("--runs", type=int, metavar="N", help="forecast: runs (default 1000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--repeats", type=int, default=7, metavar="N", help="startup: runs of each command after a warm-up")
    p.add_argument("--phones", type=int, default=60, metavar="N", help="serve: phones following (default 60)")
    p.add_argument("--boards", type=int, default=30, metavar="N", help="serve: boards reporting (default 30)")
    p.add_argument("--minute", type=float, default=60.0, metavar="S",
                   help="serve: the seconds the boards' reports come in over (default 60)")
    p.add_argument("--hours", type=float, default=3.0, metavar="H",
                   help="serve: the evening simulated for the server's memory (default 3; a minute or so)")
    p.add_argument("--json", action="store_true", help="the raw measurements as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    rows: Any
    if args.what == "standings":
        from keizer.scoring import benchmark as standings_bench

        if args.sizes:
            rows = standings_bench.run_standings_benchmark(sizes=size_pairs(args.sizes), seed=args.seed,
                                                           source=season_source)
        else:
            rows = standings_bench.run_standings_benchmark(seed=args.seed, source=season_source)
        report = standings_bench.format_report(rows)
    elif args.what == "forecast":
        from keizer.evening.forecast.benchmark import run_forecast_benchmark

        timings = run_forecast_benchmark(_positive(args.sizes) if args.sizes else 30,
                                         _positive(str(args.runs)) if args.runs else 1000, seed=args.seed)
        rows, report = timings.as_json(), timings.report()
    elif args.what == "limits":  # each command at the largest input its limits let through
        from keizer.tui.cli.commands.bench_limits import run_limits_benchmark

        cases = run_limits_benchmark(args.seed, progress=lambda what: print(f"… {what}", file=sys.stderr))
        rows = [{"what": c.what, "size": c.size, "cpu_seconds": round(c.seconds, 3)} for c in cases]
        report = "\n".join(c.line() for c in cases)
    elif args.what == "serve":
        from keizer.tui.cli.serve_bench import run_serve_benchmark

        if not (2 <= args.phones <= 300 and 1 <= args.boards <= 150 and 0 < args.minute <= 600
                and 0 < args.hours <= 12):
            raise KeizerError("bench serve: --phones 2 to 300, --boards 1 to 150, --minute up to 600, --hours up to 12")
        room = run_serve_benchmark(args.phones, args.boards, args.minute, args.hours, args.seed,
                                   progress=lambda what: print(f"… {what}", file=sys.stderr))
        rows, report = room.json(), room.report()
    elif args.what == "startup":
        from keizer.tui.cli import startup_bench

        if not 1 <= args.repeats <= 100:
            raise KeizerError("--repeats must be 1 to 100")
        found = startup_bench.run_startup_benchmark(args.repeats)
        rows = {r.what: list(r.seconds) for r in found}
        report = startup_bench.format_report(found)
    elif args.what == "group":
        from keizer.pairing.championship import benchmark as group_benchmark

        rows = group_benchmark.run_group_benchmark(seed=args.seed)
        report = group_benchmark.format_report(rows)
    elif args.what == "tui":
        timings = _tui_benchmark(_positive(args.sizes) if args.sizes else 44, args.seed)
        rows = {name: getattr(timings, name) for name in timings.__slots__}
        report = timings.report()
    else:
        from keizer.pairing import benchmark as pairing_bench

        if args.sizes:
            rows = pairing_bench.run_pairing_benchmark(sizes=tuple(_positive(s) for s in args.sizes.split(",")),
                                                       seed=args.seed)
        else:
            rows = pairing_bench.run_pairing_benchmark(seed=args.seed)
        report = pairing_bench.format_report(rows)
    sys.stdout.write((json.dumps(rows, indent=1, default=str) if args.json else report) + "\n")
    return 0


def _tui_benchmark(players: int, seed: int) -> Any:
    """The TUI benchmark on a simulated season of `players`, 20 rounds played and round 21 to pair."""
    import tempfile
    from pathlib import Path

    from keizer.pairing.simulate import simulate_season
    from keizer.seasons.store.season_store import SeasonStore
    from keizer.tui.app import bench as tui_bench

    season = simulate_season(players, 36, "keizer-classic", seed, played=20)
    with tempfile.TemporaryDirectory(prefix="keizer-bench-") as tmp:
        store = Path(tmp) / "bench.keizer"
        SeasonStore.create(store, season, label="benchmark season").close()
        return tui_bench.run_tui_benchmark(store)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise KeizerError(f"--sizes: {text!r} is not a whole number") from None
    if value < 2:
        raise KeizerError(f"--sizes: {value} is too small (at least 2)")
    return value


def size_pairs(text: str) -> tuple[tuple[int, int], ...]:
    """`--sizes 40x36,80x36` as (players, rounds) pairs."""
    return tuple(_size_pair(s) for s in text.split(","))


def _size_pair(text: str) -> tuple[int, int]:
    players, sep, rounds = text.lower().partition("x")
    if not sep:
        raise KeizerError(f"--sizes: {text!r} should look like 80x36 (players x rounds)")
    return _positive(players), _positive(rounds)


SIMULATE_UP_TO = 1000
"""Seasons up to this many players are simulated with the pairing engine (~30 s at 1,000 × 50); larger ones
come from the standings benchmark's own top-down generator (simulating 10,000 × 50 would take an hour)."""


def season_source(players: int, rounds: int, seed: int) -> tuple[str, Any]:
    from keizer.pairing.simulate import simulate_season
    from keizer.scoring.benchmark import top_down_source

    if players <= SIMULATE_UP_TO:
        return "simulated", simulate_season(players, rounds, "keizer-classic", seed)
    return top_down_source(players, rounds, seed)
