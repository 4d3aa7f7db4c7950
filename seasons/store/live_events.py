"""The live evening's records: a member checked in at the door, a result reported from a board (schema 14).

Both are records, like `published`: they change nothing in the season (a check-in that changes an entry
carries an `entry-set` beside it, a report the director takes is a `result-set` of its own), so undo and
redo pass them by and a write checked against an older state of the log is not refused for them alone
(`write_checks.check_head`). They are not exported: the season file holds the season's facts, and an
arrival or a report is how the evening came to them (docs/live.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Mapping

from keizer.seasons.errors import InputError
from keizer.seasons.model import PlayerId, Result, Season
from keizer.seasons.store.event_base import Event
from keizer.seasons.store.payload import PayloadReader

REPORTABLE = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)
"""What a board may report: a game played. A forfeit and a no-show are the director's (D art. 11)."""

Side = Literal["white", "black"]


@dataclass(frozen=True, slots=True)
class CheckedIn(Event):
    """A member said at the door that they are here for round `round` (the action's time is when)."""

    kind: ClassVar[str] = "checked-in"
    record: ClassVar[bool] = True
    round: int
    """Tonight's round: one already listed, or the next one (listed when it is paired)."""
    player: PlayerId

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        self._player(s, self.player)
        if not 1 <= self.round <= len(s.rounds) + 1:
            raise self._fail(f"round {self.round} is neither a round of the season nor the next one")
        return s

    def apply(self, season: Season | None) -> Season:
        return self.replay(season)  # the season does not change: nothing to check again

    def describe(self) -> str:
        return f"check-in of {self.player!r} for round {self.round}"

    def to_payload(self) -> dict[str, Any]:
        return {"round": self.round, "player": self.player}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> CheckedIn:
        r = PayloadReader(payload, cls.kind, ("round", "player"))
        return cls(round=r.integer("round"), player=r.player_id("player"))


@dataclass(frozen=True, slots=True)
class ResultReported(Event):
    """One player of a game reported its result from the board (`by`: which of the two). Not a result: the
    director takes it, or — where the ruleset's `reported_results` is "agreed" — the second report that says
    the same enters it in the same action."""

    kind: ClassVar[str] = "result-reported"
    record: ClassVar[bool] = True
    round: int
    white: PlayerId
    """The game is named by its players, as a result is (`result-set`): a board number moves in a re-pairing."""
    black: PlayerId
    by: Side
    """Who reported: the player with white or the one with black."""
    result: Result
    """One of REPORTABLE."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        rnd = self._round(s, self.round)
        if not any(g.white == self.white and g.black == self.black for g in rnd.games):
            raise self._fail(f"round {self.round} has no game {self.white}–{self.black}")
        if self.by not in ("white", "black"):
            raise self._fail(f"reported by {self.by!r}: white or black")
        if self.result not in REPORTABLE:
            raise self._fail(f"{self.result.value} cannot be reported from a board (1-0, 1/2-1/2 or 0-1)")
        return s

    def apply(self, season: Season | None) -> Season:
        return self.replay(season)

    def describe(self) -> str:
        return f"report of {self.white}–{self.black} in round {self.round}"

    def to_payload(self) -> dict[str, Any]:
        return {"round": self.round, "white": self.white, "black": self.black, "by": self.by,
                "result": self.result.value}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> ResultReported:
        r = PayloadReader(payload, cls.kind, ("round", "white", "black", "by", "result"))
        by = r.text("by")
        if by not in ("white", "black"):
            raise InputError(r.where("by"), f"expected white or black, got {by!r}")
        return cls(round=r.integer("round"), white=r.player_id("white"), black=r.player_id("black"),
                   by="white" if by == "white" else "black", result=r.result("result"))
