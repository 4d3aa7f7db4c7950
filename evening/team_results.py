"""Team matches whose result is still to come: the Round screen's notice of them."""

from __future__ import annotations

from keizer.seasons.model import Season
from keizer.seasons.rounds import team_results_to_come, to_come_head, to_come_list


def to_come_notice(season: Season, before: int) -> str:
    """The Round screen's notice (F2): the team results of rounds before `before` still to come, and the
    keys that enter one (its round with `[`, then `x` on the player); "" when none is. Tonight's round
    moves on without waiting for them (docs/rules.md §13), so they are said where the evening goes on."""
    pending = team_results_to_come(season, before - 1)
    if not pending:
        return ""
    return (f"{to_come_head(len(pending)).capitalize()} ([ to its round, x on the player): "
            f"{to_come_list(season, pending)}")
