"""A season moved in, made ready to play on: the name the director chose and the rounds it will play."""

from __future__ import annotations

from dataclasses import replace

from keizer.seasons.errors import InputError
from keizer.seasons.model import Season
from keizer.seasons.rounds import checked_rounds_planned, checked_season_name


def ready(season: Season, name: str | None, rounds: int | None) -> Season:
    """The season with `name` and `rounds` planned where given (None: as read), checked as the Season screen
    checks them; InputError naming `--name` or `--rounds`."""
    try:
        if name is not None:
            season = replace(season, name=checked_season_name(name))
        if rounds is not None:
            season = replace(season, rounds_planned=checked_rounds_planned(season, rounds))
    except InputError as exc:
        raise InputError({"name": "--name", "rounds planned": "--rounds"}.get(exc.where, exc.where),
                         exc.message) from None
    return season
