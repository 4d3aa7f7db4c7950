"""A published forecast is kept in the store (`forecast-kept`, schema 10): read back, undone with its action."""

from __future__ import annotations

import json

import pytest

from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.forecasts import Forecast, PlayerChances, forecast_from_json, forecast_to_json
from keizer.seasons.model import PlayerId
from keizer.seasons.store import schema
from keizer.seasons.store.events import ForecastKept, RoundAdded
from keizer.seasons.store.season_store import SeasonStore

P = PlayerId


def kept(k: int, p01: float) -> Forecast:
    return Forecast(round=k, last=10, runs=8, seed=0, title="first", group_after=None, reading=None,
                    outcomes=("title",), draw_share=0.3, attendance=0.9,
                    players=(PlayerChances(P("p01"), 1, p01, (4, 4)), PlayerChances(P("p02"), 2, 1 - p01, (4, 4))))


def test_kept_forecasts_are_read_back_in_order_and_an_undo_takes_one_back(tmp_path, season):
    store = SeasonStore.create(tmp_path / "s.keizer", season)
    try:
        store.apply("round 1", RoundAdded(1))
        store.apply("publish round 0", ForecastKept(kept(0, 0.5), store.head()))
        store.apply("publish round 1", ForecastKept(kept(1, 0.75), store.head()))
        assert [e.forecast for _, e in store.forecasts()] == [kept(0, 0.5), kept(1, 0.75)]
        store.undo()
        assert [e.forecast for _, e in store.forecasts()] == [kept(0, 0.5)]
        assert store.season == RoundAdded(1).apply(season)  # a kept forecast changes nothing of the season
    finally:
        store.close()


def test_a_forecast_of_a_player_the_season_does_not_have_is_refused(tmp_path, season):
    store = SeasonStore.create(tmp_path / "s.keizer", season)
    try:
        odd = kept(0, 0.5)
        odd = Forecast(**{**{f: getattr(odd, f) for f in odd.__dataclass_fields__},
                          "players": (PlayerChances(P("nobody"), 1, 1.0, (8,)),)})
        with pytest.raises(KeizerError, match="unknown player 'nobody'"):
            store.apply("publish", ForecastKept(odd, store.head()))
        assert store.forecasts() == ()
    finally:
        store.close()


def test_the_forecast_json_round_trips_and_a_wrong_field_is_named():
    f = kept(3, 0.625)
    assert forecast_from_json(json.loads(json.dumps(forecast_to_json(f)))) == f
    bad = forecast_to_json(f)
    bad["players"][1]["title"] = 1.5
    with pytest.raises(InputError, match=r"forecast.players\[1\].title: must be a chance between 0 and 1"):
        forecast_from_json(bad)
    bad = {**forecast_to_json(f), "outcomes": ["title", "fame"]}
    with pytest.raises(InputError, match=r"forecast.outcomes\[1\]: unknown outcome 'fame'"):
        forecast_from_json(bad)


def test_the_schema_that_knows_kept_forecasts_is_10():
    # an older keizer (schema 9) refuses such a store up front instead of failing on an unknown event kind
    assert schema.current_version() >= 10 and "forecast-kept" in schema.EVENT_KINDS_SINCE
    assert schema.MIGRATIONS[9].__name__ == "_v10_forecasts"
