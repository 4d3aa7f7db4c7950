"""Rulesets: the clubs' presets (docs/rules.md) and their validated, exact form."""

from seasons.ruleset.model import Ruleset
from seasons.ruleset.parse import parse_ruleset, ruleset_settings
from seasons.ruleset.presets import PRESET_NAMES

__all__ = ["PRESET_NAMES", "Ruleset", "parse_ruleset", "ruleset_settings"]
