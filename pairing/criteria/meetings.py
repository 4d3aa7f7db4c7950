"""Meetings (docs/rules.md §7, D art. 8–9): max_meetings, rematch_from_round, rematch_gap, bottom_region."""

from __future__ import annotations

from dataclasses import dataclass

from keizer.pairing.criteria.weights import BOTTOM_EXTRA, REMATCH_GAP_BASE, REMATCH_GAP_STEP
from keizer.pairing.history import Meeting
from keizer.seasons.ruleset.model import PairingRules


@dataclass(frozen=True, slots=True)
class MeetingTerms:
    """What one more game of a pair means under the meeting rules."""

    relax_max_meetings: int
    """Meetings beyond what the rules allow (a hard rule giving way)."""
    relax_rematch_round: int
    """1 when the pair met before and rematch_from_round has not come yet (a hard rule giving way)."""
    bottom_extra: int
    """Cost of the one extra meeting D art. 9 allows in the bottom region."""
    rematch_gap: int
    """Cost of meeting again within rematch_gap rounds."""


NO_MEETING = MeetingTerms(0, 0, 0, 0)


def meeting_terms(meetings: tuple[Meeting, ...], round_number: int, both_bottom: bool,
                  rules: PairingRules) -> MeetingTerms:
    if not meetings:
        return NO_MEETING
    return MeetingTerms(*meeting_costs(meetings, round_number, both_bottom, rules))


def meeting_costs(meetings: tuple[Meeting, ...], round_number: int, both_bottom: bool,
                  rules: PairingRules) -> tuple[int, int, int, int]:
    """`meeting_terms` as a plain tuple in its fields' order: the compiled model's fast path (every pair
    with a past of every round)."""
    count = len(meetings)
    if count == 0:
        return 0, 0, 0, 0
    # D art. 8: at most max_meetings games; D art. 9: one more for two players of the bottom region.
    allowed = rules.max_meetings + (1 if both_bottom and rules.bottom_region > 0 else 0)
    relax_max = max(0, count + 1 - allowed)
    bottom = BOTTOM_EXTRA if count + 1 > rules.max_meetings and relax_max == 0 else 0
    # D art. 8: "De 21ste ronde is de eerste ronde dat men voor de tweede maal dezelfde tegenstander kan treffen."
    early = rules.rematch_from_round is not None and round_number < rules.rematch_from_round
    # rematch_gap: at least `gap` rounds between two games of one pair (difference of round numbers).
    gap = 0
    if rules.rematch_gap is not None:
        since = round_number - meetings[-1].round
        if since < rules.rematch_gap:
            gap = REMATCH_GAP_BASE + REMATCH_GAP_STEP * (rules.rematch_gap - since)
    return relax_max, 1 if early else 0, bottom, gap


def reversed_white(meetings: tuple[Meeting, ...], rules: PairingRules) -> str | None:
    """Who must have white when the colours of a rematch are reversed (D art. 8), or None when free."""
    if not meetings or not rules.rematch_reverse_colours:
        return None
    return meetings[-1].black  # reversed relative to their last game
