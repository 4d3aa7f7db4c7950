"""One user action not written yet: what the undo list will call it and its events (a shell may show it
before it is saved)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from keizer.seasons.store.events import Event


@dataclass(frozen=True, slots=True)
class Change:
    """One user action not written yet: what the undo list will call it, and its events."""

    label: str
    """The action as the director reads it ("pairing of round 33 (21 boards, best)")."""
    events: tuple[Event, ...]
    """Written together in one transaction: one undo step."""
