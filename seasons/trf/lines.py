"""A TRF file's lines, read by their columns (FIDE TRF-16, the layout `seasons/trf/report.py` writes): the players
with their round blocks, the tournament records, and keizer's comment lines (docs/format.md "Moving in")."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.json_input import load_json
from keizer.seasons.limits import MAX_MEMBER_ID, MAX_RATING, MAX_ROUNDS, MAX_TEXT, checked_text
from keizer.seasons.trf.report import FIRST_ROUND_COLUMN, MAX_START_RANK
from keizer.seasons.trf.keizer_lines import PREFIX

MAX_LINE = FIRST_ROUND_COLUMN + 10 * MAX_ROUNDS
"""The longest line read: a player's line with every round a season may have."""
MAX_KEIZER_LINES = MAX_START_RANK + 2 * MAX_ROUNDS + 10
"""keizer's comment lines: one for the season, one per player and per round, one per withdrawal."""
_CODE = re.compile(r"[0-9A-Za-z#]{3}")
_DATE = re.compile(r"(\d{2}|\d{4})/(\d{2})/(\d{2})")
LINE_END = re.compile(r"\r\n|\r|\n")
"""TRF-16 ends every line with CR (its Remark 1), Swiss-Manager with CR LF, most programs with LF."""
_RULER = re.compile(r"[\d ]+|DDD SSSS .*")
"""A line some programs put above the players to count the columns (`is_ruler`)."""
_POINTS = re.compile(r"\d{1,3}(?:[.,]\d)?")


@dataclass(frozen=True, slots=True)
class Block:
    """One round of a player's line: columns 92–99 of round 1, then every 10 further."""

    opponent: int
    """The opponent's start rank; 0 for none (`0000` or blank)."""
    colour: str
    """"w", "b" or "-" (a blank is "-")."""
    result: str
    """The result code, upper case (`1 = 0 + - W D L H F U Z`), or " " for a blank."""


@dataclass(frozen=True, slots=True)
class PlayerLine:
    line: int
    rank: int
    name: str
    """Columns 15–47 as written ("Last, First")."""
    rating: int | None
    points: Fraction | None
    """Columns 81–84, the points the file gives the player (None: blank or not a number)."""
    fide_id: int | None
    blocks: tuple[Block, ...]
    extras: tuple[str, ...]
    """Which of sex, title, federation and birth date the line fills in (keizer keeps none of them)."""


@dataclass(slots=True)
class TrfLines:
    players: list[PlayerLine] = field(default_factory=list)
    name: str | None = None
    dates: list[str] = field(default_factory=list)
    rounds_planned: int | None = None
    national: dict[int, int] = field(default_factory=dict)
    """Start rank → the national number of a `NED` record (TRF-2026's national rating records)."""
    keizer: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    """keizer's comment lines: (line number, object)."""
    skipped: dict[str, int] = field(default_factory=dict)
    """Records not read, by their code: how many lines."""
    rulers: list[int] = field(default_factory=list)
    """Line numbers of the column counters skipped."""


def read_lines(text: str, source: str) -> TrfLines:
    """Every line of a TRF text; KeizerError naming the line for one that is not TRF's."""
    out = TrfLines()
    for number, line in enumerate(LINE_END.split(text), start=1):
        where = f"{source}: line {number}"
        if not line.strip():
            continue
        if len(line) > MAX_LINE:
            raise KeizerError(f"{where}: {len(line):,} characters, longer than a TRF line of {MAX_ROUNDS} rounds")
        code = line[:3]
        if is_ruler(line.rstrip()):
            out.rulers.append(number)
        elif line.startswith(PREFIX):
            if len(out.keizer) == MAX_KEIZER_LINES:
                raise KeizerError(f"{where}: more keizer lines than a season has players and rounds")
            out.keizer.append((number, _keizer_object(line[len(PREFIX):], where)))
        elif code == "###":
            continue
        elif not _CODE.fullmatch(code) or line[3:4] not in ("", " "):
            raise KeizerError(f"{where}: not a TRF line (a line starts with a three-character code and a space)")
        elif code == "001":
            if len(out.players) == MAX_START_RANK:
                raise KeizerError(f"{where}: more than {MAX_START_RANK} players")
            out.players.append(_player(line, number, where))
        elif code == "012":
            out.name = checked_text(line[4:].strip(), where, MAX_TEXT)
        elif code == "132":
            out.dates = _dates(line, where)
        elif code in ("XXR", "142"):
            value = line[4:].strip()
            if value.isdigit() and 1 <= int(value) <= MAX_ROUNDS:
                out.rounds_planned = int(value)
            else:
                raise KeizerError(f"{where}: expected the number of rounds (1 to {MAX_ROUNDS}), got {value[:20]!r}")
        elif code == "NED":  # TRF-2026's national record of the Dutch federation: the KNSB number
            rank, number_text = _field(line, 5, 8), _field(line, 58, 68)
            rank, number_text = rank.strip(), number_text.strip()
            if rank.isdigit() and number_text.isdigit() and 1 <= int(number_text) <= MAX_MEMBER_ID:
                out.national[int(rank)] = int(number_text)
        else:
            out.skipped[code] = out.skipped.get(code, 0) + 1
    return out


def is_ruler(line: str) -> bool:
    """A column counter: numbers counting up by one (`  1  2  3 …`, `         1         2         3`), a run of
    ten or more digits (`1234567890…`), or the specification's own field letters (`DDD SSSS sTTT NNNN…`).
    No TRF record reads so: a record's code is followed by its value, never by two more counting numbers."""
    if not _RULER.fullmatch(line):
        return False
    if line.startswith("DDD "):
        return True
    numbers = line.split()
    if len(numbers) == 1:
        return len(numbers[0]) >= 10
    return len(numbers) >= 3 and all(int(b) == int(a) + 1 for a, b in zip(numbers, numbers[1:]))


def _keizer_object(text: str, where: str) -> dict[str, Any]:
    try:
        value = load_json(text)
    except InputError as exc:
        raise KeizerError(f"{where}: a keizer line that does not read ({exc})") from None
    if not isinstance(value, dict):
        raise KeizerError(f"{where}: a keizer line holds a JSON object")
    return value


def _field(line: str, first: int, last: int) -> str:
    """Columns first..last, 1-based and inclusive as the specification counts them (blank past the end)."""
    return line[first - 1:last].ljust(last - first + 1)


def _number(text: str, where: str, what: str, most: int) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not text.isascii() or int(text) > most:
        raise KeizerError(f"{where}: {what} {text!r} is not a number from 0 to {most}")
    return int(text)


def _player(line: str, number: int, where: str) -> PlayerLine:
    if "\t" in line:
        raise KeizerError(f"{where}: a tab in a player's line (TRF counts columns: write spaces)")
    rank = _number(_field(line, 5, 8), f"{where}, columns 5-8", "the start rank", MAX_START_RANK)
    if not rank:
        raise KeizerError(f"{where}: no start rank in columns 5-8")
    name = checked_text(_field(line, 15, 47).strip(), f"{where}, columns 15-47 (the name)", 33, empty=False)
    rating = _number(_field(line, 49, 52), f"{where}, columns 49-52", "the rating", MAX_RATING)
    fide = _number(_field(line, 58, 68), f"{where}, columns 58-68", "the FIDE id", MAX_MEMBER_ID)
    points_text = _field(line, 81, 84).strip()
    points = Fraction(points_text.replace(",", ".")) if _POINTS.fullmatch(points_text) else None
    extras = tuple(what for what, first, last in (("sex", 10, 10), ("title", 11, 13), ("federation", 54, 56),
                                                   ("birth date", 70, 79)) if _field(line, first, last).strip())
    blocks = []
    rounds = line[FIRST_ROUND_COLUMN - 1:FIRST_ROUND_COLUMN - 1 + 10 * MAX_ROUNDS]
    for k in range(0, len(rounds), 10):  # a block is read when the line reaches its first column
        text = rounds[k:k + 10]
        block = _BLOCKS.get(text)
        if block is None:
            block = _block(text.ljust(10), where, k // 10)
            if len(_BLOCKS) < _BLOCKS_KEPT:
                _BLOCKS[text] = block
        blocks.append(block)
    return PlayerLine(line=number, rank=rank, name=name, rating=rating, points=points, fide_id=fide or None,
                      blocks=tuple(blocks), extras=extras)


_BLOCKS: dict[str, Block] = {}
"""Round blocks read before, by their text: a file of thousands of lines repeats the same few thousand blocks
(an opponent, a colour, a result), so each is checked and made once (a block's reading depends on its text
alone)."""
_BLOCKS_KEPT = 200_000
"""The most blocks kept (a bound on memory, whatever the files)."""


def _block(block: str, where: str, k: int) -> Block:
    """One round's 10 columns as TRF writes them (`NNNN c r  `); KeizerError naming the round otherwise."""
    at = FIRST_ROUND_COLUMN + 10 * k
    if block[4] != " " or block[6] != " " or block[8:].strip():
        raise KeizerError(f"{where}, round {k + 1}: expected 'NNNN c r' in columns {at}-{at + 7}, got "
                          f"{block[:8]!r}")
    opponent = _number(block[:4], f"{where}, round {k + 1}", "the opponent", MAX_START_RANK) or 0
    colour, result = block[5].lower(), block[7].upper()
    if colour not in ("w", "b", "-", " ") or result not in "10=+-WDLHFUZ ":
        raise KeizerError(f"{where}, round {k + 1}: colour {block[5]!r} and result {block[7]!r} are not "
                          f"TRF's (colour w, b or -; result 1 = 0 + - W D L H F U Z)")
    if not opponent and result in "WDL":
        raise KeizerError(f"{where}, round {k + 1}: result {result} (a game) without an opponent")
    return Block(opponent, "-" if colour == " " else colour, result)


def _dates(line: str, where: str) -> list[str]:
    """The 132 line's round dates as "2019-09-12" (YY/MM/DD as TRF writes them; YYYY/MM/DD read too)."""
    out = []
    for token in line[FIRST_ROUND_COLUMN - 1:].split():
        m = _DATE.fullmatch(token)
        if m is None:
            raise KeizerError(f"{where}: {token[:20]!r} is not a round date (YY/MM/DD)")
        year = int(m.group(1))
        year += 0 if len(m.group(1)) == 4 else 2000 if year < 70 else 1900
        try:
            out.append(dt.date(year, int(m.group(2)), int(m.group(3))).isoformat())
        except ValueError:
            raise KeizerError(f"{where}: {token!r} is not a date") from None
        if len(out) > MAX_ROUNDS:
            raise KeizerError(f"{where}: more than {MAX_ROUNDS} round dates")
    return out
