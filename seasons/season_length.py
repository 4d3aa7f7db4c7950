"""The season's length: its own `rounds_planned`, else its ruleset's (docs/rules.md §3, §11)."""

from __future__ import annotations

from keizer.seasons.errors import InputError
from keizer.seasons.model import Season
from keizer.seasons.ruleset.model import LENGTH_MISSING, Ruleset
from keizer.seasons.ruleset.parse import ruleset_for


def season_length(season: Season, ruleset: Ruleset | None = None) -> int | None:
    """The season's last round: `rounds_planned`, else the ruleset's default (D: 36); None: not known."""
    return (ruleset or ruleset_for(season.ruleset_spec)).final_round(season.rounds_planned)


def require_length(ruleset: Ruleset, rounds_planned: int | None, where: str = "rounds_planned") -> None:
    """InputError where a season starts (a store created, the settings changed) without a length its
    ruleset needs: nothing stands in for the final round silently."""
    needs = ruleset.length_needed_by()
    if needs and ruleset.final_round(rounds_planned) is None:
        raise InputError(where, LENGTH_MISSING.format(what=" and ".join(needs)))
