"""The `published` event: what was published from which state of the log (not a change of the season)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from keizer.seasons.model import Season
from keizer.seasons.numbers import counted
from keizer.seasons.store.event_base import Event
from keizer.seasons.store.payload import PayloadReader


@dataclass(frozen=True, slots=True)
class Published(Event):
    """A site (or notice) was made of the standings after `round` from the state `revision` of the log.
    The season does not change: the record is there so that the director can be told when the data moved
    on after publishing (a result corrected afterwards)."""

    kind: ClassVar[str] = "published"
    record: ClassVar[bool] = True
    round: int
    """The round whose standings were published (0: the starting ranking)."""
    lang: str
    """The language it was published in: "nl" or "en"."""
    revision: int
    """The store's newest action (`SeasonStore.head()`) the pages were made from."""
    output: str
    """The name of the folder written (its name only, no path: a store moves between machines)."""

    def replay(self, season: Season | None) -> Season:
        s = self._season(season)
        if not 0 <= self.round <= len(s.rounds):
            raise self._fail(f"round {self.round} does not exist (the season has {counted(len(s.rounds), 'round')})")
        return s

    def describe(self) -> str:
        return f"publish round {self.round} ({self.lang})"

    def to_payload(self) -> dict[str, Any]:
        return {"round": self.round, "lang": self.lang, "revision": self.revision, "output": self.output}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Published:
        r = PayloadReader(payload, cls.kind, ("round", "lang", "revision", "output"))
        return cls(round=r.integer("round", 0), lang=r.text("lang"), revision=r.integer("revision"),
                   output=r.text("output"))
