"""Writing a site to its folder whole, and recording in the store what was published from which state."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from keizer.seasons.errors import KeizerError
from keizer.seasons.forecasts import Forecast
from keizer.evening.forecasts import Forecasts
from keizer.evening.publications import Publications
from keizer.evening.session import EveningSession
from keizer.tui.publish.site import build_site

MARKER = ".keizer-site"
"""A file in every folder keizer writes a site to: only such a folder (or an empty one) is replaced."""


def write_site(files: dict[str, str], folder: Path) -> None:
    """The site's files as the whole content of `folder`: built in a temp folder beside it, then swapped in,
    so a reader never sees half a site and pages of players no longer ranked do not linger. A folder that
    has other files and no MARKER is refused (`-o ~` must never empty a home)."""
    _swap_in(_staged(files, Path(folder)), Path(folder))


def _staged(files: dict[str, str], folder: Path) -> Path:
    """The site written whole into a temp folder beside `folder` (checked first: see `write_site`); the
    temp folder, for `_swap_in` (or to be removed)."""
    if folder.exists() and not folder.is_dir():
        raise KeizerError(f"{folder}: is a file; name a folder to write the site to")
    if folder.is_dir() and any(folder.iterdir()) and not (folder / MARKER).exists():
        raise KeizerError(f"{folder}: the folder has other files; name a new or empty folder (or one keizer "
                          f"wrote a site to)")
    if (folder / MARKER).is_file():
        added = _added_since(folder)
        if added:  # a logo or a photo the director put beside the pages: replacing the folder would lose it
            more = f" and {len(added) - 1} more" if len(added) > 1 else ""
            raise KeizerError(f"{folder}: the folder has a file keizer did not write ({added[0]}{more}); move "
                              f"it out or name another folder")
    parent = folder.parent if str(folder.parent) else Path(".")
    if not parent.is_dir():
        raise KeizerError(f"{folder}: cannot write the site (no such folder: {parent})")
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=".keizer-tmp", dir=parent))
    except OSError as exc:
        raise KeizerError(f"{folder}: cannot write the site ({exc.strerror})") from None
    try:
        os.chmod(tmp, 0o777 & ~_umask())
        for name, text in {**files, MARKER: _marker(files)}.items():
            path = tmp / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise KeizerError(f"{folder}: cannot write the site ({exc.strerror or exc})") from None
    return tmp


def _swap_in(tmp: Path, folder: Path) -> None:
    """The staged site `tmp` given the name `folder`, the old site (if any) removed; `tmp` never lingers."""
    old = None
    try:
        if folder.exists():
            old = folder.with_name(f".{folder.name}.keizer-old")
            if old.exists():
                shutil.rmtree(old)
            folder.rename(old)
        tmp.rename(folder)
    except OSError as exc:
        raise KeizerError(f"{folder}: cannot write the site ({exc.strerror or exc})") from None
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
        if old is not None and old.exists():
            shutil.rmtree(old, ignore_errors=True)


_MARKER_HEAD = "A site written by keizer publish; the folder is replaced whole."


def _marker(files: dict[str, str]) -> str:
    """The marker's text: what it is, then the files written, one a line (sorted: the same site, the same
    bytes), so that the next publish can tell a file added by hand from a page of its own."""
    return "\n".join((_MARKER_HEAD, *sorted(files))) + "\n"


def _added_since(folder: Path) -> list[str]:
    """The files in a site folder that the marker does not list, sorted; none for a marker from before it
    listed its files (such a folder is replaced whole, as it was then)."""
    listed = (folder / MARKER).read_text(encoding="utf-8", errors="replace").splitlines()[1:]
    if not listed:
        return []
    known = {*listed, MARKER}
    found = []
    for top, dirs, names in os.walk(folder):
        dirs.sort()
        for name in names + [d for d in dirs if os.path.islink(os.path.join(top, d))]:
            relative = Path(top, name).relative_to(folder).as_posix()
            if relative not in known:
                found.append(relative)
    return sorted(found)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def site_folder(store: Path | None) -> Path:
    """Where the TUI writes the site: a folder next to the store named after it ("club-site" for
    "club.keizer")."""
    if store is None:
        raise KeizerError("this season has no store file to write the site next to: use keizer publish -o DIR")
    return store.with_name(f"{store.stem}-site")


def publish(session: EveningSession, k: int, lang: str, folder: Path, style: str | None = None,
            forecast: Forecast | None = None) -> str:
    """The site after round k written to `folder`, and its record (the `published` event, one undo step)
    committed if the store did not change meanwhile; the action's label. Both or neither: the site is
    staged beside `folder`, the record committed, and only then the site swapped in, so that a store that
    cannot be written (read-only, locked, changed meanwhile) leaves the folder as it was; a swap that
    fails takes the record back (an undo step). `forecast` (after round k, made from the season as it
    stands): the forecast page, drawn with the forecasts kept before, and kept with the record. The session
    alone, not the whole `Evening`: `keizer publish` then loads none of the evening's other services
    (docs/performance.md, publishing)."""
    folder = Path(folder)
    revision = session.revision
    kept = Forecasts(session).with_kept(forecast) if forecast is not None else ()
    tmp = _staged(build_site(session.season, k, lang, style, kept), folder)
    try:
        label = Publications(session).record(k, lang, revision, folder.name, forecast)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    try:
        _swap_in(tmp, folder)
    except KeizerError:
        session.undo(expect_head=session.revision)  # the evening's undo: the record goes, the files stay
        raise
    return label
