"""The events of a season's evenings: rounds listed and dated, entries, pairings, results."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Mapping

from keizer.seasons.errors import InputError
from keizer.seasons.model import AbsenceReport, EntryKind, Game, PlayerId, Result, Round, Season
from keizer.seasons.store.event_base import Event
from keizer.seasons.store.payload import (PayloadReader, entry_kind, frozen_copy, game_result_from_json, game_result_to_json,
                                   player_id)


@dataclass(frozen=True, slots=True)
class RoundAdded(Event):
    """The next round is listed (to be paired; entries may be set before it is paired)."""

    kind: ClassVar[str] = "round-added"
    number: int
    """Must be the number after the last round: the event says which round it means to add."""
    date: str | None = None
    """The evening, like "2019-09-12"."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        if self.number != len(s.rounds) + 1:
            raise self._fail(f"the next round is {len(s.rounds) + 1}")
        return s.with_round(Round(number=self.number, date=self.date))

    def describe(self) -> str:
        return f"add round {self.number}"

    def to_payload(self) -> dict[str, Any]:
        return {"number": self.number, "date": self.date}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> RoundAdded:
        r = PayloadReader(payload, cls.kind, ("number",), ("date",))
        return cls(number=r.integer("number"), date=r.optional_text("date"))


@dataclass(frozen=True, slots=True)
class RoundDateSet(Event):
    """A round's date set or corrected (rating submissions need the real dates)."""

    kind: ClassVar[str] = "round-date-set"
    number: int
    """The round."""
    date: str | None
    """The evening, like "2019-09-12"; None removes it."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        return s.with_round(replace(self._round(s, self.number), date=self.date))

    def describe(self) -> str:
        return f"set the date of round {self.number}"

    def to_payload(self) -> dict[str, Any]:
        return {"number": self.number, "date": self.date}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> RoundDateSet:
        r = PayloadReader(payload, cls.kind, ("number", "date"))
        return cls(number=r.integer("number"), date=r.optional_text("date"))


@dataclass(frozen=True, slots=True)
class EntrySet(Event):
    """What a player without a game does in a round (absent, duty, external, …), or None: no entry."""

    kind: ClassVar[str] = "entry-set"
    round: int
    """The round."""
    player: PlayerId
    """Whose entry."""
    entry: EntryKind | None
    """The entry; None removes it (present, to be paired)."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        rnd = self._round(s, self.round)
        self._player(s, self.player)
        game = rnd.game_of(self.player)
        if game is not None and self.entry is not None:
            raise self._fail(f"{self.player!r} has a game in round {self.round} "
                             f"({game.white}–{game.black}); re-pair the round or change that game first")
        return s.with_round(rnd.with_entry(self.player, self.entry))

    def describe(self) -> str:
        return f"entry of {self.player!r} in round {self.round}"

    def to_payload(self) -> dict[str, Any]:
        return {"round": self.round, "player": self.player,
                "entry": None if self.entry is None else self.entry.value}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> EntrySet:
        r = PayloadReader(payload, cls.kind, ("round", "player", "entry"))
        return cls(round=r.integer("round"), player=r.player_id("player"), entry=r.entry_kind("entry"))


@dataclass(frozen=True, slots=True)
class PairingSaved(Event):
    """A round's pairing: its games (results pending), its bye, and the entries of everyone else.

    The round's games and entries become exactly these (the caller passes on the absences it paired
    around), so re-pairing leaves nothing of an earlier pairing behind. Refused once the round has a
    decided result: a published pairing is never changed by later results, and re-pairing is allowed
    only before play.
    """

    kind: ClassVar[str] = "pairing-saved"
    round: int
    """The round (already listed)."""
    games: tuple[tuple[PlayerId, PlayerId], ...]
    """(white, black) in board order."""
    bye: PlayerId | None = None
    """The player with the bye (booked as entry `bye`)."""
    entries: tuple[tuple[PlayerId, EntryKind], ...] = ()
    """The entries of the others without a game (absent, duty, late, …)."""
    meta: dict[str, Any] = field(default_factory=dict, hash=False)
    """Free-form JSON about how the pairing was made (solver, objective, the ranking it used); kept in
    the log only, not in the season."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "games", tuple((PlayerId(w), PlayerId(b)) for w, b in self.games))
        object.__setattr__(self, "entries", tuple(sorted(self.entries, key=_by_player)))
        object.__setattr__(self, "meta", frozen_copy(self.meta, f"{self.kind}.meta"))

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        rnd = self._round(s, self.round)
        if rnd.has_results:
            raise self._fail(f"round {self.round} already has results; a pairing is changed only before play")
        if not self.games:
            raise self._fail("a pairing needs at least one game")
        seen: set[PlayerId] = set()
        placed = [p for g in self.games for p in g] + ([self.bye] if self.bye else [])
        placed += [pid for pid, _ in self.entries]
        for pid in placed:
            self._player(s, pid)
            if pid in seen:
                raise self._fail(f"{pid!r} is placed twice (in a game, as the bye or with an entry)")
            seen.add(pid)
        entries = self.entries + (((self.bye, EntryKind.BYE),) if self.bye else ())
        return s.with_round(replace(rnd, games=tuple(Game(white=w, black=b) for w, b in self.games),
                                    entries=tuple(sorted(entries, key=_by_player))))

    def describe(self) -> str:
        return f"pairing of round {self.round}"

    def to_payload(self) -> dict[str, Any]:
        return {"round": self.round, "games": [[w, b] for w, b in self.games], "bye": self.bye,
                "entries": {pid: kind.value for pid, kind in self.entries}, "meta": self.meta}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> PairingSaved:
        r = PayloadReader(payload, cls.kind, ("round", "games"), ("bye", "entries", "meta"))
        games_obj = r.raw("games")
        if not isinstance(games_obj, list):
            raise InputError(r.where("games"), "must be a list of [white, black]")
        games = []
        for i, pair in enumerate(games_obj):
            if not isinstance(pair, list) or len(pair) != 2:
                raise InputError(f"{r.where('games')}[{i}]", f"expected [white, black], got {pair!r}")
            games.append((player_id(pair[0], f"{r.where('games')}[{i}][0]"),
                          player_id(pair[1], f"{r.where('games')}[{i}][1]")))
        entries_obj = r.object("entries") if r.has("entries") else {}
        entries = tuple((player_id(pid, f"{r.where('entries')}.{pid}"),
                         entry_kind(kind, f"{r.where('entries')}.{pid}")) for pid, kind in entries_obj.items())
        return cls(round=r.integer("round"), games=tuple(games), bye=r.optional_player_id("bye"), entries=entries,
                   meta=r.object("meta") if r.has("meta") else {})


@dataclass(frozen=True, slots=True)
class ResultSet(Event):
    """The result of one game entered or corrected (PENDING clears it)."""

    kind: ClassVar[str] = "result-set"
    round: int
    """The round."""
    white: PlayerId
    """White in the game (the game is named by its players, as the pairing lists it)."""
    black: PlayerId
    """Black in the game."""
    result: Result
    """The new result."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        rnd = self._round(s, self.round)
        games = list(rnd.games)
        for i, g in enumerate(games):
            if g.white == self.white and g.black == self.black:
                games[i] = replace(g, result=self.result)
                return s.with_round(replace(rnd, games=tuple(games)))
        hint = ""
        if any(g.white == self.black and g.black == self.white for g in games):
            hint = f" (there is {self.black}–{self.white}: colours the other way round)"
        raise self._fail(f"round {self.round} has no game {self.white}–{self.black}{hint}")

    def describe(self) -> str:
        return f"result {self.result.value} of {self.white}–{self.black} in round {self.round}"

    def to_payload(self) -> dict[str, Any]:
        return game_result_to_json(self.round, self.white, self.black, self.result)

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> ResultSet:
        return cls(*game_result_from_json(payload, cls.kind))


@dataclass(frozen=True, slots=True)
class NoShow(Event):
    """D art. 11 as stores before stable boards wrote it: a player did not come without notice; the game
    left the round, the opponent was booked as bye and the absentee as unexcused. keizer now records a
    no-show as a forfeit on its board (a `result-set`); this event is still replayed for the stores that
    hold it."""

    kind: ClassVar[str] = "no-show"
    round: int
    """The round."""
    white: PlayerId
    """White in the game as paired."""
    black: PlayerId
    """Black in the game as paired."""
    absent: PlayerId
    """Who did not come: white or black."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        rnd = self._round(s, self.round)
        if self.absent not in (self.white, self.black):
            raise self._fail(f"{self.absent!r} does not play in {self.white}–{self.black}")
        games = [g for g in rnd.games if not (g.white == self.white and g.black == self.black)]
        if len(games) == len(rnd.games):
            raise self._fail(f"round {self.round} has no game {self.white}–{self.black}")
        if not games:
            raise self._fail(f"it is the only game of round {self.round}: a round keeps at least one game")
        present = self.black if self.absent == self.white else self.white
        entries = tuple(sorted(rnd.entries + ((present, EntryKind.BYE), (self.absent, EntryKind.UNEXCUSED)),
                               key=_by_player))
        return s.with_round(replace(rnd, games=tuple(games), entries=entries))

    def describe(self) -> str:
        return f"no-show of {self.absent} in {self.white}–{self.black}, round {self.round}"

    def to_payload(self) -> dict[str, Any]:
        return {"round": self.round, "white": self.white, "black": self.black, "absent": self.absent}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> NoShow:
        r = PayloadReader(payload, cls.kind, ("round", "white", "black", "absent"))
        return cls(round=r.integer("round"), white=r.player_id("white"), black=r.player_id("black"),
                   absent=r.player_id("absent"))


@dataclass(frozen=True, slots=True)
class RoundRemoved(Event):
    """The last round taken off the list (only while it has no results)."""

    kind: ClassVar[str] = "round-removed"
    number: int
    """Must be the last round."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        rnd = self._round(s, self.number)
        if self.number != len(s.rounds):
            raise self._fail(f"only the last round ({len(s.rounds)}) can be removed")
        if rnd.has_results:
            raise self._fail(f"round {self.number} has results")
        return replace(s, rounds=s.rounds[:-1])

    def describe(self) -> str:
        return f"remove round {self.number}"

    def to_payload(self) -> dict[str, Any]:
        return {"number": self.number}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> RoundRemoved:
        r = PayloadReader(payload, cls.kind, ("number",))
        return cls(number=r.integer("number"))


def _by_player(entry: tuple[PlayerId, EntryKind]) -> str:
    return entry[0]


@dataclass(frozen=True, slots=True)
class ReportSet(Event):
    """A player's absence report for a round, with its time (D art. 16), or its removal. The entry it is
    booked as (`seasons.absence.book_report`) is an EntrySet in the same action."""

    kind: ClassVar[str] = "report-set"
    round: int
    """The round reported for (it must be listed)."""
    player: PlayerId
    """Who reported."""
    at: str | None
    """When, local time "2019-09-11T19:30"; None removes the report."""
    force_majeure: str | None = None
    """The director's ruling on a late report, with its reason."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        rnd = self._round(s, self.round)
        self._player(s, self.player)
        if self.at is None and rnd.report_of(self.player) is None:
            raise self._fail("there is no report to remove")
        report = None if self.at is None else AbsenceReport(self.player, self.at, self.force_majeure)
        return s.with_round(rnd.with_report(self.player, report))

    def describe(self) -> str:
        return f"absence report of {self.player!r} for round {self.round}"

    def to_payload(self) -> dict[str, Any]:
        return {"round": self.round, "player": self.player, "at": self.at, "force_majeure": self.force_majeure}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> ReportSet:
        r = PayloadReader(payload, cls.kind, ("round", "player", "at"), ("force_majeure",))
        return cls(round=r.integer("round"), player=r.player_id("player"), at=r.optional_text("at"),
                   force_majeure=r.optional_text("force_majeure"))
