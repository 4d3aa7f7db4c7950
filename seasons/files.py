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
