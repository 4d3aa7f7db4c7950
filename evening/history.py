"""History: undo and redo of the store's actions (one action = one undo step)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from keizer.evening.session import EveningSession

if TYPE_CHECKING:
    from keizer.evening.desk.steps import Undone


class History:
    """ctrl+z / ctrl+y and `keizer undo`: the store's log walked back and forth."""

    def __init__(self, session: EveningSession, undone: Undone | None = None) -> None:
        self.session = session
        self.undone = undone
        """The desk's steps taken back (the evening's): ctrl+y brings them back in turn with the store's
        actions, so each undo and redo here is told to them."""

    def undo(self, expect_head: int | None = None) -> str | None:
        """Take back the last action (its label), or None when there is nothing to undo (`EveningSession.undo`;
        `expect_head`: a compare-and-set against the revision the caller saw, as `commit`)."""
        return self._step(undo=True, expect_head=expect_head)

    def redo(self, expect_head: int | None = None) -> str | None:
        """Do the last undone action again (its label), or None when there is nothing to redo."""
        return self._step(undo=False, expect_head=expect_head)

    def _step(self, undo: bool, expect_head: int | None) -> str | None:
        before = self.session.revision
        label = self.session.undo(expect_head) if undo else self.session.redo(expect_head)
        if label is not None and self.undone is not None:
            self.undone.store_stepped(before, self.session.revision, undo)
        return label
