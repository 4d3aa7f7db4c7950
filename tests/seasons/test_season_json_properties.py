"""export ∘ import is the identity on random valid seasons (the format promises a lossless round trip)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings

from keizer.seasons.season_json.read import parse_season_text
from keizer.seasons.season_json.write import dump_season, season_to_json
from tests.strategies import seasons


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seasons(max_players=9, max_rounds=6))
def test_export_then_import_is_the_identity(season):
    text = dump_season(season)
    again = parse_season_text(text)
    assert again == season
    assert season_to_json(again) == json.loads(text)
