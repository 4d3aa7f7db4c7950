"""Load a season from either of its files: a keizer-season/1 JSON file or a season store."""

from __future__ import annotations

import os
from pathlib import Path

from seasons.errors import KeizerError
from seasons.model import Season
from seasons.season_json import parse_season_text
from seasons.store.season_store import SQLITE_MAGIC, SeasonStore


def is_store_file(path: str | os.PathLike[str]) -> bool:
    """Whether `path` starts like an SQLite database (told by its first bytes, not by its name)."""
    try:
        with open(path, "rb") as f:
            return f.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


def load_season(path: str | os.PathLike[str]) -> Season:
    """The season in `path` (its current state, for a store); KeizerError naming the file otherwise."""
    file = Path(path)
    if not file.exists():
        raise KeizerError(f"{file}: no such file")
    if file.is_dir():
        raise KeizerError(f"{file}: is a folder, not a season file")
    if is_store_file(file):
        with SeasonStore.open(file) as store:
            return store.season
    return parse_season_text(read_text(file, "a season file"), source=str(file))


def read_text(path: str | os.PathLike[str], what: str) -> str:
    """A user's UTF-8 text file, or KeizerError naming it: missing, unreadable, or not text."""
    file = Path(path)
    try:
        return file.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise KeizerError(f"{file}: not {what} (not UTF-8 text: byte {exc.start})") from None
    except OSError as exc:
        raise KeizerError(f"{file}: cannot read ({exc.strerror})") from None
