"""The championship group's service on the evening: every action on the group is one method here, the same for
every shell — each writes one commit and one undo step, and each has its preview, the change it would write
(a shell shows it before it saves: `keizer group … ` without `--save`). The changes themselves are computed in
`changes.py`, the view in `view.py`."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from keizer.evening.change import Change
from keizer.evening.championship.changes import (
    GameMove,
    ScheduleProposal,
    decision,
    filling,
    formation,
    group_result,
    move_scheduled,
    schedule_change,
    schedule_proposal,
    unavailability,
)
from keizer.evening.championship.view import GroupView, group_view, rule_of
from keizer.evening.session import EveningSession
from keizer.seasons.model import GroupGame, PlayerId, Result

if TYPE_CHECKING:
    from keizer.scoring.replay import Replay


class ChampionshipGroupService:
    """Form the group, propose, accept or move its schedule, the rounds a member cannot play, decision games
    and the results of a separate group's games. Every write is a compare-and-set against the season the
    shell shows (`Evening.show`; refused with `ChangedMeanwhile`, nothing written, when another program wrote
    after it); `expect_head`, where given, checks against that revision instead."""

    def __init__(self, session: EveningSession) -> None:
        self.session = session

    def view(self, declined: tuple[PlayerId, ...] = ()) -> GroupView:
        """The group as it stands; before it forms, the proposal with these declines."""
        return group_view(self.session.season, declined, self._played())

    def _played(self) -> Replay | None:
        """The session's replay reaching the group's round (cached, the Standings screen's own), else None."""
        season = self.session.season
        rule = rule_of(season)
        return self.session.replay(rule.after_round) if season.last_scored_round >= rule.after_round else None

    # -- previews: what each action would write, nothing written ------------------------------------------
    def formation(self, declined: tuple[PlayerId, ...]) -> Change:
        """The group formed from the ranking after its round, without those who decline (`form` saves it)."""
        return formation(self.session.season, declined)

    def filling(self) -> Change:
        """The group with the members who withdrew before it played replaced by the next in line (`fill`
        saves it): offered by the view's `short`, never done unasked."""
        return filling(self.session.season, self._played())

    def proposed_schedule(self, first: int | None = None, stop: threading.Event | None = None) -> ScheduleProposal:
        """The schedule model's proposal from round `first` (default: the first open round), the games before it
        kept (`accept_schedule` saves its games); `stop` ends the search (`SearchStopped`)."""
        return schedule_proposal(self.session.season, first, stop)

    def moved(self, white: PlayerId, black: PlayerId, to_round: int, first: int | None = None) -> GameMove:
        """The accepted game `white`–`black` moved to `to_round`, with what that breaks (`move` saves it when it
        breaks no hard rule)."""
        return move_scheduled(self.session.season, white, black, to_round, first)

    def unavailability(self, player: PlayerId, rounds: tuple[int, ...]) -> Change:
        """The rounds a member cannot play, all of them (`unavailable` saves them)."""
        return unavailability(self.session.season, player, rounds)

    def decision(self, game: tuple[PlayerId, PlayerId, Result] | None, at: int | None = None) -> Change:
        """The decision games with this one more, or its result (`at`: of the recorded one at that index), or
        none (`game` None) — refused when the tie does not need it (`decide` saves it)."""
        return decision(self.session.season, game, at)

    def game_result(self, k: int, white: PlayerId, black: PlayerId, result: Result) -> Change:
        """The result of a separate group's game of round k (`result` saves it)."""
        return group_result(self.session.season, k, white, black, result)

    # -- actions: each one commit, one undo step; the label the undo list calls it by ---------------------
    def form(self, declined: tuple[PlayerId, ...], expect_head: int | None = None) -> str:
        return self.session.apply(self.formation(declined), expect_head)

    def fill(self, expect_head: int | None = None) -> str:
        return self.session.apply(self.filling(), expect_head)

    def accept_schedule(self, games: tuple[GroupGame, ...], expect_head: int | None = None) -> str:
        return self.session.apply(schedule_change(games), expect_head)

    def move(self, move: GameMove, expect_head: int | None = None) -> str:
        """Save a game moved (`moved`); refused when it breaks a hard rule."""
        return self.session.apply(move.change, expect_head)

    def move_game(self, white: PlayerId, black: PlayerId, to_round: int, expect_head: int | None = None) -> GameMove:
        """Move the accepted game `white`–`black` to `to_round` and save it: the move with what it breaks."""
        move = self.moved(white, black, to_round)
        self.move(move, expect_head)
        return move

    def unavailable(self, player: PlayerId, rounds: tuple[int, ...], expect_head: int | None = None) -> str:
        return self.session.apply(self.unavailability(player, rounds), expect_head)

    def decide(self, game: tuple[PlayerId, PlayerId, Result] | None, expect_head: int | None = None,
               at: int | None = None) -> str:
        """Record a decision game (`at`: correct the result of the recorded one at that index); refused
        when the tie does not need it (`changes.decision`)."""
        return self.session.apply(self.decision(game, at), expect_head)

    def result(self, k: int, white: PlayerId, black: PlayerId, result: Result, expect_head: int | None = None) -> str:
        return self.session.apply(self.game_result(k, white, black, result), expect_head)
