"""History: undo and redo of the store's actions (one action = one undo step), the log that lists them, its
head, and a store checked whole (`keizer validate`)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from keizer.evening.session import EveningSession

if TYPE_CHECKING:
    from keizer.evening.desk.steps import Undone
    from keizer.seasons.store.chain import LogHead
    from keizer.seasons.store.log_rows import ActionInfo


def store_problems(path: str | os.PathLike[str]) -> tuple[str, ...]:
    """Every problem of the season store in `path` (none: it is sound), read without changing it: why it
    does not open, or what a check of the whole store finds (docs/format.md "What a checksum tells"), and once
    it is sound every ranking it keeps against a replay (derived data is never believed blind)."""
    from keizer.evening.kept_check import validate_kept_rankings
    from keizer.seasons.store.season_store import validate_store

    return validate_store(path) or validate_kept_rankings(path)


def head_problem(path: str | os.PathLike[str], head: str) -> tuple[str | None, str]:
    """Whether the log of the store in `path` still holds `head`, one kept outside it: (the problem, None when
    it does; what was found). KeizerError when `head` is no head, before the store is read."""
    from keizer.seasons.store.season_store import validate_head

    return validate_head(path, head)


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

    def actions(self) -> list[ActionInfo]:
        """Every action of the log, oldest first, with whether it is undone (`keizer log`); none for a season
        file."""
        history = getattr(self.session.store, "history", None)
        return history() if history is not None else []

    def head(self) -> LogHead | None:
        """The head of the log: its newest action and the digest that covers the whole log (None: a season
        file, or an older store that keeps no checksums until its first write)."""
        return self.session.store.log_head()

    @property
    def tampered(self) -> str | None:
        """What was changed outside keizer in the log of a store read `upto_valid` (None: nothing)."""
        return self.session.store.tampered

    def _step(self, undo: bool, expect_head: int | None) -> str | None:
        before = self.session.season_revision  # the desk's steps hold for the season, not for the records after it
        label = self.session.undo(expect_head) if undo else self.session.redo(expect_head)
        if label is not None and self.undone is not None:
            self.undone.store_stepped(before, self.session.season_revision, undo)
        return label
