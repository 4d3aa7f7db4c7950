"""The pairing desk's own steps: the director's edits and marks, taken back with ctrl+z and brought back with ctrl+y."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from keizer.seasons.model import EntryKind, PlayerId

if TYPE_CHECKING:
    from keizer.pairing.history import Pair
    from keizer.evening.desk.proposals import ProposalView


@dataclass(frozen=True, slots=True)
class DeskEdit:
    """A lock, forbid or swap on the desk, with the desk on one side of it (before it on the undo stack,
    after it on the redo stack): what taking it back or bringing it back restores."""

    what: str
    """The edit in words ("the lock of Anna and Bert")."""
    locks: frozenset[Pair]
    """The desk's locks on that side of the edit."""
    forbids: frozenset[Pair]
    """The desk's forbids on that side of the edit."""
    proposals: tuple[ProposalView, ...]
    """The desk's proposals on that side of the edit (a swap puts a hand-made one first)."""
    made_at: int
    """The store head those proposals were made from."""


@dataclass(frozen=True, slots=True)
class MarkStep:
    """A latecomer mark taken back: the marks as it left them, which bringing it back restores."""

    late: tuple[tuple[PlayerId, EntryKind | None], ...]
    """The marks after the mark (`late_marks.Marks` as items, in id order)."""


@dataclass
class Undone:
    """The desk's steps taken back, newest last, for ctrl+y to bring back in the reverse order, in turn with
    the store's actions ctrl+z took back in between (an editor's redo across the desk and the store).

    Mutable on purpose: the desk's working state, never saved."""

    steps: list[tuple[DeskEdit | MarkStep, int]] = field(default_factory=list)
    """Each step with the number of store actions undone after it was taken back: ctrl+y redoes those first."""
    at: int = 0
    """The store head the steps hold for: any other change of the store (a new action, another process's)
    forgets them, as a new action makes an editor forget what it could redo."""

    def forget(self) -> None:
        self.steps.clear()

    def live(self, revision: int) -> bool:
        """Whether steps wait to be brought back at this store head (the ones of another are forgotten)."""
        if self.steps and self.at != revision:
            self.steps.clear()
        return bool(self.steps)

    def push(self, step: DeskEdit | MarkStep, revision: int) -> None:
        """A step ctrl+z took back at store head `revision`."""
        self.live(revision)
        self.steps.append((step, 0))
        self.at = revision

    def store_stepped(self, before: int, after: int, undo: bool) -> None:
        """The store's undo (or redo) took it from head `before` to `after`: an undo lies over the newest
        step, to be redone before it; a redo out of that order forgets the steps."""
        if not self.live(before):
            return
        step, stores = self.steps[-1]
        if not undo and not stores:
            self.steps.clear()
            return
        self.steps[-1] = (step, stores + 1 if undo else stores - 1)
        self.at = after

    def next(self, revision: int) -> DeskEdit | MarkStep | None:
        """The step ctrl+y brings back now, taken off the stack; None when there is none, or when a store
        action taken back after it is to come back first."""
        if not self.live(revision) or self.steps[-1][1]:
            return None
        return self.steps.pop()[0]


@dataclass
class DeskSteps:
    """The desk's undo and redo stacks (they are not store actions).

    Mutable on purpose: the desk's working state, never saved."""

    edits: list[DeskEdit] = field(default_factory=list)
    """The director's edits on the desk (lock, forbid, swap), newest last, each with the desk as it was
    before: ctrl+z on the Pairing screen takes these back first."""
    late_steps: list[dict[PlayerId, EntryKind | None]] = field(default_factory=list)
    """The marks as they were before each of the director's marks, newest last: ctrl+z takes the newest
    mark back while nothing was saved since (`PairingDesk.take_back_late`), not the accepted pairing the
    marks wait on."""
    late_at: int = 0
    """The store head when the newest mark was made (or brought back)."""
    undone: Undone = field(default_factory=Undone)
    """The edits and marks taken back, for ctrl+y (`PairingDesk.redo`); a new edit or mark forgets them."""

    def marked(self, before: dict[PlayerId, EntryKind | None], revision: int) -> None:
        """A new mark at store head `revision` (the marks were `before`): what was taken back is forgotten,
        as a new action makes redo forget; the edits too (their proposals were for the attendance before)."""
        self.late_steps.append(dict(before))
        self.late_at = revision
        self.undone.forget()
        self.edits.clear()

    def take_back_mark(self, after: dict[PlayerId, EntryKind | None],
                       revision: int) -> dict[PlayerId, EntryKind | None] | None:
        """The marks before the newest mark (`after`: the marks now), which goes on the redo stack; None when
        no mark was made, or something was saved since it (then ctrl+z undoes that)."""
        if not self.late_steps or self.late_at != revision:
            return None
        self.undone.push(MarkStep(tuple(sorted(after.items()))), revision)
        self.edits.clear()
        return self.late_steps.pop()

    def bring_back_mark(self, step: MarkStep, before: dict[PlayerId, EntryKind | None],
                        revision: int) -> dict[PlayerId, EntryKind | None]:
        """The marks with a mark taken back brought back (`before`: the marks now, which ctrl+z restores)."""
        self.late_steps.append(dict(before))
        self.late_at = revision
        self.edits.clear()
        return dict(step.late)

    def clear(self) -> None:
        self.edits.clear()
        self.late_steps.clear()
        self.undone.forget()
