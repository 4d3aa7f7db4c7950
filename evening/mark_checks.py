"""Whether an attendance mark fits its round: refused with the reason and the ways out (`WayOut`), which each
shell words its own way; the refusals a shell names a command for carry their facts."""

from __future__ import annotations

from keizer.seasons.championship import out_of_keizer
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import EntryKind, Player, PlayerId, Round, Season
from keizer.seasons.rounds import current_round
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.evening.ways import Way, WayOut

TEAM_RESULTS = frozenset({EntryKind.EXTERNAL_WIN, EntryKind.EXTERNAL_DRAW, EntryKind.EXTERNAL_LOSS})
"""A team match with its result: only for a round that is played (tonight's or before, docs/rules.md §13)."""


def final_group_now(season: Season, k: int) -> tuple[PlayerId, ...]:
    """The members of K's final group, out of the Keizer in round k (docs/rules.md §8); () otherwise."""
    rule = parse_ruleset(season.ruleset_spec).championship
    return out_of_keizer(season.championship, rule.mode if rule else None, k)


class PlayedGame(WayOut):
    """A new mark refused for a player who played in a round with results: that game's result is what
    changes (corrected, or a no-show if they did not come)."""

    def __init__(self, name: str, k: int, board: int, colour: str) -> None:
        super().__init__(f"{name} played on board {board} of round {k}", Way.CORRECT_RESULT, Way.NO_SHOW)
        self.name = name
        """The player's name."""
        self.round = k
        """The round."""
        self.board = board
        """Their board in it, counted from 1."""
        self.colour = colour
        """"white" or "black": who did not come, were it a no-show."""


class InFinalGroup(WayOut):
    """A mark refused for a player of K's final group in its rounds: their games are the group's."""

    def __init__(self, name: str, k: int) -> None:
        super().__init__(f"{name} plays in the final group in round {k}, not in the Keizer", Way.GROUP_GAMES)
        self.name = name
        """The player's name."""
        self.round = k
        """The round."""


def check_in_keizer(season: Season, player: Player, k: int) -> None:
    """Refuse a mark for a player who has no part in round k's Keizer at all: in K's final group then,
    withdrawn before it, or joining after it. Checked before whether the mark changes anything: a withdrawn
    player marked present is told they withdrew, never that they are present already."""
    if player.id in final_group_now(season, k):
        raise InFinalGroup(player.name, k)
    w = season.withdrawal_of(player.id)
    if w is not None and k >= w.before_round:
        raise KeizerError(f"{player.name} withdrew before round {w.before_round}: no entry in round {k}")
    if k < player.joined:
        raise KeizerError(f"{player.name} joins in round {player.joined}: nothing to set in round {k}")


def check_change(season: Season, rnd: Round, player: Player, entry: EntryKind | None) -> None:
    """Refuse, with the reason and the way out, an attendance change that does not fit the round."""
    k = rnd.number
    tonight = current_round(season)
    if entry in TEAM_RESULTS and k > tonight:  # a result of a match not played yet is a typo (rules §13)
        raise KeizerError(f"{player.name}'s team match in round {k} has no result yet: round {k} is not played "
                          f"(tonight is round {tonight}); mark it external, result to come")
    check_in_keizer(season, player, k)
    game = rnd.game_of(player.id)
    if game is not None:
        board = rnd.games.index(game) + 1
        if rnd.has_results:
            raise PlayedGame(player.name, k, board, "white" if game.white == player.id else "black")
        raise WayOut(f"{player.name} plays on board {board} of round {k}", Way.NO_SHOW, Way.CLEAR_PAIRING)
    if rnd.is_paired and entry is None:
        if rnd.has_results:
            raise KeizerError(f"round {k} was played without {player.name}: give them an entry (absent, "
                              f"external, duty), not a game")
        raise WayOut(f"round {k} is paired without {player.name}", Way.CLEAR_PAIRING)
