"""The store's SQLite file: telling a season store from any other file without changing it, connecting,
and the temp files that make creating and copying a store all-or-nothing."""

from __future__ import annotations

import fcntl
import os
import sqlite3
import tempfile
from pathlib import Path

from keizer.seasons.errors import KeizerError, StoreError
from keizer.seasons.files import current_umask, read_head
from keizer.seasons.store import schema

SQLITE_MAGIC = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""
DEFAULT_TIMEOUT = 10.0
"""Seconds a writer waits for another one to finish (SQLite's busy timeout)."""
TEMP_SUFFIX = ".keizer-tmp"
"""The end of the name of a store being built or copied (`.NAME.random.keizer-tmp`, in the same folder)."""


def check_header(file: Path) -> None:
    """StoreError unless `file` is a readable regular file that starts like an SQLite database."""
    try:
        header = read_head(file, "a season store", 100)  # never blocks on a pipe, refuses a device
    except KeizerError as exc:
        raise StoreError(str(exc)) from None
    if not header.startswith(SQLITE_MAGIC):
        raise StoreError(f"{file}: not a keizer season store (not an SQLite database)")
    if len(header) < 100:
        raise StoreError(f"{file}: damaged season store (cut off after {len(header)} bytes)")


def inspect(file: Path, timeout: float) -> int:
    """The schema version of the store in `file`, or StoreError: it is read, never written, so that a file
    that is not keizer's (or is damaged, or has a foreign trigger) is left exactly as it was."""
    try:
        conn = connect_for_reading(file, timeout)
    except sqlite3.Error as exc:
        raise StoreError(f"{file}: cannot open ({explain(exc)})") from exc
    try:
        conn.execute("PRAGMA query_only=ON")
        version = schema.stored_version(conn)
        problem = schema.quick_check(conn)
        if problem is not None:
            raise StoreError(f"{file}: damaged season store (SQLite integrity check: {problem}); restore a backup")
        shape = schema.shape_problem(conn, version)
        if shape is not None:
            raise StoreError(f"{file}: not a keizer season store as keizer wrote it ({shape}); restore a backup")
    except schema.NotAStore as exc:
        raise StoreError(f"{file}: {exc}") from None
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{file}: damaged or not a season store ({explain(exc)})") from None
    except UnicodeDecodeError:  # a name in SQLite's own schema table with bytes changed
        raise StoreError(f"{file}: damaged or not a season store (its schema holds text that is not "
                         f"UTF-8); restore a backup") from None
    finally:
        conn.close()
    return version


def open_store_file(file: Path, timeout: float, readonly: bool) -> tuple[sqlite3.Connection, int]:
    """A connection to the season store in `file` (`connect_for_reading` when `readonly`) and its schema
    version, once the file is told a store without being changed (`check_header`, `inspect`)."""
    check_header(file)
    version = inspect(file, timeout)
    try:
        conn = connect_for_reading(file, timeout) if readonly else connect(file, timeout, "rw")
    except sqlite3.Error as exc:
        raise StoreError(f"{file}: cannot open ({explain(exc)})") from exc
    return conn, version


def connect_for_reading(file: Path, timeout: float) -> sqlite3.Connection:
    """A connection that only reads (the caller sets query_only): read-write when no write-ahead log is
    there, since a read-only one leaves behind the -wal/-shm files it had to make, and one that closes
    last removes them; read-only when a log is there (a read-write one closing last would write it back
    into the file) or when the file cannot be opened for writing. In a folder that cannot be written,
    with no log or journal beside the file, it is read as immutable."""
    if side(file, "-wal").exists():
        return connect(file, timeout, "ro")
    if not os.access(file.parent, os.W_OK) and not side(file, "-journal").exists():
        # A store on a read-only stick or in someone else's folder: SQLite cannot make the -shm file it
        # reads a WAL store with ("attempt to write a readonly database", for a read). With no -wal or
        # -journal beside it the file holds every change, and here no writer of ours can start a log.
        return connect(file, timeout, "ro", immutable=True)
    try:
        return connect(file, timeout, "rw")
    except sqlite3.OperationalError:
        return connect(file, timeout, "ro")


def writable(file: Path) -> bool:
    """Whether this process may write the store in `file`: the file, and its folder (where SQLite makes the
    -wal and -shm files a write needs). A shared drive mounted read-only, or someone else's season."""
    return os.access(file, os.W_OK) and os.access(file.parent, os.W_OK)


def connect(file: Path, timeout: float, mode: str, immutable: bool = False) -> sqlite3.Connection:
    # A URI with a mode: opening never creates a missing file. The lock in SeasonStore makes sharing the
    # connection between threads safe.
    flags = f"mode={mode}" + ("&immutable=1" if immutable else "")
    return sqlite3.connect(f"{file.resolve().as_uri()}?{flags}", uri=True, isolation_level=None,
                           timeout=timeout, check_same_thread=False)


def set_pragmas(conn: sqlite3.Connection, file: Path) -> None:
    """A writing connection: WAL (readers go on while one writes), full fsync on commit, foreign keys."""
    mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
    if str(mode).lower() != "wal":
        raise StoreError(f"{file}: cannot use SQLite's write-ahead log here (journal mode {mode}); keep the season on "
                         f"a local disk")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")


CANNOT_WRITE = "the file or its folder cannot be written: check their permissions"
"""Where to look when a store cannot be written (SQLite's own words say nothing of it)."""


def explain(exc: sqlite3.Error) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if "locked" in text or "busy" in text:
        return f"another program is writing this season and did not finish in time ({text})"
    if "readonly database" in text:  # SQLite's words say nothing of where to look
        return f"{CANNOT_WRITE} ({text})"
    if text.startswith("Could not decode to UTF-8"):  # the message quotes the bad bytes: leave them out
        column = text.split("'")[1] if text.count("'") >= 2 else "?"
        return f"damaged season store (its column {column!r} holds text that is not UTF-8)"
    return text


def side(file: Path, suffix: str) -> Path:
    return file.with_name(file.name + suffix)


def fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class TempFile:
    """A temp file beside `target`, locked while this process builds it; `remove_stale` deletes the ones
    a killed process left (their lock went with the process), never one another process is building."""

    def __init__(self, target: Path) -> None:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX, dir=target.parent)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.fchmod(fd, 0o666 & ~current_umask())  # mkstemp makes it 0600: a store or a backup follows the umask
        except BaseException:
            os.close(fd)
            os.unlink(name)
            raise
        self.fd = fd
        """Held open (and locked) until `discard`."""
        self.path = Path(name)
        """The temp file."""

    def discard(self) -> None:
        """Remove the temp file and its SQLite side files (whatever is left of them), and unlock."""
        for leftover in (self.path, side(self.path, "-wal"), side(self.path, "-shm"), side(self.path, "-journal")):
            leftover.unlink(missing_ok=True)
        os.close(self.fd)


def remove_stale(target: Path) -> None:
    """Delete the temp files of `target` that no living process holds (a kill during create or backup)."""
    folder = target.parent if str(target.parent) else Path(".")
    try:
        names = [p for p in folder.glob(f".{target.name}.*{TEMP_SUFFIX}") if p.is_file()]
    except OSError:
        return
    for path in names:
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # another process is building it right now
            os.close(fd)
            continue
        try:
            for leftover in (path, side(path, "-wal"), side(path, "-shm"), side(path, "-journal")):
                leftover.unlink(missing_ok=True)
        finally:
            os.close(fd)
