"""A plain player list (`keizer new --players FILE`): one player a line, a name and optionally a rating."""

from __future__ import annotations

import re
from dataclasses import dataclass

from keizer.seasons.errors import InputError
from keizer.seasons.limits import MAX_NAME, MAX_PLAYERS, MAX_RATING, checked_text, describe

SEPARATORS = ",;\t"
"""What may stand between a name and its rating."""
SPACED_RATINGS = (100, 3000)
"""The ratings read after a mere space (`Zoë Jansen 1990`), lowest and highest: national ratings start in the
hundreds and nobody is rated above 2900, while a smaller number ends many a name (`Jan 2`, a team's
number). docs/format.md says the rule."""

_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d*)?")
_SPACED = re.compile(r"[1-9][0-9]{2,3}")  # ASCII digits only: `\d` would take other scripts' digits too
_SAID = {";": "';'", "\t": "a tab"}


@dataclass(frozen=True, slots=True)
class Listed:
    """One player of a list, as read."""

    name: str
    """Checked like a name in a season file (NFC, no control characters, at most 100 characters)."""
    rating: int | None
    """0 to 4000, or None when the line has none."""
    line: int
    """The line it was on (errors name it)."""
    knsb_id: int | None = None
    """The member number, when the player came from the rating list."""


def parse_players(text: str, source: str) -> tuple[Listed, ...]:
    """The one reader of a player list, in one pass: each name checked as in a season file, a rating
    after the last separator (or, on a line without one, after a space), a name listed twice (compared
    without case) refused with both lines."""
    rows: list[Listed] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):  # an editor's BOM
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{source}: line {number}"
        if len(rows) == MAX_PLAYERS:
            raise InputError(where, f"more than {MAX_PLAYERS} players")
        name, rating = name_and_rating(line, where)
        name = name.strip(SEPARATORS + " ")  # stray separators around a name (`;Klaas Bakker;`) are not in it
        if ";" in name or "\t" in name:  # two columns where one name was meant: say so, do not guess
            raise InputError(where, f"a name cannot hold a semicolon or a tab: {describe(name)} (one player a line: "
                                    f"a name, then a rating)")
        name = checked_text(" ".join(name.split()), where, MAX_NAME, empty=False)
        key = name.casefold()
        if key in seen:
            raise InputError(where, f"there already is a player called {describe(name)} (line {seen[key]})")
        seen[key] = number
        rows.append(Listed(name, rating, number))
    return tuple(rows)


def name_and_rating(line: str, where: str, spaced: bool = True) -> tuple[str, int | None]:
    """`Jan de Vries; 1850` → the name and 1850. A trailing separator is an empty rating column: no
    rating, the name kept whole (`Klaas Bakker;`, `Speler 2025;`); text after a comma that is no number
    belongs to the name (`Bakker, Jan`); after a semicolon or a tab it is a rating that is no number
    (`Klaas Bakker;abc`), refused, like a number that is no rating (`Jan; 12345`: an id? a typo?). A
    line without a column (`spaced`) may end in a rating after a space (`spaced_rating`)."""
    cut = max(line.rfind(sep) for sep in SEPARATORS)
    if cut < 0:
        return spaced_rating(line) if spaced else (line, None)
    head, tail = line[:cut].strip(), line[cut + 1:].strip()
    if not tail:
        return name_and_rating(head, where, spaced=False) if head else (head, None)
    if _NUMBER.fullmatch(tail):
        if not (tail.isascii() and tail.isdigit() and len(tail) <= 4 and int(tail) <= MAX_RATING):
            raise InputError(where, f"the rating {tail[:20]!r} is not a whole number from 0 to {MAX_RATING}")
        return head, int(tail)
    if line[cut] == ",":  # a comma in a name (`Bakker, Jan`): no column, unless a `;` or tab is one
        return spaced_rating(line) if spaced and ";" not in line and "\t" not in line else (line, None)
    if not head.strip(SEPARATORS + " "):  # a stray separator before the name (`;Anna Smit`)
        return line, None
    said = _SAID[line[cut]]
    raise InputError(where, f"the rating {describe(tail[:40])} after {said} is not a number: expected a whole "
                            f"number from 0 to {MAX_RATING} (a name cannot hold {said})")


def spaced_rating(line: str) -> tuple[str, int | None]:
    """`Zoë Jansen 1990` → ("Zoë Jansen", 1990): the last word is the rating when it is 3 or 4 ASCII digits
    from 100 to 3000 (SPACED_RATINGS) and a name stands before it; otherwise the whole line is the name
    (`Jan 2`, `Jan Jansen 12345`)."""
    words = line.split()
    low, high = SPACED_RATINGS
    if len(words) > 1 and _SPACED.fullmatch(words[-1]) and low <= int(words[-1]) <= high:
        return " ".join(words[:-1]), int(words[-1])
    return line, None


__all__ = ["Listed", "SEPARATORS", "SPACED_RATINGS", "name_and_rating", "parse_players", "spaced_rating"]
