"""Season forecasts for the shells: made from the season as it stands, kept in the store when published."""

from __future__ import annotations

from collections.abc import Callable

from keizer.seasons.forecasts import Forecast
from keizer.seasons.model import Season
from keizer.evening.session import EveningSession

Progress = Callable[[int, int], object]
"""(runs played, runs in all)."""


def make_forecast(season: Season, k: int | None = None, runs: int | None = None, seed: int = 0,
                  workers: int | None = None, progress: Progress | None = None,
                  cancelled: Callable[[], bool] = lambda: False) -> Forecast:
    """The chances after round k (default: the last round with results) of `season` (docs/forecast.md);
    KeizerError for a season or round that cannot be forecast, `ForecastCancelled` when `cancelled()` said so.
    Pure: nothing is written. Runs in worker processes: seconds, so a screen calls it off its UI thread."""
    from keizer.evening.forecast.parallel import Cancelled
    from keizer.evening.forecast.season_forecast import DEFAULT_RUNS, forecast

    try:
        return forecast(season, k, DEFAULT_RUNS if runs is None else runs, seed, workers, progress, cancelled)
    except Cancelled:
        raise ForecastCancelled from None


def check_forecast_options(runs: int | None, seed: int) -> None:
    """KeizerError in one line for runs or a seed a forecast does not take, before anything is made: a shell
    checks every argument before a forecast's runs (`keizer publish --forecast`)."""
    from keizer.evening.forecast.season_forecast import DEFAULT_RUNS, check_options

    check_options(DEFAULT_RUNS if runs is None else runs, seed)


class ForecastCancelled(Exception):
    """The forecast was cancelled before all its runs were played (esc)."""


class Forecasts:
    """The forecasts kept in the store: the history the site's title race is drawn from."""

    def __init__(self, session: EveningSession) -> None:
        self.session = session

    def kept(self) -> tuple[Forecast, ...]:
        """The forecasts kept when published, in effect, oldest first; a later one after the same round
        replaces the earlier (the season changed, or more runs)."""
        latest: dict[int, Forecast] = {}
        for _, event in self.session.store.forecasts():
            latest[event.forecast.round] = event.forecast
        return tuple(latest[k] for k in sorted(latest))

    def with_kept(self, forecast: Forecast) -> tuple[Forecast, ...]:
        """The forecasts kept, `forecast` last in the place of one kept after the same round: what the site's
        forecast page shows when `forecast` is published."""
        return tuple(f for f in self.kept() if f.round < forecast.round) + (forecast,)
