"""What the pairing desk says after a solve: the boards, the bye, the cost and the alternatives found."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from keizer.seasons.numbers import counted
from keizer.seasons.names import short

if TYPE_CHECKING:
    from keizer.evening.desk.proposals import ProposalView
    from keizer.evening.desk.solve import SolveOutcome
    from keizer.pairing.alternatives import Alternative
    from keizer.pairing.proposal import Proposal

BYE_NAME = 20
"""The most of the bye's name the line saying what the solve found gives."""


def found_said(k: int, proposals: Sequence[ProposalView], outcome: SolveOutcome) -> str:
    """The line after a solve that found `proposals` (best first) for round k."""
    best = proposals[0]
    # short: at 80 columns the status line is one line of 78 characters, "— a accepts" after this; a long
    # name pushed it out (the bye's row and w say the name whole). The cost is on the proposal itself.
    bye = f", bye {short(best.bye.name, BYE_NAME)}" if best.bye is not None else ""
    found = f"round {k}: {counted(len(best.games), 'board')}{bye}"
    if outcome.partial:
        return found + "; looking for alternatives…"
    if outcome.cancelled:
        return found + "; stopped looking for alternatives"
    others = len(proposals) - 1
    return found + (f", {counted(others, 'alternative')}" if others else "")


def cost_line(proposal: Proposal) -> str:
    """"Cost: …": a proposal's cost in words, as the Pairing screen says it (the objective's integer is in
    `keizer pair --json`)."""
    from keizer.pairing.compare import cost_words

    return "Cost: " + cost_words(proposal.real_cost, proposal.criteria).removeprefix("cost ")


def behind_the_best(alternative: Alternative, best: Proposal) -> str:
    """Why an alternative comes after the best, in the order the tiers decide (docs/pairing.md)."""
    from keizer.pairing.compare import Comparison

    return Comparison.of(alternative.proposal, best).behind_the_best()
