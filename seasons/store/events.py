"""Every event of a season's log (the round events re-exported from round_events.py) and their registry."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Mapping

from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.model import Player, PlayerId, Season, Withdrawal
from keizer.seasons.names import cut
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.season_json.write import season_to_json
from keizer.seasons.store.class_events import ClassMovesSet
from keizer.seasons.store.event_base import Event
from keizer.seasons.store.forecast_events import ForecastKept
from keizer.seasons.store.live_events import CheckedIn, ResultReported
from keizer.seasons.store.championship_events import (
    GROUP_EVENT_TYPES,
    GroupDecisionSet,
    GroupFormed,
    GroupResultSet,
    GroupScheduleSet,
    GroupUnavailableSet,
)
from keizer.seasons.store.payload import PayloadReader, frozen_copy, player_from_json, player_to_json
from keizer.seasons.store.published import Published
from keizer.seasons.store.round_events import (
    EntrySet,
    NoShow,
    PairingSaved,
    ReportSet,
    ResultSet,
    RoundAdded,
    RoundDateSet,
    RoundRemoved,
)

__all__ = [
    "EVENT_TYPES", "UNCHANGED", "Unchanged", "CheckedIn", "ClassMovesSet", "EntrySet", "Event", "ForecastKept",
    "GroupDecisionSet", "GroupFormed", "GroupResultSet", "GroupScheduleSet", "GroupUnavailableSet", "NoShow",
    "PairingSaved", "PlayerAdded", "PlayerMoved", "PlayerUpdated", "Published", "ReportSet", "ResultReported",
    "ResultSet", "RoundAdded", "RoundDateSet", "RoundRemoved", "SeasonCreated", "SeasonDatesSet", "SettingsChanged",
    "SuspensionSet", "WithdrawalSet", "event_from_payload", "fold",
]


NAME_SAID = 60
"""The most of a season's name an action's description says."""


@dataclass(frozen=True, slots=True)
class SeasonCreated(Event):
    """The season as imported: always the first event of the log and only there."""

    kind: ClassVar[str] = "season-created"
    season: Season
    """The whole season at creation (stored as its keizer-season/1 JSON)."""

    def replay(self, season: Season | None) -> Season:
        if season is not None:
            raise self._fail("the season already exists")
        return self.season

    def describe(self) -> str:
        # A name that is too long is what a refusal may be about: said whole, it filled the line around it.
        return f"create season {cut(self.season.name, NAME_SAID)!r}"

    def to_payload(self) -> dict[str, Any]:
        return {"season": season_to_json(self.season)}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> SeasonCreated:
        r = PayloadReader(payload, cls.kind, ("season",))
        try:
            return cls(season=season_from_json(r.raw("season")))
        except InputError as exc:
            raise InputError(f"{r.where('season')}.{exc.where}" if exc.where else r.where("season"),
                             exc.message) from None


class _Unchanged:
    """The type of UNCHANGED."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNCHANGED"


UNCHANGED = _Unchanged()
"""A SettingsChanged field left as it is (None is a real value for `rounds_planned`)."""
Unchanged = _Unchanged
"""The type of UNCHANGED, for the signatures of callers that pass it on."""


@dataclass(frozen=True, slots=True)
class SettingsChanged(Event):
    """The season's own settings; only the fields given change, so two people changing different
    settings at once do not undo each other."""

    kind: ClassVar[str] = "settings-changed"
    name: str | _Unchanged = UNCHANGED
    """The season's new name."""
    ruleset_spec: object = UNCHANGED
    """The new ruleset exactly as the season file writes it (a preset name or an override object)."""
    rounds_planned: int | None | _Unchanged = UNCHANGED
    """The new number of planned rounds (None: not planned)."""

    def __post_init__(self) -> None:
        if not isinstance(self.ruleset_spec, _Unchanged):
            object.__setattr__(self, "ruleset_spec", frozen_copy(self.ruleset_spec, f"{self.kind}.ruleset"))

    def _changes(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if not isinstance(self.name, _Unchanged):
            out["name"] = self.name
        if not isinstance(self.ruleset_spec, _Unchanged):
            out["ruleset"] = self.ruleset_spec
        if not isinstance(self.rounds_planned, _Unchanged):
            out["rounds_planned"] = self.rounds_planned
        return out

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        if not self._changes():
            raise self._fail("nothing to change")
        return replace(
            s,
            name=s.name if isinstance(self.name, _Unchanged) else self.name,
            ruleset_spec=s.ruleset_spec if isinstance(self.ruleset_spec, _Unchanged) else self.ruleset_spec,
            rounds_planned=(s.rounds_planned if isinstance(self.rounds_planned, _Unchanged)
                            else self.rounds_planned),
        )

    def describe(self) -> str:
        return f"change settings ({', '.join(self._changes()) or 'none'})"

    def to_payload(self) -> dict[str, Any]:
        return self._changes()

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> SettingsChanged:
        r = PayloadReader(payload, cls.kind, (), ("name", "ruleset", "rounds_planned"))
        return cls(name=r.text("name") if r.has("name") else UNCHANGED,
                   ruleset_spec=r.raw("ruleset") if r.has("ruleset") else UNCHANGED,
                   rounds_planned=r.optional_integer("rounds_planned") if r.has("rounds_planned") else UNCHANGED)


@dataclass(frozen=True, slots=True)
class PlayerAdded(Event):
    """A new player, placed in the starting ranking."""

    kind: ClassVar[str] = "player-added"
    player: Player
    """The new player; in a season already under way, `joined` says from which round they take part."""
    position: int | None = None
    """1-based place in the starting ranking (those from there on move down one); None: last."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        if s.has_player(self.player.id):
            raise self._fail(f"there already is a player with id {self.player.id!r}")
        at = len(s.players) if self.position is None else self.position - 1
        if not 0 <= at <= len(s.players):
            raise self._fail(f"position {self.position} is outside 1..{len(s.players) + 1}")
        return replace(s, players=s.players[:at] + (self.player,) + s.players[at:])

    def describe(self) -> str:
        return f"add player {self.player.id!r}"

    def to_payload(self) -> dict[str, Any]:
        return {"player": player_to_json(self.player), "position": self.position}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> PlayerAdded:
        r = PayloadReader(payload, cls.kind, ("player",), ("position",))
        return cls(player=player_from_json(r.raw("player"), r.where("player")),
                   position=r.optional_integer("position"))


@dataclass(frozen=True, slots=True)
class PlayerUpdated(Event):
    """A player's details (name, rating, class, group, joined) replaced; the id says which player."""

    kind: ClassVar[str] = "player-updated"
    player: Player
    """The player as they are now."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        self._player(s, self.player.id)
        at = s.start_rank(self.player.id) - 1
        return replace(s, players=s.players[:at] + (self.player,) + s.players[at + 1:])

    def describe(self) -> str:
        return f"update player {self.player.id!r}"

    def to_payload(self) -> dict[str, Any]:
        return {"player": player_to_json(self.player)}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> PlayerUpdated:
        r = PayloadReader(payload, cls.kind, ("player",))
        return cls(player=player_from_json(r.raw("player"), r.where("player")))


@dataclass(frozen=True, slots=True)
class PlayerMoved(Event):
    """A player moved to another place in the starting ranking."""

    kind: ClassVar[str] = "player-moved"
    player: PlayerId
    """Who moves."""
    position: int
    """The new 1-based place in the starting ranking."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        moving = self._player(s, self.player)
        if not 1 <= self.position <= len(s.players):
            raise self._fail(f"position {self.position} is outside 1..{len(s.players)}")
        rest = tuple(p for p in s.players if p.id != self.player)
        at = self.position - 1
        return replace(s, players=rest[:at] + (moving,) + rest[at:])

    def describe(self) -> str:
        return f"move player {self.player!r} to #{self.position}"

    def to_payload(self) -> dict[str, Any]:
        return {"player": self.player, "position": self.position}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> PlayerMoved:
        r = PayloadReader(payload, cls.kind, ("player", "position"))
        return cls(player=r.player_id("player"), position=r.integer("position"))


@dataclass(frozen=True, slots=True)
class WithdrawalSet(Event):
    """A player withdraws (D art. 22), the round of a withdrawal changes, or a withdrawal is cancelled. The
    player's absences from `before_round` on go with it (an imported season read them from blank rounds);
    a season that had such entries could not take a withdrawal before, so no log replays differently."""

    kind: ClassVar[str] = "withdrawal-set"
    player: PlayerId
    """Who withdraws."""
    before_round: int | None
    """The first round the player no longer takes part in; None cancels the withdrawal."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        self._player(s, self.player)
        existing = s.withdrawal_of(self.player)
        if self.before_round is None:
            if existing is None:
                raise self._fail(f"{self.player!r} has not withdrawn")
            return replace(s, withdrawals=tuple(w for w in s.withdrawals if w.player != self.player))
        if self.before_round < 1:
            raise self._fail(f"before_round must be a round number, got {self.before_round}")
        new = Withdrawal(player=self.player, before_round=self.before_round)
        for rnd in s.rounds[self.before_round - 1:]:  # a withdrawn player has no absence after leaving
            if rnd.entry_of(self.player) is not None:
                s = s.with_round(rnd.with_entry(self.player, None))
        if existing is None:
            return replace(s, withdrawals=s.withdrawals + (new,))
        return replace(s, withdrawals=tuple(new if w.player == self.player else w for w in s.withdrawals))

    def describe(self) -> str:
        if self.before_round is None:
            return f"cancel the withdrawal of {self.player!r}"
        return f"withdraw {self.player!r} before round {self.before_round}"

    def to_payload(self) -> dict[str, Any]:
        return {"player": self.player, "before_round": self.before_round}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> WithdrawalSet:
        r = PayloadReader(payload, cls.kind, ("player", "before_round"))
        return cls(player=r.player_id("player"), before_round=r.optional_integer("before_round"))


@dataclass(frozen=True, slots=True)
class SuspensionSet(Event):
    """A player absent without notice is not paired until they report back (D art. 12)."""

    kind: ClassVar[str] = "suspension-set"
    player: PlayerId
    """Who is suspended or readmitted."""
    suspended: bool
    """True suspends; False readmits (the player reported back to the director)."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        self._player(s, self.player)
        others = tuple(p for p in s.suspended if p != self.player)
        if self.suspended == (self.player in s.suspended):
            raise self._fail("nothing to change")
        return replace(s, suspended=tuple(sorted(others + ((self.player,) if self.suspended else ()))))

    def describe(self) -> str:
        return f"{'suspend' if self.suspended else 'readmit'} {self.player!r}"

    def to_payload(self) -> dict[str, Any]:
        return {"player": self.player, "suspended": self.suspended}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> SuspensionSet:
        r = PayloadReader(payload, cls.kind, ("player", "suspended"))
        return cls(player=r.player_id("player"), suspended=r.boolean("suspended"))


@dataclass(frozen=True, slots=True)
class SeasonDatesSet(Event):
    """The season's start date and club weekday, from which every round without its own date is dated."""

    kind: ClassVar[str] = "season-dates-set"
    start_date: str | None
    """"2019-09-05", or None: no start date."""
    weekday: str | None
    """"thursday", or None: the start date's weekday."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        if (s.start_date, s.weekday) == (self.start_date, self.weekday):
            raise self._fail("nothing to change")
        return replace(s, start_date=self.start_date, weekday=self.weekday)

    def describe(self) -> str:
        return "set the season's start date and weekday"

    def to_payload(self) -> dict[str, Any]:
        return {"start_date": self.start_date, "weekday": self.weekday}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> SeasonDatesSet:
        r = PayloadReader(payload, cls.kind, ("start_date", "weekday"))
        return cls(start_date=r.optional_text("start_date"), weekday=r.optional_text("weekday"))


# New kinds go here, and each needs a schema version bump (schema.py), so that an older program
# refuses the file up front instead of failing on an event kind it does not know.
EVENT_TYPES: tuple[type[Event], ...] = (
    SeasonCreated, SettingsChanged, PlayerAdded, PlayerUpdated, PlayerMoved, WithdrawalSet,
    RoundAdded, RoundDateSet, EntrySet, PairingSaved, ResultSet, RoundRemoved, SuspensionSet, NoShow,
    ReportSet, SeasonDatesSet, ClassMovesSet, Published, *GROUP_EVENT_TYPES, ForecastKept, CheckedIn,
    ResultReported,
)
_BY_KIND: dict[str, type[Event]] = {t.kind: t for t in EVENT_TYPES}


def event_from_payload(kind: str, payload: Mapping[str, Any]) -> Event:
    """The event of a stored (kind, payload); InputError naming the field if it does not parse."""
    if kind not in _BY_KIND:
        raise InputError(kind, f"unknown event kind (known: {', '.join(_BY_KIND)})")
    return _BY_KIND[kind].from_payload(payload)


def fold(events: tuple[Event, ...] | list[Event], season: Season | None = None) -> Season:
    """The season after `events` in order, each checked with `apply`."""
    for event in events:
        season = event.apply(season)
    if season is None:
        raise KeizerError("no events: there is no season")
    return season
