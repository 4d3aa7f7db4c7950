"""Making a store file whole or not at all: a new store and a backup are built in a temp file beside the
target, then given its name without ever overwriting a file."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from keizer.seasons.errors import KeizerError, StoreError
from keizer.seasons.files import check_name
from keizer.seasons.store import schema
from keizer.seasons.store.events import SeasonCreated
from keizer.seasons.store.log_rows import append_action
from keizer.seasons.store.sqlite_file import TempFile, connect, explain, fsync, remove_stale, set_pragmas, side


def build_store(file: Path, first: SeasonCreated, label: str, timeout: float, checked: bool = False,
                most_bytes: int | None = None) -> None:
    """Write a new store holding `first` to `file`; StoreError if `file` exists, or if leftover -wal/-shm
    files of another database are in the way. A kill leaves no `file` (the next call removes the temp)."""
    _check_name(file, "a season store")
    remove_stale(file)  # even when the name is taken: a kill after naming the file leaves its temp
    if file.exists() or file.is_symlink():
        raise StoreError(f"{file}: already exists (a new season store never overwrites a file)")
    for leftover in (side(file, "-wal"), side(file, "-shm")):
        if leftover.exists():  # SQLite would take a stranger's log for this new file's own
            raise StoreError(f"{file}: a leftover {leftover.name} is in the way; move it elsewhere first")
    try:
        temp = TempFile(file)
    except OSError as exc:
        raise StoreError(f"{file}: cannot create the file ({_why(file, exc)})") from None
    try:
        conn = connect(temp.path, timeout, "rw")
        try:
            set_pragmas(conn, temp.path)
            conn.execute("BEGIN IMMEDIATE")
            schema.migrate(conn, 0)
            version = schema.current_version()
            append_action(conn, label, "do", None, (first,), chained=version >= schema.CHAIN_VERSION,
                          marked=version >= schema.MARK_VERSION, read_back=not checked, most_bytes=most_bytes)
            conn.execute("COMMIT")
        finally:
            conn.close()  # the last connection: its log is written into the file and removed
        fsync(temp.path)
        publish(temp.path, file, "a new season store")
    except sqlite3.Error as exc:
        raise StoreError(f"{file}: cannot create the store ({explain(exc)})") from exc
    except OSError as exc:
        raise StoreError(f"{file}: cannot create the store ({exc.strerror})") from None
    finally:
        temp.discard()


def copy_store(conn: sqlite3.Connection, target: Path) -> None:
    """A consistent copy of the database behind `conn` at `target` (SQLite's online backup); never
    overwrites a file; a kill leaves no `target` (the next copy removes the temp)."""
    _check_name(target, "a backup")
    remove_stale(target)
    if target.exists() or target.is_symlink():
        raise StoreError(f"{target}: already exists (a backup never overwrites a file)")
    try:
        temp = TempFile(target)
    except OSError as exc:
        raise StoreError(f"{target}: cannot write the backup ({_why(target, exc)})") from None
    try:
        copy = sqlite3.connect(temp.path, isolation_level=None)
        try:
            conn.backup(copy)
        finally:
            copy.close()
        fsync(temp.path)
        publish(temp.path, target, "a backup")
    except OSError as exc:
        raise StoreError(f"{target}: cannot write the backup ({exc.strerror})") from None
    finally:
        temp.discard()


def publish(temp: Path, target: Path, what: str) -> None:
    """Give the finished temp file its name, never over an existing file (a hard link fails if the name
    is taken); where links are not allowed, a rename after a last look."""
    try:
        os.link(temp, target)
    except FileExistsError:
        raise StoreError(f"{target}: already exists ({what} never overwrites a file)") from None
    except OSError:
        if target.exists():
            raise StoreError(f"{target}: already exists ({what} never overwrites a file)") from None
        os.replace(temp, target)
    fsync(target.parent if str(target.parent) else Path("."))


def _check_name(file: Path, what: str) -> None:
    """StoreError in one line when the name is longer than the file system allows (`files.check_name`)."""
    try:
        check_name(file, what)
    except KeizerError as exc:
        raise StoreError(str(exc)) from None


def free_name(path: Path) -> Path:
    """`path`, or `path.1`, `path.2`, … : the first name not taken."""
    candidate, n = path, 1
    while candidate.exists():
        candidate, n = path.with_name(f"{path.name}.{n}"), n + 1
    return candidate


def _why(file: Path, exc: OSError) -> str:
    """Why a file could not be made beside `file`: the folder that is missing, as `export -o` says it
    (the system's "No such file or directory" does not say which), else the system's words."""
    folder = file.parent
    return f"no such folder: {folder}" if not folder.is_dir() else str(exc.strerror)
