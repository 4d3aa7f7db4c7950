"""Each action on the championship group as the change it writes (docs/rules.md §8): its events and the one
label the undo list and the log call it by, computed from the season without writing anything — so that a
shell can show a change before it is saved (`keizer group … ` without `--save`)."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from keizer.evening.championship.view import (
    check_group_rounds,
    first_open_round,
    group_of,
    group_ranking,
    group_view,
    proposal,
    rule_of,
)
from keizer.evening.change import Change
from keizer.seasons.errors import KeizerError
from keizer.seasons.model import DecisionGame, GroupGame, PlayerId, Result, Season
from keizer.seasons.ruleset.model import GAMES_PER_PAIR
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.texts import cite
from keizer.seasons.store.events import (
    GroupDecisionSet,
    GroupFormed,
    GroupResultSet,
    GroupScheduleSet,
    GroupUnavailableSet,
)

if TYPE_CHECKING:
    # The pairing data a shell holds, named for the shells here (imported lazily: a mark loads no solver).
    from keizer.pairing.championship.check import ScheduleCheck
    from keizer.scoring.replay import Replay


def formation(season: Season, declined: tuple[PlayerId, ...]) -> Change:
    """The group formed from the ranking after its round, without those who decline (D art. 4)."""
    rule = rule_of(season)
    members = proposal(season, declined)
    if len(members) < 2:
        raise KeizerError("fewer than two players are left to form the group")
    ranking_declined = tuple(p for p in declined if p not in members)
    return Change("form the championship group", (GroupFormed(rule.after_round, members, ranking_declined),))


def filling(season: Season, played: Replay | None = None) -> Change:
    """The group with the members who withdrew before it played replaced by the next in line (D art. 3: the
    numbers 1 to 6 after round 20 qualify), the members in ranking order after its round; the declines stay.
    A schedule accepted before goes with the old members: the director proposes one again."""
    view = group_view(season, played=played)
    short, group = view.short, view.group
    if group is None:
        raise KeizerError("the championship group has not been formed yet (keizer group form)")
    if short is None:
        raise KeizerError("the championship group is not short: no member withdrew before its games began")
    if not short.next_in_line:
        raise KeizerError("nobody is left in line to take the place of who withdrew")
    ranking = group_ranking(season, played)
    keep = (set(group.members) - set(short.withdrew)) | set(short.next_in_line)
    members = tuple(p for p in ranking if p in keep)
    names = lambda pids: ", ".join(season.player(p).name for p in pids)  # noqa: E731 — a short local alias
    label = f"championship group: {names(short.next_in_line)} in for {names(short.withdrew)} (withdrew)"
    if group.schedule:
        label += "; its schedule to propose again"
    return Change(label, (GroupFormed(group.formed_after, members, group.declined),))


def members_of(change: Change) -> GroupFormed:
    """The formation event of a `formation` change: who is in the group, who declined."""
    (event,) = change.events
    assert isinstance(event, GroupFormed)
    return event


@dataclass(frozen=True, slots=True)
class ScheduleProposal:
    """The schedule model's proposal from a round on, with its check; `change` accepts it."""

    games: tuple[GroupGame, ...]
    check: ScheduleCheck
    first: int
    """The first round the schedule changes in: the games before it are kept."""
    optimal: bool = True
    """False: the best schedule found within the model's limit of work, not proven the least cost."""

    @property
    def change(self) -> Change:
        return schedule_change(self.games)

    def notes(self, season: Season) -> tuple[str, ...]:
        """What the director can act on (hard breaches, then each member once), with the players' names."""
        return tuple(text for _, text in self.check.notes(lambda pid: season.player(pid).name))

    @property
    def summary(self) -> str:
        """"proposed schedule, cost 3 (the least possible)" — or "(the best found…)" when not proven."""
        how = "the least possible" if self.optimal else "the best found in the time allowed, not proven the least"
        return f"proposed schedule, cost {self.check.cost} ({how})"


def schedule_proposal(season: Season, first: int | None = None, stop: threading.Event | None = None,
                      ) -> ScheduleProposal:
    """The schedule model's proposal from round `first` (default: the first open round), games before it
    kept; `stop` (set from another thread) ends the search with `SearchStopped`, nothing proposed."""
    from keizer.pairing.championship.schedule import propose_schedule

    rule, group = rule_of(season), group_of(season)
    first = first_open_round(season, group, rule) if first is None else first
    found = propose_schedule(season, group, rule, first, stop=stop)
    return ScheduleProposal(found.games, found.check, first, found.optimal)


def schedule_change(games: tuple[GroupGame, ...]) -> Change:
    """A whole schedule accepted (a proposal, or the schedule with a game moved)."""
    return Change("set the championship group's schedule", (GroupScheduleSet(games),))


@dataclass(frozen=True, slots=True)
class GameMove:
    """One accepted game moved to another round, as the schedule's checker judges it (docs/rules.md §8)."""

    game: GroupGame
    """The game as it was scheduled."""
    to_round: int
    schedule: tuple[GroupGame, ...]
    """The whole schedule with the game moved (what `group-schedule-set` would write)."""
    lines: tuple[str, ...]
    """What the move changes, in words: the cost before and after, and each rule it newly breaks."""
    check: ScheduleCheck
    """The schedule's check after the move (`pairing.championship.schedule.check_schedule`)."""
    valid: bool
    """False when the move breaks a hard rule the schedule kept before (then it must not be saved); a
    schedule already incomplete or broken stays movable."""

    @property
    def change(self) -> Change:
        if not self.valid:
            raise KeizerError("the move breaks a hard rule of the schedule; not saved")
        label = f"move {self.game.white}–{self.game.black} to round {self.to_round}"
        return Change(label, (GroupScheduleSet(self.schedule),))


def move_scheduled(season: Season, white: PlayerId, black: PlayerId, to_round: int,
                   first: int | None = None) -> GameMove:
    """Move the accepted game `white`–`black` (the first from round `first`, default the first open round)
    to `to_round`; KeizerError when there is no such game still to play."""
    from keizer.pairing.championship.schedule import move_game

    rule, group = rule_of(season), group_of(season)
    first = first_open_round(season, group, rule) if first is None else first
    game = next((g for g in group.schedule if (g.white, g.black) == (white, black) and g.round >= first), None)
    if game is None:
        raise KeizerError(f"no game {white}–{black} is scheduled from round {first} on")
    schedule, check, before = move_game(season, group, rule, first, game, to_round)
    new = [x for x in check.breaches if x not in before.breaches]
    name = lambda pid: season.player(pid).name  # noqa: E731 — a short local alias
    lines = [f"Moving {name(white)}–{name(black)} from round {game.round} to round {to_round}: "
             f"cost {before.cost} → {check.cost}"]
    lines += [f"  breaks{' (hard)' if x.hard else ''}: {x.said(name)}" for x in new] or ["  breaks nothing"]
    return GameMove(game, to_round, schedule, tuple(lines), check, not any(x.hard for x in new))


def unavailability(season: Season, player: PlayerId, rounds: tuple[int, ...]) -> Change:
    """All the rounds a member said they cannot play in the group (none clears them; the schedule avoids
    them). KeizerError for a player not in the group, a round not after the group formed or after the
    schedule's last round, or no change."""
    group = group_of(season)
    name = season.player(player).name if season.has_player(player) else repr(player)
    if player not in group.members:
        raise KeizerError(f"{name} is not in the championship group")
    check_group_rounds(season, rounds)
    rounds = tuple(sorted(set(rounds)))
    if rounds == group.unavailable_rounds(player):
        raise KeizerError(f"{name}'s unavailable rounds are unchanged: nothing to save")
    said = ", ".join(map(str, rounds)) or "none"
    return Change(f"rounds {name} cannot play in the group: {said}", (GroupUnavailableSet(player, rounds),))


def decision(season: Season, game: tuple[PlayerId, PlayerId, Result] | None, at: int | None = None) -> Change:
    """The decision games with one more (or the result of a pending one with these colours set); None clears
    them all; `at`: the index of a recorded decision game whose result this corrects. A game the tie does
    not need is refused (D art. 2: two decision games, or a play-off's double round robin, and no more)."""
    group = group_of(season)
    if game is None:
        return Change("clear the decision games", (GroupDecisionSet(()),))
    white, black, result = game
    for pid in (white, black):
        if pid not in group.members:
            raise KeizerError(f"decision game {white}–{black}: {pid!r} is not in the championship group")
    games = list(group.decision)
    if at is not None:
        if not 0 <= at < len(games):
            raise KeizerError(f"there is no decision game {at + 1} (recorded: {len(games)})")
        white, black = games[at].white, games[at].black
    else:
        at = next((i for i, g in enumerate(games) if (g.white, g.black) == (white, black) and not g.result.is_decided),
                  None)
    if at is None:
        _another_needed(season, white, black)
        games.append(DecisionGame(white, black, result))
    else:
        games[at] = DecisionGame(white, black, result)
    return Change(f"decision game {white}–{black} {result.value}", (GroupDecisionSet(tuple(games)),))


def _another_needed(season: Season, white: PlayerId, black: PlayerId) -> None:
    """KeizerError, in one line, unless the tie for first needs one more decision game of this pair."""
    state = group_view(season).state
    name = lambda pid: season.player(pid).name  # noqa: E731 — a short local alias
    if state.games_left:
        raise KeizerError(f"decision games come after the group's games: {state.games_left} still to play")
    if not state.tied:
        raise KeizerError(f"no tie for first: {name(state.champion[0])} is champion, no decision game is played")
    for pid in (white, black):
        if pid not in state.tied:
            raise KeizerError(f"{name(pid)} is not tied for first: only {', '.join(map(name, state.tied))} "
                              f"play decision games")
    pair = {white, black}
    if len(pair) == 2 and sum(1 for g in group_of(season).decision if {g.white, g.black} == pair) >= GAMES_PER_PAIR:
        article = cite(parse_ruleset(season.ruleset_spec).regulations, "decision_games")
        if len(state.tied) == 2:
            raise KeizerError(f"{name(white)} and {name(black)} have played their two decision games{article}: "
                              f"no third is played; still tied, they share the title")
        raise KeizerError(f"{name(white)} and {name(black)} have played both their play-off games (a double "
                          f"round robin{cite(parse_ruleset(season.ruleset_spec).regulations, 'decision_games', ', ', '')}"
                          f"): no third is played")


def group_result(season: Season, k: int, white: PlayerId, black: PlayerId, result: Result) -> Change:
    """The result of a "separate" group's game (K's final group), which has no board in the Keizer round;
    KeizerError when no such game is scheduled or the group plays inside the Keizer."""
    event = GroupResultSet(k, white, black, result)
    event.apply(season)  # the event's own checks: the game is scheduled, the group is separate
    return Change(event.describe(), (event,))
