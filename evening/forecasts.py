"""Season forecasts for the shells: made from the season as it stands, kept in the store when published."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from keizer.seasons.forecasts import Forecast
from keizer.seasons.model import Season
from keizer.evening.session import EveningSession

Progress = Callable[[Forecast, int], object]
"""(the chances from the runs played so far — `Forecast.runs` of them, each with its margin — the runs asked
for): after every chunk of runs, the first within a second."""


def make_forecast(season: Season, k: int | None = None, runs: int | Literal["auto"] | None = None, seed: int = 0,
                  workers: int | None = None, progress: Progress | None = None,
                  cancelled: Callable[[], bool] = lambda: False, until_sharp: bool = False,
                  needs: bool = False) -> Forecast:
    """The chances after round k (default: the last round with results) of `season` (docs/forecast.md): `runs`
    runs (default 1,000), or "auto": until every chance is as sharp as it is shown, 1,000 at most
    (`until_sharp`: `runs` at most, stopped the same way). `needs`: with what each player needs — their
    chances given the next round won, drawn, lost or missed, and given the points of the next rounds
    (`Forecast.needs`, from the same runs).
    KeizerError for a season or round that cannot be forecast, `ForecastCancelled` when `cancelled()` said so
    (the last `progress` had the chances so far). Pure: nothing is written. Runs in worker processes:
    seconds, so a screen calls it off its UI thread."""
    from keizer.evening.forecast.parallel import Cancelled
    from keizer.evening.forecast.season_forecast import DEFAULT_RUNS, forecast

    try:
        return forecast(season, k, DEFAULT_RUNS if runs is None else runs, seed, workers, progress, cancelled,
                        until_sharp, needs)
    except Cancelled:
        raise ForecastCancelled from None


def check_forecast_options(runs: int | str | None, seed: int) -> None:
    """KeizerError in one line for runs or a seed a forecast does not take, before anything is made: a shell
    checks every argument before a forecast's runs (`keizer publish --forecast`)."""
    from keizer.evening.forecast.season_forecast import DEFAULT_RUNS, check_options

    check_options(DEFAULT_RUNS if runs is None else runs, seed)  # type: ignore[arg-type]  # an argparse value


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
