"""Meetings (docs/rules.md §7, D art. 8–9): max_meetings, rematch_from_round, rematch_gap, bottom_region."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

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
    relax_max = meetings_beyond(count, both_bottom, rules)
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


def meetings_beyond(count: int, both_bottom: bool, rules: PairingRules) -> int:
    """How many meetings beyond what the rules allow one more game of a pair that met `count` times is."""
    # D art. 8: at most max_meetings games; D art. 9: one more for two players of the bottom region.
    allowed = rules.max_meetings + (1 if both_bottom and rules.bottom_region > 0 else 0)
    return max(0, count + 1 - allowed)


def meeting_cost_columns(count: np.ndarray, last_round: np.ndarray, both_bottom: np.ndarray, round_number: int,
                         rules: PairingRules) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """`meeting_costs` of many pairs that met at least once, as int64 columns in its order (relax_max_meetings,
    relax_rematch_round, bottom_extra, rematch_gap): the compiled model prices every pair with a past of a
    round at once. `count`: their meetings so far; `last_round`: the round of the last one; `both_bottom`:
    both in the bottom region. The same rules, line for line (a test holds the two to every case)."""
    count = count.astype(np.int64, copy=False)
    allowed = rules.max_meetings + (both_bottom.astype(np.int64) if rules.bottom_region > 0 else 0)
    relax_max = np.maximum(0, count + 1 - allowed)
    bottom = ((count >= rules.max_meetings) & (relax_max == 0)) * BOTTOM_EXTRA  # one more than max_meetings
    early = np.zeros(count.size, dtype=np.int64)
    if rules.rematch_from_round is not None and round_number < rules.rematch_from_round:
        early += 1
    gap = np.zeros(count.size, dtype=np.int64)
    if rules.rematch_gap is not None:
        since = round_number - last_round.astype(np.int64, copy=False)
        gap = np.where(since < rules.rematch_gap, REMATCH_GAP_BASE + REMATCH_GAP_STEP * (rules.rematch_gap - since), 0)
    return relax_max, early, bottom.astype(np.int64, copy=False), gap.astype(np.int64, copy=False)


def reversed_white(meetings: tuple[Meeting, ...], rules: PairingRules) -> str | None:
    """Who must have white when the colours of a rematch are reversed (D art. 8), or None when free."""
    if not meetings or not rules.rematch_reverse_colours:
        return None
    return meetings[-1].black  # reversed relative to their last game
