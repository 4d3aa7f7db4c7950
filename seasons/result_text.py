"""A game's result as a person writes it: typed on the command line, shown on a board, a printout or a page."""

from __future__ import annotations

from keizer.seasons.errors import InputError
from keizer.seasons.model import Result

SHOWN: dict[Result, str] = {
    Result.WHITE_WINS: "1-0", Result.BLACK_WINS: "0-1", Result.DRAW: "½-½",
    Result.WHITE_FORFEIT_WIN: "+ -", Result.BLACK_FORFEIT_WIN: "- +", Result.PENDING: "",
}
"""As the notice board writes it: a forfeit as "+ -"; a game without a result blank (a screen may mark it)."""

TYPED: dict[str, Result] = {
    "1-0": Result.WHITE_WINS, "0-1": Result.BLACK_WINS,
    "=": Result.DRAW, "½-½": Result.DRAW, "1/2-1/2": Result.DRAW,
    "+-": Result.WHITE_FORFEIT_WIN, "-+": Result.BLACK_FORFEIT_WIN,
    "*": Result.PENDING, "pending": Result.PENDING,
}
"""What `keizer result`, `keizer championship result` and `keizer championship decide --game` take: the season file's own
form (docs/format.md) and the short ones typed at the board (`=` for a draw, `pending` for `*`)."""


def typed_result(text: str, where: str = "result") -> Result:
    """The result `text` names; InputError naming `where` and listing every form otherwise."""
    result = TYPED.get(text.strip())
    if result is None:
        raise InputError(where, f"{text!r} is not a result: write one of {', '.join(TYPED)}")
    return result
