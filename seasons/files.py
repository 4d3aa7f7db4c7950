"""Reading a user's file: only a regular file, never more than a bound, never blocking on a pipe."""

from __future__ import annotations

import os
import stat
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from keizer.seasons.errors import KeizerError
from keizer.seasons.limits import MAX_FILE_BYTES


def read_bytes(path: str | os.PathLike[str], what: str, limit: int | None = None, *, follow: bool = True) -> bytes:
    """The bytes of the regular file `path`, or KeizerError naming it: missing, a folder, a pipe or a
    device (`/dev/zero` never ends, a FIFO blocks), unreadable, or larger than `limit` bytes (default
    MAX_FILE_BYTES). `follow=False` refuses a symbolic link (another program's file is read as itself,
    never as whatever a link points to)."""
    file = Path(path)
    limit = MAX_FILE_BYTES if limit is None else limit
    with _regular(file, what, follow) as fd:
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    if size > limit:
        raise KeizerError(f"{file}: larger than {limit:,} bytes, too large for {what}")
    return b"".join(chunks)


def read_head(path: str | os.PathLike[str], what: str, size: int) -> bytes:
    """The first `size` bytes of the regular file `path` (fewer if it is shorter); KeizerError as
    `read_bytes` for a file that is missing or not a regular file."""
    with _regular(Path(path), what) as fd:
        return os.read(fd, size)


@contextmanager
def _regular(file: Path, what: str, follow: bool = True) -> Iterator[int]:
    # O_NONBLOCK: opening a FIFO with no writer would otherwise wait for ever, before fstat can refuse it.
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow else os.O_NOFOLLOW)
    try:
        fd = os.open(file, flags)
    except FileNotFoundError:
        raise KeizerError(f"{file}: no such file") from None
    except OSError as exc:
        if not follow and file.is_symlink():
            raise KeizerError(f"{file}: a symbolic link, not {what}: give the file itself") from None
        raise KeizerError(f"{file}: cannot read ({exc.strerror})") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise KeizerError(f"{file}: is a folder, not {what}")
        if not stat.S_ISREG(mode):
            raise KeizerError(f"{file}: not a regular file (a pipe or a device), not {what}")
        yield fd
    except OSError as exc:
        raise KeizerError(f"{file}: cannot read ({exc.strerror})") from None
    finally:
        os.close(fd)


def current_umask() -> int:
    """The process's umask: what a new file's mode leaves out."""
    try:  # Linux says it without changing it (setting it, below, races with other threads)
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


NAME_MAX = 255
"""The longest name (bytes) a file system allows when it does not say: Linux's and most others'."""
PATH_MAX = 4096
"""The longest path (bytes) the system takes when it does not say."""


def check_name(path: str | os.PathLike[str], what: str = "a file") -> None:
    """KeizerError in one line when a name in `path`, or the whole path, is longer than the file system
    allows: the system refuses it anyway ("File name too long"), from deep inside a write."""
    full = os.path.abspath(path)
    encoded = os.fsencode(full)
    folder = _nearest_folder(full)
    name_max, path_max = _limit(folder, "PC_NAME_MAX", NAME_MAX), _limit(folder, "PC_PATH_MAX", PATH_MAX)
    for part in Path(full).parts[1:]:
        size = len(os.fsencode(part))
        if size > name_max:
            raise KeizerError(f"{_short(part)}: cannot be the name of {what}: {size} bytes, longer than the file "
                              f"system allows ({name_max})")
    if len(encoded) >= path_max:
        raise KeizerError(f"{_short(full)}: cannot be the path of {what}: {len(encoded)} bytes, longer than the "
                          f"system allows ({path_max - 1})")


def regular_target(path: str | os.PathLike[str], what: str = "a file") -> Path:
    """Where a file that replaces `path` goes: `path`, or the file a symbolic link named points to (the link
    stays a link). KeizerError in one line when a name is too long (`check_name`) or when what is there is
    not a regular file (a folder, a pipe, a device, a socket): such a node is never replaced by a file."""
    check_name(path, what)
    target = Path(path)
    try:
        if target.is_symlink():
            target = Path(os.path.realpath(target))
            check_name(target, what)
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target
    except OSError as exc:
        raise KeizerError(f"{path}: cannot write {what} ({exc.strerror})") from None
    if stat.S_ISDIR(mode):
        raise KeizerError(f"{path}: is a folder; name a file to write")
    if not stat.S_ISREG(mode):
        raise KeizerError(f"{path}: not a regular file (a pipe, a device or a socket); keizer writes only over a "
                          f"file: name another")
    return target


def _nearest_folder(full: str) -> str:
    folder = os.path.dirname(full)
    while folder and not os.path.isdir(folder):
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return folder or "/"


def _limit(folder: str, name: str, default: int) -> int:
    try:
        return int(os.pathconf(folder, name))
    except (OSError, ValueError):
        return default


def _short(text: str) -> str:
    """A long name shortened for a one-line message."""
    return text if len(text) <= 60 else f"{text[:40]}…{text[-12:]}"
