"""A member who withdraws from the championship group (docs/rules.md §8; by default as FIDE's tournament rules
C.06 V.4 have it for a round robin, ruleset `championship.withdrawn_member`): fewer than half their games
played, none of their games count; at least half, their results stand and each game they do not play is won by
their opponent."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from keizer.scoring.championship.table import GAMES_PER_PAIR, GroupRow, PlayedGame, table
from keizer.seasons.model import ChampionshipGroup, PlayerId, Result, Season
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.texts import club_choice


@dataclass(frozen=True, slots=True)
class MemberWithdrawal:
    """A member who withdrew from the competition (a season withdrawal), and what that does to the group."""

    player: PlayerId
    before_round: int
    """The first round they no longer play."""
    played: int
    """Their group games with a result (the earlier ones that count included)."""
    total: int
    """Their games in the double round robin: two against each other member."""
    how: str = "half"
    """The ruleset's `championship.withdrawn_member`: "half", "annul" or "forfeit"."""
    choice: str = ""
    """The club's choice said (the texts are silent, docs/rules.md §14), "" where its regulations say it."""

    @property
    def counted(self) -> bool:
        """Their results stand and their unplayed games are lost by forfeit: by the ruleset's `how`, at least half
        their games played ("half", FIDE's rule), always ("forfeit") or never ("annul")."""
        return self.how == "forfeit" or (self.how == "half" and 2 * self.played >= self.total)

    def sentence(self, name: Callable[[PlayerId], str]) -> str:
        """One sentence for the director (`name` says a player), the club's choice with it."""
        head = (f"{name(self.player)} withdrew before round {self.before_round} after {self.played} of "
                f"{self.total} group games")
        said = f" ({self.choice})" if self.choice else ""
        if self.counted:
            return f"{head}: those results stand, and each game not played is won by the opponent{said}"
        if self.how == "half":
            return f"{head}, fewer than half: none of their group games count{said}"
        return f"{head}: none of their group games count{said}"


def member_withdrawals(season: Season, group: ChampionshipGroup, games: tuple[PlayedGame, ...],
                       ) -> tuple[MemberWithdrawal, ...]:
    """The members with a withdrawal in the season, in member order, with their games played in `games`, as the
    ruleset's `championship.withdrawn_member` counts them."""
    ruleset = parse_ruleset(season.ruleset_spec)
    how = ruleset.championship.withdrawn_member if ruleset.championship else "half"
    choice = club_choice(ruleset, "group_withdrawal")
    total = GAMES_PER_PAIR * (len(group.members) - 1)
    out = []
    for p in group.members:
        w = season.withdrawal_of(p)
        if w is not None:
            played = sum(1 for g in games if p in (g.white, g.black) and g.result.is_decided)
            out.append(MemberWithdrawal(p, w.before_round, played, total, how, "" if choice is None else str(choice)))
    return tuple(out)


def standing_games(members: tuple[PlayerId, ...], games: tuple[PlayedGame, ...],
                   withdrawn: tuple[MemberWithdrawal, ...]) -> tuple[tuple[PlayerId, ...], tuple[PlayedGame, ...]]:
    """(members, games) the table counts: a member struck out with every game of theirs, the forfeits a
    counted member's unplayed games become (two withdrawn members' games between them: played, no points)."""
    struck = {w.player for w in withdrawn if not w.counted}
    counted = {w.player: w for w in withdrawn if w.counted}
    left = tuple(p for p in members if p not in struck)
    kept = [g for g in games if not {g.white, g.black} & struck]
    for w in (counted[p] for p in left if p in counted):
        for o in left:
            if o == w.player or (o in counted and left.index(o) < left.index(w.player)):
                continue  # itself, or a pair of two withdrawn members already done from the other side
            met = sum(1 for g in kept if {g.white, g.black} == {w.player, o})
            for _ in range(max(0, GAMES_PER_PAIR - met)):
                if o in counted:
                    kept.append(PlayedGame(w.before_round, o, w.player, Result.PENDING, void=True))
                else:
                    kept.append(PlayedGame(w.before_round, o, w.player, Result.WHITE_FORFEIT_WIN))
    return left, tuple(kept)


def group_table(members: tuple[PlayerId, ...], games: tuple[PlayedGame, ...],
                withdrawn: tuple[MemberWithdrawal, ...]) -> tuple[GroupRow, ...]:
    """The group table with the withdrawals applied (`standing_games`)."""
    return table(*standing_games(members, games, withdrawn))
