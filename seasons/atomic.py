"""Write a file so that a crash leaves either the old or the new content, never a torn one."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from keizer.seasons.errors import KeizerError
from keizer.seasons.files import current_umask, read_head

_DATABASE = b"SQLite format 3\x00"
"""The first bytes of every SQLite file, a season store among them."""


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Temp file in the same folder, fsync, rename over the target, fsync the folder. The file keeps the
    mode of the one it replaces, or follows the umask; KeizerError naming it if it cannot be written
    (a folder, a missing folder, no permission) or if it is a season store."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise KeizerError(f"{target}: is a folder; name a file to write")
    if _is_database(target):  # `export s.keizer -o s.keizer`: text over the store would lose it, history and all
        raise KeizerError(f"{target}: is a season store; writing over it would lose the season and its history "
                          "(name another file)")
    if not folder.is_dir():
        raise KeizerError(f"{target}: cannot write the file (no such folder: {folder})")
    try:
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666 & ~current_umask()
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise KeizerError(f"{target}: cannot write the file ({exc.strerror})") from None
    try:
        os.fchmod(fd, mode)  # mkstemp makes it 0600
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise KeizerError(f"{target}: cannot write the file ({exc.strerror})") from None
        raise
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
