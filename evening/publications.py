"""What was published from which state: the `published` records and whether the data moved on since."""

from __future__ import annotations

from dataclasses import dataclass

from keizer.seasons.forecasts import Forecast
from keizer.seasons.model import Season
from keizer.seasons.store.forecast_events import ForecastKept
from keizer.seasons.store.published import Published
from keizer.evening.session import EveningSession


@dataclass(frozen=True, slots=True)
class LastPublished:
    """The newest publication in effect, compared with the season as it stands."""

    record: Published
    action: int
    """The store action that recorded it."""
    stale: bool
    """The season changed after the state it was made from (a result corrected afterwards): publish again."""

    def describe(self) -> str:
        """One line for the director."""
        r = self.record
        where = f"round {r.round} ({r.lang}) in {r.output}"
        return (f"published notice older than the data: {where} was made before later changes" if self.stale
                else f"published: {where}, up to date")


class Publications:
    """The records of `keizer publish` (and the TUI's Publish) in the store."""

    def __init__(self, session: EveningSession) -> None:
        self.session = session
        self._made_from: dict[int, Season] = {}

    def record(self, k: int, lang: str, revision: int, output: str, forecast: Forecast | None = None) -> str:
        """Record that the site after round k in `lang` was made from the store's state `revision` into the
        folder `output`, with the forecast its page shows kept (`forecast-kept`): one action, one undo step
        (undoing takes back the record, not the files). Refused (ChangedMeanwhile) when the store moved on
        while the site was made: the pages would claim a state they do not show."""
        label = f"publish round {k} ({lang}) to {output}" + (" with a forecast" if forecast is not None else "")
        kept = (ForecastKept(forecast, revision),) if forecast is not None else ()
        return self.session.commit(label, Published(k, lang, revision, output), *kept, expect_head=revision)

    def last(self) -> LastPublished | None:
        """The newest publication in effect, or None when nothing was published (or it was undone)."""
        found = self.session.store.publications()
        if not found:
            return None
        action, record = found[-1]
        if record.revision not in self._made_from:  # a state of the log never changes: read it once
            self._made_from[record.revision] = self.session.store.season_at(record.revision)
        return LastPublished(record, action, self._made_from[record.revision] != self.session.season)
