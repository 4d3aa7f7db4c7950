"""The undo/redo stack read from the action log: which actions are in effect and the season they fold to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from keizer.seasons.errors import KeizerError
from keizer.seasons.limits import describe
from keizer.seasons.model import Season
from keizer.seasons.store.events import Event, SeasonCreated


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One row of the `actions` table."""

    id: int
    """Grows with every action: the log's order."""
    label: str
    """What the user did, in their words ("result board 3", "import")."""
    kind: str
    """"do" (carries events), "undo" or "redo"."""
    target: int | None
    """For undo and redo: the "do" action taken back or brought back."""
    at: str
    """When, ISO 8601 in UTC."""

    def as_tuple(self) -> tuple[int, str, str, int | None, str]:
        """The row as stored, in column order (what its checksum covers)."""
        return (self.id, self.label, self.kind, self.target, self.at)


class LogError(Exception):
    """The log does not read as a valid history (its message says at which action and why)."""


class Timeline:
    """The log's meaning, grown row by row: the stack of effective "do" actions with the season after
    each (so an undo is a pop), and the stack of undone ones that a redo can bring back.

    Mutable on purpose: it mirrors a log that only grows, and is never written back.
    """

    def __init__(self, check: bool = False) -> None:
        self.check = check
        """Apply every event with the checks of a write (`Event.apply`), not just `replay` it."""
        self.rows: list[ActionRow] = []
        """Every action so far, in log order."""
        self.effective: list[int] = []
        """Ids of the "do" actions in effect, oldest first; the first is the season's creation."""
        self.states: list[Season] = []
        """states[i]: the season after effective[i]."""
        self.redo_stack: list[int] = []
        """Ids of undone actions a redo can bring back, the most recently undone last."""
        self.records: set[int] = set()
        """Ids of the actions in effect that only record something done beside the season (`published`: a
        site written from a state of the log; a check-in at the door, a report from a board: `Event.record`).
        They change nothing, so undo and redo pass them by: an undo takes back the newest change under them,
        and they stay in effect (docs/evening.md)."""
        self.last_change = 0
        """The newest action that changed the season (any but a record: an undo and a redo are changes): the
        season is the same at every action from it to `head`."""
        self._by_id: dict[int, ActionRow] = {}

    @property
    def head(self) -> int:
        return self.rows[-1].id if self.rows else 0

    @property
    def season(self) -> Season:
        return self.states[-1]

    @property
    def undo_target(self) -> ActionRow | None:
        """The action an undo takes back: the newest in effect that is not a record (`records`); the creation
        of the season cannot be undone."""
        for aid in reversed(self.effective[1:]):
            if aid not in self.records:
                return self._by_id[aid]
        return None

    @property
    def redo_target(self) -> ActionRow | None:
        return self._by_id[self.redo_stack[-1]] if self.redo_stack else None

    def row(self, action_id: int) -> ActionRow | None:
        return self._by_id.get(action_id)

    def extend(self, rows: Iterable[ActionRow], events_of: Callable[[int], Sequence[Event]]) -> None:
        """Take in the next rows of the log; `events_of(id)` gives a "do" action's events."""
        for row in rows:
            if row.id <= self.head:
                raise LogError(f"action {row.id} comes after action {self.head}")
            self._step(row, events_of)
            self.rows.append(row)
            self._by_id[row.id] = row

    def _step(self, row: ActionRow, events_of: Callable[[int], Sequence[Event]]) -> None:
        if row.kind == "do":
            events = events_of(row.id)
            if not self.effective and not (events and isinstance(events[0], SeasonCreated)):
                raise LogError(f"action {row.id} ({describe(row.label)}): the log must start with the season's "
                               f"creation")
            self._push(row, events)
            if row.id not in self.records:  # a new change makes the undone ones unreachable; a record does not
                self.redo_stack.clear()
                self.last_change = row.id
        elif row.kind == "undo":
            top = self.undo_target
            # A log written before records were passed by undid the newest action, a record too: still read.
            allowed = {top.id} if top is not None else set()
            allowed |= {self.effective[-1]} if len(self.effective) > 1 else set()
            target = row.target
            if target is None or target not in allowed:
                raise LogError(f"action {row.id} undoes action {row.target}, which is not the latest in effect")
            at = self.effective.index(target)
            del self.effective[at]
            del self.states[at]
            # Only records came after it (`undo_target`): they changed nothing, so their season is the one before.
            self.states[at:] = [self.states[at - 1]] * (len(self.states) - at)
            self.records.discard(target)
            self.redo_stack.append(target)
            self.last_change = row.id
        elif row.kind == "redo":
            again = self.redo_target
            if again is None or again.id != row.target:
                raise LogError(f"action {row.id} redoes action {row.target}, which is not the latest undone")
            self.redo_stack.pop()
            self._push(again, events_of(again.id))
            self.last_change = row.id
        else:
            raise LogError(f"action {row.id} has unknown kind {row.kind!r}")

    def _push(self, row: ActionRow, events: Sequence[Event]) -> None:
        if not events:
            raise LogError(f"action {row.id} ({describe(row.label)}) has no events")
        season = self.states[-1] if self.states else None
        try:
            for event in events:
                season = event.apply(season) if self.check else event.replay(season)
        except KeizerError as exc:
            raise LogError(f"action {row.id} ({describe(row.label)}) does not apply: {exc}") from None
        assert season is not None  # events is not empty
        self.effective.append(row.id)
        self.states.append(season)
        if all(e.record for e in events):
            self.records.add(row.id)
