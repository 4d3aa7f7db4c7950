"""The errors a user's input can cause: each carries a one-line message that names what and where."""

from __future__ import annotations


class KeizerError(Exception):
    """A problem the user can fix; the command line prints it in one line and exits with code 2."""


class InputError(KeizerError):
    """Bad data at a named place: a JSON path (`rounds[3].games[2].result`) or a ruleset key."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message


class StoreError(KeizerError):
    """A season store that cannot be opened, is not a season, or refuses a change."""


class ChangedMeanwhile(StoreError):
    """A write computed from one state of the store, refused because another action came first."""


class SearchStopped(KeizerError):
    """The director stopped a search before it ended (esc): nothing was found or written."""
