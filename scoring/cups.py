"""K's group cups: each group's prize list read off the Keizer ranking, the first `top` of each winning a cup."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from keizer.scoring.replay import Standings
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.ruleset.model import CupRules


@dataclass(frozen=True, slots=True)
class CupRow:
    """One player in a group's prize list."""

    place: int
    """1.. within the group."""
    rank: int
    """The place in the Keizer ranking."""
    player: PlayerId
    score: Fraction
    """Exact Keizer points."""
    eligible: bool | None
    """K's 33% rule (None: not applied); a player under it is listed after the others and wins no cup."""
    cup: bool
    """Among the first `top` eligible players of the group: wins a cup."""


@dataclass(frozen=True, slots=True)
class CupTable:
    """One group's prize list."""

    group: int
    rows: tuple[CupRow, ...]


def cup_tables(season: Season, standings: Standings, rules: CupRules,
               excluded: frozenset[PlayerId] = frozenset()) -> tuple[CupTable, ...]:
    """Each group's prize list after the standings' round, groups ascending (docs/rules.md §9).

    The order is the Keizer ranking, or with `rules.participation` its prize order (those under the
    participation threshold after the others, docs/rules.md §5). `excluded` (K's final group, who play
    for the title and not for a cup) and players without a group are in no list.
    """
    rows = standings.prize_order() if rules.participation else standings.rows
    groups: dict[int, list[CupRow]] = {}
    for row in rows:
        if row.player in excluded or not season.has_player(row.player):
            continue
        group = season.player(row.player).cup_group
        if group is None:
            continue
        members = groups.setdefault(group, [])
        eligible = row.eligible if rules.participation else None
        cups_given = sum(1 for r in members if r.cup)
        members.append(CupRow(place=len(members) + 1, rank=row.rank, player=row.player, score=row.score,
                              eligible=eligible, cup=eligible is not False and cups_given < rules.top))
    return tuple(CupTable(group, tuple(groups[group])) for group in sorted(groups))
