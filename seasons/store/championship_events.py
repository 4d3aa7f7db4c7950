"""The championship group's events (docs/rules.md §8): each is one action of the director, one undo step."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Mapping

from keizer.seasons.championship import championship_from_json, championship_to_json, sorted_schedule
from keizer.seasons.model import ChampionshipGroup, DecisionGame, GroupGame
from keizer.seasons.errors import InputError
from keizer.seasons.model import PlayerId, Result, Season
from keizer.seasons.numbers import counted
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.store.event_base import Event
from keizer.seasons.store.payload import PayloadReader, game_result_from_json, game_result_to_json


def _group(event: Event, season: Season) -> ChampionshipGroup:
    if season.championship is None:
        raise event._fail("the championship group has not been formed")
    return season.championship


def _check(event: Event, season: Season, group: ChampionshipGroup) -> Season:
    """The season with `group`, validated as the season file validates it (the one definition)."""
    rule = parse_ruleset(season.ruleset_spec).championship
    try:
        checked = championship_from_json(championship_to_json(group), "championship",
                                         {p.id: p for p in season.players}, rule.mode if rule else None)
    except InputError as exc:
        raise event._fail(str(exc)) from None
    return replace(season, championship=checked)


def _games_from(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(where, "must be a list")
    return value


@dataclass(frozen=True, slots=True)
class GroupFormed(Event):
    """The group is formed (or formed again) with these members and declines; a new group has no schedule."""

    kind: ClassVar[str] = "group-formed"
    formed_after: int
    """The round after which it forms."""
    members: tuple[PlayerId, ...]
    """The members in ranking order."""
    declined: tuple[PlayerId, ...] = ()
    """Those proposed who declined (D art. 4)."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        old = s.championship
        kept = () if old is None else tuple((p, r) for p, r in old.unavailable if p in self.members)
        group = ChampionshipGroup(formed_after=self.formed_after, members=self.members, declined=self.declined,
                                  unavailable=kept)
        if old is not None and old.members == group.members and old.formed_after == group.formed_after:
            group = replace(old, declined=self.declined)  # the same six: their schedule stands
        if group == old:
            raise self._fail("nothing to change")
        return _check(self, s, group)

    def describe(self) -> str:
        return f"form the championship group after round {self.formed_after}"

    def to_payload(self) -> dict[str, Any]:
        return {"formed_after": self.formed_after, "members": list(self.members), "declined": list(self.declined)}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> GroupFormed:
        r = PayloadReader(payload, cls.kind, ("formed_after", "members", "declined"))
        ids = {key: tuple(PlayerId(x) for x in _games_from(r.raw(key), r.where(key))) for key in ("members", "declined")}
        return cls(formed_after=r.integer("formed_after"), members=ids["members"], declined=ids["declined"])


@dataclass(frozen=True, slots=True)
class GroupScheduleSet(Event):
    """The group's whole schedule: accepted, a game moved, or the rest re-solved after an absence."""

    kind: ClassVar[str] = "group-schedule-set"
    games: tuple[GroupGame, ...]
    """Every scheduled game (the played ones too); empty withdraws the schedule."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        group = _group(self, s)
        new = replace(group, schedule=sorted_schedule(self.games))
        if new == group:
            raise self._fail("nothing to change")
        return _check(self, s, new)

    def describe(self) -> str:
        return f"set the championship group's schedule ({counted(len(self.games), 'game')})"

    def to_payload(self) -> dict[str, Any]:
        return {"games": [{"round": g.round, "white": g.white, "black": g.black, "result": g.result.value}
                          for g in self.games]}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> GroupScheduleSet:
        r = PayloadReader(payload, cls.kind, ("games",))
        games = []
        for i, g in enumerate(_games_from(r.raw("games"), r.where("games"))):
            gr = PayloadReader(g, f"{r.where('games')}[{i}]", ("round", "white", "black", "result"))
            games.append(GroupGame(round=gr.integer("round"), white=gr.player_id("white"),
                                   black=gr.player_id("black"), result=gr.result("result")))
        return cls(games=tuple(games))


@dataclass(frozen=True, slots=True)
class GroupUnavailableSet(Event):
    """The rounds a member has said they cannot play (the schedule avoids them)."""

    kind: ClassVar[str] = "group-unavailable-set"
    player: PlayerId
    rounds: tuple[int, ...]
    """All of the member's unavailable rounds; empty clears them."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        group = _group(self, s)
        if self.player not in group.members:
            raise self._fail(f"{self.player!r} is not in the championship group")
        new = group.with_unavailable(self.player, self.rounds)
        if new == group:
            raise self._fail("nothing to change")
        return _check(self, s, new)

    def describe(self) -> str:
        return f"set the rounds {self.player!r} cannot play in the group"

    def to_payload(self) -> dict[str, Any]:
        return {"player": self.player, "rounds": list(self.rounds)}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> GroupUnavailableSet:
        r = PayloadReader(payload, cls.kind, ("player", "rounds"))
        rounds: list[Any] = _games_from(r.raw("rounds"), r.where("rounds"))
        if any(isinstance(x, bool) or not isinstance(x, int) for x in rounds):
            raise InputError(r.where("rounds"), "must be a list of round numbers")
        return cls(player=r.player_id("player"), rounds=tuple(rounds))


@dataclass(frozen=True, slots=True)
class GroupResultSet(Event):
    """The result of a "separate" group's scheduled game (K's final group plays outside the Keizer rounds)."""

    kind: ClassVar[str] = "group-result-set"
    round: int
    white: PlayerId
    black: PlayerId
    result: Result

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        group = _group(self, s)
        at = [i for i, g in enumerate(group.schedule)
              if (g.round, g.white, g.black) == (self.round, self.white, self.black)]
        if not at:
            raise self._fail(f"no group game {self.white} - {self.black} is scheduled in round {self.round}")
        games = list(group.schedule)
        games[at[0]] = replace(games[at[0]], result=self.result)
        return _check(self, s, replace(group, schedule=tuple(games)))

    def describe(self) -> str:
        return f"record {self.white} - {self.black} {self.result.value} (group, round {self.round})"

    def to_payload(self) -> dict[str, Any]:
        return game_result_to_json(self.round, self.white, self.black, self.result)

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> GroupResultSet:
        return cls(*game_result_from_json(payload, cls.kind))


@dataclass(frozen=True, slots=True)
class GroupDecisionSet(Event):
    """The decision games or play-off (D art. 2) with their results so far; each change writes all of them."""

    kind: ClassVar[str] = "group-decision-set"
    games: tuple[DecisionGame, ...]

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        group = _group(self, s)
        if group.decision == self.games:
            raise self._fail("nothing to change")
        return _check(self, s, replace(group, decision=self.games))

    def describe(self) -> str:
        return "set the championship's decision games"

    def to_payload(self) -> dict[str, Any]:
        return {"games": [{"white": g.white, "black": g.black, "result": g.result.value} for g in self.games]}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> GroupDecisionSet:
        r = PayloadReader(payload, cls.kind, ("games",))
        games = []
        for i, g in enumerate(_games_from(r.raw("games"), r.where("games"))):
            gr = PayloadReader(g, f"{r.where('games')}[{i}]", ("white", "black", "result"))
            games.append(DecisionGame(white=gr.player_id("white"), black=gr.player_id("black"),
                                      result=gr.result("result")))
        return cls(games=tuple(games))


GROUP_EVENT_TYPES: tuple[type[Event], ...] = (
    GroupFormed, GroupScheduleSet, GroupUnavailableSet, GroupResultSet, GroupDecisionSet,
)
