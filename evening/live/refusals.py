"""Why the live evening refuses a member's request: typed facts, each worded by the shell that answers
(`web/live/`: a page in the member's language; the TUI and the CLI for the director)."""

from __future__ import annotations

import enum

from keizer.seasons.errors import KeizerError
from keizer.seasons.model import Result


class Why(enum.Enum):
    """What stands in a request's way, in plain words (a shell says it its own way)."""

    NOT_TONIGHT = "there is no club evening now"
    """No round is played tonight: the season is complete, or tonight's round is dated another day."""
    NOT_OPEN = "the live evening does not take this here"
    """The server was started without --check-in or --results, or the season can only be read."""
    NO_TOKEN = "no code was given"
    WRONG_CODE = "the code is not right"
    SLOWED = "too many wrong codes: wait before trying again"
    CLOSED = "too many wrong codes: refused for the rest of the evening"
    ENDED = "the code is not tonight's, or the kiosk was switched off"
    USED = "the code was used already"
    NOT_PLAYING = "not playing in tonight's round"
    NOT_PAIRED = "tonight's round is not paired yet"
    NO_GAME = "there is no such board tonight"
    HAS_RESULT = "the director entered its result already"
    NOT_REPORTABLE = "only a game played is reported from the board (1-0, ½-½, 0-1)"
    OVER = "tonight's round has all its results"


class Refused(KeizerError):
    """A member's request refused, nothing written: `why`, and what the shell needs to say it."""

    def __init__(self, why: Why, detail: str = "", *, retry_after: int = 0, result: Result | None = None) -> None:
        super().__init__(why.value + (f" ({detail})" if detail else ""))
        self.why = why
        self.detail = detail
        """Names and numbers for the director's log (a board, a target); a page says no more than `why`."""
        self.retry_after = retry_after
        """SLOWED: the seconds until the next code is looked at."""
        self.result = result
        """HAS_RESULT: the result the director entered."""
