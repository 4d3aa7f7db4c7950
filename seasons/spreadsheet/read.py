"""A spreadsheet of games (CSV) as a keizer season: a row per game and a row per absence, as a club keeps its
Keizer in Excel or LibreOffice and saves it the Dutch way (`;`, decimal comma, Windows-1252 or UTF-8 with a
byte order mark) or the English way (docs/format.md "Moving in", "From a spreadsheet")."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import os
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.files import read_bytes
from keizer.seasons.gcpause import collector_paused
from keizer.seasons.json_keys import FORMAT
from keizer.seasons.limits import MAX_MOVED_IN, MAX_NAME, MAX_PLAYERS, MAX_RATING, MAX_ROUNDS, MAX_TEXT, checked_text, describe
from keizer.seasons.model import EntryKind, PlayerId, Result
from keizer.seasons.moving_in.ids import slug_ids
from keizer.seasons.moving_in.report import MaybeWithdrew, MoveReport, Moved, span
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.spreadsheet.words import ABSENCES, COLUMNS, NEEDED, RESULTS, WITHDREW, column_of, folded

MAX_ROWS = MAX_MOVED_IN
"""Rows read at most: a row is a game (two player-rounds) or an absence, so no more rows than keizer takes in
player-rounds from another program (`seasons/limits.py`)."""
SEPARATORS = ";,\t"
"""Tried in this order on the header: a Dutch spreadsheet saves with `;` (its decimal comma takes `,`)."""
FORMULA = ("=", "+", "-", "@")
"""A cell starting so is a formula to a spreadsheet program: the export writes a name so with a `'` first,
which the import takes off again."""
_DATE = (re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})"), re.compile(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})"))
"""ISO dates, and day-month-year as a Dutch spreadsheet writes them (`5-9-2024`, `05/09/2024`, `5.9.2024`)."""


@dataclass
class _Row:
    line: int
    evening: int | str | None
    """The round number, or the date when the file numbers its evenings by date; None for a player's row."""
    date: str | None
    white: str
    black: str
    result: str
    rating: int | None


@dataclass
class _Player:
    name: str
    first: int
    """The line of the player's first row (the starting ranking's order when no list says otherwise)."""
    rating: int | None = None
    listed: bool = False
    rounds: dict[int, Any] = field(default_factory=dict)
    """Round → "game", an EntryKind, or "withdrew"."""


def read_spreadsheet(path: str | os.PathLike[str], ruleset: Any = None) -> Moved:
    """The season in a spreadsheet of games; `ruleset` the spec given with `--ruleset` (None: keizer-classic,
    said). KeizerError naming the file, line and column for what does not read."""
    with collector_paused():  # a row an object, up to a million of them (`seasons/gcpause.py`)
        return _read_spreadsheet(Path(path), ruleset)


def _read_spreadsheet(file: Path, ruleset: Any) -> Moved:
    report = MoveReport("a spreadsheet")
    text = _decoded(read_bytes(file, "a spreadsheet (CSV)"), report)
    try:
        rows = _rows(text, str(file), report)
    except csv.Error as exc:  # a quote left open, a field longer than csv reads: one line, naming the file
        raise KeizerError(f"{file}: not a spreadsheet that can be read ({str(exc).splitlines()[0][:80]})") from None
    if not rows:
        raise KeizerError(f"{file}: no row under the header: no season in it")
    return _Season(file, rows, report, ruleset).moved()


def _decoded(data: bytes, report: MoveReport) -> str:
    """UTF-8 (a byte order mark dropped, as Excel writes it); else Windows-1252, as a Dutch Excel saves CSV."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        report.guess_file("the file is not UTF-8: read as Windows-1252 (as Excel saves CSV)")
        return data.decode("cp1252", errors="replace")


def _rows(text: str, source: str, report: MoveReport) -> list[_Row]:
    lines = text.splitlines()
    head = next((i for i, line in enumerate(lines) if line.strip()), None)
    if head is None:
        raise KeizerError(f"{source}: an empty file, no season in it")
    sep = max(SEPARATORS, key=lambda s: (sum(column_of(c) is not None for c in lines[head].split(s)), -SEPARATORS.index(s)))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sep)
    header: list[str] = []
    for cells in reader:
        if any(c.strip() for c in cells):
            header = cells
            break
    at: dict[str, int] = {}
    for i, cell in enumerate(header):
        column = column_of(cell)
        if column is None or column in at:
            if cell.strip():
                report.drop(f"the column {describe(cell.strip()[:40])}: "
                            + ("one keizer does not read" if column is None else f"a second {column} column"))
            continue
        at[column] = i
    missing = [c for c in NEEDED if c not in at] + ([] if "round" in at or "date" in at else ["round"])
    if missing:
        words = " or ".join(COLUMNS[missing[0]][:2])
        raise KeizerError(f"{source}: line {head + 1}: the header has no {missing[0]} column (a header names the "
                          f"columns: round or date, white, black, result; here: {describe(sep.join(header)[:80])}; "
                          f"{missing[0]}: {words})")
    out: list[_Row] = []
    for cells in reader:
        number = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if len(out) == MAX_ROWS:
            raise KeizerError(f"{source}: line {number}: more than {MAX_ROWS:,} rows")
        get = {column: cells[i].strip() if i < len(cells) else "" for column, i in at.items()}
        where = f"{source}: line {number}"
        rnd, date = get.get("round", ""), get.get("date", "")
        evening: int | str | None
        if "round" in at and rnd:
            if not rnd.isdigit() or not 1 <= int(rnd) <= MAX_ROUNDS:
                raise KeizerError(f"{where}: round {describe(rnd[:20])} is not a round number (1 to {MAX_ROUNDS})")
            evening = int(rnd)
        elif date and "round" not in at:
            evening = _date(date, where)
        else:
            evening = None
        out.append(_Row(line=number, evening=evening, date=_date(date, where) if date else None,
                        white=_name(get.get("white", ""), where, "white"), black=_name(get.get("black", ""), where,
                                                                                     "black", empty=True),
                        result=get.get("result", ""), rating=_rating(get.get("rating", ""), where)))
    return out


def _name(text: str, where: str, column: str, empty: bool = False) -> str:
    if text.startswith("'") and text[1:2] in FORMULA:
        text = text[1:]
    if not text:
        if empty:
            return ""
        raise KeizerError(f"{where}: no name in the {column} column")
    return checked_text(" ".join(text.split()), f"{where}, {column}", MAX_NAME)


def _rating(text: str, where: str) -> int | None:
    text = text.replace(".", "").replace(" ", "")
    text = text.split(",")[0] if re.fullmatch(r"\d+,0*", text) else text  # 1850,0: a decimal comma
    if not text:
        return None
    if not text.isdigit() or not text.isascii() or int(text) > MAX_RATING:
        raise KeizerError(f"{where}: rating {describe(text[:20])} is not a number from 0 to {MAX_RATING}")
    return int(text) or None


def _date(text: str, where: str) -> str:
    for pattern in _DATE:
        m = pattern.fullmatch(text.strip())
        if m is not None:
            year, month, day = (m.group(1), m.group(2), m.group(3)) if pattern is _DATE[0] else \
                (m.group(3), m.group(2), m.group(1))
            try:
                return dt.date(int(year), int(month), int(day)).isoformat()
            except ValueError:
                break
    raise KeizerError(f"{where}: {describe(text[:20])} is not a date (2024-09-05 or 5-9-2024)")


class _Season:
    """The rows as a season: players in the starting ranking's order, each round's games in row order (the
    board order) and absences, the withdrawals, and the report of what was guessed, by player and round."""

    def __init__(self, file: Path, rows: list[_Row], report: MoveReport, ruleset: Any) -> None:
        self.file, self.rows, self.report, self.ruleset = file, rows, report, ruleset
        self.players: dict[str, _Player] = {}
        self.games: dict[int, list[tuple[str, str, Result]]] = defaultdict(list)
        self.entries: dict[int, dict[str, EntryKind]] = defaultdict(dict)
        self.dates: dict[int, str] = {}
        self.withdrew: dict[str, int] = {}

    def player(self, name: str, row: _Row) -> _Player:
        key = name.casefold()
        if key not in self.players:
            if len(self.players) == MAX_PLAYERS:
                raise KeizerError(f"{self.file}: line {row.line}: more than {MAX_PLAYERS} players")
            self.players[key] = _Player(name=name, first=row.line)
        return self.players[key]

    def moved(self) -> Moved:
        numbers = self._evenings()
        for row in self.rows:
            self._read(row, numbers)
        last = max(self.games, default=0)
        if not last:
            raise KeizerError(f"{self.file}: no row holds a game: nothing to import")
        total = max([last, *self.entries])
        for k in range(1, total + 1):
            if k < last and k not in self.games:
                raise KeizerError(f"{self.file}: round {k} has no game, but round {last} has (a row per game of "
                                  f"every round played)")
        order = self._order()
        ids = dict(zip((p.name.casefold() for p in order), slug_ids([p.name for p in order])))
        joined = {key: self._joined(p, total) for key, p in ((p.name.casefold(), p) for p in order)}
        rounds = [self._round(k, last, ids, joined) for k in range(1, total + 1)]
        self._say_missing(order, ids, joined, last)
        spec = self.ruleset if self.ruleset is not None else "keizer-classic"
        if self.ruleset is None:
            self.report.guess_file("the ruleset keizer-classic (a spreadsheet holds no Keizer settings: give --ruleset)")
        self.report.ruleset = spec if isinstance(spec, str) else json.dumps(spec, ensure_ascii=False)
        obj: dict[str, Any] = {
            "format": FORMAT, "name": checked_text(self.file.stem[:MAX_TEXT], "the file's name"), "ruleset": spec,
            "players": [{"id": ids[p.name.casefold()], "name": p.name}
                        | ({"rating": p.rating} if p.rating is not None else {})
                        | ({"joined": joined[p.name.casefold()]} if joined[p.name.casefold()] > 1 else {})
                        for p in order],
            "rounds": rounds,
            "withdrawals": [{"player": ids[key], "before_round": k} for key, k in self.withdrew.items()],
        }
        try:
            season = season_from_json(obj)
        except InputError as exc:
            raise KeizerError(f"{self.file}: the season read from it does not hold: {exc}") from None
        return Moved(season=season, report=self.report)

    def _evenings(self) -> dict[int | str, int]:
        """Each evening's round number: a round column's numbers; else the dates in their order."""
        dates = sorted({r.evening for r in self.rows if isinstance(r.evening, str)})
        if dates:
            self.report.guess_file(f"the rounds numbered by their dates ({counted_dates(len(dates))}, "
                              f"{dates[0]} to {dates[-1]}): the file has no round column")
        return {d: k for k, d in enumerate(dates, start=1)} | {r.evening: r.evening for r in self.rows
                                                               if isinstance(r.evening, int)}

    def _read(self, row: _Row, numbers: dict[int | str, int]) -> None:
        where = f"{self.file}: line {row.line}"
        white = self.player(row.white, row)
        if row.rating is not None:
            if white.rating is not None and white.rating != row.rating:
                raise KeizerError(f"{where}: {row.white}'s rating {row.rating}, another than {white.rating} (line "
                                  f"{white.first} on)")
            white.rating = row.rating
        if row.evening is None:
            if row.black or row.result:
                raise KeizerError(f"{where}: a game or an absence without its round")
            white.listed = True
            return
        k = numbers[row.evening]
        if row.date is not None:
            if self.dates.setdefault(k, row.date) != row.date:
                raise KeizerError(f"{where}: round {k} on {row.date}, but an earlier row has it on {self.dates[k]}")
        if row.black:
            black = self.player(row.black, row)
            if black is white:
                raise KeizerError(f"{where}: {row.white} plays themselves")
            result = RESULTS.get(_result_text(row.result))
            if result is None:
                raise KeizerError(f"{where}: result {describe(row.result[:20])} is not a game's (1-0, 0-1, ½-½, "
                                  f"+-, -+, or empty for not played yet)")
            self._once(white, k, "game", where)
            self._once(black, k, "game", where)
            self.games[k].append((white.name.casefold(), black.name.casefold(), result))
            return
        word = folded(row.result)
        if word in WITHDREW:
            self._once(white, k, "withdrew", where)
            self.withdrew[white.name.casefold()] = k
            return
        kind = ABSENCES.get(word)
        if kind is None:
            raise KeizerError(f"{where}: {describe(row.result[:30])} is not an absence keizer knows (bye, excused, "
                              f"unexcused, duty, team match, not yet joined, withdrew — or afgemeld, zonder bericht, "
                              f"vrij, extern, teruggetrokken), and the row has no black player for a game")
        self._once(white, k, kind, where)
        self.entries[k][white.name.casefold()] = kind

    def _once(self, p: _Player, k: int, what: Any, where: str) -> None:
        if k in p.rounds:
            raise KeizerError(f"{where}: {p.name} has a second row in round {k}")
        gone = self.withdrew.get(p.name.casefold())
        if gone is not None and k >= gone:
            raise KeizerError(f"{where}: {p.name} withdrew before round {gone}: no row from then on")
        p.rounds[k] = what

    def _order(self) -> list[_Player]:
        """The starting ranking: the players listed (a row with a name and no round) in their order, then the
        others as they first appear; without a list, by rating where every player has one."""
        everyone = sorted(self.players.values(), key=lambda p: p.first)
        listed = [p for p in everyone if p.listed]
        others = [p for p in everyone if not p.listed]
        if listed:
            if others:
                self.report.guess(f"not in the list of players at the top, placed after them as they first appear: "
                                  f"{', '.join(p.name for p in others)}")
            return listed + others
        if all(p.rating is not None for p in everyone):
            self.report.guess_file("the starting ranking by rating (the file lists no players first)")
            return sorted(everyone, key=lambda p: -(p.rating or 0))
        self.report.guess_file("the starting ranking in the order the players first appear (the file lists no players "
                          "first, and not every player has a rating)")
        return everyone

    def _joined(self, p: _Player, total: int) -> int:
        """The first round the player takes part in: the first with a row other than `not yet joined`."""
        return min((k for k, what in p.rounds.items() if what is not EntryKind.LATE and what != "withdrew"),
                   default=total + 1)

    def _round(self, k: int, last: int, ids: dict[str, str], joined: dict[str, int]) -> dict[str, Any]:
        entries = {ids[key]: kind.value for key, kind in self.entries.get(k, {}).items()}
        if k <= last:  # a round played: a player taking part without a row there was absent
            for key, p in self.players.items():
                if joined[key] <= k < self.withdrew.get(key, k + 1) and k not in p.rounds:
                    entries[ids[key]] = EntryKind.EXCUSED.value
        out: dict[str, Any] = {"round": k}
        if k in self.dates:
            out["date"] = self.dates[k]
        out["games"] = [{"white": ids[w], "black": ids[b], "result": r.value} for w, b, r in self.games.get(k, [])]
        out["entries"] = entries
        return out

    def _say_missing(self, order: list[_Player], ids: dict[str, str], joined: dict[str, int], last: int) -> None:
        """Each player's rounds without a row (read as excused), by player and round; a player whose rows stop
        before the last round played as possibly withdrawn."""
        for p in order:
            key = p.name.casefold()
            missing = [k for k in range(joined[key], min(last, self.withdrew.get(key, last + 1) - 1) + 1)
                       if k not in p.rounds]
            if not missing:
                continue
            played = [k for k in p.rounds if k <= last]
            stop = max(played, default=0)
            if stop and missing == list(range(stop + 1, last + 1)):
                self.report.withdrew.append(MaybeWithdrew(PlayerId(ids[key]), p.name, stop, "excused"))
            else:
                self.report.guess(f"{p.name}: no row in {span(missing)}, read as excused")


def _result_text(text: str) -> str:
    return " ".join(text.replace("–", "-").replace("—", "-").replace("\u00bd", "½").split()).casefold()


def counted_dates(n: int) -> str:
    return "one date" if n == 1 else f"{n} dates"
