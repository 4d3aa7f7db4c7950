"""A season file (`keizer-season/1` JSON) opened the way a store is, read-only: the season it holds and
nothing else — no log, no history, no rankings kept, no publications — so one evening reads either."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from keizer.seasons.errors import StoreError
from keizer.seasons.load import load_season
from keizer.seasons.model import Season

if TYPE_CHECKING:
    from keizer.seasons.store.forecast_events import ForecastKept
    from keizer.seasons.store.log_rows import ActionInfo

CANNOT_CHANGE = "a season file is only read: import it into a season store to change it (keizer import)"
"""Why a season file refuses every write."""


class SeasonFile:
    """The read half of a season store over a season file or a season in memory: its revision is 0 for
    ever (nothing can change it), and every write is refused with `CANNOT_CHANGE`."""

    readonly = True
    written: int | None = None
    """No action of its own: a season file has no log."""
    tampered: str | None = None

    def __init__(self, season: Season, path: Path | None = None) -> None:
        self.path = path
        self._season = season

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> SeasonFile:
        """The season in a season file (`load_season`'s checks: KeizerError naming the file)."""
        return cls(load_season(path), Path(path))

    @property
    def season(self) -> Season:
        return self._season

    def head(self) -> int:
        return 0

    def last_change(self) -> int:
        return 0

    def history(self, after: int = 0) -> list[ActionInfo]:
        return []

    def records_of(self, kind: object, after: int = 0) -> tuple[()]:
        return ()

    def action_events(self, action_id: int) -> tuple[()]:
        return ()

    def live_passes(self, day: str) -> tuple[()]:
        return ()

    def live_guesses(self, day: str) -> tuple[()]:
        return ()

    def season_at(self, action_id: int) -> Season:
        return self._season

    def kept_ranking(self, fingerprint: str) -> tuple[str, ...] | None:
        return None

    def keep_ranking(self, fingerprint: str, ranking: tuple[str, ...]) -> bool:
        return False

    def publications(self) -> tuple[()]:
        return ()

    def forecasts(self) -> tuple[tuple[int, ForecastKept], ...]:
        return ()

    def suspension_action(self, player: str) -> tuple[()]:
        return ()

    def log_head(self, upto: int | None = None) -> None:
        return None

    def apply(self, label: str, *events: object, expect_head: int | None = None, exact: bool = False) -> Season:
        raise self._refused()

    def add_live_pass(self, k: int, day: str, digest: str, at: str) -> int:
        raise self._refused()

    def use_live_pass(self, pass_id: int, at: str) -> bool:
        raise self._refused()

    def end_live_passes(self, day: str, at: str) -> int:
        raise self._refused()

    def guessed_wrong(self, day: str, target: str, at: str) -> int:
        raise self._refused()

    def forgive_guesses(self, day: str, target: str) -> bool:
        raise self._refused()

    def undo(self, *, expect_head: int | None = None) -> str | None:
        raise self._refused()

    redo = undo

    def close(self) -> None:
        pass

    def _refused(self) -> StoreError:
        return StoreError(f"{self.path or 'this season'}: {CANNOT_CHANGE}")
