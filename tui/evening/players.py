"""The Players list: everyone in starting-ranking order with their state."""

from __future__ import annotations

from dataclasses import dataclass

from seasons.model import Player, Season
from seasons.roster import suspended


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player in the Players list."""

    player: Player
    start_rank: int
    status: str
    """"", "withdrawn before round N", "suspended (D art. 12)", "joins in round N"."""


def player_rows(season: Season, current_round: int) -> tuple[PlayerRow, ...]:
    away = suspended(season, current_round)
    rows = []
    for i, p in enumerate(season.players):
        w = season.withdrawal_of(p.id)
        if w is not None:
            status = f"withdrawn before round {w.before_round}"
        elif p.id in away:
            status = "suspended (D art. 12)"
        elif p.joined > current_round:
            status = f"joins in round {p.joined}"
        else:
            status = ""
        rows.append(PlayerRow(player=p, start_rank=i + 1, status=status))
    return tuple(rows)
