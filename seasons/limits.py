"""The bounds every season input is held to (docs/format.md "Limits"), and the checks of user text.

A number that passes here can be used by scoring and pairing without overflowing or running for
hours, and a text that passes here can be shown on a terminal without doing anything but showing.
"""

from __future__ import annotations

import reprlib
import unicodedata
from typing import Any

from keizer.seasons.errors import InputError

MAX_FILE_BYTES = 32 * 1024 * 1024
"""A season file (or a player list, a pairing file) larger than this is refused before it is read."""
MAX_PLAYERS = 100_000
"""Players in one season."""
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
