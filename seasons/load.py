"""Load a season from either of its files: a keizer-season/1 JSON file or a season store."""

from __future__ import annotations

import os
from pathlib import Path

from keizer.seasons.errors import KeizerError
from keizer.seasons.files import read_bytes, read_head
from keizer.seasons.model import Season
from keizer.seasons.season_json.read import parse_season_text
from keizer.seasons.store.sqlite_file import SQLITE_MAGIC


def is_store_file(path: str | os.PathLike[str]) -> bool:
    """Whether `path` is a regular file that starts like an SQLite database (told by its first bytes,
    not by its name); never blocks on a pipe."""
    try:
        return read_head(path, "a season file", len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except KeizerError:
        return False


def require_store_file(path: str | os.PathLike[str], otherwise: str) -> None:
    """KeizerError unless `path` is a regular file that starts like an SQLite database: a missing file, a
    folder or an empty file said as such, any other file with `otherwise` (what the command needs)."""
    head = read_head(path, "a season store", len(SQLITE_MAGIC))  # names a missing file, a folder, a pipe
    if not head:
        raise KeizerError(f"{path}: an empty file, no season in it")
    if head != SQLITE_MAGIC:
        raise KeizerError(f"{path}: {otherwise}")


def load_season(path: str | os.PathLike[str]) -> Season:
    """The season in `path` (its current state, for a store, opened read-only: nothing in the file
    changes); KeizerError naming the file otherwise."""
    file = Path(path)
    head = read_head(file, "a season file", len(SQLITE_MAGIC))  # missing, a folder, a pipe: refused here
    if head == SQLITE_MAGIC:
        from keizer.seasons.store.season_store import SeasonStore  # the store's modules: not for a JSON file

        with SeasonStore.open(file, readonly=True) as store:
            return store.season
    text = read_text(file, "a season file")
    if not text.strip():  # a store cut to nothing by a full disk, or a file saved empty: not "invalid JSON"
        raise KeizerError(f"{file}: {'only white space' if text else 'an empty file'}, no season in it")
    return parse_season_text(text, source=str(file))


def read_text(path: str | os.PathLike[str], what: str) -> str:
    """A user's UTF-8 text file without a leading byte order mark (some editors write one; it would end
    up in the first name of a list), or KeizerError naming it: missing, not a regular file, too large,
    unreadable, or not text."""
    file = Path(path)
    data = read_bytes(file, what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise KeizerError(f"{file}: not {what} (not UTF-8 text: byte {exc.start})") from None
