"""`forecast`: the season's chances after round K, the one call the shells make."""

from __future__ import annotations

from collections.abc import Callable

from keizer.evening.forecast.chances import Forecast, chances_of
from keizer.evening.forecast.group import Schedules
from keizer.evening.forecast.parallel import Progress, play_all, workers_for
from keizer.evening.forecast.start import make_start
from keizer.seasons.errors import KeizerError
from keizer.seasons.limits import MAX_DIGITS
from keizer.seasons.model import Season

DEFAULT_RUNS = 1000
MAX_RUNS = 1_000_000
"""A typo's limit: a million runs take hours."""
MAX_SEED = 10 ** MAX_DIGITS - 1
"""The largest seed: a published forecast is kept in the store with its seed, as a JSON number of at most
MAX_DIGITS digits (a larger one was refused only once all the runs had been played)."""


def check_options(runs: int, seed: int) -> None:
    """KeizerError in one line for runs or a seed a forecast does not take: a shell calls it before anything
    else is made (`keizer publish --forecast` checks every argument first)."""
    if isinstance(runs, bool) or not isinstance(runs, int) or not 1 <= runs <= MAX_RUNS:
        raise KeizerError(f"--runs must be between 1 and {MAX_RUNS:,}, got {runs!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        shown = seed if not isinstance(seed, int) or seed.bit_length() < 128 else f"a number of {len(str(seed))} digits"
        raise KeizerError(f"--seed must be a whole number from 0 to {MAX_SEED:,}, got {shown!r}")


def forecast(season: Season, k: int | None = None, runs: int = DEFAULT_RUNS, seed: int = 0,
             workers: int | None = None, progress: Progress | None = None,
             cancelled: Callable[[], bool] = lambda: False) -> Forecast:
    """Play rounds K+1..last `runs` times from the standings after round k (default: the last round with
    results) and count each player's outcomes (docs/forecast.md). The same season, k, runs and seed give the
    same forecast, on any number of `workers` (default: one process per core). KeizerError for a season or
    round that cannot be forecast; `parallel.Cancelled` when `cancelled()` says so."""
    check_options(runs, seed)
    start = make_start(season, k, seed, Schedules())
    tally = play_all(start, runs, workers_for(runs, workers), progress, cancelled)
    return chances_of(start, tally)
