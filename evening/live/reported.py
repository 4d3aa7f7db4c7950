"""What the boards of a round reported, read from the log's `result-reported` records: pure, the one reading of
them for the Results screen, the board's phone page and the director's news."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from keizer.seasons.model import PlayerId, Result, Season
from keizer.seasons.store.live_events import ResultReported


@dataclass(frozen=True, slots=True)
class BoardReport:
    """One board of a round: its game, the result entered, and what each of its players reported last."""

    round: int
    board: int
    white: PlayerId
    black: PlayerId
    entered: Result
    """The result the director entered (PENDING: none yet)."""
    by_white: Result | None
    by_black: Result | None
    at: str | None
    """When the last report came (UTC ISO): the director's to see, never a page's."""

    @property
    def disagree(self) -> bool:
        """Both players reported, and not the same: nothing is entered, the director decides."""
        return self.by_white is not None and self.by_black is not None and self.by_white is not self.by_black

    @property
    def reported(self) -> Result | None:
        """The result the reports say, when they say one (a single report, or two the same); None for none or
        two that differ."""
        if self.disagree:
            return None
        return self.by_white or self.by_black

    @property
    def agreed(self) -> bool:
        """Both players reported the same result."""
        return self.by_white is not None and self.by_white is self.by_black

    @property
    def waiting(self) -> bool:
        """Reported and not entered: the director has something to take (or to decide)."""
        return not self.entered.is_decided and (self.by_white is not None or self.by_black is not None)

    def by(self, side: str) -> Result | None:
        return self.by_white if side == "white" else self.by_black


@dataclass(frozen=True, slots=True)
class Made:
    """One report as the log holds it: the action that wrote it and when, the game, who reported what."""

    action: int
    at: str
    """When it was committed (UTC ISO, the action's time)."""
    white: PlayerId
    black: PlayerId
    by: str
    result: Result


Record = tuple[int, str, ResultReported]
"""(action id, when, event) as `SeasonStore.records_of` gives them."""


def board_reports(season: Season, k: int, records: Iterable[Record]) -> tuple[BoardReport, ...]:
    """Round k's boards with their reports: the newest per player counts; a report of a game no longer on the
    round (re-paired since) counts for nothing."""
    if not 1 <= k <= len(season.rounds):
        return ()
    latest: dict[tuple[PlayerId, PlayerId, str], tuple[Result, str]] = {}
    for _, at, event in records:
        if event.round == k:
            latest[(event.white, event.black, event.by)] = (event.result, at)
    out = []
    for board, game in enumerate(season.round(k).games, start=1):
        white = latest.get((game.white, game.black, "white"))
        black = latest.get((game.white, game.black, "black"))
        times = [r[1] for r in (white, black) if r is not None]
        out.append(BoardReport(k, board, game.white, game.black, game.result, white[0] if white else None,
                               black[0] if black else None, max(times) if times else None))
    return tuple(out)


def disagreeing(season: Season, records: Iterable[Record]) -> frozenset[tuple[int, PlayerId]]:
    """(round, white) of every game whose two reports differ while it has no result."""
    records = tuple(records)
    rounds = {event.round for _, _, event in records}
    return frozenset((b.round, b.white) for k in rounds for b in board_reports(season, k, records)
                     if b.disagree and not b.entered.is_decided)
