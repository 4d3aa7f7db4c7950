"""What the Pairing desk says: its title line, the line after a solve, the players a line names."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from keizer.seasons.numbers import counted
from keizer.seasons.rounds import complete_text
from keizer.evening.attendance import PLAN_MORE
from keizer.seasons.names import short

if TYPE_CHECKING:
    from keizer.seasons.model import PlayerId, Season
    from keizer.evening.desk import PairingDesk
    from keizer.evening.proposals import ProposalView
    from keizer.evening.solve import SolveOutcome

BYE_NAME = 20
"""The most of the bye's name the line saying what the solve found gives."""


def desk_title(desk: PairingDesk) -> str:
    """The Pairing screen's title: the round, then what it waits for (the first that holds, in this
    order: so each state is asked only when the ones before it do not hold), then the director's marks."""
    k = desk.round_number
    if k is None:
        return "Pairing"
    parts = [f"Round {k}"]
    if desk.proposals:
        parts.append(counted(len(desk.proposals), "proposal"))
        if desk.stale:
            parts.append("! the season changed since: r re-solves")
    elif desk.waiting():
        parts.append(f"{counted(len(desk.late), 'attendance change')} since the pairing was accepted: r re-pairs "
                     f"keeping the accepted boards")
    elif desk.saved_view() is not None:
        parts.append("paired and saved (r re-pairs, c clears)")
    elif (planned := desk.past_the_season()) is not None:
        parts.append(f"{complete_text(planned)} ({PLAN_MORE})")
    elif desk.failed:
        parts.append(f"✗ {desk.failed}")
    elif desk.pending_before():
        parts.append(f"! round {k - 1} has {counted(desk.pending_before(), 'game')} without a result: enter them "
                     f"on F4, or press r to pair anyway")
    if desk.locks:
        parts.append(f"{len(desk.locks)} locked")
    if desk.forbids:
        parts.append(f"{len(desk.forbids)} forbidden")
    return " — ".join(parts[:1]) + (": " + ", ".join(parts[1:]) if len(parts) > 1 else "")


def found_text(k: int, proposals: Sequence[ProposalView], outcome: SolveOutcome) -> str:
    """The line after a solve that found `proposals` (best first) for round k."""
    best = proposals[0]
    # short: at 80 columns the status line holds ~35 characters on each of its three lines; a long
    # name pushed "a accepts" out of it (the bye's row and w say the name whole)
    bye = f", bye {short(best.bye.name, BYE_NAME)}" if best.bye is not None else ""
    found = f"round {k}: {counted(len(best.games), 'board')}{bye}, best costs {best.objective}"
    if outcome.partial:
        return found + "; looking for alternatives…"
    if outcome.cancelled:
        return found + "; stopped looking for alternatives"
    others = len(proposals) - 1
    return found + (f", {counted(others, 'alternative')}" if others else "") + " — a accepts"


def names(season: Season, players: Iterable[PlayerId]) -> str:
    """The players' names joined with "and" (a pair: "Anna and Bert")."""
    return " and ".join(season.player(pid).name for pid in players)
