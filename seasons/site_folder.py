"""A site's folder replaced whole: staged beside it, swapped in, swapped back if its record fails, and what a
killed run left tidied by the next; nothing keizer did not write is ever deleted."""

from __future__ import annotations

import ctypes
import errno
import fcntl
import glob
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from keizer.seasons.errors import KeizerError
from keizer.seasons.files import check_name, current_umask

T = TypeVar("T")

MARKER = ".keizer-site"
"""A file in every folder keizer writes a site to, listing the site's files: only such a folder (or an empty
one) is replaced, and of a folder keizer set aside only the files it lists are ever deleted."""
STAGING = ".keizer-tmp"
"""The end of the name of a site being written beside its folder (`.NAME.random.keizer-tmp`)."""
SET_ASIDE = ".keizer-old"
"""The end of the name of the site a new one replaced, until it is removed (`.NAME.random.keizer-old`)."""
_MARKER_HEAD = "A site written by keizer publish; the folder is replaced whole."


def put_site(files: dict[str, str], given: Path, record: Callable[[], T]) -> T:
    """The site's files as the whole content of the folder `given` (or of the folder it links to), and
    `record` called once they are in place: what it returns. Both or neither: when `record` fails the site
    that was there is put back (a new folder removed), and a kill at any moment leaves the old site or the
    new one in place, never half of one (the next run tidies what it left). Refused in one line: a file,
    a folder with files keizer did not write."""
    check_name(given, "a folder")
    folder = site_target(given)
    check_name(folder, "a folder")
    parent = folder.parent
    if not parent.is_dir():
        raise KeizerError(f"{given}: cannot write the site (no such folder: {parent})")
    with _one_at_a_time(parent):  # two publishes to one place wait for each other
        _tidy(folder)
        _check(folder, given)
        staged = _staged(files, folder, given)
        try:
            old = _swap_in(staged, folder, given)
        except BaseException:
            _remove_ours(staged)
            raise
        try:
            result = record()
        except BaseException:
            _swap_back(folder, old)
            raise
        if old is not None:
            _retire(old, folder)
        return result


def site_target(given: Path) -> Path:
    """The folder a site named `given` goes to: `given`, or where it links to (a link named by `-o` stays a
    link to the new site), made absolute so that its parent is a real folder."""
    path = Path(os.path.abspath(given))
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def listed_files(folder: Path) -> list[str] | None:
    """The files a site folder's marker lists (None: a marker from before it listed them)."""
    lines = (folder / MARKER).read_text(encoding="utf-8", errors="replace").splitlines()[1:]
    return lines or None


def _check(folder: Path, given: Path) -> None:
    if folder.exists() and not folder.is_dir():
        raise KeizerError(f"{given}: is a file; name a folder to write the site to")
    if not folder.is_dir():
        return
    if not (folder / MARKER).is_file():
        if any(folder.iterdir()):
            raise KeizerError(f"{given}: the folder has other files; name a new or empty folder (or one keizer "
                              f"wrote a site to)")
        return
    added = _added_since(folder)
    if added:  # a logo or a photo the director put beside the pages: replacing the folder would lose it
        more = f" and {len(added) - 1} more" if len(added) > 1 else ""
        raise KeizerError(f"{given}: the folder has a file keizer did not write ({added[0]}{more}); move it out or "
                          f"name another folder")


def _added_since(folder: Path) -> list[str]:
    """The files in a site folder that its marker does not list, sorted; none for a marker from before it
    listed its files (such a folder is replaced whole, as it was then)."""
    listed = listed_files(folder)
    if listed is None:
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


def _staged(files: dict[str, str], folder: Path, given: Path) -> Path:
    """The site written whole into a new folder beside `folder`, its marker first: a run killed while
    writing leaves a folder the next one knows as its own and empties of exactly what it wrote."""
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=STAGING, dir=folder.parent))
    except OSError as exc:
        raise KeizerError(f"{given}: cannot write the site ({exc.strerror})") from None
    try:
        os.chmod(tmp, 0o777 & ~current_umask())
        for name, text in {MARKER: _marker(files), **files}.items():
            path = tmp / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
    except BaseException as exc:
        _remove_ours(tmp)
        if isinstance(exc, OSError):
            raise KeizerError(f"{given}: cannot write the site ({exc.strerror or exc})") from None
        raise
    return tmp


def _marker(files: dict[str, str]) -> str:
    """The marker's text: what it is, then the files written, one a line (sorted: the same site, the same
    bytes), so that the next publish can tell a file added by hand from a page of its own."""
    return "\n".join((_MARKER_HEAD, *sorted(files))) + "\n"


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
            _remove_ours(folder)
        elif _exchange(old, folder):
            _remove_ours(old)
        else:
            aside = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=STAGING, dir=folder.parent))
            os.rename(folder, aside)
            os.rename(old, folder)
            _remove_ours(aside)
    except OSError:
        pass


def _retire(old: Path, folder: Path) -> None:
    """The replaced site removed, but for what keizer did not write there (a photo the director put in the
    folder while the site was being written): that goes into the new site's folder where the name is free,
    and else stays where it is, in the folder set aside."""
    _remove_ours(old)
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
    _remove_empty(old)


def _remove_ours(folder: Path) -> None:
    """The files keizer wrote into `folder` (those its marker lists, then the marker) and the folders left
    empty; anything else stays. A marker from before it listed the files: the folder goes whole, as then."""
    marker = folder / MARKER
    try:
        if marker.is_file() and not marker.is_symlink():
            listed = listed_files(folder)
            if listed is None:
                shutil.rmtree(folder, ignore_errors=True)
                return
            for name in listed:
                path = folder / name
                if ".." not in Path(name).parts and path.is_file() and not path.is_symlink():
                    path.unlink()
            marker.unlink()
    except OSError:
        pass
    _remove_empty(folder)


def _remove_empty(folder: Path) -> None:
    for top, _, _ in os.walk(folder, topdown=False):
        try:
            os.rmdir(top)
        except OSError:
            pass


def _tidy(folder: Path) -> None:
    """What a killed run left beside `folder`: its staged and set-aside folders emptied of what keizer wrote.
    Had it set the site aside and not yet given the new one its name (where the system cannot swap in one
    step), the site that was there is put back first: its record is the one in effect."""
    pattern = f".{glob.escape(folder.name)}.*"
    left = sorted(p for p in folder.parent.glob(pattern)
                  if p.name.endswith((STAGING, SET_ASIDE)) and p.is_dir() and not p.is_symlink())
    if not folder.exists() and not folder.is_symlink():
        aside = [p for p in left if p.name.endswith(SET_ASIDE) and (p / MARKER).is_file()]
        if aside:
            newest = max(aside, key=lambda p: (p / MARKER).stat().st_mtime)
            try:
                os.rename(newest, folder)
                left.remove(newest)
            except OSError:
                pass
    for path in left:
        _remove_ours(path)


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



def write_site(files: dict[str, str], folder: Path) -> None:
    """A site's files as the whole content of `folder`, with no record to keep (a season file's site):
    `put_site` with nothing to record."""
    put_site(files, Path(folder), lambda: None)
