"""D art. 12 with tonight's mark: whether an attendance mark suspends a player or readmits them."""

from __future__ import annotations

from keizer.seasons.model import EntryKind, PlayerId
from keizer.seasons.ruleset.texts import cite
from keizer.seasons.store.events import SuspensionSet


def suspension_with(was: bool, pid: PlayerId, entry: EntryKind | None, reported: bool = False,
                    regulations: str | None = None) -> tuple[tuple[SuspensionSet, ...], str]:
    """D art. 12 with tonight's mark (`was`: suspended before it): unexcused suspends, any other mark
    readmits a suspended player; the events and the words for the label.

    `reported`: the mark books an absence report. A report is a report, however late: art. 12 keeps a
    player off the pairing only "until he has reported" ("nadat hij zich bij de wedstrijdleider heeft
    gemeld"), so a report booked unexcused for coming too late (art. 16) suspends nobody, and readmits.
    `regulations`: the season's text, whose article is cited (none for a text without it)."""
    article = cite(regulations, "suspension")
    if entry is EntryKind.UNEXCUSED and not reported and not was:
        return (SuspensionSet(player=pid, suspended=True),), f", suspended until they report back{article}"
    if (entry is not EntryKind.UNEXCUSED or reported) and was:
        return (SuspensionSet(player=pid, suspended=False),), f", readmitted: reported{article}" if reported \
            else f", readmitted{article}"
    if entry is EntryKind.UNEXCUSED and reported:
        return (), f", not suspended: a late report is a report{article}"
    return (), ""
