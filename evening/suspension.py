"""D art. 12 with tonight's mark: whether an attendance mark suspends a player or readmits them."""

from __future__ import annotations

from keizer.seasons.model import EntryKind, PlayerId
from keizer.seasons.store.events import SuspensionSet


def suspension_with(was: bool, pid: PlayerId, entry: EntryKind | None) -> tuple[tuple[SuspensionSet, ...], str]:
    """D art. 12 with tonight's mark (`was`: suspended before it): unexcused suspends, any other mark
    readmits a suspended player; the events and the words for the label."""
    if entry is EntryKind.UNEXCUSED and not was:
        return (SuspensionSet(player=pid, suspended=True),), ", suspended until they report back (D art. 12)"
    if entry is not EntryKind.UNEXCUSED and was:
        return (SuspensionSet(player=pid, suspended=False),), ", readmitted (D art. 12)"
    return (), ""
