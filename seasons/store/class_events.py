"""The store event of D art. 5's class moves: a reading's moves accepted, changed or taken back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from keizer.seasons.classes import moves_from_json, reading_after, with_class_moves
from keizer.seasons.model import PlayerId, Season
from keizer.seasons.numbers import counted
from keizer.seasons.store.event_base import Event
from keizer.seasons.store.payload import PayloadReader


@dataclass(frozen=True, slots=True)
class ClassMovesSet(Event):
    """The class moves of one reading (after round 20, after the final round) as the director accepted them."""

    kind: ClassVar[str] = "class-moves-set"
    after_round: int
    """The round after which the class tables were read."""
    moves: tuple[tuple[PlayerId, str], ...] | None
    """(player, new class) sorted by player id, replacing what that reading had; None takes the reading back."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        current = reading_after(s, self.after_round)
        if self.moves is None and current is None:
            raise self._fail(f"no class moves were accepted after round {self.after_round}")
        if current is not None and self.moves is not None and current.moves == tuple(sorted(self.moves)):
            raise self._fail("nothing to change")
        for pid, _ in self.moves or ():
            self._player(s, pid)
        return with_class_moves(s, self.after_round, self.moves)

    def describe(self) -> str:
        if self.moves is None:
            return f"take back the class moves after round {self.after_round}"
        return f"accept {counted(len(self.moves), 'class move')} after round {self.after_round}"

    def to_payload(self) -> dict[str, Any]:
        moves = None if self.moves is None else {pid: klass for pid, klass in self.moves}
        return {"after_round": self.after_round, "moves": moves}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> ClassMovesSet:
        r = PayloadReader(payload, cls.kind, ("after_round", "moves"))
        raw = r.raw("moves")
        # Any player id is read here; `replay` checks each against the season.
        moves = None if raw is None else moves_from_json(raw, r.where("moves"), None)
        return cls(after_round=r.integer("after_round"), moves=moves)
