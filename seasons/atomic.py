"""Write a file so that a crash leaves either the old or the new content, never a torn one."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from seasons.errors import KeizerError
from seasons.files import current_umask


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Temp file in the same folder, fsync, rename over the target, fsync the folder. The file keeps the
    mode of the one it replaces, or follows the umask; KeizerError naming it if it cannot be written
    (a folder, a missing folder, no permission)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise KeizerError(f"{target}: is a folder; name a file to write")
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
