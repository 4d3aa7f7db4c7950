"""The championship group for the shells (docs/rules.md §8): what to show, and the events of each action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from keizer.seasons.model import ChampionshipGroup, DecisionGame, GroupGame
from keizer.seasons.errors import KeizerError
from keizer.seasons.limits import MAX_ROUNDS, describe
from keizer.seasons.model import PlayerId, Result, Season
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.ruleset.model import ChampionshipRule
from keizer.seasons.store.events import GroupDecisionSet, GroupFormed, GroupScheduleSet, GroupUnavailableSet
from keizer.evening.session import Change

if TYPE_CHECKING:
    from keizer.pairing.group_schedule import ScheduleCheck
    from keizer.scoring.group_state import GroupState

GameState = Literal["played", "on the board", "to play", "missed"]


@dataclass(frozen=True, slots=True)
class ScheduleRow:
    """One scheduled game as the director reads it."""

    game: GroupGame
    result: Result
    """The result so far (PENDING while not played, or on the board without a result)."""
    state: GameState
    """"played" (a result), "on the board" (paired, no result), "to play", "missed" (its round was played
    without it: reschedule)."""


@dataclass(frozen=True, slots=True)
class GroupView:
    """The group at this moment: the setting, the members, the schedule, the table and the state."""

    rule: ChampionshipRule
    group: ChampionshipGroup | None
    proposal: tuple[PlayerId, ...]
    """Before the group is formed, once its round is scored: the top of the ranking (no declines)."""
    schedule: tuple[ScheduleRow, ...]
    table: tuple[Any, ...]
    """scoring.group_table.GroupRow rows (empty before the group forms)."""
    state: Any
    """scoring.group_state.GroupState, or None before the group forms."""


def state_summary(season: Season, state: GroupState) -> str:
    """The state's sentence with the players' names, as the director reads it; scripts read the ids from
    the JSON's own fields (docs/format.md `keizer group`)."""
    return state.sentence(lambda pid: season.player(pid).name)


def rule_of(season: Season) -> ChampionshipRule:
    rule = parse_ruleset(season.ruleset_spec).championship
    if rule is None:
        raise KeizerError("this season's ruleset has no championship group (ruleset key `championship`)")
    return rule


def group_of(season: Season) -> ChampionshipGroup:
    if season.championship is None:
        raise KeizerError("the championship group has not been formed yet (keizer group form)")
    return season.championship


def proposal(season: Season, declined: tuple[PlayerId, ...] = ()) -> tuple[PlayerId, ...]:
    """The members proposed from the Keizer ranking after the group's round, minus who declines."""
    from keizer.scoring.replay import replay
    from keizer.scoring.group_table import propose_members

    rule = rule_of(season)
    if season.last_scored_round < rule.after_round:
        raise KeizerError(f"the group forms after round {rule.after_round}; the season has results up to round "
                          f"{season.last_scored_round}")
    for pid in declined:
        if not season.has_player(pid):
            raise KeizerError(f"--decline {pid}: unknown player {pid!r}")
    ranking = replay(season, rule.after_round).ranking_after(rule.after_round)
    return propose_members(ranking, rule.size, declined)


def group_view(season: Season, declined: tuple[PlayerId, ...] = ()) -> GroupView:
    """The group as it stands; before it forms, the proposal with these declines."""
    from keizer.scoring.group_state import group_state
    from keizer.scoring.group_table import group_games, missed_games, scheduled_results, table

    rule = rule_of(season)
    group = season.championship
    if group is None:
        ready = season.last_scored_round >= rule.after_round
        return GroupView(rule, None, proposal(season, declined) if ready else (), (), (), None)
    done = scheduled_results(season, group, rule)
    missed = set(missed_games(season, group, rule))
    rows = []
    for i, (g, d) in enumerate(zip(group.schedule, done)):
        if d is not None:
            state: GameState = "played" if d.result.is_decided else "on the board"
        else:
            state = "missed" if i in missed else "to play"
        if d is not None and (d.white, d.black) != (g.white, g.black):
            g = GroupGame(g.round, d.white, d.black)  # played with the other colours: the result reads with them
        rows.append(ScheduleRow(g, d.result if d is not None else Result.PENDING, state))
    rows_table = table(group.members, group_games(season, group, rule))
    return GroupView(rule, group, (), tuple(rows), rows_table, group_state(rows_table, group.decision))


def group_pairs(season: Season, k: int) -> frozenset[tuple[PlayerId, PlayerId]]:
    """Round k's scheduled group games as pairs in id order (marked on the boards); none without a group."""
    if season.championship is None:
        return frozenset()
    return frozenset((min(g.white, g.black), max(g.white, g.black)) for g in season.championship.games_in(k))


def schedule_proposal(season: Season) -> tuple[tuple[GroupGame, ...], int]:
    """The schedule model's proposal from the first open round, and its cost (pairing's CP-SAT model)."""
    from keizer.pairing.group_schedule import propose_schedule

    rule, group = rule_of(season), group_of(season)
    games, check = propose_schedule(season, group, rule, first_open_round(season, group, rule))
    return games, check.cost


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
    """The schedule's check after the move (`pairing.group_schedule.check_schedule`)."""
    valid: bool
    """False when the move breaks a hard rule the schedule kept before (then it must not be saved); a
    schedule already incomplete or broken stays movable."""

    @property
    def label(self) -> str:
        return f"move {self.game.white}–{self.game.black} to round {self.to_round}"


def move_scheduled(season: Season, white: PlayerId, black: PlayerId, to_round: int,
                   first: int | None = None) -> GameMove:
    """Move the accepted game `white`–`black` (the first from round `first`, default the first open round)
    to `to_round`; KeizerError when there is no such game still to play."""
    from keizer.pairing.group_schedule import move_game

    rule, group = rule_of(season), group_of(season)
    first = first_open_round(season, group, rule) if first is None else first
    game = next((g for g in group.schedule if (g.white, g.black) == (white, black) and g.round >= first), None)
    if game is None:
        raise KeizerError(f"no game {white}–{black} is scheduled from round {first} on")
    schedule, check, before = move_game(season, group, rule, first, game, to_round)
    new = [x for x in check.breaches if x not in before.breaches]
    lines = [f"Moving {white}–{black} from round {game.round} to round {to_round}: cost {before.cost} → {check.cost}"]
    lines += [f"  breaks{' (hard)' if x.hard else ''}: {x.what}" for x in new] or ["  breaks nothing"]
    return GameMove(game, to_round, schedule, tuple(lines), check, not any(x.hard for x in new))


def first_open_round(season: Season, group: ChampionshipGroup, rule: ChampionshipRule) -> int:
    """The first round the schedule may still change: after the paired rounds (and, for a separate group,
    after its last game with a result)."""
    decided = [g.round for g in group.schedule if g.result.is_decided]
    return max(season.played_rounds + 1, group.formed_after + 1, max(decided, default=0) + 1)


def form_event(season: Season, declined: tuple[PlayerId, ...]) -> GroupFormed:
    rule = rule_of(season)
    members = proposal(season, declined)
    if len(members) < 2:
        raise KeizerError("fewer than two players are left to form the group")
    ranking_declined = tuple(p for p in declined if p not in members)
    return GroupFormed(rule.after_round, members, ranking_declined)


def schedule_event(games: tuple[GroupGame, ...]) -> GroupScheduleSet:
    return GroupScheduleSet(games)


def rounds_from(text: str) -> tuple[int, ...]:
    """Rounds as the director types them: "24 25", "24, 25" or "24-26", sorted and each once; nothing is
    none. KeizerError naming the part that is not a round."""
    rounds: set[int] = set()
    for part in text.replace(",", " ").replace("–", "-").split():  # an en dash as the season's pages write it
        first, dash, last = part.partition("-")
        ends = (first, last) if dash else (first,)
        said = describe(part)  # a pasted line of thousands of digits is not echoed whole
        if not all(x.isascii() and x.isdigit() for x in ends):  # "²" is a digit to isdigit, not to int
            raise KeizerError(f"{said} is not a round (e.g. 24, or 24-26 for a stretch)")
        # the length first: int() refuses a number of thousands of digits (leading zeros too) with a ValueError
        digits = [x.lstrip("0") or "0" for x in ends]
        if any(len(x) > len(str(MAX_ROUNDS)) for x in digits) or int(digits[-1]) > MAX_ROUNDS:
            raise KeizerError(f"{said}: a season has at most {MAX_ROUNDS} rounds")  # a typo, never millions
        low, high = int(digits[0]), int(digits[-1])
        if high < low:
            raise KeizerError(f"{said}: the stretch runs backwards (write {high}-{low})")
        rounds.update(range(low, high + 1))
    return tuple(sorted(rounds))


def check_group_rounds(season: Season, rounds: tuple[int, ...]) -> None:
    """KeizerError for the first round not after the group formed or after the schedule's last round: the
    rounds a member may say they cannot play (the `u` dialog checks them before it closes)."""
    first, last = group_of(season).formed_after + 1, rule_of(season).schedule_end(season.rounds_planned)
    outside = [r for r in rounds if not first <= r <= last]
    if outside:
        raise KeizerError(f"round {outside[0]}: the group plays in rounds {first}–{last} (nothing saved)")


def unavailable_change(season: Season, player: PlayerId, rounds: tuple[int, ...]) -> Change:
    """All the rounds a member said they cannot play in the group (none clears them; the schedule avoids
    them): one action. KeizerError for a player not in the group, a round not after the group formed or
    after the schedule's last round, or no change."""
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


def decision_event(season: Season, game: tuple[PlayerId, PlayerId, Result] | None) -> GroupDecisionSet:
    """The decision games with one more (or the result of a pending one set); None clears them all."""
    group = group_of(season)
    if game is None:
        return GroupDecisionSet(())
    white, black, result = game
    for pid in (white, black):
        if pid not in group.members:
            raise KeizerError(f"decision game {white}–{black}: {pid!r} is not in the championship group")
    games = list(group.decision)
    at = next((i for i, g in enumerate(games) if (g.white, g.black) == (white, black) and not g.result.is_decided),
              None)
    if at is None:
        games.append(DecisionGame(white, black, result))
    else:
        games[at] = DecisionGame(white, black, result)
    return GroupDecisionSet(tuple(games))


