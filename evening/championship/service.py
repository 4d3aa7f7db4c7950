"""The championship group's service on the evening: each action one commit and one undo step, the same for
every shell (the changes themselves are computed in `changes.py`, the view in `view.py`)."""

from __future__ import annotations

from keizer.evening.championship.changes import (
    GameMove,
    decision,
    formation,
    group_result,
    move_scheduled,
    schedule_change,
    unavailability,
)
from keizer.evening.championship.view import GroupView, group_view
from keizer.evening.session import EveningSession
from keizer.seasons.model import GroupGame, PlayerId, Result


class ChampionshipGroupService:
    """Form the group, accept or move its schedule, the rounds a member cannot play, decision games and the
    results of a separate group's games. `expect_head`: the revision the caller computed the action from
    (the CLI's compare-and-set; the TUI's is the session's `shown`)."""

    def __init__(self, session: EveningSession) -> None:
        self.session = session

    def view(self, declined: tuple[PlayerId, ...] = ()) -> GroupView:
        """The group as it stands; before it forms, the proposal with these declines."""
        return group_view(self.session.season, declined)

    def form(self, declined: tuple[PlayerId, ...], expect_head: int | None = None) -> str:
        return self.session.apply(formation(self.session.season, declined), expect_head)

    def accept_schedule(self, games: tuple[GroupGame, ...], expect_head: int | None = None) -> str:
        return self.session.apply(schedule_change(games), expect_head)

    def move(self, move: GameMove, expect_head: int | None = None) -> str:
        """Save a game moved (`changes.move_scheduled`); refused when it breaks a hard rule."""
        return self.session.apply(move.change, expect_head)

    def move_game(self, white: PlayerId, black: PlayerId, to_round: int, expect_head: int | None = None) -> GameMove:
        """Move the accepted game `white`–`black` to `to_round` and save it: the move with what it breaks."""
        move = move_scheduled(self.session.season, white, black, to_round)
        self.move(move, expect_head)
        return move

    def unavailable(self, player: PlayerId, rounds: tuple[int, ...], expect_head: int | None = None) -> str:
        return self.session.apply(unavailability(self.session.season, player, rounds), expect_head)

    def decide(self, game: tuple[PlayerId, PlayerId, Result] | None, expect_head: int | None = None,
               at: int | None = None) -> str:
        """Record a decision game (`at`: correct the result of the recorded one at that index); refused
        when the tie does not need it (`changes.decision`)."""
        return self.session.apply(decision(self.session.season, game, at), expect_head)

    def result(self, k: int, white: PlayerId, black: PlayerId, result: Result, expect_head: int | None = None) -> str:
        return self.session.apply(group_result(self.session.season, k, white, black, result), expect_head)
