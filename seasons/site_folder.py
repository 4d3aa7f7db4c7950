"""A site's folder replaced whole: staged beside it, swapped in, swapped back if its record fails, and what a
killed run left tidied by the next; nothing keizer did not write is ever deleted (`site_marker.py`: only what the
marker lists with its checksum, inside the folder, never through a link)."""

from __future__ import annotations

import ctypes
import errno
import fcntl
import glob
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from keizer.seasons.errors import KeizerError
from keizer.seasons.files import check_name, current_umask
from keizer.seasons.store.chain import LogHead
from keizer.seasons.site_marker import (LARGEST, MARKER, PART, entries, listed, marker_text, read_inside, remove_empty,
                                    remove_ours, strangers)

if TYPE_CHECKING:
    from keizer.seasons.store.season_store import SeasonStore

__all__ = ["HEAD_FILE", "MARKER", "SET_ASIDE", "STAGING", "check_site_folder", "check_site_head", "listed",
           "put_site", "site_head", "site_target", "write_site"]

T = TypeVar("T")

Say = Callable[[str], object]
"""Where a line for the user goes (what was left in place, and why)."""

STAGING = ".keizer-tmp"
"""The end of the name of a site being written beside its folder (`.NAME.random.keizer-tmp`)."""
SET_ASIDE = ".keizer-old"
"""The end of the name of the site a new one replaced, until it is removed (`.NAME.random.keizer-old`)."""
HEAD_FILE = "log-head.txt"
"""The file of a site published from a store that names the state of its log the pages show."""


def put_site(files: dict[str, str], given: Path, record: Callable[[], T], say: Say = lambda _: None) -> T:
    """The site's files as the whole content of the folder `given` (or of the folder it links to), and
    `record` called once they are in place: what it returns. Both or neither: when `record` fails the site
    that was there is put back (a new folder removed), and a kill at any moment leaves the old site or the
    new one in place, never half of one (the next run tidies what it left). Refused in one line: a file,
    a folder with files keizer cannot tell it wrote. What it leaves in place because it cannot tell it wrote
    it (in a folder a killed run left, or set aside) is told to `say`, one line each folder."""
    folder = _target(given)
    said: list[str] = []  # told once the site is in place: a refusal stays one line
    with _one_at_a_time(folder.parent):  # two publishes to one place wait for each other
        _tidy(folder, said.append)
        _check(folder, given)
        staged = _staged(files, folder, given)
        try:
            old = _swap_in(staged, folder, given)
        except BaseException:
            remove_ours(staged)
            raise
        try:
            result = record()
        except BaseException:
            _swap_back(folder, old)
            raise
        if old is not None:
            _retire(old, folder, said.append)
    for line in said:
        say(line)
    return result


def check_site_folder(given: Path) -> None:
    """The refusals `put_site` makes before it writes anything (a name no folder can have, no folder to put it
    in, a file, a folder with files keizer cannot tell it wrote), made early: a shell calls it before a
    forecast's runs. `put_site` makes them again, once it holds the folder."""
    _check(_target(given), given)


def _target(given: Path) -> Path:
    """The folder a site named `given` goes to (`site_target`), refused in one line where none can be."""
    check_name(given, "a folder")
    folder = site_target(given)
    check_name(folder, "a folder")
    if not folder.parent.is_dir():
        raise KeizerError(f"{given}: cannot write the site (no such folder: {folder.parent})")
    return folder


def site_head(given: Path) -> str | None:
    """The log head (`ACTION:DIGEST`) that the HEAD_FILE of the site in `given` names, read inside the folder
    without following a link; None when there is none (no site, a site of a season file, or of a keizer before
    the head was written)."""
    data = read_inside(site_target(given), (HEAD_FILE,), LARGEST)
    lines = data.decode("utf-8", "replace").splitlines() if data is not None else []
    return next((line.strip() for line in lines if (parsed := LogHead.parse(line)) and parsed[0] is not None), None)


def check_site_head(given: Path, store: SeasonStore | None) -> None:
    """Refused in one line, before anything is made: a store whose log does not hold the head the site in
    `given` was published from (its HEAD_FILE) — its newest actions removed and its head record set back,
    which the store alone cannot see, or another season's store: the site would replace the head kept outside
    it with the store's own. A season file (`store` None) over such a site too: it has no log to check."""
    kept = site_head(given)
    if kept is None:
        return
    if store is None:
        raise KeizerError(f"{given}: the site there was published from a season store ({HEAD_FILE}: {kept}), and "
                          f"a season file has no log to check it against; publish from that store, or to another "
                          f"folder")
    problem, _ = store.holds_head(kept)
    if problem is not None:
        raise KeizerError(f"{given}: the store does not hold the head the site there was published from "
                          f"({HEAD_FILE}: {kept}; the store's: {store.log_head()}): {problem}; nothing was "
                          f"published (a site of another season goes to another folder)")


def site_target(given: Path) -> Path:
    """The folder a site named `given` goes to: `given`, or where it links to (a link named by `-o` stays a
    link to the new site), made absolute so that its parent is a real folder."""
    path = Path(os.path.abspath(given))
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _check(folder: Path, given: Path) -> None:
    """Refused in one line, before anything is written: a file, a folder with files and no marker, and a site
    folder holding anything keizer cannot tell it wrote (`marker.strangers`): replacing it would delete it."""
    if folder.exists() and not folder.is_dir():
        raise KeizerError(f"{given}: is a file; name a folder to write the site to")
    if not folder.is_dir():
        return
    if listed(folder) is None:
        if any(folder.iterdir()):
            raise KeizerError(f"{given}: the folder has other files; name a new or empty folder (or one keizer "
                              f"wrote a site to)")
        return
    found = strangers(folder)
    if not found:
        return
    every = len(found.unlisted) + len(found.changed) + len(found.unproven)
    first = (found.unlisted or found.changed or found.unproven)[0]
    named = f"{first} and {every - 1} more" if every > 1 else first
    if found.unlisted:  # a logo or a photo the director put beside the pages, a link: replacing would lose it
        raise KeizerError(f"{given}: the folder has a file keizer did not write ({named}); move it out or name "
                          f"another folder")
    if found.changed:  # a page edited by hand is no longer the page keizer wrote
        raise KeizerError(f"{given}: the folder has a file changed since keizer wrote it ({named}); move it out or "
                          f"name another folder")
    raise KeizerError(f"{given}: keizer cannot tell it wrote the folder's files ({named}): its marker names no "
                      f"checksums (a site of a keizer before issue 30, or a marker it did not write); remove them "
                      f"or name another folder")


def _staged(files: dict[str, str], folder: Path, given: Path) -> Path:
    """The site written whole into a new folder beside `folder`, its marker first: a run killed while
    writing leaves a folder the next one knows as its own and empties of exactly what it wrote."""
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=STAGING, dir=folder.parent))
    except OSError as exc:
        raise KeizerError(f"{given}: cannot write the site ({exc.strerror})") from None
    try:
        os.chmod(tmp, 0o777 & ~current_umask())
        (tmp / MARKER).write_text(marker_text(files), encoding="utf-8", newline="\n")
        for name, text in files.items():  # each page whole under its name, or not there: its checksum holds
            path = tmp / name
            path.parent.mkdir(parents=True, exist_ok=True)
            (tmp / PART).write_text(text, encoding="utf-8", newline="\n")
            os.rename(tmp / PART, path)
    except BaseException as exc:
        remove_ours(tmp)
        if isinstance(exc, OSError):
            raise KeizerError(f"{given}: cannot write the site ({exc.strerror or exc})") from None
        raise
    return tmp


def _swap_in(staged: Path, folder: Path, given: Path) -> Path | None:
    """`staged` given the name `folder`; the site that was there (now under another name, to be retired or
    put back), None when there was none. In one step where the system can (Linux's rename exchange): a
    reader sees the old site or the new one, never no site."""
    try:
        if not folder.exists():
            os.rename(staged, folder)
            return None
        if _exchange(staged, folder):
            return staged  # the old site, under the staged name
        old = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=SET_ASIDE, dir=folder.parent))
        os.rename(folder, old)  # over the empty folder just made: a name nobody else holds
        os.rename(staged, folder)
        return old
    except OSError as exc:
        raise KeizerError(f"{given}: cannot write the site ({exc.strerror or exc})") from None


def _swap_back(folder: Path, old: Path | None) -> None:
    """The site that was there before `_swap_in` put back (none: the new folder removed): its record
    failed. Best effort: what a failure here leaves, the next run tidies."""
    try:
        if old is None:
            remove_ours(folder)
        elif _exchange(old, folder):
            remove_ours(old)
        else:
            aside = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=STAGING, dir=folder.parent))
            os.rename(folder, aside)
            os.rename(old, folder)
            remove_ours(aside)
    except OSError:
        pass


def _retire(old: Path, folder: Path, say: Say) -> None:
    """The replaced site removed, but for what keizer cannot tell it wrote there (a photo the director put in
    the folder while the site was being written, a page edited meanwhile): that goes into the new site's
    folder where the name is free, and else stays where it is, in the folder set aside (said)."""
    remove_ours(old)
    if not old.is_dir():
        return
    for top, dirs, names in os.walk(old, topdown=False):
        for name in names + [d for d in dirs if os.path.islink(os.path.join(top, d))]:
            source = Path(top, name)
            target = folder / source.relative_to(old)
            try:
                if not target.exists() and not target.is_symlink():
                    target.parent.mkdir(parents=True, exist_ok=True)
                    os.rename(source, target)
            except OSError:
                pass
    remove_empty(old)
    _say_kept(old, say)


def _say_kept(where: Path, say: Say) -> None:
    """One line, when a folder beside the site still holds something: what keizer left there, since it cannot
    tell it wrote it (`marker.remove_ours`)."""
    found = entries(where) if where.is_dir() and not where.is_symlink() else iter(())
    names = sorted((name for name, _ in found), key=lambda name: (name == MARKER, name))  # the user's files first
    if names:
        more = f" and {len(names) - 1} more" if len(names) > 1 else ""
        say(f"{where}: left in place, {names[0]}{more}: keizer cannot tell it wrote it; look at it and remove the "
            f"folder")


def _tidy(folder: Path, say: Say = lambda _: None) -> None:
    """What a killed run left beside `folder`: its staged and set-aside folders emptied of what keizer wrote.
    Had it set the site aside and not yet given the new one its name (where the system cannot swap in one
    step), the site that was there is put back first: its record is the one in effect (only a site its marker
    proves whole: anything else under such a name is never moved)."""
    pattern = f".{glob.escape(folder.name)}.*"
    left = sorted(p for p in folder.parent.glob(pattern)
                  if p.name.endswith((STAGING, SET_ASIDE)) and p.is_dir() and not p.is_symlink())
    if not folder.exists() and not folder.is_symlink():
        # only a site keizer can tell it wrote whole: a folder planted under such a name is not moved
        aside = [p for p in left if p.name.endswith(SET_ASIDE) and listed(p) is not None and not strangers(p)]
        if aside:
            newest = max(aside, key=lambda p: (p / MARKER).stat().st_mtime)
            try:
                os.rename(newest, folder)
                left.remove(newest)
            except OSError:
                pass
    for path in left:
        remove_ours(path)
        _say_kept(path, say)


@contextmanager
def _one_at_a_time(parent: Path) -> Iterator[None]:
    """An exclusive lock on the folder the site is in, for as long as a publish tidies, swaps and records
    there: a second publish waits (what it tidies is then only ever a killed run's). Where the file system
    has no locks, no wait."""
    try:
        fd = os.open(parent, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            pass
        yield
    finally:
        os.close(fd)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap the names of two folders in one step (Linux's renameat2 with RENAME_EXCHANGE); False where the
    system or the file system cannot, and nothing changed."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def write_site(files: dict[str, str], folder: Path, say: Say = lambda _: None) -> None:
    """A site's files as the whole content of `folder`, with no record to keep (a season file's site):
    `put_site` with nothing to record, refused over a site a store published (`check_site_head`)."""
    check_site_head(Path(folder), None)
    put_site(files, Path(folder), lambda: None, say)
