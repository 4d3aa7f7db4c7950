"""Which kind of file `keizer import` was given, told by its content (its name only where that is silent)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Literal

from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.files import read_head
from keizer.seasons.keizerforclubs.file import SQLITE_MAGIC, looks_like_kfc, looks_like_kfc_config
from keizer.seasons.player_list import parse_players
from keizer.seasons.spreadsheet.words import looks_like_games

Kind = Literal["season", "kfc", "kfc-config", "trf", "spreadsheet", "players"]
"""keizer's own season (a JSON file or a store), a KeizerForClubs tournament, KeizerForClubs' own settings
file, a TRF file, a spreadsheet of games (CSV), a plain player list."""
_TRF_LINE = re.compile(rb"(001|012|022|032|042|052|062|072|082|092|102|112|122|132|142|152|162|172|XXR|XXC) ")
"""A line TRF begins with: a player, a tournament record, JaVaFo's extensions."""
HEAD = 4096
"""Bytes looked at."""
LIST_SUFFIXES = (".csv", ".txt", ".tsv")
"""A player list is told by its content only under a name a list is saved with (any text reads as names)."""


def file_kind(path: str | os.PathLike[str]) -> Kind:
    """The kind of file `path` holds: an SQLite file with KeizerForClubs' tables (a tournament, or the
    program's settings file), a text whose lines start as TRF's do, a text whose first line is a games
    spreadsheet's header, a `.csv` or `.txt` text that reads as a player list, else keizer's season (a JSON file or a store).
    A file that says nothing (empty, or no line TRF would start with) goes by its name: `.trf`, `.s3db`,
    `.csv`, else a season file. A file that cannot be read is a season file here: its reader says why it
    cannot be read."""
    file = Path(path)
    try:
        head = read_head(file, "a season file", HEAD)
    except KeizerError:  # missing, a folder, a pipe: the season reader names it
        return "season"
    if head.startswith(SQLITE_MAGIC):
        return "kfc" if looks_like_kfc(file) else "kfc-config" if looks_like_kfc_config(file) else "season"
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    if text.startswith((b"{", b"[")):
        return "season"
    lines = re.split(rb"\r\n|\r|\n", text)
    if any(_TRF_LINE.match(line) for line in lines[:50]):
        return "trf"
    if lines and looks_like_games(lines[0].decode("utf-8", "replace")):
        return "spreadsheet"
    suffix = file.suffix.lower()
    if suffix in LIST_SUFFIXES and _player_list(lines, len(head) == HEAD):
        return "players"
    return ("trf" if suffix in (".trf", ".trfx") else "kfc" if suffix == ".s3db" else
            "spreadsheet" if suffix == ".csv" else "season")


def _player_list(lines: list[bytes], cut: bool) -> bool:
    """Whether the head reads as a plain player list (`Jan de Vries;1850`, one player a line); the last line
    left out when the head cut it."""
    whole = lines[:-1] if cut else lines
    text = b"\n".join(whole).decode("utf-8", "replace")
    if not text.strip():
        return False
    try:
        parse_players(text, "")
    except InputError:
        return False
    return True
