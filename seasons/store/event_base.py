"""The base of every event: a frozen fact with a pure step from one season to the next."""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.model import Player, PlayerId, Round, Season
from keizer.seasons.numbers import counted
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.season_json.write import season_to_json


class Event:
    """One fact of a season's history. Subclasses are frozen dataclasses with a `kind` string.

    `replay` makes the change with the event's own checks (does the round exist, is the game there);
    `apply` also checks that the result is still a valid season. The store applies new events with
    `apply`; folding its log, whose events were each applied to exactly the same state when written,
    needs only `replay`.
    """

    __slots__ = ()
    kind: ClassVar[str] = ""
    record: ClassVar[bool] = False
    """A record of something done beside the season (`published`, a check-in, a report): it changes nothing in
    the season, so an action of records alone is passed by undo and redo (`Timeline.records`)."""

    def replay(self, season: Season | None) -> Season:
        raise NotImplementedError

    def apply(self, season: Season | None) -> Season:
        """The season after this event, or KeizerError saying why the event does not fit."""
        after = self.replay(season)
        try:  # the season file's validation is the one definition of a valid season
            season_from_json(season_to_json(after))
        except InputError as exc:
            raise KeizerError(f"{self.describe()}: the season would become invalid: {exc}") from None
        return after

    def describe(self) -> str:
        """A few words naming the change, for error messages."""
        raise NotImplementedError

    def to_payload(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Event:
        raise NotImplementedError

    # Helpers for the subclasses' checks.
    def _fail(self, message: str) -> KeizerError:
        return KeizerError(f"{self.describe()}: {message}")

    def _season(self, season: Season | None) -> Season:
        if season is None:
            raise self._fail("there is no season yet (the log must start with the season's creation)")
        return season

    def _round(self, season: Season, number: int) -> Round:
        if not 1 <= number <= len(season.rounds):
            raise self._fail(f"round {number} does not exist (the season has {counted(len(season.rounds), 'round')})")
        return season.round(number)

    def _player(self, season: Season, pid: PlayerId) -> Player:
        if not season.has_player(pid):
            raise self._fail(f"unknown player {pid!r}")
        return season.player(pid)
