"""The `keizer-season/1` JSON format (docs/format.md): strict import with JSON-path errors, lossless export."""

from seasons.json_keys import FORMAT
from seasons.season_json.players import player_id
from seasons.season_json.read import parse_season_text, season_from_json
from seasons.season_json.write import dump_season, season_to_json

__all__ = ["FORMAT", "dump_season", "parse_season_text", "player_id", "season_from_json", "season_to_json"]
