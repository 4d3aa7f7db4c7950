"""Benchmark (not a test): build a 36-round, 44-player season from ~2,000 actions, then time opening it.

Run from the repository root: python tests/store/bench_store.py [--rounds 36] [--players 44]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from keizer.seasons.store.season_store import SeasonStore
from store_helpers import long_season_steps, make_season, run_step  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=36)
    parser.add_argument("--players", type=int, default=44)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.keizer"
        start = make_season(args.players, rounds_planned=args.rounds)
        steps = list(long_season_steps(start, args.rounds))
        t0 = time.perf_counter()
        with SeasonStore.create(path, start) as store:
            for step in steps:
                run_step(store, step)
            expected = store.season
            head = store.head()
        build = time.perf_counter() - t0
        size = path.stat().st_size
        print(f"built {len(steps)} actions (head {head}) in {build:.2f} s "
              f"({1000 * build / len(steps):.2f} ms per action); file {size / 1024:.0f} KiB")
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            with SeasonStore.open(path) as store:
                season = store.season
            times.append(time.perf_counter() - t0)
            assert season == expected
        print(f"open + current season: best {1000 * min(times):.1f} ms, worst {1000 * max(times):.1f} ms "
              f"over {args.repeat} runs")
        with SeasonStore.open(path) as store:
            t0 = time.perf_counter()
            store.season_at(head // 2)
            print(f"season_at(head/2): {1000 * (time.perf_counter() - t0):.1f} ms")
            t0 = time.perf_counter()
            for _ in range(1000):
                store.season
            print(f"store.season (cached, data_version check): {1000 * (time.perf_counter() - t0):.3f} µs")


if __name__ == "__main__":
    main()
