"""Writing a site to its folder whole, and recording in the store what was published from which state."""

from __future__ import annotations

from pathlib import Path

from keizer.seasons.errors import KeizerError, StoreError
from keizer.seasons.forecasts import Forecast
from keizer.seasons.limits import check_site_cells
from keizer.seasons.model import Season
from keizer.evening.forecasts import Forecasts
from keizer.evening.publications import Publications
from keizer.evening.session import EveningSession
from keizer.web.site.build import build_site
from keizer.web.site.folder import HEAD_FILE, Say, check_site_folder, check_site_head, put_site

__all__ = ["HEAD_FILE", "check_publish", "check_site_size", "head_text", "publish", "site_folder", "write_site"]


def write_site(files: dict[str, str], folder: Path, say: Say = lambda _: None) -> None:
    """The site's files as the whole content of `folder`: built in a temp folder beside it, then swapped in,
    so a reader never sees half a site and pages of players no longer ranked do not linger. A folder that
    has other files and no marker is refused (`-o ~` must never empty a home); nothing keizer did not
    write is ever deleted, and what it leaves in place is told to `say` (`folder.put_site`)."""
    check_site_head(Path(folder), None)
    put_site(files, Path(folder), lambda: None, say)


def site_folder(store: Path | None) -> Path:
    """Where the TUI writes the site: a folder next to the store named after it ("club-site" for
    "club.keizer")."""
    if store is None:
        raise KeizerError("this season has no store file to write the site next to: use keizer publish -o DIR")
    return store.with_name(f"{store.stem}-site")


def publish(session: EveningSession, k: int, lang: str, folder: Path, style: str | None = None,
            forecast: Forecast | None = None, say: Say = lambda _: None) -> str:
    """The site after round k written to `folder`, and its record (the `published` event, one undo step)
    committed if the store did not change meanwhile; the action's label. Both or neither: the record is
    written only once the site is in place, and when it cannot be (the store changed meanwhile, is locked
    or read-only) the site that was there is put back, so a record always has its site. The site names the
    log's head of the state it shows (HEAD_FILE). `forecast` (after round k, made from the season as it
    stands): the forecast page, drawn with the forecasts kept before, and kept with the record. What is left in
    place beside the folder because keizer cannot tell it wrote it is told to `say`. The session
    alone, not the whole `Evening`: `keizer publish` then loads none of the evening's other services
    (docs/performance.md, publishing)."""
    folder = Path(folder)
    if session.readonly is not None:  # said before the folder is touched
        raise StoreError(f"{session.path}: the season store cannot be written ({session.readonly}); "
                         f"nothing was published")
    check_site_head(folder, session.store)  # a store rolled back never overwrites the head the site holds
    revision = session.revision  # first: the season read after it is at least this new (else: refused)
    season = session.season
    check_site_size(season, k)
    kept = Forecasts(session).with_kept(forecast) if forecast is not None else ()
    files = build_site(season, k, lang, style, kept)
    head = session.store.log_head(revision)
    if head is not None:
        files[HEAD_FILE] = head_text(head, k, lang)
    return put_site(files, folder, lambda: Publications(session).record(k, lang, revision, folder.name, forecast),
                    say)


def check_publish(season: Season, k: int, folder: Path, session: EveningSession | None = None) -> None:
    """Every refusal of `publish` (of `write_site`, without a session) that needs nothing made, in one line: a
    store that cannot be written, a site too large, a folder keizer would not replace, a site whose head the
    store does not hold. A shell calls it before a forecast's runs; `publish` and `write_site` make them again."""
    if session is not None and session.readonly is not None:
        raise StoreError(f"{session.path}: the season store cannot be written ({session.readonly}); "
                         f"nothing was published")
    check_site_size(season, k)
    check_site_folder(Path(folder))
    check_site_head(Path(folder), session.store if session is not None else None)


def check_site_size(season: Season, k: int) -> None:
    """KeizerError in one line, before anything is made, for a site larger than keizer writes in time."""
    check_site_cells(len(season.players), k)


def head_text(head: object, k: int, lang: str) -> str:
    """What HEAD_FILE says: the state of the store's log the pages were made from, and how to check a store
    against it later (docs/format.md "What a checksum tells")."""
    return (f"These pages show the standings after round {k} ({lang}), made by keizer publish from a season "
            f"store whose log then ended at this head:\n{head}\n"
            f"Check a season store against it: keizer validate SEASON.keizer --head {head}\n")
