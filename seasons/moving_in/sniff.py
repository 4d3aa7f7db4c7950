"""Which kind of file `keizer import` was given, told by its content (its name only where that is silent)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Literal

from keizer.seasons.errors import KeizerError
from keizer.seasons.files import read_head
from keizer.seasons.keizerforclubs.file import SQLITE_MAGIC, looks_like_kfc

Kind = Literal["season", "kfc", "trf"]
"""keizer's own season (a JSON file or a store), a KeizerForClubs tournament, a TRF file."""
_TRF_LINE = re.compile(rb"(001|012|022|032|042|052|062|072|082|092|102|112|122|132|142|152|162|172|XXR|XXC) ")
"""A line TRF begins with: a player, a tournament record, JaVaFo's extensions."""
HEAD = 4096
"""Bytes looked at."""


def file_kind(path: str | os.PathLike[str]) -> Kind:
    """The kind of file `path` holds: an SQLite file with KeizerForClubs' tables, a text whose lines start
    as TRF's do, else keizer's season (a JSON file or a store). A file that says nothing (empty, or no
    line TRF would start with) goes by its name: `.trf`, `.s3db`, else a season file. A file that cannot
    be read is a season file here: its reader says why it cannot be read."""
    file = Path(path)
    try:
        head = read_head(file, "a season file", HEAD)
    except KeizerError:  # missing, a folder, a pipe: the season reader names it
        return "season"
    if head.startswith(SQLITE_MAGIC):
        return "kfc" if looks_like_kfc(file) else "season"
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    if text.startswith((b"{", b"[")):
        return "season"
    if any(_TRF_LINE.match(line.lstrip(b"\r")) for line in text.split(b"\n")[:50]):
        return "trf"
    suffix = file.suffix.lower()
    return "trf" if suffix in (".trf", ".trfx") else "kfc" if suffix == ".s3db" else "season"
