"""A KeizerForClubs tournament file (`.s3db`, SQLite) read as data: a copy in memory, its shape checked
first, every count and text bounded, nothing in it ever run (docs/format.md "Moving in")."""

from __future__ import annotations

import os
import re
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from keizer.seasons.errors import KeizerError
from keizer.seasons.files import read_bytes
from keizer.seasons.limits import MAX_NAME, MAX_TEXT, describe

SQLITE_MAGIC = b"SQLite format 3\x00"
MAX_BYTES = 32 * 1024 * 1024
"""A tournament file larger than this is refused unread (KeizerForClubs' own are a few dozen kilobytes)."""
MAX_PLAYERS = 1000
"""Rows of `Player` (KeizerForClubs itself handles 100)."""
MAX_PAIRINGS = 200_000
"""Rows of `Pairing`."""
MAX_SETTINGS = 1000
"""Rows of `ConfigTab`, and objects in the schema."""
MAX_VALUE_BYTES = 1 << 20
"""SQLite's length limit on the copy: a longer text or blob is an error, never a megabyte-long name."""
SECONDS = 10.0
"""The most SQLite may work on one file."""

COLUMNS = {  # table -> (columns read, columns known and left alone); SQLite compares names without case
    "player": (("id", "name", "rating", "state", "keizer_sumpts"),
               ("rank", "keizer_startpts", "ratingwdelta", "keizer_prevpts", "categories")),
    "pairing": (("rnd", "board", "pid_w", "pid_b", "result"), ("pts_w", "pts_b")),
    "configtab": (("cfgkey", "cfgtext", "cfgvalue"), ()),
    "langtext": (("code", "topic", "key", "text"), ()),
}
"""The tables the program makes (src/cSqliteInterface.cs `OpenTournament`), and the screens' texts of its own
settings file."""
TOURNAMENT = (("player", "pairing"), ("configtab",))
"""(tables a tournament has, tables it may have): `ConfigTab` only since March 2023 (until then the settings
were the program's own, in `cfg/KeizerForClubs.config.s3db`)."""
CONFIG = (("configtab",), ("langtext",))
"""The program's own settings file, `cfg/KeizerForClubs.config.s3db`: its settings and its screens' texts."""
_STORED_TABLE = re.compile(r"t(Stand|Kreuz|Spieler|Paarungen)_[0-9]{1,4}", re.IGNORECASE)
"""The tables KeizerForClubs keeps of the lists it printed (`WriteTableWHeaders2Db`): not read."""
_SQLITE_OWN = {"sqlite_sequence", "sqlite_stat1", "sqlite_stat2", "sqlite_stat3", "sqlite_stat4"}


@dataclass(frozen=True, slots=True)
class KfcPlayer:
    id: int
    name: str
    rating: int
    state: int
    stored_total: float | None
    """`Keizer_SumPts`: the total KeizerForClubs computed after the last round."""


class KfcPairing(NamedTuple):
    """One row of `Pairing` (a named tuple: a file has up to 200,000 of them, each made in one step)."""

    round: int
    board: int
    white: int
    black: int
    result: int
    """The program's result code (`SqliteInterface.Results`); an empty one is -1, not yet played."""


@dataclass(frozen=True, slots=True)
class KfcFile:
    players: tuple[KfcPlayer, ...]
    pairings: tuple[KfcPairing, ...]
    settings: tuple[tuple[str, str | None, float | None], ...] | None
    """`ConfigTab`: key, text, number; None for a tournament saved before KeizerForClubs kept them in it."""
    stored_tables: tuple[str, ...]
    """The names of the kept lists (`tStand_4`, …)."""
    unknown_columns: tuple[str, ...]
    """`Table.column` of columns the program does not make (a newer version's): not read."""


def looks_like_kfc(path: str | os.PathLike[str]) -> bool:
    """Whether `path` is an SQLite file holding KeizerForClubs' tables (`Player` and `Pairing`), told by
    its content; False for anything else (a keizer store, another database, a file that does not open)."""
    return {"player", "pairing"} <= _table_names(path)


def looks_like_kfc_config(path: str | os.PathLike[str]) -> bool:
    """Whether `path` is KeizerForClubs' own settings file (`ConfigTab` and `LangText`, no tournament)."""
    names = _table_names(path)
    return {"configtab", "langtext"} <= names and not names & {"player", "pairing"}


def _table_names(path: str | os.PathLike[str]) -> set[str]:
    """The tables of an SQLite file, folded to lower case; none for anything that is not one."""
    try:  # a look only: a link followed, a write-ahead log's header read as a journal's (the reader refuses both)
        data = bytearray(read_bytes(path, "a KeizerForClubs tournament", MAX_BYTES))
        if not data.startswith(SQLITE_MAGIC) or len(data) < 100:
            return set()
        data[18:20] = b"\x01\x01"
        conn = sqlite3.connect(":memory:", isolation_level=None)
        try:
            conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
            conn.deserialize(bytes(data))
            conn.execute("PRAGMA query_only = ON")
            names = {str(n).casefold() for (n,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' LIMIT 2000")}
        finally:
            conn.close()
    except (KeizerError, sqlite3.Error, UnicodeDecodeError):
        return set()
    return names


def read_kfc_file(path: str | os.PathLike[str]) -> KfcFile:
    """The tournament in `path`; KeizerError naming the file and what is wrong, nothing else raised."""
    file = Path(path)
    with _reading(file, "a KeizerForClubs tournament"):
        with _Copy(file) as conn:
            stored, unknown, tables = _check_shape(conn, file, *TOURNAMENT)
            return KfcFile(players=_players(conn, file), pairings=_pairings(conn, file),
                           settings=_settings(conn, file) if "configtab" in tables else None,
                           stored_tables=stored, unknown_columns=unknown)
    raise AssertionError("unreachable: the copy returns or raises")


def read_kfc_settings(path: str | os.PathLike[str]) -> tuple[tuple[str, str | None, float | None], ...]:
    """The settings in KeizerForClubs' own settings file (`cfg/KeizerForClubs.config.s3db`), read as a
    tournament is: KeizerError naming the file and what is wrong."""
    file = Path(path)
    with _reading(file, "KeizerForClubs' settings file"):
        with _Copy(file, "KeizerForClubs' settings file") as conn:
            _check_shape(conn, file, *CONFIG)
            return _settings(conn, file)
    raise AssertionError("unreachable: the copy returns or raises")


@contextmanager
def _reading(file: Path, what: str) -> Iterator[None]:
    """SQLite's and the decoder's errors as one line naming the file; nothing else raised."""
    try:
        yield
    except sqlite3.Error as exc:
        text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if text.startswith("Could not decode"):
            text = "a text in it is not UTF-8"
        raise KeizerError(f"{file}: not {what} that can be read ({text})") from None
    except UnicodeDecodeError:  # SQLite's own schema or message holding bytes that are not UTF-8
        raise KeizerError(f"{file}: not {what} that can be read (a text in it is not UTF-8)") from None


class _Copy:
    """The file's bytes as an in-memory database: SQLite never touches the file (no journal, no lock, no
    file beside it), a symbolic link is refused, and the copy can only be read."""

    def __init__(self, file: Path, what: str = "a KeizerForClubs tournament") -> None:
        data = read_bytes(file, what, MAX_BYTES, follow=False)
        if not data.startswith(SQLITE_MAGIC) or len(data) < 100:
            raise KeizerError(f"{file}: not {what} (not an SQLite database)")
        if data[18:20] != b"\x01\x01":  # KeizerForClubs keeps SQLite's rollback journal, never the WAL
            raise KeizerError(f"{file}: not {what} (an SQLite database in write-ahead-log mode)")
        for suffix in ("-journal", "-wal"):
            if file.with_name(file.name + suffix).exists():
                raise KeizerError(f"{file}: {file.name}{suffix} lies beside it: KeizerForClubs is writing it or "
                                  f"stopped while writing; close KeizerForClubs (or open and close the "
                                  f"tournament in it) and import again")
        self.data = data
        self.deadline = time.monotonic() + SECONDS

    def __enter__(self) -> sqlite3.Connection:
        conn = sqlite3.connect(":memory:", isolation_level=None)
        self.conn = conn
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
        conn.set_progress_handler(lambda: int(time.monotonic() > self.deadline), 10_000)
        conn.deserialize(self.data)
        conn.execute("PRAGMA trusted_schema = OFF")  # no function from the file's schema runs
        conn.execute("PRAGMA query_only = ON")
        conn.execute("PRAGMA cell_size_check = ON")
        return conn

    def __exit__(self, *exc: object) -> None:
        self.conn.close()


def _check_shape(conn: sqlite3.Connection, file: Path, needed: tuple[str, ...],
                 optional: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], set[str]]:
    """The stored lists, the unknown columns and the tables there (of `needed` and `optional`); KeizerError
    for a damaged file or a shape that is not the program's: a trigger, a view, a table it does not make,
    a generated column, a table missing."""
    problem = conn.execute("PRAGMA quick_check").fetchone()
    if problem is None or problem[0] != "ok":
        raise KeizerError(f"{file}: a damaged SQLite file (SQLite's check: {describe(problem and problem[0])})")
    what = "a KeizerForClubs tournament" if "player" in needed else "KeizerForClubs' settings file"
    rows = conn.execute("SELECT type, name, sql FROM sqlite_master LIMIT ?", (MAX_SETTINGS + 1,)).fetchall()
    if len(rows) > MAX_SETTINGS:
        raise KeizerError(f"{file}: not {what} (more than {MAX_SETTINGS} tables and indexes)")
    stored, tables = [], {}
    for kind, name, sql in rows:
        if kind in ("trigger", "view"):
            raise KeizerError(f"{file}: not {what}: it has a {kind} ({describe(name)}), which KeizerForClubs "
                              f"never makes; nothing in it was run")
        if kind != "table":
            continue
        if not isinstance(name, str):
            raise KeizerError(f"{file}: not {what}: a table without a name")
        key = name.casefold() if name.isascii() else name
        if key in needed or key in optional:
            if not isinstance(sql, str) or not sql.lstrip().upper().startswith("CREATE TABLE"):
                raise KeizerError(f"{file}: not {what}: its table {name} is not a plain table")
            tables[key] = name
        elif _STORED_TABLE.fullmatch(name):
            stored.append(name)
        elif key not in _SQLITE_OWN:
            maker = "KeizerForClubs" if "player" in needed else "its settings file"
            raise KeizerError(f"{file}: not {what}: it has a table {maker} does not make ({describe(name)})")
    unknown = []
    for key in needed + optional:
        if key not in tables:
            if key in optional:
                continue
            raise KeizerError(f"{file}: not {what} (it has no table {key.capitalize()})")
        read, known = COLUMNS[key]
        columns = {}
        for row in conn.execute(f"PRAGMA table_xinfo({tables[key]})"):
            columns[str(row[1]).casefold()] = (str(row[1]), row[6])
        for col, (shown, hidden) in columns.items():
            if hidden:
                raise KeizerError(f"{file}: not {what} ({tables[key]}.{describe(shown)} is a generated or hidden "
                                  f"column)")
            if col not in read and col not in known:
                unknown.append(f"{tables[key]}.{shown}")
        missing = [c for c in read if c not in columns]
        if missing:
            raise KeizerError(f"{file}: not {what} (its table {tables[key]} has no column {missing[0]})")
    for table, most, plural in (("Player", MAX_PLAYERS, "players"), ("Pairing", MAX_PAIRINGS, "pairings"),
                                ("ConfigTab", MAX_SETTINGS, "settings"), ("LangText", MAX_SETTINGS * 10, "texts")):
        if table.casefold() in tables:
            _bound(conn, file, tables[table.casefold()], most, plural)
    return tuple(sorted(stored, key=_table_order)), tuple(unknown), set(tables)


def _table_order(name: str) -> tuple[str, int]:
    kind, _, number = name.partition("_")
    return kind.casefold(), int(number)


def _bound(conn: sqlite3.Connection, file: Path, table: str, most: int, what: str) -> None:
    (count,) = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
    if count > most:
        raise KeizerError(f"{file}: {count:,} {what}, more than keizer reads from KeizerForClubs ({most:,})")


def _players(conn: sqlite3.Connection, file: Path) -> tuple[KfcPlayer, ...]:
    out = []
    for pid, name, rating, state, total in conn.execute(
            "SELECT id, name, rating, state, Keizer_SumPts FROM Player ORDER BY id"):
        where = f"{file}: player {describe(pid)}"
        _whole(pid, f"{file}: a player's id")
        if not isinstance(name, str):
            raise KeizerError(f"{where}: a name that is not text ({describe(name)})")
        if len(name) > MAX_NAME:
            raise KeizerError(f"{where}: a name of {len(name):,} characters (at most {MAX_NAME})")
        out.append(KfcPlayer(id=pid, name=name, rating=_whole(rating, f"{where}: rating"),
                             state=0 if state is None else _whole(state, f"{where}: state"),
                             stored_total=_number(total, f"{where}: Keizer_SumPts")))
    return tuple(out)


_LEAST, _PAST = -(2 ** 31), 2 ** 31
"""The whole numbers of 32 bits a pairing's values are."""


def _pairings(conn: sqlite3.Connection, file: Path) -> tuple[KfcPairing, ...]:
    rows = conn.execute("SELECT Rnd, board, PID_W, PID_B, coalesce(Result, -1) FROM Pairing "
                        "ORDER BY Rnd, board, PID_W").fetchall()
    # The rows read once and checked as read: a count of odd rows by another query can see other bytes in a
    # damaged file (an index beside the table), so it proved nothing about these. Column by column, at C speed.
    if all(set(map(type, column)) == {int} and _LEAST <= min(column) and max(column) < _PAST
           for column in zip(*rows)):
        return tuple(map(KfcPairing._make, rows))
    out = []
    for rnd, board, white, black, result in rows:  # a value that is not a plain whole number: named
        where = f"{file}: a pairing of round {describe(rnd)}"
        out.append(KfcPairing(round=_whole(rnd, f"{file}: a pairing's round"), board=_whole(board, f"{where}: board"),
                              white=_whole(white, f"{where}: PID_W"), black=_whole(black, f"{where}: PID_B"),
                              result=_whole(result, f"{where}: result")))
    return tuple(out)


def _settings(conn: sqlite3.Connection, file: Path) -> tuple[tuple[str, str | None, float | None], ...]:
    out = []
    for key, text, value in conn.execute("SELECT CfgKey, CfgText, CfgValue FROM ConfigTab ORDER BY CfgKey"):
        if not isinstance(key, str) or not key.isprintable() or len(key) > MAX_NAME:
            raise KeizerError(f"{file}: a setting named {describe(key)} (a setting's name is a short printable text)")
        if text is not None and (not isinstance(text, str) or len(text) > MAX_TEXT):
            raise KeizerError(f"{file}: setting {key}: its text is {describe(text)}")
        out.append((key, text, _number(value, f"{file}: setting {key}")))
    return tuple(out)


def _whole(value: Any, where: str) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not -(2 ** 31) <= value < 2 ** 31:
        raise KeizerError(f"{where}: expected a whole number, got {describe(value)}")
    return value


def _number(value: Any, where: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or abs(value) > 1e9:
        raise KeizerError(f"{where}: expected a number, got {describe(value)}")
    return float(value)
