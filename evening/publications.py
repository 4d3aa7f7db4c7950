"""Publishing: a site written into its folder and recorded in the store, both or neither; what was
published from which state (the `published` records) and whether the data moved on since."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from keizer.seasons.errors import KeizerError, StoreError
from keizer.seasons.forecasts import Forecast
from keizer.seasons.limits import check_site_cells
from keizer.seasons.model import Season
from keizer.seasons.site_folder import HEAD_FILE, Say, check_site_folder, check_site_head, put_site
from keizer.seasons.store.forecast_events import ForecastKept
from keizer.seasons.store.published import Published
from keizer.seasons.store.season_store import SeasonStore
from keizer.evening.session import A_SEASON_FILE, EveningSession

Build = Callable[[], dict[str, str]]
"""The site's files by relative path, made from the season as it stands (a shell's site builder, which reads
through the evening): called after the revision it will be recorded against is taken."""


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
    """Publishing a site (`keizer publish`, the TUI's Publish) and its records in the store."""

    def __init__(self, session: EveningSession) -> None:
        self.session = session
        self._made_from: dict[int, Season] = {}

    def check_size(self, k: int) -> None:
        """KeizerError in one line, before anything is made, for a site larger than keizer writes in time."""
        check_site_cells(len(self.session.season.players), k)

    def folder_beside_store(self) -> Path:
        """Where the TUI writes the site: a folder next to the store named after it ("club-site" for
        "club.keizer")."""
        if self.session.path is None:
            raise KeizerError("this season has no store file to write the site next to: use keizer publish -o DIR")
        return self.session.path.with_name(f"{self.session.path.stem}-site")

    def check(self, k: int, folder: Path) -> None:
        """Every refusal of `publish` that needs nothing made, in one line: a store that cannot be written, a
        site too large, a folder keizer would not replace, a site whose head the store does not hold. A shell
        calls it before a forecast's runs; `publish` makes them again."""
        self._check_writable()
        self.check_size(k)
        check_site_folder(Path(folder))
        check_site_head(Path(folder), self._store())

    def publish(self, k: int, lang: str, folder: Path, build: Build, forecast: Forecast | None = None,
                say: Say = lambda _: None) -> str | None:
        """The site after round k (`build`'s files) written to `folder`, and its record (the `published`
        event, one undo step) committed if the store did not change meanwhile; the action's label. Both or
        neither: the record is written only once the site is in place, and when it cannot be (the store
        changed meanwhile, is locked or read-only) the site that was there is put back, so a record always
        has its site. The site names the log's head of the state it shows (HEAD_FILE), and a store that does
        not hold the head the site there names (rolled back, another season's) is refused before anything is
        made. `forecast` (after round k, made from the season as it stands) is kept with the record. What is
        left in place because keizer cannot tell it wrote it is told to `say`. A season file keeps no record:
        its site is written alone (None)."""
        folder = Path(folder)
        self._check_writable()  # said before the folder is touched
        check_site_head(folder, self._store())  # a store rolled back never overwrites the head the site holds
        if self.session.readonly == A_SEASON_FILE:
            self.check_size(k)
            put_site(build(), folder, lambda: None, say)
            return None
        revision = self.session.revision  # first: the season read after it is at least this new (else: refused)
        self.check_size(k)
        files = build()
        head = self.session.store.log_head(revision)
        if head is not None:
            files[HEAD_FILE] = head_text(head, k, lang)
        return put_site(files, folder, lambda: self.record(k, lang, revision, folder.name, forecast), say)

    def _check_writable(self) -> None:
        """StoreError for a store that cannot be written (a season file writes its site alone, no record)."""
        if self.session.readonly not in (None, A_SEASON_FILE):
            raise StoreError(f"{self.session.path}: the season store cannot be written ({self.session.readonly}); "
                             f"nothing was published")

    def _store(self) -> SeasonStore | None:
        """The store whose log a site's head is checked against; None for a season file."""
        store = self.session.store
        return store if isinstance(store, SeasonStore) else None

    def record(self, k: int, lang: str, revision: int, output: str, forecast: Forecast | None = None) -> str:
        """Record that the site after round k in `lang` was made from the store's state `revision` into the
        folder `output`, with the forecast its page shows kept (`forecast-kept`): one action, one undo step
        (undoing takes back the record, not the files). Refused (ChangedMeanwhile) when the store moved on
        while the site was made: the pages would claim a state they do not show — also when all that came is
        a record (another publication, a check-in): the record names the log's head exactly (`exact`), and two
        sites made into one folder at once are told so rather than both recorded."""
        label = f"publish round {k} ({lang}) to {output}" + (" with a forecast" if forecast is not None else "")
        kept = (ForecastKept(forecast, revision),) if forecast is not None else ()
        return self.session.commit(label, Published(k, lang, revision, output), *kept, expect_head=revision,
                                   exact=True)

    def last(self) -> LastPublished | None:
        """The newest publication in effect, or None when nothing was published (or it was undone)."""
        found = self.session.store.publications()
        if not found:
            return None
        action, record = found[-1]
        if record.revision not in self._made_from:  # a state of the log never changes: read it once
            self._made_from[record.revision] = self.session.store.season_at(record.revision)
        return LastPublished(record, action, self._made_from[record.revision] != self.session.season)


def head_text(head: object, k: int, lang: str) -> str:
    """What HEAD_FILE says: the state of the store's log the pages were made from, and how to check a store
    against it later (docs/format.md "What a checksum tells")."""
    return (f"These pages show the standings after round {k} ({lang}), made by keizer publish from a season "
            f"store whose log then ended at this head:\n{head}\n"
            f"Check a season store against it: keizer validate SEASON.keizer --head {head}\n")
