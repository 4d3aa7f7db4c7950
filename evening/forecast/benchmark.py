"""`keizer bench forecast`: runs per second of a forecast beside the naive loop, on a simulated 30-player D season."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from keizer.evening.forecast.chances import chances_of
from keizer.evening.forecast.group import Schedules
from keizer.evening.forecast.parallel import play_all, workers_for
from keizer.evening.forecast.run import Games, Run, RunResult
from keizer.evening.forecast.start import Start, make_start
from keizer.evening.forecast.tally import Tally
from keizer.pairing.instance import build_instance
from keizer.pairing.proposer import propose
from keizer.pairing.simulate import simulate_season
from keizer.scoring.onward import Onward
from keizer.scoring.replay import replay
from keizer.seasons.model import PlayerId, Round, Season

RULESET = "doorn-driebergen-2019"
"""The benchmark's club: D (frozen values, iterated after rounds 20 and 36, the championship group)."""


class NaiveRun(Run):
    """A run as it is played without the forecast's machinery: each round's ranking from a replay of rounds
    1..k, its history read from the whole season, its pairing solved as an evening solves it (CP-SAT proving
    the matching's optimum). The comparison line of `keizer bench forecast`; a test holds its runs to the
    forecast's, run for run."""

    def paired(self, season: Season, k: int, ranking: tuple[PlayerId, ...], values: tuple[Fraction, ...]) -> Games:
        best = propose(build_instance(season, k, ranking, values))
        return best.pairs(), best.bye

    def entry_ranking(self, k: int) -> tuple[tuple[PlayerId, ...], tuple[Fraction, ...]]:
        if self.onward.starts_segment(self.season, k):  # the segment from the replay itself
            return replay(self.season, k - 1).entry_ranking(k)
        return self.onward.entry_ranking(self.season, k)

    def scored(self, played: Round) -> None:
        self.onward = Onward.of(self.season, played.number, self.start.last)


def naive_run(start: Start, run: int, schedules: Schedules) -> RunResult:
    """Run `run` of the forecast from `start`, played the naive way (`NaiveRun`)."""
    return NaiveRun(start, run, schedules).play()


@dataclass(frozen=True, slots=True)
class ForecastTimings:
    """One benchmark's measurements."""

    players: int
    rounds_left: int
    runs: int
    workers: int
    seconds: float
    """Wall time of the whole forecast (`forecast`'s work: the start, the worker processes, every run)."""
    cpu_seconds: float
    """Processor time the runs took, summed over the workers (what an idle machine's cores would need)."""
    naive_runs: int
    naive_seconds: float
    """Wall time of `naive_runs` runs of the naive loop, in this process."""
    first_seconds: float = 0.0
    """Wall time from the request to the first chances (the start made, the first chunk played and counted)."""
    first_runs: int = 0
    """Runs those first chances are made of."""
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)
    """The machine's load average (1, 5 and 15 minutes) when the forecast was done: other jobs share the cores."""

    @property
    def runs_per_second(self) -> float:
        return self.runs / self.seconds

    @property
    def naive_runs_per_second(self) -> float:
        return self.naive_runs / self.naive_seconds

    def report(self) -> str:
        per_run = 1000 * self.cpu_seconds / self.runs
        lines = [
            f"forecast of a simulated {self.players}-player D season after round {36 - self.rounds_left}: "
            f"{self.runs:,} runs of the {self.rounds_left} rounds left (load average "
            f"{self.load[0]:.2f} {self.load[1]:.2f} {self.load[2]:.2f})",
            f"  first chances: {self.first_seconds:6.2f} s from the request ({self.first_runs} runs, each chance "
            f"with its margin)",
            f"  forecast:      {self.seconds:6.2f} s wall on {self.workers} process{'es' if self.workers != 1 else ''}"
            f"  {self.runs_per_second:8.1f} runs/s   ({per_run:.1f} ms processor time a run, "
            f"{per_run / self.rounds_left:.2f} ms a round)",
            f"  naive loop:    {self.naive_seconds:6.2f} s wall for {self.naive_runs} runs"
            f"  {self.naive_runs_per_second:8.1f} runs/s   (one process: replay 1..k, history read anew, "
            f"CP-SAT's proof each round)",
            f"  {self.runs_per_second / self.naive_runs_per_second:.0f}× the naive loop; 1,000 runs take "
            f"{1000 / self.runs_per_second:.1f} s here",
            "The wall time depends on what else the machine runs; the processor time a run does much less.",
        ]
        return "\n".join(lines)

    def as_json(self) -> dict[str, Any]:
        return {"players": self.players, "rounds_left": self.rounds_left, "runs": self.runs, "workers": self.workers,
                "seconds": self.seconds, "cpu_seconds": self.cpu_seconds, "runs_per_second": self.runs_per_second,
                "naive_runs": self.naive_runs, "naive_seconds": self.naive_seconds,
                "naive_runs_per_second": self.naive_runs_per_second, "first_seconds": self.first_seconds,
                "first_runs": self.first_runs, "ms_per_round": 1000 * self.cpu_seconds / self.runs / self.rounds_left,
                "load": list(self.load)}


def run_forecast_benchmark(players: int = 30, runs: int = 1000, naive_runs: int = 10, seed: int = 0,
                           workers: int | None = None) -> ForecastTimings:
    """A 36-round D season of `players` simulated to round 20, forecast with `runs` runs; the naive loop timed
    on `naive_runs` of the same runs."""
    season = simulate_season(players, 36, RULESET, seed, played=20)
    used = workers_for(runs, workers)
    first: list[tuple[float, int]] = []

    def shown(tally: Tally, _: int) -> None:  # what a screen gets: the chances so far, each with its margin
        if not first:
            first.append((time.perf_counter() - begun, chances_of(start, tally).runs))

    begun = time.perf_counter()
    start = make_start(season, 20, seed, Schedules())
    tally = play_all(start, runs, used, shown)
    seconds = time.perf_counter() - begun
    load = os.getloadavg()
    schedules = Schedules()
    begun = time.perf_counter()
    for run in range(naive_runs):
        naive_run(start, run, schedules)
    naive_seconds = time.perf_counter() - begun
    return ForecastTimings(players=players, rounds_left=16, runs=runs, workers=used, seconds=seconds,
                           cpu_seconds=tally.cpu_seconds, naive_runs=naive_runs, naive_seconds=naive_seconds,
                           first_seconds=first[0][0], first_runs=first[0][1], load=load)
