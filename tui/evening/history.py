"""History: undo and redo of the store's actions (one action = one undo step)."""

from __future__ import annotations

from tui.evening.session import EveningSession


class History:
    """ctrl+z / ctrl+y and `keizer undo`: the store's log walked back and forth."""

    def __init__(self, session: EveningSession) -> None:
        self.session = session

    def undo(self) -> str | None:
        """Take back the last action (its label), or None when there is nothing to undo (`EveningSession.undo`)."""
        return self.session.undo()

    def redo(self) -> str | None:
        """Do the last undone action again (its label), or None when there is nothing to redo."""
        return self.session.redo()
