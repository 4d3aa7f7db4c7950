"""An older store upgraded by its first write: a backup copy first, the migrations, where its chain starts."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from keizer.seasons.errors import StoreError
from keizer.seasons.store import schema
from keizer.seasons.store.building import copy_store, free_name
from keizer.seasons.store.sqlite_file import remove_stale
from keizer.seasons.store.timeline import LogError


TRIES = 100
"""Names a copy is tried under when other processes upgrading the same store at once take them first."""


def keep_backup(conn: sqlite3.Connection, path: Path, before: int) -> None:
    """A copy of the store at schema `before`, beside it (`NAME.schema-N.backup`, or `.1`, `.2`, … when
    that name is taken), made before anything of it changes. Another process upgrading the same store at once
    may take the name between the look and the copy: the next free one is taken then (each keeps its copy)."""
    backup = path.with_name(f"{path.name}.schema-{before}.backup")
    remove_stale(backup)  # what a kill during an earlier upgrade's backup left
    for _ in range(TRIES):
        name = free_name(backup)
        try:
            copy_store(conn, name)
            return
        except StoreError:
            if not name.exists():  # not the race for the name: the copy itself failed
                raise
    raise StoreError(f"{path}: cannot keep a copy before the upgrade ({TRIES} names beside it were taken at once)")


def migrate_stored(conn: sqlite3.Connection) -> None:
    """The migrations from the schema the file has now (another process may have migrated it since it
    was opened); inside the caller's write transaction, so that they all happen or none."""
    again = schema.stored_version(conn)
    if again < schema.current_version():
        schema.migrate(conn, again)


def upgrade_failed(path: Path, before: int, exc: Exception) -> StoreError:
    """Why the migrations did not happen (they were rolled back whole)."""
    return StoreError(f"{path}: cannot upgrade the store from schema {before} to {schema.current_version()} "
                      f"({exc}); the file is unchanged")


def head_digest(conn: sqlite3.Connection, head: int) -> str:
    """The checksum the migration gave action `head`, the newest: a log folded before it had a chain is
    checked from there on."""
    row = conn.execute("SELECT digest FROM chain WHERE action_id = ?", (head,)).fetchone()
    if row is None or not isinstance(row[0], str):
        raise LogError(f"action {head} has no checksum after the upgrade")
    return row[0]
