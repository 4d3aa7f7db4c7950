"""The `forecast-kept` event: a published forecast kept as history (not a change of the season)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from keizer.seasons.forecasts import Forecast, forecast_from_json, forecast_to_json
from keizer.seasons.model import Season
from keizer.seasons.store.event_base import Event
from keizer.seasons.store.payload import PayloadReader


@dataclass(frozen=True, slots=True)
class ForecastKept(Event):
    """The forecast published after `forecast.round`, made from the state `revision` of the log: with its runs
    and seed it is made again from the store alone (docs/forecast.md), and the site shows how the chances
    moved from one kept forecast to the next. The season does not change."""

    kind: ClassVar[str] = "forecast-kept"
    forecast: Forecast
    revision: int
    """The store's newest action (`SeasonStore.head()`) the forecast was made from."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        if not 0 <= self.forecast.round <= len(s.rounds):
            raise self._fail(f"round {self.forecast.round} does not exist")
        for p in self.forecast.players:
            self._player(s, p.player)
        return s

    def describe(self) -> str:
        return f"keep the forecast after round {self.forecast.round}"

    def to_payload(self) -> dict[str, Any]:
        return {"forecast": forecast_to_json(self.forecast), "revision": self.revision}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> ForecastKept:
        r = PayloadReader(payload, cls.kind, ("forecast", "revision"))
        return cls(forecast=forecast_from_json(r.raw("forecast"), r.where("forecast")), revision=r.integer("revision"))
