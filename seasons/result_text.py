"""The results a director types on the command line, one table for every command that takes one."""

from __future__ import annotations

from keizer.seasons.errors import InputError
from keizer.seasons.model import Result

TYPED_RESULTS: dict[str, Result] = {
    "1-0": Result.WHITE_WINS, "0-1": Result.BLACK_WINS,
    "=": Result.DRAW, "½-½": Result.DRAW, "1/2-1/2": Result.DRAW,
    "+-": Result.WHITE_FORFEIT_WIN, "-+": Result.BLACK_FORFEIT_WIN,
    "*": Result.PENDING, "pending": Result.PENDING,
}
"""What `keizer result`, `keizer group result` and `keizer group decide --game` take: the season file's own
form (docs/format.md) and the short ones typed at the board (`=` for a draw, `pending` for `*`)."""


def typed_result(text: str, where: str) -> Result:
    """The result `text` names; InputError naming `where` and listing every form otherwise."""
    result = TYPED_RESULTS.get(text.strip())
    if result is None:
        raise InputError(where, f"{text!r} is not a result: write one of {', '.join(TYPED_RESULTS)}")
    return result
