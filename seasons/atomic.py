"""Write a file so that a crash leaves either the old or the new content, never a torn one."""

from __future__ import annotations

import fcntl
import glob
import os
import re
import stat
import tempfile
from pathlib import Path

from keizer.seasons.errors import KeizerError
from keizer.seasons.files import current_umask, read_head, regular_target

_DATABASE = b"SQLite format 3\x00"
"""The first bytes of every SQLite file, a season store among them."""
TEMP_SUFFIX = ".tmp"
"""The end of the name of a file being written beside its target (`.NAME.random.tmp`)."""


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Temp file in the same folder, fsync, rename over the target, fsync the folder. The file keeps the
    mode of the one it replaces, or follows the umask; KeizerError naming it if it cannot be written
    (a folder, a missing folder, no permission) or if it is a season store."""
    shown = Path(path)
    target = regular_target(path)  # a link followed; a folder, a pipe or a device refused, never replaced
    folder = target.parent if str(target.parent) else Path(".")
    remove_stale(target)  # what a killed write left beside it
    if _is_database(target):  # `export s.keizer -o s.keizer`: text over the store would lose it, history and all
        raise KeizerError(f"{shown}: is a season store; writing over it would lose the season and its history "
                          "(name another file)")
    if not folder.is_dir():
        raise KeizerError(f"{shown}: cannot write the file (no such folder: {folder})")
    try:
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666 & ~current_umask()
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=folder)
    except OSError as exc:
        raise KeizerError(f"{shown}: cannot write the file ({exc.strerror})") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # held until it has its name: the next write knows it is no leftover
        os.fchmod(fd, mode)  # mkstemp makes it 0600
        data = text.encode("utf-8")
        written = 0
        while written < len(data):
            written += os.write(fd, data[written:])
        os.fsync(fd)
        os.replace(tmp, target)
    except BaseException as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise KeizerError(f"{shown}: cannot write the file ({exc.strerror})") from None
        raise
    finally:
        os.close(fd)
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def _is_database(target: Path) -> bool:
    """Whether `target` is an existing regular file that starts like an SQLite database."""
    try:
        return target.is_file() and read_head(target, "a file", len(_DATABASE)) == _DATABASE
    except KeizerError:
        return False


def remove_stale(target: Path) -> None:
    """The temp files of writes to `target` that a kill left (`.NAME.random.tmp`), those no living write
    holds: each write holds a lock on its own until it renames it."""
    folder = target.parent if str(target.parent) else Path(".")
    ours = re.compile(rf"\.{re.escape(target.name)}\.[a-z0-9_]{{8}}{re.escape(TEMP_SUFFIX)}")  # as mkstemp names
    try:
        left = [p for p in folder.glob(f".{glob.escape(target.name)}.*{TEMP_SUFFIX}")
                if ours.fullmatch(p.name) and p.is_file() and not p.is_symlink()]
    except OSError:
        return
    for path in left:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            path.unlink()
        except OSError:  # another process is writing it right now
            pass
        finally:
            os.close(fd)
