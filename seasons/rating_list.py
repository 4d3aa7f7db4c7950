"""The national rating list (KNSB: semicolon-separated, Latin-1, a header row): read it, and pick members from it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from keizer.seasons.errors import InputError, KeizerError
from keizer.seasons.files import read_bytes
from keizer.seasons.limits import MAX_MEMBER_ID, MAX_NAME, MAX_RATING, checked_text, describe
from keizer.seasons.lookup import choose, folded, word_tails
from keizer.seasons.names import person_name

HEADER = ("relatienummer", "naam", "titel", "FED", "rating", "partijen", "geboortejaar", "sexe")
"""The KNSB list's header row as the federation writes it (messages show it so; compared without case):
a file that starts with it is a rating list."""
_FOLDED = tuple(name.lower() for name in HEADER)
"""The header as it is compared: a list re-saved by a spreadsheet may have changed the case."""
NEEDED = ("relatienummer", "naam", "rating")
"""The columns keizer takes; the others may be missing or in another order."""
MISSING = "#N/B"
"""How the list writes a value it does not have (Excel's Dutch #N/A)."""
MAX_MEMBERS = 200_000
"""Members in one list (the national list has some tens of thousands)."""


@dataclass(frozen=True, slots=True)
class Member:
    """One member of a rating list."""

    knsb_id: int
    """The member number ("relatienummer")."""
    listed_name: str
    """The name as the list writes it, "Vries, Jan de"."""
    rating: int | None
    """None when the list has `#N/B`."""
    line: int
    """The line it was on."""

    @property
    def name(self) -> str:
        """The name as people read it: "Vries, Jan de" → "Jan de Vries" (the list's "Last, First particles");
        a name without a comma as it is."""
        return person_name(self.listed_name).spoken if "," in self.listed_name else self.listed_name

    def shown(self) -> str:
        return f"{self.name} ({self.knsb_id}, line {self.line})"


@dataclass(frozen=True, slots=True)
class RatingList:
    """A rating list's members, in file order."""

    source: str
    """The file, for messages."""
    members: tuple[Member, ...]

    def pick(self, text: str, where: str) -> Member:
        """The member `text` names: a member number exactly; else a name (either order, "Jan de Vries" or
        "Vries, Jan de") or its unique start, without case or accents; InputError listing the candidates or
        the closest names otherwise."""
        number = text.strip()
        if number.isascii() and number.isdigit():
            for member in self.members:
                if member.knsb_id == int(number):
                    return member
            raise InputError(where, f"no member {number} in {self.source}")
        return choose(self.members, text, where, lambda m: (folded(m.name), folded(m.listed_name)),
                      lambda m: (*word_tails(m.name), folded(m.listed_name)), Member.shown, "member")


def looks_like_rating_list(data: bytes) -> bool:
    """Whether a file's first line is the rating list's header (a byte order mark or CRLF allowed)."""
    first = data.removeprefix(b"\xef\xbb\xbf").split(b"\n", 1)[0].decode("latin-1").strip().lower()
    return tuple(first.split(";")[:2]) == _FOLDED[:2]


def read_rating_list(path: str | os.PathLike[str]) -> RatingList:
    """A rating list file; errors name the file and line."""
    data = read_bytes(Path(path), "a rating list")
    return parse_rating_list(_decoded(data), str(path))


def _decoded(data: bytes) -> str:
    """The list's text: UTF-8 when it is that (a list re-saved by an editor), else Latin-1 as the
    federation writes it (every byte is a Latin-1 character, so this never fails)."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_rating_list(text: str, source: str) -> RatingList:
    """The members of a rating list's text: the header names the columns; every row has its member number
    (each once), a name and a rating or `#N/B`."""
    lines = text.splitlines()
    header = [cell.strip().lower() for cell in (lines[0] if lines else "").split(";")]
    if tuple(header[:2]) != _FOLDED[:2]:
        raise InputError(f"{source}: line 1", f"not a rating list: expected the header {';'.join(HEADER)}")
    missing = [name for name in NEEDED if name not in header]
    if missing:
        raise InputError(f"{source}: line 1", f"the header has no column {missing[0]!r}")
    at = {name: header.index(name) for name in NEEDED}
    members: list[Member] = []
    seen: dict[int, int] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        where = f"{source}: line {number}"
        if len(members) == MAX_MEMBERS:
            raise InputError(where, f"more than {MAX_MEMBERS} members")
        cells = [cell.strip() for cell in line.split(";")]
        while len(cells) > len(header) and not cells[-1]:  # a spreadsheet's trailing ';' adds nothing
            cells.pop()
        if len(cells) != len(header):  # more: a ';' inside a cell, and every column after it shifted
            raise InputError(where, f"expected {len(header)} columns separated by ';', got {len(cells)}")
        knsb_id = _whole(cells[at["relatienummer"]], where, "relatienummer", 1, MAX_MEMBER_ID, may_miss=False)
        if knsb_id is None:
            raise InputError(where, "a member without a relatienummer")
        if knsb_id in seen:
            raise InputError(where, f"member {knsb_id} is listed twice (also line {seen[knsb_id]})")
        seen[knsb_id] = number
        name = checked_text(" ".join(cells[at["naam"]].split()), f"{where}: naam", MAX_NAME, empty=False)
        rating = _whole(cells[at["rating"]], where, "rating", 0, MAX_RATING)
        members.append(Member(knsb_id=knsb_id, listed_name=name, rating=rating, line=number))
    if not members:  # a season of nobody would follow from it
        raise InputError(f"{source}: line 2", "the rating list has no members (only its header)")
    return RatingList(source=source, members=tuple(members))


def _whole(cell: str, where: str, column: str, low: int, high: int, may_miss: bool = True) -> int | None:
    """A whole number of a column, or None for an empty cell or `#N/B` (refused later where it must be
    there: the message then offers only what the column takes)."""
    if cell in ("", MISSING):
        return None
    if not (cell.isascii() and cell.isdigit() and len(cell) <= 12 and low <= int(cell) <= high):
        other = f" or {MISSING}" if may_miss else ""
        raise InputError(where, f"{column}: expected a whole number from {low} to {high}{other}, "
                                f"got {describe(cell[:20])}")
    return int(cell)


def read_picks(path: str | os.PathLike[str]) -> tuple[tuple[str, str], ...]:
    """A file of members to pick, one name or number a line (`#` starts a comment): (text, where) pairs."""
    from keizer.seasons.load import read_text

    out = []
    for number, line in enumerate(read_text(path, "a list of members to pick").splitlines(), start=1):
        text = line.split("#", 1)[0].strip().strip(";,\t").strip()
        if text:
            out.append((text, f"{path}: line {number}"))
    if not out:
        raise KeizerError(f"{path}: names nobody to pick")
    return tuple(out)


__all__ = ["HEADER", "Member", "RatingList", "looks_like_rating_list", "parse_rating_list", "read_picks",
           "read_rating_list"]
