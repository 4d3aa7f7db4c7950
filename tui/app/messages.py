"""What a screen tells the app: messages that bubble up, named for what happened (the app is never called)."""

from __future__ import annotations

from textual.message import Message
from textual.notifications import SeverityLevel


class Said(Message):
    """A screen told the director something: the app shows it (the status line; a toast unless it is
    plain information) and keeps it in `KeizerApp.said`."""

    def __init__(self, text: str, severity: SeverityLevel = "information") -> None:
        super().__init__()
        self.text = text
        """The message, one line."""
        self.severity: SeverityLevel = severity
        """"information", "warning" or "error"."""


class SeasonWritten(Message):
    """A screen wrote the season through the evening layer (one store action): the app says `label` and
    tells every screen (`KeizerApp.season_changed_signal`)."""

    def __init__(self, label: str) -> None:
        super().__init__()
        self.label = label
        """What was done, as the director reads it."""


class Faulted(Message):
    """An operation failed in a way no user's mistake explains (a bug, a solver's crash): the app keeps
    running, says so in one line and logs the traceback, as for a failed worker."""

    def __init__(self, what: str, error: Exception) -> None:
        super().__init__()
        self.what = what
        """What was being done, as the director reads it."""
        self.error = error
        """The exception, with its traceback."""


class Outdated(Message):
    """A write was refused because another session (a second terminal, a `keizer` command) changed the
    season after this app last showed it: the app shows the season as it is now and says that the
    director's change was not saved."""


class KeptRankingsRead(Message):
    """A screen drew a list in the order of a ranking read from the store that no replay has confirmed yet
    (`EveningSession.unconfirmed`): the app has the replay that follows confirm it, in a thread worker."""


class RankingsConfirmed(Message):
    """The replay that follows confirmed the kept rankings in use; `said`: those it replaced, in words (a table
    changed by hand), after which every list is drawn again."""

    def __init__(self, said: tuple[str, ...]) -> None:
        super().__init__()
        self.said = said
        """One line for each kept ranking replaced (none when each was confirmed)."""
