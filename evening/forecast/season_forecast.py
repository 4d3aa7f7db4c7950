"""`forecast`: the season's chances after round K, the one call the shells make."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Literal

from keizer.evening.forecast.chances import Forecast, chances_of
from keizer.evening.forecast.group import Schedules
from keizer.evening.forecast.parallel import play_all, workers_for
from keizer.evening.forecast.start import make_start
from keizer.evening.forecast.tally import Tally
from keizer.seasons.errors import KeizerError
from keizer.seasons.limits import MAX_DIGITS
from keizer.seasons.model import Season

DEFAULT_RUNS = 1000
MAX_RUNS = 1_000_000
"""A typo's limit: a million runs take hours."""
AUTO_LEAST = 100
"""`--runs auto` stops no sooner than this: "in every simulation" then means in a hundred at least."""

Runs = int | Literal["auto"]
"""How many runs: a number, or "auto" — until every chance is as sharp as it is shown, DEFAULT_RUNS at most."""
Progress = Callable[[Forecast, int], object]
"""(the chances from the runs played so far, the runs asked for): after every chunk of runs."""

MAX_SEED = 10 ** MAX_DIGITS - 1
"""The largest seed: a published forecast is kept in the store with its seed, as a JSON number of at most
MAX_DIGITS digits (a larger one was refused only once all the runs had been played)."""


def check_options(runs: Runs, seed: int) -> None:
    """KeizerError in one line for runs or a seed a forecast does not take: a shell calls it before anything
    else is made (`keizer publish --forecast` checks every argument first)."""
    if runs != "auto" and (isinstance(runs, bool) or not isinstance(runs, int) or not 1 <= runs <= MAX_RUNS):
        raise KeizerError(f"--runs must be between 1 and {MAX_RUNS:,} or auto, got {runs!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        shown = seed if not isinstance(seed, int) or seed.bit_length() < 128 else f"a number of {len(str(seed))} digits"
        raise KeizerError(f"--seed must be a whole number from 0 to {MAX_SEED:,}, got {shown!r}")


def forecast(season: Season, k: int | None = None, runs: Runs = DEFAULT_RUNS, seed: int = 0,
             workers: int | None = None, progress: Progress | None = None,
             cancelled: Callable[[], bool] = lambda: False, until_sharp: bool = False,
             needs: bool = False) -> Forecast:
    """Play rounds K+1..last `runs` times from the standings after round k (default: the last round with
    results) and count each player's outcomes (docs/forecast.md). "auto": stop after the first chunk of runs
    (AUTO_LEAST at least) after which every chance is sharp (`Forecast.sharp`), else after DEFAULT_RUNS. The
    same season, k, runs and seed give the same forecast, on any number of `workers` (default: one process
    per core); "auto" stops after the same runs whatever the workers, so its forecast is that of the number
    of runs it used; `until_sharp`: a number of runs at most, stopped as "auto" stops. `needs`: with what each
    player needs (`Forecast.needs`, from the same runs: `needs.py`). KeizerError for a
    season or round that cannot be forecast; `parallel.Cancelled` when `cancelled()` says so."""
    auto = runs == "auto" or until_sharp
    check_options(runs, seed)
    asked = DEFAULT_RUNS if runs == "auto" else runs
    start = make_start(season, k, seed, Schedules())
    if needs:
        start = replace(start, needs=True)

    def enough(tally: Tally) -> bool:
        return tally.runs >= AUTO_LEAST and chances_of(start, tally).sharp

    def shown(tally: Tally, planned: int) -> None:
        assert progress is not None
        progress(chances_of(start, tally), planned)

    tally = play_all(start, asked, workers_for(asked, workers), shown if progress is not None else None, cancelled,
                     enough if auto else None)
    return chances_of(start, tally)
