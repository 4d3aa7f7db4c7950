"""The bounds every season input is held to (docs/format.md "Limits"), and the checks of user text.

A number that passes here can be used by scoring and pairing without overflowing or running for
hours, and a text that passes here can be shown on a terminal without doing anything but showing.
"""

from __future__ import annotations

import reprlib
import unicodedata
from typing import Any

from keizer.seasons.errors import InputError, KeizerError

MAX_FILE_BYTES = 32 * 1024 * 1024
"""A season file (or a player list, a pairing file) larger than this is refused before it is read."""
MAX_PLAYERS = 100_000
"""Players in one season."""
MAX_MOVED_IN = 1_000_000
"""Player-rounds (players × rounds) of a season read from another program's file (a TRF file, a spreadsheet's
rows): 5,000 players over 200 rounds. More could not be scored in time nor, exported, read back as a season
file (docs/format.md "Moving in"): such a file is refused before it is read."""
MAX_ROUNDS = 1000
"""Rounds in one season; also the bound of every round number (`joined`, `before_round`, …)."""
MAX_DEPTH = 32
"""Nesting of JSON lists and objects; the deepest valid season file nests 5 levels."""
MAX_DIGITS = 18
"""Digits of a JSON number: a longer one is refused with its key's path, never converted."""
MAX_RATING = 4000
"""Ratings are 0..MAX_RATING (the strongest players ever rated are under 2900)."""
MAX_GROUP = 1000
"""Cup groups are 1..MAX_GROUP."""
MAX_MEMBER_ID = 99_999_999_999
"""A federation's member number (`knsb_id`, `fide_id`) is 1..MAX_MEMBER_ID: the 11 digits of TRF's id column."""
MAX_SETTING = 1_000_000
"""The bound of a whole number in the ruleset (value tops, ranks, counts, the seed)."""
MAX_DECIMALS = 6
"""`value.decimals` of a range ladder: more digits than any club shows, and each digit costs work."""
MAX_DISTANCE = 1000
"""`pairing.opening.distance`: a distance in the ranking (the pairing's search grows with it)."""
MAX_FRACTION_TEXT = 32
"""Characters of a fraction written as a string ("1/3", "0.5")."""
MAX_LIST = 1000
"""Items in a ruleset list (`iterate`, `tiebreak`, `opening.rounds`, `absence_limit.kinds`)."""
MAX_NAME = 100
"""Characters of a player's name or id."""
MAX_TEXT = 200
"""Characters of the season's name or a round's date."""

# What a command answers in time (docs/performance.md has the measured figures): each is checked before the
# work starts, so that a season inside the limits above is answered within seconds or refused in one line.
MAX_SCORING_WORK = 3_500_000_000
"""The results the standings may price at most, in the worst case (`scoring.work.worst_case_work`: every
iterated round running to the iteration cap): about 7 s of CPU on this machine (2 ns a result at most,
measured by `keizer bench limits`)."""
MAX_ALTERNATIVES_FIELD = 400
"""Players present above which no alternative pairings are looked for (a CP-SAT re-solve each, beyond Murty's
range: one took 131 s at 1,000)."""
ALTERNATIVES_WORK = 4_000_000
"""Alternatives × present players² at most (Murty's k-best: a blossom solve per board per alternative; 25
alternatives at 400 present take about 6 s here, the command whole)."""
MAX_SITE_CELLS = 6_000
"""Ranked players × rounds of a published site at most (a page per player with a row per round, a cross table
and a page per round: 200 players × 36 rounds took 8.4 s here)."""

# Bidirectional overrides and isolates reorder what a terminal shows (a name could display as another).
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def checked_text(value: Any, where: str, limit: int = MAX_TEXT, *, empty: bool = True) -> str:
    """A user's text, NFC-normalised: a string without control characters, lone surrogates or bidi
    overrides, at most `limit` characters; InputError naming `where` otherwise."""
    if not isinstance(value, str):
        raise InputError(where, f"expected a string, got {describe(value)}")
    if not empty and not value.strip():
        raise InputError(where, "must be a non-empty string")
    for i, char in enumerate(value):
        category = unicodedata.category(char)
        if category == "Cs":
            raise InputError(where, f"character {i + 1} is a lone surrogate (not text)")
        if category == "Cc" or char in _BIDI:
            raise InputError(where, f"character {i + 1} is a control character (U+{ord(char):04X})")
    text = unicodedata.normalize("NFC", value)
    if len(text) > limit:
        raise InputError(where, f"longer than {limit} characters ({len(text)})")
    return text


def bounded_int(value: Any, where: str, minimum: int, maximum: int, what: str = "a whole number") -> int:
    """An int (never a bool, never 1.0) in minimum..maximum, or InputError naming `where`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(where, f"expected {what}, got {describe(value)}")
    if not minimum <= value <= maximum:
        raise InputError(where, f"expected {what} from {minimum} to {maximum}, got {value}")
    return value


def key_text(key: Any) -> str:
    """A JSON key for a path in an error message: as it is if it is a short printable word, else quoted
    with its control characters escaped (a key with a newline would forge a second error line)."""
    if isinstance(key, str) and key.isprintable() and len(key) <= 60:
        return key
    return describe(key)


def describe(value: Any) -> str:
    """A value for an error message: short whatever its size (a 4,000-digit number or a list of a
    million items is not echoed), with control characters escaped as repr does."""
    try:
        return _SHORT.repr(value)
    except (ValueError, RecursionError):  # an int past Python's conversion limit; a list in itself
        return f"a {type(value).__name__} too large to show"


_SHORT = reprlib.Repr()
_SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong, _SHORT.maxlevel = 60, 60, 40, 3
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = 6


def check_scoring_work(work: int, players: int, upto: int) -> None:
    """KeizerError in one line when the standings of `players` over `upto` rounds may take longer than keizer
    answers in (`work`: the results they price at most, `scoring.work.worst_case_work`)."""
    if work > MAX_SCORING_WORK:
        raise KeizerError(f"{players:,} players over {upto} rounds are more than keizer scores in time (up to "
                          f"{work:,} results priced, at most {MAX_SCORING_WORK:,}: docs/performance.md); fewer "
                          f"rounds iterated (the ruleset's `iterate`) or a shorter season")


def alternatives_in_time(present: int) -> int:
    """The most alternative pairings found in time for a round with this many players present."""
    if present > MAX_ALTERNATIVES_FIELD:
        return 0
    return ALTERNATIVES_WORK // max(1, present) ** 2


def check_site_cells(players: int, k: int) -> None:
    """KeizerError in one line when a site of `players` ranked players after round k is more than keizer writes
    in time."""
    if players * k > MAX_SITE_CELLS:
        raise KeizerError(f"a site of {players:,} players after round {k} is more than keizer writes in time "
                          f"(players × rounds at most {MAX_SITE_CELLS:,}: docs/performance.md); `keizer notice` "
                          f"writes the week's notice as text")
